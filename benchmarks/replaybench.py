"""replaybench.py: one bot kernel timed alone, on states recorded from real games.

    python benchmarks/replaybench.py record KERNEL SIDE GAMES OUT.npz
        numba off: plays GAMES games of the bench's workload on SIDE, saving every call's
        inputs (the state the kernel reads) and what it returned
    python benchmarks/replaybench.py run KERNEL OUT.npz [ROUNDS [RESULTS.npz]]
        compiled: replays every recorded call, checks each result against the recording
        (and bit for bit against RESULTS.npz when given: the first run that names it writes
        it), and prints ns per call

KERNEL: `search` (journeys.search_province, Province only: its value and plan) or `reroll`
(heuristic.reroll: the decision, prep_round included when it is the player's first of the
round).

A whole-game A/B reads about +-2% of a game; a kernel that is a fifth of a game must move by
10% to show there.  Here the kernel runs alone over many distinct states in a row (the branch
predictor cannot learn one).  Before each call the state is restored (the board, the piles
and the calling player's rows); the same loop without the call is timed as the baseline and
taken off.  Compare two checkouts by running each (PYTHONPATH=tree, `taskset -c 1`),
alternating, naming the same RESULTS file: the second must return exactly what the first did.
Read the min-based figure; two runs of one tree read within about 5% here.  Against the
recording (numba off) a float may differ in its last bit (a float raised to a whole power is
repeated squaring compiled, pow() with numba off: ktables.int_power), so there a search's
value is compared within 1e-9.  REPLAYBENCH_TIME_ANYWAY=1 times a probe that changes results.
"""
import os
import sys
import time

import numpy as np

GLOBAL = ("g", "sd", "bd", "cd")                        # restored whole
PLAYER = ("pl", "pc", "ps", "pd", "bot", "bp")     # restored for the calling player


def _target(kernel: str):
    """(module, attribute) of the kernel: its callers look it up there (so `record`, numba
    off, can wrap it), and `run` calls it."""
    if kernel == "search":
        import glowsim.fast.bots.journeys as J
        return J, "search_province"
    if kernel == "reroll":
        import glowsim.fast.bots.heuristic as H
        return H, "reroll"
    sys.exit(f"replaybench.py: KERNEL must be search or reroll, not {kernel!r}")


def record(kernel: str, side: str, games: int, out: str) -> None:
    os.environ["NUMBA_DISABLE_JIT"] = "1"
    from glowsim.content import load_game
    from glowsim.bench import workload_match
    from glowsim.fast import play_block
    from glowsim.fast.bots.journeys import MAXDEPTH

    mod, name = _target(kernel)
    inner = getattr(mod, name)
    snaps = {f: [] for f in GLOBAL + PLAYER}
    seats, results = [], []

    def wrapped(K, S, p):
        for f in GLOBAL:
            snaps[f].append(getattr(S, f).copy())
        for f in PLAYER:
            snaps[f].append(getattr(S, f)[p].copy())
        seats.append(p)
        r = inner(K, S, p)
        if kernel == "search":
            bot = S.bot[p]
            n = int(bot.nplan)
            row = np.full(3 + 2 * MAXDEPTH, -9.0)   # value, plan length, its end, its steps
            row[0], row[1], row[2] = r, n, bot.planend
            row[3:3 + 2 * n] = bot.plan[:2 * n]
        else:
            row = np.array([float(x) for x in r])
        results.append(row)
        return r

    setattr(mod, name, wrapped)
    play_block(load_game(), workload_match(side, "heuristic"), 1, 0, games, workers=1, tables=())
    np.savez(out, kernel=kernel, seat=np.array(seats, np.int64), result=np.array(results),
             **{f: np.array(v) for f, v in snaps.items()})
    print(f"{len(seats)} calls of {kernel} from {games} {side} games -> {out}")


def _replay_function(kernel: str):
    from numba import njit

    call = getattr(*_target(kernel))
    is_search = kernel == "search"

    @njit
    def replay(K, S, seat, g, sd, bd, cd, pl, pc, ps, pd, bot, bp, on, out):
        for i in range(seat.shape[0]):
            p = seat[i]
            S.g[:] = g[i]
            S.sd[:] = sd[i]
            S.bd[:] = bd[i]
            S.cd[:] = cd[i]
            S.pl[p] = pl[i]
            S.pc[p] = pc[i]
            S.ps[p] = ps[i]
            S.pd[p] = pd[i]
            S.bot[p] = bot[i]
            S.bp[p] = bp[i]
            if on:
                r = call(K, S, p)
                if is_search:
                    out[i, 0] = r
                    m = S.bot[p].nplan
                    out[i, 1] = m
                    out[i, 2] = S.bot[p].planend
                    for k in range(2 * m):
                        out[i, 3 + k] = S.bot[p].plan[k]
                else:
                    for k in range(6):
                        out[i, k] = r[k]
        return 0

    return replay


def run(kernel: str, path: str, rounds: int, results: str = "") -> None:
    from glowsim.content import load_game
    from glowsim.fast.play import ktables
    from glowsim.fast.game.loop import alloc_state
    from glowsim.fast.kernel.state import MAXP, NMT

    d = np.load(path)
    if str(d["kernel"]) != kernel:
        sys.exit(f"replaybench.py: {path} holds calls of {d['kernel']}, not {kernel}")
    arrays = {f: np.ascontiguousarray(d[f]) for f in GLOBAL + PLAYER}
    seat, want = d["seat"], d["result"]
    n = len(seat)
    K = ktables(load_game())
    S = alloc_state(arrays["cd"].shape[2], 64, 64, 64, np.zeros(NMT, np.int64),
                    np.tile(arrays["bp"][0], (MAXP, 1)))
    replay = _replay_function(kernel)
    args = [arrays[f] for f in GLOBAL + PLAYER]
    out = np.full(want.shape, -9.0)
    for on in (True, False):   # compile both ways
        replay(K, S, seat, *args, on, out)
    if kernel == "search":   # the value within 1e-9 (module docstring), the plan exactly
        bad = (np.abs(out[:, 0] - want[:, 0]) > 1e-9) | (out[:, 1:] != want[:, 1:]).any(axis=1)
    else:
        bad = (out != want).any(axis=1)
    if results and os.path.exists(results):
        bad = (out != np.load(results)["result"]).any(axis=1)
    elif results:
        np.savez(results, result=out)
    bad = np.flatnonzero(bad)
    if len(bad):
        i = bad[0]
        print(f"MISMATCH in {len(bad)} of {n} calls; first {i}: {out[i][:8]} against {want[i][:8]}")
        if not os.environ.get("REPLAYBENCH_TIME_ANYWAY"):
            sys.exit(1)
    t = {True: [], False: []}
    for _ in range(rounds):
        for on in (True, False):
            t0 = time.perf_counter()
            replay(K, S, seat, *args, on, out)
            t[on].append(time.perf_counter() - t0)
    best = (min(t[True]) - min(t[False])) / n * 1e9
    med = (float(np.median(t[True])) - float(np.median(t[False]))) / n * 1e9
    print(f"{n} calls of {kernel}{'' if len(bad) else ', every result as recorded'}: {best:.0f} ns "
          f"each (min-based; median-based {med:.0f}); restore alone {min(t[False]) / n * 1e9:.0f} ns")


if __name__ == "__main__":
    if len(sys.argv) < 4 or sys.argv[1] not in ("record", "run"):
        sys.exit(__doc__)
    if sys.argv[1] == "record":
        record(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5])
    else:
        run(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 20,
            sys.argv[5] if len(sys.argv) > 5 else "")
