"""The fast path's changes to how numba compiles: every change glowsim makes to numba's own
code is here, made once per process by :func:`install` when a kernel of the fast path is first
compiled (or loaded from numba's cache), never when a module is imported.

They apply to the kernels of glowsim only: functions made by the decorators of
glowsim/fast/jit.py, which :func:`register` them.  Other numba code of the process compiles
as numba makes it.

- **Link hook** (:func:`_install_link_hook`): a kernel's library is left as linkable IR (no
  optimisation, no machine code of its own); a library with a Python wrapper links the whole
  call graph below it, each kernel once, gives the linked kernels internal linkage (so LLVM
  may drop unused arguments and inline single-use callees) and runs an -O3 pass ahead of
  numba's own.
- **Index hook** (:func:`_install_index_hook`): in the kernels a signed runtime index is used
  as it is, without numba's negative-index wraparound (the kernels never index with a
  negative runtime value; ``NUMBA_BOUNDSCHECK=1`` turns one into an IndexError).

These reach into numba's internals, so the fast path is pinned to the numba and llvmlite
versions it is tested with (pyproject.toml); :func:`version_problem` names another one in one
line at the first compile.
"""
from __future__ import annotations

import os
import re
import sys
import threading
from collections import deque

# the numba and llvmlite minor versions these patches are written and tested against
TESTED = {"numba": (0, 68), "llvmlite": (0, 50)}

# GLOWSIM_NOINLINE=1: no kernel is inlined into another (slower, cached apart), so that a
# sampling profiler (perf with a map of the compiled functions) gives each kernel's own time
NOINLINE = os.environ.get("GLOWSIM_NOINLINE", "0") not in ("", "0")

# numba's names of a function's wrappers, whatever its module (a test's njit function that
# calls kernels has one): the CPython wrapper (its mangled name in the namespace "cpython")
# and the C wrapper
_WRAPPER_PREFIXES = ("_ZN7cpython", "cfunc.")

_lock = threading.Lock()
_installed = False
_warned = False

# ---- the registry of glowsim kernels ----

_OWN: set[tuple[str, ...]] = set()       # (module parts..., qualname parts...), as numba mangles them
_SEEN: dict[str, bool] = {}              # LLVM function name -> is it (a wrapper of) a kernel of ours


def _mangled_parts(dotted: str) -> tuple[str, ...]:
    """The parts of a dotted name as they appear in numba's mangled names (escaped)."""
    from numba.core.itanium_mangler import _escape_string
    return tuple(_escape_string(p) for p in dotted.split("."))


def register(py_func) -> None:
    """Record a Python function compiled by one of the fast path's decorators as a kernel of
    glowsim: the hooks apply to its compiled code (and to functions nested in it)."""
    _OWN.add(_mangled_parts(f"{py_func.__module__}.{py_func.__qualname__}"))
    _SEEN.clear()


def registered() -> int:
    """How many functions are registered."""
    return len(_OWN)


_LEN = re.compile(r"\d+")


def _name_parts(name: str) -> tuple[str, ...]:
    """The dotted-name parts of a numba-mangled function name
    (``_ZN7glowsim4fast4game4loop10play_rangeB..E..`` -> ('glowsim', 'fast', 'game', 'loop',
    'play_range')), without a wrapper's namespace."""
    if name.startswith("cfunc."):
        name = name[len("cfunc."):]
    if not name.startswith("_ZN"):
        return ()
    parts, i = [], 3
    while True:
        m = _LEN.match(name, i)
        if not m:
            break
        n, i = int(m.group()), m.end()
        parts.append(name[i:i + n])
        i += n
    if parts[:1] == ["cpython"]:
        parts = parts[1:]
    return tuple(parts)


def is_own(name: str) -> bool:
    """Whether an LLVM function name is the compiled code of a registered kernel, of a function
    nested in one, or a wrapper of one."""
    hit = _SEEN.get(name)
    if hit is None:
        parts = _name_parts(name)
        hit = any(parts[:k] in _OWN for k in range(2, len(parts) + 1))
        _SEEN[name] = hit
    return hit


# ---- versions ----

def _minor(version: str) -> tuple[int, int]:
    m = re.match(r"(\d+)\.(\d+)", version)
    return (int(m.group(1)), int(m.group(2))) if m else (-1, -1)


def version_problem(numba_version: str, llvmlite_version: str) -> str:
    """One line naming the installed numba/llvmlite when either is not a tested minor version
    ("" when both are)."""
    found = {"numba": numba_version, "llvmlite": llvmlite_version}
    off = [k for k, v in found.items() if _minor(v) != TESTED[k]]
    if not off:
        return ""
    want = ", ".join(f"{k} {'.'.join(map(str, TESTED[k]))}.x" for k in TESTED)
    have = ", ".join(f"{k} {found[k]}" for k in TESTED)
    pins = " ".join(f"'{k}>={a}.{b},<{a}.{b + 1}'" for k, (a, b) in TESTED.items())
    return (f"glowsim: the fast path is tested with {want}; installed: {have}: its compiled "
            f"kernels may fail or play differently (pip install {pins})")


def check_versions() -> str:
    """Print the version problem, if any, once per process on stderr; return it."""
    global _warned
    import llvmlite
    import numba
    why = version_problem(numba.__version__, llvmlite.__version__)
    if why and not _warned:
        _warned = True
        print(why, file=sys.stderr)
    return why


# ---- install ----

def install() -> None:
    """Make numba's changes for the fast path (once per process; called by the fast path's
    compiled functions before their first compile or cache load)."""
    global _installed
    if _installed:
        return
    with _lock:
        if _installed:
            return
        check_versions()
        _install_link_hook()
        _install_index_hook()
        _installed = True


def installed() -> bool:
    return _installed


def _optimize_twice(library) -> None:
    """An -O3 module pass (loop vectorisation on) before numba's own passes, for the
    fast path's libraries only.

    numba first runs a "cheap" -O0 pass (inlining, for the reference-count pruning that
    follows), then the full -O3 pass.  An -O3 pass first, as ``NUMBA_OPT=max`` runs in
    place of the cheap one for every library of the process, gives the full pass inlined
    and simplified code to work on (docs/performance.md).  Done here, it leaves
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
        if fn.is_declaration or not is_own(fn.name):
            continue
        ours = True
        if fn.linkage == ll.Linkage.linkonce_odr:
            fn.linkage = ll.Linkage.internal
            if NOINLINE:
                fn.add_function_attribute("noinline")
    return ours


def _install_link_hook() -> None:
    """numba finalizes every compiled function's library: it links the libraries of the
    functions it calls into its module, optimizes the module, and makes it machine code.
    For the fast path's libraries:

    - the linked kernels are made internal (:func:`_internalize_linked_kernels`), and an
      entry's module gets an -O3 pass ahead of numba's own (:func:`_optimize_twice`);
    - a kernel's library (fast-path code, no wrapper) is left as linkable IR: it links
      nothing, and is neither optimized nor made machine code.  A library with a wrapper
      links every library of the call graph below it, each kernel once, each after a library
      that calls it (:func:`_link_order`).  A kernel's code only ever runs linked into such a
      library, whose module is optimized whole; optimizing each kernel's module (its callees
      linked in) and making it machine code was work thrown away and kept in memory.  Left out, a cold compile of the game kernel takes
      about 40% less time and 330 MiB less memory at its peak, and the game kernel is as
      fast or a little faster (docs/performance.md).  Such a library has no
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
            self._linking_libraries = _link_order(self._final_module, _closure(self._linking_libraries))
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
        ours = ours or is_own(fn.name)
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


def _symbols(module) -> tuple[set, set]:
    """The names a module defines and those it declares (functions and global variables)."""
    defined, declared = set(), set()
    for values in (module.functions, module.global_variables):
        for v in values:
            (declared if v.is_declaration else defined).add(v.name)
    return defined, declared


def _link_order(own, libs) -> list:
    """``libs`` ordered so that each is linked after a library that calls into it.

    LLVM links a ``linkonce_odr`` definition (a kernel's code, numba's helpers) only when
    the module it is linked into already refers to it; one linked earlier is dropped. A
    library's list of callees can name libraries its code no longer calls (numba's function
    passes remove calls in branches a constant decides), so the order of that list does not
    guarantee it. Here a library comes right after the first one (or the library's own
    module ``own``) that declares a name it defines, walked breadth first from ``own``; the
    libraries nothing refers to come last (linking them adds nothing)."""
    defined_by: dict[str, int] = {}
    declares = []
    for i, lib in enumerate(libs):
        defined, declared = _symbols(lib._get_module_for_linking())
        declares.append(declared)
        for name in defined:
            defined_by.setdefault(name, i)
    order, placed = [], set()
    pending = deque(_symbols(own)[1])
    while pending:
        name = pending.popleft()
        i = defined_by.get(name)
        if i is None or i in placed:
            continue
        placed.add(i)
        order.append(libs[i])
        pending.extend(declares[i])
    return order + [lib for i, lib in enumerate(libs) if i not in placed]


def _install_index_hook() -> None:
    """Array indexing in the fast-path kernels without numba's negative-index wraparound.

    For every signed runtime index numba emits ``i + n if i < 0 else i`` (a shift, a
    mask, an add and a load of n) before the address: about 7% of the game kernel's run
    time.  The kernels never index with a negative runtime value (a -1 sentinel is
    tested before it is used as an index), so in the registered kernels a signed index is
    used as it is.  Elsewhere, and for a negative literal (``a[-1]``), numba's rule is kept.
    ``NUMBA_BOUNDSCHECK=1`` turns a negative index into an IndexError (the bounds check
    follows this step): tests/fast/test_index_rule.py plays games that way."""
    from numba.core import types
    from numba.np import arrayobj
    if getattr(arrayobj, "_glowsim_hooked", False):
        return
    original = arrayobj.fix_integer_index

    def fix_integer_index(context, builder, idxty, idx, size):
        if (idxty.signed and is_own(builder.function.name)
                and not (isinstance(idxty, types.IntegerLiteral) and idxty.literal_value < 0)):
            return context.cast(builder, idx, idxty, types.intp)
        return original(context, builder, idxty, idx, size)

    arrayobj.fix_integer_index = fix_integer_index
    arrayobj._glowsim_hooked = True
