"""The rebalance on the published game: the base-game rebalance runs and its report renders,
showing which cards it would change and why (few games and a small budget: slow, not a timing)."""
import json
from pathlib import Path

import pandas as pd
import pytest

from glowsim.cli.main import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_base_game_rebalance_report_renders(tmp_path):
    out = tmp_path / "rb"
    assert main(["rebalance", str(ROOT / "scenarios" / "rebalance-base-4p.yaml"), "--games", "2000",
                 "--budget", "3", "--out", str(out), "--quiet"]) == 0
    res = json.loads((out / "rebalance.json").read_text())
    cards = pd.read_csv(out / "tables" / "rebalance_cards.csv")
    assert len(cards) == 46 + 7                        # every companion and adventurer judged
    assert res["evaluations"] <= 3 and res["log"]      # the search played candidates
    html = (out / "report.html").read_text()
    assert html.count("<img") >= 2 and "Rebalance: proposed edits" in html
    for e in res["edits"]:                             # each edit is shown with why
        assert f"{e['card']} " in html and f"{e['before']} → {e['after']}" in html
    search = pd.read_csv(out / "tables" / "rebalance_search.csv")
    assert set(search["decision"]) <= {"accepted", "rejected"} and search["reason"].notna().all()
