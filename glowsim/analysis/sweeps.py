"""Sweeps: a card's strength against the swept value, and where it meets the field average.

A sweep varies one field over values, one variant per value (same seeds).
When the field belongs to a companion (``...companions.A11.bursts``) the metric
is that companion's win rate when recruited; for an adventurer
(``...adventurers.pocana.bursts``) the adventurer's win rate; for any other
field the mean final score of all players.

:func:`sweep_points` one row per (sweep, value) with the metric and its 95%
interval.  :func:`sweep_crossings` the value at which a straight line fitted to
the points (least squares weighted by games) reaches the field average 1/n:
the printed value that would make the card average.  ``in_range`` says
whether it lies inside the swept values (outside = extrapolated).
"""
from __future__ import annotations

import re

import numpy as np
import pandas as pd

from .adventurers import adventurer_strength
from .cards import companion_strength
from .intervals import mean_ci
from .load import Run, Sweep
from .variants import is_number

POINT_COLUMNS = ["field", "group", "subject", "kind", "value", "variant", "metric", "estimate", "low",
                 "high", "n", "field_average"]
CROSS_COLUMNS = ["field", "group", "subject", "kind", "metric", "crossing", "in_range", "slope",
                 "field_average"]
REROLL_FIELD = re.compile(r"start_rerolls|reroll_each_round|score_track_rerolls|"
                          r"last_player_reroll_tokens")


def subject_of(field: str) -> tuple[str, str]:
    """(kind, id) a swept field belongs to: ('companion', 'A11'), ('adventurer', 'pocana'), ('', '')."""
    m = re.search(r"companions\.([A-Za-z0-9_']+)", field)
    if m:
        return "companion", m.group(1)
    m = re.search(r"adventurers\.([A-Za-z0-9_']+)", field)
    if m:
        return "adventurer", m.group(1)
    return "", ""


def published_value(field: str):
    """The shipped content's value of a swept content field (None when not a content field)."""
    if not field.startswith("content."):
        return None
    import yaml
    from ..content.loader import base_text
    node = yaml.safe_load(base_text())
    for part in field.split(".")[1:]:
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return None
    return node if is_number(node) else None


def card_sweeps(run: Run) -> list[Sweep]:
    """The run's sweeps of content fields, without those the reroll-value section handles
    (sweeps of players or side are comparisons the board-side section shows)."""
    return [s for s in run.sweeps
            if s.field.startswith("content") and not REROLL_FIELD.search(s.field)]


def sweep_points(run: Run) -> pd.DataFrame:
    rows = []
    for s in card_sweeps(run):
        kind, subject = subject_of(s.field)
        for value, variant in zip(s.values, s.variants):
            if variant is None or variant not in set(run.games["variant"]):
                continue
            sub = run.subset([variant])
            field_avg = float(sub.players["win_share"].mean())
            row = dict(field=s.field, group=s.group, subject=subject, kind=kind, value=value, variant=variant)
            if kind == "companion":
                t = companion_strength(sub, by=[])
                t = t[t["companion"] == subject]
                row.update(metric="win_rate_recruited", field_average=field_avg,
                           **_est(t, "win_rate_recruited", "games_recruited"))
            elif kind == "adventurer":
                t = adventurer_strength(sub, by=[])
                t = t[t["adventurer"] == subject]
                row.update(metric="win_rate", field_average=field_avg,
                           **_est(t, "win_rate", "games"))
            else:
                iv = mean_ci(sub.players["score"])
                row.update(metric="score", estimate=iv.estimate, low=iv.low, high=iv.high,
                           n=iv.n, field_average=np.nan)
            rows.append(row)
    return pd.DataFrame(rows, columns=POINT_COLUMNS)


def _est(t: pd.DataFrame, col: str, ncol: str) -> dict:
    if t.empty:
        return dict(estimate=np.nan, low=np.nan, high=np.nan, n=0)
    r = t.iloc[0]
    return dict(estimate=r[col], low=r[f"{col}_low"], high=r[f"{col}_high"], n=int(r[ncol]))


def crossing(values, estimates, weights, target: float) -> tuple[float, bool, float]:
    """(x where the weighted least-squares line through the points equals target, in range, slope)."""
    x = np.asarray(values, dtype=float)
    y = np.asarray(estimates, dtype=float)
    w = np.asarray(weights, dtype=float)
    ok = ~np.isnan(x) & ~np.isnan(y) & (w > 0)
    x, y, w = x[ok], y[ok], w[ok]
    if x.size < 2 or np.ptp(x) == 0 or np.isnan(target):
        return np.nan, False, np.nan
    xm, ym = np.average(x, weights=w), np.average(y, weights=w)
    sxx = np.sum(w * (x - xm) ** 2)
    slope = np.sum(w * (x - xm) * (y - ym)) / sxx
    if slope == 0:
        return np.nan, False, 0.0
    xc = xm + (target - ym) / slope
    return float(xc), bool(x.min() <= xc <= x.max()), float(slope)


def sweep_crossings(points: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for (fld, group, subject, kind, metric), g in points.groupby(
            ["field", "group", "subject", "kind", "metric"], sort=False):
        if not all(is_number(v) for v in g["value"]):
            continue
        target = float(g["field_average"].mean())
        xc, inside, slope = crossing(g["value"].astype(float), g["estimate"], g["n"], target)
        rows.append(dict(field=fld, group=group, subject=subject, kind=kind, metric=metric, crossing=xc,
                         in_range=inside, slope=slope, field_average=target))
    return pd.DataFrame(rows, columns=CROSS_COLUMNS)
