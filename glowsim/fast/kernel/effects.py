"""Bookkeeping shared by the phases: score, amounts, companions leaving play, spells,
reserve dice, Kaar's black die."""
from __future__ import annotations

from ...content import codes as C
from .dice import roll_track_until_element
from ..jit import inline, kernel
from .ktables import SET_ELSPACE, SET_TRACKLEN
from .state import (BD_RES, CD_CEM, CD_SPENT, DF_GONE, G_BLACK, G_CNTP, G_NSPENT, G_ROUND, LOC_BOX,
                    NPC, NPS, P_FIRE, P_FOOT, P_GAINED_TOK, P_LAPPED, P_NCOMP, P_ND, P_NSPELL,
                    P_SCORE, P_TOK, PC_DIE, PC_REC, PC_ROW, PD_FL, PD_SK, PS_ROW, R_LEFT, SD_FACE,
                    SD_LOC)


@inline
def add_score(K, S, p, n):
    """Bursts during play: never below 0 (R5); reaching the track length laps it (E6)."""
    v = S.pl[p, P_SCORE] + n
    if v < 0:
        v = 0
    S.pl[p, P_SCORE] = v
    if v >= K.setup[SET_TRACKLEN]:
        S.pl[p, P_LAPPED] = 1


@inline
def add_amounts(K, S, p, bursts, footprints, fireflies, rerolls):
    """R5: gains and losses of the four amounts; losses stop at 0 during play."""
    if bursts != 0:
        add_score(K, S, p, bursts)
    v = S.pl[p, P_FOOT] + footprints
    S.pl[p, P_FOOT] = v if v > 0 else 0
    v = S.pl[p, P_FIRE] + fireflies
    S.pl[p, P_FIRE] = v if v > 0 else 0
    if rerolls > 0:
        S.pl[p, P_GAINED_TOK] += rerolls
    v = S.pl[p, P_TOK] + rerolls
    S.pl[p, P_TOK] = v if v > 0 else 0


@inline
def find_companion(S, p, row):
    """Position of companion row among p's companions, -1 if p does not hold it."""
    c = S.pc[p, PC_ROW]
    for k in range(S.pl[p, P_NCOMP]):
        if c[k] == row:
            return k
    return -1


@kernel
def leave_play(S, p, k):
    """The companion at position k leaves play for the cemetery; a Sketal's die goes back
    to the reserve at once and is gone for the rest of the round (R3)."""
    c = S.pc[p]
    row = c[PC_ROW, k]
    col = c[PC_DIE, k]
    rec = c[PC_REC, k]
    n = S.pl[p, P_NCOMP]
    for f in range(NPC):
        for i in range(k, n - 1):
            c[f, i] = c[f, i + 1]
        c[f, n - 1] = 0
    c[PC_ROW, n - 1] = -1
    c[PC_DIE, n - 1] = -1
    c[PC_REC, n - 1] = -1
    S.pl[p, P_NCOMP] = n - 1
    S.cd[CD_CEM, row] = 1
    if col >= 0:
        S.bd[BD_RES + col] += 1
        for j in range(S.pl[p, P_ND]):
            if S.pd[p, PD_SK, j] == row:
                S.pd[p, PD_FL, j] |= DF_GONE
                S.g[G_CNTP] = -1   # the cached effective counts are stale
    if rec >= 0:
        S.rc[rec, R_LEFT] = S.g[G_ROUND]


@kernel
def add_companion(S, p, row, rec):
    """Append a companion (the last recruited); returns its position."""
    k = S.pl[p, P_NCOMP]
    c = S.pc[p]
    for f in range(NPC):
        c[f, k] = 0
    c[PC_ROW, k] = row
    c[PC_DIE, k] = -1
    c[PC_REC, k] = rec
    S.pl[p, P_NCOMP] = k + 1
    return k


@kernel
def remove_spell(S, p, i):
    """Spell token i leaves the player's hand and the game."""
    n = S.pl[p, P_NSPELL]
    s = S.ps[p]
    row = s[PS_ROW, i]
    for f in range(NPS):
        for m in range(i, n - 1):
            s[f, m] = s[f, m + 1]
        s[f, n - 1] = 0
    s[PS_ROW, n - 1] = -1
    S.pl[p, P_NSPELL] = n - 1
    S.cd[CD_SPENT, S.g[G_NSPENT]] = row
    S.g[G_NSPENT] += 1


@kernel
def bring_black_die(K, S):
    """R3/E5/E12 Kaar: the black die, if not yet in play, is rolled on the track stream
    until it shows an element and put on that space."""
    b = S.g[G_BLACK]
    if S.sd[SD_LOC, b] != LOC_BOX:
        return
    f = roll_track_until_element(K, S, C.BLACK)
    S.sd[SD_FACE, b] = f
    S.sd[SD_LOC, b] = K.setup[SET_ELSPACE + K.dsym[C.BLACK, f]]
