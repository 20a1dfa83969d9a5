"""stretchcost.py GAMES [ROUNDS]: what the bench's fast stretch spends outside the games.

Per round, the bench's fast stretch (GAMES games a side, streamed blocks of bench.BLOCK, every
core) is played twice in this process, with all three tables and with none, and each prints:
- wall seconds and the process's CPU seconds (all threads);
- the game threads' time in the kernels (play_part, summed over parts);
- the CPU of building the tables on the game threads, split into the recruits table's
  whole-number pass (recruit_table), its `offered` text (offered_texts, the spelt masks looked
  up and their str taken per row) and the players table;
- idle: the cores' wall time neither playing nor building (hand-overs, a stream's end);
- minor page faults of the building (fresh memory for the tables).

Session 19 found the tables cost the stretch 5-8% against none (cfgab-style alternation), most
of it the `offered` text: the str objects of about 89,000 spelt masks are touched per row,
cold, so the take costs 5-10 ms a 5,000-game block where it takes 2 ms warm.
"""
import collections
import resource
import sys
import time

from glowsim.content import load_game
from glowsim.fast import api
from glowsim.fast.bench import BLOCK, SIDES, _match, warm_up
from glowsim.fast.parallel import cpu_count

games = int(sys.argv[1])
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
game = load_game()
cores = cpu_count()
warm_up(game, 1, "heuristic", cores)
cpu = collections.Counter()      # thread CPU seconds per wrapped function
faults = collections.Counter()   # minor page faults per wrapped function
wall = collections.Counter()     # wall seconds per wrapped function


def wrap(owner, name: str) -> None:
    fn = getattr(owner, name)

    def timed(*a, **k):
        f0 = resource.getrusage(resource.RUSAGE_THREAD).ru_minflt
        c0, w0 = time.thread_time(), time.perf_counter()
        try:
            return fn(*a, **k)
        finally:
            cpu[name] += time.thread_time() - c0
            wall[name] += time.perf_counter() - w0
            faults[name] += resource.getrusage(resource.RUSAGE_THREAD).ru_minflt - f0
    setattr(owner, name, timed)


for name in ("recruit_table", "offered_texts", "player_columns"):
    wrap(api, name)
wrap(api._Block, "_build")
wrap(api._Block, "play_part")

for r in range(rounds):
    for tables in (("games", "players", "recruits"), ()):
        cpu.clear(), faults.clear(), wall.clear()
        c0, w0 = time.process_time(), time.perf_counter()
        for side in SIDES:
            for _ in api.iter_blocks(game, _match(side, "heuristic"), 1, games, block=BLOCK,
                                     start=r * games, workers=cores, tables=tables):
                pass
        w, c = time.perf_counter() - w0, time.process_time() - c0
        idle = cores * w - wall["play_part"] - wall["_build"]
        print(f"{'tables' if tables else 'none  '} wall {w:.2f} s, cpu {c:.2f} s, play {wall['play_part']:.2f} s; "
              f"build cpu {1e3 * cpu['_build']:.0f} ms (recruit_table {1e3 * cpu['recruit_table']:.0f}, "
              f"offered {1e3 * cpu['offered_texts']:.0f}, players {1e3 * cpu['player_columns']:.0f}), "
              f"{faults['_build']} faults; idle {1e3 * idle:.0f} ms; "
              f"{2 * games / w / cores:.0f} games/s per core", flush=True)
