"""The SQL (DuckDB) analysis against obvious pandas versions (tests/analysis/naive.py).

The run is read in blocks of games (glowsim/analysis/db.py); the tests run with blocks of
a few dozen games, so every merge of per-block sums and moments is exercised, and with one
block.  Agreement is required at rtol 1e-9 (float sums in another order)."""
import numpy as np
import pandas as pd
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest

from glowsim import analysis as A
from glowsim.analysis import ranks as R
from glowsim.analysis.bots import boot_weights
from glowsim.analysis.cards import BLOCKS

from . import naive
from .synth import random_run

RTOL = 1e-9


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    """The synthetic run with its recruits in row groups of 20 games of one variant, as the
    runner writes chunks (so the offers are read in several batches)."""
    path = random_run(tmp_path_factory.mktemp("sql") / "run", games=60)
    t = pq.read_table(path / "recruits.parquet")
    with pq.ParquetWriter(path / "recruits.parquet", t.schema) as w:
        for v in pc.unique(t["variant"]).to_pylist():
            rows = t.filter(pc.equal(t["variant"], v))
            for lo in range(0, 60, 20):
                w.write_table(rows.filter(pc.and_(pc.greater_equal(rows["game_index"], lo),
                                                  pc.less(rows["game_index"], lo + 20))))
    return path


@pytest.fixture(params=["37", "100000"], ids=["blocks-of-37-games", "one-block"])
def run(run_dir, request, monkeypatch):
    monkeypatch.setenv("GLOWSIM_PART_GAMES", request.param)
    monkeypatch.setenv("GLOWSIM_OFFER_GAMES", request.param)
    return A.load_run(run_dir)


def same(new: pd.DataFrame, ref: pd.DataFrame, keys: list[str]):
    """Every column of ``ref`` equals ``new``'s on the rows matched by ``keys``."""
    assert len(new) == len(ref)
    m = ref.merge(new, on=keys, suffixes=("_ref", ""), how="left", validate="one_to_one")
    for c in ref.columns:
        if c in keys:
            continue
        a, b = m[f"{c}_ref"].to_numpy(float), m[c].to_numpy(float)
        np.testing.assert_allclose(b, a, rtol=RTOL, atol=1e-12, equal_nan=True, err_msg=c)


@pytest.mark.nojit_ci      # the card pass's kernel also as Python (make test)
def test_companion_strength(run, run_dir):
    same(A.companion_strength(run), naive.companion_strength(run_dir),
         ["n_players", "side", "companion"])


def test_companion_strength_by_variant(run, run_dir):
    by = ["variant", "n_players", "side"]
    same(A.companion_strength(run, by=by), naive.companion_strength(run_dir, by),
         by + ["companion"])


def test_adventurer_strength(run, run_dir):
    same(A.adventurer_strength(run, by=["n_players", "side"], draft=False),
         naive.adventurer_strength(run_dir), ["n_players", "side", "adventurer"])


def test_seat_summary(run, run_dir):
    same(A.seat_summary(run), naive.seat_summary(run_dir), ["n_players", "side"])


def test_side_summary(run, run_dir):
    same(A.side_summary(run), naive.side_summary(run_dir), ["n_players", "side"])


def test_reroll_usage(run, run_dir):
    same(A.reroll_usage(run), naive.reroll_usage(run_dir), ["n_players", "side"])


def test_reroll_experiments(run, run_dir):
    e = A.reroll_experiments(run)
    e = e[e["source"] == "tokens"]
    names = [f"tokens+{k}" for k in (1, 2, 3, 4)]
    assert e["baseline"].unique().tolist() == ["4p-province"]
    same(e, naive.token_gains(run_dir, 0, "4p-province", names), ["variant"])


def test_rank_block_sums(run, run_dir):
    for kind in ("companion", "adventurer"):
        got = R.block_sums(run, kind)
        same(got, naive.block_sums(run_dir, BLOCKS, kind), ["n_players", "side", "card", "block"])


def test_rank_uncertainty_against_a_plain_bootstrap(run, run_dir):
    """The ranks, their 95% quantiles and the chances of being strongest / weakest, from the
    naive block sums and the same bootstrap weights, one replicate at a time."""
    reps = 200
    got = R.rank_uncertainty(run, "adventurer", replicates=reps, seed=7)
    sums = naive.block_sums(run_dir, BLOCKS, "adventurer")
    blocks = int(sums["block"].max()) + 1
    W = boot_weights(blocks, reps, 7, R.RANK_STREAM)
    for (n, side), d in sums.groupby(["n_players", "side"]):
        S = d.pivot_table(index="block", columns="card", values="x", aggfunc="sum")
        N = d.pivot_table(index="block", columns="card", values="n", aggfunc="sum")
        S, N = (x.reindex(range(blocks)).fillna(0.0) for x in (S, N))
        cards = [c for c in N.columns if N[c].sum() >= R.MIN_GAMES]
        ranks, best, worst = [], [], []
        for w in W:
            rate = {c: (w * S[c]).sum() / (w * N[c]).sum() for c in cards}
            if not all(np.isfinite(v) for v in rate.values()):
                continue
            ranks.append(pd.Series(rate).rank(ascending=False))
            best.append({c: rate[c] == max(rate.values()) for c in cards})
            worst.append({c: rate[c] == min(rate.values()) for c in cards})
        ranks, best, worst = pd.DataFrame(ranks), pd.DataFrame(best), pd.DataFrame(worst)
        g = got[(got["n_players"] == n) & (got["side"] == side)].set_index("adventurer")
        assert sorted(g.index) == sorted(cards)
        whole = pd.Series({c: S[c].sum() / N[c].sum() for c in cards}).rank(ascending=False)
        for c in cards:
            assert g.at[c, "rank"] == whole[c]
            lo, hi = np.quantile(ranks[c], [0.025, 0.975], method="inverted_cdf")
            assert (g.at[c, "rank_low"], g.at[c, "rank_high"]) == (lo, hi)
            assert g.at[c, "p_strongest"] == pytest.approx(best[c].mean())
            assert g.at[c, "p_weakest"] == pytest.approx(worst[c].mean())
            assert g.at[c, "replicates"] == len(ranks)


def test_rank_bootstrap_is_seeded(run):
    a = R.rank_uncertainty(run, "companion", replicates=50, seed=3)
    again = run.subset(run.variant_names)          # the same games, its own memo: drawn again
    assert again.memo == {} and again is not run
    b = R.rank_uncertainty(again, "companion", replicates=50, seed=3)
    c = R.rank_uncertainty(run, "companion", replicates=50, seed=4)
    pd.testing.assert_frame_equal(a, b)
    assert not a[["rank_low", "rank_high", "p_strongest"]].equals(
        c[["rank_low", "rank_high", "p_strongest"]])


def test_recruit_bursts(run, run_dir):
    g, _, r = naive.tables(run_dir)
    r = r.merge(g[["variant", "game_index", "n_players", "side"]], on=["variant", "game_index"])
    for key, s in r.groupby(["n_players", "side"]):
        want = (s["effect_bursts"] + s["printed_bursts"]).mean()
        np.testing.assert_allclose(A.recruit_bursts(run, key), want, rtol=RTOL)


def test_card_sums_do_not_depend_on_threads(run_dir, monkeypatch):
    """The card pass sums batches in two threads and merges them in the batches' order: one
    thread and two give the same table, bit for bit, row for row."""
    from glowsim.analysis.offers import offer_sums
    got = {}
    for threads in ("1", "2"):
        monkeypatch.setenv("GLOWSIM_OFFER_THREADS", threads)
        got[threads] = offer_sums(A.load_run(run_dir), ["variant", "n_players", "side"],
                                  games=20, blocks=BLOCKS)
    assert len(got["1"]) > 100 and (got["1"]["kind"] == "block").any()
    pd.testing.assert_frame_equal(got["1"], got["2"], check_exact=True)
