"""Broken scenarios get one clear message: file, line, field, what is allowed, did-you-mean.

Each case is a whole scenario file and the exact message `glowsim run` prints.
"""
import pytest

from glowsim.cli.main import main
from glowsim.scenarios import ScenarioError, expand, load_scenario, parse_scenario
from glowsim.scenarios.schema import PRECISION_FORMS

REF = "engine: reference\n"
TOP_FIELDS = ("players, side, seat, seats, content, content_files, remove, tom, dawn, name, description, engine, "
              "games, seed, chunk_games, precision, max_games, variants, sweep, counterfactual")
COMPANION_FIELDS = ("name, deck, bursts, fireflies, sketal_die, reroll_each_round, black_die, reroll_for_bursts, "
                    "set, trigger, effect")

CASES = [
    ("misspelt_top_field", REF + "plyers: 3\n",
     f"s.yaml, line 2: plyers: unknown field 'plyers' (did you mean 'players'?); allowed fields: {TOP_FIELDS}"),
    ("misspelt_side", REF + "side: provnce\n",
     "s.yaml, line 2: side: 'provnce' is not allowed (did you mean 'province'?); "
     "allowed: province, archipelago"),
    ("unknown_engine", "engine: fastest\n",
     "s.yaml, line 1: engine: 'fastest' is not allowed (did you mean 'fast'?); allowed: fast, reference"),
    ("misspelt_card_id", REF + "content:\n  companions:\n    A1l: {bursts: 4}\n",
     "s.yaml, line 4: companions.A1l: unknown companion 'A1l' (did you mean 'A11'?); "
     "to add a new one give at least 'name'"),
    ("misspelt_card_field", REF + "content:\n  companions:\n    A11: {burst: 4}\n",
     "s.yaml, line 4: companions.A11.burst: unknown field 'burst' (did you mean 'bursts'?); "
     f"allowed fields: {COMPANION_FIELDS}"),
    ("card_value_out_of_range", REF + "content:\n  companions:\n    A11: {bursts: 99}\n",
     "s.yaml, line 4: companions.A11.bursts: Input should be less than or equal to 50"),
    ("misspelt_adventurer", REF + "seats:\n  - {adventurer: pocanna}\n",
     "s.yaml, line 3: seats.0.adventurer: unknown adventurer 'pocanna' (did you mean 'pocana'?); "
     "allowed: random, draft, braccio, taetyss, eoles, pocana, moloch, noctiluca, orium"),
    ("misspelt_bot_preset", REF + "seats:\n  - {bot: greddy}\n",
     "s.yaml, line 3: seats.0.bot: unknown bot preset 'greddy' for the reference engine "
     "(did you mean 'greedy'?); allowed: random, greedy, heuristic"),
    ("same_adventurer_twice", REF + "seats:\n  - {adventurer: pocana}\n  - {adventurer: pocana}\n",
     "s.yaml, line 4: seats.1.adventurer: adventurer 'pocana' is given to seats 0 and 1; "
     "each adventurer can be played once"),
    ("more_seats_than_players", REF + "players: 2\nseats: [{}, {}, {}]\n",
     "s.yaml, line 3: seats: lists 3 seats but players is 2; list at most 2 seats "
     "(seats not listed use 'seat')"),
    ("too_many_players", REF + "players: 7\n",
     "s.yaml, line 2: players: Input should be less than or equal to 6, got 7"),
    ("dawn_players", REF + "players: 5\n",     # D4
     "s.yaml, line 2: players: 5 players need the Dawn rules (D4): add `dawn: {sets: [...]}`; "
     "allowed without Dawn: 1..4"),
    ("negative_games", REF + "games: -3\n",
     "s.yaml, line 2: games: Input should be greater than or equal to 1, got -3"),
    ("duplicate_yaml_key", REF + "games: 10\ngames: 20\n",
     "s.yaml, line 3: duplicate key 'games' (first on line 2)"),
    ("sweep_unknown_field", REF + "sweep:\n  - field: player\n    values: [2, 3]\n",
     "s.yaml, line 3: sweep.0.field: cannot sweep 'player': unknown field 'player' (did you mean "
     "'players'?); allowed: players, side, seat, seats, content, content_files, remove "
     "(content.<section>.<id>.<field> for a card field)"),
    ("sweep_misspelt_card_field", REF + "sweep:\n  - field: content.companions.A11.burst\n    values: [2, 3]\n",
     "s.yaml, line 4: companions.A11.burst: unknown field 'burst' (did you mean 'bursts'?); "
     f"allowed fields: {COMPANION_FIELDS}"),
    ("sweep_misspelt_card_id", REF + "sweep:\n  - field: content.companions.A1l.bursts\n    values: [2, 3]\n",
     "s.yaml, line 4: companions.A1l: unknown companion 'A1l' (did you mean 'A11'?); "
     "to add a new one give at least 'name'"),
    ("sweep_misspelt_seat_field", REF + "sweep:\n  - field: seats.0.start_reroll\n    values: [1]\n",
     "s.yaml, line 3: sweep.0.field: cannot sweep 'seats.0.start_reroll': unknown seat field "
     "'start_reroll' (did you mean 'start_rerolls'?); allowed: adventurer, bot, start_rerolls"),
    ("sweep_bad_value", REF + "sweep:\n  - field: side\n    values:\n      - province\n      - archipelgo\n",
     "s.yaml, line 6: side: 'archipelgo' is not allowed (did you mean 'archipelago'?); "
     "allowed: province, archipelago"),
    ("sweep_value_twice", REF + "sweep:\n  - field: players\n    values: [2, 2]\n",
     "s.yaml, line 4: sweep.0.values.1: value 2 is listed twice"),
    ("sweep_values_and_range", REF + "sweep:\n  - field: players\n    values: [2]\n    range: {from: 2, to: 4}\n",
     "s.yaml, line 3: sweep.0: give exactly one of 'values' (a list) or 'range' ({from, to, step})"),
    ("remove_unknown_card", REF + "variants:\n  - name: a\n  - name: b\n    remove: [A19, B2]\n",
     "s.yaml, line 5: variants.1.remove.1: cannot remove 'B2': no such card (did you mean 'B02'?)"),
    ("variant_name_twice", REF + "variants:\n  - name: x\n  - name: x\n",
     "s.yaml, line 4: variants.1.name: variant name 'x' is already used by variant 0; names must be unique"),
    ("reference_bot_params", REF + "seat:\n  bot: {preset: greedy, params: {w: 1}}\n",
     "s.yaml, line 3: seat.bot: the reference engine's bots take no parameters; give a preset name "
     "(random, greedy, heuristic)"),
    ("misspelt_bot_field", REF + "seat:\n  bot: {preset: greedy, parms: {w: 1}}\n",
     "s.yaml, line 3: seat.bot.parms: unknown field 'parms' (did you mean 'params'?); "
     "allowed fields: preset, params, vector, file, label, budget, max_options, base, decisions"),
    ("new_spell_without_trigger", REF + "content:\n  spells:\n    S12: {copies: 1}\n",
     "s.yaml, line 4: spells.S12: unknown spell 'S12' (did you mean 'S2'?); to add a new one give 'trigger' and 'effect'"),
    ("dawn_spell_in_base_game", REF + "content:\n  spells:\n    S7: {copies: 1}\n",   # D1, D3
     "s.yaml, line 4: spells.S7: cannot change it: S7 is a Dawn spell and this run plays the base "
     "game; add `dawn: {sets: []}` to the scenario or the variant, or patch it in the variants "
     "that play Dawn (docs/rules.md D1)"),
    ("not_a_mapping", "- players: 2\n",
     f"s.yaml: a scenario must be a mapping of fields (allowed fields: {TOP_FIELDS})"),
    ("removal_leaves_too_few_cards", REF + "remove: [A19]\n",
     "glowsim/data/content.yaml, line 39: setup.rounds: 8 rounds need 40 companions after removal, "
     "only 39 remain\n"
     "s.yaml: the scenario removes 1 companion(s); lower content.setup.removed_per_deck or "
     "content.setup.rounds so that the deck still deals 5 companions a round"),
    ("precision_out_of_range", "precision: 0.7\n",
     f"s.yaml, line 1: precision: expected {PRECISION_FORMS}; got 0.7"),
    ("precision_misspelt_field", "precision: {pick_valu: 1.5}\n",
     "s.yaml, line 1: precision: unknown field 'pick_valu'; allowed fields: win_rate, pick_value"),
    ("pick_value_precision_zero", "precision: {pick_value: 0}\n"
                                  "counterfactual: {decisions: recruit}\n",
     "s.yaml, line 1: precision: pick_value: expected a number of points above 0 and at most 50, "
     "got 0"),
    ("variant_forks_without_the_scenario_field",
     "variants:\n  - {name: a}\n  - name: b\n    counterfactual: true\n",
     "s.yaml, line 4: variants.1.counterfactual: the scenario forks no decision: set the "
     "top-level `counterfactual: {decisions: recruit, sample: R}`; a variant may turn it off "
     "(`false`) or keep it (`true`)"),
    ("counterfactual_decisions_as_list", REF + "counterfactual: {decisions: [recruit]}\n",
     "s.yaml, line 2: counterfactual.decisions: expected one value, got a list ['recruit']; "
     "allowed: recruit"),
    ("every_variant_turns_the_forks_off",
     "counterfactual: {decisions: recruit}\nvariants:\n  - {name: a, counterfactual: false}\n",
     "s.yaml, line 1: counterfactual: every variant says `counterfactual: false`: remove the "
     "scenario's `counterfactual`, or let a variant fork"),
    ("variant_forks_not_a_boolean",
     "counterfactual: {decisions: recruit}\nvariants:\n  - {name: a, counterfactual: 0}\n",
     "s.yaml, line 3: variants.0.counterfactual: Input should be a valid boolean, got 0"),
    ("pick_value_precision_without_picks", "games: 100\nprecision:\n  pick_value: 1.5\n",
     "s.yaml, line 3: precision.pick_value: needs forked recruit picks to measure pick values: "
     "add `counterfactual: {decisions: recruit, sample: 1.0}`"),
]


@pytest.mark.parametrize("text,message", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_broken_scenario_message(text, message, tmp_path):
    with pytest.raises(ScenarioError) as err:
        expand(parse_scenario(text, "s.yaml", base_dir=tmp_path))
    assert str(err.value) == message


def test_missing_files_are_named(tmp_path):
    text = REF + "content_files: [nope.yaml]\n"
    with pytest.raises(ScenarioError) as err:
        expand(parse_scenario(text, "s.yaml", base_dir=tmp_path))
    assert str(err.value) == f"s.yaml, line 2: content_files.0: {tmp_path / 'nope.yaml'}: file not found"
    text = REF + "seat: {bot: {file: tuned.yaml}}\n"
    with pytest.raises(ScenarioError) as err:
        expand(parse_scenario(text, "s.yaml", base_dir=tmp_path))
    assert str(err.value) == f"s.yaml, line 2: seat.bot: bot file: {tmp_path / 'tuned.yaml'}: file not found"


def test_cli_prints_the_message_without_traceback(tmp_path, capsys):
    f = tmp_path / "bad.yaml"
    f.write_text(REF + "content:\n  companions:\n    B1: {bursts: 1}\n")
    code = main(["run", str(f), "--out", str(tmp_path / "out"), "--quiet"])
    err = capsys.readouterr().err
    assert code == 2
    assert err == (f"glowsim run: error: {f}, line 4: companions.B1: unknown companion 'B1' "
                   f"(did you mean 'B01'?); to add a new one give at least 'name'\n")
    assert not (tmp_path / "out").exists()  # nothing is written for a bad scenario


def test_missing_scenario_file(tmp_path):
    with pytest.raises(ScenarioError) as err:
        load_scenario(tmp_path / "none.yaml")
    assert str(err.value) == f"{tmp_path / 'none.yaml'}: file not found"
