"""The engines play the Dawn rules with the Dawn content only (tests/engine/test_dawn_play.py,
tests/fast/test_dawn_agreement.py; runs of a scenario's `dawn`: tests/runner/test_dawn_runs.py):
everything that would hand a Dawn field or a 5-6 player table to a base-game run, or Dawn fields
to the base content, or fork Dawn games on the reference engine, refuses it in one line naming
the file, line and field, and nothing is played or written (D1, D4; the Dawn fields: docs/rules.md D6-D14)."""
import pytest

from glowsim.cli.main import main
from glowsim.content.loader import DAWN_NAME
from glowsim.scenarios import ScenarioError, expand, load_scenario

PATCH = "companions:\n  A11: {reroll_for_bursts: 2}\n"
REFUSAL = ("companions.A11.reroll_for_bursts: needs the Dawn rules (D12), which the engines play "
           "with the Dawn content (glowsim play --dawn, a scenario's dawn)")


def cli(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.mark.parametrize("command", [["play", "--quiet"], ["play", "--players", "1"],
                                     ["verify", "--games", "1"], ["cards"]])
def test_playing_commands_refuse_a_dawn_patch(capsys, tmp_path, command):
    p = tmp_path / "dawn-card.yaml"
    p.write_text(PATCH)
    code, out, err = cli(capsys, *command, "--content", p)
    if command == ["cards"]:            # listing is not playing
        assert code == 0 and "a reroll for 2 bursts" in out
        return
    assert code == 2 and out == ""
    assert one_line(err) == f"glowsim {command[0]}: error: {p}, line 2: {REFUSAL}"


def test_the_shipped_dawn_content_is_refused_as_a_patch(capsys, tmp_path):
    from importlib import resources
    p = tmp_path / "dawn.yaml"
    p.write_text(resources.files("glowsim").joinpath("data/dawn.yaml").read_text())
    code, out, err = cli(capsys, "play", "--content", p)
    assert code == 2 and out == ""
    assert one_line(err).startswith(f"glowsim play: error: {p}, line ")
    assert ": dawn: needs the Dawn rules (D1), which the engines play with the Dawn " \
           "content (glowsim play --dawn, a scenario's dawn); " in err
    assert DAWN_NAME not in err


@pytest.mark.parametrize("players", [5, 6])
def test_play_refuses_five_and_six_players(capsys, players):
    code, out, err = cli(capsys, "play", "--players", players)
    assert code == 2 and out == ""
    assert one_line(err) == (f"glowsim play: error: --players {players}: 5 and 6 players need the Dawn "
                             f"rules (D4): add --dawn; allowed without it: 1-4")


SCENARIOS = {
    "inline content": ("players: 3\ncontent:\n  companions:\n"
                       "    B24: {name: X, bursts: 1, trigger: {elements: [2, 3]}, effect: {bursts: 2}}\n",
                       "s.yaml, line 4: companions.B24.trigger.elements: needs the Dawn rules (D6), which "
                       "the engines play with the Dawn content (glowsim play --dawn, a scenario's dawn)"),
    "content file": ("players: 3\ncontent_files: [dawn-card.yaml]\n", f"dawn-card.yaml, line 2: {REFUSAL}"),
    "variant": ("players: 3\nvariants:\n  - name: base\n  - name: crolos\n    content:\n      companions:\n"
                "        B24: {name: X, trigger: {symbols: [fire], cost: {rerolls: 1}}, effect: {bursts: 3}}\n",
                "s.yaml, line 7: companions.B24.trigger.cost: needs the Dawn rules (D7), which the "
                "engines play with the Dawn content (glowsim play --dawn, a scenario's dawn)"),
    "sweep": ("players: 3\nsweep:\n  - {field: content.companions.A11.reroll_for_bursts, values: [0, 2]}\n",
              f"s.yaml, line 3: {REFUSAL}"),
    "players 5": ("players: 5\n", "s.yaml, line 1: players: 5 players need the Dawn rules (D4): add "
                                  "`dawn: {sets: [...]}`; allowed without Dawn: 1..4"),
    "players 6 in a variant": ("variants:\n  - {name: big, players: 6}\n",
                               "s.yaml, line 2: variants.0.players: 6 players need the Dawn rules (D4): "
                               "add `dawn: {sets: [...]}`; allowed without Dawn: 1..4"),
    "players swept": ("sweep:\n  - {field: players, values: [4, 5]}\n",
                      "s.yaml, line 2: sweep.0.values.1: 5 players need the Dawn rules (D4): add "
                      "`dawn: {sets: [...]}`; allowed without Dawn: 1..4"),
    "dawn with forked picks on the reference engine": (
        "players: 4\ndawn: {sets: []}\nengine: reference\n"
        "counterfactual: {decisions: recruit, sample: 1.0}\n",
        "s.yaml, line 4: counterfactual: forked decisions are played by the fast engine only; "
        "remove 'counterfactual' or write engine: fast (the scenario says engine: reference)"),
    "dawn set unknown": ("players: 4\ndawn: {sets: [elemental, anibloon]}\n",
                         "s.yaml, line 2: dawn.sets.1: 'anibloon' is not a set (did you mean "
                         "'anibloom'?); allowed: elemental, anibloom, draconic"),
    "dawn set unknown in a variant": ("variants:\n  - {name: d, dawn: {sets: [draconik]}}\n",
                                      "s.yaml, line 2: variants.0.dawn.sets.0: 'draconik' is not a set "
                                      "(did you mean 'draconic'?); allowed: elemental, anibloom, draconic"),
    "dawn in a seat": ("seat: {bot: greedy, dawn: {sets: []}}\n",
                       "s.yaml, line 1: seat.dawn: 'dawn' (D1) is set at a scenario's top level or in "
                       "a variant"),
}


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_scenarios_refuse_dawn(tmp_path, name):
    text, message = SCENARIOS[name]
    (tmp_path / "dawn-card.yaml").write_text(PATCH)
    s = tmp_path / "s.yaml"
    s.write_text(text)
    with pytest.raises(ScenarioError) as e:
        expand(load_scenario(s), games=10)
    assert str(e.value).replace(str(tmp_path) + "/", "") == message


def test_run_refuses_before_writing_anything(capsys, tmp_path):
    (tmp_path / "dawn-card.yaml").write_text(PATCH)
    s = tmp_path / "s.yaml"
    s.write_text(SCENARIOS["content file"][0])
    out_dir = tmp_path / "runs" / "s"
    code, out, err = cli(capsys, "run", s, "--games", 10, "--out", out_dir)
    assert code == 2
    assert one_line(err) == f"glowsim run: error: {tmp_path / 'dawn-card.yaml'}, line 2: {REFUSAL}"
    assert not out_dir.exists()


def test_the_notebook_api_refuses_too(tmp_path):
    import glowsim
    with pytest.raises(ScenarioError, match=r"counterfactual: forked decisions are played by the fast"):
        glowsim.run({"players": 4, "dawn": {"sets": ["draconic"]}, "engine": "reference",
                     "counterfactual": {"decisions": "recruit", "sample": 1.0}}, games=10,
                    out=tmp_path / "r")
    assert not (tmp_path / "r").exists()
