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

from .intervals import mean_table, wilson_table
from .load import Run

SLICE = ["n_players", "side"]
GAME = ["variant", "game_index"]


def companion_strength(run: Run, by=SLICE, names: dict | None = None) -> pd.DataFrame:
    """Card-strength table for companions (one row per slice and companion)."""
    by = list(by)
    players = run.with_game_keys("players", by)
    recruits = run.with_game_keys("recruits", by)
    offers = run.with_game_keys("offers", by)
    rows = []
    for key, p in _groups(players, by):
        sel = _select(key, by)
        r = sel(recruits)
        o = sel(offers)
        rows.extend(_slice_rows(key, by, p, r, o, names or {}))
    cols = by + COLUMNS
    out = pd.DataFrame(rows, columns=cols)
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


def _select(key: tuple, by: list[str]):
    def sel(df):
        m = np.ones(len(df), dtype=bool)
        for k, v in zip(by, key):
            m &= (df[k] == v).to_numpy()
        return df[m]
    return sel


def win_share_lookup(players: pd.DataFrame) -> pd.DataFrame:
    """Per player-game: win share and the mean win share of the other players of that game."""
    p = players[GAME + ["seat", "win_share"]].copy()
    grp = p.groupby(GAME, sort=False)["win_share"]
    total, count = grp.transform("sum"), grp.transform("count")
    p["others_win_share"] = np.where(count > 1, (total - p["win_share"]) / (count - 1).clip(lower=1),
                                     np.nan)
    return p


def _slice_rows(key, by, players, recruits, offers, names):
    ws = win_share_lookup(players)
    field = float(players["win_share"].mean()) if len(players) else np.nan
    # player-games that recruited each card (a card recruited twice by one player counts once)
    rec_pg = recruits[GAME + ["seat", "companion"]].drop_duplicates()
    rec_pg = rec_pg.merge(ws, on=GAME + ["seat"], how="left")
    # player-games where the card was offered to the player and never recruited by them
    off_pg = offers.loc[~offers["taken"], GAME + ["seat", "companion"]].drop_duplicates()
    off_pg = off_pg.merge(rec_pg[GAME + ["seat", "companion"]], how="left", indicator=True,
                          on=GAME + ["seat", "companion"])
    off_pg = off_pg[off_pg["_merge"] == "left_only"].drop(columns="_merge")
    off_pg = off_pg.merge(ws, on=GAME + ["seat"], how="left")

    cards = sorted(set(offers["companion"]) | set(recruits["companion"]))
    t = pd.DataFrame(index=pd.Index(cards, name="companion"))
    off = offers.groupby("companion", observed=True)["taken"].agg(["size", "sum"])
    t["offered"] = off["size"].reindex(cards).fillna(0).astype(int)
    t["taken"] = off["sum"].reindex(cards).fillna(0).astype(int)
    t["games"] = offers[GAME + ["companion"]].drop_duplicates().groupby(
        "companion", observed=True).size().reindex(cards).fillna(0).astype(int)
    _put(t, "pick_rate", wilson_table(t["taken"], t["offered"]))
    rc = recruits["companion"]
    _put(t, "taken_at", mean_table(recruits["pick"] + 1, rc))
    n_rec = rec_pg.groupby("companion", observed=True).size().reindex(cards).fillna(0)
    t["games_recruited"] = n_rec.astype(int)
    _put(t, "win_rate_recruited", wilson_table(
        rec_pg.groupby("companion", observed=True)["win_share"].sum().reindex(cards).fillna(0),
        n_rec))
    n_off = off_pg.groupby("companion", observed=True).size().reindex(cards).fillna(0)
    t["games_passed"] = n_off.astype(int)
    _put(t, "win_rate_passed", wilson_table(
        off_pg.groupby("companion", observed=True)["win_share"].sum().reindex(cards).fillna(0),
        n_off))
    _put(t, "improvement", mean_table(rec_pg["win_share"] - rec_pg["others_win_share"],
                                      rec_pg["companion"]))
    _put(t, "bursts", mean_table(recruits["effect_bursts"] + recruits["printed_bursts"], rc))
    t["effect_bursts"] = recruits.groupby(rc, observed=True)["effect_bursts"].mean().reindex(cards)
    t["printed_bursts"] = recruits.groupby(rc, observed=True)["printed_bursts"].mean() \
        .reindex(cards)
    n_r = recruits.groupby(rc, observed=True).size().reindex(cards).fillna(0)
    left = (recruits["left_round"] >= 0).groupby(rc, observed=True).sum().reindex(cards).fillna(0)
    _put(t, "left_early", wilson_table(left, n_r))
    t["field_win_rate"] = field
    t["flag"] = [flag(lo, hi, field) for lo, hi in
                 zip(t["win_rate_recruited_low"], t["win_rate_recruited_high"])]
    t["name"] = [names.get(c, "") for c in cards]
    for k, v in zip(by, key):
        t[k] = v
    return t.reset_index().to_dict("records")


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
