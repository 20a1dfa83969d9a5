"""What numba compiles for glowsim, whether it is compiled already, and its announcement.

numba compiles a function Python calls (with every kernel it calls) at its first call and
keeps the machine code in its on-disk cache (CONTRIBUTING.md, *The numba kernel cache*); a
later process loads it in about a second.  A cold compile of the fast path takes about a
minute, so a command compiles what it needs before its progress line starts, saying so first
with an estimate (:func:`prepare`): the line's rate and time left then count games only.  A
compile nothing prepared (a library call, a notebook) is announced all the same
(:func:`watch`).

Every compiled group is an :class:`Entry`, registered by the layer that owns its code: the
fast path's (``core``: the games, solo games, forks and the search bot; ``tables``: the
recruits table's passes) by glowsim/fast/entries.py, the report's card pass (``cards``) by
the report command.  An entry's ``seconds`` is its measured cold compile on an idle 2-core
machine; ``glowsim bench --compile`` measures each again (:func:`measure`, each entry in a
fresh process with an empty cache).

This module imports nothing of glowsim, so every layer may register its entries; numba is
imported only when asked whether something is compiled.
"""
from __future__ import annotations

import importlib
import os
import sys
import time
from dataclasses import dataclass
from typing import Callable, Iterable


@dataclass(frozen=True)
class Entry:
    """A group of compiled functions a command may need."""
    name: str
    what: str                      # what it is, in the announcement's words
    functions: tuple               # "module:name" of each compiled function it caches
    warm: Callable                 # () -> None: a smallest call that compiles (or loads) them all
    seconds: float                 # measured cold compile, idle 2-core machine

    def dispatchers(self, loaded_only: bool = False) -> list:
        """The numba dispatchers of :attr:`functions` (``loaded_only``: those of the modules
        already imported, importing none)."""
        out = []
        for ref in self.functions:
            module, name = ref.split(":")
            if loaded_only and module not in sys.modules:
                continue
            out.append(getattr(importlib.import_module(module), name))
        return out


ENTRIES: dict[str, Entry] = {}


def register(entry: Entry) -> None:
    """Add (or replace) a compiled group."""
    ENTRIES[entry.name] = entry


def jit_enabled() -> bool:
    from numba.core import config
    return not config.DISABLE_JIT


def _cached(dispatcher) -> bool:
    """Whether numba's on-disk cache holds machine code of this function for this machine and
    the current sources (any signature)."""
    cache = dispatcher._cache
    index = cache._cache_file._load_index()
    codegen = dispatcher.targetctx.codegen()
    return any(cache._index_key(key[0], codegen) == key for key in index)


def compiled(name: str) -> bool:
    """Whether entry ``name`` is compiled and cached (True with numba off, and when numba's
    cache cannot be read: then nothing is announced rather than a command failed)."""
    entry = ENTRIES[name]
    if not jit_enabled():
        return True
    try:
        return all(_cached(d) for d in entry.dispatchers())
    except Exception:   # numba's cache internals moved
        return True


def cold(names: Iterable[str]) -> list[str]:
    """The entries of ``names`` that a first call would compile, in order, each once."""
    out = []
    for n in names:
        if n not in out and not compiled(n):
            out.append(n)
    return out


def estimate(seconds: float) -> str:
    """``about N s``, with a note when the machine is busy (a compile runs on one core)."""
    text = f"about {seconds:.0f} s"
    try:
        load = os.getloadavg()[0]
    except OSError:
        return text
    cores = os.cpu_count() or 1
    if load > cores:
        text += f" on an idle machine, longer now (load {load:.0f} on {cores} cores)"
    return text


def announcement(name: str) -> str:
    """The line said before entry ``name`` compiles."""
    e = ENTRIES[name]
    return f"compiling {e.what}, once, {estimate(e.seconds)}..."


_announced: set[str] = set()    # entries whose compile this process has announced
_watching = False


def _entry_of(dispatcher) -> str | None:
    for name, e in ENTRIES.items():
        if any(d is dispatcher for d in e.dispatchers(loaded_only=True)):
            return name
    return None


def watch(stream=None) -> None:
    """Announce every compile of an entry that :func:`prepare` did not announce: numba's
    compile event of a function Python called (not those of the kernels it compiles on the
    way) names the entry, with its estimate, before the entry's first function compiles, and
    the end of its main function's compile (the first of ``Entry.functions``) the time
    since.  Installed once per process (by :func:`prepare`, and by the fast path's first
    compile)."""
    global _watching
    if _watching or not jit_enabled():
        return
    from numba.core import event

    class Announcer(event.Listener):
        def __init__(self):
            self.depth = 0
            self.started: dict[str, float] = {}   # entry -> when its announcement was said

        def on_start(self, ev):
            self.depth += 1
            if self.depth != 1:
                return
            name = _entry_of(ev.data["dispatcher"])
            if name is not None and name not in _announced:
                _announced.add(name)
                print(announcement(name), file=stream or sys.stderr, flush=True)
                self.started[name] = time.perf_counter()

        def on_end(self, ev):
            self.depth -= 1
            if self.depth != 0 or not self.started:
                return
            name = _entry_of(ev.data["dispatcher"])
            if name in self.started and ev.data["dispatcher"] is ENTRIES[name].dispatchers()[0]:
                print(f"compiled in {time.perf_counter() - self.started.pop(name):.0f} s",
                      file=stream or sys.stderr, flush=True)

    event.register("numba:compile", Announcer())
    _watching = True


def prepare(names: Iterable[str], enabled: bool = True, stream=None) -> float:
    """Compile (or load) the entries ``names`` a command needs, before its progress line.

    The cold ones are announced first, one line each with its estimate (``compiling the
    fast path (...), once, about N s...``), then compiled, then the time they took is said;
    the cached ones are loaded silently.  Returns the seconds spent compiling (0 when
    nothing was cold).  ``enabled`` False: compiled all the same, nothing said."""
    if not jit_enabled():
        return 0.0
    todo = cold(names)
    watch()
    _announced.update(todo)
    if enabled:
        for n in todo:
            print(announcement(n), file=stream or sys.stderr, flush=True)
    t0 = time.perf_counter()
    for n in todo:
        ENTRIES[n].warm()
    seconds = time.perf_counter() - t0 if todo else 0.0
    if enabled and todo:
        print(f"compiled in {seconds:.0f} s (cached: later commands start at once)",
              file=stream or sys.stderr, flush=True)
    return seconds


def measure(name: str) -> dict:
    """Entry ``name`` compiled in this process: wall and CPU seconds, and the CPU seconds spent
    in LLVM (numba's LLVM lock: optimising and making machine code; the rest is numba typing
    and lowering in Python).  Run in a fresh process with an empty NUMBA_CACHE_DIR for a cold
    figure, as ``glowsim bench --compile`` does."""
    from numba.core import event

    class LLVM(event.Listener):
        def __init__(self):
            self.seconds, self.t0 = 0.0, 0.0

        def on_start(self, ev):
            self.t0 = time.process_time()

        def on_end(self, ev):
            self.seconds += time.process_time() - self.t0

    llvm = LLVM()
    w, c = time.perf_counter(), time.process_time()
    with event.install_listener("numba:llvm_lock", llvm):
        ENTRIES[name].warm()
    return {"wall_s": time.perf_counter() - w, "cpu_s": time.process_time() - c,
            "llvm_cpu_s": llvm.seconds}
