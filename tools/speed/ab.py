"""What abpair.py and abpar.py share: a worker process per tree and the summary of the pairs."""
import math
import os
import subprocess
import sys
from pathlib import Path

WORKER = str(Path(__file__).resolve().parent / "abworker.py")


def start(tree: str, cpu: int) -> subprocess.Popen:
    """A worker (abworker.py) playing the tree's fast path on one pinned CPU, warmed up."""
    env = dict(os.environ, PYTHONPATH=os.path.abspath(tree))
    env.pop("NUMBA_DISABLE_JIT", None)
    env.pop("NUMBA_BOUNDSCHECK", None)
    p = subprocess.Popen(["taskset", "-c", str(cpu), sys.executable, WORKER],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=tree)
    assert p.stdout.readline().strip() == "ready"
    return p


def ask(p: subprocess.Popen, side: str, first: int, games: int) -> None:
    p.stdin.write(f"{side} {first} {games}\n")
    p.stdin.flush()


def seconds(p: subprocess.Popen) -> float:
    return float(p.stdout.readline())


def summary(logs: dict) -> str:
    """Geometric mean of B's time over A's per side and overall, with a 95% half-width (log)."""
    def one(v):
        m = sum(v) / len(v)
        sd = (sum((x - m) ** 2 for x in v) / max(1, len(v) - 1)) ** .5
        return f"x{math.exp(m):.3f} (+-{1.96 * sd / len(v) ** .5:.3f} log)"
    return " ".join(f"{side} {one(v)}" for side, v in logs.items()) + \
        f" all {one([x for v in logs.values() for x in v])}"
