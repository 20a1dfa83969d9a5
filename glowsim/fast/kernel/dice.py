"""Dice of the fast path: rolls, the canonical list (E2), the curse and effective counts (R5)."""
from __future__ import annotations

from ...content import codes as C
from ...seeding import STREAM_SEAT_DICE, STREAM_TRACK
from ..jit import inline, kernel
from .journal import draw_face
from .ktables import IT_ADVCOL, IT_ADVDICE, SET_ELSPACE, SET_NSMALL, SET_SMALL
from .state import (DF_GONE, G_BLACK, G_NSD, LOC_PLAYER, P_ADV, P_NCOMP, P_ND, P_NSMALL, PC_DIE,
                    PC_PEND, PC_ROW, PD_COL, PD_FACE, PD_FL, PD_SK, PD_SMALL, SD_COL, SD_FACE,
                    SD_LOC)


@inline
def roll_seat(S, p):
    """A face from seat p's dice stream."""
    return draw_face(S, STREAM_SEAT_DICE + p)


@kernel
def roll_track_until_element(K, S, color):
    """R2/R3/R7: roll on the track stream until the die shows an element."""
    f = draw_face(S, STREAM_TRACK)
    while K.dsym[color, f] >= C.N_ELEMENTS:
        f = draw_face(S, STREAM_TRACK)
    return f


@inline
def place_small_dice(K, S, black_loc):
    """Setup (R2/R7, solo R9): the small dice of the setup rolled in order on the track
    stream until each shows an element, placed on that element's space; the black die
    after them, at `black_loc` (the box, or out of the game solo)."""
    nsd = K.setup[SET_NSMALL]
    for i in range(nsd):
        col = K.setup[SET_SMALL + i]
        f = roll_track_until_element(K, S, col)
        S.sd[SD_COL, i] = col
        S.sd[SD_FACE, i] = f
        S.sd[SD_LOC, i] = K.setup[SET_ELSPACE + K.dsym[col, f]]
    S.sd[SD_COL, nsd] = C.BLACK
    S.sd[SD_LOC, nsd] = black_loc
    S.sd[SD_FACE, nsd] = 0
    S.g[G_BLACK] = nsd
    S.g[G_NSD] = nsd + 1


@inline
def return_small_dice(K, S, p):
    """E10 (solo R9 too): p's small dice back to the track in the order p holds them, each on
    the space of the element it shows (a footprint or curse face rerolled on the track stream
    until it shows an element); p then holds no dice."""
    d = S.pd[p]
    for j in range(S.pl[p, P_ND]):
        i = d[PD_SMALL, j]
        if i < 0:
            continue
        col = d[PD_COL, j]
        f = d[PD_FACE, j]
        if K.dsym[col, f] >= C.N_ELEMENTS:
            f = roll_track_until_element(K, S, col)
        S.sd[SD_FACE, i] = f
        S.sd[SD_LOC, i] = K.setup[SET_ELSPACE + K.dsym[col, f]]
    S.pl[p, P_ND] = 0


@inline
def add_die(S, p, nd, col, sk, small):
    """Die nd of p's list: colour col, face 0, no flag, brought by item sk (-1) or small
    die small (-1)."""
    d = S.pd[p]
    d[PD_COL, nd] = col
    d[PD_FACE, nd] = 0
    d[PD_FL, nd] = 0
    d[PD_SK, nd] = sk
    d[PD_SMALL, nd] = small


@kernel
def build_dice(K, S, p):
    """E2: adventurer large dice, Sketal dice (recruitment order, not pending), small dice by colour."""
    nd = 0
    adv = S.pl[p, P_ADV]
    col = K.item[adv, IT_ADVCOL]
    for _ in range(K.item[adv, IT_ADVDICE]):
        add_die(S, p, nd, col, -1, -1)
        nd += 1
    c = S.pc[p]
    for k in range(S.pl[p, P_NCOMP]):
        if c[PC_DIE, k] >= 0 and c[PC_PEND, k] == 0:
            add_die(S, p, nd, c[PC_DIE, k], c[PC_ROW, k], -1)
            nd += 1
    # small dice taken this round by colour, then index (listed in index order, then a stable
    # insertion sort by colour)
    held = S.work[0].small
    ns = 0
    for i in range(S.g[G_NSD]):   # listed without a branch per die (whose it is is data)
        colr = S.sd[SD_COL, i]
        held[ns] = i
        ns += int(S.sd[SD_LOC, i] == LOC_PLAYER + p) & int(0 <= colr < C.N_COLORS)
    for a in range(1, ns):
        i = held[a]
        colr = S.sd[SD_COL, i]
        m = a
        while m > 0 and S.sd[SD_COL, held[m - 1]] > colr:
            held[m] = held[m - 1]
            m -= 1
        held[m] = i
    for m in range(ns):
        add_die(S, p, nd, S.sd[SD_COL, held[m]], -1, held[m])
        nd += 1
    S.pl[p, P_ND] = nd
    S.pl[p, P_NSMALL] = ns
    return nd


@inline
def cursed_symbol(K, S, p):
    """R5: the symbol ignored by the holder of the black die (an element or CURSE), or -1."""
    d = S.pd[p]
    for j in range(S.pl[p, P_ND]):
        if d[PD_COL, j] == C.BLACK and (d[PD_FL, j] & DF_GONE) == 0:
            s = K.dsym[C.BLACK, d[PD_FACE, j]]
            if s < C.N_ELEMENTS:
                return s
            return C.CURSE
    return -1


@inline
def is_effective(K, S, p, j, cs):
    """R5/E2: not gone, not ignored by the player's black die (cs = cursed_symbol)."""
    d = S.pd[p]
    if (d[PD_FL, j] & DF_GONE) != 0:
        return False
    if cs < 0:
        return True
    if cs == C.CURSE:
        return d[PD_COL, j] != C.BLACK
    return K.dsym[d[PD_COL, j], d[PD_FACE, j]] != cs


@kernel
def effective_counts(K, S, p, counts):
    """Symbol counts over the effective dice (R5) into counts (int[8])."""
    for s in range(C.N_SYMBOLS):
        counts[s] = 0
    cs = cursed_symbol(K, S, p)
    d = S.pd[p]
    for j in range(S.pl[p, P_ND]):
        if is_effective(K, S, p, j, cs):
            counts[K.dsym[d[PD_COL, j], d[PD_FACE, j]]] += 1
