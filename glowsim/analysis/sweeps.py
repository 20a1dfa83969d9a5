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

When the run holds picks (scenario field ``counterfactual``), a swept companion
also gets its pick value per swept value (:func:`pick_sweep_points`: value and
95% interval in points of win share, verdict, pick rate; glowsim/analysis/picks.py)
and the value where the pick value crosses 0 (:func:`pick_value_crossing`, the one
estimate `glowsim balance` gives too, from the values it played): a line fitted with
inverse-variance weights (:func:`pick_crossing`), its Fieller 95% interval, and
whether the slope is significant (its 95% interval excludes 0); the crossing is
given only then, otherwise ``note`` says why not.

**Which values the line goes through.**  A pick value is a difference of win shares,
bounded: far from 0 it saturates (a card that wins every game it is taken in
cannot gain more), so a straight line through every value tried can be bent by
the far ones.  The line goes through as many of the values as a straight line
fits: all of them, unless the weighted residuals reject a line (chi-square
lack-of-fit test, 5% level, k - 2 degrees of freedom); then the value whose pick
value lies farthest from 0 is left out and the test is made again, down to the
two values nearest 0.  ``values_used`` lists the values behind the line.
"""
from __future__ import annotations

import functools
import re

import numpy as np
import pandas as pd

from .adventurers import adventurer_strength
from .cards import companion_strength
from .db import SHARE_SCALE, combine_moments, exact_mean, moments_sql
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


AXIS_FIELDS = {"players": "n_players", "side": "side"}   # swept fields the games table holds


def axis_label(field: str, label: str | None = None) -> str:
    """The column of a swept field in long-form tables: its scenario ``label`` when it has
    one, else the field without ``content.`` (``companions.B24.bursts``); a players or side
    sweep is the tables' ``n_players`` or ``side`` column."""
    if field in AXIS_FIELDS:
        return AXIS_FIELDS[field]
    return str(label) if label else (field[len("content."):] if field.startswith("content.")
                                     else field)


def swept_fields(run: Run) -> list[tuple[str, str]]:
    """(field, column) of every swept field of the run other than players and side, in the
    scenario's order (the manifest's ``sweeps``, then the fields its variants name)."""
    labels = {}
    for s in run.manifest.get("sweeps") or []:
        if isinstance(s, dict) and "field" in s:
            labels.setdefault(str(s["field"]), s.get("label"))
    for v in run.variants:
        for f in v.sweep:
            labels.setdefault(str(f), None)
    for s in run.sweeps:
        labels.setdefault(s.field, None)
    return [(f, axis_label(f, lab)) for f, lab in labels.items() if f not in AXIS_FIELDS]


def sweep_axes(run: Run) -> pd.DataFrame:
    """One row per variant: ``variant``, ``n_players``, ``side`` and a column per swept field
    (:func:`swept_fields`) holding the variant's value of it (empty when the variant is not a
    point of that field).  The key the long-form tables of a sweep's report are joined on."""
    fields = swept_fields(run)
    values = {s.field: dict(zip(s.variants, s.values)) for s in run.sweeps}
    rows = []
    for v in run.variants:
        row = dict(variant=v.name, n_players=v.spec.get("players"), side=v.spec.get("side"))
        for f, col in fields:
            row[col] = v.sweep.get(f, values.get(f, {}).get(v.name))
        rows.append(row)
    out = pd.DataFrame(rows, columns=["variant", "n_players", "side"] + [c for _, c in fields])
    if out["n_players"].isna().any() or out["side"].isna().any():
        # variants the manifest does not describe fully: the games say
        got = run.scope.df(f"SELECT DISTINCT variant, n_players, side FROM "
                           f"{run.scope.rel('games')}")
        got = got.drop_duplicates("variant").set_index("variant")
        for k in ("n_players", "side"):
            out[k] = [x if x is not None and x == x else got[k].get(v) for v, x in
                      zip(out["variant"], out[k])]
    return out


def reported_by_value(run: Run) -> bool:
    """Whether a run is reported per swept value: it sweeps a card number and no variant plays
    the published game (the variants fall into several blocks,
    :func:`glowsim.analysis.variants.reference_groups`)."""
    from .variants import reference_groups
    return bool(card_sweeps(run)) and len(reference_groups(run)) > 1


def with_axes(df: pd.DataFrame, axes: pd.DataFrame, drop=("group",)) -> pd.DataFrame:
    """``df`` (a table with a ``variant`` column) in long form: a column per swept field
    (:func:`sweep_axes`: the variant's value of it) after its key columns (``field``,
    ``subject``, ``n_players``, ``side``), instead of group names (``drop``: columns left
    out, e.g. a sweep point's ``value``, which its field's column holds)."""
    cols = [c for c in axes.columns if c not in ("variant", "n_players", "side")]
    out = df.drop(columns=[c for c in drop if c in df.columns] + cols, errors="ignore")
    out = out.merge(axes[["variant"] + cols], on="variant", how="left")
    front = [c for c in ("field", "subject", "n_players", "side") if c in out.columns]
    rest = [c for c in out.columns if c not in front + cols]
    return out[front + cols + rest]


@functools.lru_cache(maxsize=1)
def _shipped_content() -> dict:
    import yaml
    from ..content.loader import base_text
    return yaml.safe_load(base_text())


def published_value(field: str):
    """The shipped content's value of a swept content field (None when not a content field)."""
    if not field.startswith("content."):
        return None
    node = _shipped_content()
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


def sweep_points(run: Run, skip=()) -> pd.DataFrame:
    """One row per swept value of every card sweep (``skip``: fields left out) with its
    observational metric (module docstring)."""
    rows = []
    for s in card_sweeps(run):
        if s.field in set(skip):
            continue
        kind, subject = subject_of(s.field)
        for value, variant in zip(s.values, s.variants):
            if variant is None or variant not in set(run.present_variants):
                continue
            sub = run.subset([variant])
            d = sub.scope.df(f"SELECT {exact_mean('win_share', SHARE_SCALE)}::DOUBLE AS ws, "
                             f"{moments_sql('score', 's')} "
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


PICK_POINT_COLUMNS = ["field", "group", "subject", "value", "variant", "n_players", "side",
                      "n_picks", "pick_rate", "pick_value", "pick_value_lo", "pick_value_hi",
                      "verdict"]
PICK_CROSS_COLUMNS = ["field", "group", "subject", "n_players", "side", "crossing",
                      "crossing_low", "crossing_high",
                      "in_range", "slope", "slope_low", "slope_high", "significant",
                      "values_used", "lack_of_fit_p", "note"]
LACK_OF_FIT_ALPHA = 0.05   # a line is rejected through values whose residuals have p below it


def pick_sweep_points(run: Run, threshold: float = 2.0,
                      values: pd.DataFrame | None = None) -> pd.DataFrame:
    """One row per swept value of every companion sweep whose variants hold picks: the swept
    companion's pick value (points of win share, 95% paired interval), verdict against
    +-``threshold`` and pick rate at the forked picks where it was offered; ``n_players`` and
    ``side`` of the value's variant.  The pick values of every variant come from one pass
    over the picks table (``values``: that pass, :func:`glowsim.analysis.picks.pick_values`
    by variant, player count and side, when already made)."""
    from .picks import pick_values
    sweeps = [s for s in card_sweeps(run) if subject_of(s.field)[0] == "companion"]
    present = set(run.present_variants)
    wanted = list(dict.fromkeys(v for s in sweeps for v in s.variants
                                if v is not None and v in present))
    sub = run.subset(wanted)
    if not wanted or not getattr(sub, "has_picks", False):
        return pd.DataFrame(columns=PICK_POINT_COLUMNS)
    every = (pick_values(sub, threshold=threshold) if values is None else
             values[values["variant"].astype(str).isin(wanted)])
    by_variant = {str(k): g for k, g in every.groupby("variant", sort=False, observed=True)}
    axes = sweep_axes(run).set_index("variant")
    rows = []
    for s in sweeps:
        kind, subject = subject_of(s.field)
        for value, variant in zip(s.values, s.variants):
            if variant is None or variant not in present:
                continue
            t = by_variant.get(str(variant), every.iloc[:0])
            t = t[t["companion"] == subject]
            row = dict(field=s.field, group=s.group, subject=subject, value=value,
                       variant=variant, n_players=axes.at[variant, "n_players"],
                       side=axes.at[variant, "side"])
            if t.empty:
                row.update(n_picks=0, pick_rate=np.nan, pick_value=np.nan, pick_value_lo=np.nan,
                           pick_value_hi=np.nan, verdict="unclear")
            else:
                r = t.iloc[0]
                row.update(n_picks=int(r["n_picks"]), pick_rate=float(r["pick_rate"]),
                           pick_value=float(r["value"]), pick_value_lo=float(r["value_lo"]),
                           pick_value_hi=float(r["value_hi"]), verdict=str(r["verdict"]))
            rows.append(row)
    return pd.DataFrame(rows, columns=PICK_POINT_COLUMNS)


def pick_crossing(values, estimates, low, high, z: float = Z95) -> dict:
    """Where a line through (swept value, pick value) crosses 0: the line fitted by least
    squares with inverse-variance weights (each point's standard error from its 95%
    interval), its slope with a 95% interval, and the crossing with its Fieller 95%
    interval (:func:`crossing_interval`).  The crossing is given only when the slope is
    significant (its interval excludes 0; then the Fieller interval is bounded); otherwise
    ``crossing`` is nan and ``note`` says why."""
    x = np.asarray(values, dtype=float)
    y = np.asarray(estimates, dtype=float)
    se = (np.asarray(high, dtype=float) - np.asarray(low, dtype=float)) / (2 * z)
    ok = ~np.isnan(x) & ~np.isnan(y) & (se > 0)
    out = dict(crossing=np.nan, crossing_low=np.nan, crossing_high=np.nan, in_range=False,
               slope=np.nan, slope_low=np.nan, slope_high=np.nan, significant=False, note="")
    if ok.sum() < 2 or np.ptp(x[ok]) == 0:
        out["note"] = ("fewer than two swept values with a pick value and an interval: no line "
                       "to fit")
        return out
    x, y, se = x[ok], y[ok], se[ok]
    w = 1 / se ** 2
    xc, inside, slope = crossing(x, y, w, 0.0)
    xm = np.average(x, weights=w)
    sxx = np.sum(w * (x - xm) ** 2)
    se_b = float(np.sqrt(np.sum(w ** 2 * (x - xm) ** 2 * se ** 2)) / sxx)
    out.update(slope=slope, slope_low=slope - z * se_b, slope_high=slope + z * se_b)
    lo, hi = crossing_interval(x, y, w, se, 0.0, z)
    out["significant"] = bool(abs(slope) > z * se_b)
    if not out["significant"]:
        out["note"] = (f"the slope, {slope:+.2f} points per unit (95% CI {slope - z * se_b:+.2f} "
                       f"to {slope + z * se_b:+.2f}), is not clearly away from 0: the pick value "
                       f"does not move measurably with the swept number over these values, so "
                       f"no crossing is given (more games per value, or a wider sweep, would "
                       f"decide it)")
        return out
    out.update(crossing=xc, crossing_low=lo, crossing_high=hi, in_range=inside)
    if not inside:
        out["note"] = (f"the fitted line crosses 0 at {xc:.1f}, outside the swept values "
                       f"{x.min():g}..{x.max():g} (extrapolated)")
    return out


def lack_of_fit(values, estimates, se) -> float:
    """p-value of the chi-square lack-of-fit test of the inverse-variance weighted line
    through the points: sum of w (y - line)^2 on k - 2 degrees of freedom (1.0 for two
    points, which a line always fits)."""
    from scipy.special import chdtrc
    x, y, se = (np.asarray(a, dtype=float) for a in (values, estimates, se))
    if x.size <= 2:
        return 1.0
    w = 1 / se ** 2
    xm, ym = np.average(x, weights=w), np.average(y, weights=w)
    b = np.sum(w * (x - xm) * (y - ym)) / np.sum(w * (x - xm) ** 2)
    chi2 = float(np.sum(w * (y - ym - b * (x - xm)) ** 2))
    return float(chdtrc(x.size - 2, chi2))


def pick_value_crossing(values, estimates, low, high,
                        alpha: float = LACK_OF_FIT_ALPHA) -> dict:
    """The crossing of 0 of a card's pick value over the values of its number played (a
    sweep, or the values `glowsim balance` tried): :func:`pick_crossing` through the values a
    straight line fits (module docstring), with ``values_used`` (the values behind the line,
    ascending, as text) and ``lack_of_fit_p`` (the test's p-value through them)."""
    x = np.asarray(values, dtype=float)
    y = np.asarray(estimates, dtype=float)
    lo, hi = np.asarray(low, dtype=float), np.asarray(high, dtype=float)
    se = (hi - lo) / (2 * Z95)
    ok = np.flatnonzero(~np.isnan(x) & ~np.isnan(y) & (se > 0))
    # nearest 0 first (then the smaller value): the ones a failing line leaves out go last
    near = sorted(ok, key=lambda i: (abs(y[i]), x[i]))

    def by_value(idx):      # the fit sums in the order of the values: the same bits whatever
        return sorted(idx, key=lambda i: x[i])      # order the points come in
    keep = by_value(near)
    p = lack_of_fit(x[keep], y[keep], se[keep])
    while len(near) > 2 and p < alpha:
        near = near[:-1]
        keep = by_value(near)
        p = lack_of_fit(x[keep], y[keep], se[keep])
    out = pick_crossing(x[keep], y[keep], lo[keep], hi[keep])
    used = sorted(x[keep])
    out["values_used"] = ", ".join(f"{v:g}" for v in used)
    out["lack_of_fit_p"] = p if len(keep) >= 2 else np.nan
    left = sorted(set(x[ok]) - set(used))
    if left and len(keep) >= 2:
        why = (f"values {', '.join(f'{v:g}' for v in left)} left out of the line: with them "
               f"the pick values bend away from a straight line (lack of fit p < {alpha:g}; "
               f"far from 0 a pick value saturates)")
        out["note"] = f"{out['note']}; {why}" if out["note"] else why
    return out


def pick_sweep_crossings(points: pd.DataFrame) -> pd.DataFrame:
    """:func:`pick_value_crossing` of every sweep in ``points`` (:func:`pick_sweep_points`)."""
    rows = []
    for (fld, group, subject), g in points.groupby(["field", "group", "subject"], sort=False):
        if not all(is_number(v) for v in g["value"]):
            continue
        c = pick_value_crossing(g["value"].astype(float), g["pick_value"], g["pick_value_lo"],
                                g["pick_value_hi"])
        one = {k: (g[k].iloc[0] if k in g and g[k].nunique() == 1 else None)
               for k in ("n_players", "side")}
        rows.append(dict(field=fld, group=group, subject=subject, **one, **c))
    return pd.DataFrame(rows, columns=PICK_CROSS_COLUMNS)
