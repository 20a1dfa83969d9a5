"""The two board sides compared on the same seeds: hand-computed paired differences, the
block bootstrap of the spreads, which variants pair up, and the verdict."""
import math

import numpy as np
import pytest

from glowsim.analysis import load_run
from glowsim.analysis.sides import (group_block_sums, paired_side_differences, per_game_figures,
                                    side_differences, side_pairs, side_verdicts,
                                    spread_difference)

from .synth import player_row, recruit_row, write_run

T975_3 = 3.182446305


def spec(name, side, n=2, patch=None):
    return {"name": name, "variant": name, "players": n, "side": side, "engine": "fast",
            "content_hash": "patched" if patch else "published",
            "seats": [{"adventurer": "random", "bot": "heuristic", "start_rerolls": 0}] * n,
            "patch": patch or {}, "content": [{"source": "s", "patch": patch}] if patch else []}


def write(tmp_path, rows, variants):
    """rows: {variant: [(side, [(turn_pos, adventurer, score, win_share), ...]), ...]}, one
    entry per game index."""
    G, P, R = [], [], []
    for v, games in rows.items():
        for g, (side, seats) in enumerate(games):
            scores = sorted((s for _, _, s, _ in seats), reverse=True)
            G.append(dict(variant=v, game_index=g, n_players=len(seats), side=side,
                          first_player=0, n_winners=sum(w > 0 for *_, w in seats),
                          top_score=scores[0], margin=scores[0] - scores[1], rounds=8))
            for seat, (pos, adv, score, w) in enumerate(seats):
                P.append(player_row(v, g, seat, pos, adv, score, w > 0, w))
            R.append(recruit_row(v, g, 1, 0, 0, "A01", ["A01"]))
    manifest = {"scenario": {"name": "sides"}, "variants": variants, "sweeps": []}
    return load_run(write_run(tmp_path / "run", G, P, R, manifest))


# four 2-player games per side on the same game indices; (turn_pos, adventurer, score, win)
PROV = [[(0, "eoles", 50, 1), (1, "pocana", 40, 0)],
        [(0, "eoles", 30, 0), (1, "pocana", 45, 1)],
        [(0, "moloch", 44, 1), (1, "eoles", 44, 0)],     # tied top score, won on the tie-break
        [(0, "pocana", 60, 1), (1, "moloch", 20, 0)]]
ARCH = [[(0, "eoles", 40, 0), (1, "pocana", 48, 1)],
        [(0, "eoles", 35, 0), (1, "pocana", 41, 1)],
        [(0, "moloch", 50, 1), (1, "eoles", 30, 0)],
        [(0, "pocana", 39, 0), (1, "moloch", 43, 1)]]


@pytest.fixture
def hand(tmp_path):
    return write(tmp_path, {"prov": [("province", s) for s in PROV],
                            "arch": [("archipelago", s) for s in ARCH]},
                 [spec("prov", "province"), spec("arch", "archipelago")])


def t_interval(d):
    d = np.asarray(d, float)
    half = T975_3 * d.std(ddof=1) / math.sqrt(len(d))
    return d.mean(), d.mean() - half, d.mean() + half


def test_mean_figures_are_paired_game_by_game(hand):
    diffs = side_differences(hand).set_index("figure")
    assert set(diffs["games"]) == {4}
    # first player's win share per game: province 1 0 1 1, archipelago 0 0 1 0
    fpa = diffs.loc["first_player_advantage"]
    assert fpa["province"] == pytest.approx(0.75 - 0.5)
    assert fpa["archipelago"] == pytest.approx(0.25 - 0.5)
    est, lo, hi = t_interval([1, 0, 0, 1])
    assert (fpa["difference"], fpa["difference_low"], fpa["difference_high"]) == pytest.approx(
        (est, lo, hi))
    # tie: game 2 of the province only; score spread 10 15 0 40 against 8 6 20 4
    assert diffs.loc["tie_rate", "difference"] == pytest.approx(0.25)
    est, lo, hi = t_interval([10 - 8, 15 - 6, 0 - 20, 40 - 4])
    sp = diffs.loc["score_spread"]
    assert (sp["difference"], sp["difference_low"], sp["difference_high"]) == pytest.approx(
        (est, lo, hi))
    est, _, _ = t_interval([45 - 44, 37.5 - 38, 44 - 40, 40 - 41])
    assert diffs.loc["score", "difference"] == pytest.approx(est)
    # intervals that straddle 0 decide nothing; tie rate and mean score are never judged
    assert set(diffs["more_balanced"]) == {""}
    assert side_verdicts(side_differences(hand))["verdict"].tolist() == [
        "no clear difference (judged on seat gap, size of the first-player advantage, "
        "adventurer spread, score spread relative to the mean score)"]


def test_size_and_relative_spread_are_functions_of_the_means(hand):
    diffs = side_differences(hand).set_index("figure")
    # the first player's win rate is 3/4 on the province and 1/4 on the archipelago: both lie
    # 25 points from the fair 1/2, on opposite sides
    size = diffs.loc["first_player_advantage_size"]
    assert size[["province", "archipelago", "difference"]].tolist() == pytest.approx(
        [0.25, 0.25, 0.0])
    assert size["interval"].startswith("bootstrap over 4 blocks")
    # mean spread over mean score: (10 + 15 + 0 + 40) / (45 + 37.5 + 44 + 40) on the province,
    # (8 + 6 + 20 + 4) / (44 + 38 + 40 + 41) on the archipelago
    rel = diffs.loc["relative_score_spread"]
    p, a = 65 / 166.5, 38 / 163
    assert rel[["province", "archipelago", "difference"]].tolist() == pytest.approx(
        [p, a, p - a])
    assert rel["difference_low"] <= p - a <= rel["difference_high"]


def test_spread_figures_are_the_highest_minus_lowest_rate(hand):
    diffs = side_differences(hand).set_index("figure")
    # seat win rates: province 3/4 and 1/4 (gap 0.5); archipelago 1/4 and 3/4 (gap 0.5)
    assert diffs.loc["seat_gap", ["province", "archipelago", "difference"]].tolist() == \
        pytest.approx([0.5, 0.5, 0.0])
    # adventurers, province: eoles 1/3, pocana 2/3, moloch 1/2; archipelago: eoles 0, pocana 1/2,
    # moloch 1
    assert diffs.loc["adventurer_spread", ["province", "archipelago"]].tolist() == \
        pytest.approx([2 / 3 - 1 / 3, 1.0])
    assert diffs.loc["seat_gap", "interval"].startswith("bootstrap over 4 blocks")
    # every figure of each side has its interval too (t for per-game figures)
    assert diffs[["province_low", "province_high", "archipelago_low",
                  "archipelago_high"]].notna().all().all()
    est, lo, hi = t_interval([1, 0, 1, 1])
    fpa = diffs.loc["first_player_advantage"]
    assert (fpa["province_low"], fpa["province_high"]) == pytest.approx((lo - 0.5, hi - 0.5))


def test_block_bootstrap_identical_sides_give_a_zero_interval():
    rng = np.random.default_rng(3)
    S = rng.random((50, 4))
    N = np.ones((50, 4))
    from glowsim.analysis.bots import boot_weights
    w = boot_weights(50, 200, 0)
    r = spread_difference((S, N), (S, N), w)
    assert r["a"] == r["b"] and r["d"] == 0 and r["d_low"] == 0 and r["d_high"] == 0
    # each side's own interval: around its spread, from the same replicates
    assert r["a_low"] == r["b_low"] < r["a"] < r["a_high"] == r["b_high"]


def test_planted_seat_advantage_makes_the_other_side_more_balanced(tmp_path):
    # 400 four-player games: on the province the first player wins 55% of the games, on the
    # archipelago every seat wins a quarter (seeded, the same games otherwise)
    rng = np.random.default_rng(7)
    advs = ["eoles", "pocana", "moloch", "orium"]
    rows = {"p": [], "a": []}
    for g in range(400):
        fair = int(rng.integers(4))
        first = 0 if rng.random() < 0.55 else int(rng.integers(1, 4))
        for v, side, w in (("p", "province", first), ("a", "archipelago", fair)):
            seats = [(pos, advs[pos], 40 + (10 if pos == w else 0), 1 if pos == w else 0)
                     for pos in range(4)]
            rows[v].append((side, seats))
    run = write(tmp_path, rows, [spec("p", "province", 4), spec("a", "archipelago", 4)])
    d = side_differences(run).set_index("figure")
    for fig in ("seat_gap", "first_player_advantage_size"):
        assert d.loc[fig, "difference_low"] > 0, fig
        assert d.loc[fig, "more_balanced"] == "archipelago", fig
    assert d.loc["first_player_advantage", "more_balanced"] == ""     # shown, not judged
    v = side_verdicts(side_differences(run))
    assert v["verdict"].iloc[0].startswith("archipelago is more balanced (seat gap, size of "
                                           "the first-player advantage")
    # the bootstrap is seeded: the same interval every time, another with another seed
    again = side_differences(run).set_index("figure")
    assert again.loc["seat_gap", "difference_low"] == d.loc["seat_gap", "difference_low"]
    pairs = side_pairs(run.variants, run.games)
    other = paired_side_differences(per_game_figures(run.games, run.players), run.players,
                                    pairs, seed=1).set_index("figure")
    assert other.loc["seat_gap", "difference_low"] != d.loc["seat_gap", "difference_low"]


def test_only_variants_that_differ_in_the_side_alone_pair_up(tmp_path):
    games = [("province", s) for s in PROV]
    arch = [("archipelago", s) for s in ARCH]
    run = write(tmp_path, {"prov": games, "arch": arch, "arch-patched": arch},
                [spec("prov", "province"), spec("arch", "archipelago"),
                 spec("arch-patched", "archipelago", patch={"companions": {"A11": {"bursts": 4}}})])
    assert side_pairs(run.variants, run.games) == [(2, "prov", "arch")]


def test_group_block_sums_count_win_shares_per_block(hand):
    from glowsim.analysis.sides import block_grid
    p = hand.players[hand.players["variant"] == "prov"]
    grid = block_grid(np.arange(4), blocks=2)          # games 0-1 and 2-3
    S, N, groups = group_block_sums(p, "turn_pos", grid)
    assert groups == [0, 1]
    assert S.tolist() == [[1, 1], [2, 0]] and N.tolist() == [[2, 2], [2, 2]]


def test_verdict_names_each_side_and_its_measures():
    import pandas as pd
    rows = [dict(n_players=3, province_variant="p", archipelago_variant="a", figure=f,
                 games=10, more_balanced=m)
            for f, m in (("seat_gap", "province"), ("first_player_advantage_size", ""),
                         ("adventurer_spread", "archipelago"),
                         ("relative_score_spread", "province"), ("score_spread", ""))]
    v = side_verdicts(pd.DataFrame(rows))
    assert v["verdict"].tolist() == ["mixed: province more balanced on seat gap, score spread "
                                     "relative to the mean score; archipelago more balanced on "
                                     "adventurer spread"]
    rows[2]["more_balanced"] = ""
    assert side_verdicts(pd.DataFrame(rows))["verdict"].tolist() == [
        "province is more balanced (seat gap, score spread relative to the mean score)"]


def planted(tmp_path, n_games, first_win, score_shift, seed=11):
    """Four-player games on both sides from one seeded stream: the first player (turn
    position 0) wins with probability ``first_win[side]``, the other seats share the rest
    evenly; every player of a province game scores ``score_shift`` less than on the
    archipelago (the same spread)."""
    rng = np.random.default_rng(seed)
    advs = ["eoles", "pocana", "moloch", "orium"]
    rows = {"p": [], "a": []}
    for g in range(n_games):
        u, other = rng.random(), int(rng.integers(1, 4))
        base = [int(x) for x in rng.integers(40, 90, 4)]
        for v, side in (("p", "province"), ("a", "archipelago")):
            w = 0 if u < first_win[side] else other
            shift = score_shift if side == "province" else 0
            scores = [base[pos] - shift + (60 if pos == w else 0) for pos in range(4)]
            rows[v].append((side, [(pos, advs[(pos + g) % 4], scores[pos], int(pos == w))
                                   for pos in range(4)]))
    return write(tmp_path, rows, [spec("p", "province", 4), spec("a", "archipelago", 4)])


def test_first_player_advantages_on_opposite_sides_are_judged_by_their_size(tmp_path):
    # the province's first player wins 15% of the games (10 points below the fair 25%), the
    # archipelago's 27% (2 points above): opposite sides of 0, the province's further away
    run = planted(tmp_path, 3000, {"province": 0.15, "archipelago": 0.27}, 0)
    d = side_differences(run).set_index("figure")
    fpa, size = d.loc["first_player_advantage"], d.loc["first_player_advantage_size"]
    assert fpa["province"] < 0 < fpa["archipelago"]
    assert size["province"] == pytest.approx(abs(fpa["province"]))
    assert size["archipelago"] == pytest.approx(abs(fpa["archipelago"]))
    assert size["difference"] == pytest.approx(abs(fpa["province"]) - abs(fpa["archipelago"]))
    assert size["difference_low"] > 0 and size["more_balanced"] == "archipelago"
    assert fpa["more_balanced"] == ""
    assert "size of the first-player advantage" in side_verdicts(side_differences(run))[
        "verdict"].iloc[0]


def test_a_lower_score_level_is_judged_on_the_relative_spread(tmp_path):
    # every province player scores 30 bursts less: the same absolute spread, a lower mean,
    # so the spread relative to the mean is larger on the province
    run = planted(tmp_path, 1000, {"province": 0.25, "archipelago": 0.25}, 30)
    d = side_differences(run).set_index("figure")
    assert d.loc["score_spread", "difference"] == pytest.approx(0.0)
    assert d.loc["score", "difference"] == pytest.approx(-30.0)
    rel = d.loc["relative_score_spread"]
    assert rel["province"] > rel["archipelago"] and rel["difference_low"] > 0
    assert rel["more_balanced"] == "archipelago"
    for shown in ("score_spread", "score", "tie_rate", "first_player_advantage"):
        assert d.loc[shown, "more_balanced"] == "", shown
    v = side_verdicts(side_differences(run))["verdict"].iloc[0]
    assert v == "archipelago is more balanced (score spread relative to the mean score)"
