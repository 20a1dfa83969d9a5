"""Aggregations on the two-game table of synth.tiny_tables, against values worked out by hand."""
import math

import pandas as pd
import pytest

from glowsim.analysis import (adventurer_strength, companion_strength, paired_gain,
                              reroll_usage, seat_summary, seat_win_rates, side_summary, wilson)
from glowsim.analysis.cards import win_share_lookup

T975_1 = 12.706205  # Student t, 1 degree of freedom


def card(df, cid):
    return df.set_index("companion").loc[cid]


def test_offers_table_flattens_offered(tiny_run):
    o = tiny_run.offers
    assert len(o) == 10
    assert o["taken"].sum() == 4
    a02 = o[o["companion"] == "A02"]
    assert list(zip(a02.game_index, a02.seat, a02.taken)) == [
        (0, 0, False), (0, 1, True), (1, 1, False), (1, 0, False)]


def test_pick_rate_and_taken_at(tiny_run):
    t = companion_strength(tiny_run)
    a01, a02, a03, a04 = (card(t, c) for c in ("A01", "A02", "A03", "A04"))
    assert (a01.offered, a01.taken, a01.pick_rate) == (2, 2, 1.0)
    assert (a02.offered, a02.taken, a02.pick_rate) == (4, 1, 0.25)
    assert (a03.offered, a03.taken, a03.pick_rate) == (2, 0, 0.0)
    assert a04.pick_rate == 0.5
    w = wilson(1, 4)
    assert (a02.pick_rate_low, a02.pick_rate_high) == pytest.approx((w.low, w.high))
    assert a01.taken_at == 1.0 and a02.taken_at == 2.0 and a04.taken_at == 2.0
    assert (a01.games, a02.games, a03.games, a04.games) == (2, 2, 1, 1)


def test_win_rate_recruited_and_passed(tiny_run):
    t = companion_strength(tiny_run)
    a01, a02, a03, a04 = (card(t, c) for c in ("A01", "A02", "A03", "A04"))
    # A01 recruited by (g0 seat0, win 1) and (g1 seat1, shared win 0.5)
    assert (a01.games_recruited, a01.win_rate_recruited) == (2, 0.75)
    w = wilson(1.5, 2)
    assert (a01.win_rate_recruited_low, a01.win_rate_recruited_high) == pytest.approx((w.low, w.high))
    assert a01.games_passed == 0 and math.isnan(a01.win_rate_passed)
    # A02 passed by (g0 s0: 1), (g1 s1: 0.5), (g1 s0: 0.5); recruited by g0 s1 (0)
    assert (a02.games_passed, a02.win_rate_passed) == (3, pytest.approx(2 / 3))
    assert (a02.games_recruited, a02.win_rate_recruited) == (1, 0.0)
    assert (a03.games_recruited, a03.games_passed, a03.win_rate_passed) == (0, 2, 0.5)
    assert (a04.win_rate_recruited, a04.win_rate_passed) == (0.5, 0.5)
    assert (t["field_win_rate"] == 0.5).all()


def test_improvement_is_paired_within_game(tiny_run):
    t = companion_strength(tiny_run)
    a01 = card(t, "A01")
    # per recruiter: own win share minus the others' mean: g0 1 - 0 = 1, g1 0.5 - 0.5 = 0
    assert a01.improvement == 0.5
    half = T975_1 * math.sqrt(0.5) / math.sqrt(2)
    assert (a01.improvement_low, a01.improvement_high) == pytest.approx((0.5 - half, 0.5 + half))
    assert card(t, "A02").improvement == -1.0 and math.isnan(card(t, "A02").improvement_low)
    assert card(t, "A04").improvement == 0.0


def test_bursts_and_left_early(tiny_run):
    t = companion_strength(tiny_run)
    a01, a02, a04 = card(t, "A01"), card(t, "A02"), card(t, "A04")
    assert a01.bursts == 3.0 and a01.effect_bursts == 2.5 and a01.printed_bursts == 0.5
    assert (a01.bursts_low, a01.bursts_high) == pytest.approx((3 - T975_1, 3 + T975_1))
    assert a02.bursts == 2.0 and a04.bursts == 2.0
    assert (a01.left_early, a02.left_early) == (0.0, 1.0)


def test_flag_needs_interval_wholly_off_field_average(tiny_run, tmp_path):
    # with only 2 games nothing is flagged
    assert (companion_strength(tiny_run)["flag"] == "").all()


def test_others_win_share():
    p = pd.DataFrame(dict(variant="v", game_index=[0, 0, 0], seat=[0, 1, 2],
                          win_share=[0.5, 0.5, 0.0]))
    assert list(win_share_lookup(p)["others_win_share"]) == [0.25, 0.25, 0.5]


def test_adventurer_strength(tiny_run):
    t = adventurer_strength(tiny_run).set_index("adventurer")
    assert t.loc["pocana", "games"] == 2 and t.loc["pocana", "win_rate"] == 0.75
    assert t.loc["pocana", "improvement"] == 0.5 and t.loc["eoles", "improvement"] == -0.5
    assert t.loc["pocana", "score"] == 47.5
    assert t.loc["pocana", "journey_share"] == pytest.approx(15 / 95)
    assert t.loc["eoles", "win_rate"] == 0.25


def test_seats_and_balance(tiny_run):
    s = seat_win_rates(tiny_run)
    assert list(s["win_rate"]) == [0.75, 0.25] and list(s["fair_share"]) == [0.5, 0.5]
    b = seat_summary(tiny_run).iloc[0]
    assert b.games == 2 and b.seat_gap == 0.5 and (b.best_seat, b.worst_seat) == (1, 2)
    assert b.first_player_advantage == 0.25
    w = wilson(1.5, 2)
    assert b.first_player_advantage_low == pytest.approx(w.low - 0.5)
    assert b.tie_rate == 0.5 and b.shared_win_rate == 0.5
    assert b.score_spread == 5.0 and b.margin == 5.0


def test_side_summary(tiny_run):
    r = side_summary(tiny_run).iloc[0]
    assert (r.n_players, r.side, r.games) == (2, "province", 2)
    assert r.score == 45.0 and r.top_score == 47.5 and r.margin == 5.0
    assert r.journey_share == pytest.approx(14 / 90)
    assert r.between_game_share == 0.0
    assert r.adventurer_spread == 0.5 and r.seat_spread == 0.5


def test_reroll_usage(tiny_run):
    u = reroll_usage(tiny_run).iloc[0]
    assert (u.lumipili, u.tokens, u.track) == (0.75, 0.25, 0.75)
    assert u.uses_track == 0.5 and u.points_per_track_reroll == 4.0


def test_paired_gain_by_game_index():
    rows = []
    for v, scores in (("a", [10, 12, 14]), ("b", [11, 15, 14])):
        for g, s in enumerate(scores):
            rows.append(dict(variant=v, game_index=g, seat=0, score=s))
            rows.append(dict(variant=v, game_index=g, seat=1, score=100))  # ignored: not focal
    r = paired_gain(pd.DataFrame(rows), ["score"], "a", ["b"], seats=[0]).iloc[0]
    half = 4.302653 * math.sqrt(7 / 3) / math.sqrt(3)
    assert r.pairs == 3 and r.gain == pytest.approx(4 / 3)
    assert (r.gain_low, r.gain_high) == pytest.approx((4 / 3 - half, 4 / 3 + half), rel=1e-6)


def test_wilson_bounds_are_exact_at_zero_and_all():
    from glowsim.analysis.intervals import wilson_table
    assert (wilson(0, 7).low, wilson(7, 7).high) == (0.0, 1.0)
    assert 0 < wilson(0, 7).high < 1 and 0 < wilson(7, 7).low < 1
    t = wilson_table([0, 7, 3], [7, 7, 7])
    assert list(t["low"][:1]) == [0.0] and list(t["high"][1:2]) == [1.0]
    assert t["low"].iloc[2] == pytest.approx(wilson(3, 7).low)
