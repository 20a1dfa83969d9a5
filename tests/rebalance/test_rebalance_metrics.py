"""Card deviations from the field and their intervals (glowsim/rebalance/metrics.py), checked
against the plain formulas of glowsim.analysis.intervals on blocks where they must agree."""
import numpy as np
import pytest

from glowsim.analysis.intervals import mean_ci, paired_diff
from glowsim.rebalance.edits import CardKey
from glowsim.rebalance.metrics import (STATUS_ABOVE, STATUS_BELOW, STATUS_FEW, STATUS_UNCLEAR,
                                       STATUS_WITHIN, card_stats, improvement_diff, paired)

from .synth import games, two_player

rng = np.random.default_rng(5)
WINS = rng.random(400) < 0.6


def test_improvement_is_win_share_minus_the_others_mean():
    ws = np.array([[1.0, 0, 0, 0], [0.5, 0.5, 0, 0]])
    d = improvement_diff(ws)
    assert d[0].tolist() == pytest.approx([1.0, -1 / 3, -1 / 3, -1 / 3])
    assert d[1].tolist() == pytest.approx([1 / 3, 1 / 3, -1 / 3, -1 / 3])  # 0.5 - 0.5/3, 0 - 1/3


def test_one_recruit_per_game_gives_the_t_interval_of_the_per_game_differences():
    s = card_stats(two_player(WINS))
    d = 2 * WINS.astype(float) - 1            # seat 0's win share minus seat 1's
    iv = mean_ci(d)
    a01 = s.index(CardKey("companion", "A01"))
    assert s.field[a01] == pytest.approx(0.0)  # the two cards' improvements cancel
    assert s.dev[a01] == pytest.approx(iv.estimate)
    assert (s.dev_low[a01], s.dev_high[a01]) == pytest.approx((iv.low, iv.high))
    assert s.dev[s.index(CardKey("companion", "A02"))] == pytest.approx(-iv.estimate)
    assert s.n[a01] == 400


def test_adventurer_win_rate_against_one_over_n():
    s = card_stats(two_player(WINS))
    i = s.index(CardKey("adventurer", "braccio"))
    iv = mean_ci(WINS.astype(float))
    assert s.est[i] == pytest.approx(WINS.mean())
    assert s.field[i] == 0.5
    assert (s.est_low[i], s.est_high[i]) == pytest.approx((iv.low, iv.high))
    assert s.dev[i] == pytest.approx(WINS.mean() - 0.5)


def test_paired_change_is_the_paired_t_interval_and_zero_for_the_same_games():
    a = card_stats(two_player(WINS))
    same = paired(a, a)
    assert np.allclose(same.change, 0) and np.allclose(same.change_high - same.change_low, 0)
    flipped = WINS.copy()
    flipped[:100] = ~flipped[:100]
    b = card_stats(two_player(flipped))
    p = paired(a, b)
    i = a.index(CardKey("companion", "A01"))
    iv = paired_diff(2 * flipped - 1.0, 2 * WINS - 1.0)
    assert p.change[i] == pytest.approx(iv.estimate)
    assert (p.change_low[i], p.change_high[i]) == pytest.approx((iv.low, iv.high))
    assert p.gain[i] == pytest.approx(abs(a.dev[i]) - abs(b.dev[i]))


def test_status_uses_simultaneous_intervals_over_the_judged_cards():
    G = 4000
    wins = rng.random(G) < 0.5
    s = card_stats(two_player(wins))
    # push the estimates around by hand, keep the interval widths
    h95 = s.half_width()
    hsim = s.simultaneous_half()
    assert np.all(hsim > h95)                       # wider than one card's 95% interval
    T = 0.02
    s.dev = np.array([T + 1.5 * hsim[0], -T - 1.5 * hsim[1], 0.0, T + 0.5 * (h95[3] + hsim[3])])
    st = s.status(T)
    assert st[0] == STATUS_ABOVE and st[1] == STATUS_BELOW
    # interval 95% alone would call the last card out; simultaneously it is unclear
    assert s.dev[3] - h95[3] > T and st[3] == STATUS_UNCLEAR
    assert st[2] in (STATUS_WITHIN, STATUS_UNCLEAR)
    assert (st[2] == STATUS_WITHIN) == (hsim[2] <= T)


def test_cards_never_recruited_are_not_judged():
    G = 50
    ws = np.tile([1.0, 0.0], (G, 1))
    rec = np.zeros((G, 2, 2), bool)
    rec[:, 0, 0] = True
    s = card_stats(games(ws, rec, np.tile([0, 1], (G, 1))))
    assert s.status(0.02)[s.index(CardKey("companion", "A02"))] == STATUS_FEW
