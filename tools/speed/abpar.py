"""abpar.py TREE_A TREE_B PAIRS GAMES: A and B play the same games at the same time, one per
core, swapping cores every two pairs; prints B/A time ratio per side."""
import math
import sys

from ab import ask, seconds, start, summary

a, b, pairs, games = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
workers = {(t, c): start(tree, c) for t, tree in (("A", a), ("B", b)) for c in (0, 1)}
logs = {"province": [], "archipelago": []}
for i in range(pairs):
    side = ("province", "archipelago")[i % 2]
    s = (i // 2) * games
    ca = (i // 2) % 2
    pa, pb = workers[("A", ca)], workers[("B", 1 - ca)]
    ask(pa, side, s, games)
    ask(pb, side, s, games)
    ta, tb = seconds(pa), seconds(pb)
    logs[side].append(math.log(tb / ta))
print(summary(logs))
