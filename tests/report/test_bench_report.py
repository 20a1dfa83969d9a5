"""`glowsim bench --report`: wall time and peak memory of `glowsim report` on a run folder."""
import json
import subprocess
import sys

import pytest

from glowsim.report.bench import bench_report, run_games
from tests.analysis.synth import tiny_tables, write_run


def test_times_the_report_of_a_complete_run(tmp_path):
    games, players, recruits, manifest = tiny_tables()
    manifest = dict(manifest, status="complete", counts={"games": 2})
    run = write_run(tmp_path / "tiny", games, players, recruits, manifest)
    assert run_games(run) == 2
    r = bench_report(run, build=False)
    assert r["games"] == 2
    assert r["seconds"] > 0 and r["peak_rss_mib"] > 20      # a Python process with pandas
    assert r["meets_goals"] == (r["seconds"] <= 90 and r["peak_rss_mib"] <= 2048)
    out = subprocess.run([sys.executable, "-m", "glowsim", "bench", "--report", str(run),
                          "--json"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["games"] == 2


def test_an_incomplete_folder_is_refused_without_building(tmp_path):
    (tmp_path / "manifest.json").write_text(json.dumps({"status": "running"}))
    assert run_games(tmp_path) is None
    with pytest.raises(ValueError, match="an unfinished run of another scenario"):
        bench_report(tmp_path, build=False)
