"""Companion strength: draft-style rates per companion, each with a 95% interval.

One row per (slice, companion), a slice being one (n_players, side) pair
(win rates are only comparable between games with the same number of players).
Columns (``_low``/``_high`` hold the 95% interval of the column before):

* ``offered`` picks at which the card lay on the meeting track, ``taken``
  picks at which it was taken; ``pick_rate`` = taken / offered (Wilson).
* ``taken_at`` average position in the round's turn order at which it was
  taken, 1 = first pick of the round (t interval).
* ``games_recruited`` player-games that recruited it; ``win_rate_recruited``
  their mean ``win_share`` (Wilson on the summed shares).
* ``games_passed`` player-games where it was offered to the player, who never
  recruited it in that game; ``win_rate_passed`` likewise.
* ``improvement`` improvement when recruited: per player-game that recruited
  the card, the recruiter's win share minus the mean win share of the other
  players of the same game, averaged (t interval of these paired,
  within-game differences).  0 = as good as the average opponent.
* ``bursts`` mean bursts the card produced per recruit: bursts from its
  triggered effects plus its printed bursts if still in play at the end
  (``effect_bursts`` and ``printed_bursts`` separately too).
* ``left_early`` share of recruits that left play before the end (Wilson).
* ``flag`` ``above`` / ``below`` when the win-rate-when-recruited interval lies
  wholly above / below ``field_win_rate`` (the slice's mean win share, 1/n).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .db import combine_moments
from .intervals import moments_interval, wilson_table
from .load import Run

SLICE = ["n_players", "side"]
GAME = ["variant", "game_index"]
BLOCKS = 200      # game-index blocks of the rank bootstrap (glowsim/analysis/ranks.py)


def companion_strength(run: Run, by=SLICE, names: dict | None = None,
                       labels: dict | None = None) -> pd.DataFrame:
    """Card-strength table for companions (one row per slice and companion).

    Aggregated in SQL a block of games at a time (glowsim/analysis/db.py): the distinct
    (player-game, companion) pairs recruited or passed, and the other players' win shares,
    never span two blocks.  ``by``: columns of ``games`` (or keys of ``labels``, {key:
    {variant: value}})."""
    by = list(by)
    a = companion_aggregates(run, by, labels)
    rows = []
    for key, t in _slice_tables(a, by):
        rows.extend(_slice_rows(key, by, t, names or {}))
    out = pd.DataFrame(rows, columns=by + COLUMNS)
    return out.sort_values(by + ["win_rate_recruited"], ascending=[True] * len(by) + [False],
                           ignore_index=True)


COLUMNS = ["companion", "name", "games", "offered", "taken",
           "pick_rate", "pick_rate_low", "pick_rate_high",
           "taken_at", "taken_at_low", "taken_at_high",
           "games_recruited", "win_rate_recruited", "win_rate_recruited_low",
           "win_rate_recruited_high",
           "games_passed", "win_rate_passed", "win_rate_passed_low", "win_rate_passed_high",
           "improvement", "improvement_low", "improvement_high",
           "bursts", "bursts_low", "bursts_high", "effect_bursts", "printed_bursts",
           "left_early", "left_early_low", "left_early_high",
           "field_win_rate", "flag"]


def _groups(df: pd.DataFrame, by: list[str]):
    if not by:
        yield (), df
        return
    for key, g in df.groupby(by, sort=True, observed=True):
        yield (key if isinstance(key, tuple) else (key,)), g


def win_share_lookup(players: pd.DataFrame) -> pd.DataFrame:
    """Per player-game: win share and the mean win share of the other players of that game."""
    p = players[GAME + ["seat", "win_share"]].copy()
    grp = p.groupby(GAME, sort=False)["win_share"]
    total, count = grp.transform("sum"), grp.transform("count")
    p["others_win_share"] = np.where(count > 1, (total - p["win_share"]) / (count - 1).clip(lower=1),
                                     np.nan)
    return p


def companion_aggregates(run: Run, by: list[str], labels: dict | None = None) -> pd.DataFrame:
    """Per slice of ``by`` and companion, the sums behind :func:`companion_strength` (one row
    per kind of rows: ``kind`` offers, recruited, passed, recruits, field; ``bursts``: per
    slice, the recruits with both burst counts and their summed bursts): one pass over the
    run's recruits (glowsim/analysis/offers.py)."""
    memo = ("companion_aggregates", tuple(by), repr(labels))
    if memo in run.memo:
        return run.memo[memo]
    from .offers import offer_sums      # loads the compiler only when a card table is asked
    run.memo[memo] = offer_sums(run, by, labels, blocks=BLOCKS)
    return run.memo[memo]


def recruit_bursts(run: Run, key: tuple, by=SLICE) -> float:
    """Mean bursts (effect + printed) of every recruit in the slice ``key`` of ``by`` (from
    the sums of :func:`companion_aggregates`: no further scan of the run)."""
    by = list(by)
    a = companion_aggregates(run, by)
    d = a[a["kind"] == "bursts"]
    for k, v in zip(by, key):
        d = d[d[k] == v]
    n, total = float(d["n"].sum()), float(d["x"].sum())
    return total / n if n else float("nan")


def _slice_tables(a: pd.DataFrame, by: list[str]):
    """Per slice: (key, {kind: rows of that kind summed over the blocks, by companion})."""
    if a.empty:
        return
    for key, s in _groups(a, by):
        t = {}
        for kind, d in s.groupby("kind", sort=False):
            if kind in ("block", "bursts"):
                continue
            if kind == "field":
                t[kind] = d[["n", "x"]].sum()
                continue
            if kind in ("recruited_moments", "recruits"):
                spec = {"a": ("a_n", "a_mean", "a_m2")}
                if kind == "recruits":
                    spec["b"] = ("b_n", "b_mean", "b_m2")
                m = combine_moments(d, ["companion"], spec).set_index("companion")
                if kind == "recruited_moments":
                    t[kind] = m
                    continue
            sums = d.groupby("companion", sort=True)[["n", "x", "y", "z"]].sum(min_count=1)
            if kind == "recruits":
                sums = sums.join(m)
            t[kind] = sums
        yield key, t


def _slice_rows(key, by, t: dict, names: dict) -> list[dict]:
    """The table rows of one slice from its sums (see :func:`companion_aggregates`)."""
    empty = pd.DataFrame(columns=["n", "x", "y", "z"], dtype=float)
    offers, recruits = t.get("offers", empty), t.get("recruits", empty)
    cards = sorted(set(offers.index[offers["n"] > 0]) | set(recruits.index[recruits["n"] > 0]))
    if not cards:
        return []
    out = pd.DataFrame(index=pd.Index(cards, name="companion"))
    out["offered"] = offers["n"].reindex(cards).fillna(0).astype(int)
    out["taken"] = offers["x"].reindex(cards).fillna(0).astype(int)
    out["games"] = offers["y"].reindex(cards).fillna(0).astype(int)
    _put(out, "pick_rate", wilson_table(out["taken"], out["offered"]))
    _put(out, "taken_at", _moments(recruits, "a", cards))
    for how in ("recruited", "passed"):
        d = t.get(how, empty).reindex(cards)
        n = d["n"].fillna(0)
        out[f"games_{how}"] = n.astype(int)
        _put(out, f"win_rate_{how}", wilson_table(d["x"].fillna(0), n))
    _put(out, "improvement", _moments(t.get("recruited_moments", empty), "a", cards))
    _put(out, "bursts", _moments(recruits, "b", cards))
    r = recruits.reindex(cards)
    with np.errstate(invalid="ignore", divide="ignore"):
        out["effect_bursts"] = r["y"] / r["n"]
        out["printed_bursts"] = r["z"] / r["n"]
    _put(out, "left_early", wilson_table(r["x"].fillna(0), r["n"].fillna(0)))
    f = t.get("field")
    field = float(f["x"] / f["n"]) if f is not None and f["n"] else np.nan
    out["field_win_rate"] = field
    out["flag"] = [flag(lo, hi, field) for lo, hi in
                   zip(out["win_rate_recruited_low"], out["win_rate_recruited_high"])]
    out["name"] = [names.get(c, "") for c in out.index]
    for k, v in zip(by, key):
        out[k] = v
    return out.reset_index().to_dict("records")


def _moments(d: pd.DataFrame, name: str, cards) -> pd.DataFrame:
    if f"{name}_n" not in d.columns:
        return pd.DataFrame({"estimate": np.nan, "low": np.nan, "high": np.nan, "n": 0},
                            index=pd.Index(cards))
    d = d.reindex(cards)
    return moments_interval(d[f"{name}_mean"], d[f"{name}_sd"], d[f"{name}_n"].fillna(0))


def _put(t: pd.DataFrame, prefix: str, iv: pd.DataFrame):
    iv = iv.reindex(t.index)
    t[prefix], t[f"{prefix}_low"], t[f"{prefix}_high"] = iv["estimate"], iv["low"], iv["high"]


def flag(low: float, high: float, field: float) -> str:
    """'above' / 'below' when the interval [low, high] lies wholly on one side of field."""
    if np.isnan(low) or np.isnan(high) or np.isnan(field):
        return ""
    if low > field:
        return "above"
    if high < field:
        return "below"
    return ""
