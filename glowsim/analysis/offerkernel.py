"""The card pass's sums over one batch of games: one compiled pass over its recruits and
player-games (glowsim/analysis/offers.py reads the batches and merges their sums).

A batch is given with integer codes local to it: ``n_cards`` companions, ``n_slices``
slices, its player-games (``pg_*``, one row each) and its recruits a row group at a time
(``r_*``, one row each, ``r_pg`` the player-game of the recruit or -1 when it has none;
companions as dictionary indices and their row group's code table; offered lists as
(start, length) into the flattened ids).  :class:`CardSums` holds every sum: per batch,
:func:`recruit_pass` over each row group, :func:`player_pass` once, then
:func:`recruit_m2` over each row group again.  The per-cell means of the three moment
families are taken after the first passes, and the squared deviations from them summed
after (no cancellation), as :func:`glowsim.analysis.db.combine_moments` merges them.

The sets of distinct (player-game, companion) pairs (offered to the player at some pick
and never taken there, offered at all, recruited) are the bits of one byte per cell of a
(player-game x companion) matrix; the games in which a card was offered, the OR of the bits
of a game's player-games (``pg_game``: the batch's game of each player-game).

With NUMBA_DISABLE_JIT=1 the kernel runs as Python (slowly: tests use small runs).
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from ..compiling import Entry, register, watch

PASSED, OFFERED, RECRUITED = 1, 2, 4       # bits of a (player-game, companion) cell


class CardSums(NamedTuple):
    """Sums of one batch (or of a whole pass, merged).  ``(slice, card)`` arrays unless
    said; the ``*_mean`` are per-cell means and ``*_m2`` sums of squared deviations."""
    offered: np.ndarray       # picks at which the card was offered
    taken: np.ndarray         # picks at which it was offered and taken
    games: np.ndarray         # games in which it was offered
    passed: np.ndarray        # player-games offered it, never recruiting it
    passed_ws: np.ndarray     # their summed win shares
    rec: np.ndarray           # player-games that recruited it
    rec_ws: np.ndarray        # their summed win shares
    diff_n: np.ndarray        # recruiters' win share minus the others' mean: count
    diff_mean: np.ndarray
    diff_m2: np.ndarray
    r_n: np.ndarray           # recruits
    r_left: np.ndarray        # recruits that left play before the end
    r_eff: np.ndarray         # summed effect bursts
    r_prt: np.ndarray         # summed printed bursts
    pick_n: np.ndarray        # the recruits' pick positions (1 = first): count, mean, M2
    pick_mean: np.ndarray
    pick_m2: np.ndarray
    bursts_n: np.ndarray      # the recruits' bursts (effect + printed): count, mean, M2
    bursts_mean: np.ndarray
    bursts_m2: np.ndarray
    block_n: np.ndarray       # (slice, block, card): player-games that recruited it
    block_ws: np.ndarray      # (slice, block, card): their summed win shares
    field: np.ndarray         # (slice, 4): player-games with a win share, their summed win
                              # shares, recruits with both burst counts, their summed bursts


def empty_sums(n_slices: int, n_cards: int, n_blocks: int) -> CardSums:
    cell = (n_slices, n_cards)
    arrays = {name: np.zeros(cell) for name in CardSums._fields}
    arrays["block_n"] = np.zeros((n_slices, n_blocks, n_cards))
    arrays["block_ws"] = np.zeros((n_slices, n_blocks, n_cards))
    arrays["field"] = np.zeros((n_slices, 4))
    return CardSums(**arrays)


@njit(nogil=True, cache=True)
def recruit_pass(out, cells, r_pg, comp_lut, comp_idx, off_lut, off_idx, off_start, off_len,
                 r_pick, r_left, r_eff, r_prt, pg_slice):
    """Add one row group's recruits to ``out`` (offers, picks taken, per-recruit sums; the
    pick and burst moments as sums) and set their bits in ``cells`` (player-game x
    companion).  Recruits whose player-game has no slice count nowhere; null offered ids
    are skipped."""
    for r in range(len(r_pg)):
        p = r_pg[r]
        if p < 0:
            continue
        s = pg_slice[p]
        if s < 0:
            continue
        c = comp_lut[comp_idx[r]]
        taken = 0
        offered, cell = out.offered[s], cells[p]
        for e in range(off_start[r], off_start[r] + off_len[r]):
            x = off_lut[off_idx[e]]
            if x < 0:
                continue
            offered[x] += 1.0
            hit = 1 if x == c else 0          # without a branch: taken or passed
            taken |= hit
            cell[x] |= (PASSED | OFFERED) * (1 - hit)
        if taken:
            out.taken[s, c] += 1.0
            cells[p, c] |= OFFERED
        b = np.float64(r_eff[r]) + np.float64(r_prt[r])
        if not np.isnan(b):
            out.field[s, 2] += 1.0
            out.field[s, 3] += b
        if c < 0:
            continue
        cells[p, c] |= RECRUITED
        out.r_n[s, c] += 1.0
        if r_left[r] >= 0:
            out.r_left[s, c] += 1.0
        if not np.isnan(r_eff[r]):
            out.r_eff[s, c] += r_eff[r]
        if not np.isnan(r_prt[r]):
            out.r_prt[s, c] += r_prt[r]
        if not np.isnan(r_pick[r]):
            out.pick_n[s, c] += 1.0
            out.pick_mean[s, c] += r_pick[r] + 1.0
        if not np.isnan(b):
            out.bursts_n[s, c] += 1.0
            out.bursts_mean[s, c] += b


@njit(nogil=True, cache=True)
def player_pass(out, cells, pg_slice, pg_ws, pg_diff, pg_block, pg_game, n_games):
    """After every :func:`recruit_pass` of a batch: the distinct pairs' counts and win-share
    sums, the field, the games each card was offered in, the recruiters' differences
    (count, mean, squared deviations); the pick and burst sums become means.

    A player-game's cells are added to its slice's rows without a branch (each cell's bits
    as 0/1 factors): the bits of neighbouring cells follow no pattern, and mispredicted
    branches cost more than adding zeros (adding 0.0 leaves a sum unchanged)."""
    n_cards = out.offered.shape[1]
    seen = np.zeros((n_games, n_cards), dtype=np.uint8)
    for p in range(len(pg_slice)):
        s = pg_slice[p]
        if s < 0:
            continue
        ws = pg_ws[p]
        if not np.isnan(ws):
            out.field[s, 0] += 1.0
            out.field[s, 1] += ws
        w = 0.0 if np.isnan(ws) else ws
        d = 0.0 if np.isnan(pg_diff[p]) else pg_diff[p]
        has_d = 0.0 if np.isnan(pg_diff[p]) else 1.0
        cell, game_seen = cells[p], seen[pg_game[p]]
        games, rec, rec_ws = out.games[s], out.rec[s], out.rec_ws[s]
        passed, passed_ws = out.passed[s], out.passed_ws[s]
        diff_n, diff_sum = out.diff_n[s], out.diff_mean[s]
        block_n, block_ws = out.block_n[s, pg_block[p]], out.block_ws[s, pg_block[p]]
        for c in range(n_cards):
            bits = cell[c]
            r = np.float64((bits >> 2) & 1)                     # RECRUITED
            q = np.float64(bits & 1 & ~(bits >> 2))             # PASSED, never recruited
            first = (bits >> 1) & 1 & ~game_seen[c]             # OFFERED, new in the game
            game_seen[c] |= first
            games[c] += np.float64(first)
            rec[c] += r
            rec_ws[c] += w * r
            block_n[c] += r
            block_ws[c] += w * r
            diff_n[c] += has_d * r
            diff_sum[c] += d * r
            passed[c] += q
            passed_ws[c] += w * q
    _to_means(out.diff_n, out.diff_mean)
    _to_means(out.pick_n, out.pick_mean)
    _to_means(out.bursts_n, out.bursts_mean)
    for p in range(len(pg_slice)):
        s = pg_slice[p]
        if s < 0 or np.isnan(pg_diff[p]):
            continue
        d = pg_diff[p]
        cell, mean, m2 = cells[p], out.diff_mean[s], out.diff_m2[s]
        for c in range(n_cards):
            dev = d - mean[c]
            m2[c] += dev * dev * np.float64((cell[c] >> 2) & 1)


@njit(nogil=True, cache=True)
def recruit_m2(out, r_pg, comp_lut, comp_idx, r_pick, r_eff, r_prt, pg_slice):
    """After :func:`player_pass`: one row group's squared deviations of the pick positions
    and bursts from their cells' means (a second pass: no cancellation)."""
    for r in range(len(r_pg)):
        p = r_pg[r]
        if p < 0:
            continue
        c = comp_lut[comp_idx[r]]
        s = pg_slice[p]
        if s < 0 or c < 0:
            continue
        if not np.isnan(r_pick[r]):
            dev = r_pick[r] + 1.0 - out.pick_mean[s, c]
            out.pick_m2[s, c] += dev * dev
        b = np.float64(r_eff[r]) + np.float64(r_prt[r])
        if not np.isnan(b):
            dev = b - out.bursts_mean[s, c]
            out.bursts_m2[s, c] += dev * dev


@njit(nogil=True, cache=True)
def _to_means(n, total):
    """``total`` (sums) divided by ``n`` in place, 0 where ``n`` is 0."""
    for i in range(n.shape[0]):
        for j in range(n.shape[1]):
            total[i, j] = total[i, j] / n[i, j] if n[i, j] > 0 else 0.0


@njit(nogil=True, cache=True)
def find_rows(key_sorted, order, keys):
    """For each of ``keys``, ``order[i]`` where ``key_sorted[i]`` equals it (-1: absent).
    Recruits come game by game, so a key is looked for first next to the previous one's
    place (a few steps either way), then by bisection."""
    out = np.full(len(keys), -1, dtype=np.int64)
    n = len(key_sorted)
    if n == 0:
        return out
    last = 0
    for r in range(len(keys)):
        k = keys[r]
        pos = -1
        for j in range(max(last - 8, 0), min(last + 9, n)):
            if key_sorted[j] == k:
                pos = j
                break
        if pos < 0:
            lo, hi = 0, n
            while lo < hi:
                mid = (lo + hi) // 2
                if key_sorted[mid] < k:
                    lo = mid + 1
                else:
                    hi = mid
            if lo < n and key_sorted[lo] == k:
                pos = lo
        if pos >= 0:
            out[r] = order[pos]
            last = pos
    return out


def warm() -> None:
    """Every pass compiled (or loaded from numba's cache) on an empty batch of the types the
    card pass gives them (the report announces its compile: glowsim/cli/report.py)."""
    i32, i64, f32 = np.int32, np.int64, np.float32
    sums = empty_sums(1, 1, 1)
    cells = np.zeros((0, 1), dtype=np.uint8)
    none = np.zeros(0, dtype=i64)
    r_pg = find_rows(none, none, none)
    lut, idx, fl = np.zeros(1, dtype=i32), np.zeros(0, dtype=i32), np.zeros(0, dtype=f32)
    recruit_pass(sums, cells, r_pg, lut, idx, lut, idx, none, idx, fl, fl, fl, fl, none)
    player_pass(sums, cells, none, np.zeros(0), np.zeros(0), none, none, 0)
    recruit_m2(sums, r_pg, lut, idx, fl, fl, fl, none)


# the card pass as one compiled entry (glowsim/compiling.py): announced with its measured cold
# compile (glowsim bench --compile, idle 2-core machine) before it compiles, whoever calls it
register(Entry("cards", "the report's card pass",
               tuple(f"{__name__}:{n}" for n in ("recruit_pass", "player_pass", "recruit_m2",
                                                  "find_rows")),
               warm, 3.0))
watch()
