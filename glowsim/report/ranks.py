"""Rank uncertainty in the companion and adventurer sections (glowsim/analysis/ranks.py)."""
from __future__ import annotations

import pandas as pd

from ..analysis.cards import SLICE
from ..analysis.ranks import BLOCKS, COLUMNS, rank_uncertainty
from . import figures as F


def with_ranks(t: pd.DataFrame, run, kind: str, by=SLICE) -> pd.DataFrame:
    """The table `t` (one row per slice of `by` and card) with the rank columns joined (empty
    for cards not ranked)."""
    r = rank_uncertainty(run, kind, list(by))
    return t if r.empty else t.merge(r, on=list(by) + [kind], how="left")


def rank_findings(run, kind: str, label: dict, by=SLICE) -> list[str]:
    """One finding per slice naming the likeliest strongest and weakest card (`label`: card
    id -> its name in the text)."""
    by = list(by)
    r = rank_uncertainty(run, kind, by)
    if r.empty:
        return []
    blocks = run.scope.n_blocks(BLOCKS)
    found = []
    for key, d in r.groupby(by, sort=True):
        key = key if isinstance(key, tuple) else (key,)
        top = d.loc[d["p_strongest"].idxmax()]
        low = d.loc[d["p_weakest"].idxmax()]
        found.append(
            f"Rank uncertainty, {F.slice_label(key[0], key[1])}{_assignment(key, by)} "
            f"({int(top['replicates'])} bootstrap draws of {blocks} game blocks, {len(d)} "
            f"{kind}s ranked): strongest "
            f"{label.get(top[kind], top[kind])} in {top['p_strongest']:.0%} of draws (rank "
            f"{_span(top)}), weakest {label.get(low[kind], low[kind])} in "
            f"{low['p_weakest']:.0%} (rank {_span(low)}).")
    return found


def _assignment(key, by) -> str:
    how = dict(zip(by, key)).get("assignment")
    return f", {how}" if how and how != "dealt" else ""


def _span(row) -> str:
    lo, hi = int(row["rank_low"]), int(row["rank_high"])
    return f"{lo}" if lo == hi else f"{lo}-{hi}, 95%"


__all__ = ["COLUMNS", "rank_findings", "with_ranks"]
