"""analyze.py: what a rollout of `glowsim analyze` costs in the reference engine and in the fast
path, on the same positions in one run.

    analyze.py [ROLLOUTS] [REFERENCE_ROLLOUTS] [BOT]

Positions: a 4-player game of BOT (default expert) at every seat, Province, seed 1, cut at a
recruit pick of round 2 and at the first reroll of round 3 with the most options.  Each is
analysed by the reference engine with REFERENCE_ROLLOUTS rollouts per option (default 10)
and by the fast path with ROLLOUTS (default 200; the compile, or the cache's load, is done
first and not timed), both on one core (workers 1).  Prints per engine the milliseconds per
rollout (one option played once from its redrawn world; wall and CPU time of the process) and
the speedup, then the time of the whole fast analysis (every option x ROLLOUTS).
"""
import sys
import time

from glowsim.content import load_game
from glowsim.engine import play_game
from glowsim.position import analyze_state, record_state, resolve_bot
from glowsim.spec import decisions as D


def timed(fn):
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - w, time.process_time() - c


def positions(content, bot):
    """(name, state, key) of the benchmark's two decisions."""
    rec = play_game(content, 4, "province", bots=[resolve_bot(bot)] * 4, root_seed=1).record
    recruit = next(k for k, r in enumerate(rec.decisions) if r[1] == D.RECRUIT
                   and record_state(content, rec, k, bot)[0].round == 2)
    best, reroll = -1, None
    for k, r in enumerate(rec.decisions):
        if r[1] != D.REROLL or rec.decisions[k - 1][1] == D.REROLL:
            continue
        s, _ = record_state(content, rec, k, bot)
        if s.round == 3 and len(s.legal_decisions()) > best:
            best, reroll = len(s.legal_decisions()), k
        s.close()
    out = []
    for name, k in (("recruit pick, round 2", recruit), ("first reroll, round 3", reroll)):
        state, key = record_state(content, rec, k, bot)
        out.append((f"{name} (decision {k})", state, key))
    return out


def main(rollouts: int, ref_rollouts: int, bot: str) -> None:
    content = load_game()
    found = positions(content, bot)
    analyze_state(found[0][1], bot=bot, rollouts=2, seed=0, key=found[0][2], engine="fast")
    for name, state, key in found:
        ref, rw, rc = timed(lambda: analyze_state(state, bot=bot, rollouts=ref_rollouts, seed=1,
                                                  key=key, engine="reference"))
        fast, fw, fc = timed(lambda: analyze_state(state, bot=bot, rollouts=rollouts, seed=1,
                                                   key=key, engine="fast"))
        k = len(fast.table)
        r_ms, f_ms = rw / ref.wins.size * 1e3, fw / fast.wins.size * 1e3
        print(f"{name}: {k} options, {bot} at every seat")
        print(f"  reference engine: {r_ms:.2f} ms a rollout wall, "
              f"{rc / ref.wins.size * 1e3:.2f} ms CPU ({ref.wins.size} rollouts)")
        print(f"  fast path:        {f_ms:.3f} ms a rollout wall, "
              f"{fc / fast.wins.size * 1e3:.3f} ms CPU ({fast.wins.size} rollouts)")
        print(f"  speedup: {r_ms / f_ms:.0f}x wall, {(rc / ref.wins.size) / (fc / fast.wins.size):.0f}x "
              f"CPU; the whole fast analysis ({k} options x {rollouts} rollouts): {fw:.2f} s")


if __name__ == "__main__":
    a = sys.argv[1:]
    main(int(a[0]) if a else 200, int(a[1]) if len(a) > 1 else 10, a[2] if len(a) > 2 else "expert")
