"""Variants of one run: what each changes, and paired (same game_index) comparisons.

Variants of a scenario are played on the same seeds (common random numbers):
game ``game_index`` of every variant starts from the same deal and dice
streams, so the difference of a player's result between two variants is best
estimated game by game (:func:`paired_gain`), which removes most of the luck of
the deal from the comparison.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from ..errors import UserError
from .intervals import interval_columns, paired_diff
from .load import Run, Variant
from .settings import settings_frame


def variant_settings(run: Run) -> pd.DataFrame:
    """One row per variant, one column per setting (dotted path) found in its manifest entry."""
    return settings_frame(run.variants)


def varying_fields(run: Run) -> list[str]:
    """Settings that differ between the variants (missing counts as a value)."""
    s = variant_settings(run)
    if len(s) < 2:
        return []
    out = []
    for c in s.columns:
        vals = s[c].map(lambda x: repr(x) if not (isinstance(x, float) and np.isnan(x)) else "nan")
        if vals.nunique() > 1:
            out.append(c)
    return out


def paired_gain(players: pd.DataFrame, metrics, baseline: str, variants, seats=None) -> pd.DataFrame:
    """Per variant: mean of (metric in variant - metric in baseline) over shared game_index.

    ``seats`` restricts to those seats (their values are averaged per game
    first); ``None`` uses every seat.  One row per (variant, metric) with the
    paired t interval (``gain``, ``gain_low``, ``gain_high``), the number of
    paired games ``pairs``, and the two variant means.
    """
    p = players if seats is None else players[players["seat"].isin(list(seats))]
    rows = []
    for metric in metrics:
        per_game = p.groupby(["variant", "game_index"])[metric].mean().unstack("variant")
        if baseline not in per_game.columns:
            continue
        for v in variants:
            if v not in per_game.columns:
                continue
            both = per_game[[v, baseline]].dropna()
            iv = paired_diff(both[v].to_numpy(), both[baseline].to_numpy())
            row = dict(variant=v, metric=metric, pairs=len(both),
                       mean=float(both[v].mean()) if len(both) else np.nan,
                       baseline_mean=float(both[baseline].mean()) if len(both) else np.nan)
            row.update(interval_columns("gain", iv))
            rows.append(row)
    return pd.DataFrame(rows, columns=["variant", "metric", "pairs", "mean", "baseline_mean",
                                       "gain", "gain_low", "gain_high"])


def reference_groups(run: Run) -> list[tuple[str, list[str]]]:
    """The variants the card, adventurer, board-side and balance sections read, as blocks
    ``(label, variant names)`` each reported on its own.

    The variants that play the published game form one block (label ``""``); when some play
    it with Dawn (D1), one block per game they play, labelled by it ("base game", "Dawn,
    elemental", ...: :attr:`Variant.game_name`).  When no variant
    does (every one patched, swept or given extra resources), the variants are grouped by
    content (content hash): a group of variants that differ only in player count, side or
    seats is one block, pooled per player count and side as the sections always do; each
    other content is a block of its own.  Variants with extra reroll tokens are left to the
    reroll section unless nothing else is in the run."""
    from .load import _is_treatment
    present = {str(v) for v in run.present_variants}       # SQL: no table is loaded
    variants = [v for v in run.variants if v.name in present]
    variants += [Variant(n) for n in run.variant_names if n in present
                 and n not in {v.name for v in variants}]
    published = [v for v in variants if v.is_published_game and not _is_treatment(v)]
    games = {}   # the published game with Dawn (D1) is another game per set choice
    for v in published:
        games.setdefault(v.game_name, []).append(v.name)
    if len(games) == 1:
        return [("", next(iter(games.values())))]
    if games:
        return list(games.items())
    plain = [v for v in variants if not _is_treatment(v)] or variants
    groups: dict[str, list] = {}
    for v in plain:
        groups.setdefault(str(v.spec.get("content_hash") or v.name), []).append(v)
    out = []
    for vs in groups.values():
        names = [v.name for v in vs]
        base = {str(v.spec.get("variant") or v.name) for v in vs}
        label = names[0] if len(names) == 1 else (base.pop() if len(base) == 1
                                                   else ", ".join(names))
        out.append((label, names))
    return out


class VariantError(UserError):
    """A variant name the run does not hold."""


def check_variant(run: Run, name: str) -> str:
    """``name`` when the run holds it, else :class:`VariantError` naming the allowed names."""
    names = [str(n) for n in run.variant_names]
    if name not in names:
        raise VariantError(f"{run.path}: no variant {name!r} in this run; its variants: "
                           + ", ".join(repr(n) for n in names))
    return name
