"""Property: whatever number a scenario gives a bot parameter, the scenario is either refused
with a line naming the file and the parameter, or every vector it hands the fast path is in
range (so no value can reach the kernels out of range)."""
from hypothesis import given, settings
from hypothesis import strategies as st

from glowsim.spec.botparams import PARAM_NAMES, check_vector, bot_preset
from glowsim.scenarios import ScenarioError, expand, parse_scenario

NUMBERS = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-10**20, 10**20),
                    st.sampled_from([0, 0.5, 1, 2, 100, 101, 1000, 1000.5, 10000, 10001, -1e-300]))


@settings(max_examples=300, deadline=None, derandomize=True)
@given(name=st.sampled_from(PARAM_NAMES), value=NUMBERS, preset=st.sampled_from(["heuristic", "greedy", "expert"]))
def test_a_parameter_value_is_refused_or_in_range(name, value, preset):
    text = (f"engine: fast\nplayers: 2\nside: archipelago\n"
            f"seat: {{bot: {{preset: {preset}, params: {{{name}: {value!r}}}}}}}\n")
    text = text.replace("nan", ".nan").replace("inf", ".inf")
    try:
        runs = expand(parse_scenario(text, "s.yaml"))
    except ScenarioError as e:
        msg = str(e)
        assert msg.startswith("s.yaml, line 4: seat.bot.params") and (name in msg or "number" in msg), msg
        return
    for r in runs:
        for s in r.seats:
            check_vector(bot_preset(s.bot, **dict(s.params)), "resolved seat")
