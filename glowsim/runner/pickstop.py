"""Sequential stopping on pick values (`--precision-pick-value H`, scenario
``precision: {pick_value: H}``): play chunks until every companion's pick value in every
variant has a 95% interval of half-width at most H points.

A run with forked recruit picks (scenario field ``counterfactual``) holds, per chunk, the
``picks`` rows of its games.  Per variant (one player count and side: one slice of the
report) and companion the rule keeps the sums behind the pick value and its interval, as
glowsim/analysis/picks.py computes them: per game g holding picks that offered the card with
another, n_g such picks and S_g the sum of d (its win share when taken minus the mean of the
other cards offered); G games, N = sum n_g, D = sum S_g, DD = sum S_g^2, DN = sum S_g n_g,
NN = sum n_g^2.  The half-width is z * sqrt(G/(G-1) (DD - 2 v DN + v^2 NN)) / N with v = D/N,
in points (x100): the interval the report gives.

**Keeping the intervals honest.**  Stopping when an interval is narrow enough selects the
moments when its width is *estimated* low; with few games the estimate is noisy (most
differences are 0: the pick does not change who wins) and a rule that looked after every
game would stop on a lucky streak with an interval far too narrow.  Three guards:

* a minimum sample: a card's interval counts only once its picks come from at least
  ``MIN_GAMES`` games and ``MIN_PICKS`` picks (until then it holds the run back), and the
  rule never looks before the scenario's ``games``;
* looks at geometrically spaced sizes: after the first look, the next one comes when the
  games have grown by ``LOOK_RATIO`` (whole chunk rows), so the run is judged a few times
  (about ten looks per tenfold growth), not after every chunk;
* the check by simulation (tests/runner/test_pick_stopping.py): under this rule the
  reported 95% intervals hold the true pick values in about 95% of runs, where a rule
  without the guards falls clearly short.

The looks are chunk rows (chunk k of every variant), in order, so where a run stops depends
only on the games, never on the workers or the order chunks finished in.
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

Z95 = 1.959963984540054
MIN_GAMES = 100          # games holding a card's forked picks before its interval counts
MIN_PICKS = 30           # and picks (glowsim/analysis/picks.py gives no verdict below)
LOOK_RATIO = 1.25        # each look after the first: at least this many times the games
SUMS = ["G", "N", "D", "DD", "DN", "NN"]


def chunk_pick_sums(picks: pd.DataFrame) -> pd.DataFrame:
    """Per companion (the index), the sums ``SUMS`` of one chunk's ``picks`` rows of one
    variant (columns game_index, decision, companion, win_share)."""
    if len(picks) == 0:
        return pd.DataFrame(columns=SUMS, dtype=float)
    # two rows taking one card (Kaar's black-die move) count as that card once, mean win share
    c = (picks.groupby(["game_index", "decision", "companion"], observed=True, sort=False)
         ["win_share"].mean().reset_index())
    k = c.groupby(["game_index", "decision"], sort=False)["win_share"]
    m = k.transform("size").to_numpy(float)
    s = k.transform("sum").to_numpy(float)
    ws = c["win_share"].to_numpy(float)
    ok = m >= 2
    d = pd.DataFrame({"game_index": c["game_index"].to_numpy()[ok],
                      "companion": c["companion"].to_numpy()[ok],
                      "d": ws[ok] - (s[ok] - ws[ok]) / (m[ok] - 1)})
    cl = d.groupby(["companion", "game_index"], sort=False)["d"].agg(["size", "sum"])
    n, S = cl["size"].to_numpy(float), cl["sum"].to_numpy(float)
    t = pd.DataFrame({"companion": cl.index.get_level_values(0), "G": 1.0, "N": n, "D": S,
                      "DD": S * S, "DN": S * n, "NN": n * n})
    return t.groupby("companion", sort=True)[SUMS].sum()


def half_widths(G, N, D, DD, DN, NN, min_games: int = MIN_GAMES,
                min_picks: int = MIN_PICKS) -> np.ndarray:
    """Half-width of each pick value's 95% interval, in points; inf where the card has fewer
    than ``min_games`` games or ``min_picks`` picks behind it."""
    G, N, D, DD, DN, NN = (np.asarray(a, dtype=float) for a in (G, N, D, DD, DN, NN))
    with np.errstate(invalid="ignore", divide="ignore"):
        v = D / N
        var = G / (G - 1) * np.maximum(DD - 2 * v * DN + v * v * NN, 0.0) / (N * N)
        h = 100 * Z95 * np.sqrt(var)
    return np.where((G >= max(min_games, 2)) & (N >= min_picks) & np.isfinite(h), h, np.inf)


def look_rows(first: int, last: int, ratio: float = LOOK_RATIO) -> list[int]:
    """The chunk rows (counts of rows played) at which the rule looks: ``first``, then each
    at least ``ratio`` times the one before (one row more at least), and ``last``."""
    first = max(1, int(first))
    rows = [min(first, last)]
    while rows[-1] < last:
        rows.append(min(last, max(rows[-1] + 1, math.ceil(rows[-1] * ratio))))
    return rows


def stops(row: int, looks, widest: float, target: float) -> bool:
    """Whether the run stops after chunk row ``row`` (rows played): a look, and every pick
    value's half-width at most ``target``."""
    return row in looks and widest <= target


class PickPrecision:
    """Running pick-value sums per variant and companion; ``widest()`` is the largest
    half-width (inf while a card offered has too few games or picks behind it)."""

    def __init__(self):
        self.sums: dict[str, pd.DataFrame] = {}

    def add(self, variant: str, sums: pd.DataFrame) -> None:
        old = self.sums.get(variant)
        self.sums[variant] = sums.copy() if old is None else old.add(sums, fill_value=0.0)

    def widest(self) -> tuple[float, str]:
        """(largest half-width in points, 'variant: companion ID'); (inf, '') before any pick."""
        best, where = -1.0, ""
        for variant, s in self.sums.items():
            if s.empty:
                continue
            h = half_widths(*(s[c].to_numpy() for c in SUMS))
            i = int(np.argmax(h))
            if h[i] > best:
                best, where = float(h[i]), f"{variant}: companion {s.index[i]}"
        return (best, where) if best >= 0 else (math.inf, "")
