"""The API reference (`make docs`, tools/apidocs.py) builds, and every docstring
cross-reference in the package names something."""
from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _tool():
    spec = importlib.util.spec_from_file_location("apidocs", ROOT / "tools" / "apidocs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_reference_builds_without_problems(tmp_path):
    tool = _tool()
    assert tool.build(tmp_path) == []
    pages = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.html")}
    for layer in tool.layers():
        assert layer.replace(".", "/") + ".html" in pages


def test_a_reference_to_nothing_is_found():
    tool = _tool()
    module = types.ModuleType("glowsim.analysis.fake")
    module.__file__ = str(ROOT / "glowsim" / "analysis" / "fake.py")
    sys.modules["glowsim.analysis.fake"] = module
    try:
        assert tool._found("glowsim.analysis.Run", module)
        assert tool._found("Run", module)                  # from the package above
        assert tool._found("intervals.wilson", module) or tool._found("intervals", module)
        assert not tool._found("NoSuchThing", module)
        assert not tool._found("glowsim.analysis.Run.no_such_method", module)
    finally:
        del sys.modules["glowsim.analysis.fake"]
