"""A/B worker: plays fast-path blocks on one thread on request; prints elapsed seconds."""
import sys, time
from glowsim.content import load_game
from glowsim.fast.api import play_block
from glowsim.fast.bench import _match
game = load_game()
for side in ("province", "archipelago"):
    play_block(game, _match(side, "heuristic"), 1, 0, 50, workers=1, tables=())
print("ready", flush=True)
for line in sys.stdin:
    side, start, count = line.split()
    t = time.perf_counter()
    play_block(game, _match(side, "heuristic"), 7, int(start), int(count), workers=1, tables=())
    print(time.perf_counter() - t, flush=True)
