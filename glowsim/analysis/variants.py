"""Variants of one run: what each changes, and paired (same game_index) comparisons.

Variants of a scenario are played on the same seeds (common random numbers):
game ``game_index`` of every variant starts from the same deal and dice
streams, so the difference of a player's result between two variants is best
estimated game by game (:func:`paired_gain`), which removes most of the luck of
the deal from the comparison.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .intervals import interval_columns, paired_diff
from .load import Run
from .settings import settings_frame


def variant_settings(run: Run) -> pd.DataFrame:
    """One row per variant, one column per setting (dotted path) found in its manifest entry."""
    return settings_frame(run.variants)


def varying_fields(run: Run) -> list[str]:
    """Settings that differ between the variants (missing counts as a value)."""
    s = variant_settings(run)
    if len(s) < 2:
        return []
    out = []
    for c in s.columns:
        vals = s[c].map(lambda x: repr(x) if not (isinstance(x, float) and np.isnan(x)) else "nan")
        if vals.nunique() > 1:
            out.append(c)
    return out


def paired_gain(players: pd.DataFrame, metrics, baseline: str, variants, seats=None) -> pd.DataFrame:
    """Per variant: mean of (metric in variant - metric in baseline) over shared game_index.

    ``seats`` restricts to those seats (their values are averaged per game
    first); ``None`` uses every seat.  One row per (variant, metric) with the
    paired t interval (``gain``, ``gain_low``, ``gain_high``), the number of
    paired games ``pairs``, and the two variant means.
    """
    p = players if seats is None else players[players["seat"].isin(list(seats))]
    rows = []
    for metric in metrics:
        per_game = p.groupby(["variant", "game_index"])[metric].mean().unstack("variant")
        if baseline not in per_game.columns:
            continue
        for v in variants:
            if v not in per_game.columns:
                continue
            both = per_game[[v, baseline]].dropna()
            iv = paired_diff(both[v].to_numpy(), both[baseline].to_numpy())
            row = dict(variant=v, metric=metric, pairs=len(both),
                       mean=float(both[v].mean()) if len(both) else np.nan,
                       baseline_mean=float(both[baseline].mean()) if len(both) else np.nan)
            row.update(interval_columns("gain", iv))
            rows.append(row)
    return pd.DataFrame(rows, columns=["variant", "metric", "pairs", "mean", "baseline_mean",
                                       "gain", "gain_low", "gain_high"])
