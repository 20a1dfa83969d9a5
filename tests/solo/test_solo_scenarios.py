"""Scenario field `tom` (R9, E15): Tom's dice colours fixed or random, checked before a run,
and passed to the reference engine."""
import pytest

from glowsim.cli.main import main
from glowsim.runner.chunks import play_chunk
from glowsim.scenarios import ScenarioError, expand, parse_scenario

SOLO = "engine: reference\nplayers: 1\n"
POCANA = SOLO + "seat: {adventurer: pocana}\n"     # Pocana's dice are red
NOT_RED = "green, blue, azure, orange, purple, yellow"

CASES = [
    ("adventurers_own_colour", POCANA + "tom:\n  colors: [red, orange]\n",
     "s.yaml, line 5: tom.colors.0: red is the colour of pocana, the adventurer in play; Tom's dice "
     f"are colours of adventurers not in play (R9): {NOT_RED}"),
    ("unknown_colour", POCANA + "tom:\n  colors:\n    - orange\n    - gren\n",
     "s.yaml, line 7: tom.colors.1: 'gren' is not a colour Tom can play (did you mean 'green'?); "
     f"allowed: {NOT_RED}"),
    ("no_adventurer_has_black", POCANA + "tom: {colors: [black, green]}\n",
     f"s.yaml, line 4: tom.colors.0: 'black' is not a colour Tom can play; allowed: {NOT_RED}"),
    ("same_colour_twice", POCANA + "tom: {colors: [green, green]}\n",
     "s.yaml, line 4: tom.colors: Tom's two dice must be of different colours, got green twice"),
    ("yellow_with_purple", POCANA + "tom: {colors: [purple, yellow]}\n",
     "s.yaml, line 4: tom.colors: Tom's dice cannot be yellow with purple: both have a special face (R9)"),
    ("one_colour_only", POCANA + "tom: {colors: [green]}\n",
     "s.yaml, line 4: tom.colors: expected 'random' or a list of two dice colours such as "
     "[red, orange], got ['green']"),
    ("misspelt_field", POCANA + "tom: {colours: [green, blue]}\n",
     "s.yaml, line 4: tom.colours: unknown field 'colours' (did you mean 'colors'?); allowed fields: colors"),
    ("random_adventurer", SOLO + "tom: {colors: [green, blue]}\n",
     "s.yaml, line 3: tom.colors: fixed colours need a fixed adventurer: with adventurer 'random' a "
     "game could deal the adventurer of one of Tom's colours; give the seat an adventurer id or "
     "write colors: random"),
    ("not_solo", "engine: reference\nplayers: 2\ntom: {colors: [green, blue]}\n",
     "s.yaml, line 3: tom.colors: Tom plays only in solo games and this run has players: 2; remove "
     "'tom' or set players: 1"),
    ("variant_colour_clash",
     SOLO + "variants:\n  - name: orium\n    seat: {adventurer: orium}\n    tom: {colors: [yellow, red]}\n",
     "s.yaml, line 6: variants.0.tom.colors.0: yellow is the colour of orium, the adventurer in play; "
     "Tom's dice are colours of adventurers not in play (R9): green, blue, azure, red, orange, purple"),
]


@pytest.mark.parametrize("text,message", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_R9_broken_tom_colours_are_refused_with_file_line_field(text, message):
    with pytest.raises(ScenarioError) as err:
        expand(parse_scenario(text, "s.yaml"))
    assert str(err.value) == message


def test_cli_refuses_a_broken_tom_before_anything_runs(tmp_path, capsys):
    f = tmp_path / "bad.yaml"
    f.write_text(POCANA + "tom: {colors: [green, green]}\n")
    assert main(["run", str(f), "--out", str(tmp_path / "out"), "--quiet"]) == 2
    assert capsys.readouterr().err == (f"glowsim run: error: {f}, line 4: tom.colors: Tom's two dice "
                                       f"must be of different colours, got green twice\n")
    assert not (tmp_path / "out").exists()


def test_E15_default_is_random_and_fixed_colours_are_in_colour_code_order():
    (r,) = expand(parse_scenario(POCANA, "s.yaml"))
    assert r.tom_colors == () and r.match_json()["tom"] == {"colors": "random"}
    (r,) = expand(parse_scenario(POCANA + "tom: {colors: [orange, green]}\n", "s.yaml"))
    assert r.tom_colors == ("green", "orange") and r.match_json()["tom"] == {"colors": ["green", "orange"]}
    # 2-4 players: no `tom` in the match (run keys of those runs are unchanged)
    (r,) = expand(parse_scenario("engine: reference\nplayers: 2\ntom: {colors: random}\n", "s.yaml"))
    assert "tom" not in r.match_json()


def test_variants_set_tom_per_variant_on_the_same_seeds():
    text = POCANA + ("games: 4\nvariants:\n  - name: drawn\n"
                     "  - name: green-blue\n    tom: {colors: [blue, green]}\n")
    drawn, fixed = expand(parse_scenario(text, "s.yaml"))
    assert (drawn.tom_colors, fixed.tom_colors) == ((), ("green", "blue"))
    assert drawn.seed == fixed.seed


def test_R9_fixed_colours_reach_the_engine_and_random_ones_vary():
    text = POCANA + "side: archipelago\ntom: {colors: [yellow, azure]}\n"
    (r,) = expand(parse_scenario(text, "s.yaml"))
    frames = play_chunk("reference", r.game(), r.match_json(), r.seed, 0, 6)
    assert set(frames["games"]["tom_colors"]) == {"azure,yellow"}
    (r,) = expand(parse_scenario(POCANA, "s.yaml"))
    drawn = play_chunk("reference", r.game(), r.match_json(), r.seed, 0, 12)["games"]["tom_colors"]
    assert drawn.nunique() > 1 and not drawn.str.contains("red").any()
