"""95% confidence intervals for the rates and differences the reports show.

* :func:`wilson` - a proportion x/n (Wilson score interval).  ``x`` may be
  fractional (shared wins count ``win_share``); the formula is used on x/n.
* :func:`newcombe_diff` - difference of two independent proportions
  p1 - p2 (Newcombe's hybrid score interval, built from the two Wilson
  intervals; "method 10" in Newcombe 1998).
* :func:`mean_ci` - a mean with a Student-t interval (mean +- t * sd / sqrt(n)).
* :func:`ratio_ci` - ratio of two paired means (delta method).
* :func:`paired_diff` - mean of per-game differences a_i - b_i with the
  t interval of the differences (used for common-random-number variants,
  which share ``game_index``, and for the within-game recruiter comparison).

Every function returns plain floats (``nan`` where n is too small) so the
results drop straight into DataFrame columns.
"""
from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
import pandas as pd
from scipy.special import stdtrit  # Student-t quantile (scipy.stats imports far slower)

Z95 = 1.959963984540054  # the standard normal 97.5% quantile


class Interval(NamedTuple):
    estimate: float
    low: float
    high: float
    n: int


def wilson(x: float, n: int, z: float = Z95) -> Interval:
    """Wilson score interval for the proportion x/n."""
    n = int(n)
    if n <= 0:
        return Interval(math.nan, math.nan, math.nan, 0)
    p = x / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(max(p * (1 - p), 0.0) / n + z2 / (4 * n * n))
    # at x = 0 (x = n) the bound is exactly 0 (1): no rounding residue such as 5e-20
    low = 0.0 if x <= 0 else max(0.0, centre - half)
    high = 1.0 if x >= n else min(1.0, centre + half)
    return Interval(p, low, high, n)


def newcombe_diff(x1: float, n1: int, x2: float, n2: int, z: float = Z95) -> Interval:
    """Interval for p1 - p2 of two independent proportions (Newcombe hybrid score)."""
    a, b = wilson(x1, n1, z), wilson(x2, n2, z)
    if a.n == 0 or b.n == 0:
        return Interval(math.nan, math.nan, math.nan, min(a.n, b.n))
    d = a.estimate - b.estimate
    low = d - math.sqrt((a.estimate - a.low) ** 2 + (b.high - b.estimate) ** 2)
    high = d + math.sqrt((a.high - a.estimate) ** 2 + (b.estimate - b.low) ** 2)
    return Interval(d, low, high, min(a.n, b.n))


def rate_diff_clustered(win, in_a, in_b, cluster, z: float = Z95) -> tuple[float, float, float]:
    """Difference of two win rates p_a - p_b (rates = wins / games of each group) with a
    delta-method 95% interval over clusters: per cluster c,
    u_c = (W_ac - p_a N_ac) / mean(N_a) - (W_bc - p_b N_bc) / mean(N_b), var = var(u) / C.
    A rate of 0 or 1 gives that no variance: then Newcombe's interval (games independent)."""
    df = pd.DataFrame({"c": np.asarray(cluster), "w": np.asarray(win, float),
                       "a": np.asarray(in_a, bool), "b": np.asarray(in_b, bool)})
    df["wa"], df["wb"] = df["w"] * df["a"], df["w"] * df["b"]
    c = df.groupby("c")[["wa", "a", "wb", "b"]].sum().astype(float)
    n = len(c)
    if n < 2 or c["a"].sum() == 0 or c["b"].sum() == 0:
        return math.nan, math.nan, math.nan
    pa, pb = c["wa"].sum() / c["a"].sum(), c["wb"].sum() / c["b"].sum()
    if pa in (0.0, 1.0) or pb in (0.0, 1.0):
        # the linearisation has no variance at a rate of 0 or 1: Newcombe's interval instead
        iv = newcombe_diff(c["wa"].sum(), int(c["a"].sum()), c["wb"].sum(), int(c["b"].sum()), z)
        return iv.estimate, iv.low, iv.high
    u = (c["wa"] - pa * c["a"]) / c["a"].mean() - (c["wb"] - pb * c["b"]) / c["b"].mean()
    half = z * math.sqrt(float(u.var(ddof=1)) / n)
    d = float(pa - pb)
    return d, d - half, d + half


def mean_ci(values, confidence: float = 0.95) -> Interval:
    """Mean of ``values`` with a Student-t interval; nan bounds for n < 2."""
    v = np.asarray(values, dtype=float)
    v = v[~np.isnan(v)]
    n = v.size
    if n == 0:
        return Interval(math.nan, math.nan, math.nan, 0)
    m = float(v.mean())
    if n < 2:
        return Interval(m, math.nan, math.nan, n)
    sd = float(v.std(ddof=1))
    half = float(stdtrit(n - 1, 0.5 + confidence / 2)) * sd / math.sqrt(n)
    return Interval(m, m - half, m + half, n)


def paired_diff(a, b, confidence: float = 0.95) -> Interval:
    """Mean of a_i - b_i over pairs with the t interval of the differences."""
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    if a.shape != b.shape:
        raise ValueError(f"paired_diff: {a.shape[0]} values against {b.shape[0]}; pairs must match")
    return mean_ci(a - b, confidence)


def ratio_ci(num, den, z: float = Z95) -> Interval:
    """mean(num) / mean(den) over paired observations, with a delta-method interval.

    Used for "bursts gained per extra reroll used": num_i and den_i are the
    per-game paired differences of score and of rerolls spent.
    var(R) ~= (var(num) - 2 R cov(num, den) + R^2 var(den)) / (n mean(den)^2).
    """
    a = np.asarray(num, dtype=float)
    b = np.asarray(den, dtype=float)
    n = a.size
    if n == 0 or b.mean() == 0:
        return Interval(math.nan, math.nan, math.nan, n)
    r = float(a.mean() / b.mean())
    if n < 2:
        return Interval(r, math.nan, math.nan, n)
    cov = np.cov(a, b, ddof=1)
    var = (cov[0, 0] - 2 * r * cov[0, 1] + r * r * cov[1, 1]) / (n * b.mean() ** 2)
    half = z * math.sqrt(max(var, 0.0))
    return Interval(r, r - half, r + half, n)


def ratio_of(mean_a: float, mean_b: float, var_a: float, var_b: float, cov: float, n: int,
             z: float = Z95) -> Interval:
    """:func:`ratio_ci` from the two means, their sample variances and covariance."""
    n = int(n)
    if n == 0 or mean_b == 0 or np.isnan(mean_b):
        return Interval(math.nan, math.nan, math.nan, n)
    r = float(mean_a / mean_b)
    if n < 2:
        return Interval(r, math.nan, math.nan, n)
    var = (var_a - 2 * r * cov + r * r * var_b) / (n * mean_b ** 2)
    half = z * math.sqrt(max(var, 0.0))
    return Interval(r, r - half, r + half, n)


def wilson_table(x, n, z: float = Z95) -> pd.DataFrame:
    """Vectorised :func:`wilson`: columns estimate, low, high, n (same index as x)."""
    x = pd.Series(x, dtype=float)
    n = pd.Series(n, dtype=float).reindex(x.index).fillna(0)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = x / n
        z2 = z * z
        denom = 1.0 + z2 / n
        centre = (p + z2 / (2 * n)) / denom
        half = z / denom * np.sqrt((p * (1 - p)).clip(lower=0) / n + z2 / (4 * n * n))
    low = (centre - half).clip(lower=0).where(x > 0, 0.0)       # exact 0 / 1 at x = 0 / n
    high = (centre + half).clip(upper=1).where(x < n, 1.0)
    out = pd.DataFrame({"estimate": p, "low": low, "high": high, "n": n.astype(int)})
    out.loc[n <= 0, ["estimate", "low", "high"]] = np.nan
    return out


def mean_table(values: pd.Series, by, confidence: float = 0.95) -> pd.DataFrame:
    """Vectorised :func:`mean_ci` per group of ``by``: columns estimate, low, high, n."""
    g = values.astype(float).groupby(by, observed=True)
    m, sd, n = g.mean(), g.std(ddof=1), g.count()
    t = pd.Series(stdtrit((n - 1).clip(lower=1).to_numpy(float), 0.5 + confidence / 2),
                  index=n.index)
    half = (t * sd / np.sqrt(n)).where(n >= 2)
    return pd.DataFrame({"estimate": m, "low": m - half, "high": m + half, "n": n})


def moments_interval(mean, sd, n, confidence: float = 0.95) -> pd.DataFrame:
    """:func:`mean_table` from each group's mean, sample SD and count (as SQL aggregates
    give them): columns estimate, low, high, n; nan bounds below 2 values."""
    mean = pd.Series(mean, dtype=float)
    sd = pd.Series(sd, dtype=float, index=mean.index)
    n = pd.Series(n, index=mean.index).fillna(0).astype(int)
    t = pd.Series(stdtrit(np.clip(n.to_numpy(float) - 1, 1, None), 0.5 + confidence / 2),
                  index=mean.index)
    half = (t * sd / np.sqrt(n.astype(float))).where(n >= 2)
    return pd.DataFrame({"estimate": mean.where(n > 0), "low": mean - half, "high": mean + half,
                         "n": n})


def interval_of(mean: float, sd: float, n: int, confidence: float = 0.95) -> Interval:
    """:func:`mean_ci` from a mean, sample SD and count."""
    n = int(n)
    if n == 0:
        return Interval(math.nan, math.nan, math.nan, 0)
    if n < 2:
        return Interval(float(mean), math.nan, math.nan, n)
    half = float(stdtrit(n - 1, 0.5 + confidence / 2)) * float(sd) / math.sqrt(n)
    return Interval(float(mean), float(mean) - half, float(mean) + half, n)


def interval_columns(prefix: str, iv: Interval) -> dict:
    """``{prefix: est, prefix_low: .., prefix_high: ..}`` for building table rows."""
    return {prefix: iv.estimate, f"{prefix}_low": iv.low, f"{prefix}_high": iv.high}
