"""abstretch.py's worker: on a line "both FIRST GAMES" (ab.ask) plays the bench's fast stretch,
GAMES games from FIRST on each board side, on every core, streamed blocks with all three
tables; prints elapsed seconds."""
import sys
import time

from glowsim.content import load_game
from glowsim.fast import api
from glowsim.fast.bench import BLOCK, SIDES, _match, warm_up
from glowsim.fast.parallel import cpu_count

game = load_game()
warm_up(game, 1, "heuristic", cpu_count())
print("ready", flush=True)
for line in sys.stdin:
    _, first, n = line.split()
    first, n = int(first), int(n)
    t = time.perf_counter()
    for side in SIDES:
        for _ in api.iter_blocks(game, _match(side, "heuristic"), 1, n, block=BLOCK, start=first):
            pass
    print(time.perf_counter() - t, flush=True)
