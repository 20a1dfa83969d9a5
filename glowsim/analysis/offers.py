"""The companions offered at each pick (``recruits.offered``), aggregated a batch of games at a
time.

A 4-player game offers about 112 companions over its picks: 1.1 billion offers in a
ten-million-game run.  SQL over the unnested lists hashes one group per offer (the
(player-game, companion) pairs are nearly all distinct) and runs at about a million
offers a second.  Here a batch of row groups (whole games, about ``OFFER_GAMES`` of them)
is read with Arrow, its ids as integer codes of its own (glowsim/analysis/offerread.py),
and summed by one compiled pass (glowsim/analysis/offerkernel.py; numba is loaded when a
card table is first asked: glowsim/analysis/cards.py imports this module then).  Two
threads each read and sum a batch at a time (Arrow's reading and the compiled pass
release the GIL); the batches' sums are merged in the batches' order, so the result does
not depend on which thread finished first.  Memory: about ``AHEAD`` batches.

:func:`offer_sums` gives, per slice and companion, the rows ``kind`` ``offers`` (n: picks
at which it was offered, x: picks at which it was taken, y: games in which it was
offered), ``passed`` (n: player-games where it was offered to the player and never
recruited by them, x: their summed win shares), ``recruited`` (n: player-games that
recruited it, x: their summed win shares), ``recruited_moments`` (count, mean and M2 of
the recruiters' within-game differences, own win share minus the others' mean),
``recruits`` (n: recruits, x: those that left play early, y, z: summed effect and printed
bursts, then the moments of the pick position and of the bursts), per slice ``field`` and
``bursts``, and ``block`` (n, x of ``recruited`` per block y of game indices, for
glowsim/analysis/ranks.py), as glowsim/analysis/cards.py reads them.
"""
from __future__ import annotations

import ctypes
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pandas as pd
import pyarrow as pa

from ..environment import whole_number
from .load import Run
from .offerkernel import (CardSums, empty_sums, find_rows, player_pass, recruit_m2,
                          recruit_pass)
from .offerread import (Codes, Footers, Readers, Tables, batches, player_info, player_key,
                        read_parts, slice_ids)

OFFER_GAMES = 25_000      # games a batch (GLOWSIM_OFFER_GAMES): about 150 MB of arrays
WORKERS = 2               # threads reading and summing batches (GLOWSIM_OFFER_THREADS)
AHEAD = 3                 # batches read or summed at once, at most
MOMENTS = ("diff", "pick", "bursts")


class _Batch:
    """One batch's sums with its own codes: companion names, slice keys."""

    def __init__(self, cards: list[str], slices: list[tuple], sums: CardSums):
        self.cards, self.slices, self.sums = cards, slices, sums


def offer_sums(run: Run, by: list[str], labels: dict | None = None,
               games: int | None = None, blocks: int = 1) -> pd.DataFrame:
    """Per slice of ``by`` and companion: the sums of the module docstring, over every row
    group of the scope's ``recruits``."""
    games = int(games or whole_number("GLOWSIM_OFFER_GAMES", OFFER_GAMES))
    workers = whole_number("GLOWSIM_OFFER_THREADS", WORKERS)
    wanted = None if run.scope.variants is None else set(run.scope.variants)
    db = run.scope.db
    db.release_memory()          # DuckDB's cached buffers: the batches need the memory
    nb = run.scope.n_blocks(blocks)
    rng = run.scope.game_range() or (0, 0)
    span = rng[1] - rng[0] + 1
    footers = Footers()          # read once, shared
    local = threading.local()    # each thread's open files

    def job(item) -> _Batch | None:
        if not hasattr(local, "tables"):
            local.readers = Readers(footers)
            local.tables = Tables(db, local.readers)
        return _batch_sums(item, by, labels or {}, wanted, local.tables, local.readers, nb,
                           rng[0], span)

    merged = _Merged(nb)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        pending = []
        for item in batches(db.sources["recruits"], games, footers):
            pending.append(pool.submit(job, item))
            if len(pending) >= AHEAD:
                merged.add(pending.pop(0).result())
        for fut in pending:
            merged.add(fut.result())
    _give_back_memory()
    return merged.table(by)


def _give_back_memory() -> None:
    """Return the batches' freed memory to the system: Arrow's pool keeps freed blocks, and
    the C allocator keeps each thread's freed arrays in that thread's arena (about 300 MB
    after a ten-million-game pass) until asked to trim."""
    pa.default_memory_pool().release_unused()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):      # not glibc: nothing to trim
        pass


def _batch_sums(item, by: list[str], labels: dict, wanted, tables: Tables, readers: Readers,
                nb: int, low: int, span: int) -> _Batch | None:
    """Read one batch (file, row groups) and sum it (None: no row of the wanted variants)."""
    cards, variants, slices = Codes(), Codes(), {}
    f, groups = item
    parts = read_parts(f, groups, cards, variants, wanted, readers)
    if not parts:
        return None
    vnames = variants.names()
    seen = np.zeros(len(vnames) + 1, dtype=bool)
    for p in parts:
        seen[p.variant] = True          # -1 (null) sets the last entry, left out below
    present = sorted(vnames[v] for v in np.flatnonzero(seen[:-1]))
    lo = min(int(p.game_index.min()) for p in parts)
    hi = max(int(p.game_index.max()) for p in parts) + 1
    info = player_info(tables, by, labels, present, variants, lo, hi)
    pkey = info["key"]
    order = np.argsort(pkey, kind="stable")
    key_sorted = pkey[order]
    # the player-game of each recruit (-1: none)
    rows = [find_rows(key_sorted, order, player_key(p.variant, p.game_index, p.seat))
            for p in parts]
    # slices per game kept, then per player-game
    rows_of = info["game_row"]
    if len(pkey):
        n_kept = len(info["by"][0]) if info["by"] else int(rows_of.max()) + 1
        sl = slice_ids(info["by"], n_kept, slices)[rows_of]
    else:
        sl = np.zeros(0, dtype=np.int64)
    game = pd.factorize(player_key(info["variant"], info["game_index"], 0))[0]
    block = ((info["game_index"] - low) * nb // span).astype(np.int64)
    sums = empty_sums(len(slices), len(cards.index), nb)
    cells = np.zeros((len(pkey), len(cards.index)), dtype=np.uint8)
    for p, r_pg in zip(parts, rows):
        recruit_pass(sums, cells, r_pg, p.comp_lut, p.comp_idx, p.off_lut, p.off_idx,
                     p.off_start, p.off_len, p.pick, p.left, p.eff, p.prt, sl)
    ws = np.asarray(info["win_share"], dtype=np.float64)
    player_pass(sums, cells, sl, ws, ws - info["others"], block, game.astype(np.int64),
                int(game.max()) + 1 if len(game) else 0)
    for p, r_pg in zip(parts, rows):
        recruit_m2(sums, r_pg, p.comp_lut, p.comp_idx, p.pick, p.eff, p.prt, sl)
    return _Batch(cards.names(), list(slices), sums)


class _Merged:
    """The batches' sums merged in order: companions and slices numbered as first met."""

    def __init__(self, nb: int):
        self.nb = nb
        self.cards: dict[str, int] = {}
        self.slices: dict[tuple, int] = {}
        self.sums: CardSums | None = None

    def add(self, b: _Batch | None) -> None:
        if b is None:
            return
        cmap = np.array([self.cards.setdefault(c, len(self.cards)) for c in b.cards],
                        dtype=np.int64)
        smap = np.array([self.slices.setdefault(k, len(self.slices)) for k in b.slices],
                        dtype=np.int64)
        self._grow()
        acc, new = self.sums, b.sums
        cell = np.ix_(smap, cmap)
        for name in CardSums._fields:
            if name.startswith(MOMENTS) or name.startswith("block") or name == "field":
                continue
            getattr(acc, name)[cell] += getattr(new, name)
        for m in MOMENTS:
            n, mean, m2 = (getattr(acc, f"{m}_{x}") for x in ("n", "mean", "m2"))
            got = _merge_moments((n[cell], mean[cell], m2[cell]),
                                 *(getattr(new, f"{m}_{x}") for x in ("n", "mean", "m2")))
            n[cell], mean[cell], m2[cell] = got
        blk = np.ix_(smap, np.arange(self.nb), cmap)
        acc.block_n[blk] += new.block_n
        acc.block_ws[blk] += new.block_ws
        acc.field[smap] += new.field

    def _grow(self) -> None:
        shape = (len(self.slices), len(self.cards))
        if self.sums is not None and self.sums.offered.shape == shape:
            return
        grown = empty_sums(shape[0], shape[1], self.nb)
        if self.sums is not None:
            for old, new in zip(self.sums, grown):
                new[tuple(slice(0, k) for k in old.shape)] = old
        self.sums = grown

    def table(self, by: list[str]) -> pd.DataFrame:
        return _table(self.sums, self.slices, list(self.cards), by, self.nb)


def _merge_moments(acc: tuple, n: np.ndarray, mean: np.ndarray, m2: np.ndarray) -> tuple:
    """Chan et al.'s pairwise merge of (n, mean, M2) arrays into ``acc`` (same shapes)."""
    an, amean, am2 = acc
    tot = an + n
    with np.errstate(invalid="ignore", divide="ignore"):
        delta = mean - amean
        safe = np.where(tot > 0, tot, 1)
        new_mean = np.where(tot > 0, amean + delta * n / safe, 0.0)
        new_m2 = am2 + m2 + np.where(tot > 0, delta * delta * an * n / safe, 0.0)
    return tot, new_mean, new_m2


COLUMNS = ["companion", "n", "x", "y", "z", "a_n", "a_mean", "a_m2", "b_n", "b_mean", "b_m2"]


def _table(acc: CardSums | None, slices: dict, names: list[str], by: list[str],
           nb: int) -> pd.DataFrame:
    """The sums as rows: kind, the slice keys, then :data:`COLUMNS`."""
    cols = ["kind"] + by + COLUMNS
    if acc is None:
        return pd.DataFrame(columns=cols)
    rows = []
    nan = np.nan
    none = [nan] * 6
    for key, s in slices.items():
        f_n, f_ws, b_n, b_s = acc.field[s]
        if f_n:
            rows.append(["field", *key, None, f_n, f_ws, nan, nan, *none])
        rows.append(["bursts", *key, None, b_n, b_s, nan, nan, *none])
        for c, name in enumerate(names):
            o = acc.offered[s, c]
            if o:
                rows.append(["offers", *key, name, o, acc.taken[s, c], acc.games[s, c], nan,
                             *none])
            if acc.passed[s, c]:
                rows.append(["passed", *key, name, acc.passed[s, c], acc.passed_ws[s, c],
                             nan, nan, *none])
            if acc.rec[s, c]:
                rows.append(["recruited", *key, name, acc.rec[s, c], acc.rec_ws[s, c], nan,
                             nan, *none])
            if acc.diff_n[s, c]:
                rows.append(["recruited_moments", *key, name, nan, nan, nan, nan,
                             acc.diff_n[s, c], acc.diff_mean[s, c], acc.diff_m2[s, c],
                             nan, nan, nan])
            if acc.r_n[s, c]:
                rows.append(["recruits", *key, name, acc.r_n[s, c], acc.r_left[s, c],
                             acc.r_eff[s, c], acc.r_prt[s, c],
                             acc.pick_n[s, c], acc.pick_mean[s, c], acc.pick_m2[s, c],
                             acc.bursts_n[s, c], acc.bursts_mean[s, c], acc.bursts_m2[s, c]])
    # blocks of the rank bootstrap: y = the block
    for key, s in sorted(slices.items(), key=lambda kv: kv[1]):
        for b in range(nb):
            for c in np.nonzero(acc.block_n[s, b])[0]:
                rows.append(["block", *key, names[c], acc.block_n[s, b, c],
                             acc.block_ws[s, b, c], float(b), nan, *none])
    return pd.DataFrame(rows, columns=cols)
