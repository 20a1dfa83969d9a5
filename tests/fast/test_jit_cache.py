"""numba's cache of the fast path is keyed by a hash of the sources a kernel may embed
(glowsim/fast/jit.py).  Modules listed as PYTHON_ONLY are left out of that hash, so they must
hold no compiled function and no kernel module may import from them.  Kernels are not cached
on their own: their code is linked into the entries that call them."""
from __future__ import annotations

import ast
import importlib
from pathlib import Path

import numpy as np
import pytest
from numba import njit
from numba.core.caching import NullCache
from numba.core.dispatcher import Dispatcher

from glowsim.fast import jit
from glowsim.fast.api import ktables
from glowsim.fast.bots.values import expected_count_loop
from glowsim.fast.ktables import IT_SYM1
from glowsim.spec.botmath import LSTEP

from .conftest import JIT

FAST = Path(jit.__file__).resolve().parent


@pytest.mark.parametrize("name", jit.PYTHON_ONLY)
def test_python_only_modules_hold_no_compiled_function(name):
    mod = importlib.import_module(f"glowsim.fast.{name[:-3]}" if name != "__init__.py" else "glowsim.fast")
    compiled = [k for k, v in vars(mod).items() if isinstance(v, Dispatcher)
                and getattr(v, "__module__", mod.__name__) == mod.__name__]
    assert compiled == [], f"{name} defines compiled functions {compiled}: remove it from PYTHON_ONLY"


def _imported_fast_modules(path: Path) -> set[str]:
    """Top-level glowsim/fast module files a source imports from (relative or absolute)."""
    pkg = ["glowsim"] + list(path.relative_to(FAST.parent).parent.parts)
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg[:len(pkg) - node.level + 1]
                parts = base + (node.module.split(".") if node.module else [])
            else:
                parts = (node.module or "").split(".")
            names = [parts + [a.name] for a in node.names] if not node.module else [parts]
            for p in names:
                if p[:2] == ["glowsim", "fast"] and len(p) == 3:
                    out.add(p[2] + ".py")
    return out


def test_kernel_sources_import_nothing_python_only():
    sources = jit._fast_sources()
    assert FAST / "game.py" in sources and FAST / "api.py" not in sources
    for src in sources:
        if src.parent.is_relative_to(FAST):
            bad = _imported_fast_modules(src) & set(jit.PYTHON_ONLY)
            assert not bad, f"{src.name} imports {bad}, which are left out of the kernel cache key"


def test_import_scan_sees_relative_imports():
    assert "state.py" in _imported_fast_modules(FAST / "game.py")
    assert "api.py" in _imported_fast_modules(FAST / "verify.py")


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
