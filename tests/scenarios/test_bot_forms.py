"""A seat's bot on the fast engine: preset, parameters by name, a whole vector, a preset file;
every mistake gets one message naming the file, line, field and what is allowed."""
import numpy as np
import pytest

from glowsim.fast import PRESETS, bot_preset
from glowsim.spec.botparams import NPARAM, PARAM_NAMES
from glowsim.scenarios import ScenarioError, expand, parse_scenario

NAMES = ", ".join(PARAM_NAMES)


def vector(fill: float, **named) -> list:
    """A whole bot vector: every parameter `fill`, the whole-number ones (random, plan, the
    search's, learned) given by name or at a valid value, `named` on top."""
    v = dict.fromkeys(PARAM_NAMES, fill)
    v.update(random=0.0, plan=1.0, search_nodes=60.0, rollout_budget=0.0, rollout_options=0.0,
             rollout_decisions=1.0, learned=0.0)
    v.update(named)
    return [float(v[n]) for n in PARAM_NAMES]


def seats(text, tmp_path):
    runs = expand(parse_scenario("players: 2\n" + text, "s.yaml", base_dir=tmp_path))
    return [bot_preset(s.bot, **dict(s.params)) for s in runs[0].seats], runs[0].seats


def message(text, tmp_path):
    with pytest.raises(ScenarioError) as err:
        expand(parse_scenario("players: 2\n" + text, "s.yaml", base_dir=tmp_path))
    return str(err.value)


def test_every_form_gives_the_intended_vector(tmp_path):
    vec = vector(0.5)   # search_nodes, the search bot's, learned: whole numbers
    (tmp_path / "p.yaml").write_text("preset: heuristic\nparams: {w_token: 3.5}\n")
    (tmp_path / "v.yaml").write_text(f"vector: {vec}\n")
    (tmp_path / "bare.yaml").write_text("w_journey: 0.5\n")
    text = ("seats:\n"
            f"  - bot: {{vector: {vec}, params: {{w_pair: 2}}}}\n"
            "  - bot: {file: p.yaml, params: {w_future: 0.9}}\n")
    v, s = seats(text, tmp_path)
    assert v[0].tolist() == vector(0.5, w_pair=2.0)   # params win over the vector
    assert v[1].tolist() == bot_preset("heuristic", w_token=3.5, w_future=0.9).tolist()
    assert [x.label for x in s] == ["vector*", "p*"]
    v, _ = seats("seats:\n  - bot: {file: v.yaml}\n  - bot: {file: bare.yaml, preset: greedy}\n",
                 tmp_path)
    assert v[0].tolist() == vec
    assert v[1].tolist() == bot_preset("greedy", w_journey=0.5).tolist()
    for name in PRESETS:
        v, _ = seats(f"seat: {{bot: {name}}}\n", tmp_path)
        assert np.array_equal(v[0], PRESETS[name])


def test_the_search_bot_form(tmp_path):
    """`{preset: rollout, budget:, max_options:, base:}`: the base preset's vector with the
    search parameters on top; params given too change the base."""
    v, s = seats("seats:\n  - bot: rollout\n"
                 "  - bot: {preset: rollout, budget: 32, max_options: 4, base: heuristic,"
                 " params: {w_token: 2.0}, label: r32}\n", tmp_path)
    assert np.array_equal(v[0], bot_preset("expert", rollout_budget=16))
    assert np.array_equal(v[1], bot_preset("heuristic", w_token=2.0, rollout_budget=32,
                                           rollout_options=4))
    assert [x.label for x in s] == ["rollout", "r32"]


@pytest.mark.parametrize("text,expected", [
    ("seat: {bot: heuristc}\n",
     "s.yaml, line 2: seat.bot: unknown bot preset 'heuristc' for the fast engine (did you mean "
     f"'heuristic'?); allowed: {', '.join(PRESETS)}"),
    ("seats:\n  - bot: {preset: heuristic, params: {w_tokn: 2}}\n",
     "s.yaml, line 3: seats.0.bot: unknown parameter 'w_tokn' of bot 'heuristic' (did you mean "
     f"'w_token'?); allowed: {NAMES}"),
    ("seat: {bot: {vector: [0, 1, 1.3]}}\n",
     f"s.yaml, line 2: seat.bot.vector: 3 numbers given; a bot vector has {NPARAM}, in this "
     f"order: {NAMES}"),
    ("seat: {bot: {vector: [0, 1], preset: heuristic}}\n",
     "s.yaml, line 2: seat.bot: a bot takes 'preset' or 'vector' (every parameter), not both"),
    ("seat: {bot: {file: nope.yaml}}\n",
     "s.yaml, line 2: seat.bot: bot file: {tmp}/nope.yaml: file not found"),
    ("seat: {bot: {file: short.yaml}}\n",
     f"s.yaml, line 2: seat.bot: bot file {{tmp}}/short.yaml: vector: 2 numbers given; a bot "
     f"vector has {NPARAM}, in this order: {NAMES}"),
    ("seat: {bot: {file: field.yaml}}\n",
     "s.yaml, line 2: seat.bot: bot file {tmp}/field.yaml: unknown field 'parms' (did you mean "
     "'params'?); allowed fields: preset, params, vector"),
    ("seat: {bot: {file: words.yaml}}\n",
     "s.yaml, line 2: seat.bot: bot file {tmp}/words.yaml: parameters must be a mapping of names "
     "to numbers"),
    ("seat: {bot: {label: x}}\n",
     "s.yaml, line 2: seat.bot: a bot needs 'preset' (a preset name), 'vector' (every parameter) "
     "or 'file' (a YAML file of parameters)"),
    ("seats:\n  - bot: {preset: heuristic, params: {search_nodes: 0}}\n",
     "s.yaml, line 3: seats.0.bot.params.search_nodes: bot 'heuristic': 0 is not allowed; allowed: "
     "a whole number 1..10000"),
    (f"seat: {{bot: {{vector: {vector(1.0, search_nodes=12.5)}}}}}\n",
     "s.yaml, line 2: seat.bot.vector: parameter 'search_nodes' of bot 'heuristic': 12.5 is not "
     "allowed; allowed: a whole number 1..10000"),
    ("seat: {bot: {file: budget.yaml}}\n",
     "s.yaml, line 2: seat.bot: bot file budget.yaml: parameter 'search_nodes': 20000 is not "
     "allowed; allowed: a whole number 1..10000"),
    ("seat: {bot: {preset: expert, budget: 8}}\n",
     "s.yaml, line 2: seat.bot.budget: budget is a field of the search bot: give it with preset: "
     "rollout (fast engine)"),
    ("seat: {bot: {preset: rollout, base: experts}}\n",
     "s.yaml, line 2: seat.bot.base: unknown base preset 'experts' (did you mean 'expert'?); "
     "allowed: heuristic, greedy, random, expert, master"),
    ("seat: {bot: {preset: rollout, params: {rollout_options: 65}}}\n",
     "s.yaml, line 2: seat.bot.params.rollout_options: bot 'rollout': 65 is not allowed; allowed: "
     "a whole number 0..64"),
], ids=["misspelt_preset", "misspelt_param", "vector_length", "preset_and_vector", "missing_file",
        "file_vector_length", "file_field", "file_words", "no_bot", "budget_param", "budget_vector",
        "budget_file", "search_field_elsewhere", "search_base", "search_options"])
def test_bot_mistakes_get_one_clear_message(text, expected, tmp_path):
    (tmp_path / "short.yaml").write_text("vector: [0, 1]\n")
    (tmp_path / "field.yaml").write_text("preset: heuristic\nparms: {w_token: 2}\n")
    (tmp_path / "words.yaml").write_text("w_token: lots\n")
    (tmp_path / "budget.yaml").write_text("preset: heuristic\nparams: {search_nodes: 20000}\n")
    assert message(text, tmp_path) == expected.format(tmp=tmp_path)
