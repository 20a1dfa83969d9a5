"""`glowsim balance`: the search over whole values on the sign of the pick value, the chosen
value, the scenario each value plays, the outputs and the argument errors."""
import math
from pathlib import Path

import pytest
import pandas as pd
import yaml

from glowsim.cli.main import main
from glowsim.rebalance import pick_run
from glowsim.rebalance.balance import (Point, balance_card, check_card, choose, play_scenario,
                                       search_value, write_balance)
from glowsim.rebalance.edits import CardKey
from glowsim.scenarios import expand, load_scenario, parse_scenario

ROOT = Path(__file__).resolve().parents[2]


def linear(x0: float, slope: float, half: float = 1.0, t: float = 2.0, played=None):
    """evaluate(v): pick value slope * (v - x0) with a +-half interval, verdict against +-t."""
    def evaluate(v):
        if played is not None:
            played.append(v)
        y = slope * (v - x0)
        lo, hi = y - half, y + half
        verdict = ("above" if lo > t else "below" if hi < -t else
                   "within" if -t <= y <= t else "unclear")
        return Point(v, 500, 0.3, y, lo, hi, verdict)
    return evaluate


def test_a_strong_card_is_brought_down_into_the_band():
    played = []
    res = balance_card(linear(3.0, 2.5, played=played), CardKey("companion", "A24"), "bursts",
                       18, 2.0, budget=8, max_change=20)
    # 18 (+37.5) -> 17, 15, 11, 3 (within at 3.0 exactly: 0.0)
    assert played[:2] == [18, 17]
    assert res.chosen.value in (3, 4, 2) and res.chosen.verdict == "within"
    assert res.edit.old == 18 and res.edit.new == res.chosen.value
    assert len(played) <= 8 and len(set(played)) == len(played)


def test_bisection_narrows_to_neighbouring_values_when_no_value_is_within():
    # slope 10 per unit: 4.5 crosses 0, no whole value is within +-2 (values -5 and +5)
    pts, why = search_value(linear(4.5, 10.0, half=0.5), 0, -6, 12, budget=12)
    vals = [p.value for p in pts]
    assert vals[0] == 0 and {4, 5} <= set(vals)
    assert "changes sign between 4 and 5" in why
    best = choose(pts, 0)
    assert best.value in (4, 5) and best.verdict in ("below", "above")


def test_a_number_that_works_the_other_way_turns_the_search_round():
    played = []
    # pick value falls as the number grows (slope -3): a card above wants more of it
    res = balance_card(linear(6.0, -3.0, played=played), CardKey("companion", "B01"), "bursts",
                       2, 2.0, budget=10, max_change=10)
    assert played[:3] == [2, 1, 3]         # first step down moves it away: turn round
    assert res.chosen.verdict == "within" and res.chosen.value in (5, 6, 7)


def test_the_allowed_range_ends_the_search_and_says_so():
    res = balance_card(linear(40.0, 2.0), CardKey("companion", "A01"), "bursts", 3, 2.0,
                       budget=10, max_change=3)
    assert [p.value for p in res.points] == [3, 4, 6]
    assert "allowed range 0..6 ends" in res.reason
    assert res.chosen.value == 6 and res.chosen.verdict == "below"


def test_within_at_the_start_plays_once_and_writes_an_empty_patch(tmp_path):
    res = balance_card(linear(3.2, 2.0), CardKey("companion", "A11"), "bursts", 3, 2.0)
    assert [p.value for p in res.points] == [3] and res.edit is None
    files = write_balance(res, tmp_path, "test", 1000, "every recruit pick forked")
    text = files["patch"].read_text()
    assert "{}   # no edit" in text and "A11: keep: pick value -0.4 points" in text
    md = files["report"].read_text()
    assert "| 3 (chosen) | 500 | 30% | -0.4 | -1.4 to +0.6 |" in md


def test_the_patch_holds_the_chosen_value(tmp_path):
    res = balance_card(linear(3.0, 2.5), CardKey("companion", "A24"), "bursts", 18, 2.0,
                       max_change=20)
    files = write_balance(res, tmp_path, "planted", 3000, "all recruit picks forked")
    data = yaml.safe_load(files["patch"].read_text())
    assert data == {"companions": {"A24": {"bursts": res.chosen.value}}}
    md = files["report"].read_text()
    assert f"change printed bursts 18 -> {res.chosen.value}" in md
    tried = ", ".join(str(v) for v in sorted(p.value for p in res.points))
    assert f"Crossing of 0 of the line through values {tried}: 3.0 (95% CI" in md
    # every column of the table is explained
    header = next(x for x in md.splitlines() if x.startswith("| value |"))
    columns = [c.strip() for c in header.strip("|").split("|")]
    for c in columns:
        assert f"- **{c}**: " in md, c
    assert "estimated as a sweep's report estimates it" in md


def test_the_crossing_is_reported_only_with_a_significant_slope():
    res = balance_card(linear(3.0, 2.5), CardKey("companion", "A24"), "bursts", 18, 2.0,
                       max_change=20)
    assert res.crossing["significant"] and res.crossing["crossing"] == pytest.approx(3.0)


def test_no_pick_value_is_said():
    def never(v):
        return Point(v, 0, math.nan, math.nan, math.nan, math.nan, "unclear")
    res = balance_card(never, CardKey("companion", "A01"), "bursts", 3, 2.0)
    assert res.chosen is None and "no forked pick offered the card" in res.reason


# ---- the scenario each value plays ----

SWEPT = """
name: two
players: 3
seat: {adventurer: random, bot: heuristic}
games: 500
seed: 5
content:
  companions:
    B24: {name: Torch, bursts: 2, trigger: {symbols: [fire, fire]}, effect: {bursts: 3, fireflies: 1}}
variants:
  - {name: prov, side: province}
  - {name: arch, side: archipelago}
sweep:
  - {field: players, values: [3, 4]}
  - {field: content.companions.B24.bursts, range: {from: 0, to: 6}}
"""


def test_each_value_plays_the_chosen_run_alone_with_picks_forked():
    sc = parse_scenario(SWEPT, "two.yaml")
    r = pick_run(sc, "arch players=4 companions.B24.bursts=5")
    key, fld, now = check_card(r, "B24", "effect.bursts")
    assert (fld, now) == ("effect.bursts", 3)
    raw = play_scenario(sc, r, key, fld, 7, None)
    assert [v["name"] for v in raw["variants"]] == ["arch"]
    assert raw["sweep"] == [{"field": "players", "values": [4]},
                            {"field": "content.companions.B24.bursts", "values": [5]},
                            {"field": "content.companions.B24.effect.bursts", "values": [7],
                             "label": "B24.effect.bursts"}]
    assert raw["counterfactual"] == {"decisions": "recruit", "sample": 1.0}
    # the swept field itself: replaced by the value tried
    raw = play_scenario(sc, r, key, "bursts", 1, 0.5)
    assert raw["sweep"][-1]["values"] == [1] and len(raw["sweep"]) == 2
    assert raw["counterfactual"]["sample"] == 0.5


def test_card_and_field_errors_name_what_is_allowed():
    r = pick_run(load_scenario(ROOT / "scenarios" / "rebalance-planted.yaml"))
    with pytest.raises(Exception, match=r"^--card Z99: no companion 'Z99' in the scenario's "
                                        r"content \(companions: A24\.\.B"):
        check_card(r, "Z99", None)
    with pytest.raises(Exception, match="^--card braccio: an adventurer; pick value is measured "
                                        "for companions"):
        check_card(r, "braccio", None)
    with pytest.raises(Exception, match="^--field effect.bursts: not a number companion A24 "
                                        "prints; allowed: bursts$"):
        check_card(r, "A24", "effect.bursts")


# ---- command-line errors: one line, exit 2 ----

PLANTED = str(ROOT / "scenarios" / "rebalance-planted.yaml")


@pytest.mark.parametrize("argv, message", [
    (["balance", PLANTED], "glowsim balance: error: the following arguments are required: --card"),
    (["balance", PLANTED, "--card", "A24", "--threshold", "0"],
     "glowsim balance: error: argument --threshold: --threshold must be in 0.1..25, got 0"),
    (["balance", PLANTED, "--card", "A24", "--sample", "0"],
     "glowsim balance: error: argument --sample: --sample must be in 0 (excluded)..1, got 0"),
    (["balance", PLANTED, "--card", "A24", "--games", "10"],
     "glowsim balance: error: argument --games: --games must be in 100..100000000, got 10"),
    (["balance", PLANTED, "--card", "A24", "--budget", "x"],
     "glowsim balance: error: argument --budget: expected a whole number, got 'x'"),
    (["balance", PLANTED, "--card", "Z99"],
     "glowsim balance: error: --card Z99: no companion 'Z99' in the scenario's content (companions: "
     "A24..B33, and any the scenario adds)"),
    (["balance", PLANTED, "--card", "eoles"],
     "glowsim balance: error: --card eoles: an adventurer; pick value is measured for companions "
     "(recruit picks) only"),
    (["balance", PLANTED, "--card", "A24", "--field", "effect.rerolls"],
     "glowsim balance: error: --field effect.rerolls: not a number companion A24 prints; allowed: "
     "bursts"),
    (["balance", "no-such.yaml", "--card", "A24"], None),
])
def test_argument_errors_are_one_line(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    if message is None:
        assert len(err) == 1 and err[0].startswith("glowsim balance: ") and "no-such.yaml" in err[0]
    else:
        assert len(err) == 1 and err[0].startswith(message), err


# ---- on real games: the planted card ----

@pytest.fixture(scope="module")
def planted_balance(tmp_path_factory):
    out = tmp_path_factory.mktemp("balance") / "a24"
    argv = ["balance", PLANTED, "--card", "A24", "--games", "300", "--sample", "1",
            "--budget", "6", "--out", str(out), "--workers", "1", "--quiet"]
    assert main(argv) == 0
    return out, argv


def test_the_planted_card_is_printed_back_near_the_others(planted_balance):
    """A24 is printed at 18 bursts among 20 plain cards of 3: its pick value there is far
    above the band, and the search brings it back down near 3."""
    out, _ = planted_balance
    pts = pd.read_csv(out / "balance.csv")
    first = pts.iloc[0]
    assert first["value"] == 18 and first["verdict"] == "above" and first["pick_value_lo"] > 10
    chosen = pts[pts["chosen"]].iloc[0]
    assert 0 <= chosen["value"] <= 7
    assert abs(chosen["pick_value"]) < 5
    patch = yaml.safe_load((out / "patch.yaml").read_text())
    assert patch == {"companions": {"A24": {"bursts": int(chosen["value"])}}}
    # the pick value rises with the printed bursts over the values tried
    by_value = pts.sort_values("value")
    assert by_value["pick_value"].iloc[-1] > by_value["pick_value"].iloc[0] + 10
    md = (out / "balance.md").read_text()
    assert "| 18 | " in md and "(chosen)" in md


def test_the_same_command_gives_the_same_result(planted_balance, capsys):
    out, argv = planted_balance
    before = pd.read_csv(out / "balance.csv")
    def chunks():
        return {p: p.stat().st_mtime_ns for p in (out / "plays").glob("*/chunks/*/*.parquet")}
    stamps = chunks()
    assert stamps and main(argv) == 0
    # the values' chunks are reused, not played again; the same values, pick values and choice
    assert chunks() == stamps
    pd.testing.assert_frame_equal(pd.read_csv(out / "balance.csv"), before, rtol=1e-9)


def test_the_reference_engine_is_refused_in_one_line(tmp_path, capsys):
    sc = tmp_path / "ref.yaml"
    sc.write_text("name: ref\nengine: reference\nplayers: 3\ngames: 100\n")
    assert main(["balance", str(sc), "--card", "A11"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"glowsim balance: error: {sc}: engine: pick values are measured by forking picks, "
                   f"which the fast engine does; allowed here: fast"]


def test_a_seat_axis_written_with_brackets_is_pinned_too():
    sc = parse_scenario(SWEPT.replace("  - {field: players, values: [3, 4]}",
                                      "  - {field: 'seats[0].start_rerolls', range: {from: 0, to: 2}}")
                        .replace("seat: {adventurer: random, bot: heuristic}",
                                 "seats: [{adventurer: random, bot: heuristic}, "
                                 "{adventurer: random, bot: heuristic}, "
                                 "{adventurer: random, bot: heuristic}]"), "two.yaml")
    r = next(r for r in expand(sc) if r.variant == "prov" and dict(r.sweep) == {
        "seats.0.start_rerolls": 2, "content.companions.B24.bursts": 4})
    raw = play_scenario(sc, r, CardKey("companion", "B24"), "bursts", 1, None)
    assert raw["sweep"][0] == {"field": "seats[0].start_rerolls", "values": [2]}
    assert raw["sweep"][1]["values"] == [1] and len(raw["sweep"]) == 2
