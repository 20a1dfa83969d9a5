"""Integer keys that join the run tables without pandas merges.

A million-game run has 4M player rows and 100M+ offer rows: merging those on
(variant, game_index[, seat]) takes minutes and many GB.  Here each row is
mapped to its game's row number in ``games`` by one array lookup, and
player-games and (player-game, companion) pairs become plain int64 keys
(:func:`pair_keys`) that numpy counts, sorts and de-duplicates.

    >>> rows = game_rows(run.games, run.offers)       # -1: game not in ``games``
    >>> run.games["side"].to_numpy()[rows]
"""
from __future__ import annotations

import numpy as np
import pandas as pd

BLOCK = 1 << 23          # rows per step of a lookup: bounds the int64 temporaries (64 MB each)


def category_codes(values: pd.Series, categories: pd.Index) -> np.ndarray:
    """Position of each value in ``categories`` (-1: a value not there, or null)."""
    if isinstance(values.dtype, pd.CategoricalDtype):
        pos = np.append(categories.get_indexer(values.cat.categories), -1)
        pos = smallest_ints(pos, len(categories))
        return pos[values.cat.codes.to_numpy()]          # code -1 (null) picks the -1 appended
    return categories.get_indexer(values)


def is_in(values: pd.Series, wanted) -> np.ndarray:
    """``values.isin(wanted)`` as a bool array, for a categorical by its codes."""
    if isinstance(values.dtype, pd.CategoricalDtype):
        keep = np.append(values.cat.categories.isin(list(wanted)), False)
        return keep[values.cat.codes.to_numpy()]
    return values.isin(list(wanted)).to_numpy()


def _variants(games: pd.DataFrame) -> pd.Index:
    v = games["variant"]
    if isinstance(v.dtype, pd.CategoricalDtype):
        return pd.Index(v.cat.categories)
    return pd.Index(pd.unique(v.to_numpy()))


class GameIndex:
    """Row number in ``games`` of a (variant, game_index) pair.

    The pair becomes ``variant code * span + game_index - lowest``; a table over that
    range (when not much larger than the games) or a sorted search finds the row."""

    def __init__(self, games: pd.DataFrame):
        self.variants = _variants(games)
        gi = games["game_index"].to_numpy(np.int64)
        self.low = int(gi.min()) if len(gi) else 0
        self.span = int(gi.max()) - self.low + 1 if len(gi) else 1
        keys = category_codes(games["variant"], self.variants).astype(np.int64) * self.span \
            + (gi - self.low)
        size = len(self.variants) * self.span
        if size <= max(4 * len(keys), 1 << 20):
            self.table = np.full(size, -1, dtype=np.int32 if len(keys) < 1 << 31 else np.int64)
            self.table[keys] = np.arange(len(keys))
            unique = (self.table >= 0).sum() == len(keys)
        else:
            self.table = None
            self.order = np.argsort(keys, kind="stable")
            self.sorted = keys[self.order]
            unique = not (self.sorted[1:] == self.sorted[:-1]).any()
        if not unique:
            raise pd.errors.MergeError("games: a (variant, game_index) pair occurs twice; "
                                       "each game needs one row")

    def rows(self, df: pd.DataFrame) -> np.ndarray:
        """Row number in ``games`` of each row of ``df`` (int32; -1: no such game)."""
        out = np.empty(len(df), dtype=np.int32)
        variant, gi = df["variant"], df["game_index"].to_numpy()
        for start in range(0, len(df), BLOCK):
            part = slice(start, start + BLOCK)
            out[part] = self._rows(category_codes(variant.iloc[part], self.variants),
                                   gi[part].astype(np.int64) - self.low)
        return out

    def _rows(self, variant: np.ndarray, offset: np.ndarray) -> np.ndarray:
        ok = (variant >= 0) & (offset >= 0) & (offset < self.span)
        keys = np.where(ok, variant.astype(np.int64) * self.span + offset, 0)
        if self.table is not None:
            found = self.table[keys]
        elif len(self.sorted):
            pos = np.searchsorted(self.sorted, keys).clip(max=len(self.sorted) - 1)
            found = np.where(self.sorted[pos] == keys, self.order[pos], -1)
        else:
            found = np.full(len(keys), -1)
        return np.where(ok, found, -1)


def game_rows(games: pd.DataFrame, df: pd.DataFrame) -> np.ndarray:
    """Row number in ``games`` of each row's game (variant, game_index); -1 if not there."""
    return GameIndex(games).rows(df)


def game_slices(games: pd.DataFrame, by: list[str]) -> tuple[np.ndarray, list[tuple]]:
    """Slice number of each game and the slice keys, sorted as ``groupby(by)`` sorts them.

    A game with a null in ``by`` is in no slice (-1), as groupby drops it; no ``by``: one
    slice, key ``()``."""
    if not by:
        return np.zeros(len(games), dtype=np.int64), [()]
    g = games.groupby(by, sort=True, observed=True)
    ids = g.ngroup().fillna(-1).to_numpy(np.int64)
    keys = [k if isinstance(k, tuple) else (k,) for k in g.size().index]
    return ids, keys


def pair_keys(first: np.ndarray, second: np.ndarray, n_second: int) -> np.ndarray:
    """One key per (first, second) pair: first * n_second + second, second in
    0..n_second-1 and first >= -1 (int32 when the keys fit, else int64)."""
    high = (int(first.max(initial=0)) + 1) * n_second
    out = first.astype(np.int32 if high <= np.iinfo(np.int32).max else np.int64)
    out *= n_second
    out += second
    return out


def smallest_ints(values: np.ndarray, high: int, least=np.int8) -> np.ndarray:
    """``values`` (all in -high..high) in the smallest signed integer type that holds them
    (``least`` or larger)."""
    types = [np.int8, np.int16, np.int32, np.int64]
    small = next(t for t in types[types.index(least):] if high <= np.iinfo(t).max)
    return values.astype(small, copy=False)


def first_occurrences(keys: np.ndarray) -> np.ndarray:
    """Positions of the first occurrence of each distinct key, in order of appearance.

    What ``drop_duplicates`` keeps, found by one sort of ``key << bits | position``
    (hash tables crawl at tens of millions of distinct keys)."""
    n = len(keys)
    if n == 0:
        return np.empty(0, dtype=np.int64)
    bits = (n - 1).bit_length()
    if keys.min() < 0 or int(keys.max()).bit_length() + bits > 63:
        return np.sort(np.unique(keys, return_index=True)[1])
    packed = keys.astype(np.int64) << bits
    packed |= np.arange(n, dtype=np.int64)
    packed.sort()
    position = np.empty(n, dtype=np.int32 if n < 1 << 31 else np.int64)
    np.bitwise_and(packed, (1 << bits) - 1, out=position, casting="unsafe")
    packed >>= bits                                   # the keys, sorted
    first = np.empty(n, dtype=bool)
    first[0] = True
    np.not_equal(packed[1:], packed[:-1], out=first[1:])
    del packed
    out = position[first]
    out.sort()
    return out


def row_keys(df: pd.DataFrame, columns: list[str]) -> np.ndarray | None:
    """One int64 per row, equal exactly for rows equal in ``columns`` (nulls equal to
    nulls); None when a column is neither integer nor categorical, or the keys would not
    fit."""
    key = np.zeros(len(df), dtype=np.int64)
    size = 1
    for c in columns:
        s = df[c]
        if isinstance(s.dtype, pd.CategoricalDtype):
            v, span = s.cat.codes.to_numpy().astype(np.int64) + 1, len(s.cat.categories) + 1
        elif pd.api.types.is_integer_dtype(s.dtype) and len(s):
            v = s.to_numpy().astype(np.int64)
            v -= v.min()
            span = int(v.max()) + 1
        else:
            return None if len(s) else key
        size *= span
        if size >= 1 << 62:
            return None
        key *= span
        key += v
    return key


def distinct_rows(df: pd.DataFrame, columns: list[str]) -> pd.DataFrame:
    """``df[columns].drop_duplicates()``, found on integer keys when the columns allow."""
    keys = row_keys(df, columns)
    if keys is None:
        return df[columns].drop_duplicates()
    return df[columns].take(first_occurrences(keys))


def count_distinct(keys: np.ndarray, n_first: int, n_second: int) -> np.ndarray:
    """Per ``second``: how many distinct ``first`` the pair keys of :func:`pair_keys` hold."""
    seen = np.zeros(n_first * n_second, dtype=bool)
    seen[keys] = True
    return seen.reshape(n_first, n_second).sum(axis=0)
