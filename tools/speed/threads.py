"""threads.py SIDE GAMES [ROUNDS]: what the bench's second game thread costs, and where.

Per round, three readings on this process's compiled fast path:
- one game thread alone: GAMES games played by one thread (no tables), games/s;
- two game threads at once: each plays GAMES games of its own, each timed on its own (so
  neither waits for the other), games/s per thread;
- the bench's fast stretch on every core (streamed blocks, all three tables built, since
  session 16 by the game thread that ends each block): games/s per core, the cores the
  process kept busy (CPU time over wall time) and the main thread's share of that CPU time
  (handing the tables out; before session 16 it built them).

The first two compare a thread's speed alone and beside another; the third shows what the
stretch adds on top (idle game threads at a stretch's end, the tables).
"""
import sys
import threading
import time

from glowsim.content import load_game
from glowsim.fast import api
from glowsim.fast.bench import _fast_stretch, _match, _side_spans, warm_up
from glowsim.fast.parallel import cpu_count

side, games = sys.argv[1], int(sys.argv[2])
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
game = load_game()
match = _match(side, "heuristic")
cores = cpu_count()
warm_up(game, 1, "heuristic", cores)


def play(first: int, out: list, i: int) -> None:
    """GAMES games from `first` on this thread (the GIL released while they play)."""
    block = api._Block(game, match, 1, first, games)
    t = time.perf_counter()
    block.play_part(0, games)
    out[i] = games / (time.perf_counter() - t)


def stretch() -> tuple[float, float, float]:
    """(games/s per core, busy cores, main thread's share of the CPU time) of one stretch of
    2 x GAMES x cores games, half on each side, as the bench plays it."""
    spans = _side_spans(2 * games * cores, 1)[0]
    c0, m0, w0 = time.process_time(), time.thread_time(), time.perf_counter()
    seg = _fast_stretch(game, spans, 1, "heuristic", cores, 5_000)
    cpu, main, wall = time.process_time() - c0, time.thread_time() - m0, time.perf_counter() - w0
    per_core = sum(n for _, n in seg.values()) / sum(t for t, _ in seg.values()) / cores
    return per_core, cpu / wall, main / cpu


for r in range(rounds):
    alone = [0.0]
    play(0, alone, 0)
    both = [0.0, 0.0]
    pair = [threading.Thread(target=play, args=(i * games, both, i)) for i in range(2)]
    for t in pair:
        t.start()
    for t in pair:
        t.join()
    per_core, busy, main = stretch()
    print(f"{side}: alone {alone[0]:.0f} g/s; two threads {both[0]:.0f} and {both[1]:.0f} g/s; "
          f"bench stretch (both sides) {per_core:.0f} g/s per core, {busy:.3f} of {cores} cores busy, "
          f"main thread {100 * main:.1f}% of the CPU time", flush=True)
