"""`glowsim balance` at several player counts in one call: which runs of the scenario, one
search per player count (glowsim/rebalance/balance.py), and one printed value for all.

The runs balanced are those of one variant and sweep point at each player count the
scenario plays (a ``players`` sweep axis, or ``--players``); runs that differ only in the
card's own number (a sweep of the field balanced) are one run, the number set by the search.
Each player count is searched on its own, on the same seeded games for every value.  A card
prints one number at every player count: the *common value* is the value tried with verdict
``within`` at every player count, nearest the scenario's value.  When no value tried is, the
value chosen at each player count is also played at the others (the plays are kept and
resumed as any value's), and the first within at every count is taken.
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pandas as pd

from ..scenarios import Scenario, ScenarioError, expand
from ..scenarios.expand import ResolvedRun
from .edits import FIELDS, CardKey, Edit, field_value
from .patch import write_patch
from .balance import (CROSSING_NOTE, BalanceResult, Point, card_field_path, check_card,
                          check_sweeps, columns_text, crossing_line, crossing_of, points_frame,
                          values_table, verdict_line)


@dataclass
class Target:
    """The run balanced at one player count and the card's number in the scenario there."""
    players: int
    run: ResolvedRun
    original: int


def _axis(field: str) -> str:
    return re.sub(r"\[(\d+)\]", r".\1", str(field))


def parse_players(text: str | None) -> list[int] | None:
    """``--players``: None (the scenario's), 'all', or whole numbers 2..6 separated by commas
    (5 and 6: a Dawn scenario's, D4); a ValueError names what is allowed."""
    if text is None or text.strip() == "all":
        return None
    out = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or not 2 <= int(part) <= 6:
            raise ValueError(f"expected player counts 2..6 separated by commas, or all; got "
                             f"{text!r}")
        if int(part) not in out:
            out.append(int(part))
    return out


def balance_targets(sc: Scenario, card: str, fld: str | None, variant: str | None = None,
                    players: list[int] | None = None,
                    games: int | None = None) -> tuple[CardKey, str, list[Target]]:
    """(card key, field, one target per player count, ascending).  ``variant``: a run name or
    a variant name; ``players``: the player counts (None: every count of the runs chosen).
    A ScenarioError or UserError names what to choose when the runs are ambiguous."""
    runs = expand(sc, games=games)
    if variant is not None:
        chosen = [r for r in runs if r.name == variant] or [r for r in runs if r.variant == variant]
        if not chosen:
            raise ScenarioError([f"{sc.source}: no run or variant named {variant!r}; the scenario "
                                 f"has: " + ", ".join(repr(r.name) for r in runs[:12])
                                 + (", ..." if len(runs) > 12 else "")])
        runs = chosen
    key, fld, _ = check_card(runs[0], card, fld)
    check_sweeps(sc, key, fld)      # before anything is printed or played
    target = _axis(card_field_path(key, fld))
    counts = sorted({r.players for r in runs})
    if players is not None:
        missing = [n for n in players if n not in counts]
        if missing:
            raise ScenarioError([f"{sc.source}: --players {','.join(map(str, players))}: the "
                                 f"runs chosen play {', '.join(map(str, counts))} players; "
                                 f"allowed: those, or all"])
        runs = [r for r in runs if r.players in players]
    if any(r.players < 2 for r in runs):
        raise ScenarioError([f"{sc.source}: players: pick values compare the cards offered at a "
                             f"pick of a game of 2 or more players; solo (players: 1) is not balanced here"])
    # one run per player count: runs that differ in the balanced number alone are one
    groups: dict = {}
    for r in runs:
        point = tuple((_axis(f), repr(v)) for f, v in r.sweep if _axis(f) not in (target, "players"))
        groups.setdefault((r.variant, point), {}).setdefault(r.players, r)
    if len(groups) > 1:
        names = [r.name for g in groups.values() for r in g.values()]
        raise ScenarioError([f"{sc.source}: the scenario expands into {len(names)} runs ("
                             + ", ".join(repr(n) for n in names[:6])
                             + (", ..." if len(names) > 6 else "")
                             + "); balance works on one run at each player count: choose it with "
                               "--variant NAME (a run or variant name) and --players"])
    by_count = next(iter(groups.values()))
    targets = [Target(n, r, scenario_value(sc, r, key, fld, target))
               for n, r in sorted(by_count.items())]
    return key, fld, targets


def scenario_value(sc: Scenario, run: ResolvedRun, key: CardKey, fld: str, target: str) -> int:
    """The card's number in the scenario's content for ``run``: its content's, or, when the
    scenario sweeps that number, the value the content gives without that sweep axis."""
    if not any(_axis(f) == target for f, _ in run.sweep):
        return field_value(run.game().content, key, fld)
    import yaml
    from ..scenarios import parse_scenario
    raw = copy.deepcopy(sc.raw)
    if raw.get("variants"):
        raw["variants"] = [v for v in raw["variants"]
                           if isinstance(v, dict) and v.get("name") == run.variant]
    point = {_axis(f): v for f, v in run.sweep}
    axes = []
    for ax in raw.get("sweep") or []:
        f = _axis(ax.get("field"))
        if f != target:
            axes.append({**{k: v for k, v in ax.items() if k not in ("values", "range")},
                         "values": [point[f]]})
    raw["sweep"] = axes
    if not axes:
        raw.pop("sweep")
    psc = parse_scenario(yaml.safe_dump(raw, sort_keys=False), sc.source, sc.base_dir)
    return field_value(expand(psc, games=1)[0].game().content, key, fld)


def common_value(results: dict[int, BalanceResult],
                 evaluators: dict[int, Callable[[int], Point]]) -> tuple[int | None, str]:
    """The value within at every player count (module docstring), playing the values chosen at
    one count at the others when needed; the points played join each count's result (its
    crossing estimated again).  (value or None, why)."""
    counts = sorted(results)
    original = results[counts[0]].original

    def within(n: int, v: int) -> bool:
        return any(p.value == v and p.verdict == "within" for p in results[n].points)

    def tried(n: int, v: int) -> bool:
        return any(p.value == v for p in results[n].points)

    def best(values) -> int | None:
        ok = [v for v in values if all(within(n, v) for n in counts)]
        return min(ok, key=lambda v: (abs(v - original), v)) if ok else None

    everywhere = set.intersection(*({p.value for p in results[n].points} for n in counts))
    v = best(everywhere)
    if v is not None:
        return v, f"{v} is within ±{results[counts[0]].threshold:g} at every player count"
    chosen = sorted({results[n].chosen.value for n in counts if results[n].chosen is not None
                     and results[n].chosen.verdict == "within"},
                    key=lambda v: (abs(v - original), v))
    for v in chosen:
        for n in counts:
            if not tried(n, v):
                results[n].points.append(evaluators[n](v))
                results[n].crossing = crossing_of(results[n].points)
        if all(within(n, v) for n in counts):
            return v, (f"{v} is within ±{results[counts[0]].threshold:g} at every player count "
                       f"(played at every count after the searches)")
    return None, ("no value tried is within the band at every player count: the values "
                  "within differ between player counts, or a count has none")


def report_text(results: dict[int, BalanceResult], common: int | None, why: str, name: str,
                games: int, sample_note: str) -> str:
    """balance.md of several player counts: one table and verdict per count, the common
    value, the columns explained."""
    counts = sorted(results)
    r0 = results[counts[0]]
    label = FIELDS[r0.field][0]
    lines = [f"# Balance of {r0.card.id} on its pick value: {name}", "",
             f"Field: {label} (`{r0.field}`), {r0.original} in the scenario's content; band "
             f"±{r0.threshold:g} points of win share; {games:,} games per value and player "
             f"count, on the same seeds; {sample_note}; player counts "
             f"{', '.join(map(str, counts))}, each searched on its own.", ""]
    lines += ["**" + common_line(results, common, why) + "**", ""]
    for n in counts:
        res = results[n]
        lines += [f"## {n} players", ""] + values_table(res)
        lines += ["", "Played in this order: " + ", ".join(str(p.value) for p in res.points)
                  + f". The search ended: {res.reason}.", "", verdict_line(res), "",
                  crossing_line(res), ""]
    lines += ["## How to read it", ""] + columns_text(r0.threshold) + [CROSSING_NOTE, ""]
    return "\n".join(lines)


def common_line(results: dict[int, BalanceResult], common: int | None, why: str) -> str:
    counts = sorted(results)
    r0 = results[counts[0]]
    label = FIELDS[r0.field][0]
    if common is None:
        return f"{r0.card.id}: no one value for every player count ({why})."
    what = "keep" if common == r0.original else f"change {label} {r0.original} -> {common}"
    each = "; ".join(
        f"{n} players {p.pick_value:+.1f} (95% CI {p.low:+.1f} to {p.high:+.1f})"
        for n in counts for p in results[n].points if p.value == common)
    return f"{r0.card.id}, every player count: {what}: pick value {each}."


def write_counts(results: dict[int, BalanceResult], common: int | None, why: str, out: Path,
                 name: str, games: int, sample_note: str) -> dict:
    """patch.yaml (the common value, or no edit), balance.md and balance.csv (an
    ``n_players`` column first) in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    counts = sorted(results)
    r0 = results[counts[0]]
    edits = ([Edit(r0.card, r0.field, r0.original, common)]
             if common is not None and common != r0.original else [])
    patch = write_patch(out / "patch.yaml", edits,
                        [f"glowsim balance: {name}, {r0.card.id} {FIELDS[r0.field][0]} on its "
                         f"pick value at {', '.join(map(str, counts))} players (band "
                         f"±{r0.threshold:g} points, {games:,} games per value)",
                         common_line(results, common, why)])
    md = out / "balance.md"
    md.write_text(report_text(results, common, why, name, games, sample_note), encoding="utf-8")
    csv = out / "balance.csv"
    frames = []
    for n in counts:
        f = points_frame(results[n])
        f.insert(0, "n_players", n)
        f["common"] = [common is not None and v == common for v in f["value"]]
        frames.append(f)
    pd.concat(frames, ignore_index=True).to_csv(csv, index=False)
    return {"patch": patch, "report": md, "table": csv}

