"""searchbench.py: the Province search timed alone, on states recorded from real games.

    searchbench.py record GAMES OUT.npz   (numba off: plays GAMES Province games of the
                                           bench's workload, saving every search's inputs
                                           and what it found)
    searchbench.py run OUT.npz [ROUNDS [RESULTS.npz]]
                                          (compiled: replays every recorded search, checks
                                           each result against the recording, prints ns per
                                           search; with RESULTS.npz, checks the compiled
                                           results bit for bit against that file, written by
                                           the first run that names it)

A whole-game A/B reads about +-2% of a game, and the search is about a fifth of a Province
game, so a change to the search must move it by 10% to show there.  Here the search runs
alone, many distinct states in a row (the branch predictor cannot learn one), so a few
percent of the search shows.  Each state is restored before its search (the player's rows
and the board), and the same loop without the search is timed as the baseline; the search's
time is the difference.  Run it on two checkouts (PYTHONPATH=tree) to compare them, naming the
same RESULTS file: the second checkout's searches must find exactly what the first one's did.
Against the recording (numba off) a value may differ in its last bit (a float raised to a
whole power is repeated squaring compiled, pow() with numba off: ktables.int_power), so there
the plans must match and the values within 1e-9.
"""
import os
import sys
import time

import numpy as np

FIELDS = ("g", "pl", "pc", "ps", "pd", "sd", "bd", "bf", "bi", "bp")
PLAYER = ("pl", "pc", "ps", "pd", "bf", "bi", "bp")   # restored for the searching player only


def record(games: int, out: str) -> None:
    os.environ["NUMBA_DISABLE_JIT"] = "1"
    from glowsim.content import load_game
    from glowsim.fast.api import play_block
    from glowsim.fast.bench import _match
    import glowsim.fast.bots.journeys as J
    from glowsim.fast.bots.values import BI_NPLAN, BI_PLAN, BI_PLANEND

    snaps = {f: [] for f in FIELDS}
    seats, vals, plans = [], [], []
    inner = J.search_province

    def wrapped(K, S, p):
        for f in FIELDS:
            snaps[f].append(getattr(S, f).copy())
        seats.append(p)
        v = inner(K, S, p)
        vals.append(v)
        n = int(S.bi[p, BI_NPLAN])
        plan = np.full(2 * 24 + 2, -9, np.int64)
        plan[0] = n
        plan[1] = S.bi[p, BI_PLANEND]
        plan[2:2 + 2 * n] = S.bi[p, BI_PLAN:BI_PLAN + 2 * n]
        plans.append(plan)
        return v

    J.search_province = wrapped
    play_block(load_game(), _match("province", "heuristic"), 1, 0, games, workers=1, tables=())
    np.savez(out, seat=np.array(seats, np.int64), value=np.array(vals), plan=np.array(plans),
             **{f: np.array(snaps[f]) for f in FIELDS})
    print(f"{len(seats)} searches from {games} games -> {out}")


def run(path: str, rounds: int, results: str = "") -> None:
    from numba import njit
    from glowsim.content import load_game
    from glowsim.fast.api import ktables
    from glowsim.fast.bots.journeys import search_province
    from glowsim.fast.bots.values import BI_NPLAN, BI_PLAN, BI_PLANEND
    from glowsim.fast.game import alloc_state
    from glowsim.fast.state import NMT

    d = np.load(path)
    K = ktables(load_game())
    seat = d["seat"]
    n = len(seat)
    S = alloc_state(8, 64, 64, 64, np.zeros(NMT, np.int64), d["bp"][0].copy())

    @njit
    def replay(K, S, seat, g, sd, bd, pl, pc, ps, pd, bf, bi, bp, search, vals, plans):
        tot = 0.0
        for i in range(seat.shape[0]):
            p = seat[i]
            S.g[:] = g[i]
            S.sd[:] = sd[i]
            S.bd[:] = bd[i]
            S.pl[p] = pl[i]
            S.pc[p] = pc[i]
            S.ps[p] = ps[i]
            S.pd[p] = pd[i]
            S.bf[p] = bf[i]
            S.bi[p] = bi[i]
            S.bp[p] = bp[i]
            if search:
                v = search_province(K, S, p)
                tot += v
                vals[i] = v
                m = S.bi[p, BI_NPLAN]
                plans[i, 0] = m
                plans[i, 1] = S.bi[p, BI_PLANEND]
                for k in range(2 * m):
                    plans[i, 2 + k] = S.bi[p, BI_PLAN + k]
        return tot

    # the searching player's rows only, in one compact array per field (what is streamed
    # through the cache per search)
    rows = np.arange(n)
    args = [np.ascontiguousarray(d[f]) for f in ("g", "sd", "bd")]
    args += [np.ascontiguousarray(d[f][rows, seat]) for f in PLAYER]
    vals = np.zeros(n)
    plans = np.full(d["plan"].shape, -9, np.int64)
    for search in (True, False):   # compile both ways
        replay(K, S, seat, *args, search, vals, plans)
    bad = np.flatnonzero((np.abs(vals - d["value"]) > 1e-9) | (plans != d["plan"]).any(axis=1))
    if results and os.path.exists(results):
        r = np.load(results)
        bad = np.flatnonzero((vals != r["value"]) | (plans != r["plan"]).any(axis=1))
    elif results:
        np.savez(results, value=vals, plan=plans)
    if len(bad):
        i = bad[0]
        print(f"MISMATCH in {len(bad)} of {n} searches; first {i}: value {vals[i]!r} against "
              f"{d['value'][i]!r}, plan {plans[i][:12]} against {d['plan'][i][:12]}")
        if not os.environ.get("SEARCHBENCH_TIME_ANYWAY"):   # a probe that changes results
            sys.exit(1)
    t = {True: [], False: []}
    for _ in range(rounds):
        for search in (True, False):
            t0 = time.perf_counter()
            replay(K, S, seat, *args, search, vals, plans)
            t[search].append(time.perf_counter() - t0)
    best = {k: min(v) for k, v in t.items()}
    med = {k: float(np.median(v)) for k, v in t.items()}
    per = (med[True] - med[False]) / n * 1e9
    print(f"{n} searches, all results as recorded; search {per:.0f} ns each (median of {rounds} "
          f"rounds; min-based {(best[True] - best[False]) / n * 1e9:.0f}); restore alone "
          f"{med[False] / n * 1e9:.0f} ns")


if __name__ == "__main__":
    if sys.argv[1] == "record":
        record(int(sys.argv[2]), sys.argv[3])
    else:
        run(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 20,
            sys.argv[4] if len(sys.argv) > 4 else "")
