"""Legal rows that are the same option (two dice of one colour and size showing one face) are
analysed once, every row kept (glowsim/position/options.py, contract.md section 3, E2)."""
import json
from pathlib import Path

import pytest
import yaml

from glowsim.cli.main import main
from glowsim.content import load_game
from glowsim.position import analyze_state, position_state
from glowsim.position.options import option_groups

GAME = load_game()
REROLL = Path(__file__).resolve().parents[2] / "scenarios" / "positions" / "reroll.yaml"


def reroll_position(rolled=("rock", "rock")):
    """The shipped reroll position: P2 (Orium) has rolled its two large yellow dice."""
    data = yaml.safe_load(REROLL.read_text())
    data["players"][2]["rolled"] = list(rolled)
    return position_state(GAME, data, bot="greedy")


def test_two_identical_dice_make_one_option_of_each_pair_of_rows():
    state, _ = reroll_position()
    legal = state.legal_decisions()
    groups = option_groups(state, legal)
    # stop; reroll one die (die 0 or die 1); reroll both; set a die to each of 6 faces
    assert len(legal) == 16 and len(groups) == 9
    assert sorted(j for g in groups for j in g) == list(range(16))
    for g in groups:
        rows = [legal[j] for j in g]
        if len(g) == 2:        # the same op, source and payment (and face) on die 0 and die 1
            a, b = rows
            assert a[:4] == b[:4] and a[7] == b[7]
            assert {a[4], b[4]} == {0, 1} or {a[6], b[6]} == {0, 1}


def test_rerolling_either_identical_die_leaves_the_same_dice():
    # E2: the reroll draws the seat's next face whichever die takes it, so the player holds the
    # same dice after either row, only their order differs
    state, _ = reroll_position()
    legal = state.legal_decisions()
    one = next(r for r in legal if r[2] == 1 and r[4] == 0 and r[5] == -1)
    other = next(r for r in legal if r[2] == 1 and r[4] == 1 and r[5] == -1)
    faces = []
    for row in (one, other):
        s = state.clone()
        s.apply(row)
        faces.append(sorted((d.color, d.face) for d in s.game.state.players[2].dice))
        s.close()
    assert faces[0] == faces[1]


def test_dice_showing_other_faces_are_other_options():
    state, _ = reroll_position(("rock", "fire"))
    legal = state.legal_decisions()
    assert len(option_groups(state, legal)) == len(legal) == 16


def test_the_analysis_lists_each_option_once_with_all_its_rows(capsys):
    state, key = reroll_position()
    res = analyze_state(state, bot="greedy", rollouts=2, seed=1, key=key)
    t = res.table
    assert len(t) == 9 and res.wins.shape == (9, 2)
    assert sorted(r for rows in t["rows"] for r in rows) == sorted(state.legal_decisions())
    assert all(row == rows[0] for row, rows in zip(t["row"], t["rows"]))
    assert len(set(t["option"])) == 9
    merged = t[t["rows"].map(len) == 2]
    assert len(merged) == 7 and merged["option"].str.endswith(": identical dice)").all()
    # the command says so, and --json keeps every row of an option
    assert main(["analyze", "--position", str(REROLL), "--rollouts", "2", "--bot", "greedy",
                 "--quiet"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert "9 options (16 legal rows: rows on identical dice are one option)" in first
    assert main(["analyze", "--position", str(REROLL), "--rollouts", "2", "--bot", "greedy",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["options"]) == 9
    assert sum(len(o["rows"]) for o in data["options"]) == 16
    assert all(o["row"] == o["rows"][0] for o in data["options"])


@pytest.mark.parametrize("rolled", [("rock", "rock"), ("rock", "fire")])
def test_merging_never_drops_a_legal_row(rolled):
    state, _ = reroll_position(rolled)
    legal = state.legal_decisions()
    groups = option_groups(state, legal)
    assert sorted(j for g in groups for j in g) == list(range(len(legal)))
