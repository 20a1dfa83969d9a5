"""Do verdicts converge? The answer that ends the card-rankings-by-bot section: do stronger
bots agree more with each other on the companions' pick values?

The bots are taken in the section's order, weakest first (the presets' ladder: random,
greedy, heuristic, expert, then the search bot and other labels).  Neighbours on that ladder
are compared: the Spearman rank correlation of their pick values (with its 95% interval)
for the weakest pair and for the strongest pair.  The answer is "yes" when the strongest
pair's interval lies wholly above the weakest pair's, "no" when wholly below, else "not
clearly".

Noise lowers a rank correlation by itself: a bot whose pick values have wide intervals
correlates poorly with any other even when both order the cards alike.  Per bot, the
*reliability* of its values is the share of their spread across companions not explained
by their own noise, 1 - mean(se^2) / var(value) (se: the half-width of the 95% interval over
1.96), floored at 0; two bots with the same true order would show a correlation of about
sqrt(rel_a * rel_b) (the attenuation ceiling, exact for Pearson's correlation of normal
errors, a guide for Spearman's).  A bot whose median half-width is at least
:data:`WIDE_POINTS` points is called out as measured too roughly at the run's size.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from ..analysis.intervals import Z95

WIDE_POINTS = 3.0   # median half-width (points of win share) at which a bot's values are called wide


def reliability(d: pd.DataFrame) -> float:
    """1 - mean(se^2) / var(value) of one bot's pick values in one slice (module docstring)."""
    x = d["value"].to_numpy(float)
    se = (d["value_hi"].to_numpy(float) - d["value_lo"].to_numpy(float)) / (2 * Z95)
    ok = np.isfinite(x) & np.isfinite(se)
    if ok.sum() < 3:
        return float("nan")
    var = float(np.var(x[ok], ddof=1))
    if var <= 0:
        return 0.0
    return float(max(0.0, 1.0 - float(np.mean(se[ok] ** 2)) / var))


def bot_noise(d: pd.DataFrame, bots: list) -> pd.DataFrame:
    """Per bot of one slice: companions judged, median half-width of the 95% intervals
    (points) and reliability."""
    rows = []
    for b in bots:
        x = d[d["bot"] == b]
        half = (x["value_hi"] - x["value_lo"]).to_numpy(float) / 2
        half = half[np.isfinite(half)]
        rows.append(dict(bot=b, companions=len(x),
                         median_half_width=float(np.median(half)) if len(half) else float("nan"),
                         reliability=reliability(x)))
    return pd.DataFrame(rows, columns=["bot", "companions", "median_half_width", "reliability"])


def ceiling(noise: pd.DataFrame, a: str, b: str) -> float:
    """sqrt(rel_a * rel_b): the correlation of two bots with one true order, through their noise."""
    r = noise.set_index("bot")["reliability"]
    return float(np.sqrt(r[a] * r[b])) if a in r and b in r else float("nan")


def _pair(rc: pd.DataFrame, a: str, b: str):
    x = rc[(rc["bot_a"] == a) & (rc["bot_b"] == b)]
    return x.iloc[0] if len(x) else None


def _r(x) -> str:
    return (f"{x['spearman']:.2f} ({x['bot_a']}-{x['bot_b']}, 95% CI {x['spearman_low']:.2f} to "
            f"{x['spearman_high']:.2f})")


def answer(rc: pd.DataFrame, noise: pd.DataFrame, bots: list, where: str) -> str:
    """The one-sentence answer for one slice: rc the slice's pair rows (bot_a before bot_b in
    `bots`, weakest first), noise its :func:`bot_noise`."""
    pairs = [p for p in (_pair(rc, a, b) for a, b in zip(bots, bots[1:]))
             if p is not None and np.isfinite(p["spearman"])]
    wide = noise[noise["median_half_width"] >= WIDE_POINTS]
    wide_txt = ""
    if len(wide):
        who = ", ".join(f"{r['bot']} ±{r['median_half_width']:.1f} points" for _, r in wide.iterrows())
        strong = pairs[-1] if pairs else None
        cap = ceiling(noise, strong["bot_a"], strong["bot_b"]) if strong is not None else float("nan")
        wide_txt = (f"; but the pick values of {who} (median 95% half-width) are wide at this "
                    f"run's size, so their correlations are weak evidence"
                    + (f" (through that noise alone, two bots that ordered the cards alike would "
                       f"correlate at about {cap:.2f})" if np.isfinite(cap) else ""))
    if len(pairs) < 2:
        return (f"Do stronger bots agree more? Not answerable for {where}: it needs pick values of "
                f"at least three bots in ladder order{wide_txt}.")
    lo, hi = pairs[0], pairs[-1]
    if hi["spearman_low"] > lo["spearman_high"]:
        verdict = "Yes"
    elif hi["spearman_high"] < lo["spearman_low"]:
        verdict = "No"
    else:
        verdict = "Not clearly"
    steps = ", ".join(f"{p['spearman']:.2f}" for p in pairs)
    return (f"Do stronger bots agree more? {verdict} for {where}: the pick-value rank correlation "
            f"of neighbouring bots on the ladder goes from {_r(lo)} for the weakest pair to "
            f"{_r(hi)} for the strongest (in ladder order: {steps})"
            + (", the intervals overlapping" if verdict == "Not clearly" else "") + wide_txt + ".")
