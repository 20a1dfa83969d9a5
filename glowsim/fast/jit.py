"""The numba decorators of the fast path, and the bit helpers its kernels call.

``kernel``: callable from other compiled code only (no Python wrapper: much
faster to compile), and without reference counting (no NRT): a kernel never
allocates, so the atomic incref/decref numba would put on every array it touches
(a large share of the run time, and contended between threads on the shared
tables) are left out.  A kernel's code only ever runs linked into the entry that
calls it, so it is neither optimized nor made machine code on its own, nor cached
on its own (:func:`_install_link_hook`).  ``entry``: compiled and cached with a
Python wrapper, for the few functions Python calls; its cached machine code holds
every kernel it calls.  With NUMBA_DISABLE_JIT=1 both leave plain Python functions
(the kernels then run as Python).  ``bit_index``: the lowest set bit of a mask, one
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

_HERE = Path(__file__).resolve().parent
_SOURCES = (_HERE, _HERE.parent / "seeding.py", _HERE.parent / "content" / "codes.py",
            _HERE.parent / "engine" / "botparams.py")
# fast-path modules that hold no compiled code and no constant a kernel reads: editing them
# leaves the compiled kernels valid (tests/fast/test_jit_cache.py checks both conditions)
PYTHON_ONLY = ("__init__.py", "allocator.py", "api.py", "memory.py", "offered.py",
               "parallel.py", "record.py", "solo_record.py", "verify.py")


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
    the content codes), recomputed when a file's mtime or size changes."""
    key = tuple((str(f), f.stat().st_mtime_ns, f.stat().st_size) for f in _fast_sources())
    if key not in _STAMP:
        h = hashlib.sha256(b"noinline" if NOINLINE else b"")
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


if FastPathCacheLocator not in caching.CacheImpl._locator_classes:
    caching.CacheImpl._locator_classes.insert(0, FastPathCacheLocator)


_KERNEL_MARK = "glowsim"
# GLOWSIM_NOINLINE=1: no kernel is inlined into another (slower, cached apart), so that a
# sampling profiler (perf with a map of the compiled functions) gives each kernel's own time
NOINLINE = os.environ.get("GLOWSIM_NOINLINE", "0") not in ("", "0")


def _optimize_twice(library) -> None:
    """An -O3 module pass (loop vectorisation on) before numba's own passes, for the
    fast path's libraries only.

    numba first runs a "cheap" -O0 pass (inlining, for the reference-count pruning that
    follows), then the full -O3 pass.  An -O3 pass first, as ``NUMBA_OPT=max`` runs in
    place of the cheap one for every library of the process, gives the full pass inlined
    and simplified code to work on (DESIGN.md section 8, session 14).  Done here, it leaves
    other numba code in the process as numba makes it."""
    pm, pb = library._codegen._module_pass_manager(loop_vectorize=True, slp_vectorize=False,
                                                   opt=3, cost="cheap")
    pm.run(library._final_module, pb)


def _internalize_linked_kernels(library) -> bool:
    """Give the fast-path kernels linked into a library's module internal linkage; return
    whether the module defines fast-path code at all (a kernel of this package, its own or
    linked in).

    numba links a callee's code into its caller's module as ``linkonce_odr``
    functions, whose signature LLVM must keep: every call then passes every
    field of every array of the K and S tuples (about 280 machine words pushed
    on the stack per call, 40% of the run time).  Internal copies let LLVM drop
    the unused arguments and inline single-use callees.  The library's own
    functions (what other code calls) keep their linkage."""
    from llvmlite import binding as ll
    ours = False
    for fn in library._final_module.functions:
        if fn.is_declaration or _KERNEL_MARK not in fn.name:
            continue
        ours = True
        if fn.linkage == ll.Linkage.linkonce_odr:
            fn.linkage = ll.Linkage.internal
            if NOINLINE:
                fn.add_function_attribute("noinline")
    return ours


# numba's names of a function's wrappers, whatever its module (a test's njit function that
# calls kernels has one): the CPython wrapper (its mangled name in the namespace "cpython")
# and the C wrapper
_WRAPPER_PREFIXES = ("_ZN7cpython", "cfunc.")


def _install_link_hook() -> None:
    """numba finalizes every compiled function's library: it links the libraries of the
    functions it calls into its module, optimizes the module, and makes it machine code.
    For the fast path's libraries:

    - the linked kernels are made internal (:func:`_internalize_linked_kernels`), and an
      entry's module gets an -O3 pass ahead of numba's own (:func:`_optimize_twice`);
    - a kernel's library (fast-path code, no wrapper) is left as linkable IR: it links
      nothing, and is neither optimized nor made machine code.  A library with a wrapper
      links every library of the call graph below it, each kernel once.  A kernel's code
      only ever runs linked into such a library, whose module is optimized whole; optimizing
      each kernel's module (its callees linked in) and making it machine code was work
      thrown away and kept in memory.  Left out, a cold compile of the game kernel takes
      about 40% less time and 330 MiB less memory at its peak, and the game kernel is as
      fast or a little faster (DESIGN.md section 8, session 15).  Such a library has no
      machine code to cache, so kernels are not cached on their own (an entry's cache holds
      the code of every kernel it calls)."""
    from llvmlite import binding as ll
    from numba.core import codegen
    cls = codegen.CPUCodeLibrary
    if getattr(cls, "_glowsim_hooked", False) or not hasattr(cls, "_optimize_final_module"):
        return
    original = cls._optimize_final_module
    twice = hasattr(codegen.CPUCodegen, "_module_pass_manager")

    def _optimize_final_module(self):
        if getattr(self, "_glowsim_link_only", False):   # set by finalize, below
            return
        if _internalize_linked_kernels(self) and twice:
            _optimize_twice(self)
        original(self)

    jit_cls = codegen.JITCodeLibrary
    finalize_module = jit_cls._finalize_final_module

    def _finalize_final_module(self):
        if getattr(self, "_glowsim_link_only", False):   # no machine code (not added to the JIT)
            # (its calls stay declarations until the library with a wrapper links them all,
            # so numba's check that every numba helper is linked is left to that library)
            self._finalize_dynamic_globals()
            self._finalized = True
            # the module is only ever linked (link_in with preserve=True copies it): made
            # linkable in place, it is its own shared module, not a second copy of it
            for fn in self._final_module.functions:
                if not fn.is_declaration and fn.linkage == ll.Linkage.external:
                    fn.linkage = ll.Linkage.linkonce_odr
            self._shared_module = self._final_module
            return
        finalize_module(self)

    set_env = codegen.JITCPUCodegen.set_env

    def _set_env(self, env_name, env):
        """numba's, for a library with machine code only (a link-only library's environment
        global is not in the JIT; a kernel never reads its environment)."""
        if self._engine.get_global_value_address(env_name):
            set_env(self, env_name, env)

    original_finalize = cls.finalize

    def finalize(self):
        """A kernel's library links nothing (it keeps its callees' libraries); a library with
        a wrapper links the whole call graph below it, each kernel once."""
        if _own_kernel_without_wrapper(self):
            self._glowsim_link_only = True
            self._glowsim_callees = self._linking_libraries
            self._linking_libraries = []
        else:
            self._linking_libraries = _closure(self._linking_libraries)
        original_finalize(self)

    cls.finalize = finalize
    cls._optimize_final_module = _optimize_final_module
    jit_cls._finalize_final_module = _finalize_final_module
    codegen.JITCPUCodegen.set_env = _set_env
    cls._glowsim_hooked = True


def _own_kernel_without_wrapper(library) -> bool:
    """Before linking: whether the library's own module defines fast-path code and no
    wrapper (a kernel's library, to be left as IR)."""
    ours = False
    for fn in library._final_module.functions:
        if fn.is_declaration:
            continue
        if fn.name.startswith(_WRAPPER_PREFIXES):
            return False
        ours = ours or _KERNEL_MARK in fn.name
    return ours


def _closure(libs) -> list:
    """The libraries to link into a library with a wrapper: those it calls and, through the
    kernels' libraries (which link nothing), every library they call, each once, callers
    before their callees."""
    out, seen, stack = [], set(), list(reversed(libs))
    while stack:
        lib = stack.pop()
        if id(lib) in seen:
            continue
        seen.add(id(lib))
        out.append(lib)
        stack.extend(reversed(getattr(lib, "_glowsim_callees", ())))
    return out


_install_link_hook()


def _install_index_hook() -> None:
    """Array indexing in the fast-path kernels without numba's negative-index wraparound.

    For every signed runtime index numba emits ``i + n if i < 0 else i`` (a shift, a
    mask, an add and a load of n) before the address: about 7% of the game kernel's run
    time.  The kernels never index with a negative runtime value (a -1 sentinel is
    tested before it is used as an index), so in functions of this package a signed
    index is used as it is.  Elsewhere, and for a negative literal (``a[-1]``), numba's
    rule is kept.  ``NUMBA_BOUNDSCHECK=1`` turns a negative index into an IndexError
    (the bounds check follows this step): tests/fast/test_index_rule.py plays games
    that way."""
    from numba.core import types
    from numba.np import arrayobj
    if getattr(arrayobj, "_glowsim_hooked", False):
        return
    original = arrayobj.fix_integer_index

    def fix_integer_index(context, builder, idxty, idx, size):
        if (idxty.signed and _KERNEL_MARK in builder.function.name
                and not (isinstance(idxty, types.IntegerLiteral) and idxty.literal_value < 0)):
            return context.cast(builder, idx, idxty, types.intp)
        return original(context, builder, idxty, idx, size)

    arrayobj.fix_integer_index = fix_integer_index
    arrayobj._glowsim_hooked = True


_install_index_hook()


def kernel(fn):
    """Compiled only as part of the entries that call it (not cached on its own: module docstring)."""
    return njit(cache=False, no_cpython_wrapper=True, no_cfunc_wrapper=True, _nrt=False,
                error_model="numpy")(fn)


def entry(fn):
    """nogil: a call releases the GIL, so threads of one process play games in parallel."""
    return njit(cache=True, nogil=True)(fn)


def inline(fn):
    """A small kernel inlined into its callers at numba IR level (hot helpers whose call
    would cost more than their body: every call passes the table and state structs)."""
    return njit(inline="always", no_cpython_wrapper=True, no_cfunc_wrapper=True, _nrt=False,
                error_model="numpy")(fn)


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
