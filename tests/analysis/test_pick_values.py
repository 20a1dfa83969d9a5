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


def test_verdicts():
    assert P.verdict(2.5, 6, 100, 2.0) == ("above", "")
    assert P.verdict(-6, -2.1, 100, 2.0) == ("below", "")
    assert P.verdict(-1.9, 1.5, 100, 2.0) == ("within", "")
    assert P.verdict(-1, 3, 100, 2.0)[0] == "unclear" and "+2" in P.verdict(-1, 3, 100, 2.0)[1]
    assert "fewer than" in P.verdict(3, 9, P.MIN_PICKS - 1, 2.0)[1]


def test_a_run_without_picks(tiny_run):
    assert not tiny_run.has_picks
