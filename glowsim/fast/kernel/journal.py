"""Kernel side of the game record: every die face drawn and every decision row.

Only games whose record was requested write (``g[G_RECORD] == 1``); a full
buffer flags ``G_ERR`` instead of writing past the end.  Decisions are counted in every
game (``g[G_DECN]``): forks (kernel/forkcontrol.py) name a decision by that index.
"""
from __future__ import annotations

from .streams import nb_uniform_int
from ..jit import inline
from .state import ERR_DEC_BUF, ERR_DICE_BUF, G_DECN, G_ERR, G_NDEC, G_NDICE, G_RECORD


@inline
def draw_face(S, stream):
    """One die face 0..5 from a stream (section 5), appended to the record."""
    f = nb_uniform_int(S.streams, stream, 6)
    if S.g[G_RECORD] != 0:
        k = S.g[G_NDICE]
        if k < S.rdice.shape[0]:
            S.rdice[k] = f
            S.g[G_NDICE] = k + 1
        else:
            S.g[G_ERR] = ERR_DICE_BUF
    return f


@inline
def log_decision(S, p, kind, a, b, c, d, e, f):
    """Append the decision row ``[p, kind, a..f]`` (contract.md section 3); every decision,
    recorded or not, is counted in ``g[G_DECN]`` (its index in the game's decision list)."""
    S.g[G_DECN] += 1
    if S.g[G_RECORD] != 0:
        k = S.g[G_NDEC]
        if k < S.rdec.shape[0]:
            r = S.rdec[k]
            r[0] = p
            r[1] = kind
            r[2] = a
            r[3] = b
            r[4] = c
            r[5] = d
            r[6] = e
            r[7] = f
            S.g[G_NDEC] = k + 1
        else:
            S.g[G_ERR] = ERR_DEC_BUF
