"""abpair.py TREE_A TREE_B PAIRS GAMES [CPU]: paired A/B of fast-path speed, both pinned to one
CPU (0 unless given: two A/Bs can run at once, one per core), alternating A,B (order flipped
every two pairs), same games; prints B/A time ratio per side."""
import math
import sys

from ab import ask, seconds, start, summary

a, b, pairs, games = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
cpu = int(sys.argv[5]) if len(sys.argv) > 5 else 0
pa, pb = start(a, cpu), start(b, cpu)


def run(p, side, s, n):
    ask(p, side, s, n)
    return seconds(p)


logs = {"province": [], "archipelago": []}
for i in range(pairs):
    side = ("province", "archipelago")[i % 2]
    s = (i // 2) * games
    if i % 4 < 2:
        ta = run(pa, side, s, games)
        tb = run(pb, side, s, games)
    else:
        tb = run(pb, side, s, games)
        ta = run(pa, side, s, games)
    logs[side].append(math.log(tb / ta))
print(summary(logs))
