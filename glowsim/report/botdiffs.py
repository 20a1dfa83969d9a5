"""Card by card, how far two bots' pick values differ, and which differences the noise
cannot explain (the card-rankings-by-bot section, glowsim/report/pickvalue.py).

A bot's pick value of a companion comes from its own self-play games (glowsim/analysis/
picks.py), so the values of two bots are independent estimates: their difference has the
standard error sqrt(se_a^2 + se_b^2) (each se the half-width of its 95% interval over 1.96)
and a 95% normal interval.  A difference is *beyond noise* when that interval leaves out 0;
with K companions and no true difference about 5% of K would be by chance, and the section
says so next to the count.
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ..analysis.intervals import Z95
from ..content.describe import card_name

CHANCE = 0.05    # the share of companions beyond noise by chance alone (95% intervals)


def differences(d: pd.DataFrame, a: str, b: str) -> pd.DataFrame:
    """Per companion valued by both bots of one slice's pick values `d` (columns bot,
    companion, name, value, value_lo, value_hi): value_a, value_b, diff (b - a) with its 95%
    interval, beyond_noise."""
    x = d[d["bot"] == a].set_index("companion")
    y = d[d["bot"] == b].set_index("companion")
    common = [c for c in x.index if c in y.index]
    rows = []
    for c in common:
        va, vb = float(x.at[c, "value"]), float(y.at[c, "value"])
        sa = (float(x.at[c, "value_hi"]) - float(x.at[c, "value_lo"])) / (2 * Z95)
        sb = (float(y.at[c, "value_hi"]) - float(y.at[c, "value_lo"])) / (2 * Z95)
        diff = vb - va
        half = Z95 * float(np.sqrt(sa * sa + sb * sb))
        ok = np.isfinite(diff) and np.isfinite(half)
        rows.append({"companion": c, "name": x.at[c, "name"] if "name" in x else "",
                     "bot_a": a, "bot_b": b, "value_a": va, "value_b": vb, "diff": diff,
                     "diff_lo": diff - half if ok else np.nan, "diff_hi": diff + half if ok else np.nan,
                     "beyond_noise": bool(ok and (diff - half > 0 or diff + half < 0))})
    return pd.DataFrame(rows, columns=["companion", "name", "bot_a", "bot_b", "value_a", "value_b",
                                       "diff", "diff_lo", "diff_hi", "beyond_noise"])


def chance_p(k: int, n: int, rate: float = CHANCE) -> float:
    """P(at least n of k companions beyond noise) when no card truly differs (binomial)."""
    return float(sum(math.comb(k, i) * rate ** i * (1 - rate) ** (k - i) for i in range(n, k + 1)))


def dependence_answer(diffs: pd.DataFrame, a: str, b: str, where: str) -> str:
    """Which cards stay bot-dependent between the two strongest bots a and b, said only as far
    as the count beyond noise exceeds what chance gives (:func:`chance_p`)."""
    k = len(diffs)
    if k == 0:
        return f"Which cards stay bot-dependent ({where})? Not answerable: no companion valued by both {a} and {b}."
    beyond = diffs[diffs["beyond_noise"]].sort_values("diff", key=np.abs, ascending=False)
    n = len(beyond)
    p = chance_p(k, n)
    names = "; ".join(f"{card_name('companion', r['companion'], r['name'])} ({r['diff']:+.1f})"
                      for _, r in beyond.iterrows())
    if n == 0 or p >= 0.05:
        return (f"Which cards stay bot-dependent ({where})? None shown: between {a} and {b}, {n} of "
                f"{k} companions differ beyond noise, no more than chance alone gives (about "
                f"{CHANCE * k:.1f}; P = {p:.2f})" + (f": {names} may be chance" if n else "") + ".")
    return (f"Which cards stay bot-dependent ({where})? Between {a} and {b}, {n} of {k} companions "
            f"differ beyond noise, more than chance alone gives (about {CHANCE * k:.1f}; P = "
            f"{p:.3f}): {names}; a few of them may still be chance.")


def summary_line(diffs: pd.DataFrame, a: str, b: str, where: str) -> str:
    """'{where}: 4 of 46 companions' pick values differ beyond noise between a and b (about 2.3
    by chance): ...' with each such card's difference and interval, largest first."""
    k = len(diffs)
    if k == 0:
        return f"{where}: no companion is valued by both {a} and {b}."
    beyond = diffs[diffs["beyond_noise"]].sort_values("diff", key=np.abs, ascending=False)
    med = float(np.nanmedian(np.abs(diffs["diff"])))
    text = (f"{where}, {b} against {a}: {len(beyond)} of {k} companions' pick values differ "
            f"beyond noise (about {CHANCE * k:.1f} would by chance alone); the median difference "
            f"is {med:.1f} points")
    if len(beyond):
        text += ": " + "; ".join(
            f"{card_name('companion', r['companion'], r['name'])} {r['value_a']:+.1f} -> "
            f"{r['value_b']:+.1f} ({r['diff']:+.1f}, 95% CI {r['diff_lo']:+.1f} to "
            f"{r['diff_hi']:+.1f})"
            for _, r in beyond.iterrows())
    return text + "."
