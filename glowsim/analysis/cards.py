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

from .intervals import interval_columns, mean_ci, wilson
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

    offered = offers.groupby("companion", observed=True)["taken"].agg(["size", "sum"])
    games_seen = offers.groupby("companion", observed=True)[GAME].apply(
        lambda d: len(d.drop_duplicates())) if len(offers) else pd.Series(dtype=int)
    rec = recruits.assign(total=recruits["effect_bursts"] + recruits["printed_bursts"],
                          left=recruits["left_round"] >= 0, taken_at=recruits["pick"] + 1)
    rec_groups = dict(tuple(rec.groupby("companion", observed=True)))
    rpg_groups = dict(tuple(rec_pg.groupby("companion", observed=True)))
    opg_groups = dict(tuple(off_pg.groupby("companion", observed=True)))
    cards = sorted(set(offered.index) | set(rec_groups))
    out = []
    for c in cards:
        row = dict(zip(by, key))
        n_off, n_taken = (int(offered.loc[c, "size"]), int(offered.loc[c, "sum"])) \
            if c in offered.index else (0, 0)
        row.update(companion=c, name=names.get(c, ""), games=int(games_seen.get(c, 0)),
                   offered=n_off, taken=n_taken)
        row.update(interval_columns("pick_rate", wilson(n_taken, n_off)))
        r = rec_groups.get(c, rec.iloc[:0])
        row.update(interval_columns("taken_at", mean_ci(r["taken_at"])))
        rp = rpg_groups.get(c, rec_pg.iloc[:0])
        row["games_recruited"] = len(rp)
        row.update(interval_columns("win_rate_recruited", wilson(rp["win_share"].sum(), len(rp))))
        op = opg_groups.get(c, off_pg.iloc[:0])
        row["games_passed"] = len(op)
        row.update(interval_columns("win_rate_passed", wilson(op["win_share"].sum(), len(op))))
        row.update(interval_columns("improvement",
                                    mean_ci(rp["win_share"] - rp["others_win_share"])))
        row.update(interval_columns("bursts", mean_ci(r["total"])))
        row["effect_bursts"] = float(r["effect_bursts"].mean()) if len(r) else np.nan
        row["printed_bursts"] = float(r["printed_bursts"].mean()) if len(r) else np.nan
        row.update(interval_columns("left_early", wilson(int(r["left"].sum()), len(r))))
        row["field_win_rate"] = field
        row["flag"] = flag(row["win_rate_recruited_low"], row["win_rate_recruited_high"], field)
        out.append(row)
    return out


def flag(low: float, high: float, field: float) -> str:
    """'above' / 'below' when the interval [low, high] lies wholly on one side of field."""
    if np.isnan(low) or np.isnan(high) or np.isnan(field):
        return ""
    if low > field:
        return "above"
    if high < field:
        return "below"
    return ""
