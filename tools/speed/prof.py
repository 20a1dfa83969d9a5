"""Profile helper: plays games single-threaded; writes /tmp/perf-PID.map of the compiled kernels
(symbols of each library's object code, located by an exported symbol's address) so `perf report`
names them (use GLOWSIM_NOINLINE=1; summary.py reads the mangled names)."""
import os, sys, time, subprocess
from numba.core import codegen as _cg
_OBJS = {}
_orig = _cg.CPUCodeLibrary._set_compiled_object
def _keep(self, value):
    _OBJS[id(self)] = value
    return _orig(self, value)
_cg.CPUCodeLibrary._set_compiled_object = _keep
from glowsim.content import load_game
from glowsim.fast.api import play_block
from glowsim.fast.bench import _match
game = load_game()
side = sys.argv[1]; n = int(sys.argv[2])
m = _match(side, "heuristic")
play_block(game, m, 1, 0, 20, workers=1, tables=())
from glowsim.fast import game as G
libs = [cr.library for cr in G.play_range.overloads.values()]
entries = []
for i, lib in enumerate(libs):
    try:   # loaded from the cache: kept by _keep; compiled here: the library still holds it
        obj = _OBJS[id(lib)] if id(lib) in _OBJS else lib._get_compiled_object()
    except Exception:
        continue
    path = f"/tmp/profobj_{i}.o"
    open(path, "wb").write(obj)
    out = subprocess.run(["nm", "-S", "--defined-only", path], capture_output=True, text=True).stdout
    syms = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tT":
            syms.append((int(parts[0], 16), int(parts[1], 16), parts[2], parts[3]))
    base = None
    for val, size, kind, name in syms:
        if kind == "T":
            try:
                a = lib._codegen._engine.get_function_address(name)
            except Exception:
                a = 0
            if a:
                base = a - val
                break
    if base is None:
        continue
    for val, size, kind, name in syms:
        entries.append((base + val, size, name))
entries.sort()
with open(f"/tmp/perf-{os.getpid()}.map", "w") as f:
    for a, size, name in entries:
        f.write(f"{a:x} {size:x} {name}\n")
print("map", len(entries), "pid", os.getpid(), flush=True)
t = time.perf_counter(); play_block(game, m, 1, 0, n, workers=1, tables=()); print(n / (time.perf_counter() - t), "games/s", flush=True)
