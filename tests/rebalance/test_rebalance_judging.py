"""How the search judges a played candidate (glowsim/rebalance/search.py): kept only when its
card's paired gain is above the noise and no balanced card is pushed out of tolerance.

The candidates' games are hand-made (2 players; seat 0 recruits A01, seat 1 A02, A03 goes to
either seat), so each verdict follows from known numbers."""
import numpy as np
import pytest
from tqdm import tqdm

from glowsim.rebalance.edits import CardKey
from glowsim.rebalance.metrics import card_stats
from glowsim.rebalance.search import Proposal, SearchOptions, _Search
from glowsim.scenarios import expand, parse_scenario

from .synth import games

G = 4000
rng = np.random.default_rng(11)
U = rng.random(G)                  # the luck of each game, common to every candidate (CRN)
A03_SEAT = np.arange(G) % 2        # A03 recruited by seat 0 in even games, seat 1 in odd


def block(p_win0, a03_boost=0.0):
    """Seat 0 wins game g when U[g] < p (A03's holder gets `a03_boost` more)."""
    p = np.full(G, p_win0) + np.where(A03_SEAT == 0, a03_boost, -a03_boost)
    w = (U < p).astype(float)
    ws = np.stack([w, 1 - w], axis=1)
    rec = np.zeros((G, 2, 3), bool)
    rec[:, 0, 0] = rec[:, 1, 1] = True
    rec[np.arange(G), A03_SEAT, 2] = True
    return games(ws, rec, np.tile([0, 1], (G, 1)), companions=("A01", "A02", "A03"))


@pytest.fixture()
def search(monkeypatch):
    run = expand(parse_scenario("players: 2\ngames: 10\n", "judging.yaml"))[0]
    s = _Search(run, SearchOptions(games=G, tolerance=0.02, progress=False))
    s.bar = tqdm(disable=True)
    return s


def play_as(monkeypatch, s, g):
    monkeypatch.setattr(s, "play", lambda values, desc: (g, card_stats(g)))


A01 = CardKey("companion", "A01")


def proposal(stats, new=-3):
    return Proposal(A01, "bursts", 0, new, float(stats.dev[0]), 0.0)


def test_a_significant_gain_is_accepted(search, monkeypatch):
    g0 = block(0.70)
    s0 = card_stats(g0)
    assert s0.status(0.02)[0] == "above"              # A01 +40 points
    g1 = block(0.52)
    play_as(monkeypatch, search, g1)
    g, st = search.play_round(1, [proposal(s0)], g0, s0)
    assert st is not s0 and search.values == {(A01, "bursts"): -3}
    assert search.log[-1]["decision"] == "accepted" and search.log[-1]["gain_low"] > 0


def test_a_gain_within_noise_is_rejected(search, monkeypatch):
    g0 = block(0.70)
    s0 = card_stats(g0)
    play_as(monkeypatch, search, block(0.699))        # a handful of games change winner
    g, st = search.play_round(1, [proposal(s0)], g0, s0)
    assert st is s0 and search.values == {}
    entry = search.log[-1]
    assert entry["decision"] == "rejected" and entry["gain_low"] <= 0 < entry["gain_high"]
    assert "noise" in entry["reason"]
    assert search.failures[(A01, "bursts")] == 1
    assert search.limits[(A01, "bursts")][0] == 3     # the next try moves further


def test_pushing_a_balanced_card_out_is_rejected(search, monkeypatch):
    g0 = block(0.70)
    s0 = card_stats(g0)
    a03 = s0.index(CardKey("companion", "A03"))
    assert abs(s0.dev[a03]) <= 0.02                   # A03 balanced
    play_as(monkeypatch, search, block(0.52, a03_boost=0.2))
    g, st = search.play_round(1, [proposal(s0)], g0, s0)
    assert st is s0 and search.values == {}
    assert search.log[-1]["decision"] == "rejected"
    assert "pushes A03 out of tolerance" in search.log[-1]["reason"]


def test_going_past_the_field_limits_the_next_step(search, monkeypatch):
    g0 = block(0.55)                                  # A01 +10 points
    s0 = card_stats(g0)
    play_as(monkeypatch, search, block(0.40))         # -20 points: further from the field
    search.play_round(1, [proposal(s0, new=-6)], g0, s0)
    assert search.log[-1]["reason"] == "no closer to the field"
    assert search.limits[(A01, "bursts")] == (0, 6)  # the next try is a smaller step


A03 = CardKey("companion", "A03")


def test_an_edited_card_pushed_out_is_targeted_again_when_the_field_gains(search, monkeypatch):
    """Re-checking earlier edits: A03 was edited by an earlier round and lies within ±T; fixing
    A01 pushes it out, but the field's total excess over ±T drops, so the fix is kept and A03
    becomes a target again (a card never edited would block it, as above)."""
    search.values = {(A03, "bursts"): 2}
    g0 = block(0.70)
    s0 = card_stats(g0)
    play_as(monkeypatch, search, block(0.52, a03_boost=0.2))
    g, st = search.play_round(1, [proposal(s0)], g0, s0)
    assert search.log[-1]["decision"] == "accepted"
    assert search.values[(A01, "bursts")] == -3
    status, _ = search.targets(st)
    assert status[st.index(A03)] == "above"


def test_edited_cards_are_judged_among_the_edited_only(search):
    """An edited card is a target when significantly out for the edited cards at once
    (Bonferroni over few cards), an untouched one for all cards at once."""
    s = card_stats(block(0.5))
    i = s.index(A03)
    h_all = s.simultaneous_half()[i]
    h95 = s.half_width()[i]
    s.dev = s.dev.copy()
    s.dev[i] = 0.02 + (h95 + h_all) / 2      # out for one card's interval, not for all cards
    assert search.targets(s)[0][i] == "unclear"
    search.values = {(A03, "bursts"): 2}
    assert search.targets(s)[0][i] == "above"


def test_why_not_fixed_names_each_number(search, monkeypatch):
    """A01 (Likyar: printed bursts 0, effect bursts 1, effect rerolls 1) too strong: lowering its
    bursts made it stronger (the bots react), and both effect amounts are already 1."""
    g0 = block(0.60)
    s0 = card_stats(g0)
    play_as(monkeypatch, search, block(0.70))
    search.play_round(1, [proposal(s0)], g0, s0)
    assert search.log[-1]["cause"] == "away"
    cat, why = search.explain(A01, float(s0.dev[0]), "every card still out has no edit left")
    assert cat == "no editable number moves it enough"
    assert "printed bursts 0 → -3 moved it +" in why and "away from the field" in why
    assert "effect bursts already 1" in why and "effect rerolls already 1" in why
    # with budget left on a number not tried, the budget is the reason
    search.failures.clear()
    cat, why = search.explain(A01, float(s0.dev[0]), "budget of 3 candidate plays spent")
    assert cat == "out of budget" and "further steps when the budget ran out" in why
