"""The recruits table's whole-number columns (contract.md section 6) from a played block's
recruit rows, in one compiled pass.

The kernels write each game's recruit rows into its own slots of ``Out.rc`` (``Out.nrec``
of them per game); the table wants them game after game with nothing between.  One pass
reads each row once and writes every column where it ends, contiguous, with the derived
ones (the game index, the printed bursts) in the same pass: no mask of valid slots, no index
array, no row matrix copied before the columns are taken from it.  The pass releases the
GIL, so the other game threads' Python (handing out parts) does not wait for it.
"""
from __future__ import annotations

import numpy as np

from ..jit import entry
from ..kernel.state import R_COMP, R_EFFB, R_LEFT, R_OFFERED, R_PICK, R_ROUND, R_SEAT, R_TILE

# rows of the array recruit_table returns, one per column
T_GAME, T_ROUND, T_PICK, T_SEAT, T_COMP, T_MASK, T_LEFT, T_EFFB, T_PRINTED, T_TILE = range(10)
NT = 10


@entry
def recruit_table(rc, nrec, start, bursts):
    """int64[NT, rows]: row T_* of it the column of that name, one entry per recruit row of
    the block (game after game, each game's rows in the order they happened).
    rc: int64[games, maxrec, NRF] and nrec: int64[games] of a played block (Out); start: the
    block's first game index; bursts: each item row's printed bursts (a companion kept to
    the end scores them: T_PRINTED is bursts[companion] when it never left, else 0)."""
    games = nrec.shape[0]
    n = 0
    for g in range(games):
        n += nrec[g]
    t = np.empty((NT, n), np.int64)
    k = 0
    for g in range(games):
        for i in range(nrec[g]):
            comp = rc[g, i, R_COMP]
            left = rc[g, i, R_LEFT]
            t[T_GAME, k] = start + g
            t[T_ROUND, k] = rc[g, i, R_ROUND]
            t[T_PICK, k] = rc[g, i, R_PICK]
            t[T_SEAT, k] = rc[g, i, R_SEAT]
            t[T_COMP, k] = comp
            t[T_MASK, k] = rc[g, i, R_OFFERED]
            t[T_LEFT, k] = left
            t[T_EFFB, k] = rc[g, i, R_EFFB]
            t[T_PRINTED, k] = bursts[comp] if left < 0 else 0
            t[T_TILE, k] = rc[g, i, R_TILE]
            k += 1
    return t
