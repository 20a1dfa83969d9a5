"""Per-card deviation from the field, with 95% intervals, from one played block.

The two balance metrics of the rebalancer (the ones ``glowsim report`` shows):

* companion: **improvement when recruited** (glowsim/analysis/cards.py): over the
  player-games that recruited the card, the player's win share minus the mean
  win share of the other players of that game.  The field average is the same
  quantity pooled over every companion player-game (about 0: each player
  recruits as many cards as the others).
* adventurer: **win rate** (mean win share); the field average is 1/n.

A card's *deviation* is its metric minus the field average.  Both are ratios of
per-game sums (sum over the game's player-games / their number), so intervals
come from the per-game linearisation of the ratio (delta method, games
independent): ``lin_g = (S_g - R N_g) / mean(N)`` for the card minus the same
for the field, interval ``dev +- t * sd(lin) / sqrt(G)``.  The linearisations
of two contents played on the *same games* give paired intervals for the
change of a card between them (:func:`paired`): common random numbers make the
games of the two contents identical until the edited card matters.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy.special import ndtri, stdtrit

from .edits import CardKey
from .evaluate import Games

MIN_GAMES = 30          # a card seen in fewer player-games is not judged
STATUS_ABOVE, STATUS_BELOW = "above", "below"           # whole interval beyond +T / -T
STATUS_WITHIN, STATUS_UNCLEAR, STATUS_FEW = "within", "unclear", "too few games"


def t95(games: int) -> float:
    return float(stdtrit(max(games - 1, 1), 0.975))


@dataclass
class CardStats:
    keys: list                     # CardKey per column: companions, then adventurers
    est: np.ndarray                # improvement when recruited / win rate
    est_low: np.ndarray
    est_high: np.ndarray
    field: np.ndarray              # the field average each card is compared with
    dev: np.ndarray                # est - field
    dev_low: np.ndarray
    dev_high: np.ndarray
    n: np.ndarray                  # player-games behind each card
    lin: np.ndarray | None         # (G, cards) linearisation of dev (for paired intervals)
    games: int

    def index(self, key: CardKey) -> int:
        return self.keys.index(key)

    def judged(self) -> np.ndarray:
        """Cards with enough player-games to be judged."""
        return (self.n >= MIN_GAMES) & ~np.isnan(self.dev)

    def z_simultaneous(self) -> float:
        """Normal quantile of 95% intervals that hold for all judged cards at once
        (Bonferroni over the m judged cards: 1 - 0.05 / (2 m))."""
        m = max(int(self.judged().sum()), 1)
        return float(ndtri(1 - 0.025 / m))

    def status(self, tolerance: float) -> np.ndarray:
        """Per card: above / below when its deviation lies beyond +T / -T with 95%
        confidence *for all judged cards at once* (intervals dev +- z_m * se, Bonferroni
        over the m cards: with 50 cards, 95% per-card intervals would flag about one
        balanced card by chance); within when that interval lies inside +-T; unclear when
        it straddles the line; too few games under MIN_GAMES player-games."""
        h = self.simultaneous_half()
        low, high = self.dev - h, self.dev + h
        out = np.full(len(self.keys), STATUS_UNCLEAR, dtype=object)
        out[low > tolerance] = STATUS_ABOVE
        out[high < -tolerance] = STATUS_BELOW
        out[(low >= -tolerance) & (high <= tolerance)] = STATUS_WITHIN
        out[~self.judged()] = STATUS_FEW
        return out

    def half_width(self) -> np.ndarray:
        return (self.dev_high - self.dev_low) / 2

    def simultaneous_half(self) -> np.ndarray:
        """Half-width of the simultaneous intervals :meth:`status` judges with."""
        return self.half_width() / t95(self.games) * self.z_simultaneous()


def card_keys(g: Games) -> list:
    return ([CardKey("companion", c) for c in g.companion_ids]
            + [CardKey("adventurer", a) for a in g.adventurer_ids])


def improvement_diff(ws: np.ndarray) -> np.ndarray:
    """(G, n): each player's win share minus the mean win share of the other players."""
    n = ws.shape[1]
    return ws - (ws.sum(axis=1, keepdims=True) - ws) / (n - 1)


def sums(g: Games, ws: np.ndarray | None = None):
    """Per-game sums (S, N) of every card, plus the companion field's (SF, NF)."""
    ws = g.ws if ws is None else ws
    diff = improvement_diff(ws)
    rec = g.rec.astype(float)
    S_c = np.einsum("gp,gpk->gk", diff, rec)
    N_c = rec.sum(axis=1)
    A = len(g.adventurer_ids)
    onehot = (g.adv[:, :, None] == np.arange(A)[None, None, :]).astype(float)
    S_a = np.einsum("gp,gpa->ga", ws, onehot)
    N_a = onehot.sum(axis=1)
    return S_c, N_c, S_a, N_a


def card_stats(g: Games, ws: np.ndarray | None = None, intervals: bool = True) -> CardStats:
    """Deviation of every companion and adventurer from its field (see the module doc)."""
    S_c, N_c, S_a, N_a = sums(g, ws)
    G = g.G
    with np.errstate(divide="ignore", invalid="ignore"):
        n_c, n_a = N_c.sum(0), N_a.sum(0)
        R_c = S_c.sum(0) / n_c
        SF, NF = S_c.sum(1), N_c.sum(1)
        F = SF.sum() / NF.sum() if NF.sum() else math.nan
        R_a = S_a.sum(0) / n_a
        field_a = 1.0 / g.n
        est = np.concatenate([R_c, R_a])
        field = np.concatenate([np.full(len(R_c), F), np.full(len(R_a), field_a)])
        dev = est - field
        n = np.concatenate([n_c, n_a])
        if not intervals:
            nan = np.full(len(est), np.nan)
            return CardStats(card_keys(g), est, nan, nan, field, dev, nan, nan, n, None, G)
        lin_c = (S_c - R_c * N_c) / N_c.mean(0)
        lin_f = (SF - F * NF) / NF.mean()
        lin_a = (S_a - R_a * N_a) / N_a.mean(0)
        lin_est = np.concatenate([lin_c, lin_a], axis=1)
        lin = np.concatenate([lin_c - lin_f[:, None], lin_a], axis=1)
    lin_est = np.nan_to_num(lin_est)
    lin = np.nan_to_num(lin)
    t = t95(G)
    h_est = t * lin_est.std(axis=0, ddof=1) / math.sqrt(G)
    h_dev = t * lin.std(axis=0, ddof=1) / math.sqrt(G)
    return CardStats(card_keys(g), est, est - h_est, est + h_est, field, dev, dev - h_dev,
                     dev + h_dev, n, lin, G)


@dataclass
class Paired:
    """Per card, between two contents played on the same games."""
    change: np.ndarray             # dev_b - dev_a
    change_low: np.ndarray
    change_high: np.ndarray
    gain: np.ndarray               # |dev_a| - |dev_b|: > 0 = closer to the field
    gain_low: np.ndarray
    gain_high: np.ndarray


def paired(a: CardStats, b: CardStats) -> Paired:
    """Paired 95% intervals (per-game differences of the linearisations) of the change of
    each card's deviation and of its gain (reduction of |deviation|) from a to b."""
    if a.games != b.games or a.lin is None or b.lin is None:
        raise ValueError("paired: both contents must be played, with intervals, on the same games")
    G = a.games
    t = t95(G)
    d = b.lin - a.lin
    h = t * d.std(axis=0, ddof=1) / math.sqrt(G)
    change = b.dev - a.dev
    sa, sb = np.sign(a.dev), np.sign(b.dev)
    sa[sa == 0] = 1
    sb[sb == 0] = 1
    dg = sa * a.lin - sb * b.lin
    hg = t * dg.std(axis=0, ddof=1) / math.sqrt(G)
    gain = np.abs(a.dev) - np.abs(b.dev)
    return Paired(change, change - h, change + h, gain, gain - hg, gain + hg)
