"""Balance one companion on its pick value: the printed number that brings it within +-T.

`glowsim balance SCENARIO.yaml --card ID [--field F]` plays the scenario's run (one variant)
with the card's number set to a value and the scenario field ``counterfactual`` on (sampled
recruit picks forked, every offered card played to the end: the run folder's ``picks``
table), reads the card's pick value (glowsim/analysis/picks.py) and searches over whole
values:

1. the value in the scenario's content; within +-T: done;
2. bracket: step away from it in the direction that should move the pick value towards 0
   (more of the number, more value; the first step tells whether the card's number works the
   other way, and the search turns round), the step doubling (1, 2, 4, ...) until the pick
   value changes sign or lands within +-T, or the allowed range ends;
3. bisect the bracket on the sign of the pick value down to neighbouring values.

Every value plays the same games (the scenario's seed, games 0..G-1): the values are
compared on common randomness and the search is reproducible.  The chosen value is the
value tried with verdict "within" nearest the scenario's value (then the smallest pick
value); when no value tried is within, the one with the smallest pick value, and the result
says why (unclear: more games; or out of the allowed range).  The crossing of 0 of a line
through the values tried is reported beside it, estimated as a sweep's report estimates it
(:func:`glowsim.analysis.sweeps.pick_value_crossing`: the same values give the same crossing;
a line through as many of them as it fits, far values saturating).

Each value's run folder is kept in ``OUT/plays/`` (the runner resumes it: the same command
started again reuses the values played).  Outputs: ``OUT/patch.yaml`` (the content patch,
as `glowsim rebalance` writes it), ``OUT/balance.md`` (the values tried with their pick values
and intervals, the chosen value, the verdict) and ``OUT/balance.csv``.
"""
from __future__ import annotations

import copy
import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np
import pandas as pd

from ..errors import UserError
from ..limits import MAX_WORKERS
from ..scenarios import Scenario
from ..scenarios.expand import ResolvedRun
from .edits import FIELDS, CardKey, Edit, card_entry, editable_fields, field_value, value_range
from .patch import write_patch

DEFAULT_SAMPLE = 1.0        # share of recruit picks forked when the scenario sets no counterfactual
DEFAULT_BUDGET = 8          # values played at most
DEFAULT_MAX_CHANGE = 6      # the number moves at most max(this, |its value|) from the scenario's


@dataclass
class Point:
    """A value tried and the card's pick value there (points of win share)."""
    value: int
    n_picks: int
    pick_rate: float
    pick_value: float
    low: float
    high: float
    verdict: str
    bursts: float = math.nan        # pick value in final score (bursts)

    def text(self) -> str:
        if math.isnan(self.pick_value):
            return f"{self.value}: no forked pick offered the card with another"
        return (f"{self.value}: pick value {self.pick_value:+.1f} points (95% CI {self.low:+.1f} "
                f"to {self.high:+.1f}), {self.verdict}; pick rate {self.pick_rate:.0%} of "
                f"{self.n_picks:,} forked picks")


@dataclass
class BalanceResult:
    card: CardKey
    field: str
    original: int
    threshold: float
    points: list[Point]              # in the order played
    chosen: Point | None
    reason: str                      # how the search ended
    crossing: dict = field(default_factory=dict)    # pick_crossing over the points tried

    @property
    def edit(self) -> Edit | None:
        if self.chosen is None or self.chosen.value == self.original:
            return None
        return Edit(self.card, self.field, self.original, self.chosen.value)


def check_card(run: ResolvedRun, card: str, fld: str | None) -> tuple[CardKey, str, int]:
    """(card key, field, its value in the scenario's content) or a UserError naming what is
    allowed."""
    content = run.game().content
    key = CardKey("companion", card)
    if card not in content.companions:
        if card in content.adventurers:
            raise UserError(f"--card {card}: an adventurer; pick value is measured for "
                            f"companions (recruit picks) only")
        ids = sorted(content.companions)
        raise UserError(f"--card {card}: no companion {card!r} in the scenario's content "
                        f"(companions: {ids[0]}..{ids[-1]}, and any the scenario adds)")
    allowed = editable_fields(content, key)
    fld = fld or "bursts"
    if fld not in allowed:
        raise UserError(f"--field {fld}: not a number companion {card} prints; allowed: "
                        + ", ".join(allowed))
    card_entry(content, key)
    return key, fld, field_value(content, key, fld)


def card_field_path(key: CardKey, fld: str) -> str:
    return f"content.{key.section}.{key.id}.{fld}"


def check_sweeps(sc: Scenario, key: CardKey, fld: str) -> None:
    """The scenario sweeps no field that holds the card's number or lies inside it (an axis of
    the number itself is fine: each value tried replaces it); a UserError naming the axis's
    line of the scenario file, before anything is played."""
    target = card_field_path(key, fld).split(".")
    for k, ax in enumerate(sc.raw.get("sweep") or []):
        if not isinstance(ax, dict):
            continue
        f = re.sub(r"\[(\d+)\]", r".\1", str(ax.get("field"))).split(".")
        n = min(len(f), len(target))
        if f != target and f[:n] == target[:n]:
            raise sc.error(("sweep", k, "field"),
                           f"sweeps {'.'.join(f)!r}, which "
                           f"{'holds' if len(f) < len(target) else 'lies inside'} the number "
                           f"balance sets ({'.'.join(target)}): remove this axis, or sweep "
                           f"{'.'.join(target)} itself")


def play_scenario(sc: Scenario, run: ResolvedRun, key: CardKey, fld: str, value: int,
                  sample: float | None) -> dict:
    """The scenario (as a mapping) that plays ``run`` alone with the card's number at
    ``value`` and recruit picks forked: the chosen variant only, every sweep axis pinned to
    the run's point, the card's number as a one-value sweep axis (applied after every other
    content patch), and ``counterfactual`` (the scenario's, ``sample`` overriding its rate)."""
    raw = copy.deepcopy(sc.raw)
    if raw.get("variants"):
        raw["variants"] = [v for v in raw["variants"]
                           if isinstance(v, dict) and v.get("name") == run.variant]
    point = dict(run.sweep)
    target = card_field_path(key, fld)
    axes = []
    for ax in raw.get("sweep") or []:
        f = re.sub(r"\[(\d+)\]", r".\1", str(ax.get("field")))    # seats[0].x = seats.0.x
        if f == target:
            continue
        pinned = {k: v for k, v in ax.items() if k not in ("values", "range")}
        pinned["values"] = [point[f]]
        axes.append(pinned)
    axes.append({"field": target, "values": [int(value)], "label": f"{key.id}.{fld}"})
    raw["sweep"] = axes
    cf = dict(raw.get("counterfactual") or {"decisions": "recruit"})
    if sample is not None or "sample" not in cf:
        cf["sample"] = float(sample if sample is not None else DEFAULT_SAMPLE)
    raw["counterfactual"] = cf
    raw["games"] = int(run.games)
    raw.pop("precision", None)
    raw.pop("max_games", None)
    return raw


def search_value(evaluate: Callable[[int], Point], original: int, lo: int, hi: int,
                 budget: int = DEFAULT_BUDGET, direction: int = 1) -> tuple[list[Point], str]:
    """Bracket then bisect on the sign of the pick value over whole values in lo..hi.

    ``evaluate(v)`` plays value v; ``direction`` +1 when a larger number should give a larger
    pick value (printed bursts), -1 the other way.  Returns the points tried (in order) and
    how the search ended."""
    seen: dict[int, Point] = {}
    order: list[Point] = []

    def play(v: int) -> Point:
        if v not in seen:
            seen[v] = evaluate(v)
            order.append(seen[v])
        return seen[v]

    def sign(p: Point) -> int:
        return 0 if p.verdict == "within" or p.pick_value == 0 else (1 if p.pick_value > 0 else -1)

    p0 = play(original)
    if math.isnan(p0.pick_value):
        return order, "no forked pick offered the card with another card: no pick value"
    if sign(p0) == 0:
        return order, "the scenario's value is within the band"
    # towards 0: a card above wants less of a number that adds value
    step_dir = -sign(p0) * direction
    a, pa = original, p0
    step, turned = 1, False
    bracket = None
    while len(order) < budget:
        v = int(min(max(a + step_dir * step, lo), hi))
        if v == a:
            return order, (f"the allowed range {lo}..{hi} ends before the pick value reaches "
                           f"the band")
        p = play(v)
        if math.isnan(p.pick_value):
            return order, f"no forked pick offered the card at value {v}"
        s = sign(p)
        if s == 0:
            return order, f"value {v} is within the band"
        if s != sign(pa):
            bracket = (a, pa, v, p)
            break
        away = (p.low > pa.high) if s > 0 else (p.high < pa.low)
        if not turned and len(order) == 2 and away:
            # clearly further from 0: the number works the other way for this card; turn
            # round from the scenario's value
            step_dir, step, turned = -step_dir, 1, True
            a, pa = original, p0
            continue
        a, pa = v, p
        step *= 2
    if bracket is None:
        return order, f"budget of {budget} plays used before the pick value changed sign"
    a, pa, b, pb = bracket
    while abs(b - a) > 1:
        if len(order) >= budget:
            return order, f"budget of {budget} plays used while narrowing {min(a, b)}..{max(a, b)}"
        m = (a + b) // 2
        pm = play(m)
        if math.isnan(pm.pick_value):
            return order, f"no forked pick offered the card at value {m}"
        s = sign(pm)
        if s == 0:
            return order, f"value {m} is within the band"
        if s == sign(pa):
            a, pa = m, pm
        else:
            b, pb = m, pm
    return order, (f"the pick value changes sign between {min(a, b)} and {max(a, b)}; no whole "
                   f"value between them")


def choose(points: list[Point], original: int) -> Point | None:
    """The value tried with verdict 'within' nearest the original (then the smallest pick
    value); else the one with the smallest pick value."""
    ok = [p for p in points if not math.isnan(p.pick_value)]
    within = [p for p in ok if p.verdict == "within"]
    if within:
        return min(within, key=lambda p: (abs(p.value - original), abs(p.pick_value), p.value))
    return min(ok, key=lambda p: (abs(p.pick_value), abs(p.value - original))) if ok else None


def direction_of(fld: str) -> int:
    """+1 when more of the number should make taking the card worth more: printed and effect
    bursts, fireflies, rerolls; footprints count the other way (each left at the end costs
    its owner)."""
    return -1 if fld == "effect.footprints" else 1


def balance_card(evaluate: Callable[[int], Point], key: CardKey, fld: str, original: int,
                 threshold: float, budget: int = DEFAULT_BUDGET,
                 max_change: int = DEFAULT_MAX_CHANGE) -> BalanceResult:
    """The search (:func:`search_value`) over the values :func:`value_range` allows, the chosen
    value and the crossing of 0 of a line through the points tried."""
    lo, hi = value_range(fld, original, max_change)
    points, reason = search_value(evaluate, original, lo, hi, budget, direction_of(fld))
    chosen = choose(points, original)
    return BalanceResult(key, fld, original, threshold, points, chosen, reason,
                         crossing_of(points))


def crossing_of(points: list[Point]) -> dict:
    """The crossing of 0 through the points, as a sweep's report estimates it ({} below two
    points with a pick value)."""
    from ..analysis.sweeps import pick_value_crossing
    ok = [p for p in points if not math.isnan(p.pick_value)]
    if len(ok) < 2:
        return {}
    return pick_value_crossing([p.value for p in ok], [p.pick_value for p in ok],
                               [p.low for p in ok], [p.high for p in ok])


def point_from_values(values: pd.DataFrame, card: str, value: int) -> Point:
    """The card's row of ``pick_values`` as a Point (nan when it was never offered)."""
    t = values[values["companion"].astype(str) == card]
    if t.empty:
        return Point(value, 0, math.nan, math.nan, math.nan, math.nan, "unclear")
    r = t.iloc[0]
    return Point(int(value), int(r["n_picks"]), float(r["pick_rate"]), float(r["value"]),
                 float(r["value_lo"]), float(r["value_hi"]), str(r["verdict"]),
                 float(r.get("value_bursts", math.nan)))


def runner_evaluator(sc: Scenario, run: ResolvedRun, key: CardKey, fld: str, out: Path,
                     threshold: float, sample: float | None, workers: int | None = None,
                     progress: bool = False, say=None, fresh: bool = False,
                     plays: Path | None = None) -> Callable[[int], Point]:
    """``evaluate(value)``: play the run with the card's number at value and picks forked into
    ``out/plays/<field>=<value>`` (``plays/<field>=<value>`` when ``plays`` is given; resumed
    when there; ``fresh``: played again), and read the card's pick value."""
    import yaml
    from ..analysis import load_run
    from ..analysis.picks import pick_values
    from ..runner import RunOptions, run_scenario
    from ..scenarios.load import scenario_from_data

    check_sweeps(sc, key, fld)

    def evaluate(value: int) -> Point:
        raw = play_scenario(sc, run, key, fld, value, sample)
        # made from the user's scenario: its problems name it as played, without line numbers
        psc = scenario_from_data(yaml.safe_load(yaml.safe_dump(raw, sort_keys=False)),
                                 f"{sc.source} (as balance plays it, {fld} {value})", sc.base_dir)
        folder = (plays if plays is not None else out / "plays") / f"{fld}={value}"
        opts = RunOptions(out=str(folder), games=run.games, progress=progress, fresh=fresh,
                          workers=workers or min(os.cpu_count() or 1, MAX_WORKERS))
        run_scenario(psc, opts)
        p = point_from_values(pick_values(load_run(folder), threshold=threshold), key.id, value)
        if say:
            say(f"  {fld} {p.text()}")
        return p
    return evaluate


# ---- outputs ----

def points_frame(res: BalanceResult) -> pd.DataFrame:
    return pd.DataFrame([dict(card=res.card.id, field=res.field, value=p.value,
                              n_picks=p.n_picks, pick_rate=p.pick_rate, pick_value=p.pick_value,
                              pick_value_lo=p.low, pick_value_hi=p.high,
                              pick_value_bursts=p.bursts, verdict=p.verdict,
                              chosen=res.chosen is not None and p.value == res.chosen.value)
                         for p in res.points])


def verdict_line(res: BalanceResult) -> str:
    label = FIELDS[res.field][0]
    c = res.chosen
    if c is None:
        return f"{res.card.id}: no pick value ({res.reason})."
    if c.verdict == "within":
        what = ("keep" if c.value == res.original else
                f"change {label} {res.original} -> {c.value}")
        return (f"{res.card.id}: {what}: pick value {c.pick_value:+.1f} points (95% CI "
                f"{c.low:+.1f} to {c.high:+.1f}), within ±{res.threshold:g}.")
    return (f"{res.card.id}: no value tried is within ±{res.threshold:g} points; the closest is "
            f"{label} {c.value}: pick value {c.pick_value:+.1f} (95% CI {c.low:+.1f} to "
            f"{c.high:+.1f}), {c.verdict} ({res.reason}).")


def crossing_line(res: BalanceResult) -> str:
    c = res.crossing
    if not c:
        return "Crossing of 0: fewer than two values with a pick value."
    if not c.get("significant") or np.isnan(c.get("crossing", np.nan)):
        return f"Crossing of 0: not given: {c.get('note', '')}."
    left = c.get("note", "")
    return (f"Crossing of 0 of the line through values {c['values_used']}: "
            f"{c['crossing']:.1f} (95% CI "
            f"{c['crossing_low']:.1f} to {c['crossing_high']:.1f}; slope {c['slope']:+.2f} "
            f"points per unit)" + ("" if c["in_range"] else ", extrapolated")
            + (f"; {left}" if left and "left out" in left else "") + ".")


CROSSING_NOTE = ("The crossing is estimated as a sweep's report estimates it (glowsim report, "
                 "section Sweeps), so the same values give the same crossing: a line fitted by "
                 "least squares with inverse-variance weights, its 95% Fieller interval, given "
                 "only when the slope's 95% interval excludes 0; it goes through every value "
                 "tried unless their pick values bend away from a straight line (chi-square "
                 "lack-of-fit test at 5%), then the values farthest from 0 are left out one by "
                 "one (far from 0 a pick value saturates).")


def columns_text(threshold: float) -> list[str]:
    """What each column of the values table means (balance.md)."""
    return [
        "Columns:", "",
        "- **value**: the card's number the scenario's run was played with ((chosen): the "
        "value the search chose);",
        "- **forked picks**: recruit picks, forked, at which the card was on offer with at "
        "least one other card (the picks its pick value averages over);",
        "- **pick rate**: share of those picks at which the bot took the card;",
        "- **pick value (points)**: the deciding seat's win share when taking the card minus "
        "the mean win share over the other cards offered at the same pick, averaged over the "
        "forked picks, in percentage points of win share;",
        "- **95% CI**: its 95% interval, paired inside each pick (every card offered plays "
        "the same future) and clustered by game;",
        "- **in bursts**: the same difference measured in final score instead of win share: "
        "the deciding seat's final score when taking the card minus the mean over the other "
        "cards offered, in bursts;",
        f"- **verdict**: against ±{threshold:g} points: *above* / *below* when the whole "
        f"interval lies beyond +{threshold:g} / -{threshold:g}, *within* when it lies inside "
        f"±{threshold:g}, *unclear* otherwise (more games decide it).", ""]


def values_table(res: BalanceResult) -> list[str]:
    lines = ["| value | forked picks | pick rate | pick value (points) | 95% CI | in bursts | "
             "verdict |", "| ---: | ---: | ---: | ---: | --- | ---: | --- |"]
    for p in sorted(res.points, key=lambda p: p.value):
        mark = " (chosen)" if res.chosen is not None and p.value == res.chosen.value else ""
        if math.isnan(p.pick_value):
            lines.append(f"| {p.value}{mark} | 0 | | | | | no pick value |")
            continue
        lines.append(f"| {p.value}{mark} | {p.n_picks:,} | {p.pick_rate:.0%} | "
                     f"{p.pick_value:+.1f} | {p.low:+.1f} to {p.high:+.1f} | "
                     f"{p.bursts:+.2f} | {p.verdict} |")
    return lines


def report_text(res: BalanceResult, name: str, games: int, sample_note: str) -> str:
    label = FIELDS[res.field][0]
    lines = [f"# Balance of {res.card.id} on its pick value: {name}", "",
             f"Field: {label} (`{res.field}`), {res.original} in the scenario's content; band "
             f"±{res.threshold:g} points of win share; {games:,} games per value on the same "
             f"seeds; {sample_note}.", "",
             "Pick value: at the forked recruit picks where the card was offered with another, "
             "the deciding seat's win share when taking it minus the mean over the other cards "
             "offered (percentage points, 95% paired interval).", ""]
    lines += values_table(res)
    lines += ["", "Played in this order: " + ", ".join(str(p.value) for p in res.points)
              + f". The search ended: {res.reason}.", "", "**" + verdict_line(res) + "**", "",
              crossing_line(res), ""]
    lines += columns_text(res.threshold) + [CROSSING_NOTE, ""]
    return "\n".join(lines)


def write_balance(res: BalanceResult, out: Path, name: str, games: int,
                  sample_note: str) -> dict:
    """patch.yaml, balance.md and balance.csv in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    edits = [res.edit] if res.edit is not None else []
    c = res.chosen
    note = (f"pick value {c.pick_value:+.1f} points (95% CI {c.low:+.1f} to {c.high:+.1f}), "
            f"{c.verdict}" if c is not None and not math.isnan(c.pick_value) else "")
    patch = write_patch(out / "patch.yaml", edits,
                        [f"glowsim balance: {name}, {res.card.id} {FIELDS[res.field][0]} on its "
                         f"pick value (band ±{res.threshold:g} points, {games:,} games per "
                         f"value)", verdict_line(res)],
                        {res.card: note} if edits else None)
    md = out / "balance.md"
    md.write_text(report_text(res, name, games, sample_note), encoding="utf-8")
    csv = out / "balance.csv"
    points_frame(res).to_csv(csv, index=False)
    return {"patch": patch, "report": md, "table": csv}
