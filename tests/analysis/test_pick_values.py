"""Pick value and pick regret (glowsim/analysis/picks.py): the SQL against the obvious pandas
version (tests/analysis/naive.py) on a synthetic picks table, the identity that makes the
values of one pick sum to zero, and validation on real forked runs: a card planted at +15
printed bursts, two identical cards under two ids, a sweep of printed bursts."""
import numpy as np
import pandas as pd
import pytest

from glowsim import analysis as A
from glowsim.analysis import picks as P

from . import naive
from .synth import random_run
from .synth_picks import add_picks

RTOL = 1e-9
SLICE = ["variant", "n_players", "side"]


@pytest.fixture(scope="module")
def synth_dir(tmp_path_factory):
    path = random_run(tmp_path_factory.mktemp("picks") / "run", games=60, with_rerolls=False,
                      with_sweep=False, slices=((2, "province"), (3, "archipelago"), (4, "province")))
    return add_picks(path)


@pytest.fixture(params=["17", "100000"], ids=["blocks-of-17-games", "one-block"])
def synth(synth_dir, request, monkeypatch):
    monkeypatch.setenv("GLOWSIM_PART_GAMES", request.param)
    return A.load_run(synth_dir)


def same(new: pd.DataFrame, ref: pd.DataFrame, keys: list[str]):
    assert len(new) == len(ref) > 0
    m = ref.merge(new, on=keys, suffixes=("_ref", ""), how="left", validate="one_to_one")
    for c in ref.columns:
        if c not in keys:
            np.testing.assert_allclose(m[c].to_numpy(float), m[f"{c}_ref"].to_numpy(float),
                                       rtol=RTOL, atol=1e-12, equal_nan=True, err_msg=c)


def test_pick_values_sql_against_pandas(synth, synth_dir):
    same(A.pick_values(synth), naive.pick_values(synth_dir), SLICE + ["companion"])


def test_pick_values_by_stage_sql_against_pandas(synth, synth_dir):
    same(A.pick_values_by_stage(synth), naive.pick_values(synth_dir, stage=True),
         SLICE + ["stage", "companion"])


def test_pick_regret_sql_against_pandas(synth, synth_dir):
    same(A.pick_regret(synth), naive.pick_regret(synth_dir), SLICE + ["bot", "stage"])


def test_other_slices_and_a_pick_of_one_card(synth, synth_dir):
    same(A.pick_values(synth, by=["n_players"]), naive.pick_values(synth_dir, by=["n_players"]),
         ["n_players", "companion"])
    # game 0's first pick offers one card twice (two rows): it is no choice and counts nowhere
    d = naive.pick_differences(synth_dir)
    assert not ((d.game_index == 0) & (d.decision == 3)).any()


def test_values_of_one_pick_sum_to_zero(synth_dir):
    """Per pick, sum over the cards c of (ws_c - mean of the others) = S - (m S - S)/(m - 1) = 0;
    so over a slice, the values weighted by their picks sum to 0."""
    d = naive.pick_differences(synth_dir)
    per_pick = d.groupby(["variant", "game_index", "decision"])[["dw", "db"]].sum()
    np.testing.assert_allclose(per_pick.to_numpy(), 0, atol=1e-12)
    v = A.pick_values(A.load_run(synth_dir))
    for _, s in v.groupby(SLICE):
        assert abs((s.value * s.n_picks).sum()) < 1e-9 * s.n_picks.sum()
        assert abs((s.value_bursts * s.n_picks).sum()) < 1e-9 * s.n_picks.sum() * 100
        assert s.value.abs().max() > 1   # the identity is not all zeros


def test_value_means_plain_and_weighted_by_picks(synth_dir):
    """The weighted mean is 0 by the identity above; the plain mean is not, when cards are
    offered at unequal numbers of picks."""
    v = A.pick_values(A.load_run(synth_dir))
    m = P.value_means(v)
    assert list(m.columns) == SLICE + ["n_cards", "mean", "weighted_mean"]
    assert len(m) == 3
    for _, r in m.iterrows():
        s = v[(v.variant == r.variant) & (v.n_players == r.n_players) & (v.side == r.side)]
        assert r.n_cards == len(s)
        assert r["mean"] == pytest.approx(s.value.mean())
        assert abs(r.weighted_mean) < 1e-9
        assert abs(r["mean"]) > 1e-3      # unequal offers: the plain mean is off 0
    # a hand table: a weak card offered at 30 picks, two strong ones at 10 each
    hand = pd.DataFrame({"companion": ["A", "B", "C"], "n_picks": [30, 10, 10],
                         "value": [-2.0, 3.0, 3.0]})
    h = P.value_means(hand, by=[]).iloc[0]
    assert (h.n_cards, h["mean"], h.weighted_mean) == (3, pytest.approx(4 / 3), 0.0)


def test_verdicts():
    assert P.verdict(2.5, 6, 100, 2.0) == ("above", "")
    assert P.verdict(-6, -2.1, 100, 2.0) == ("below", "")
    assert P.verdict(-1.9, 1.5, 100, 2.0) == ("within", "")
    assert P.verdict(-1, 3, 100, 2.0)[0] == "unclear" and "+2" in P.verdict(-1, 3, 100, 2.0)[1]
    assert "fewer than" in P.verdict(3, 9, P.MIN_PICKS - 1, 2.0)[1]


def test_a_run_without_picks(tiny_run):
    assert not tiny_run.has_picks


# ---- validation on forked runs (the fast path, numba on) ----

PLANTED = """players: 3
side: province
games: 200
chunk_games: 100
seed: 9
counterfactual: {decisions: recruit, sample: 1.0}
variants:
  - {name: b0, content: {companions: {A04: {bursts: 0}}}}
  - {name: b5, content: {companions: {A04: {bursts: 5}}}}
  - {name: b10, content: {companions: {A04: {bursts: 10}}}}
  - {name: b15, content: {companions: {A04: {bursts: 15}}}}
  - name: twin
    content: {companions: {B99: {name: Biraii twin, deck: B, bursts: 1, fireflies: 1,
                                 trigger: {symbols: [fire]}, effect: {fireflies: 1, bursts: 1}}}}
"""


def _forked_run(path, text):
    from glowsim.runner import RunOptions, run_scenario
    from glowsim.scenarios import parse_scenario
    run_scenario(parse_scenario(text, "picks.yaml"), RunOptions(out=path, progress=False))
    return A.load_run(path)


@pytest.fixture(scope="module")
def planted(tmp_path_factory):
    """Tamnuca (A04, printed 0 bursts) at 0, 5, 10 and 15 printed bursts, and a copy of Biraii
    (B09) added as B99; 3 players, every recruit pick forked, the same seeds in every variant."""
    return A.pick_values(_forked_run(tmp_path_factory.mktemp("planted") / "run", PLANTED))


def _value(v, variant, card):
    row = v[(v.variant == variant) & (v.companion == card)]
    assert len(row) == 1
    return row.iloc[0]


def test_a_card_planted_at_15_more_bursts_is_worth_far_more_than_the_field(planted):
    v = planted[planted.variant == "b15"]
    a04 = _value(planted, "b15", "A04")
    others = v[v.companion != "A04"]
    assert a04.value > others.value.max() + 10          # far above every other card
    assert a04.value_lo > others.value.median() + 20    # its whole interval far above the field
    assert a04.verdict == "above" and a04.pick_rate > 0.9
    assert a04.value_bursts > 10                         # and worth its bursts in final score
    assert abs(_value(planted, "b0", "A04").value) < abs(a04.value) / 4


def test_two_identical_cards_have_equal_pick_values(planted):
    b09, b99 = _value(planted, "twin", "B09"), _value(planted, "twin", "B99")
    assert b09.n_picks > 200 and b99.n_picks > 200
    half = lambda r: (r.value_hi - r.value_lo) / 2
    gap = abs(b09.value - b99.value)
    assert gap < np.hypot(half(b09), half(b99))          # equal within noise
    assert gap < 10


def test_pick_value_rises_with_printed_bursts(planted):
    vals = [_value(planted, f"b{b}", "A04").value for b in (0, 5, 10, 15)]
    assert all(a < b for a, b in zip(vals, vals[1:])), vals
    slope = np.polyfit([0, 5, 10, 15], vals, 1)[0]
    assert slope > 1.0, vals                             # points of win share per printed burst


def test_values_of_a_forked_run_sum_to_zero(planted):
    for _, s in planted.groupby("variant"):
        assert abs((s.value * s.n_picks).sum()) < 1e-9 * s.n_picks.sum()
        assert abs((s.value_bursts * s.n_picks).sum()) < 1e-9 * s.n_picks.sum() * 100


@pytest.mark.nojit_ci
def test_a_tiny_forked_run(tmp_path):
    """Two 2-player games, a third of the picks forked: the table, values and regret hold
    together (also run with numba off)."""
    run = _forked_run(tmp_path / "run", """players: 2
side: archipelago
games: 2
seed: 4
counterfactual: {decisions: recruit, sample: 0.3}
""")
    assert run.has_picks
    v, r = A.pick_values(run), A.pick_regret(run)
    assert len(v) and (v.n_picks >= 1).all() and set(r.stage) >= {"all"}
    assert abs((v.value * v.n_picks).sum()) < 1e-9 * v.n_picks.sum()
    assert (r.regret >= 0).all()
