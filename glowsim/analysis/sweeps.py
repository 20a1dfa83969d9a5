"""Sweeps: a card's strength against the swept value, and where it meets the field average.

A sweep varies one field over values, one variant per value (same seeds).
When the field belongs to a companion (``...companions.A11.bursts``) the metric
is that companion's win rate when recruited; for an adventurer
(``...adventurers.pocana.bursts``) the adventurer's win rate; for any other
field the mean final score of all players.

:func:`sweep_points` one row per (sweep, value) with the metric and its 95%
interval.  :func:`sweep_crossings` the value at which a straight line fitted to
the points (least squares weighted by games) reaches the field average 1/n:
the printed value that would make the card average, with a Fieller 95%
interval (``crossing_low``/``crossing_high``; nan when the slope is not
clearly non-zero).  ``in_range`` says whether it lies inside the swept values
(outside = extrapolated).
"""
from __future__ import annotations

import re

import numpy as np
import pandas as pd

from .adventurers import adventurer_strength
from .cards import companion_strength
from .db import combine_moments, moments_sql
from .intervals import Z95, interval_of
from .load import Run, Sweep
from .settings import is_number

POINT_COLUMNS = ["field", "group", "subject", "kind", "value", "variant", "metric", "estimate", "low",
                 "high", "n", "field_average"]
CROSS_COLUMNS = ["field", "group", "subject", "kind", "metric", "crossing", "crossing_low",
                 "crossing_high", "in_range", "slope", "field_average"]
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
            if variant is None or variant not in set(run.present_variants):
                continue
            sub = run.subset([variant])
            d = sub.scope.df(f"SELECT avg(win_share)::DOUBLE AS ws, {moments_sql('score', 's')} "
                             f"FROM {sub.scope.rel('players')}")
            field_avg = float(d["ws"].iloc[0])
            m = combine_moments(d, [], {"s": ("s_n", "s_mean", "s_m2")}).iloc[0]
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
                iv = interval_of(m["s_mean"], m["s_sd"], m["s_n"])
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


def crossing_interval(values, estimates, weights, se, target: float, z: float = Z95):
    """Fieller 95% interval for the crossing of the weighted line with target.

    Each point's standard error ``se`` (from its interval) propagates to the
    line's weighted mean ym and slope b; the crossing u = x - xm solves
    (target - ym) - b u = 0 and the interval is every u where
    ((target - ym) - b u)^2 <= z^2 Var(target - ym - b u).  (nan, nan) when the
    slope is not clearly away from 0 (the interval is then unbounded).
    """
    x, y, w, se = (np.asarray(a, dtype=float) for a in (values, estimates, weights, se))
    ok = ~np.isnan(x) & ~np.isnan(y) & (w > 0) & ~np.isnan(se)
    x, y, w, se = x[ok], y[ok], w[ok], se[ok]
    if x.size < 2 or np.ptp(x) == 0 or np.isnan(target):
        return np.nan, np.nan
    sw = w.sum()
    xm, ym = np.average(x, weights=w), np.average(y, weights=w)
    sxx = np.sum(w * (x - xm) ** 2)
    b = np.sum(w * (x - xm) * (y - ym)) / sxx
    v_y = np.sum(w ** 2 * se ** 2) / sw ** 2
    v_b = np.sum(w ** 2 * (x - xm) ** 2 * se ** 2) / sxx ** 2
    cov = np.sum(w ** 2 * (x - xm) * se ** 2) / (sw * sxx)
    d = target - ym
    z2 = z * z
    a = b * b - z2 * v_b
    bq = -2 * (b * d - z2 * cov)     # f(u)^2 - z^2 Var f(u) = a u^2 + bq u + c
    c = d * d - z2 * v_y
    disc = bq * bq - 4 * a * c
    if a <= 0 or disc < 0:
        return np.nan, np.nan
    r = np.sqrt(disc)
    u1, u2 = (-bq - r) / (2 * a), (-bq + r) / (2 * a)
    return float(xm + min(u1, u2)), float(xm + max(u1, u2))


def sweep_crossings(points: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for (fld, group, subject, kind, metric), g in points.groupby(
            ["field", "group", "subject", "kind", "metric"], sort=False):
        if not all(is_number(v) for v in g["value"]):
            continue
        target = float(g["field_average"].mean())
        xc, inside, slope = crossing(g["value"].astype(float), g["estimate"], g["n"], target)
        se = (g["high"] - g["low"]) / (2 * Z95)
        lo, hi = crossing_interval(g["value"].astype(float), g["estimate"], g["n"], se, target)
        rows.append(dict(field=fld, group=group, subject=subject, kind=kind, metric=metric,
                         crossing=xc, crossing_low=lo, crossing_high=hi, in_range=inside,
                         slope=slope, field_average=target))
    return pd.DataFrame(rows, columns=CROSS_COLUMNS)
