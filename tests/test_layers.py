"""The package's layers import one way (pyproject.toml's import contracts), no module takes part
in an import cycle (imports inside functions included), and the fast path's compiler is
loaded only when a kernel is needed."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]


def _env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + [p for p in [env.get("PYTHONPATH")] if p])
    return env


def test_import_contracts_are_kept(tmp_path):
    code = ("import sys; from importlinter.cli import lint_imports; "
            f"sys.exit(lint_imports(no_logo=True, cache_dir={str(tmp_path)!r}))")
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_env(), capture_output=True,
                       text=True, timeout=300)
    assert "0 broken" in p.stdout and p.returncode == 0, p.stdout + p.stderr


def import_cycles(graph) -> list[list[str]]:
    """The strongly connected components of more than one module of an import graph (Tarjan's
    algorithm, iterative): every import cycle lies within one of them."""
    modules = sorted(graph.modules)
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    for root in modules:
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            w = next(children, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph.find_modules_directly_imported_by(w)))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def test_cycle_finder_finds_a_cycle_through_three_modules():
    g = grimp.ImportGraph()
    for a, b in [("p.a", "p.b"), ("p.b", "p.c"), ("p.c", "p.a"), ("p.c", "p.d"), ("p.e", "p.d")]:
        g.add_import(importer=a, imported=b)
    assert import_cycles(g) == [["p.a", "p.b", "p.c"]]


def test_no_import_cycles_among_glowsim_modules():
    # grimp reads every import statement, those inside functions too
    graph = grimp.build_graph("glowsim", cache_dir=None)
    assert "glowsim.cli.main" in graph.modules
    cycles = import_cycles(graph)
    detail = [[(m, i) for m in c for i in sorted(graph.find_modules_directly_imported_by(m)) if i in c]
              for c in cycles]
    assert cycles == [], f"import cycles: {detail}"


NO_NUMBA = "import sys; {stmt}; sys.exit(3 if 'numba' in sys.modules else 0)"


@pytest.mark.parametrize("stmt", [
    "import glowsim.fast",
    "import glowsim.fast as f; f.FEATURES, f.bot_preset('expert'), f.PRESETS",
    "import glowsim.engine, glowsim.scenarios, glowsim.runner, glowsim.analysis, glowsim.report",
    "import glowsim.tune as t, glowsim.train as r; dir(t), dir(r)",
])
def test_importing_loads_no_numba(stmt):
    p = subprocess.run([sys.executable, "-c", NO_NUMBA.format(stmt=stmt)], cwd=ROOT, env=_env(),
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, f"{stmt!r} imported numba" if p.returncode == 3 else p.stderr


def test_a_kernel_name_loads_numba():
    # the counterpart: the check above sees numba when it is loaded
    stmt = "from glowsim.fast import play_block"
    p = subprocess.run([sys.executable, "-c", NO_NUMBA.format(stmt=stmt)], cwd=ROOT, env=_env(),
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 3, p.stderr


@pytest.mark.parametrize("argv", [["--help"], ["run", "--help"], ["bench", "--help"], ["tune", "--help"],
                                  ["verify", "--help"], ["--version"]])
def test_help_loads_no_numba(argv):
    code = ("import sys; from glowsim.cli.entry import run; code = run(sys.argv[1:]); "
            "sys.exit(3 if 'numba' in sys.modules else code)")
    p = subprocess.run([sys.executable, "-c", code, *argv], cwd=ROOT, env=_env(),
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, "numba was imported" if p.returncode == 3 else p.stderr
    assert "glowsim" in p.stdout
