"""The compiled kernels' addresses, for profilers that see only machine code: install() before
glowsim is imported (it keeps each library's object code as numba loads or makes it), then
write_map() once the game kernel has run writes /tmp/perf-PID.map (the perf map format: start,
size, name) and the object code to /tmp/profobj_I.o."""
import os

from perfdata import symbols

_OBJS = {}


def install() -> None:
    from numba.core import codegen
    original = codegen.CPUCodeLibrary._set_compiled_object

    def keep(self, value):
        _OBJS[id(self)] = value
        return original(self, value)

    codegen.CPUCodeLibrary._set_compiled_object = keep


def write_map() -> str:
    """Write the map of every library of the game kernel (play_range); returns its path."""
    from glowsim.fast import game as G
    entries = []
    for i, lib in enumerate(cr.library for cr in G.play_range.overloads.values()):
        try:   # loaded from the cache: kept by install(); compiled here: the library holds it
            obj = _OBJS[id(lib)] if id(lib) in _OBJS else lib._get_compiled_object()
        except Exception:
            continue
        path = f"/tmp/profobj_{i}.o"
        open(path, "wb").write(obj)
        syms = [sym for sym in symbols(path) if sym[2] in "tT"]
        base = None
        for val, size, kind, name in syms:   # located by one exported symbol's address
            if kind == "T":
                try:
                    a = lib._codegen._engine.get_function_address(name)
                except Exception:
                    a = 0
                if a:
                    base = a - val
                    break
        if base is not None:
            entries += [(base + val, size, name) for val, size, kind, name in syms]
    path = f"/tmp/perf-{os.getpid()}.map"
    with open(path, "w") as f:
        for a, size, name in sorted(entries):
            f.write(f"{a:x} {size:x} {name}\n")
    print("map", len(entries), "pid", os.getpid(), flush=True)
    return path
