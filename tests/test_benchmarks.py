"""The scripts of benchmarks/ run on a few games and print sane figures (speed itself is never
asserted: benchmarks measure it, tests do not)."""
from __future__ import annotations

import io
import math
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "benchmarks"
JIT = os.environ.get("NUMBA_DISABLE_JIT", "0") in ("", "0")

sys.path.insert(0, str(BENCH))
import abpair  # noqa: E402
import cgcount  # noqa: E402


def _env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_DISABLE_JIT", "NUMBA_BOUNDSCHECK")}
    env["PYTHONPATH"] = str(ROOT)
    env.update(extra)
    return env


def _script(name: str, *args, timeout: int = 900, **env) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(BENCH / name), *map(str, args)], cwd=ROOT,
                          env=_env(**env), capture_output=True, text=True, timeout=timeout)


def test_abpair_ratio_is_the_geometric_mean_with_a_half_width():
    r, h = abpair.ratio([math.log(1.1), math.log(1.1)])
    assert math.isclose(r, 1.1) and h == 0.0
    r, h = abpair.ratio([math.log(2.0), math.log(0.5)])
    assert math.isclose(r, 1.0) and h > 0.5
    assert abpair.summary({"province": [0.0], "archipelago": []}) == \
        "province x1.000 (+-0.000 log) all x1.000 (+-0.000 log)"


@pytest.mark.skipif(not JIT, reason="abpair times compiled games (numba is off)")
def test_abpair_smoke_a_tree_against_itself():
    p = _script("abpair.py", ROOT, ROOT, "--pairs", 2, "--games", 3)
    assert p.returncode == 0, p.stderr[-2000:]
    found = dict(re.findall(r"(province|archipelago|all) x([0-9.]+) \(\+-[0-9.]+ log\)", p.stdout))
    assert set(found) == {"province", "archipelago", "all"}, p.stdout
    # a ratio, not a speed check: a loaded machine can skew one tiny pair far from 1
    assert all(0.0 < float(x) < 1000 for x in found.values()), p.stdout


@pytest.mark.skipif(not JIT, reason="abpair times compiled games (numba is off)")
def test_abpair_dawn_plays_the_dawn_workload():
    p = _script("abpair.py", ROOT, ROOT, "--pairs", 2, "--games", 2, "--dawn")
    assert p.returncode == 0, p.stderr[-2000:]
    found = dict(re.findall(r"(province|archipelago|all) x([0-9.]+) \(\+-[0-9.]+ log\)", p.stdout))
    assert set(found) == {"province", "archipelago", "all"}, p.stdout
    assert all(0.0 < float(x) < 1000 for x in found.values()), p.stdout


def test_abpair_worker_plays_dawn_games_with_the_dawn_content(monkeypatch):
    seen = {}

    def fake_play_block(game, match, seed, first, count, **kw):
        seen.setdefault("sets", match.dawn_sets)
        seen.setdefault("players", match.n_players)

    import glowsim.fast
    monkeypatch.setattr(glowsim.fast, "play_block", fake_play_block)
    monkeypatch.setattr(sys, "stdin", io.StringIO("province 0 1\n"))
    abpair.worker("heuristic", dawn=True)
    assert seen == {"sets": ["elemental", "anibloom", "draconic"], "players": 6}


def test_abpair_refuses_a_folder_without_glowsim(tmp_path):
    p = _script("abpair.py", tmp_path, ROOT, "--pairs", 1)
    assert p.returncode == 2 and "no glowsim/ in it" in p.stderr and "Traceback" not in p.stderr


def test_replaybench_smoke_records_and_replays_the_search(tmp_path):
    # numba off for both steps here (the replay compiled is the benchmark's own use)
    calls, results = tmp_path / "calls.npz", tmp_path / "results.npz"
    p = _script("replaybench.py", "record", "search", "province", 1, calls, NUMBA_DISABLE_JIT="1")
    assert p.returncode == 0, p.stderr[-2000:]
    n = int(re.match(r"(\d+) calls of search from 1 province games", p.stdout).group(1))
    assert n > 0 and calls.exists()
    for _ in range(2):   # the second run compares against the results the first wrote
        p = _script("replaybench.py", "run", "search", calls, 1, results, NUMBA_DISABLE_JIT="1")
        assert p.returncode == 0, p.stdout + p.stderr[-2000:]
        assert re.match(rf"{n} calls of search, every result as recorded: -?\d+ ns each", p.stdout), p.stdout
    assert results.exists()


def test_replaybench_names_an_unknown_kernel(tmp_path):
    p = _script("replaybench.py", "record", "draft", "province", 1, tmp_path / "x.npz", NUMBA_DISABLE_JIT="1")
    assert p.returncode == 1 and "KERNEL must be search or reroll" in p.stderr


def _callgrind_file(path: Path) -> None:
    """A callgrind file with instruction-level costs (--dump-instr=yes): two addresses in the
    first compiled function, one in the second (after a call line, whose inclusive cost is
    skipped), one outside compiled code."""
    path.write_text("\n".join([
        "version: 1", "positions: instr", "events: Ir Bc Bcm", "fn=(1) f",
        "0x1000 10 2 1",
        "+4 5 1 0",
        "calls=1 0x2000",
        "+4 1000 0 0",     # inclusive cost of the call: not this function's own
        "0x2000 7 3 2",
        "0x9000 99 9 9",   # Python's own code
        ""]))
    Path(str(path) + ".map").write_text("1000 100 _ZN7glowsim4fast4game4loop10play_rangeE\n"
                                        "2000 40 _ZN7glowsim4fast4bots8journeys15search_provinceE\n")


def test_cgcount_counts_per_compiled_function(tmp_path):
    out = tmp_path / "g.cg"
    _callgrind_file(out)
    per, branches = cgcount.counts(str(out))
    assert {cgcount.short(k): v for k, v in per.items()} == {
        "glowsim.fast.game.loop.play_range": [15, 3, 1],
        "glowsim.fast.bots.journeys.search_province": [7, 3, 2]}
    assert sorted(b[0] for b in branches) == [1, 2]


def test_cgcount_report_prints_per_game_counts(tmp_path, capsys):
    out = tmp_path / "g.cg"
    _callgrind_file(out)
    cgcount.report(str(out), games=2, top=5)
    text = capsys.readouterr().out
    assert text.splitlines()[0] == "per game: 11 instructions, 3 conditional branches, 2 mispredicted (simulated)"
    assert "glowsim.fast.bots.journeys.search_province" in text


def test_cgcount_without_valgrind_says_so_in_one_line(tmp_path):
    p = subprocess.run([sys.executable, str(BENCH / "cgcount.py"), "run", ROOT, "province", "2",
                        tmp_path / "g.cg"], cwd=ROOT, env=_env(PATH=str(tmp_path)),
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 2
    assert p.stderr.count("\n") == 1 and "valgrind" in p.stderr and "nothing counted" in p.stderr


@pytest.mark.slow
@pytest.mark.skipif(not JIT, reason="cgcount counts compiled code (numba is off)")
def test_cgcount_smoke_under_valgrind(tmp_path):
    """The kernels compiled for a CPU valgrind runs (minutes on a host with AVX-512), then two
    games counted."""
    if cgcount.missing_tools():
        pytest.skip(f"cgcount needs {', '.join(cgcount.missing_tools())}, not installed here")
    out = tmp_path / "g.cg"
    p = _script("cgcount.py", "run", ROOT, "archipelago", 2, out, timeout=3600)
    assert p.returncode == 0, p.stderr[-2000:]
    p = _script("cgcount.py", "report", out, 2, 5)
    assert p.returncode == 0, p.stderr[-2000:]
    m = re.match(r"per game: ([\d,]+) instructions, ([\d,]+) conditional branches", p.stdout)
    assert m and int(m.group(1).replace(",", "")) > 10_000, p.stdout
    assert "glowsim.fast" in p.stdout


def test_gamestate_benchmark_prints_its_figures():
    p = _script("gamestate.py", 2, timeout=600)
    assert p.returncode == 0, p.stderr[-2000:]
    assert re.search(r"random legal 4-player game through GameState: \d+ ms wall, \d+ ms CPU a game "
                     r"\(\d+ decisions, \d+ us a decision\)", p.stdout), p.stdout
    assert len(re.findall(r"decision +\d+: clone +[0-9.]+ ms, resample_hidden +[0-9.]+ ms", p.stdout)) == 5, p.stdout


def test_analyze_benchmark_prints_both_engines_per_position():
    p = _script("analyze.py", 4, 2, "greedy", timeout=900)
    assert p.returncode == 0, p.stderr[-2000:]
    assert len(re.findall(r"reference engine: [0-9.]+ ms a rollout wall, [0-9.]+ ms CPU", p.stdout)) == 2
    assert len(re.findall(r"fast path: +[0-9.]+ ms a rollout wall, [0-9.]+ ms CPU", p.stdout)) == 2
    got = re.findall(r"\((\d+) options x 4 rollouts\): [0-9.]+ s", p.stdout)
    assert len(got) == 2 and all(int(k) >= 2 for k in got), p.stdout
