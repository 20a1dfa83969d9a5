"""`glowsim verify` and `glowsim bench` (small runs: speed is measured by `make bench`)."""
from __future__ import annotations

import json

from glowsim.cli.main import main

from .conftest import scale


def test_verify_cli_replays_and_agrees(compiled, capsys):
    assert main(["verify", "--games", str(scale(48, 24)), "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "replayed through the reference engine: all agree" in out


def test_verify_cli_rejects_bad_counts(capsys):
    assert main(["verify", "--games", "0"]) == 2
    assert "--games must be >= 1" in capsys.readouterr().err


def test_bench_json_keys(compiled, capsys):
    assert main(["bench", "--games", str(scale(200, 4)), "--reference-games", "4", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    for k in ("reference_games_per_s", "fast_games_per_s", "fast_games_per_s_per_core", "cores", "ratio"):
        assert r[k] > 0, k
    assert abs(r["ratio"] - r["fast_games_per_s_per_core"] / r["reference_games_per_s"]) < 1e-6 * r["ratio"]
    assert abs(r["fast_games_per_s_per_core"] * r["cores"] - r["fast_games_per_s"]) < 1e-6 * r["fast_games_per_s"]
