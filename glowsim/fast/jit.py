"""The numba decorators of the fast path, and the bit helpers its kernels call.

``kernel``: callable from other compiled code only (no Python wrapper: much
faster to compile), and without reference counting (no NRT): a kernel never
allocates, so the atomic incref/decref numba would put on every array it touches
(a large share of the run time, and contended between threads on the shared
tables) are left out.  A kernel's code only ever runs linked into the entry that
calls it, so it is neither optimized nor made machine code on its own, nor cached
on its own (numba_patches, the link hook).  ``entry``: compiled and cached with a
Python wrapper, for the few functions Python calls; its cached machine code holds
every kernel it calls.  ``inline``: a kernel inlined into its callers.  All three
register the function as a kernel of glowsim (glowsim/fast/numba_patches.py: numba's
linking and indexing changed for these functions only, installed at the first compile).
With NUMBA_DISABLE_JIT=1 all three leave plain Python functions (the kernels then run
as Python).  ``bit_index``: the lowest set bit of a mask, one
instruction compiled (numba's ``trailing_zeros``), Python's own arithmetic without the JIT;
``int64_bits``: a word of bits as an int64 can hold it (nothing to do compiled; without the
JIT, a Python int with bit 63 set wrapped to its negative two's complement).
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

from numba import njit
from numba.core import caching, config

from . import numba_patches
from .numba_patches import NOINLINE

_HERE = Path(__file__).resolve().parent
_SOURCES = (_HERE, _HERE.parent / "seeding.py", _HERE.parent / "content" / "codes.py",
            _HERE.parent / "spec")
# fast-path modules that hold no compiled code and no constant a kernel reads: editing them
# leaves the compiled kernels valid (tests/fast/test_jit_cache.py checks both conditions)
PYTHON_ONLY = ("__init__.py", "allocator.py", "api.py", "forks.py", "memory.py", "offered.py",
               "parallel.py", "record.py", "rollforks.py", "rollout.py", "solo_record.py", "verify.py")


def _fast_sources() -> list[Path]:
    files = []
    for src in _SOURCES:
        if src.is_dir():
            files += [f for f in sorted(src.rglob("*.py"))
                      if not (f.parent == _HERE and f.name in PYTHON_ONLY)]
        else:
            files.append(src)
    return files


_STAMP: dict = {}


def sources_stamp() -> bytes:
    """Hash of every source a compiled kernel may embed (the fast path, the seeding scheme,
    the content codes, the spec both engines share: bot parameter indices, decision codes,
    the bots' numeric tables) and of the compile settings that change
    the code (GLOWSIM_NOINLINE, NUMBA_BOUNDSCHECK), recomputed when a file's mtime or size
    changes."""
    key = tuple((str(f), f.stat().st_mtime_ns, f.stat().st_size) for f in _fast_sources())
    if key not in _STAMP:
        h = hashlib.sha256(b"noinline" if NOINLINE else b"")
        if config.BOUNDSCHECK:   # bounds-checked code is never read as the unchecked (nor back)
            h.update(b"boundscheck")
        for f in _fast_sources():
            h.update(f.read_bytes())
        _STAMP.clear()
        _STAMP[key] = h.digest()
    return _STAMP[key]


class FastPathCacheLocator(caching.InTreeCacheLocator):
    """numba's cache next to the sources (or under NUMBA_CACHE_DIR), invalidated when any
    fast-path source changes: numba checks only a function's own file, but a cached
    kernel embeds the compiled code of every kernel it calls."""

    def __init__(self, py_func, py_file):
        super().__init__(py_func, py_file)
        if config.CACHE_DIR:
            self._cache_path = os.path.join(config.CACHE_DIR, self.get_suitable_cache_subpath(py_file))

    def get_source_stamp(self):
        return sources_stamp()

    @classmethod
    def from_function(cls, py_func, py_file):
        try:
            Path(py_file).resolve().relative_to(_HERE)
        except ValueError:
            return None
        return super().from_function(py_func, py_file)


class _CacheImpl(caching.CompileResultCacheImpl):
    _locator_classes = [FastPathCacheLocator] + caching.CompileResultCacheImpl._locator_classes


class FastPathCache(caching.FunctionCache):
    """numba's function cache with the fast path's locator first (for the entries only:
    numba's own list of locators is left as it is)."""
    _impl_class = _CacheImpl


def _compiled(fn, cache: bool, **options):
    """numba's njit with `options`, registered as a kernel of glowsim (numba_patches): its
    first compile (or cache load) installs the fast path's changes to numba first."""
    disp = njit(**options)(fn)
    if config.DISABLE_JIT:
        return disp
    numba_patches.register(fn)
    if cache:
        disp._cache = FastPathCache(fn)   # what numba's cache=True sets, with our locator
    compile_ = disp.compile

    def compile(sig):
        numba_patches.install()
        return compile_(sig)

    disp.compile = compile
    return disp


def kernel(fn):
    """Compiled only as part of the entries that call it (not cached on its own: module docstring)."""
    return _compiled(fn, False, no_cpython_wrapper=True, no_cfunc_wrapper=True, _nrt=False,
                     error_model="numpy")


def entry(fn):
    """nogil: a call releases the GIL, so threads of one process play games in parallel."""
    return _compiled(fn, True, nogil=True)


def inline(fn):
    """A small kernel inlined into its callers at numba IR level (hot helpers whose call
    would cost more than their body: every call passes the table and state structs)."""
    return _compiled(fn, False, inline="always", no_cpython_wrapper=True, no_cfunc_wrapper=True,
                     _nrt=False, error_model="numpy")


# bit_index(x), x != 0: the index of x's lowest set bit (the search's next neighbour slot, the
# reroll planner's next item of a mask: tests/fast/test_bit_index.py)
if config.DISABLE_JIT:
    def bit_index(x):
        """The index of the lowest set bit of x (x != 0): the count of its trailing zeros."""
        x = int(x)
        return (x & -x).bit_length() - 1
else:
    from numba.cpython.unsafe.numbers import trailing_zeros as bit_index   # one tzcnt


# int64_bits(x): x's low 64 bits as a signed 64-bit value, to store a word of bits (a set of up
# to 64 board spaces) in an int64 array: with the JIT the value already is one; with numba off
# a Python int with bit 63 set would not fit, so it is wrapped to the negative number of those
# bits (reading it back, shifts and masks give the same bits)
if config.DISABLE_JIT:
    def int64_bits(x):
        """x's low 64 bits, two's complement (a Python int in int64's range)."""
        x = int(x) & ((1 << 64) - 1)
        return x - (1 << 64) if x >> 63 else x
else:
    @inline
    def int64_bits(x):
        return x
