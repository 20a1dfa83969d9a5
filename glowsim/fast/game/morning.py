"""R3 Morning: each player, in turn order, recruits a companion with the small dice and
footprint tokens of its space; Sketal dice, Kaar's black die, the 2-player discard."""
from __future__ import annotations

from ...content import codes as C
from ..bots.policy import choose_discard2p, choose_recruit, choose_sketal_die
from ..kernel.effects import add_companion, bring_black_die
from ..jit import inline, kernel
from ...spec.decisions import DISCARD_2P, RECRUIT, SKETAL_DIE
from ..kernel.journal import log_decision
from ..solo.tom import take_tile
from ..kernel.ktables import IT_BLACK, IT_SKETAL
from ..kernel.state import (BD_RES, BD_TRC, BD_TRFP, CD_CEM, ERR_REC_BUF, G_BLACK, G_ERR, G_N,
                            G_NREC, G_NSD, G_NSPACE, G_ROUND, LOC_PLAYER, NSPACE, P_FOOT, P_NCOMP,
                            PC_DIE, PC_PEND, PC_ROW, R_COMP, R_EFFB, R_LEFT, R_OFFERED, R_OFFERED2, R_PICK,
                            R_ROUND, R_SEAT, R_TILE, SD_LOC)


@kernel
def new_recruit_row(S, p, row, pick, offered):
    """A row of the recruits table (section 6); pick -1 for a Cromaug take."""
    k = S.g[G_NREC]
    if k >= S.rc.shape[0]:
        S.g[G_ERR] = ERR_REC_BUF
        return -1
    r = S.rc[k]
    r[R_ROUND] = S.g[G_ROUND]
    r[R_PICK] = pick
    r[R_SEAT] = p
    r[R_COMP] = row
    r[R_OFFERED] = offered
    r[R_LEFT] = -1
    r[R_EFFB] = 0
    r[R_TILE] = -1     # solo (R9): Tom's tile taken with it, set by the solo morning
    r[R_OFFERED2] = 0
    S.g[G_NREC] = k + 1
    return k


@kernel
def take_sketal_die(K, S, p, k, pending):
    """R3: a Sketal takes the large die of its colour from the reserve (`any`: SKETAL_DIE
    decision among the reserve colours); none available, no die.  ``pending``: taken
    mid-round by Cromaug, rolled from the next round (E12)."""
    row = S.pc[p, PC_ROW, k]
    want = K.item[row, IT_SKETAL]
    if want == C.ANY_COLOR:
        avail = 0
        for c in range(C.N_COLORS):
            avail += S.bd[BD_RES + c]
        if avail == 0:
            return
        col = choose_sketal_die(K, S, p, row)
        log_decision(S, p, SKETAL_DIE, col, -1, -1, -1, -1, -1)
    elif S.bd[BD_RES + want] > 0:
        col = want
    else:
        return
    give_sketal_die(S, p, k, col, pending)


@kernel
def give_sketal_die(S, p, k, col, pending):
    """The reserve's large die of colour `col` to p's companion at position k (R3)."""
    S.bd[BD_RES + col] -= 1
    S.pc[p, PC_DIE, k] = col
    S.pc[p, PC_PEND, k] = 1 if pending else 0


@inline
def morning(K, S):
    """The morning (R3, E5): each player in turn order recruits a companion with its
    space's small dice and footprints (2 players: the first then discards one, R7; solo:
    Tom takes the tile opposite, R9); the companions left go to the cemetery."""
    morning_from(K, S, 0, -1, -1)


@kernel
def discard_2p(K, S, p, space):
    """R7 (2 players): after the first pick, p sends a companion left on the track to the
    cemetery (DISCARD_2P), the one of `space` when >= 0, else the bot's."""
    left = 0
    for s in range(NSPACE):
        if S.bd[BD_TRC + s] >= 0:
            left += 1
    if left > 0:
        s = space if space >= 0 else choose_discard2p(K, S, p)
        log_decision(S, p, DISCARD_2P, s, -1, -1, -1, -1, -1)
        S.cd[CD_CEM, S.bd[BD_TRC + s]] = 1
        S.bd[BD_TRC + s] = -1


@inline
def morning_after_recruit(K, S, pick, sketal, space):
    """The morning resumed within turn position `pick`'s recruit (the companion taken):
    ``sketal`` >= 0, its Sketal's die of that colour (SKETAL_DIE), then Kaar's black die, the
    2-player discard and (solo, R9) Tom's tile opposite `space`, the space recruited from, as
    the morning has them; else the 2-player discard of `space` (DISCARD_2P); then the picks
    after it."""
    p = S.work[0].turn[pick]
    if sketal >= 0:
        log_decision(S, p, SKETAL_DIE, sketal, -1, -1, -1, -1, -1)
        k = S.pl[p, P_NCOMP] - 1
        give_sketal_die(S, p, k, sketal, False)
        if K.item[S.pc[p, PC_ROW, k], IT_BLACK] != 0:
            bring_black_die(K, S, True)
        if S.g[G_N] == 2 and pick == 0:
            discard_2p(K, S, p, -1)
        if S.g[G_N] == 1:
            take_tile(K, S, -1, space)
    else:
        discard_2p(K, S, p, space)
    morning_from(K, S, pick + 1, -1, -1)


@inline
def morning_from(K, S, first, space0, move0):
    """The morning from turn position `first` on (a game resumed at a recruit pick: the
    picks before it were made); with ``space0`` >= 0 that first pick is the row
    (space0, move0), taken without asking the bot."""
    n = S.g[G_N]
    nsd = S.g[G_NSD]
    for pick in range(first, n):
        p = S.work[0].turn[pick]
        offered = 0
        offered2 = 0
        dealt = 0
        for s in range(S.g[G_NSPACE]):
            r = S.bd[BD_TRC + s]
            if r >= 0:
                dealt += 1
                if r < 64:
                    offered |= 1 << r
                else:
                    offered2 |= 1 << (r - 64)
        if dealt == 0:   # solo (R9): no companion could be dealt, nothing to recruit
            continue
        if pick == first and space0 >= 0:
            space, move_to = space0, move0
        else:
            space, move_to = choose_recruit(K, S, p, pick)
        log_decision(S, p, RECRUIT, space, move_to, -1, -1, -1, -1)
        if move_to >= 0:   # R3/E5: Kaar's player first moves the black die away
            S.sd[SD_LOC, S.g[G_BLACK]] = move_to
        row = S.bd[BD_TRC + space]
        S.bd[BD_TRC + space] = -1
        for i in range(nsd):
            if S.sd[SD_LOC, i] == space:
                S.sd[SD_LOC, i] = LOC_PLAYER + p
        S.pl[p, P_FOOT] += S.bd[BD_TRFP + space]
        S.bd[BD_TRFP + space] = 0
        rec = new_recruit_row(S, p, row, pick, offered)
        if rec >= 0:
            S.rc[rec, R_OFFERED2] = offered2
        k = add_companion(S, p, row, rec)
        if K.item[row, IT_SKETAL] >= 0:
            take_sketal_die(K, S, p, k, False)
        if K.item[row, IT_BLACK] != 0:
            bring_black_die(K, S, True)
        if n == 2 and pick == 0:
            discard_2p(K, S, p, -1)
        if n == 1:   # solo (R9): Tom's tile opposite the space (fast/solo/tom.py)
            take_tile(K, S, rec, space)
    for s in range(S.g[G_NSPACE]):
        if S.bd[BD_TRC + s] >= 0:
            S.cd[CD_CEM, S.bd[BD_TRC + s]] = 1
            S.bd[BD_TRC + s] = -1
