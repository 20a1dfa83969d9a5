"""The companions offered at each pick (``recruits.offered``), aggregated a row group at a time.

A 4-player game offers about 112 companions over its picks: 1.1 billion offers in a
ten-million-game run.  SQL over the unnested lists hashes one group per offer (the
(player-game, companion) pairs are nearly all distinct) and runs at about a million
offers a second; here the list column is read with Arrow, dictionary-encoded, a batch
of row groups at a time (whole games: the runner writes one chunk of games per row
group), and each pick's offer becomes a bit mask of companion codes, so that the
per-player-game and per-game sets are ORs of masks and the per-companion counts are
sums over bits.  Memory: one batch (about ``OFFER_GAMES`` games).  The player-games'
win shares and slices come from SQL, a batch's games at a time.

:func:`offer_sums` gives, per slice and companion, the rows ``kind`` ``offers`` (n: picks
at which it was offered, x: picks at which it was taken, y: games in which it was
offered), ``passed`` (n: player-games where it was offered to the player and never
recruited by them, x: their summed win shares), ``recruited`` (n: player-games that
recruited it, x: their summed win shares), ``recruited_moments`` (per batch: count, mean
and M2 of the recruiters' within-game differences, own win share minus the others' mean)
and ``block`` (n, x of ``recruited`` per block y of game indices, for
glowsim/analysis/ranks.py), as glowsim/analysis/cards.py reads them.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from .db import RunError, ident, quote
from .load import Run
from .rows import player_rows

_WORD = 64
OFFER_GAMES = 50_000      # games a batch (GLOWSIM_OFFER_GAMES): about 250 MB of arrays


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


def _masks(lengths: np.ndarray, codes: np.ndarray, words: int) -> np.ndarray:
    """(rows, words) uint64: the bit of every code in each row's list (codes < 0 ignored);
    a row's codes are consecutive in ``codes``."""
    out = np.zeros((len(lengths), words), dtype=np.uint64)
    if not len(codes):
        return out
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    filled = lengths > 0
    for w in range(words):
        bits = np.where((codes >= 0) & (codes // _WORD == w),
                        np.left_shift(np.uint64(1), (codes % _WORD).astype(np.uint64)),
                        np.uint64(0))
        out[filled, w] = np.bitwise_or.reduceat(bits, starts[filled])
    return out


def _pairs(masks: np.ndarray, n_cards: int) -> tuple[np.ndarray, np.ndarray]:
    """(row, card) of every bit set in the masks (cards below n_cards)."""
    if not len(masks):
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    m = np.ascontiguousarray(masks.astype("<u8", copy=False))
    bits = np.unpackbits(m.view(np.uint8).reshape(len(m), -1), axis=1, bitorder="little")
    return np.nonzero(bits[:, :n_cards])


class _Index:
    """The pairs of :func:`_pairs` by group and card, to sum several weights over them."""

    def __init__(self, pairs, n_cards: int, groups: np.ndarray, n_groups: int):
        self.r = pairs[0]
        self.idx = groups[self.r] * n_cards + pairs[1]
        self.shape = (n_groups, n_cards)

    def sums(self, weights: np.ndarray | None = None) -> np.ndarray:
        """(n_groups, n_cards): pairs per group and card, or their rows' weights summed
        (nan weights left out)."""
        size = self.shape[0] * self.shape[1]
        if weights is None:
            return np.bincount(self.idx, minlength=size).reshape(self.shape)
        w = weights[self.r]
        ok = ~np.isnan(w)
        if ok.all():
            return np.bincount(self.idx, weights=w, minlength=size).reshape(self.shape)
        return np.bincount(self.idx[ok], weights=w[ok], minlength=size).reshape(self.shape)

    def m2(self, weights: np.ndarray, means: np.ndarray) -> np.ndarray:
        """(n_groups, n_cards): the sum of squared deviations of the rows' weights from their
        group and card's mean (two passes: no cancellation; nan weights left out)."""
        w = weights[self.r]
        ok = ~np.isnan(w)
        res = w[ok] - means.ravel()[self.idx[ok]]
        return np.bincount(self.idx[ok], weights=res * res,
                           minlength=self.shape[0] * self.shape[1]).reshape(self.shape)


def offer_sums(run: Run, by: list[str], labels: dict | None = None,
               games: int | None = None, blocks: int = 1) -> pd.DataFrame:
    """Per slice of ``by`` and companion: the ``offers`` and ``passed`` sums (module
    docstring), over every row group of the scope's ``recruits``."""
    import os
    games = int(games or os.environ.get("GLOWSIM_OFFER_GAMES") or OFFER_GAMES)
    cards, variants = _Codes(), _Codes()
    slices: dict[tuple, int] = {}
    acc: dict[str, np.ndarray] = {}
    moments, bsum = [], []
    wanted = None if run.scope.variants is None else set(run.scope.variants)
    files = run.scope.db.sources["recruits"]
    for f, groups in _batches(files, games):
        cols = _read_batch(f, groups, cards, variants, wanted)
        if cols is None:
            continue
        vcode, gi, seat, comp, lengths, elem = cols
        vnames = variants.names()
        n_cards = max(len(cards.index), 1)
        words = -(-n_cards // _WORD)
        # per game and player-game of the batch: slice and win share (SQL, this batch's games)
        present = sorted({vnames[v] for v in np.unique(vcode) if v >= 0})
        info = _player_info(run, by, labels, present, int(gi.min()), int(gi.max()) + 1)
        nb = run.scope.n_blocks(blocks)
        rng = run.scope.game_range() or (0, 0)
        span = rng[1] - rng[0] + 1
        vc, vu = pd.factorize(info["variant"])
        info_v = np.array([variants.index.setdefault(str(v), len(variants.index))
                           for v in vu], dtype=np.int64)[vc] if len(info) else \
            np.zeros(0, dtype=np.int64)
        key_p = _key(info_v, info["game_index"].to_numpy(np.int64),
                     info["seat"].to_numpy(np.int64))
        order = np.argsort(key_p, kind="stable")
        key_sorted = key_p[order]
        row_key = _key(vcode, gi, seat)
        pos = np.searchsorted(key_sorted, row_key).clip(max=max(len(key_sorted) - 1, 0))
        found = (len(key_sorted) > 0) & (key_sorted[pos] == row_key) if len(key_sorted) else \
            np.zeros(len(row_key), dtype=bool)
        prow = np.where(found, order[pos], -1)          # row of the player-game in info
        sl = _slice_ids(info, by, slices)
        row_slice = np.where(prow >= 0, sl[prow] if len(sl) else -1, -1)
        ok = row_slice >= 0
        n_sl = max(len(slices), 1)
        # offers: each offered id at each pick
        rep_slice = np.repeat(row_slice, lengths)
        e_ok = (rep_slice >= 0) & (elem >= 0)
        offered = np.bincount(rep_slice[e_ok] * n_cards + elem[e_ok],
                              minlength=n_sl * n_cards).reshape(n_sl, n_cards)
        mask = _masks(lengths, elem, words)
        cbit = np.zeros((len(comp), words), dtype=np.uint64)
        has_c = comp >= 0
        for w in range(words):
            sel = has_c & (comp // _WORD == w)
            cbit[sel, w] = np.left_shift(np.uint64(1), (comp[sel] % _WORD).astype(np.uint64))
        taken_rows = ok & has_c & ((mask & cbit) != 0).any(axis=1)
        taken = np.bincount(row_slice[taken_rows] * n_cards + comp[taken_rows],
                            minlength=n_sl * n_cards).reshape(n_sl, n_cards)
        # per player-game: offered and not taken at a pick, recruited; per game: offered
        pg = prow[ok]
        not_taken = (mask & ~cbit)[ok]
        recruited = cbit[ok]
        n_pg = len(info)
        off_nt = np.zeros((n_pg, words), dtype=np.uint64)
        rec = np.zeros((n_pg, words), dtype=np.uint64)
        for w in range(words):
            np.bitwise_or.at(off_nt[:, w], pg, not_taken[:, w])
            np.bitwise_or.at(rec[:, w], pg, recruited[:, w])
        passed = off_nt & ~rec
        ws = info["win_share"].to_numpy(float)
        pg_slice = sl if len(sl) else np.zeros(0, dtype=np.int64)
        pp = _Index(_pairs(passed, n_cards), n_cards, pg_slice, n_sl)
        n_passed, ws_passed = pp.sums(), pp.sums(ws)
        # recruited: player-games that recruited the card (once however often), their win
        # shares and the within-game differences (own minus the others' mean)
        diff = ws - info["others"].to_numpy(float)
        pairs = _pairs(rec, n_cards)
        rp = _Index(pairs, n_cards, pg_slice, n_sl)
        n_rec, ws_rec = rp.sums(), rp.sums(ws)
        d_n = rp.sums(np.where(np.isnan(diff), np.nan, 1.0))
        d_s = rp.sums(diff)
        with np.errstate(invalid="ignore", divide="ignore"):
            d_mean = np.where(d_n > 0, d_s / np.where(d_n > 0, d_n, 1), 0.0)
        d_m2 = rp.m2(diff, d_mean)
        block = (info["game_index"].to_numpy(np.int64) - rng[0]) * nb // span
        bp = _Index(pairs, n_cards, pg_slice * nb + block, n_sl * nb)
        b_n, b_ws = bp.sums(), bp.sums(ws)
        game_key = _key(info_v, info["game_index"].to_numpy(np.int64), 0)
        gkeys, ginv = np.unique(game_key, return_inverse=True)
        gmask = np.zeros((len(gkeys), words), dtype=np.uint64)
        pg_off = np.zeros((n_pg, words), dtype=np.uint64)
        for w in range(words):
            np.bitwise_or.at(pg_off[:, w], pg, mask[ok][:, w])
            np.bitwise_or.at(gmask[:, w], ginv, pg_off[:, w])
        g_slice = np.zeros(len(gkeys), dtype=np.int64)
        g_slice[ginv] = pg_slice
        n_games = _Index(_pairs(gmask, n_cards), n_cards, g_slice, n_sl).sums()
        for name, arr in (("offered", offered), ("taken", taken), ("games", n_games),
                          ("passed", n_passed), ("passed_ws", ws_passed), ("rec", n_rec),
                          ("rec_ws", ws_rec)):
            acc[name] = _add(acc.get(name), arr.astype(float))
        moments.append((d_n, d_s, d_m2))
        bsum.append((n_sl, nb, b_n, b_ws))
    return _table(acc, slices, cards.names(), by, moments, bsum)


def _slice_ids(info: pd.DataFrame, by: list[str], slices: dict) -> np.ndarray:
    """Global slice number of each row of ``info`` (``slices``: key -> number, grown)."""
    if not len(info):
        return np.zeros(0, dtype=np.int64)
    if not by:
        return np.full(len(info), slices.setdefault((), len(slices)), dtype=np.int64)
    grp = info.groupby(by, sort=False, dropna=False)
    lut = np.array([slices.setdefault(k if isinstance(k, tuple) else (k,), len(slices))
                    for k, _ in grp], dtype=np.int64)
    return lut[grp.ngroup().to_numpy(np.int64)]


def _read_batch(f: str, groups: list[int], cards: _Codes, variants: _Codes, wanted):
    """(variant code, game_index, seat, companion code, offered lengths, offered codes) of
    the row groups, only the ``wanted`` variants (None: all); None when no row is left."""
    parts = []
    try:
        pf = pq.ParquetFile(f, read_dictionary=["variant", "companion", "offered.list.element"])
        for g in groups:
            t = pf.read_row_group(g, columns=["variant", "game_index", "seat", "companion",
                                               "offered"])
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
                          _dict_codes(pc.list_flatten(off), cards)))
    except (pa.ArrowException, OSError, ValueError) as e:
        raise RunError(f"{f}: cannot read the recruits table ({e})") from None
    if not parts:
        return None
    return tuple(np.concatenate(x) for x in zip(*parts))


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


def _player_info(run: Run, by: list[str], labels, variants: list[str], lo: int,
                 hi: int) -> pd.DataFrame:
    """The player-games of these variants and games lo <= game_index < hi whose game has
    every key of ``by``: variant, game_index, seat, win_share and the keys."""
    keys = "".join(f", {ident(k)}" for k in by if k not in ("variant", "game_index"))
    return run.scope.df(f"""SELECT variant, game_index, seat, win_share, others{keys}
        FROM {player_rows(run, by, (lo, hi), labels, others=True)}
        WHERE variant IN ({', '.join(quote(v) for v in variants) or 'NULL'})""")


def _table(acc: dict, slices: dict, names: list[str], by: list[str], moments: list,
           bsum: list) -> pd.DataFrame:
    """The sums as rows: kind, the slice keys, companion, n, x, y, a_n, a_mean, a_m2."""
    cols = ["kind"] + by + ["companion", "n", "x", "y", "a_n", "a_mean", "a_m2"]
    if not acc:
        return pd.DataFrame(columns=cols)
    rows = []
    n = len(names)
    get = {k: _add(v, np.zeros((len(slices), n))) for k, v in acc.items()}
    nan = np.nan
    for key, s in slices.items():
        for c in range(n):
            o = get["offered"][s, c]
            if o:
                rows.append(["offers", *key, names[c], o, get["taken"][s, c],
                             get["games"][s, c], nan, nan, nan])
            p = get["passed"][s, c]
            if p:
                rows.append(["passed", *key, names[c], p, get["passed_ws"][s, c], nan, nan,
                             nan, nan])
    # recruited: one row per batch (its moments), merged by the caller
    for d_n, d_s, m2 in moments:
        d_n, d_s, m2 = (_add(x, np.zeros((len(slices), n))) for x in (d_n, d_s, m2))
        for key, s in slices.items():
            for c in range(n):
                if d_n[s, c]:
                    rows.append(["recruited_moments", *key, names[c], nan, nan, nan,
                                 d_n[s, c], d_s[s, c] / d_n[s, c], m2[s, c]])
    for key, s in slices.items():
        for c in range(n):
            r = get["rec"][s, c]
            if r:
                rows.append(["recruited", *key, names[c], r, get["rec_ws"][s, c], nan, nan,
                             nan, nan])
    # blocks of the rank bootstrap: y = the block
    blk: dict = {}
    for n_sl, nb, b_n, b_ws in bsum:
        for g in np.nonzero(b_n.sum(1))[0]:
            s, b = divmod(int(g), nb)
            for c in np.nonzero(b_n[g])[0]:
                k = (s, b, int(c))
                prev = blk.get(k, (0.0, 0.0))
                blk[k] = (prev[0] + b_n[g, c], prev[1] + b_ws[g, c])
    inv = {s: key for key, s in slices.items()}
    for (s, b, c), (bn, bx) in blk.items():
        rows.append(["block", *inv[s], names[c], bn, bx, float(b), nan, nan, nan])
    return pd.DataFrame(rows, columns=cols)
