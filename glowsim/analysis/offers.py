"""The companions offered at each pick (``recruits.offered``), aggregated a batch of games at a
time.

A 4-player game offers about 112 companions over its picks: 1.1 billion offers in a
ten-million-game run.  SQL over the unnested lists hashes one group per offer (the
(player-game, companion) pairs are nearly all distinct) and runs at about a million
offers a second; here the list column is read with Arrow, dictionary-encoded, a batch
of row groups at a time (whole games: the runner writes one chunk of games per row
group), its companions as integer codes.  A batch's player-games and games are the rows
of small boolean matrices (player-game or game x companion): setting the cells of every
offer and recruit makes the sets of distinct (player-game, companion) pairs, and the
counts and win-share sums per slice are ``bincount`` over the cells set.  The
player-games' win shares, the other players' mean and the slices are read with Arrow too
(the batch's games of ``players`` and ``games``, found by the row groups' statistics).
The next batch is read in a second thread while one is summed.  Memory: two batches
(about ``OFFER_GAMES`` games each).

:func:`offer_sums` gives, per slice and companion, the rows ``kind`` ``offers`` (n: picks
at which it was offered, x: picks at which it was taken, y: games in which it was
offered), ``passed`` (n: player-games where it was offered to the player and never
recruited by them, x: their summed win shares), ``recruited`` (n: player-games that
recruited it, x: their summed win shares), ``recruited_moments`` (count, mean and M2 of
the recruiters' within-game differences, own win share minus the others' mean)
and ``block`` (n, x of ``recruited`` per block y of game indices, for
glowsim/analysis/ranks.py), as glowsim/analysis/cards.py reads them.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from .db import RunError
from .load import Run

OFFER_GAMES = 25_000      # games a batch (GLOWSIM_OFFER_GAMES): about 150 MB of arrays


class _Codes:
    """Global integer codes of the ids met so far (companions, variants)."""

    def __init__(self):
        self.index: dict[str, int] = {}

    def lut(self, dictionary: pa.Array) -> np.ndarray:
        """Code of each dictionary entry (whitespace trimmed; -1: null), then -1 for nulls."""
        ids = pc.utf8_trim_whitespace(dictionary.cast(pa.string())).to_pylist()
        return np.array([-1 if v is None else self.index.setdefault(v, len(self.index))
                         for v in ids] + [-1], dtype=np.int64)

    def names(self) -> list[str]:
        return list(self.index)


def _dict_codes(arr, codes: _Codes) -> np.ndarray:
    """A (possibly dictionary-encoded) string array as global codes (-1: null)."""
    if isinstance(arr, pa.ChunkedArray):
        parts = [_dict_codes(c, codes) for c in arr.chunks]
        return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)
    if not pa.types.is_dictionary(arr.type):
        arr = pc.dictionary_encode(arr.cast(pa.string()))
    lut = codes.lut(arr.dictionary)
    return lut[pc.fill_null(arr.indices, len(lut) - 1).to_numpy(zero_copy_only=False)]


def _stats(meta, i: int, col: int):
    st = meta.row_group(i).column(col).statistics
    return (st.min, st.max) if st is not None and st.has_min_max else (None, None)


def _batches(files: list[str], games: int):
    """(file, [row groups]) batches of about ``games`` games' rows, never splitting a game:
    a batch ends only where the next row group starts a later game of the same variant or
    holds another single variant (the runner writes one chunk of one variant's games per
    row group, sorted by game_index)."""
    for f in files:
        meta = pq.ParquetFile(f).metadata
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


def _bool_matrix(rows: np.ndarray, cols: np.ndarray, n_rows: int, n_cols: int) -> np.ndarray:
    """(n_rows, n_cols) bool: True at every (row, col) given (a set: repeats count once)."""
    out = np.zeros((n_rows, n_cols), dtype=bool)
    out[rows, cols] = True
    return out


def _group_sums(groups: np.ndarray, n_groups: int, m: np.ndarray,
                weights: list[np.ndarray | None]) -> list[np.ndarray]:
    """Per group (the rows' ``groups``; -1: left out) and column of the bool matrix ``m``
    (rows x columns): the rows' weights summed over the cells set (None: the cells counted;
    nan weights count 0), as (n_groups, columns) arrays.  A weighted column sum per group
    present (``einsum``: no matrix product, no BLAS threads)."""
    out = [np.zeros((n_groups, m.shape[1])) for _ in weights]
    present = np.unique(groups[groups >= 0])
    for j in present:
        rows = groups == j
        sub = m if rows.all() else m[rows]
        for res, w in zip(out, weights):
            if w is None:
                res[j] = sub.sum(axis=0)
            else:
                ww = np.nan_to_num(w if rows.all() else w[rows], nan=0.0)
                res[j] = np.einsum("i,ij->j", ww, sub)
    return out


def _group_m2(groups: np.ndarray, n_groups: int, m: np.ndarray, x: np.ndarray,
              means: np.ndarray) -> np.ndarray:
    """Per group and column of the bool matrix ``m``: the sum of squared deviations of the
    rows' ``x`` from the group and column's mean over the cells set (nan values and rows of
    group -1 left out; two passes: no cancellation)."""
    r, c = np.nonzero(m)
    g = groups[r]
    keep = (g >= 0) & ~np.isnan(x[r])
    r, c, g = r[keep], c[keep], g[keep]
    idx = g * m.shape[1] + c
    res = x[r] - means.ravel()[idx]
    return np.bincount(idx, weights=res * res,
                       minlength=n_groups * m.shape[1]).reshape(n_groups, m.shape[1])


def _moments_by(idx: np.ndarray, x: np.ndarray, size: int, shape) -> tuple:
    """(n, mean, M2) arrays of the values ``x`` per cell ``idx`` (nan left out; two passes)."""
    ok = ~np.isnan(x)
    i, v = idx[ok], x[ok]
    n = np.bincount(i, minlength=size).astype(float)
    total = np.bincount(i, weights=v, minlength=size)
    mean = np.divide(total, n, out=np.zeros(size), where=n > 0)
    res = v - mean[i]
    m2 = np.bincount(i, weights=res * res, minlength=size)
    return n.reshape(shape), mean.reshape(shape), m2.reshape(shape)


def _merge_moments(acc, n: np.ndarray, mean: np.ndarray, m2: np.ndarray):
    """Chan et al.'s pairwise merge of (n, mean, M2) arrays into ``acc`` (None: first)."""
    if acc is None:
        return n, mean, m2
    an, amean, am2 = (_pad(x, n.shape) for x in acc)
    n, mean, m2 = (_pad(x, an.shape) for x in (n, mean, m2))
    tot = an + n
    with np.errstate(invalid="ignore", divide="ignore"):
        delta = mean - amean
        new_mean = np.where(tot > 0, amean + delta * n / np.where(tot > 0, tot, 1), 0.0)
        new_m2 = am2 + m2 + np.where(tot > 0, delta * delta * an * n / np.where(tot > 0, tot, 1),
                                     0.0)
    return tot, new_mean, new_m2


def _pad(a: np.ndarray, shape) -> np.ndarray:
    rows, cols = max(a.shape[0], shape[0]), max(a.shape[1], shape[1])
    if a.shape == (rows, cols):
        return a
    out = np.zeros((rows, cols))
    out[:a.shape[0], :a.shape[1]] = a
    return out


def offer_sums(run: Run, by: list[str], labels: dict | None = None,
               games: int | None = None, blocks: int = 1) -> pd.DataFrame:
    """Per slice of ``by`` and companion: the ``offers``, ``passed``, ``recruited``,
    ``recruited_moments`` and ``block`` sums (module docstring), over every row group of the
    scope's ``recruits``; the next batch is read while one is summed."""
    import os
    from concurrent.futures import ThreadPoolExecutor
    games = int(games or os.environ.get("GLOWSIM_OFFER_GAMES") or OFFER_GAMES)
    cards, variants = _Codes(), _Codes()
    slices: dict[tuple, int] = {}
    acc: dict[str, np.ndarray] = {}
    moments: dict[str, tuple] = {}
    blk: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]] = {}
    wanted = None if run.scope.variants is None else set(run.scope.variants)
    db = run.scope.db
    tables = _Tables(db)
    opened: dict = {}
    db.release_memory()          # DuckDB's cached buffers: the batches need the memory
    nb = run.scope.n_blocks(blocks)
    rng = run.scope.game_range() or (0, 0)
    span = rng[1] - rng[0] + 1

    def read(item):
        f, groups = item
        cols = _read_batch(f, groups, cards, variants, wanted, opened)
        if cols is None:
            return None
        vnames = variants.names()
        present = sorted({vnames[v] for v in np.unique(cols[0]) if v >= 0})
        info = _player_info(tables, by, labels or {}, present, variants,
                            int(cols[1].min()), int(cols[1].max()) + 1)
        return cols, info

    with ThreadPoolExecutor(max_workers=1) as pool:
        pending = None
        for item in _batches(db.sources["recruits"], games):
            job = pool.submit(read, item)
            got = pending.result() if pending is not None else None
            pending = job
            if got is not None:
                _sum_batch(got, cards, slices, by, acc, blk, moments, nb, rng[0], span)
        got = pending.result() if pending is not None else None
        if got is not None:
            _sum_batch(got, cards, slices, by, acc, blk, moments, nb, rng[0], span)
    return _table(acc, slices, cards.names(), by, moments, blk, nb)


def _sum_batch(got, cards: _Codes, slices: dict, by, acc: dict, blk: dict, moments: dict,
               nb: int, low: int, span: int) -> None:
    """Add one batch's sums to ``acc``, ``blk`` and ``moments`` (name -> (n, mean, M2)
    arrays, merged)."""
    (vcode, gi, seat, comp, lengths, elem, pick, left, eff, prt), info = got
    n_cards = max(len(cards.index), 1)
    pkey = info["key"]
    order = np.argsort(pkey, kind="stable")
    key_sorted = pkey[order]
    row_key = _key(vcode, gi, seat)
    if len(key_sorted):
        pos = np.searchsorted(key_sorted, row_key).clip(max=len(key_sorted) - 1)
        prow = np.where(key_sorted[pos] == row_key, order[pos], -1)
    else:
        prow = np.full(len(row_key), -1)
    sl = _slice_ids(info, slices)                   # slice of each player-game
    n_sl = max(len(slices), 1)
    row_slice = np.where(prow >= 0, sl[np.maximum(prow, 0)] if len(sl) else -1, -1)
    ok = row_slice >= 0
    # offers: each offered id at each pick; taken: picks whose offer holds the card taken
    e_row = np.repeat(np.arange(len(lengths)), lengths)
    e_ok = ok[e_row] & (elem >= 0)
    if len(row_slice) and row_slice.min() == row_slice.max() >= 0 and e_ok.all():
        offered = np.zeros((n_sl, n_cards), dtype=np.int64)    # one slice: count the ids
        offered[row_slice[0]] = np.bincount(elem, minlength=n_cards)[:n_cards]
    else:
        offered = np.bincount(row_slice[e_row][e_ok] * n_cards + elem[e_ok],
                              minlength=n_sl * n_cards).reshape(n_sl, n_cards)
    is_taken = e_ok & (elem == comp[e_row]) & (comp[e_row] >= 0)
    taken_rows = np.bincount(e_row[is_taken], minlength=len(lengths)) > 0
    taken = np.bincount(row_slice[taken_rows] * n_cards + comp[taken_rows],
                        minlength=n_sl * n_cards).reshape(n_sl, n_cards)
    # per player-game: offered and not taken at a pick, recruited; per game: offered
    n_pg = len(pkey)
    e_pg = prow[e_row]
    nt = e_ok & ~is_taken
    passed = _bool_matrix(e_pg[nt], elem[nt], n_pg, n_cards)
    offered_pg = passed.copy()                      # every card offered to the player-game
    t_ok = taken_rows & ok
    offered_pg[prow[t_ok], comp[t_ok]] = True
    r_ok = ok & (comp >= 0)
    rec = _bool_matrix(prow[r_ok], comp[r_ok], n_pg, n_cards)
    passed &= ~rec
    ws = info["win_share"]
    n_passed, ws_passed = _group_sums(sl, n_sl, passed, [None, ws])
    # recruited: player-games that recruited the card (once however often), their win
    # shares and the within-game differences (own minus the others' mean)
    diff = ws - info["others"]
    n_rec, ws_rec, d_n, d_s = _group_sums(sl, n_sl, rec, [None, ws, (~np.isnan(diff)) * 1.0,
                                                           diff])
    with np.errstate(invalid="ignore", divide="ignore"):
        d_mean = np.where(d_n > 0, d_s / np.where(d_n > 0, d_n, 1), 0.0)
    moments["diff"] = _merge_moments(moments.get("diff"), d_n, d_mean,
                                     _group_m2(sl, n_sl, rec, diff, d_mean))
    block = (info["game_index"] - low) * nb // span
    b_n, b_ws = _group_sums(np.where(sl >= 0, sl * nb + block, -1), n_sl * nb, rec, [None, ws])
    for g in np.nonzero(b_n.sum(1))[0]:
        k = divmod(int(g), nb)
        prev = blk.get(k)
        blk[k] = (b_n[g], b_ws[g]) if prev is None else \
            (_pad1(prev[0], n_cards) + b_n[g], _pad1(prev[1], n_cards) + b_ws[g])
    # games in which each card was offered
    # (the player-games in key order: a game's are consecutive; OR over them)
    gkey = _key(info["variant"], info["game_index"], 0)[order]
    starts = np.flatnonzero(np.r_[True, gkey[1:] != gkey[:-1]]) if len(gkey) else \
        np.zeros(0, dtype=np.int64)
    goff = np.logical_or.reduceat(offered_pg[order], starts, axis=0) if len(starts) else \
        np.zeros((0, n_cards), dtype=bool)
    n_games = _group_sums(sl[order][starts], n_sl, goff, [None])[0]
    # every recruit: count, left early, pick moments, burst moments and sums; per slice the
    # recruits with both burst counts and the player-games' win shares (the field)
    idx = row_slice[r_ok] * n_cards + comp[r_ok]
    size = n_sl * n_cards
    shape = (n_sl, n_cards)
    bursts = eff + prt
    r_n = np.bincount(idx, minlength=size).reshape(shape)
    r_left = np.bincount(idx, weights=(left[r_ok] >= 0) * 1.0, minlength=size).reshape(shape)
    r_eff = np.bincount(idx, weights=np.nan_to_num(eff[r_ok]), minlength=size).reshape(shape)
    r_prt = np.bincount(idx, weights=np.nan_to_num(prt[r_ok]), minlength=size).reshape(shape)
    for name, x in (("pick", pick[r_ok] + 1), ("bursts", bursts[r_ok])):
        moments[name] = _merge_moments(moments.get(name), *_moments_by(idx, x, size, shape))
    b_ok = ok & ~np.isnan(bursts)
    s_bursts = np.bincount(row_slice[b_ok], weights=bursts[b_ok], minlength=n_sl)
    n_bursts = np.bincount(row_slice[b_ok], minlength=n_sl)
    f_ok = (sl >= 0) & ~np.isnan(ws)
    f_n = np.bincount(sl[f_ok], minlength=n_sl)
    f_ws = np.bincount(sl[f_ok], weights=ws[f_ok], minlength=n_sl)
    for name, arr in (("offered", offered), ("taken", taken), ("games", n_games),
                      ("passed", n_passed), ("passed_ws", ws_passed), ("rec", n_rec),
                      ("rec_ws", ws_rec), ("r_n", r_n), ("r_left", r_left), ("r_eff", r_eff),
                      ("r_prt", r_prt),
                      ("slice", np.stack([f_n, f_ws, n_bursts, s_bursts], axis=1))):
        acc[name] = _add(acc.get(name), arr.astype(float))


def _pad1(a: np.ndarray, n: int) -> np.ndarray:
    return a if len(a) >= n else np.concatenate([a, np.zeros(n - len(a))])


def _slice_ids(info: dict, slices: dict) -> np.ndarray:
    """Global slice number of each player-game of ``info`` (``slices``: key -> number,
    grown)."""
    cols = info["by"]
    n = len(info["key"])
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
    return lut[inv]


def _plain(x):
    return x.item() if hasattr(x, "item") else x


def _read_batch(f: str, groups: list[int], cards: _Codes, variants: _Codes, wanted,
                files: dict | None = None):
    """(variant code, game_index, seat, companion code, offered lengths, offered codes, pick,
    left_round, effect_bursts, printed_bursts) of the row groups (the last four as floats,
    nan for null), only the ``wanted`` variants (None: all); None when no row is left."""
    parts = []
    try:
        files = {} if files is None else files
        if f not in files:      # opened once per pass: the footer is read once
            files[f] = pq.ParquetFile(f, read_dictionary=["variant", "companion",
                                                          "offered.list.element"])
        pf = files[f]
        for g in groups:
            t = pf.read_row_group(g, columns=["variant", "game_index", "seat", "companion",
                                               "offered"] + list(_NUMBERS))
            if t.num_rows == 0:
                continue
            vcode = _dict_codes(t.column("variant"), variants)
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
            lengths = pc.fill_null(pc.list_value_length(off), 0).to_numpy(
                zero_copy_only=False).astype(np.int64)
            parts.append((vcode, t.column("game_index").to_numpy().astype(np.int64),
                          t.column("seat").to_numpy().astype(np.int64),
                          _dict_codes(t.column("companion"), cards), lengths,
                          _dict_codes(pc.list_flatten(off), cards),
                          *(_floats(t.column(c)) for c in _NUMBERS)))
    except (pa.ArrowException, OSError, ValueError) as e:
        raise RunError(f"{f}: cannot read the recruits table ({e})") from None
    if not parts:
        return None
    return tuple(np.concatenate(x) for x in zip(*parts))


_NUMBERS = ("pick", "left_round", "effect_bursts", "printed_bursts")


def _floats(col) -> np.ndarray:
    return pc.cast(col, pa.float64()).to_numpy(zero_copy_only=False).astype(np.float64)


def _key(variant: np.ndarray, game_index: np.ndarray, seat) -> np.ndarray:
    """One int64 per (variant code, game index, seat): variant in the top 15 bits, seat in
    the low 8 (game indices below 2**40)."""
    return (np.asarray(variant, np.int64) << 48) | (np.asarray(game_index, np.int64) << 8) \
        | np.asarray(seat, np.int64)


def _add(a: np.ndarray | None, b: np.ndarray) -> np.ndarray:
    if a is None:
        return b
    rows, cols = max(a.shape[0], b.shape[0]), max(a.shape[1], b.shape[1])
    out = np.zeros((rows, cols))
    out[:a.shape[0], :a.shape[1]] += a
    out[:b.shape[0], :b.shape[1]] += b
    return out


class _Tables:
    """Row groups of the run's ``games`` and ``players`` files by their variant and
    game_index statistics, to read one batch's games with Arrow."""

    def __init__(self, db):
        self.db = db
        self.index: dict[str, list] = {}
        self.files: dict[str, pq.ParquetFile] = {}   # opened once: a footer of a big run
                                                     # holds thousands of row groups

    def file(self, f: str) -> pq.ParquetFile:
        if f not in self.files:
            self.files[f] = pq.ParquetFile(f)
        return self.files[f]

    def _groups(self, name: str) -> list:
        if name not in self.index:
            out = []
            for f in self.db.sources[name]:
                try:
                    meta = self.file(f).metadata
                except (pa.ArrowException, OSError) as e:
                    raise RunError(f"{f}: cannot read the {name} table ({e})") from None
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
                t = self.file(f).read_row_groups(groups, columns=columns)
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


def _variant_codes(values: np.ndarray, variants: _Codes) -> np.ndarray:
    codes, uniq = pd.factorize(values)
    lut = np.array([variants.index.setdefault(str(v), len(variants.index)) for v in uniq]
                   + [-1], dtype=np.int64)
    return lut[codes]


def _player_info(tables: _Tables, by: list[str], labels: dict, present: list[str],
                 variants: _Codes, lo: int, hi: int) -> dict:
    """The player-games of the ``present`` variants and games lo <= game_index < hi whose
    game has every key of ``by`` (a ``games`` column, or a key of ``labels``, {key: {variant:
    value}}; a null key leaves the game out): ``key`` (:func:`_key`), ``variant`` (codes),
    ``game_index``, ``seat``, ``win_share``, ``others`` (the mean win share of the other
    players of the game, nan with one player) and ``by`` (each key's value per row)."""
    from_games = [k for k in by if k not in ("variant", "game_index") and k not in labels]
    g = tables.rows("games", ["variant", "game_index"] + from_games, present, lo, hi)
    for k in from_games:
        g = g.filter(pc.is_valid(g[k]))
    g_var = _np(g["variant"]).astype(object)
    g_gi = _np(g["game_index"]).astype(np.int64)
    keep = np.ones(len(g_gi), dtype=bool)
    values = {}
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
    g_key = _key(_variant_codes(g_var, variants), g_gi, 0)[keep]
    values = {k: v[keep] for k, v in values.items()}
    gorder = np.argsort(g_key, kind="stable")
    g_sorted = g_key[gorder]
    p = tables.rows("players", ["variant", "game_index", "seat", "win_share"], present, lo, hi)
    vc = _variant_codes(_np(p["variant"]).astype(object), variants)
    gi = _np(p["game_index"]).astype(np.int64)
    seat = _np(p["seat"]).astype(np.int64)
    ws = _np(p["win_share"]).astype(float)
    # the other players' mean win share, over every player of the game
    pg_key = _key(vc, gi, 0)
    _, inv = np.unique(pg_key, return_inverse=True)
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
    return {"key": _key(vc, gi, seat)[found], "variant": vc[found], "game_index": gi[found],
            "seat": seat[found], "win_share": ws[found], "others": others[found],
            "by": [values[k][grow] for k in by]}


COLUMNS = ["companion", "n", "x", "y", "z", "a_n", "a_mean", "a_m2", "b_n", "b_mean", "b_m2"]


def _table(acc: dict, slices: dict, names: list[str], by: list[str], moments: dict,
           blk: dict, nb: int) -> pd.DataFrame:
    """The sums as rows: kind, the slice keys, then :data:`COLUMNS`."""
    cols = ["kind"] + by + COLUMNS
    if not acc:
        return pd.DataFrame(columns=cols)
    rows = []
    n = len(names)
    shape = (len(slices), n)
    get = {k: _pad(v, shape) for k, v in acc.items() if k != "slice"}
    mom = {k: tuple(_pad(x, shape) for x in v) for k, v in moments.items()}
    per_slice = _pad(acc["slice"], (len(slices), 4))
    nan = np.nan
    none = [nan] * 6
    for key, s in slices.items():
        f_n, f_ws, b_n, b_s = per_slice[s]
        if f_n:
            rows.append(["field", *key, None, f_n, f_ws, nan, nan, *none])
        rows.append(["bursts", *key, None, b_n, b_s, nan, nan, *none])
        for c in range(n):
            o = get["offered"][s, c]
            if o:
                rows.append(["offers", *key, names[c], o, get["taken"][s, c],
                             get["games"][s, c], nan, *none])
            p = get["passed"][s, c]
            if p:
                rows.append(["passed", *key, names[c], p, get["passed_ws"][s, c], nan, nan,
                             *none])
            r = get["rec"][s, c]
            if r:
                rows.append(["recruited", *key, names[c], r, get["rec_ws"][s, c], nan, nan,
                             *none])
            if "diff" in mom and mom["diff"][0][s, c]:
                rows.append(["recruited_moments", *key, names[c], nan, nan, nan, nan,
                             *(x[s, c] for x in mom["diff"]), nan, nan, nan])
            r = get["r_n"][s, c]
            if r:
                rows.append(["recruits", *key, names[c], r, get["r_left"][s, c],
                             get["r_eff"][s, c], get["r_prt"][s, c],
                             *(x[s, c] for x in mom["pick"]), *(x[s, c] for x in mom["bursts"])])
    # blocks of the rank bootstrap: y = the block
    inv = {s: key for key, s in slices.items()}
    for (s, b), (bn, bx) in sorted(blk.items()):
        for c in np.nonzero(bn)[0]:
            rows.append(["block", *inv[s], names[c], bn[c], bx[c], float(b), nan, *none])
    return pd.DataFrame(rows, columns=cols)
