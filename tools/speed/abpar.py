"""abpar.py TREE_A TREE_B PAIRS GAMES: A and B play the same games at the same time, one per
core, swapping cores every pair; prints B/A time ratio per side (geometric mean, 95% half-width)."""
import math, os, subprocess, sys
from pathlib import Path

WORKER = str(Path(__file__).resolve().parent / "abworker.py")
a, b, pairs, games = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
def start(tree, cpu):
    env = dict(os.environ, PYTHONPATH=os.path.abspath(tree))
    env.pop("NUMBA_DISABLE_JIT", None); env.pop("NUMBA_BOUNDSCHECK", None)
    p = subprocess.Popen(["taskset", "-c", str(cpu), sys.executable, WORKER],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=tree)
    assert p.stdout.readline().strip() == "ready"
    return p
# two workers per tree, one pinned to each core
P = {("A", 0): start(a, 0), ("A", 1): start(a, 1), ("B", 0): start(b, 0), ("B", 1): start(b, 1)}
logs = {"province": [], "archipelago": []}
for i in range(pairs):
    side = ("province", "archipelago")[i % 2]
    s = (i // 2) * games
    ca = (i // 2) % 2
    pa, pb = P[("A", ca)], P[("B", 1 - ca)]
    for p in (pa, pb):
        p.stdin.write(f"{side} {s} {games}\n"); p.stdin.flush()
    ta, tb = float(pa.stdout.readline()), float(pb.stdout.readline())
    logs[side].append(math.log(tb / ta))
def summ(v):
    m = sum(v) / len(v); sd = (sum((x - m) ** 2 for x in v) / max(1, len(v) - 1)) ** .5
    return f"x{math.exp(m):.3f} (+-{1.96 * sd / len(v) ** .5:.3f})"
print("province", summ(logs["province"]), "archipelago", summ(logs["archipelago"]), "all", summ(logs["province"] + logs["archipelago"]))
