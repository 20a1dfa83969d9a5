"""The rebalance finds a planted imbalance: a deliberately broken card (A24 printed at +15
bursts among 20 identical plain companions, scenarios/rebalance-planted.yaml) is found and fixed
by `glowsim rebalance`, which leaves every other card as printed; the patch loads in a scenario
and the report renders.

The search really runs (fast engine, 800 games a play, seeded): no shortcut."""
import json
from pathlib import Path

import pandas as pd
import pytest
import yaml

from glowsim.cli.main import main
from glowsim.report.html import STYLE
from glowsim.scenarios import expand, load_scenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "rebalance-planted.yaml"


@pytest.fixture(scope="module")
def planted(tmp_path_factory):
    out = tmp_path_factory.mktemp("planted") / "rb"
    code = main(["rebalance", str(SCENARIO), "--games", "800", "--verify-games", "800",
                 "--budget", "6", "--out", str(out), "--quiet"])
    return code, out, json.loads((out / "rebalance.json").read_text())


def test_finds_and_fixes_the_planted_card(planted):
    code, out, res = planted
    assert code == 0
    assert [(e["card"], e["field"], e["before"]) for e in res["edits"]] == [("A24", "bursts", 18)]
    assert 2 <= res["edits"][0]["after"] <= 5          # the plain cards print 3
    assert res["stop_reason"] == "no card left significantly out of tolerance"
    assert {entry["card"] for entry in res["log"]} == {"A24"}   # no other card was even tried


def test_balanced_cards_untouched_and_the_fix_holds_on_fresh_games(planted):
    _, out, res = planted
    cards = pd.read_csv(out / "tables" / "rebalance_cards.csv").set_index("card")
    assert cards.loc["A24", "verify_before_status"] == "above"
    assert cards.loc["A24", "verify_after_status"] not in ("above", "below")
    assert abs(cards.loc["A24", "verify_after_dev"]) < 0.1 < cards.loc["A24", "verify_before_dev"]
    # the other deck-A cards only looked weak because A24's recruiter won: back in line
    others_a = [f"A{i}" for i in range(25, 34)]
    assert (cards.loc[others_a, "verify_before_status"] == "below").sum() >= 5
    assert not cards.loc[others_a, "verify_after_status"].isin(["above", "below"]).any()
    assert not cards["verify_after_status"].isin(["above", "below"]).any()
    assert cards["edited"].sum() == 1


def test_the_patch_loads_as_a_scenario_variant(planted, tmp_path):
    _, out, res = planted
    patch = yaml.safe_load((out / "patch.yaml").read_text())
    after = res["edits"][0]["after"]
    assert patch == {"companions": {"A24": {"bursts": after}}}
    text = SCENARIO.read_text() + (f"variants:\n  - name: printed\n  - name: rebalanced\n"
                                   f"    content_files: [{out / 'patch.yaml'}]\n")
    (tmp_path / "sc.yaml").write_text(text)
    runs = {r.name: r for r in expand(load_scenario(tmp_path / "sc.yaml"))}
    printed, fixed = runs["printed"].game().content, runs["rebalanced"].game().content
    assert printed.companions["A24"].bursts == 18 and fixed.companions["A24"].bursts == after
    assert runs["rebalanced"].content_hash == res["content_hash"]
    same = {k: v for k, v in fixed.companions.items() if k != "A24"}
    assert same == {k: v for k, v in printed.companions.items() if k != "A24"}
    assert fixed.adventurers == printed.adventurers


def test_report_lists_the_edit_with_intervals_and_the_verification(planted):
    _, out, _ = planted
    html = (out / "report.html").read_text()
    md = (out / "summary.md").read_text()
    assert "A24 Plain A24: printed bursts 18 →" in html
    assert html.count("<img") >= 2                      # companions, adventurers (+ search)
    assert "fresh" in html and "95%" in html
    assert "| A24 Plain A24 | printed bursts | 18 |" in md
    # the run report's page builder: its frame, the edits shown in full, the rest folded
    assert html.startswith("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
                           "<title>glowsim rebalance: ") and STYLE in html
    assert "<nav>" in html and "<h2 id='glossary'>Glossary</h2>" in html
    assert "<h3>Proposed edits</h3><div class='shown'><table>" in html
    assert "(tables/rebalance_cards.csv) - fresh games" in html
    assert "### Proposed edits" in md and "## Glossary" in md
    for name in ("rebalance_companions", "rebalance_adventurers"):
        assert (out / "figures" / f"{name}.png").stat().st_size > 5000
    edits = pd.read_csv(out / "tables" / "rebalance_edits.csv")
    row = edits.iloc[0]
    assert row["verify_after_metric_low"] < row["verify_after_metric"] < row["verify_after_metric_high"]
    assert row["verify_change_high"] < 0                 # significantly weaker, paired


def test_scenario_with_variants_needs_variant(tmp_path, capsys):
    (tmp_path / "sc.yaml").write_text("players: 3\nvariants:\n  - name: a\n  - name: b\n")
    assert main(["rebalance", str(tmp_path / "sc.yaml"), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "expands into 2 runs" in err and "--variant" in err
    assert main(["rebalance", str(tmp_path / "sc.yaml"), "--variant", "c", "--quiet"]) == 2
    assert "no run named 'c'" in capsys.readouterr().err


def test_verification_seed_must_be_fresh(tmp_path, capsys):
    (tmp_path / "sc.yaml").write_text("players: 3\nseed: 5\n")
    assert main(["rebalance", str(tmp_path / "sc.yaml"), "--verify-seed", "5", "--quiet"]) == 2
    assert "fresh" in capsys.readouterr().err
