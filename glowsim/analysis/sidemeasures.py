"""Board-side measures that are functions of per-game means, compared by a paired block
bootstrap (glowsim/analysis/sides.py pairs the two sides and judges them).

* **Size of the first-player advantage**: |first player's win rate - 1/n|, its distance from
  the fair share whichever way it leans.  A side whose first player wins 1.2 points too
  rarely and one whose first player wins 0.5 points too often lie on opposite sides of 0,
  so their signed difference says nothing about which is fairer; the difference of the
  absolute values does.
* **Score spread relative to the mean score**: mean (highest minus lowest final score in a
  game) / mean final score.  The absolute spread grows with the score level, so a side that
  scores less has a smaller spread for that reason alone; relative to its mean it is
  compared on the same footing.

Both are functions of means over games: the interval of each side and of their difference
comes from a bootstrap that resamples blocks of consecutive game indices, the same blocks on
both sides (a block holds the same games on each side), 95% percentile interval.
"""
from __future__ import annotations

from typing import Callable

import numpy as np
import pandas as pd


def game_block_sums(per_game: pd.DataFrame, columns: list[str], grid: tuple) -> np.ndarray:
    """(blocks, len(columns) + 1): per block of ``grid`` the sums of ``columns`` of the
    per-game rows (``game_index`` a column) and, last, the games."""
    lo, width, n = grid
    b = (per_game["game_index"].to_numpy(np.int64) - lo) // width
    ok = (b >= 0) & (b < n)
    out = np.zeros((n, len(columns) + 1))
    for j, c in enumerate(columns):
        np.add.at(out[:, j], b[ok], per_game[c].to_numpy(float)[ok])
    np.add.at(out[:, -1], b[ok], 1.0)
    return out


def first_player_size(n_players: int) -> Callable[[np.ndarray], np.ndarray]:
    """Statistic of sums (first_win, games) on the last axis: |first_win / games - 1/n|."""
    def f(sums: np.ndarray) -> np.ndarray:
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.abs(sums[..., 0] / sums[..., 1] - 1.0 / n_players)
    return f


def relative_spread(sums: np.ndarray) -> np.ndarray:
    """Statistic of sums (score_spread, score, games) on the last axis: mean spread / mean
    score (nan when the mean score is 0)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(sums[..., 1] != 0, sums[..., 0] / sums[..., 1], np.nan)


def _percentiles(x: np.ndarray) -> tuple[float, float]:
    x = x[np.isfinite(x)]
    if len(x) < 2:
        return np.nan, np.nan
    lo, hi = np.percentile(x, [2.5, 97.5])
    return float(lo), float(hi)


def statistic_difference(sums_a: np.ndarray, sums_b: np.ndarray, weights: np.ndarray,
                         stat: Callable[[np.ndarray], np.ndarray]) -> dict:
    """``stat`` of each side's block sums (blocks x k) and of a - b, each with the 95%
    percentile interval over the bootstrap replicates ``weights`` (replicates x blocks,
    multinomial counts; the same rows for both sides): keys a, a_low, a_high, b, b_low,
    b_high, d, d_low, d_high."""
    a, b = float(stat(sums_a.sum(0))), float(stat(sums_b.sum(0)))
    ra, rb = stat(weights @ sums_a), stat(weights @ sums_b)
    out = dict(a=a, b=b, d=a - b)
    for k, r in (("a", ra), ("b", rb), ("d", ra - rb)):
        out[f"{k}_low"], out[f"{k}_high"] = _percentiles(r)
    return out
