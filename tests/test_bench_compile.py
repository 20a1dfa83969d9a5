"""`glowsim bench --compile`: the cold compile of each compiled entry, each in a fresh process
with an empty numba cache, printed and in --json."""
from __future__ import annotations

import json
import os

import pytest

from glowsim.cli.main import main

JIT = os.environ.get("NUMBA_DISABLE_JIT", "0") in ("", "0")

FIGURES = {"compile": {
    "core": {"wall_s": 61.0, "cpu_s": 58.5, "llvm_cpu_s": 21.25, "process_wall_s": 63.0,
             "what": "the fast path (games, forks and the search bot)", "estimate_s": 55.0},
    "tables": {"wall_s": 3.5, "cpu_s": 3.4, "llvm_cpu_s": 1.0, "process_wall_s": 5.0,
               "what": "the recruits table's passes", "estimate_s": 4.0}},
    "load_average": 0.4, "available_cores": 2, "method": "each entry in a fresh process"}


@pytest.fixture
def measured(monkeypatch):
    import glowsim.bench as B
    monkeypatch.setattr(B, "run_compile_bench", lambda: FIGURES)


def test_one_line_per_entry(measured, capsys):
    assert main(["bench", "--compile"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "cold compile, each entry in a fresh process:"
    assert out[1].split() == ["core", "61.0", "s", "wall,", "58.5", "s", "CPU", "of", "which", "LLVM",
                              "21.2", "s", "(announced", "as", "about", "55", "s):", "the", "fast",
                              "path", "(games,", "forks", "and", "the", "search", "bot)"]
    assert out[2].split()[:2] == ["tables", "3.5"]
    assert out[3] == "load average 0.4 on 2 cores"


def test_json_holds_the_figures(measured, capsys):
    assert main(["bench", "--compile", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == FIGURES


def test_compile_and_report_are_refused_together(capsys):
    assert main(["bench", "--compile", "--report"]) == 2
    assert capsys.readouterr().err.strip().endswith("--compile and --report: give one of them")


@pytest.mark.skipif(not JIT, reason="numba compiles only with the JIT on")
def test_a_cold_compile_is_measured_in_a_fresh_process():
    from glowsim.bench import run_compile_bench
    r = run_compile_bench(("tables",))
    t = r["compile"]["tables"]
    assert set(r["compile"]) == {"tables"}
    # a cold compile: numba typed and optimised the passes (an empty cache; loading the cached
    # code takes a small fraction of this)
    assert 0 < t["llvm_cpu_s"] < t["cpu_s"] and t["wall_s"] < t["process_wall_s"]
    assert t["what"] == "the recruits table's passes"
