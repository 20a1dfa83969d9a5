"""gamestate.py: what the forward model (glowsim.engine.GameState) costs.

    gamestate.py [GAMES]

Plays GAMES random legal 4-player games (both sides in turn) through a GameState, applying a
decision drawn from a numpy generator at every decision (no clones), and the same games with
``play_game``'s random bots (the same engine without the pauses) for comparison; then the cost
of a clone and of a resample_hidden at several decisions of one game. Times are CPU seconds of
the process (the engine thread's included) and wall seconds.
"""
import sys
import time

import numpy as np

from glowsim import seeding as S
from glowsim.content import load_game
from glowsim.engine import GameState, play_game


def timed(fn):
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - w, time.process_time() - c


def random_game(content, g):
    s = GameState(content, 4, ("province", "archipelago")[g % 2], root_seed=1, game_index=g)
    rng = np.random.default_rng(g)
    n = 0
    while not s.is_terminal:
        legal = s.legal_decisions()
        s.apply(legal[int(rng.integers(len(legal)))])
        n += 1
    return n


def main(games: int) -> None:
    content = load_game()
    random_game(content, 10_000)   # warm up (imports, tables)
    decisions, wall, cpu = 0, 0.0, 0.0
    for g in range(games):
        n, w, c = timed(lambda: random_game(content, g))
        decisions, wall, cpu = decisions + n, wall + w, cpu + c
    print(f"random legal 4-player game through GameState: {wall / games * 1000:.0f} ms wall, "
          f"{cpu / games * 1000:.0f} ms CPU a game ({decisions / games:.0f} decisions, "
          f"{wall / decisions * 1e6:.0f} us a decision)")
    _, w, c = timed(lambda: [play_game(content, 4, ("province", "archipelago")[g % 2],
                                       bots=["random"] * 4, root_seed=1, game_index=g)
                             for g in range(games)])
    print(f"play_game, random bots, the same engine unpaused: {w / games * 1000:.0f} ms wall a game")
    s = GameState(content, 4, "province", bots=["random"] * 4, root_seed=2)
    rows = []
    for k in (0, 50, 100, 200, 300):
        s.play_bots(max_decisions=k - len(s.record.decisions))
        if s.is_terminal:
            break
        reps = 10
        _, w, _ = timed(lambda: [s.clone().close() for _ in range(reps)])
        _, wr, _ = timed(lambda: [s.resample_hidden(S.resample_generator(2, 0, d)).close()
                                  for d in range(reps)])
        rows.append(f"  decision {k:3d}: clone {w / reps * 1000:5.1f} ms, resample_hidden "
                     f"{wr / reps * 1000:5.1f} ms")
    print("clone and resample_hidden (wall, mean of 10):")
    print("\n".join(rows))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
