"""analysis/bots.py on a hand-checkable run: duel scores, ladder, card metric per bot, rank
correlations and verdict flips."""
import math

import numpy as np
import pandas as pd
import pytest
from scipy.special import stdtrit

from glowsim.analysis import bots as BA
from glowsim.analysis import load_run

from .bots_synth import write_bot_run


@pytest.fixture
def run(tmp_path):
    return load_run(write_bot_run(tmp_path / "bots"))


def t_interval(x):
    x = np.asarray(x, float)
    half = stdtrit(len(x) - 1, 0.975) * x.std(ddof=1) / math.sqrt(len(x))
    return x.mean() - half, x.mean() + half


def test_duel_pairs_complement_seatings_and_scores(run):
    assert BA.duel_pairs(run) == [("d-A", "d-B", "greedy", "heuristic")]
    # heuristic's head-to-head score per seed: (its share in d-A + in d-B) / 2
    # g0: (0 + 0)/2, g1: (1 + 1)/2, g2: (0.5 + 0)/2
    assert BA.duel_scores(run, "d-A", "d-B", "heuristic").tolist() == [0.0, 1.0, 0.25]
    assert BA.duel_scores(run, "d-A", "d-B", "greedy").tolist() == [1.0, 0.0, 0.75]
    d = BA.duels(run)
    assert len(d) == 1
    r = d.iloc[0]
    assert (r["upper"], r["lower"], r["pairs"], r["games"]) == ("heuristic", "greedy", 3, 6)
    assert r["win_rate"] == pytest.approx(5 / 12)
    lo, hi = t_interval([0, 1, 0.25])
    assert (r["win_rate_low"], r["win_rate_high"]) == pytest.approx((lo, hi))
    order, rungs = BA.ladder(d)
    assert order == ["greedy", "heuristic"]        # no interval clear of 50%: preset order
    assert rungs[["upper", "lower"]].values.tolist() == [["heuristic", "greedy"]]


def test_ladder_orders_by_wins_and_flips_a_rung_stored_the_other_way():
    rows = pd.DataFrame([
        dict(upper="heuristic", lower="greedy", n_players="4", side="province", variants="", pairs=10,
             games=20, win_rate=0.3, win_rate_low=0.2, win_rate_high=0.4, pooled=False)])
    order, rungs = BA.ladder(rows)
    assert order == ["heuristic", "greedy"]        # greedy won the duel
    r = rungs.iloc[0]
    assert (r["upper"], r["lower"]) == ("greedy", "heuristic")
    assert (r["win_rate"], r["win_rate_low"], r["win_rate_high"]) == pytest.approx((0.7, 0.6, 0.8))


def _duel(upper, lower, low, high):
    return dict(upper=upper, lower=lower, n_players="4", side="province", variants="", pairs=10,
                games=20, win_rate=(low + high) / 2, win_rate_low=low, win_rate_high=high,
                pooled=False)


def test_ladder_puts_a_bot_above_every_bot_it_beats():
    # master beats only expert (one duel won), expert beats heuristic and greedy (two):
    # counting wins alone would put master below expert
    rows = pd.DataFrame([_duel("heuristic", "greedy", 0.8, 0.9),
                         _duel("expert", "greedy", 0.85, 0.95),
                         _duel("expert", "heuristic", 0.55, 0.6),
                         _duel("master", "expert", 0.56, 0.6)])
    order, rungs = BA.ladder(rows)
    assert order == ["greedy", "heuristic", "expert", "master"]
    assert rungs[["upper", "lower"]].values.tolist() == [
        ["heuristic", "greedy"], ["expert", "heuristic"], ["master", "expert"]]
    assert (rungs["win_rate_low"] > 0.5).all()


def test_ladder_cuts_a_cycle_of_wins_by_wins_then_preset_order():
    rows = pd.DataFrame([_duel("heuristic", "greedy", 0.6, 0.7),
                         _duel("expert", "heuristic", 0.6, 0.7),
                         _duel("greedy", "expert", 0.6, 0.7)])
    order, _ = BA.ladder(rows)
    assert order == ["greedy", "heuristic", "expert"]


def test_card_metric_per_bot_by_hand(run, monkeypatch):
    monkeypatch.setattr(BA, "MIN_GAMES", 1)
    assert BA.selfplay_variants(run) == {"greedy": ["s-greedy"], "heuristic": ["s-heuristic"]}
    m = BA.card_metrics(run).set_index(["kind", "bot", "card"])
    # 2 players: diff = own win share - the other's = +1, -1 or 0
    want = {("greedy", "A01"): [1, -1, 1], ("greedy", "A02"): [-1, -1, 0],
            ("greedy", "A03"): [1, 1, 0], ("heuristic", "A01"): [-1, -1, -1],
            ("heuristic", "A02"): [1, -1], ("heuristic", "A03"): [1, 1, 1]}
    for (bot, card), x in want.items():
        r = m.loc[("companion", bot, card)]
        assert r["improvement"] == pytest.approx(np.mean(x)) and r["games"] == len(x)
        assert (r["improvement_low"], r["improvement_high"]) == pytest.approx(t_interval(x))
    assert m.loc[("companion", "greedy", "A01"), "field"] == pytest.approx(1 / 9)
    assert m.loc[("companion", "heuristic", "A01"), "field"] == pytest.approx(0.0)
    verdicts = {k[1:]: v for k, v in m["verdict"].items() if k[0] == "companion"}
    assert verdicts == {("greedy", "A01"): "neutral", ("greedy", "A02"): "neutral",
                        ("greedy", "A03"): "neutral", ("heuristic", "A01"): "below",
                        ("heuristic", "A02"): "neutral", ("heuristic", "A03"): "above"}
    assert m.loc[("adventurer", "greedy", "braccio"), "improvement"] == pytest.approx(-0.25)
    assert m.loc[("adventurer", "greedy", "eoles"), "improvement"] == pytest.approx(0.25)
    assert m.loc[("adventurer", "greedy", "eoles"), "field"] == 0.0
    f = BA.verdict_flips(BA.card_metrics(run))
    comp = f[f["kind"] == "companion"].set_index("card")
    assert comp.index.tolist() == ["A01", "A03"] and not comp["reversal"].any()
    assert comp.loc["A01", "verdict_heuristic"] == "below"
    assert comp.loc["A03", "verdict_greedy"] == "neutral"


def test_cards_with_too_few_games_get_no_verdict(run):
    m = BA.card_metrics(run)
    assert (m["verdict"] == "").all()               # at most 4 player-games, MIN_GAMES = 30
    assert BA.verdict_flips(m).empty


def test_rank_correlation_by_hand(run, monkeypatch):
    monkeypatch.setattr(BA, "MIN_GAMES", 1)
    rc = BA.rank_correlations(run, replicates=200).set_index("kind")
    r = rc.loc["companion"]
    # greedy: A02 -2/3 < A01 1/3 < A03 2/3; heuristic: A01 -1 < A02 0 < A03 1
    # Spearman 1 - 6 * (1 + 1 + 0) / (3 * 8) = 0.5; Kendall (2 concordant - 1 discordant) / 3
    assert (r["bot_a"], r["bot_b"], r["cards"]) == ("greedy", "heuristic", 3)
    assert r["spearman"] == pytest.approx(0.5)
    assert r["kendall"] == pytest.approx(1 / 3)
    for name in ("spearman", "kendall"):
        assert -1 <= r[f"{name}_low"] <= r[f"{name}_high"] <= 1
    assert "adventurer" not in rc.index             # 2 adventurers: fewer than 3 cards


def test_spearman_and_kendall_with_ties():
    assert BA.spearman([1, 2, 3, 4], [1, 3, 2, 4]) == pytest.approx(0.8)
    assert BA.kendall([1, 2, 3, 4], [1, 3, 2, 4]) == pytest.approx(4 / 6)
    # ties: average ranks (1.5, 1.5, 3) against (1, 2, 3); tau-b 2 / sqrt(2 * 3)
    assert BA.spearman([1, 1, 2], [1, 2, 3]) == pytest.approx(1.5 / math.sqrt(1.5 * 2))
    assert BA.kendall([1, 1, 2], [1, 2, 3]) == pytest.approx(2 / math.sqrt(6))
    # rows are independent replicates
    assert BA.spearman([[1, 2, 3], [3, 2, 1]], [[1, 2, 3], [1, 2, 3]]).tolist() == [1.0, -1.0]


def test_basic_bootstrap_interval_reflects_and_clips():
    reps = np.linspace(0.2, 0.6, 401)              # percentiles 0.21 and 0.59
    lo, hi = BA.basic_interval(0.5, reps)
    assert (lo, hi) == pytest.approx((2 * 0.5 - 0.59, 2 * 0.5 - 0.21))
    assert BA.basic_interval(0.9, np.linspace(0.0, 0.5, 101))[1] == 1.0


def test_flips_mark_reversals():
    m = pd.DataFrame([
        dict(kind="companion", n_players=4, side="province", bot=b, card=c, games=100,
             improvement=x, improvement_low=0, improvement_high=0, field=0, verdict=v)
        for b, c, x, v in [("heuristic", "A01", .1, "above"), ("expert", "A01", -.1, "below"),
                           ("heuristic", "A02", .1, "above"), ("expert", "A02", .05, "neutral"),
                           ("heuristic", "A03", 0, "neutral"), ("expert", "A03", 0, "neutral"),
                           ("heuristic", "A04", .1, "above"), ("expert", "A04", .2, "above")]])
    f = BA.verdict_flips(m).set_index("card")
    assert f.index.tolist() == ["A01", "A02"]
    assert f["reversal"].tolist() == [True, False]
    assert f.loc["A01", ["verdict_heuristic", "verdict_expert"]].tolist() == ["above", "below"]
    assert list(f.columns[:5]) == ["kind", "n_players", "side", "reversal", "verdict_heuristic"]


def test_boot_weights_follow_the_seeding_stream():
    from glowsim.seeding import Stream, game_key, root_key, stream_key
    w = BA.boot_weights(7, 3, 5)
    st = Stream(stream_key(game_key(root_key(5), 0), 0xB007))
    want = np.zeros((3, 7))
    for r in range(3):
        for _ in range(7):
            want[r, st.uniform_int(7)] += 1
    assert np.array_equal(w, want) and (w.sum(1) == 7).all()
