"""glowsim/fast/numba_patches.py: numba's changes for the fast path are made at the first compile
of a kernel (not at import), apply to registered kernels only, and another numba or llvmlite
version than the tested one is named in one line at that first use."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import glowsim
from glowsim.fast import numba_patches as NP

from .conftest import JIT

ROOT = Path(glowsim.__file__).resolve().parent.parent


def _run(code: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_BOUNDSCHECK",)}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


def test_tested_versions_give_no_message():
    assert NP.version_problem("0.68.1", "0.50.0") == ""
    assert NP.version_problem("0.68.0rc1", "0.50.2") == ""


@pytest.mark.parametrize("numba_v, llvmlite_v, named", [
    ("0.69.0", "0.50.0", "numba 0.69.0"),
    ("0.68.1", "0.44.0", "llvmlite 0.44.0"),
    ("1.0", "0.50.0", "numba 1.0"),
])
def test_another_version_is_named_in_one_line(numba_v, llvmlite_v, named):
    why = NP.version_problem(numba_v, llvmlite_v)
    assert "\n" not in why and named in why
    assert "numba 0.68.x" in why and "'numba>=0.68,<0.69'" in why


def test_the_pins_of_pyproject_are_the_tested_versions():
    import tomllib
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    for name, (a, b) in NP.TESTED.items():
        assert f"{name}>={a}.{b},<{a}.{b + 1}" in deps


@pytest.mark.skipif(not JIT, reason="compiled code only")
def test_first_use_names_another_numba_once():
    r = _run("""
        import numba
        numba.__version__ = "0.70.1"          # as if another numba were installed
        from glowsim.fast import numba_patches as NP
        from glowsim.fast.kernel.streams import nb_mix
        print(NP.installed())
        nb_mix(3); nb_mix(4)
        print(NP.installed())
    """)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["False", "True"]
    lines = [l for l in r.stderr.splitlines() if "glowsim" in l]
    assert len(lines) == 1 and "installed: numba 0.70.1" in lines[0], r.stderr


@pytest.mark.skipif(not JIT, reason="compiled code only")
def test_importing_kernels_changes_nothing_in_numba_until_one_is_compiled():
    r = _run("""
        from numba.core import codegen
        from numba.np import arrayobj
        import glowsim.fast.game.loop, glowsim.fast.play
        from glowsim.fast import numba_patches as NP
        hooked = lambda: (getattr(codegen.CPUCodeLibrary, "_glowsim_hooked", False),
                          getattr(arrayobj, "_glowsim_hooked", False))
        print(NP.registered() > 50, *hooked())
        from glowsim.fast.kernel.streams import nb_mix
        nb_mix(3)
        print(*hooked())
    """)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["True", "False", "False", "True", "True"]
    assert "glowsim:" not in r.stderr   # the tested numba: no message


@pytest.mark.skipif(not JIT, reason="registered only when compiled")
def test_kernels_are_known_by_the_registry_not_by_name():
    import glowsim.fast.game.loop  # noqa: F401  (registers the game kernels)
    from numba.core.itanium_mangler import mangle_identifier
    own = "_Z" + mangle_identifier("glowsim.fast.game.loop.play_range", abi_tags=("v1",)) + "xx"
    assert NP.is_own(own)
    assert NP.is_own("_ZN7cpython" + own[3:]) and NP.is_own("cfunc." + own)   # its wrappers
    assert NP.is_own("_Z" + mangle_identifier("glowsim.fast.game.loop.play_range.<locals>.f") + "x")
    # a function of the package that no decorator of the fast path made, and others
    assert not NP.is_own("_Z" + mangle_identifier("glowsim.fast.game.loop.no_such_kernel") + "x")
    assert not NP.is_own("_Z" + mangle_identifier("glowsim_probe.get") + "x")
    assert not NP.is_own("_ZN5numba2np8arrayobj3getE")
    assert not NP.is_own("NRT_decref")


_MAIN = "declare i64 @a()\ndefine i64 @main() {\n  %x = call i64 @a()\n  ret i64 %x\n}\n"


class _Lib:
    """A code library as the link order sees it: a module of linkable definitions."""

    def __init__(self, ir: str):
        from llvmlite import binding as ll
        self.ir = ir
        self.module = ll.parse_assembly(ir)

    def _get_module_for_linking(self):
        return self.module


def _declared_after_linking(libs) -> list[str]:
    from llvmlite import binding as ll
    own = ll.parse_assembly(_MAIN)
    for lib in libs:
        own.link_in(ll.parse_assembly(lib.ir), preserve=True)
    return sorted(f.name for f in own.functions if f.is_declaration)


def test_each_library_is_linked_after_one_that_calls_it():
    """LLVM links a linkonce_odr definition only into a module that already refers to it; a
    library's list of callees can name one before its caller (or one nothing calls any more)."""
    from llvmlite import binding as ll
    a = _Lib("declare i64 @b()\ndefine linkonce_odr i64 @a() {\n  %x = call i64 @b()\n  ret i64 %x\n}\n")
    b = _Lib("define linkonce_odr i64 @b() {\n  ret i64 1\n}\n")
    c = _Lib("define linkonce_odr i64 @c() {\n  ret i64 2\n}\n")   # called by nothing
    listed = [b, c, a]
    assert _declared_after_linking(listed) == ["b"]    # @b dropped: linked before its caller
    order = NP._link_order(ll.parse_assembly(_MAIN), listed)
    assert order == [a, b, c]
    assert _declared_after_linking(order) == []
