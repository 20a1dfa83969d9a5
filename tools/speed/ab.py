"""What abpair.py, abpar.py and abstretch.py share: a worker process per tree and the summary
of the pairs."""
import math
import os
import subprocess
import sys
from pathlib import Path

WORKER = str(Path(__file__).resolve().parent / "abworker.py")


def start(tree: str, cpu: int | None, worker: str = WORKER) -> subprocess.Popen:
    """A worker (abworker.py unless given) playing the tree's fast path, warmed up: pinned to
    one CPU, or on every core with cpu None."""
    env = dict(os.environ, PYTHONPATH=os.path.abspath(tree))
    env.pop("NUMBA_DISABLE_JIT", None)
    env.pop("NUMBA_BOUNDSCHECK", None)
    pin = [] if cpu is None else ["taskset", "-c", str(cpu)]
    p = subprocess.Popen(pin + [sys.executable, worker],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=tree)
    assert p.stdout.readline().strip() == "ready"
    return p


def ask(p: subprocess.Popen, side: str, first: int, games: int) -> None:
    p.stdin.write(f"{side} {first} {games}\n")
    p.stdin.flush()


def seconds(p: subprocess.Popen) -> float:
    return float(p.stdout.readline())


def ratio(v: list) -> str:
    """Geometric mean of B's time over A's from the pairs' log ratios, with a 95% half-width."""
    m = sum(v) / len(v)
    sd = (sum((x - m) ** 2 for x in v) / max(1, len(v) - 1)) ** .5
    return f"x{math.exp(m):.3f} (+-{1.96 * sd / len(v) ** .5:.3f} log)"


def summary(logs: dict) -> str:
    """ratio per side and overall."""
    return " ".join(f"{side} {ratio(v)}" for side, v in logs.items()) + \
        f" all {ratio([x for v in logs.values() for x in v])}"
