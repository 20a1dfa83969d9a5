"""abpair.py: paired A/B timing of the fast path of two source trees.

    python benchmarks/abpair.py TREE_A TREE_B [--pairs P] [--games G] [--cpu C] [--bot PRESET]
                                [--dawn]

One worker process per tree (the tree on its PYTHONPATH, numba on), both pinned to one CPU
when `taskset` is there (--cpu, default 0; two A/Bs can run at once, one per core), play the
same games of the bench's workload (glowsim.bench.workload_match; --dawn: its Dawn workload,
glowsim.bench.dawn_match: 6 players, all three sets) on one game thread, taking
turns: pair i plays games i//2*G .. on one side (province, archipelago alternately), A then B,
the order flipped every two pairs.  Prints the geometric mean of B's time over A's per side
and overall, with a 95% half-width in log units.  A tree against itself reads within a few
per cent: run a change in both orders.  Compile each tree's kernels first (any fast game, e.g.
`glowsim verify --games 10`), or the first pair waits for them.
"""
from __future__ import annotations

import argparse
import math
import os
import shutil
import subprocess
import sys
import time

SIDES = ("province", "archipelago")


def worker(preset: str, dawn: bool = False) -> None:
    """Read `SIDE FIRST COUNT` lines; play those games on one thread; print the seconds."""
    from glowsim.bench import dawn_match, workload_match
    from glowsim.content import load_game
    from glowsim.fast import play_block

    game = load_game(dawn=dawn)
    matches = {side: dawn_match(game, side, preset) if dawn else workload_match(side, preset)
               for side in SIDES}
    for side in SIDES:   # compiled or loaded, warmed up
        play_block(game, matches[side], 1, 0, 8, workers=1, tables=())
    print("ready", flush=True)
    for line in sys.stdin:
        side, first, count = line.split()
        t = time.perf_counter()
        play_block(game, matches[side], 7, int(first), int(count), workers=1, tables=())
        print(time.perf_counter() - t, flush=True)


class Worker:
    """A worker process playing one tree's fast path."""

    def __init__(self, tree: str, cpu: int | None, preset: str, dawn: bool = False):
        env = dict(os.environ, PYTHONPATH=os.path.abspath(tree))
        env.pop("NUMBA_DISABLE_JIT", None)
        env.pop("NUMBA_BOUNDSCHECK", None)
        pin = ["taskset", "-c", str(cpu)] if cpu is not None and shutil.which("taskset") else []
        cmd = [sys.executable, os.path.abspath(__file__), "--worker", preset]
        cmd += ["dawn"] if dawn else []
        self.proc = subprocess.Popen(pin + cmd,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     env=env, cwd=os.path.abspath(tree))
        line = self.proc.stdout.readline().strip()
        if line != "ready":
            self.proc.kill()
            sys.exit(f"abpair.py: the worker for {tree} did not start (is glowsim in that tree?)")

    def seconds(self, side: str, first: int, count: int) -> float:
        self.proc.stdin.write(f"{side} {first} {count}\n")
        self.proc.stdin.flush()
        return float(self.proc.stdout.readline())

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def ratio(logs: list[float]) -> tuple[float, float]:
    """(geometric mean of B/A, 95% half-width of the mean log ratio; 0 for one pair)."""
    m = sum(logs) / len(logs)
    if len(logs) < 2:
        return math.exp(m), 0.0
    sd = (sum((x - m) ** 2 for x in logs) / (len(logs) - 1)) ** .5
    return math.exp(m), 1.96 * sd / len(logs) ** .5


def summary(logs: dict) -> str:
    parts = [(side, v) for side, v in logs.items() if v] + [("all", [x for v in logs.values() for x in v])]
    return " ".join(f"{name} x{r:.3f} (+-{h:.3f} log)" for name, (r, h) in
                    ((name, ratio(v)) for name, v in parts))


def abpair(tree_a: str, tree_b: str, pairs: int, games: int, cpu: int | None, preset: str,
           dawn: bool = False) -> dict:
    """The per-side log ratios (B's time over A's) of `pairs` pairs of `games` games."""
    a, b = Worker(tree_a, cpu, preset, dawn), Worker(tree_b, cpu, preset, dawn)
    logs = {side: [] for side in SIDES}
    try:
        for i in range(pairs):
            side = SIDES[i % 2]
            first = (i // 2) * games
            if i % 4 < 2:
                ta = a.seconds(side, first, games)
                tb = b.seconds(side, first, games)
            else:
                tb = b.seconds(side, first, games)
                ta = a.seconds(side, first, games)
            logs[side].append(math.log(tb / ta))
    finally:
        a.close()
        b.close()
    return logs


def main(argv=None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    if argv[:1] == ["--worker"]:
        worker(argv[1] if len(argv) > 1 else "heuristic", argv[2:3] == ["dawn"])
        return 0
    p = argparse.ArgumentParser(prog="abpair.py", description=__doc__.split("\n\n")[0])
    p.add_argument("tree_a")
    p.add_argument("tree_b")
    p.add_argument("--pairs", type=int, default=120, help="pairs of timed blocks (default 120)")
    p.add_argument("--games", type=int, default=2000, help="games per timed block (default 2000)")
    p.add_argument("--cpu", type=int, default=0, help="the CPU both workers are pinned to (default 0)")
    p.add_argument("--bot", default="heuristic", help="bot preset at every seat (default heuristic)")
    p.add_argument("--dawn", action="store_true",
                   help="the bench's Dawn workload (6 players, all three sets) instead of the base game's")
    args = p.parse_args(argv)
    for tree in (args.tree_a, args.tree_b):
        if not os.path.isdir(os.path.join(tree, "glowsim")):
            p.error(f"{tree}: not a source tree (no glowsim/ in it)")
    if args.pairs < 1 or args.games < 1:
        p.error("--pairs and --games must be at least 1")
    print(summary(abpair(args.tree_a, args.tree_b, args.pairs, args.games, args.cpu, args.bot,
                         args.dawn)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
