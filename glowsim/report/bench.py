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
    """Games of a complete run folder (None: not a complete run)."""
    try:
        m = json.loads((run_dir / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if m.get("status") != "complete":
        return None
    counts = m.get("counts") or {}
    n = counts.get("games") if isinstance(counts, dict) else None
    if n is None:
        n = sum(int(v.get("games", 0)) for v in m.get("variants") or [] if isinstance(v, dict))
    return int(n) if n else None


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
    have = run_games(run_dir)
    if have is None:
        if not build:
            raise UserError(f"{run_dir}: not a complete run folder")
        build_run(run_dir, games)
        have = run_games(run_dir)
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
