"""`glowsim verify` and `glowsim bench` (small runs: speed is measured by `make bench`)."""
from __future__ import annotations

import json

import pytest

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
    assert main(["bench", "--games", str(scale(200, 4)), "--reference-games", "4",
                 "--fork-games", str(scale(8, 2)), "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    for k in ("reference_games_per_s", "fast_games_per_s", "fast_games_per_s_per_core", "cores", "ratio",
              "fork_game_equivalents_per_s", "fork_continuations"):
        assert r[k] > 0, k
    assert r["fork_games"] == scale(8, 2)
    assert abs(r["fork_ratio"] - r["fork_game_equivalents_per_s"] / r["fast_games_per_s"]) < 1e-6 * r["fork_ratio"]
    assert abs(r["ratio"] - r["fast_games_per_s_per_core"] / r["reference_games_per_s"]) < 1e-6 * r["ratio"]
    assert abs(r["fast_games_per_s_per_core"] * r["cores"] - r["fast_games_per_s"]) < 1e-6 * r["fast_games_per_s"]


def test_bench_segments_cover_the_workload_once():
    """The side-by-side bench cuts each engine's games into stretches: every game index of
    each side played once, half the games on each side, every stretch on both engines."""
    from glowsim.bench import SIDES, _side_spans
    for n, parts in ((200_000, 6), (120, 6), (7, 3), (5, 4), (2, 1)):
        spans = _side_spans(n, parts)
        assert len(spans) == parts
        for side in SIDES:
            idx = [g for st in spans for s, a, c in st if s == side for g in range(a, a + c)]
            assert idx == list(range(len(idx)))
        per_side = [sum(c for st in spans for s, _, c in st if s == side) for side in SIDES]
        assert sum(per_side) == n and 0 <= per_side[0] - per_side[1] <= 1


def test_bench_json_reports_segments(compiled, capsys):
    assert main(["bench", "--games", "12", "--reference-games", "6", "--segments", "3",
                 "--fork-games", "3", "--workers", "1", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["segments"] == 3 and len(r["segment_ratios"]) == 3
    assert r["ratio_min"] == min(r["segment_ratios"]) and r["ratio_max"] == max(r["segment_ratios"])
    lo, hi = r["ratio_ci95"]
    assert lo <= r["ratio_segments_geomean"] <= hi
    # each side timed apart: its games add up to the run's, its ratio is its speeds' quotient
    sides = r["by_side"]
    assert sorted(sides) == ["archipelago", "province"]
    assert sum(v["fast_games"] for v in sides.values()) == r["games"] == 12
    assert sum(v["reference_games"] for v in sides.values()) == r["reference_games"] == 6
    assert [sides[s]["fast_games"] for s in ("province", "archipelago")] == [6, 6]
    for v in sides.values():
        assert v["ratio"] == pytest.approx(v["fast_games_per_s_per_core"] / v["reference_games_per_s"])
    # fewer reference games than two per segment: fewer segments (one game of each side each)
    assert main(["bench", "--games", "12", "--reference-games", "4", "--segments", "3",
                 "--workers", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["segments"] == 2
    assert main(["bench", "--segments", "0"]) == 2
    assert "--segments must be in 1..1000, got 0" in capsys.readouterr().err


def test_bench_text_names_the_cores_it_played_on(compiled, capsys):
    """The text output and the method say how many cores the fast path played on (one core
    with --workers 1, not "all cores" / "1 cores")."""
    assert main(["bench", "--games", "4", "--reference-games", "2", "--segments", "1",
                 "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert " games/s on 1 core = " in out
    assert "each fast-path games on 1 core then reference games on one core" in out


def test_bench_segment_interval():
    """The ratio's 95% interval: a t interval on the segments' log ratios (scipy's t)."""
    import math
    from glowsim.bench import segment_interval
    geo, lo, hi = segment_interval([100.0, 400.0])
    assert math.isclose(geo, 200.0)
    half = 12.706204736174694 * math.log(4.0) / math.sqrt(2) / math.sqrt(2)   # t(0.975, 1 df)
    assert math.isclose(lo, 200.0 * math.exp(-half)) and math.isclose(hi, 200.0 * math.exp(half))
    assert all(math.isclose(x, 150.0) for x in segment_interval([150.0, 150.0, 150.0]))
    assert segment_interval([180.0]) == (180.0, 180.0, 180.0)
    # more agreeing segments: a narrower interval
    wide = segment_interval([140.0, 200.0, 160.0])
    narrow = segment_interval([140.0, 200.0, 160.0] * 4)
    assert narrow[2] - narrow[1] < wide[2] - wide[1]


def test_bench_cli_default_segments_is_the_bench_default():
    from glowsim.cli.main import build_parser
    from glowsim.bench import SEGMENTS
    args = build_parser().parse_args(["bench"])
    assert args.segments == SEGMENTS
