"""Pick value in Dawn games (glowsim/analysis/picks.py, docs/forks.md; docs/rules.md D1, D18):
known answers on forked runs of the fast path, as tests/analysis/test_pick_values.py has them
for the base game. The cards measured are Draconic set cards, rows 67 and 69 of the Dawn
content's 70 companions (past the 64 one bit mask holds): Ty Fla (B306) planted at 0 and 15
printed bursts (and 5, 10 between), and Wo Shan (B308) patched into a twin of Ty Fla."""
import numpy as np
import pytest

import glowsim.analysis as A

PLANTED = """players: 3
side: province
dawn: {sets: [draconic]}
games: 160
chunk_games: 80
seed: 9
counterfactual: {decisions: recruit, sample: 1.0}
variants:
  - {name: b0, content: {companions: {B306: {bursts: 0}}}}
  - {name: b5, content: {companions: {B306: {bursts: 5}}}}
  - {name: b10, content: {companions: {B306: {bursts: 10}}}}
  - {name: b15, content: {companions: {B306: {bursts: 15}}}}
  - name: twin
    content:
      companions:
        B308: {name: Ty Fla twin, bursts: 1, fireflies: 3,
               trigger: {symbols: [rock, fire], cost: {fireflies: null, rerolls: 1}},
               effect: {footprints: null, fireflies: 1, bursts: 2}}
"""


def _forked_run(path, text):
    from glowsim.runner import RunOptions, run_scenario
    from glowsim.scenarios import parse_scenario
    run_scenario(parse_scenario(text, "dawn-picks.yaml"), RunOptions(out=path, progress=False))
    return A.load_run(path)


@pytest.fixture(scope="module")
def planted(tmp_path_factory):
    return A.pick_values(_forked_run(tmp_path_factory.mktemp("dawn-planted") / "run", PLANTED))


def _value(v, variant, card):
    row = v[(v.variant == variant) & (v.companion == card)]
    assert len(row) == 1
    return row.iloc[0]


def test_D18_every_card_of_the_deck_is_valued_set_cards_included(planted):
    """Every companion of a 3-player Draconic game's deck has a pick value: the 38 base cards
    the set leaves in and the set's 8, Ty Fla and Wo Shan (rows 67, 69) among them."""
    dealt = ["A301", "A302", "A303", "A304", "B305", "B306", "B307", "B308"]
    for variant, v in planted.groupby("variant"):
        assert set(dealt) <= set(v.companion), variant
        assert len(v) == 46 and v.n_picks.min() > 0, variant


def test_D18_a_set_card_planted_at_15_more_bursts_is_worth_far_more_than_the_field(planted):
    v = planted[planted.variant == "b15"]
    b306 = _value(planted, "b15", "B306")
    others = v[v.companion != "B306"]
    assert b306.value > others.value.max() + 5           # above every other card
    assert b306.value_lo > others.value.median() + 10    # its whole interval far above the field
    assert b306.pick_rate > 0.8 and b306.value_bursts > 8
    assert _value(planted, "b0", "B306").value < b306.value - 15


def test_D18_a_set_cards_pick_value_rises_with_its_printed_bursts(planted):
    vals = [_value(planted, f"b{b}", "B306").value for b in (0, 5, 10, 15)]
    assert all(a < b for a, b in zip(vals, vals[1:])), vals
    assert np.polyfit([0, 5, 10, 15], vals, 1)[0] > 1.0, vals   # points of win share per burst


def test_D18_two_identical_set_cards_have_equal_pick_values(planted):
    b306, b308 = _value(planted, "twin", "B306"), _value(planted, "twin", "B308")
    assert b306.n_picks > 100 and b308.n_picks > 100
    half = lambda r: (r.value_hi - r.value_lo) / 2
    gap = abs(b306.value - b308.value)
    assert gap < np.hypot(half(b306), half(b308))         # equal within noise
    assert gap < 10


def test_D18_values_of_a_forked_dawn_run_sum_to_zero(planted):
    for _, s in planted.groupby("variant"):
        assert abs((s.value * s.n_picks).sum()) < 1e-9 * s.n_picks.sum()


@pytest.mark.nojit_ci
def test_D1_a_tiny_forked_dawn_run(tmp_path):
    """Two 5-player Dawn games (the little board, D4; sets drawn per game, D1), a third of the
    picks forked: the table, values and regret hold together (also run with numba off)."""
    run = _forked_run(tmp_path / "run", """players: 5
side: archipelago
dawn: {sets: []}
games: 2
seed: 4
counterfactual: {decisions: recruit, sample: 0.3}
""")
    assert run.has_picks
    v, r = A.pick_values(run), A.pick_regret(run)
    assert len(v) and (v.n_picks >= 1).all() and set(r.stage) >= {"all"}
    assert abs((v.value * v.n_picks).sum()) < 1e-9 * v.n_picks.sum()
    assert (r.regret >= 0).all()
