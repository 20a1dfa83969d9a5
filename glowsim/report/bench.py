"""Time `glowsim report` on a large run: wall seconds and peak resident memory.

:func:`bench_report` builds the run folder when it is not there (the shipped
``base-4p-province`` scenario, ``games`` games; a stopped build resumes), then runs
``glowsim report RUN_DIR --out TMP`` in a child process and reads the child's own peak
resident memory from ``wait4`` (the report process alone, not the build).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ..errors import UserError

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "base-4p-province.yaml"
GOAL_SECONDS = 90.0
GOAL_MIB = 2048.0


def run_games(run_dir: Path) -> int | None:
    """Games of a complete run folder (None: not a complete run).  A manifest that is not a
    run's (not a JSON object, counts that are not whole numbers) is refused naming its field."""
    m = _manifest(run_dir)
    if m is None or m.get("status") != "complete":
        return None
    f = run_dir / "manifest.json"
    counts = m.get("counts")
    if not isinstance(counts, dict):
        raise UserError(f"{f}: counts: expected a mapping of the run's counts, got "
                        f"{_show(counts)}; the manifest was damaged or edited")
    n = counts.get("games")
    if type(n) is not int or n < 1:
        raise UserError(f"{f}: counts.games: expected the run's games, a whole number 1 or more, "
                        f"got {_show(n)}; the manifest was damaged or edited")
    return n


def _manifest(run_dir: Path) -> dict | None:
    """The run folder's manifest (None when there is none); a UserError when it is not a run's."""
    f = run_dir / "manifest.json"
    if not f.exists():
        return None
    try:
        m = json.loads(f.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as e:
        raise UserError(f"{f}: cannot be read as a run manifest ({' '.join(str(e).split())[:120]})"
                        ) from None
    if not isinstance(m, dict):
        raise UserError(f"{f}: expected a JSON object (a run manifest), got a "
                        f"{type(m).__name__}; the file was damaged or replaced")
    return m


def check_folder(run_dir: Path, scenario: Path = SCENARIO) -> str:
    """What `bench --report` may do with ``run_dir``: "report" (a complete run), "build" (no
    folder, an empty one, or an unfinished run of the benchmark scenario: built or resumed).
    Anything else is refused before any game is played: the benchmark never writes beside a
    user's files."""
    if run_dir.exists() and not run_dir.is_dir():
        raise UserError(f"{run_dir}: is a file; give a run folder, or a new or empty folder for "
                        f"the benchmark run")
    if run_games(run_dir) is not None:
        return "report"
    m = _manifest(run_dir) if run_dir.is_dir() else None
    if m is None:
        if run_dir.is_dir() and any(run_dir.iterdir()):
            raise UserError(f"{run_dir}: is neither empty nor a run folder (it has no "
                            f"manifest.json); give a run folder, or a new or empty folder for the "
                            f"benchmark run")
        return "build"
    sc = m.get("scenario")
    source = sc.get("source") if isinstance(sc, dict) else None
    try:
        ours = isinstance(source, str) and Path(source).resolve() == scenario.resolve()
    except (OSError, ValueError, RuntimeError):
        ours = False
    if not ours:
        raise UserError(f"{run_dir}: an unfinished run of another scenario ({_show(source)}, status "
                        f"{_show(m.get('status'))}); finish it with its own `glowsim run`, or give "
                        f"a new or empty folder for the benchmark run")
    return "build"


def _show(v, n: int = 60) -> str:
    t = repr(v)
    return t if len(t) <= n else t[:n - 3] + "..."


def build_run(run_dir: Path, games: int, scenario: Path = SCENARIO) -> None:
    """Play ``games`` games of the scenario into ``run_dir`` (resumes a stopped build)."""
    if not scenario.exists():
        raise UserError(f"{scenario}: the benchmark scenario is missing; give a run folder "
                         f"instead (glowsim bench --report RUN_DIR)")
    cmd = [sys.executable, "-m", "glowsim", "run", str(scenario), "--games", str(games),
           "--out", str(run_dir)]
    if subprocess.run(cmd).returncode != 0:
        raise UserError(f"{run_dir}: building the benchmark run failed ({' '.join(cmd[1:])})")


def bench_report(run_dir, games: int = 10_000_000, build: bool = True) -> dict:
    """{run, games, seconds, peak_rss_mib, goals...} of one `glowsim report` on ``run_dir``."""
    run_dir = Path(run_dir)
    if check_folder(run_dir) == "build":
        if not build:
            raise UserError(f"{run_dir}: not a complete run folder")
        build_run(run_dir, games)
    have = run_games(run_dir)
    if have is None:
        raise UserError(f"{run_dir}: the benchmark run was not completed")
    with tempfile.TemporaryDirectory(prefix="glowsim-bench-report-") as out:
        cmd = [sys.executable, "-m", "glowsim", "report", str(run_dir), "--out", out]
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise UserError(f"{run_dir}: `glowsim report` exited with {proc.returncode}")
    peak = usage.ru_maxrss / 1024.0          # Linux: KiB
    return {"run": str(run_dir), "games": have, "seconds": seconds, "peak_rss_mib": peak,
            "cpu_seconds": usage.ru_utime + usage.ru_stime,
            "goal_seconds": GOAL_SECONDS, "goal_peak_rss_mib": GOAL_MIB,
            "meets_goals": seconds <= GOAL_SECONDS and peak <= GOAL_MIB}
