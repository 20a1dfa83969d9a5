"""abstretch.py PAIRS GAMES TREE_A TREE_B: A/B of two checkouts as the bench plays (every core,
streamed blocks, all three tables), not one pinned thread like abpair.py. One worker process per
tree (stretchworker.py), taking turns, the order flipped every pair, each playing GAMES games a
side, the same games; prints the geometric mean of B's time over A's, with a 95% half-width in
log units. Controls (a tree against itself) spread about 1% between runs of 40 pairs, more than
one run's half-width: run it in both orders."""
import math
import sys
from pathlib import Path

from ab import ask, ratio, seconds, start

WORKER = str(Path(__file__).resolve().parent / "stretchworker.py")
pairs, games = int(sys.argv[1]), int(sys.argv[2])
procs = [start(tree, None, WORKER) for tree in sys.argv[3:5]]
logs = []
for i in range(pairs):
    t = [0.0, 0.0]
    for j in ((0, 1) if i % 2 == 0 else (1, 0)):
        ask(procs[j], "both", i * games, games)
        t[j] = seconds(procs[j])
    logs.append(math.log(t[1] / t[0]))
print(f"B's time {ratio(logs)} over {pairs} pairs")
