"""Reading the card pass's batches with Arrow: a batch of row groups of ``recruits`` (whole
games: the runner writes one chunk of one variant's games per row group, sorted by
``game_index``) and the same games' player-games from ``players`` and ``games``, found by
the row groups' statistics.  Ids (companions, variants) become integer codes of a
:class:`Codes` table; each batch has its own, so batches can be read in parallel threads
(glowsim/analysis/offers.py merges them in order)."""
from __future__ import annotations

import threading
from typing import NamedTuple

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from .db import RunError

class Codes:
    """Integer codes of the ids met so far (companions, variants), in order of meeting."""

    def __init__(self):
        self.index: dict[str, int] = {}

    def lut(self, dictionary: pa.Array) -> np.ndarray:
        """Code of each dictionary entry (whitespace trimmed; -1: null), then -1 for nulls."""
        ids = pc.utf8_trim_whitespace(dictionary.cast(pa.string())).to_pylist()
        return np.array([-1 if v is None else self.index.setdefault(v, len(self.index))
                         for v in ids] + [-1], dtype=np.int32)

    def names(self) -> list[str]:
        return list(self.index)


class Footers:
    """Each Parquet file's footer, read once and shared by every thread's readers (a
    ten-million-game run's three tables hold 15,000 row groups: about 235 MB of footers)."""

    def __init__(self):
        self._meta: dict[str, pq.FileMetaData] = {}
        self._lock = threading.Lock()

    def meta(self, f: str, table: str) -> pq.FileMetaData:
        with self._lock:
            if f not in self._meta:
                try:
                    self._meta[f] = pq.read_metadata(f)
                except (pa.ArrowException, OSError) as e:
                    raise RunError(f"{f}: cannot read the {table} table ({e})") from None
            return self._meta[f]


class Readers:
    """One thread's open Parquet files, over the shared :class:`Footers`."""

    def __init__(self, footers: Footers):
        self.footers = footers
        self._open: dict[tuple, pq.ParquetFile] = {}

    def get(self, f: str, table: str, dictionaries: tuple[str, ...]) -> pq.ParquetFile:
        """``f`` opened with the string columns ``dictionaries`` read as dictionaries."""
        key = (f, dictionaries)
        if key not in self._open:
            self._open[key] = pq.ParquetFile(f, metadata=self.footers.meta(f, table),
                                             read_dictionary=list(dictionaries))
        return self._open[key]


def dict_codes(arr, codes: Codes) -> np.ndarray:
    """A (possibly dictionary-encoded) string array as int32 codes (-1: null)."""
    if isinstance(arr, pa.ChunkedArray):
        parts = [dict_codes(c, codes) for c in arr.chunks]
        return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int32)
    lut, idx = _dict_parts(arr, codes)
    return lut[idx]


def _stats(meta, i: int, col: int):
    st = meta.row_group(i).column(col).statistics
    return (st.min, st.max) if st is not None and st.has_min_max else (None, None)


def batches(files: list[str], games: int, footers: Footers):
    """(file, [row groups]) batches of about ``games`` games' rows, never splitting a game:
    a batch ends only where the next row group starts a later game of the same variant or
    holds another single variant (the runner writes one chunk of one variant's games per
    row group, sorted by game_index)."""
    for f in files:
        meta = footers.meta(f, "recruits")
        names = meta.schema.names
        gcol, vcol = names.index("game_index"), names.index("variant")
        batch, rows, last, last_v = [], 0, None, None
        limit = max(games * 40, 1)         # about 32 recruits a 4-player game
        for i in range(meta.num_row_groups):
            lo, hi = _stats(meta, i, gcol)
            v_lo, v_hi = _stats(meta, i, vcol)
            v = v_lo if v_lo is not None and v_lo == v_hi else None
            new_variant = v is not None and last_v is not None and v != last_v
            splits = new_variant or (lo is not None and last is not None and lo > last
                                     and v is not None and v == last_v)
            if batch and rows >= limit and splits:
                yield f, batch
                batch, rows = [], 0
            batch.append(i)
            rows += meta.row_group(i).num_rows
            last, last_v = hi, v
        if batch:
            yield f, batch


def slice_ids(cols: list[np.ndarray], n: int, slices: dict) -> np.ndarray:
    """Slice number of each of ``n`` rows whose keys are the arrays ``cols`` (``slices``:
    key -> number, grown in the order of the keys' codes)."""
    if not n:
        return np.zeros(0, dtype=np.int64)
    if not cols:
        return np.full(n, slices.setdefault((), len(slices)), dtype=np.int64)
    combo = np.zeros(n, dtype=np.int64)
    for c in cols:
        codes, uniq = pd.factorize(c)
        combo = combo * (len(uniq) + 1) + codes
    _, first, inv = np.unique(combo, return_index=True, return_inverse=True)
    lut = np.array([slices.setdefault(tuple(_plain(c[i]) for c in cols), len(slices))
                    for i in first], dtype=np.int64)
    return lut[inv.reshape(-1)]


def _plain(x):
    return x.item() if hasattr(x, "item") else x


class Part(NamedTuple):
    """One row group's recruits.  Companions are dictionary indices with their row group's
    code table (``*_lut``: the code of each index, -1 for the last, null, index), so no
    array of codes is built; offered lists as (start, length) into ``off_idx``."""
    variant: np.ndarray       # int32 codes
    game_index: np.ndarray    # int64
    seat: np.ndarray          # int32
    comp_lut: np.ndarray      # int32
    comp_idx: np.ndarray      # int32
    off_lut: np.ndarray       # int32
    off_idx: np.ndarray       # int32
    off_start: np.ndarray     # int64
    off_len: np.ndarray       # int32
    pick: np.ndarray          # float32, nan for null (as the three below)
    left: np.ndarray
    eff: np.ndarray
    prt: np.ndarray


def read_parts(f: str, groups: list[int], cards: Codes, variants: Codes, wanted,
               readers: Readers) -> list[Part]:
    """The recruits of the row groups ``groups`` of ``f``, one :class:`Part` each, only the
    ``wanted`` variants (None: all).  Code tables are made per row group in the order
    variant, companion, offered, so a card is numbered where it is first met."""
    parts = []
    try:
        pf = readers.get(f, "recruits", ("variant", "companion", "offered.list.element"))
        for g in groups:
            t = pf.read_row_group(g, columns=["variant", "game_index", "seat", "companion",
                                               "offered"] + list(_NUMBERS))
            if t.num_rows == 0:
                continue
            vcode = dict_codes(t.column("variant"), variants)
            if wanted is not None:
                keep = np.isin(vcode, [variants.index[v] for v in wanted
                                       if v in variants.index])
                if not keep.any():
                    continue
                if not keep.all():
                    t = t.filter(pa.array(keep))
                    vcode = vcode[keep]
            off = t.column("offered").combine_chunks()
            if not (pa.types.is_list(off.type) or pa.types.is_large_list(off.type)):
                off = pc.split_pattern(off.cast(pa.string()), ",")
            offsets = np.asarray(off.offsets.to_numpy(zero_copy_only=False), dtype=np.int64)
            lengths = np.diff(offsets).astype(np.int32)
            if off.null_count:
                lengths[~np.asarray(off.is_valid().to_numpy(zero_copy_only=False))] = 0
            comp_lut, comp_idx = _dict_parts(t.column("companion"), cards)
            off_lut, off_idx = _dict_parts(off.values, cards)
            parts.append(Part(vcode, _ints(t.column("game_index"), np.int64),
                              _ints(t.column("seat"), np.int32), comp_lut, comp_idx,
                              off_lut, off_idx, offsets[:-1], lengths,
                              *(_floats(t.column(c)) for c in _NUMBERS)))
    except (pa.ArrowException, OSError, ValueError) as e:
        raise RunError(f"{f}: cannot read the recruits table ({e})") from None
    return parts


def _dict_parts(arr, codes: Codes) -> tuple[np.ndarray, np.ndarray]:
    """(code table, indices) of a string array: its dictionary's codes (then -1) and its
    indices (the last entry for null), without building the array of codes."""
    if isinstance(arr, pa.ChunkedArray):
        if arr.num_chunks != 1 and pa.types.is_dictionary(arr.type):
            arr = arr.unify_dictionaries()      # one dictionary for every chunk
        arr = arr.combine_chunks()
    if not pa.types.is_dictionary(arr.type):
        arr = pc.dictionary_encode(arr.cast(pa.string()))
    lut = codes.lut(arr.dictionary)
    idx = arr.indices if arr.null_count == 0 else pc.fill_null(arr.indices, len(lut) - 1)
    return lut, np.asarray(idx.to_numpy(zero_copy_only=False), dtype=np.int32)


_NUMBERS = ("pick", "left_round", "effect_bursts", "printed_bursts")


def _ints(col, dtype) -> np.ndarray:
    """An integer column without nulls as a numpy array of ``dtype`` (no copy when it is)."""
    return np.asarray(col.to_numpy(zero_copy_only=False), dtype=dtype)


def _floats(col) -> np.ndarray:
    """A small-integer column as float32 (exact), nan for null."""
    return np.asarray(pc.cast(col, pa.float32()).to_numpy(zero_copy_only=False),
                      dtype=np.float32)


def player_key(variant: np.ndarray, game_index: np.ndarray, seat) -> np.ndarray:
    """One int64 per (variant code, game index, seat): variant in the top 15 bits, seat in
    the low 8 (game indices below 2**40)."""
    return (np.asarray(variant, np.int64) << 48) | (np.asarray(game_index, np.int64) << 8) \
        | np.asarray(seat, np.int64)


class Tables:
    """Row groups of the run's ``games`` and ``players`` files by their variant and
    game_index statistics, to read one batch's games with Arrow."""

    def __init__(self, db, readers: Readers):
        self.db = db
        self.readers = readers
        self.index: dict[str, list] = {}

    def file(self, f: str, name: str) -> pq.ParquetFile:
        """``f`` of table ``name``, variants as dictionaries: integer codes without strings."""
        return self.readers.get(f, name, ("variant",))

    def _groups(self, name: str) -> list:
        if name not in self.index:
            out = []
            for f in self.db.sources[name]:
                meta = self.readers.footers.meta(f, name)
                names = meta.schema.names
                gcol, vcol = names.index("game_index"), names.index("variant")
                for i in range(meta.num_row_groups):
                    out.append((f, i, _stats(meta, i, vcol), _stats(meta, i, gcol)))
            self.index[name] = out
        return self.index[name]

    def rows(self, name: str, columns: list[str], variants: list[str], lo: int,
             hi: int) -> pa.Table:
        """The rows of ``variants`` with lo <= game_index < hi (only these columns)."""
        by_file: dict[str, list[int]] = {}
        for f, i, (v_lo, v_hi), (g_lo, g_hi) in self._groups(name):
            if g_lo is not None and (g_lo >= hi or g_hi < lo):
                continue
            if v_lo is not None and v_lo == v_hi and v_lo not in variants:
                continue
            by_file.setdefault(f, []).append(i)
        parts = []
        try:
            for f, groups in by_file.items():
                t = self.file(f, name).read_row_groups(groups, columns=columns)
                keep = pc.and_(pc.is_in(t["variant"], value_set=pa.array(variants, pa.string())),
                               pc.and_(pc.greater_equal(t["game_index"], lo),
                                       pc.less(t["game_index"], hi)))
                parts.append(t.filter(keep))
        except (pa.ArrowException, OSError, ValueError) as e:
            raise RunError(f"{f}: cannot read the {name} table ({e})") from None
        if not parts:
            return pa.table({c: pa.array([], pa.int64()) for c in columns})
        return pa.concat_tables(parts) if len(parts) > 1 else parts[0]


def _np(col) -> np.ndarray:
    return col.to_numpy(zero_copy_only=False) if hasattr(col, "to_numpy") else np.asarray(col)


def player_info(tables: Tables, by: list[str], labels: dict, present: list[str],
                 variants: Codes, lo: int, hi: int) -> dict:
    """The player-games of the ``present`` variants and games lo <= game_index < hi whose
    game has every key of ``by`` (a ``games`` column, or a key of ``labels``, {key: {variant:
    value}}; a null key leaves the game out): ``key`` (:func:`player_key`), ``variant`` (codes),
    ``game_index``, ``seat``, ``win_share``, ``others`` (the mean win share of the other
    players of the game, nan with one player), ``by`` (each key's value per game kept) and
    ``game_row`` (the game of each player-game, a row of ``by``'s arrays)."""
    from_games = [k for k in by if k not in ("variant", "game_index") and k not in labels]
    g = tables.rows("games", ["variant", "game_index"] + from_games, present, lo, hi)
    for k in from_games:
        g = g.filter(pc.is_valid(g[k]))
    g_vc = dict_codes(g["variant"], variants)
    g_gi = _np(g["game_index"]).astype(np.int64)
    keep = np.ones(len(g_gi), dtype=bool)
    values = {}
    if "variant" in by or any(k in labels for k in by):
        g_var = np.array(variants.names() + [None], dtype=object)[g_vc]
    for k in by:
        if k == "variant":
            values[k] = g_var
        elif k == "game_index":
            values[k] = g_gi
        elif k in labels:
            lab = {v: (None if x is None else str(x)) for v, x in labels[k].items()}
            vals = np.array([lab.get(v) for v in g_var], dtype=object)
            keep &= np.array([x is not None for x in vals], dtype=bool)
            values[k] = vals
        else:
            values[k] = _np(g[k])
    g_key = player_key(g_vc, g_gi, 0)[keep]
    values = {k: v[keep] for k, v in values.items()}
    gorder = np.argsort(g_key, kind="stable")
    g_sorted = g_key[gorder]
    p = tables.rows("players", ["variant", "game_index", "seat", "win_share"], present, lo, hi)
    vc = dict_codes(p["variant"], variants)
    gi = _np(p["game_index"]).astype(np.int64)
    seat = _np(p["seat"]).astype(np.int64)
    ws = _np(p["win_share"]).astype(float)
    # the other players' mean win share, over every player of the game
    pg_key = player_key(vc, gi, 0)
    inv = pd.factorize(pg_key)[0]
    tot = np.bincount(inv, weights=np.nan_to_num(ws, nan=0.0))
    cnt = np.bincount(inv, weights=(~np.isnan(ws)) * 1.0)
    with np.errstate(invalid="ignore", divide="ignore"):
        others = np.where(cnt[inv] > 1, (tot[inv] - ws) / np.maximum(cnt[inv] - 1, 1), np.nan)
    # the players of the games kept, with their game's keys
    if len(g_sorted):
        pos = np.searchsorted(g_sorted, pg_key).clip(max=len(g_sorted) - 1)
        found = g_sorted[pos] == pg_key
    else:
        pos, found = np.zeros(len(pg_key), dtype=np.int64), np.zeros(len(pg_key), dtype=bool)
    grow = gorder[pos[found]]
    return {"key": player_key(vc, gi, seat)[found], "variant": vc[found], "game_index": gi[found],
            "seat": seat[found], "win_share": ws[found], "others": others[found],
            "by": [values[k] for k in by], "game_row": grow}
