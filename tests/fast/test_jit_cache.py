"""numba's cache of the fast path is keyed by a hash of the sources a kernel may embed
(glowsim/fast/jit.py): every module of the fast path's subpackages, its compiler and the shared
sources; the Python-facing modules at the top of glowsim/fast are left out of it.  So by layout:
a top-level module holds no compiled function, every module that holds one is hashed, and no
kernel module imports a top-level one (whose constants would be embedded unhashed).  Kernels
are not cached on their own: their code is linked into the entries that call them."""
from __future__ import annotations

import ast
import importlib
import importlib.util
import pkgutil
from pathlib import Path

import numpy as np
import pytest
from numba import njit
from numba.core.caching import NullCache
from numba.core.dispatcher import Dispatcher

import glowsim.fast
from glowsim.fast import jit
from glowsim.fast.play import ktables
from glowsim.fast.bots.values import expected_count_loop
from glowsim.fast.kernel.ktables import IT_SYM1
from glowsim.spec.botmath import LSTEP

from .conftest import JIT

FAST = Path(jit.__file__).resolve().parent
COMPILER = {"jit.py", "numba_patches.py"}   # top-level, hashed: the decorators and numba's changes
# decorators and calls that make compiled code (the fast path's, numba's)
COMPILING = {"kernel", "entry", "inline", "njit", "jit", "intrinsic", "overload", "generated_jit",
             "vectorize", "cfunc"}


def fast_modules() -> list[str]:
    """Every module of glowsim.fast, subpackages included."""
    return ["glowsim.fast"] + [m.name for m in pkgutil.walk_packages(glowsim.fast.__path__, "glowsim.fast.")]


def module_file(name: str) -> Path:
    return Path(importlib.util.find_spec(name).origin).resolve()


def top_level(path: Path) -> bool:
    return path.parent == FAST


def _name(node) -> str:
    node = node.func if isinstance(node, ast.Call) else node
    return node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")


def compiles(source: Path | str) -> list[str]:
    """The functions of a source (a file or its text) that are compiled: decorated by a
    compiling decorator, or passed to one (``f = njit(g)``)."""
    tree = ast.parse(source.read_text() if isinstance(source, Path) else source)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and any(_name(d) in COMPILING for d in node.decorator_list):
            out.append(node.name)
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and _name(node.value) in COMPILING:
            out += [t.id for t in node.targets if isinstance(t, ast.Name)]
    return out


def dispatchers(name: str) -> list[str]:
    """The compiled functions a module defines (its own, not imported), as numba made them."""
    mod = importlib.import_module(name)
    return [k for k, v in vars(mod).items() if isinstance(v, Dispatcher)
            and getattr(v.py_func, "__module__", None) == name]


def test_the_module_lists_see_every_layer():
    mods = fast_modules()
    assert {"glowsim.fast.play", "glowsim.fast.kernel.state", "glowsim.fast.game.loop",
            "glowsim.fast.bots.policy", "glowsim.fast.forks.play", "glowsim.fast.solo.tom"} <= set(mods)
    assert compiles(FAST / "game" / "loop.py") and not compiles(FAST / "play.py")
    assert "kernel" in COMPILING and "entry" in COMPILING


@pytest.mark.parametrize("name", [m for m in fast_modules() if top_level(module_file(m))])
def test_top_level_modules_hold_no_compiled_function(name):
    path = module_file(name)
    if path.name in COMPILER:
        assert path in jit.kernel_sources()
        return
    assert compiles(path) == [], f"{path.name} compiles {compiles(path)}: kernel code belongs in a subpackage"
    if JIT:
        assert dispatchers(name) == [], f"{path.name} defines compiled functions {dispatchers(name)}"


def test_every_module_holding_compiled_code_is_hashed():
    hashed = set(jit.kernel_sources())
    holding = [m for m in fast_modules() if compiles(module_file(m)) or (JIT and dispatchers(m))]
    assert len(holding) > 20
    assert [m for m in holding if module_file(m) not in hashed] == []
    # every subpackage module is hashed, compiled code or not (the constants kernels read)
    assert [m for m in fast_modules() if not top_level(module_file(m))
            and module_file(m) not in hashed] == []
    assert not any(top_level(f) and f.name not in COMPILER for f in hashed)


def test_the_compiled_code_scan_sees_every_form():
    planted = ("@kernel\ndef a(): pass\n@numba.njit(cache=True)\ndef b(): pass\n"
               "c = njit(lambda x: x)\ndef d(): pass\n@functools.cache\ndef e(): pass\n")
    assert compiles(planted) == ["a", "b", "c"]


def _is_module(dotted: str) -> bool:
    try:
        return importlib.util.find_spec(dotted) is not None
    except (ModuleNotFoundError, ValueError):   # a name in a module, not a module
        return False


def _imported_fast_modules(path: Path) -> set[str]:
    """The glowsim.fast modules (dotted, names imported as modules included) a source imports
    from, relative imports resolved."""
    pkg = ["glowsim"] + list(path.relative_to(FAST.parent).parent.parts)
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg[:len(pkg) - node.level + 1]
                parts = base + (node.module.split(".") if node.module else [])
            else:
                parts = (node.module or "").split(".")
            for p in [parts] + [parts + [a.name] for a in node.names]:
                if p[:2] == ["glowsim", "fast"] and _is_module(".".join(p)):
                    out.add(".".join(p))
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.startswith("glowsim.fast.")}
    return out


def test_kernel_modules_import_no_top_level_module_but_the_compiler():
    allowed = {"glowsim.fast." + Path(c).stem for c in COMPILER} | {"glowsim.fast"}
    for d in jit.subpackages():
        for src in sorted(d.rglob("*.py")):
            top = {m for m in _imported_fast_modules(src) if top_level(module_file(m))}
            assert top <= allowed, f"{src.relative_to(FAST)} imports {top - allowed} (Python-only, not hashed)"


def test_import_scan_sees_relative_imports():
    assert "glowsim.fast.kernel.state" in _imported_fast_modules(FAST / "game" / "loop.py")
    assert "glowsim.fast.play" in _imported_fast_modules(FAST / "verify.py")
    assert "glowsim.fast.jit" in _imported_fast_modules(FAST / "kernel" / "dice.py")


# an njit function with a Python wrapper that calls a kernel (as tests do): its library must
# be made machine code, although it links in the kernel's (numba_patches, the link hook)
@njit
def _calls_kernel(K, row, lam):
    return expected_count_loop(K, row, lam, False)


@pytest.mark.skipif(not JIT, reason="compiled code only")
def test_kernels_are_linked_into_their_callers_not_compiled_alone(game):
    K = ktables(game)
    row = next(r for r in range(K.item.shape[0]) if K.item[r, IT_SYM1] >= 0)
    lam = np.zeros(8)
    lam[K.item[row, IT_SYM1]] = 37 * LSTEP
    assert _calls_kernel(K, row, lam) == K.ecount[2 * row, 37]   # the caller runs the kernel's code
    caller = next(iter(_calls_kernel.overloads.values())).library
    kernel = next(iter(expected_count_loop.overloads.values())).library
    assert not getattr(caller, "_glowsim_link_only", False)
    assert kernel._glowsim_link_only   # left as IR: no machine code of its own, nothing linked in
    assert not kernel._linking_libraries and caller._linking_libraries
    assert kernel._shared_module is kernel._final_module   # linked from, not copied first
    assert isinstance(expected_count_loop._cache, NullCache)   # and not cached on its own
