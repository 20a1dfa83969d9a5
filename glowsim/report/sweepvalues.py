"""The other measures of a sweep, per swept value: long-form tables, one per measure.

A run whose variants sweep a card number (and none plays the published game) is not
reported one variant at a time: each measure (companions, adventurers, balance, the board
sides) is one table with a row per variant and a column per swept field (``n_players``,
``side`` and the swept fields' values, :func:`glowsim.analysis.sweeps.with_axes`), computed
in one pass over the run, with a few lines on what moves with the swept number.  The swept
card's own answer is its sweep section (glowsim/report/sweepreport.py).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .. import analysis as A
from ..analysis.picks import THRESHOLD
from ..analysis.sweeps import subject_of, sweep_axes, swept_fields
from ..content.describe import card_name
from . import figures as F
from . import tables as T
from .sections import Section, TableOut

LONG = ("one row per variant (a column per swept field holds its setting: the tables are "
        "filtered or pivoted on them) and ")


def _swept_subjects(run: A.Run) -> set[str]:
    return {subject_of(f)[1] for f, _ in swept_fields(run)}


def _moves(t: pd.DataFrame, key: str, est: str, bounds: tuple[str, str], run: A.Run,
           labels: dict, unit: str, scale: float = 1.0) -> str | None:
    """The card (other than a swept one) whose ``est`` changes most between the lowest and
    the highest value of a swept field within a player count and side, with a 95% interval of
    the change (the two intervals' standard errors combined as independent: the values are
    played on the same seeds, so this is conservative): one line, or None."""
    from ..analysis.intervals import Z95
    best, n_clear, n_all = None, 0, 0
    for fld, col in swept_fields(run):
        if col not in t.columns:
            continue
        d = t.dropna(subset=[col, est])
        d = d[~d[key].isin(_swept_subjects(run))]
        for (n, side), g in d.groupby(["n_players", "side"], sort=True):
            vals = sorted(g[col].unique(), key=float)
            if len(vals) < 2:
                continue
            lo = g[g[col] == vals[0]].set_index(key)
            hi = g[g[col] == vals[-1]].set_index(key)
            both = lo.index.intersection(hi.index)
            if both.empty:
                continue
            diff = hi.loc[both, est] - lo.loc[both, est]
            se = np.sqrt(((hi.loc[both, bounds[1]] - hi.loc[both, bounds[0]]) / (2 * Z95)) ** 2
                         + ((lo.loc[both, bounds[1]] - lo.loc[both, bounds[0]]) / (2 * Z95)) ** 2)
            clear = (diff.abs() > Z95 * se) & se.notna()
            n_clear, n_all = n_clear + int(clear.sum()), n_all + int(se.notna().sum())
            for card in both:
                cand = (bool(clear[card]), abs(diff[card]), card, diff[card], se[card], n, side,
                        col, vals[0], vals[-1])
                if best is None or cand[:2] > best[:2]:
                    best = cand
    if best is None:
        return None
    sure, _, card, change, se, n, side, col, v0, v1 = best
    ci = f"95% CI {(change - Z95 * se) * scale:+.1f} to {(change + Z95 * se) * scale:+.1f}"
    return ((f"{labels.get(card, card)} moves most with {col}" if sure else
             f"none moves clearly with {col}; the largest change is {labels.get(card, card)}'s")
            + f" ({F.slice_label(n, side)}): {change * scale:+.1f} {unit} from {col} {v0:g} to "
              f"{v1:g} ({ci}); {n_clear} of {n_all} such changes have an interval clear of 0, "
              f"about {n_all / 20:.0f} would by chance alone")


def companions(run: A.Run, names: dict, threshold: float = THRESHOLD,
               values: pd.DataFrame | None = None) -> Section:
    """Every companion per swept value: pick values (``values``: the run's by variant, when
    made) and the observational rates, one table each."""
    s = Section("cards", "Companion strength per swept value")
    label = {c: card_name("companion", c, n) for c, n in names.items()}
    lines = []
    if getattr(run, "has_picks", False):
        pv = T.pick_values_by_value(run, names, threshold, values)
        s.tables.append(TableOut("pick_values", "Pick value per companion and swept value", pv,
                                 "Pick value of every companion, " + LONG + "companion: forked "
                                 "picks where it was offered with another card, pick rate, pick "
                                 "value in points of win share and in bursts with 95% paired "
                                 "intervals, verdict against ±" + f"{threshold:g} points."))
        counts = pv.groupby("verdict").size()
        lines.append(f"Pick values of {pv['companion'].nunique()} companions over "
                     f"{pv['variant'].nunique()} variants ({len(pv):,} rows, "
                     f"tables/pick_values.csv): "
                     + ", ".join(f"{int(counts.get(k, 0))} {k}" for k in
                                 ("above", "within", "below", "unclear")) + ".")
        moved = _moves(pv, "companion", "value", ("value_lo", "value_hi"), run, label,
                       "points of pick value")
        if moved:
            lines.append("Of the companions not swept, " + moved + ".")
    cards = T.companion_strength_by_value(run, names)
    s.tables.append(TableOut("cards", "Companion strength per swept value", cards,
                             "Observational rates of every companion, " + LONG + "companion: "
                             "pick rate, win rate when recruited or passed, improvement, "
                             "bursts produced, with 95% intervals (these mix the card with when "
                             "and why the bots take it)."))
    if not lines:
        moved = _moves(cards, "companion", "win_rate_recruited",
                       ("win_rate_recruited_low", "win_rate_recruited_high"), run, label,
                       "points of win rate when recruited (observational)", 100)
        lines.append(f"Win rates when recruited of {cards['companion'].nunique()} companions "
                     f"over {cards['variant'].nunique()} variants in tables/cards.csv"
                     + (f"; of the companions not swept, {moved}" if moved else "") + ".")
    s.intro.append("The swept card's answer is its sweep section above; here every companion "
                   "at every swept value, in tables with one row per variant and companion and "
                   "a column per swept field.")
    s.findings = lines
    s.headlines = lines[:1]
    return s


def adventurers(run: A.Run, adv_names: dict) -> Section:
    s = Section("adventurers", "Adventurer strength per swept value")
    t = T.adventurer_strength_by_value(run, adv_names)
    s.tables.append(TableOut("adventurers", "Adventurer strength per swept value", t,
                             "Win rate, improvement and mean score of every adventurer, "
                             + LONG + "adventurer, with 95% intervals."))
    spread = t.groupby("variant")["win_rate"].agg(lambda x: x.max() - x.min())
    if len(spread):
        s.findings.append(f"Adventurer win-rate spread (highest minus lowest) over the "
                          f"{len(spread)} variants: {spread.min() * 100:.1f} to "
                          f"{spread.max() * 100:.1f} points (tables/adventurers.csv).")
    label = {a: card_name("adventurer", a, n) for a, n in adv_names.items()}
    moved = _moves(t, "adventurer", "win_rate", ("win_rate_low", "win_rate_high"), run, label,
                   "points of win rate", 100)
    if moved:
        s.findings.append("Of the adventurers, " + moved + ".")
    s.headlines = s.findings[:1]
    return s


def balance(run: A.Run) -> Section:
    s = Section("balance", "Game balance per swept value")
    b = T.balance_by_value(run)
    s.tables.append(TableOut("balance", "Balance figures per swept value", b,
                             "Seat gap, first-player advantage, tie rate, score spread and "
                             "margin, " + LONG + "their 95% intervals."))
    fpa = b["first_player_advantage"] * 100
    if len(b):
        s.findings.append(f"Over the {len(b)} variants the first-player advantage runs from "
                          f"{fpa.min():+.1f} to {fpa.max():+.1f} points, the seat gap from "
                          f"{b['seat_gap'].min() * 100:.1f} to {b['seat_gap'].max() * 100:.1f} "
                          f"points (tables/balance.csv).")
    s.headlines = s.findings[:1]
    return s


def sides(run: A.Run) -> Section:
    s = Section("sides", "Board sides per swept value")
    axes = sweep_axes(run)
    t = T.sides_by_value(run)
    s.tables.append(TableOut("sides", "Board-side figures per swept value", t,
                             "Mean score, margin, journey share and spreads, " + LONG
                             + "their 95% intervals."))
    if set(t["side"]) >= {"province", "archipelago"}:
        diffs = T.side_differences(run)
        if not diffs.empty:
            s.tables.append(TableOut("side_differences", "The two sides compared per swept "
                                     "value, paired on the same seeds",
                                     T.side_differences_by_value(run, diffs)))
            v = T.side_verdicts(run, diffs)
            cols = [c for _, c in swept_fields(run) if c in axes.columns and c != "side"]
            at = axes.set_index("variant")
            lines = [f"{int(r['n_players'])} players, "
                     + ", ".join(f"{c} {at.at[r['province_variant'], c]}" for c in cols)
                     + f": {r['verdict']}." for _, r in v.iterrows()]
            first = v["verdict"].str.split(":").str[0].str.split(" \\(").str[0]
            tally = first.value_counts()
            s.findings += lines
            s.headlines = [f"Which side is more balanced, over {len(v)} paired settings of the "
                           f"swept fields: " + "; ".join(f"{k} at {int(x)}" for k, x in
                                                         tally.items())
                           + " (tables/side_differences.csv; each setting in the section)."]
    else:
        s.findings.append(f"Only the {', '.join(sorted(set(t['side'])))} side is in this run: "
                          f"mean score {t['score'].min():.1f} to {t['score'].max():.1f} bursts "
                          f"over the {len(t)} variants (tables/sides.csv).")
    s.headlines = s.headlines or s.findings[:1]
    return s


def per_value_sections(run: A.Run, names: dict, adv_names: dict,
                       values: pd.DataFrame | None = None) -> list[Section]:
    """The companion, adventurer, balance and board-side sections of a sweep run, long form
    (``values``: the run's pick values by variant, when made)."""
    return [companions(run, names, values=values), adventurers(run, adv_names), balance(run),
            sides(run)]


__all__ = ["adventurers", "balance", "companions", "per_value_sections", "sides"]
