"""A sweep's answer first: one section per swept card number, from its pick values.

For every companion number swept in a run with forked recruit picks (scenario fields
``sweep`` and ``counterfactual``): one figure (the card's pick value per swept value with
95% intervals, one colour per player count and side, each group's crossing of 0 with its
interval, the printed value marked; its pick rate beside), long-form tables with a column per
swept field (``sweep_pick_values``, ``sweep_pick_crossings``) and one answer line per group:
the crossing with its interval and what it means for the printed value.  The crossing is
:func:`glowsim.analysis.sweeps.pick_value_crossing`, the one `glowsim balance` gives too.  The
observational win rate when recruited gives no second crossing for these numbers: it moves
with how often and when the bots take the card.
"""
from __future__ import annotations

import re

import numpy as np
import pandas as pd

from .. import analysis as A
from ..analysis.picks import THRESHOLD
from ..analysis.sweeps import (axis_label, pick_sweep_crossings, pick_sweep_points,
                               published_value, sweep_axes, swept_fields)
from . import tables as T
from ..content.describe import card_name
from . import figures as F
from .sections import Section, TableOut, render

INTRO = ("<b>Pick value</b> of the swept companion at each value of its number: at the forked "
         "recruit picks of that value's games, the deciding seat's win share when taking it "
         "minus the mean over the other cards offered at the same pick (percentage points, "
         "95% paired interval); 0 is an average pick. The crossing is where a line fitted "
         "through the pick values (inverse-variance weights) crosses 0, with its Fieller 95% "
         "interval, given only when the slope is clearly away from 0; the line goes through "
         "every swept value unless their pick values bend away from a straight line (far from 0 "
         "a pick value saturates; chi-square lack-of-fit test at 5%), then the values farthest "
         "from 0 are left out. `glowsim balance` estimates its crossing the same way. The win "
         "rate when recruited gives no crossing here: it is observational and moves with how "
         "often and when the bots take the card (its value per swept value is in the companion "
         "table).")


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()


def group_label(pts: pd.DataFrame, group: str) -> str:
    """'3 players, province' for a group of one player count and side, else the group's
    own name (the other swept settings)."""
    if pts["n_players"].nunique() == 1 and pts["side"].nunique() == 1:
        n, side = pts["n_players"].iloc[0], pts["side"].iloc[0]
        if n is not None and n == n and side:
            rest = re.sub(r"(^|\s)(players|side)=\S+", "", group or "").strip()
            return F.slice_label(n, side) + (f", {rest}" if rest else "")
    return group or "all variants"


def _value_at(pts: pd.DataFrame, value) -> pd.Series | None:
    hit = pts[pts["value"].astype(float) == float(value)]
    return hit.iloc[0] if len(hit) and not np.isnan(hit["pick_value"].iloc[0]) else None


VERDICT_WORDS = {"above": "above +{t:g}", "below": "below -{t:g}", "within": "within ±{t:g}",
                 "unclear": "unclear against ±{t:g}"}


def _pv(r, threshold: float) -> str:
    word = VERDICT_WORDS.get(r["verdict"], "{t:g}").format(t=threshold)
    return (f"{r['pick_value']:+.1f} points (95% CI {r['pick_value_lo']:+.1f} to "
            f"{r['pick_value_hi']:+.1f}), {word}")


def meaning(c: dict, pts: pd.DataFrame, printed, short: str, threshold: float) -> str:
    """What the crossing means for the printed value (or, for a card the published game does
    not have, which whole value to print)."""
    xc, lo, hi = c["crossing"], c["crossing_low"], c["crossing_high"]
    bounded = not (np.isnan(lo) or np.isnan(hi))
    whole = int(round(xc))
    at_whole = _value_at(pts, whole)
    suggest = (f"the whole value nearest it is {short} {whole}"
               + (f", pick value there {_pv(at_whole, threshold)}" if at_whole is not None
                  else " (not played)"))
    if printed is None:
        return f"a new card (no printed value): {suggest}"
    at_print = _value_at(pts, printed)
    now = f" (pick value there {_pv(at_print, threshold)})" if at_print is not None else ""
    if bounded and lo <= float(printed) <= hi:
        return f"the printed {printed:g} lies inside the interval: balanced at print{now}"
    if (bounded and float(printed) > hi) or (not bounded and float(printed) > xc):
        strong = c["slope"] > 0
    else:
        strong = c["slope"] < 0
    return (f"the printed {printed:g} lies {'above' if float(printed) > xc else 'below'} it: "
            f"{'stronger' if strong else 'weaker'} than an average pick at print{now}; "
            f"{suggest}")


def answer_line(head: str, short: str, c: dict | None, pts: pd.DataFrame, printed,
                threshold: float, detail: bool = True) -> str:
    """The sweep's answer for one group, in one line starting with ``head``; ``detail``: also
    the values the line goes through and those left out."""
    if c is None:
        return f"{head}: no crossing: fewer than two swept values with a pick value."
    if not c["significant"] or np.isnan(c["crossing"]):
        return f"{head}: no crossing of 0 is given: {c['note']}."
    ci = (f"95% CI {c['crossing_low']:.1f} to {c['crossing_high']:.1f}"
          if not np.isnan(c["crossing_low"]) else "interval unbounded")
    extra = "" if c["in_range"] else ", extrapolated beyond the swept values"
    used = f"; line through {short} {c['values_used']}" if detail else ""
    left = [p for p in str(c.get("note", "")).split("; ") if "left out" in p]
    return (f"{head}: pick value crosses 0 at {short} {c['crossing']:.1f} ({ci}{used}{extra}): "
            + meaning(c, pts, printed, short, threshold) + "."
            + (f" ({left[0]}.)" if left and detail else ""))


def sweep_value_line(r) -> str:
    """'3: -1.2 (95% CI -2.9 to +0.5) within, pick rate 31%' of a swept value."""
    if np.isnan(r["pick_value"]):
        return f"{r['value']:g}: no forked pick offered it with another card"
    return (f"{r['value']:g}: {r['pick_value']:+.1f} (95% CI {r['pick_value_lo']:+.1f} to "
            f"{r['pick_value_hi']:+.1f}) {r['verdict']}, pick rate {r['pick_rate']:.0%}")


def values_line(who: str, short: str, where: str, pts: pd.DataFrame) -> str:
    return (f"{who} {short}, {where}, pick value per value: "
            + "; ".join(sweep_value_line(r) for _, r in pts.sort_values("value").iterrows())
            + ".")


def sweep_answers(run: A.Run, names: dict, threshold: float = THRESHOLD,
                  values: pd.DataFrame | None = None) -> tuple[list[Section], set[str]]:
    """One section per swept companion number whose variants hold picks (module docstring),
    and the swept fields they answer; none when the run has no such sweep.  ``values``: the
    run's pick values by variant (:func:`glowsim.analysis.picks.pick_values`), when made."""
    points = pick_sweep_points(run, threshold, values)
    if len(points):      # a sweep needs two values (a report of one variant has one)
        points = points[points.groupby(["field", "group"])["value"].transform("nunique") > 1]
    if points.empty:
        return [], set()
    cross = pick_sweep_crossings(points)
    out = []
    for fld, per_field in points.groupby("field", sort=False):
        subject = per_field["subject"].iloc[0]
        who = card_name("companion", subject, names.get(subject))
        short = fld.split(".")[-1]
        label = axis_label(fld, dict(swept_fields(run)).get(fld))
        printed = published_value(fld)
        s = Section(f"sweep-{_slug(label)}", f"Sweep of {who} {short}")
        s.intro.append(INTRO)
        groups, lines, values = [], [], []
        for group, pts in per_field.groupby("group", sort=False):
            c = cross[(cross["field"] == fld) & (cross["group"] == group)]
            c = c.iloc[0].to_dict() if len(c) else None
            where = group_label(pts, group)
            groups.append((where, pts, c))
            lines.append((answer_line(f"{who} {short}, {where}", short, c, pts, printed,
                                      threshold),
                          answer_line(where, short, c, pts, printed, threshold, detail=False)))
            values.append(values_line(who, short, where, pts))
        order = sorted(range(len(groups)), key=lambda i: _group_key(groups[i][1]))
        groups = [groups[i] for i in order]
        lines = [lines[i] for i in order]
        values = [values[i] for i in order]
        fig = F.pick_sweep_groups(groups, threshold, f"{who}: pick value against {short}",
                                  f"{short} ({fld})", printed)
        marked = (f"the printed value {printed:g} (dash-dot line)" if printed is not None else
                  "no printed value: a card the published game does not have")
        s.figures.append(render(fig, f"sweep_{_slug(label)}", f"Sweep of {fld}",
                                f"{who}'s pick value for each swept value of {fld}, one colour "
                                f"per player count and side (percentage points of win share, "
                                f"95% paired intervals; hollow: the interval crosses ±"
                                f"{threshold:g}, verdict unclear), the grey band ±{threshold:g}; "
                                f"each group's fitted line (dotted) and its crossing of 0 "
                                f"(vertical line, shaded: its 95% interval); {marked}. Right: "
                                f"its pick rate at the forked picks where it was offered."))
        s.findings = [x for x, _ in lines] + values
        s.headlines = [h for _, h in lines]
        out.append(s)
    axes = sweep_axes(run)
    out[0].tables += [
        TableOut("sweep_pick_values", "Pick value of each swept companion per swept value",
                 T.sweep_pick_values(run, threshold, points, axes),
                 "One row per swept field, player count, side and value: the swept card's "
                 "forked picks, pick rate, pick value with its 95% paired interval and "
                 "verdict; a column per swept field holds the variant's setting."),
        TableOut("sweep_pick_crossings", "Where each swept companion's pick value crosses 0",
                 T.sweep_pick_crossings(run, points, axes),
                 "One row per swept field, player count and side: the crossing with its 95% "
                 "interval, the fitted slope with its interval, the values the line goes "
                 "through, the lack-of-fit p-value and the printed value.")]
    return out, set(points["field"])


def _group_key(pts: pd.DataFrame) -> tuple:
    from .slices import SIDE_ORDER
    n = pts["n_players"].iloc[0]
    side = pts["side"].iloc[0]
    return (int(n) if n is not None and n == n else 0, SIDE_ORDER.get(str(side), 9), str(side))


__all__ = ["answer_line", "group_label", "meaning", "sweep_answers"]
