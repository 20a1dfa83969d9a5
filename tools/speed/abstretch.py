"""abstretch.py PAIRS GAMES TREE_A TREE_B: A/B of two checkouts as the bench plays (every core,
streamed blocks, all three tables), not one pinned thread like abpair.py. One worker process per
tree (stretchworker.py), taking turns, the order flipped every pair, each playing GAMES games a
side, the same games; prints the geometric mean of B's time over A's, with a 95% half-width in
log units. Controls (a tree against itself) spread about 1% between runs of 40 pairs, more than
one run's half-width: run it in both orders."""
import math
import os
import subprocess
import sys
from pathlib import Path

WORKER = str(Path(__file__).resolve().parent / "stretchworker.py")
pairs, games = int(sys.argv[1]), int(sys.argv[2])
trees = sys.argv[3:5]
procs = []
for tree in trees:
    env = dict(os.environ, PYTHONPATH=os.path.abspath(tree))
    env.pop("NUMBA_DISABLE_JIT", None)
    p = subprocess.Popen([sys.executable, WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, env=env, cwd=tree)
    assert p.stdout.readline().strip() == "ready"
    procs.append(p)
logs = []
for i in range(pairs):
    t = [0.0, 0.0]
    for j in ((0, 1) if i % 2 == 0 else (1, 0)):
        procs[j].stdin.write(f"{games} {i * games}\n")
        procs[j].stdin.flush()
        t[j] = float(procs[j].stdout.readline())
    logs.append(math.log(t[1] / t[0]))
m = sum(logs) / len(logs)
sd = (sum((x - m) ** 2 for x in logs) / max(1, len(logs) - 1)) ** .5
print(f"B's time x{math.exp(m):.3f} (+-{1.96 * sd / len(logs) ** .5:.3f} log) over {pairs} pairs")
