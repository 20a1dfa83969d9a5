"""abpair.py TREE_A TREE_B PAIRS GAMES: paired A/B of fast-path speed, both pinned to CPU 0,
alternating A,B (order flipped each pair), same games; prints B/A time ratio per side."""
import math, os, subprocess, sys
from pathlib import Path

WORKER = str(Path(__file__).resolve().parent / "abworker.py")
a, b, pairs, games = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
def start(tree):
    env = dict(os.environ, PYTHONPATH=os.path.abspath(tree))
    env.pop("NUMBA_DISABLE_JIT", None); env.pop("NUMBA_BOUNDSCHECK", None)
    p = subprocess.Popen(["taskset", "-c", "0", sys.executable, WORKER],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=tree)
    assert p.stdout.readline().strip() == "ready"
    return p
pa, pb = start(a), start(b)
def run(p, side, s, n):
    p.stdin.write(f"{side} {s} {n}\n"); p.stdin.flush(); return float(p.stdout.readline())
logs = {"province": [], "archipelago": []}
for i in range(pairs):
    side = ("province", "archipelago")[i % 2]
    s = (i // 2) * games
    if i % 4 < 2:
        ta = run(pa, side, s, games); tb = run(pb, side, s, games)
    else:
        tb = run(pb, side, s, games); ta = run(pa, side, s, games)
    logs[side].append(math.log(tb / ta))
allr = logs["province"] + logs["archipelago"]
def summ(v):
    m = sum(v) / len(v); sd = (sum((x - m) ** 2 for x in v) / max(1, len(v) - 1)) ** .5
    return f"x{math.exp(m):.3f} (+-{1.96 * sd / len(v) ** .5:.3f} log)"
print("province", summ(logs["province"]), "archipelago", summ(logs["archipelago"]), "all", summ(allr))
