"""`glowsim balance` at several player counts in one call: the runs chosen, the value the
scenario prints, one search per count, the one value for every count and the outputs
(glowsim/rebalance/balancecounts.py)."""
from pathlib import Path

import pandas as pd
import pytest
import yaml

from glowsim.cli.main import main
from glowsim.rebalance.balancecounts import (balance_targets, common_value, parse_players,
                                             write_counts)
from glowsim.rebalance.edits import CardKey
from glowsim.rebalance.balance import Point, balance_card
from glowsim.scenarios import ScenarioError, parse_scenario

ROOT = Path(__file__).resolve().parents[2]

SWEPT = """
name: torch
players: 3
seat: {adventurer: random, bot: heuristic}
games: 500
seed: 5
content:
  companions:
    B24: {name: Torch, bursts: 2, trigger: {symbols: [fire, fire]}, effect: {bursts: 3, fireflies: 1}}
sweep:
  - {field: players, values: [2, 3, 4]}
  - {field: content.companions.B24.bursts, range: {from: 0, to: 6}}
"""


def test_the_runs_of_each_player_count_and_the_value_the_scenario_prints():
    sc = parse_scenario(SWEPT, "torch.yaml")
    key, fld, targets = balance_targets(sc, "B24", None)
    assert (key, fld) == (CardKey("companion", "B24"), "bursts")
    assert [t.players for t in targets] == [2, 3, 4]
    # the sweep of the number balanced is set by the search: its runs are one; the value the
    # scenario prints is its content's, 2, not the sweep's first value
    assert all(t.original == 2 for t in targets)
    assert [t.run.players for t in targets] == [2, 3, 4]
    _, _, some = balance_targets(sc, "B24", None, players=[4, 3])
    assert [t.players for t in some] == [3, 4]
    # a run named in full is that run alone
    _, _, one = balance_targets(sc, "B24", None, variant="players=4 companions.B24.bursts=5")
    assert [(t.players, t.original) for t in one] == [(4, 2)]


def test_ambiguous_runs_and_absent_counts_are_refused_naming_the_choice():
    two = SWEPT.replace("sweep:", "variants:\n  - {name: prov, side: province}\n"
                                  "  - {name: arch, side: archipelago}\nsweep:")
    sc = parse_scenario(two, "two.yaml")
    with pytest.raises(ScenarioError, match="choose it with --variant NAME"):
        balance_targets(sc, "B24", None)
    _, _, t = balance_targets(sc, "B24", None, variant="arch")
    assert [x.players for x in t] == [2, 3, 4] and {x.run.side for x in t} == {"archipelago"}
    with pytest.raises(ScenarioError, match=r"--players 3: the runs chosen play 4 players"):
        balance_targets(parse_scenario(SWEPT.replace("values: [2, 3, 4]", "values: [4]"),
                                       "t.yaml"), "B24", None, players=[3])


@pytest.mark.parametrize("text, out", [(None, None), ("all", None), ("3", [3]), ("4,3", [4, 3]),
                                       ("3,3", [3]), ("6,5", [6, 5])])
def test_players_option(text, out):
    assert parse_players(text) == out


@pytest.mark.parametrize("text", ["1", "7", "3,x", "", "three"])
def test_bad_players_option(text):
    with pytest.raises(ValueError, match="expected player counts 2..6 separated by commas, or all"):
        parse_players(text)


def linear(x0, slope=2.5, half=1.0, t=2.0):
    def evaluate(v):
        y = slope * (v - x0)
        lo, hi = y - half, y + half
        verdict = ("above" if lo > t else "below" if hi < -t else
                   "within" if -t <= lo and hi <= t else "unclear")
        return Point(v, 500, 0.3, y, lo, hi, verdict, y / 3)
    return evaluate


def test_one_value_for_every_player_count(tmp_path):
    key = CardKey("companion", "B24")
    ev = {3: linear(3.2), 4: linear(2.9)}
    res = {n: balance_card(ev[n], key, "bursts", 8, 2.0, max_change=8) for n in ev}
    v, why = common_value(res, ev)
    assert v == 3 and "within ±2 at every player count" in why
    files = write_counts(res, v, why, tmp_path, "torch", 500, "every recruit pick forked")
    assert yaml.safe_load(files["patch"].read_text()) == {"companions": {"B24": {"bursts": 3}}}
    md = files["report"].read_text()
    assert "**B24, every player count: change printed bursts 8 -> 3: pick value 3 players " \
           "-0.5 (95% CI -1.5 to +0.5); 4 players +0.3 (95% CI -0.7 to +1.3).**" in md
    assert "## 3 players" in md and "## 4 players" in md and "- **in bursts**: " in md
    csv = pd.read_csv(files["table"])
    assert list(csv.columns[:3]) == ["n_players", "card", "field"]
    assert set(csv["n_players"]) == {3, 4} and csv.loc[csv["common"], "value"].tolist() == [3, 3]


def test_values_within_at_one_count_are_played_at_the_others(tmp_path):
    key = CardKey("companion", "B24")
    played = {3: [], 4: []}

    def counting(n, f):
        def evaluate(v):
            played[n].append(v)
            return f(v)
        return evaluate
    # the 3-player search ends at 5 (within), the 4-player one at 6 (within); 6 is within at 3
    # players too (a wide band), but never tried there
    ev = {3: counting(3, linear(5.2, slope=0.9, half=0.6)), 4: counting(4, linear(6.0))}
    res = {n: balance_card(ev[n], key, "bursts", 2, 2.0, max_change=8) for n in ev}
    before = {n: list(played[n]) for n in played}
    v, why = common_value(res, ev)
    assert v is not None and "played at every count after the searches" in why
    added = {n: played[n][len(before[n]):] for n in played}
    assert sum(len(a) for a in added.values()) >= 1
    assert all(any(p.value == v and p.verdict == "within" for p in res[n].points) for n in res)


def test_no_common_value_is_said_and_no_edit_written(tmp_path):
    key = CardKey("companion", "B24")
    ev = {3: linear(1.0, slope=6.0, half=0.5), 4: linear(5.0, slope=6.0, half=0.5)}
    res = {n: balance_card(ev[n], key, "bursts", 3, 2.0, max_change=8) for n in ev}
    v, why = common_value(res, ev)
    assert v is None and "no value tried is within the band at every player count" in why
    files = write_counts(res, v, why, tmp_path, "torch", 500, "every recruit pick forked")
    assert "{}   # no edit" in files["patch"].read_text()
    assert "B24: no one value for every player count" in files["report"].read_text()


def test_a_bad_players_option_is_one_line(capsys):
    planted = str(ROOT / "scenarios" / "rebalance-planted.yaml")
    assert main(["balance", planted, "--card", "A24", "--players", "7"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == ("glowsim balance: error: argument --players: expected player counts 2..6 "
                       "separated by commas, or all; got '7' (see glowsim balance --help)")
    assert main(["balance", planted, "--card", "A24", "--players", "5"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--players 5: the runs chosen play 3 players; allowed: those, or all" in err[0]
    assert main(["balance", planted, "--card", "A24", "--players", "2"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--players 2: the runs chosen play 3 players; allowed: those, or all" in err[0]


def test_two_player_counts_in_one_call_on_real_games(tmp_path, capsys):
    """The command at 3 and 4 players: one search each (plays kept per count), one balance.md
    with both, balance.csv with n_players, the same command again resumes every play."""
    sc = tmp_path / "torch.yaml"
    sc.write_text(SWEPT.replace("values: [2, 3, 4]", "values: [3, 4]")
                  .replace("games: 500", "games: 150"))
    out = tmp_path / "out"
    argv = ["balance", str(sc), "--card", "B24", "--budget", "3", "--out", str(out),
            "--workers", "1", "--quiet"]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "balancing B24 bursts (now 2) on its pick value at 3 players" in text
    assert "balancing B24 bursts (now 2) on its pick value at 4 players" in text
    assert {p.name for p in (out / "plays").iterdir()} == {"3p", "4p"}
    csv = pd.read_csv(out / "balance.csv")
    assert set(csv["n_players"]) == {3, 4} and (csv["value"].groupby(csv["n_players"]).first()
                                                == 2).all()
    md = (out / "balance.md").read_text()
    assert "## 3 players" in md and "## 4 players" in md
    assert "every player count" in md.splitlines()[4]
    stamps = {p: p.stat().st_mtime_ns for p in (out / "plays").glob("*/*/chunks/*/*.parquet")}
    assert stamps and main(argv) == 0
    assert {p: p.stat().st_mtime_ns for p in (out / "plays").glob("*/*/chunks/*/*.parquet")} \
        == stamps
    pd.testing.assert_frame_equal(pd.read_csv(out / "balance.csv"), csv)
