"""The numba decorators of the fast path, and the key of its compiled code's cache.

``kernel``: callable from other compiled code only (no Python wrapper: much
faster to compile), and without reference counting (no NRT): a kernel never
allocates, so the atomic incref/decref numba would put on every array it touches
(a large share of the run time, and contended between threads on the shared
tables) are left out.  A kernel's code only ever runs linked into the entry that
calls it, so it is neither optimized nor made machine code on its own, nor cached
on its own (numba_patches, the link hook).  ``entry``: compiled and cached with a
Python wrapper, for the few functions Python calls; its cached machine code holds
every kernel it calls.  ``inline``: the same as ``kernel`` (LLVM inlines what pays).  Each
kernel is compiled once, for the plain types of its arguments (:func:`_unliteral`).  All three
register the function as a kernel of glowsim (glowsim/fast/numba_patches.py: numba's
linking and indexing changed for these functions only, installed at the first compile).
With NUMBA_DISABLE_JIT=1 all three leave plain Python functions (the kernels then run
as Python).
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

from numba import njit
from numba.core import caching, config, sigutils, types

from .. import compiling
from . import numba_patches
from .numba_patches import NOINLINE

_HERE = Path(__file__).resolve().parent
_PACKAGE = _HERE.parent
# the compiler (this file and the changes to numba) and the sources outside the fast path whose
# constants the kernels read as compile-time globals: the seeding scheme, the content codes, the
# spec both engines share
_SHARED = (_HERE / "jit.py", _HERE / "numba_patches.py", _PACKAGE / "seeding.py",
           _PACKAGE / "content" / "codes.py", _PACKAGE / "spec")


def subpackages() -> list[Path]:
    """The fast path's subpackages: every module in them is kernel code (compiled functions, the
    constants and tables they read); the modules at the top of glowsim/fast are Python only."""
    return sorted(d for d in _HERE.iterdir() if (d / "__init__.py").is_file())


def kernel_sources() -> list[Path]:
    """Every source a compiled kernel may embed: the subpackages' modules and _SHARED."""
    files = [f for d in subpackages() for f in sorted(d.rglob("*.py"))]
    for src in _SHARED:
        files += sorted(src.rglob("*.py")) if src.is_dir() else [src]
    return files


_STAMP: dict = {}


def sources_stamp() -> bytes:
    """Hash of every source a compiled kernel may embed (:func:`kernel_sources`: the fast
    path's subpackages, its compiler, the seeding scheme, the content codes, the spec both
    engines share) and of the compile settings that change the code (GLOWSIM_NOINLINE,
    NUMBA_BOUNDSCHECK), recomputed when a file's mtime or size changes."""
    sources = kernel_sources()
    key = tuple((str(f), f.stat().st_mtime_ns, f.stat().st_size) for f in sources)
    if key not in _STAMP:
        h = hashlib.sha256(b"noinline" if NOINLINE else b"")
        if config.BOUNDSCHECK:   # bounds-checked code is never read as the unchecked (nor back)
            h.update(b"boundscheck")
        for f in sources:
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


def _unliteral(sig):
    """A signature with its literal argument types made plain (``Literal[int](3)`` -> int64).

    numba types a constant argument as a literal first, and a function called with
    literals compiles once per combination of their values (a call with ``kind=4`` and one
    with ``kind=9`` were two compiles of the same code); compiled for the plain types, each
    kernel is typed once.  The calls still pass their constants: LLVM propagates them where
    it inlines the kernel."""
    args, ret = sigutils.normalize_signature(sig)
    args = tuple(types.unliteral(a) for a in args)
    return args if ret is None else ret(*args)


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
        compiling.watch()
        return compile_(_unliteral(sig))

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
    """A kernel (:func:`kernel`): the small helpers that were inlined at numba IR level, typed
    again at every call site, are left to LLVM, which inlines the linked kernels where it pays
    (docs/performance.md, *Compile time*)."""
    return kernel(fn)
