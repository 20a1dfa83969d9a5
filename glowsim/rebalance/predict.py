"""Predict what an edit does before playing it: re-score the games already played.

Changing a card's printed bursts by d changes the final score of each player
who has the card in play at the end by d (R8); changing its effect's burst
amount by d changes the score of its recruiter by d times the number of times
it triggered (its effect bursts divided by the printed amount).  An
adventurer's printed bursts count for its player in every game.  Re-scoring the
played games this way, and deciding winners again by E9 (highest score, then
most reroll tokens, then a shared win), gives every card's deviation as if the
bots had played the same moves: a prediction that ignores how the bots would
react to the new numbers (they may take the card earlier or later).  The
search corrects it by the ratio of measured to predicted change of earlier
tries (glowsim/rebalance/search.py) and never accepts a prediction unplayed.

Effect footprints, fireflies and rerolls cannot be re-scored from the tables
(what they buy depends on later moves); they get no prediction here.
"""
from __future__ import annotations

import numpy as np

from .edits import CardKey, field_value
from .evaluate import Games
from .metrics import CardStats, card_stats, improvement_diff


def win_shares(score: np.ndarray, tokens: np.ndarray) -> np.ndarray:
    """(G, n) win shares by E9: highest score, then most reroll tokens, the rest shared."""
    top = score == score.max(axis=1, keepdims=True)
    tok = np.where(top, tokens, np.iinfo(np.int64).min).max(axis=1, keepdims=True)
    win = top & (tokens == tok)
    return win / win.sum(axis=1, keepdims=True)


class Predictor:
    """Re-scores one played block under score changes accumulated by :meth:`add`."""

    def __init__(self, games: Games, content):
        self.g = games
        self.content = content
        self.delta = np.zeros(games.score.shape, float)
        self._ncards = games.rec.sum(axis=2).astype(float)

    def weights(self, card: CardKey, fld: str) -> np.ndarray | None:
        """(G, n) score change per unit of the field, or None when it cannot be re-scored."""
        g = self.g
        if card.kind == "companion":
            k = g.companion_ids.index(card.id)
            if fld == "bursts":
                return g.in_play[:, :, k].astype(float)
            if fld == "effect.bursts":
                amount = field_value(self.content, card, fld)
                return g.eff_bursts[:, :, k] / amount if amount else None
            return None
        if fld == "bursts":
            return (g.adv == g.adventurer_ids.index(card.id)).astype(float)
        return None

    def _ws(self, extra=None) -> np.ndarray:
        score = self.g.score + self.delta
        if extra is not None:
            score = score + extra
        return win_shares(score, self.g.tokens)

    def card_dev(self, card: CardKey, ws: np.ndarray) -> float:
        """Deviation of one card from its field under win shares ws (no interval)."""
        g = self.g
        if card.kind == "companion":
            k = g.companion_ids.index(card.id)
            diff = improvement_diff(ws)
            rec = g.rec[:, :, k]
            n = rec.sum()
            if n == 0:
                return float("nan")
            field = (diff * self._ncards).sum() / self._ncards.sum()
            return float(diff[rec].sum() / n - field)
        mask = g.adv == g.adventurer_ids.index(card.id)
        if not mask.any():
            return float("nan")
        return float(ws[mask].mean() - 1.0 / g.n)

    def curve(self, card: CardKey, fld: str, deltas) -> np.ndarray | None:
        """Predicted deviation of `card` after changing `fld` by each of `deltas` (on top of
        the changes added so far), or None when the field cannot be re-scored."""
        w = self.weights(card, fld)
        if w is None:
            return None
        return np.array([self.card_dev(card, self._ws(d * w)) for d in deltas])

    def add(self, card: CardKey, fld: str, delta: int) -> bool:
        """Add an edit's score changes; False (nothing added) when it cannot be re-scored."""
        w = self.weights(card, fld)
        if w is None:
            return False
        self.delta += delta * w
        return True

    def stats(self) -> CardStats:
        """Every card's predicted deviation (no intervals)."""
        return card_stats(self.g, ws=self._ws(), intervals=False)
