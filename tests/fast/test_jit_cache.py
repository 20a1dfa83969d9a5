"""numba's cache of the fast path is keyed by a hash of the sources a kernel may embed
(glowsim/fast/jit.py).  Modules listed as PYTHON_ONLY are left out of that hash, so they must
hold no compiled function and no kernel module may import from them."""
from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest
from numba.core.dispatcher import Dispatcher

from glowsim.fast import jit

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
    assert "api.py" in _imported_fast_modules(FAST / "bench.py")
