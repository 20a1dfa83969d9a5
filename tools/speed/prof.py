"""Profile helper: plays games single-threaded; writes /tmp/perf-PID.map of the compiled kernels
(kernelmap.py) so `perf record` names them (use GLOWSIM_NOINLINE=1; summary.py reads the mangled
names).  With CG_GO set (cgcount.py), waits until that file exists before the timed games."""
import os, sys, time
import kernelmap
kernelmap.install()
from glowsim.content import load_game
from glowsim.fast.api import play_block
from glowsim.fast.bench import _match
game = load_game()
side = sys.argv[1]; n = int(sys.argv[2])
m = _match(side, "heuristic")
play_block(game, m, 1, 0, 20, workers=1, tables=())
kernelmap.write_map()
go = os.environ.get("CG_GO")
while go and not os.path.exists(go):
    time.sleep(0.05)
t = time.perf_counter(); play_block(game, m, 1, 0, n, workers=1, tables=()); print(n / (time.perf_counter() - t), "games/s", flush=True)
