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

from typing import NamedTuple

import numpy as np
import pandas as pd

from .intervals import mean_table, wilson_table
from .keys import (GameIndex, category_codes, count_distinct, first_occurrences, game_slices,
                   pair_keys, smallest_ints)
from .load import Run

SLICE = ["n_players", "side"]
GAME = ["variant", "game_index"]


def companion_strength(run: Run, by=SLICE, names: dict | None = None) -> pd.DataFrame:
    """Card-strength table for companions (one row per slice and companion)."""
    by = list(by)
    slice_of, keys = game_slices(run.games, by)
    slice_of = np.append(slice_of, -1)             # row -1 (no such game): in no slice
    codes = _TableCodes.of(run)
    rows = []
    for s, key in enumerate(keys):
        players = slice_of[codes.players.game] == s
        if players.any():
            rows.extend(_slice_rows(key, by, run, codes, players,
                                    slice_of[codes.recruits.game] == s,
                                    slice_of[codes.offers.game] == s, names or {}))
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


def win_share_lookup(players: pd.DataFrame) -> pd.DataFrame:
    """Per player-game: win share and the mean win share of the other players of that game."""
    p = players[GAME + ["seat", "win_share"]].copy()
    grp = p.groupby(GAME, sort=False)["win_share"]
    total, count = grp.transform("sum"), grp.transform("count")
    p["others_win_share"] = np.where(count > 1, (total - p["win_share"]) / (count - 1).clip(lower=1),
                                     np.nan)
    return p


class _Codes(NamedTuple):
    """One table's rows as integer codes (see glowsim/analysis/keys.py)."""
    game: np.ndarray         # row of its game in run.games (-1: none)
    player: np.ndarray       # player-game: game * seats + seat
    companion: np.ndarray    # code in _TableCodes.companions (-1: null); players: unused


class _TableCodes(NamedTuple):
    """players, recruits and offers of a run as codes, and the win shares per player-game."""
    players: _Codes
    recruits: _Codes
    offers: _Codes
    companions: pd.Index     # every companion id of recruits and offers
    win_share: np.ndarray    # per player-game (nan: no player row)
    others_win_share: np.ndarray

    @classmethod
    def of(cls, run: Run) -> "_TableCodes":
        companions = _companion_ids(run.recruits["companion"], run.offers["companion"])
        index = GameIndex(run.games)
        tables = [df for df in (run.players, run.recruits, run.offers) if len(df)]
        low = min((int(df["seat"].min()) for df in tables), default=0)
        seats = max((int(df["seat"].max()) for df in tables), default=0) - low + 1

        def codes(df: pd.DataFrame) -> _Codes:
            game = index.rows(df)
            player = pair_keys(game, df["seat"].to_numpy() - low, seats)
            comp = category_codes(df["companion"], companions) if "companion" in df else None
            return _Codes(game, smallest_ints(player, len(run.games) * seats),
                          None if comp is None else smallest_ints(comp, len(companions)))

        players = codes(run.players)
        ws = win_share_lookup(run.players)
        found = players.game >= 0
        per_player = []
        for col in ("win_share", "others_win_share"):
            a = np.full(len(run.games) * seats, np.nan)
            a[players.player[found]] = ws[col].to_numpy(float)[found]
            per_player.append(a)
        return cls(players, codes(run.recruits), codes(run.offers), companions, *per_player)


def _companion_ids(*columns: pd.Series) -> pd.Index:
    ids: dict = {}
    for c in columns:
        vals = c.cat.categories if isinstance(c.dtype, pd.CategoricalDtype) else c.dropna().unique()
        ids.update(dict.fromkeys(vals))
    return pd.Index(list(ids))


def _recruited(codes: _TableCodes, rows: np.ndarray) -> pd.DataFrame:
    """Player-games that recruited each card (a card recruited twice by one player counts
    once), in order of first recruit, with win_share and others_win_share: ``key`` holds
    (player-game, companion) pairs."""
    r = codes.recruits
    rows = rows & (r.companion >= 0)
    keys = pair_keys(r.player[rows], r.companion[rows], len(codes.companions))
    return _player_games(codes, keys[first_occurrences(keys)])


def _passed(codes: _TableCodes, rows: np.ndarray, taken: np.ndarray,
            recruited: pd.DataFrame) -> pd.DataFrame:
    """Player-games where the card was offered to the player and never recruited by them,
    in order of first offer, with win_share."""
    o = codes.offers
    rows = rows & ~taken & (o.companion >= 0)
    keys = pair_keys(o.player[rows], o.companion[rows], len(codes.companions))
    keys = keys[first_occurrences(keys)]
    return _player_games(codes, keys[~np.isin(keys, recruited["key"].to_numpy())])


def _player_games(codes: _TableCodes, keys: np.ndarray) -> pd.DataFrame:
    n = len(codes.companions)
    pg, comp = np.divmod(keys, n)
    return pd.DataFrame({
        "key": keys,
        "companion": pd.Categorical.from_codes(comp, categories=codes.companions),
        "win_share": codes.win_share[pg], "others_win_share": codes.others_win_share[pg]})


def _slice_rows(key, by, run: Run, codes: _TableCodes, in_players, in_recruits, in_offers,
                names):
    """The table rows of one slice; ``in_*``: which rows of each table are in it."""
    field = float(run.players["win_share"][in_players].mean())
    taken = run.offers["taken"].to_numpy()
    rec_pg = _recruited(codes, in_recruits)
    off_pg = _passed(codes, in_offers, taken, rec_pg)
    recruits = run.recruits.loc[in_recruits, ["companion", "pick", "effect_bursts",
                                              "printed_bursts", "left_round"]]
    t = _offer_counts(codes, in_offers, taken, in_recruits, len(run.games))
    cards = list(t.index)
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


def _offer_counts(codes: _TableCodes, in_offers, taken, in_recruits, n_games) -> pd.DataFrame:
    """Per card offered or recruited in the slice (sorted ids): offered, taken, games (with
    the card offered) and pick_rate."""
    ids, o = codes.companions, codes.offers
    offered = _count(o.companion[in_offers], ids)
    present = (offered > 0) | (_count(codes.recruits.companion[in_recruits], ids) > 0)
    cards = sorted(ids[present.to_numpy()])
    t = pd.DataFrame(index=pd.Index(cards, name="companion"))
    t["offered"] = offered.reindex(cards).fillna(0).astype(int)
    t["taken"] = _count(o.companion[in_offers & taken], ids).reindex(cards).fillna(0).astype(int)
    rows = in_offers & (o.companion >= 0)
    games = count_distinct(pair_keys(o.game[rows], o.companion[rows], len(ids)), n_games,
                           len(ids))
    t["games"] = pd.Series(games, index=ids).reindex(cards).fillna(0).astype(int)
    _put(t, "pick_rate", wilson_table(t["taken"], t["offered"]))
    return t


def _count(codes: np.ndarray, ids: pd.Index) -> pd.Series:
    """How often each id's code occurs (-1, null, not counted)."""
    return pd.Series(np.bincount(codes[codes >= 0], minlength=len(ids)), index=ids)


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
