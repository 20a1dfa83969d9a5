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
    """Card-strength table for companions (one row per slice and companion).

    Rows are matched on integer codes (player-game, companion; glowsim/analysis/keys.py),
    not merged: a million-game run has 100M+ offers.  The de-duplicated player-games keep
    the order of their first row, so that every sum adds the same numbers in the same order
    as the plain pandas computation would."""
    by = list(by)
    slice_of, keys = game_slices(run.games, by)
    codes = _TableCodes.of(run)
    # slice of each player-game; player-game -1 (no such game): in no slice
    slice_of = smallest_ints(np.append(np.repeat(slice_of, codes.seats), -1), len(keys))
    taken = run.offers["taken"].to_numpy()
    rows = []
    for s, key in enumerate(keys):
        players = slice_of[codes.players.player] == s
        if players.any():
            rows.extend(_slice_rows(key, by, run, codes, players,
                                    slice_of[codes.recruits.player] == s,
                                    slice_of[codes.offers.player] == s, taken, names or {}))
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
    player: np.ndarray       # player-game: row of the game in run.games * seats + seat (-1: none)
    companion: np.ndarray    # code in _TableCodes.companions (-1: null); players: None


class _TableCodes(NamedTuple):
    """players, recruits and offers of a run as codes, and the win shares per player-game."""
    players: _Codes
    recruits: _Codes
    offers: _Codes
    companions: pd.Index     # every companion id of recruits and offers
    seats: int               # seat numbers per game (player-games per game)
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
            player[game < 0] = -1
            del game
            comp = category_codes(df["companion"], companions) if "companion" in df else None
            return _Codes(player, comp)

        players = codes(run.players)
        ws = win_share_lookup(run.players)
        found = players.player >= 0
        per_player = []
        for col in ("win_share", "others_win_share"):
            a = np.full(len(run.games) * seats, np.nan)
            a[players.player[found]] = ws[col].to_numpy(float)[found]
            per_player.append(a)
        return cls(players, codes(run.recruits), codes(run.offers), companions, seats,
                   *per_player)


def _companion_ids(*columns: pd.Series) -> pd.Index:
    """Every companion id the columns can hold (their categories, or their values)."""
    ids: dict = {}
    for c in columns:
        vals = c.cat.categories if isinstance(c.dtype, pd.CategoricalDtype) else c.dropna().unique()
        ids.update(dict.fromkeys(vals))
    return pd.Index(list(ids))


class _Picks(NamedTuple):
    """A slice's recruits or offers that name a companion, as codes."""
    player: np.ndarray             # player-game
    companion: np.ndarray          # companion code
    taken: np.ndarray | None       # offers: the offered card was the one taken


def _picks(codes: _Codes, rows: np.ndarray, taken: np.ndarray | None = None) -> _Picks:
    """The ``rows`` (a bool mask, reused) of a table that name a companion."""
    rows &= codes.companion >= 0
    return _Picks(codes.player[rows], codes.companion[rows],
                  None if taken is None else taken[rows])


class _PlayerGames(NamedTuple):
    """(player-game, card) pairs, one per row, with the player's win share."""
    companion: pd.Series                  # categorical
    win_share: pd.Series
    others_win_share: pd.Series | None    # mean win share of the other players of the game


def _recruited(codes: _TableCodes, recruits: _Picks) -> np.ndarray:
    """Player-games that recruited each card (a card recruited twice by one player counts
    once), in order of first recruit: (player-game, companion) keys."""
    keys = pair_keys(recruits.player, recruits.companion, len(codes.companions))
    return keys[first_occurrences(keys)]


def _passed(codes: _TableCodes, offers: _Picks, recruited: np.ndarray) -> np.ndarray:
    """Player-games where the card was offered to the player and never recruited by them,
    in order of first offer: (player-game, companion) keys."""
    passed = ~offers.taken
    keys = pair_keys(offers.player[passed], offers.companion[passed], len(codes.companions))
    del passed
    keys = keys[first_occurrences(keys)]
    return keys[~np.isin(keys, recruited)]


def _player_games(codes: _TableCodes, keys: np.ndarray, others: bool = False) -> _PlayerGames:
    """The (player-game, companion) ``keys`` with win shares (and the others' if asked)."""
    pg, comp = np.divmod(keys, len(codes.companions))
    return _PlayerGames(pd.Series(pd.Categorical.from_codes(comp, codes.companions)),
                        pd.Series(codes.win_share[pg]),
                        pd.Series(codes.others_win_share[pg]) if others else None)


def _slice_rows(key, by, run: Run, codes: _TableCodes, in_players, in_recruits, in_offers,
                taken, names):
    """The table rows of one slice; ``in_*``: which rows of each table are in it."""
    field = float(run.players["win_share"][in_players].mean())
    offers = _picks(codes.offers, in_offers, taken)
    recruits = _picks(codes.recruits, in_recruits.copy())
    t = _offer_counts(codes, offers, recruits)
    recruited = _recruited(codes, recruits)
    del recruits
    pg = _player_games(codes, recruited, others=True)
    _win_rates(t, "recruited", pg)
    _put(t, "improvement", mean_table(pg.win_share - pg.others_win_share, pg.companion))
    del pg
    _win_rates(t, "passed", _player_games(codes, _passed(codes, offers, recruited)))
    del recruited, offers
    _recruit_means(t, run.recruits.loc[in_recruits, ["companion", "pick", "effect_bursts",
                                                     "printed_bursts", "left_round"]])
    t["field_win_rate"] = field
    t["flag"] = [flag(lo, hi, field) for lo, hi in
                 zip(t["win_rate_recruited_low"], t["win_rate_recruited_high"])]
    t["name"] = [names.get(c, "") for c in t.index]
    for k, v in zip(by, key):
        t[k] = v
    return t.reset_index().to_dict("records")


def _win_rates(t: pd.DataFrame, how: str, pg: _PlayerGames) -> None:
    """games_{how} and win_rate_{how} (Wilson on the summed win shares) per card."""
    g = pg.win_share.groupby(pg.companion, observed=True)
    n = g.size().reindex(t.index).fillna(0)
    t[f"games_{how}"] = n.astype(int)
    _put(t, f"win_rate_{how}", wilson_table(g.sum().reindex(t.index).fillna(0), n))


def _recruit_means(t: pd.DataFrame, recruits: pd.DataFrame) -> None:
    """taken_at, bursts (effect + printed), effect_bursts, printed_bursts and left_early
    per card, from the slice's recruits."""
    cards, rc = t.index, recruits["companion"]
    _put(t, "taken_at", mean_table(recruits["pick"] + 1, rc))
    _put(t, "bursts", mean_table(recruits["effect_bursts"] + recruits["printed_bursts"], rc))
    t["effect_bursts"] = recruits.groupby(rc, observed=True)["effect_bursts"].mean().reindex(cards)
    t["printed_bursts"] = recruits.groupby(rc, observed=True)["printed_bursts"].mean() \
        .reindex(cards)
    n_r = recruits.groupby(rc, observed=True).size().reindex(cards).fillna(0)
    left = (recruits["left_round"] >= 0).groupby(rc, observed=True).sum().reindex(cards).fillna(0)
    _put(t, "left_early", wilson_table(left, n_r))


def _offer_counts(codes: _TableCodes, offers: _Picks, recruits: _Picks) -> pd.DataFrame:
    """Per card offered or recruited in the slice (sorted ids): offered, taken, games (with
    the card offered) and pick_rate."""
    ids = codes.companions
    offered = _count(offers.companion, ids)
    present = (offered > 0) | (_count(recruits.companion, ids) > 0)
    cards = sorted(ids[present.to_numpy()])
    t = pd.DataFrame(index=pd.Index(cards, name="companion"))
    t["offered"] = offered.reindex(cards).fillna(0).astype(int)
    t["taken"] = _count(offers.companion[offers.taken], ids).reindex(cards).fillna(0).astype(int)
    games = count_distinct(pair_keys(offers.player // codes.seats, offers.companion, len(ids)),
                           len(codes.win_share) // codes.seats, len(ids))
    t["games"] = pd.Series(games, index=ids).reindex(cards).fillna(0).astype(int)
    _put(t, "pick_rate", wilson_table(t["taken"], t["offered"]))
    return t


def _count(codes: np.ndarray, ids: pd.Index) -> pd.Series:
    """How often each id's code occurs."""
    return pd.Series(np.bincount(codes, minlength=len(ids)), index=ids)


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
