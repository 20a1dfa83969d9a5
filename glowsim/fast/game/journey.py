"""R6 Afternoon: the Province of Shadows (E7) and the Archipelago of Darkness (E8)."""
from __future__ import annotations

from ...content import codes as C
from ..bots.policy import choose_archi_move, choose_lose, choose_province_move
from ..kernel.dice import cursed_symbol
from ..kernel.effects import add_amounts, find_companion, leave_play, remove_spell
from ..jit import inline, kernel
from ..kernel.journal import log_decision
from ..kernel.ktables import (AV_DEG, AV_GAIN, AV_LOSE, AV_NB, PE_LOSE, PV_DEG, PV_ED, PV_GAIN,
                              PV_LOSE, PV_NB, PV_NEED, SET_NPROV)
from ..kernel.legal import archi_cost, archi_k, step_cost, unused_die
from ...spec.decisions import ARCHI_MOVE, LOSE, MOVE_ENCAMP, MOVE_END, PAY_DIE, PROVINCE_MOVE
from ..kernel.state import (BD_ENT, DF_USED, G_N, G_SIDE, NBOATS, P_BOAT, P_COMPANY, P_ENCAMP,
                            P_FOOT, P_NCOMP, P_NSPELL, PD_FL, PS_ROW)


@kernel
def lose_companion_or_spell(K, S, p):
    """R6: discard a companion in play (no effect) or cancel a held spell (LOSE decision);
    a spell row cancels the earliest-drawn token of that row."""
    if S.pl[p, P_NCOMP] == 0 and S.pl[p, P_NSPELL] == 0:
        return
    what, row = choose_lose(K, S, p)
    log_decision(S, p, LOSE, what, row, -1, -1, -1, -1)
    if what == 0:
        leave_play(S, p, find_companion(S, p, row))
    else:
        for i in range(S.pl[p, P_NSPELL]):
            if S.ps[p, PS_ROW, i] == row:
                remove_spell(S, p, i)
                break


@kernel
def take_gain(K, S, p, gain, lose):
    """A board gain: the 4 amounts, then its lose flag."""
    if gain[0] != 0 or gain[1] != 0 or gain[2] != 0 or gain[3] != 0:
        add_amounts(K, S, p, gain[0], gain[1], gain[2], gain[3])
    if lose != 0:
        lose_companion_or_spell(K, S, p)


# ---- Province of Shadows (side 1) ----

@kernel
def province_step(K, S, p, v, pay):
    """Enter space v (E7): pay, then the edge's gains, then the space's gains."""
    cs = cursed_symbol(K, S, p)
    cost = step_cost(K, S, p, v, pay, cs)
    need = K.prov[v, PV_NEED]
    if need >= 0 and pay == PAY_DIE:
        j = unused_die(K, S, p, need, cs)
        S.pd[p, PD_FL, j] |= DF_USED
    S.pl[p, P_FOOT] -= cost
    u = S.pl[p, P_COMPANY]
    S.pl[p, P_COMPANY] = v
    S.bd[BD_ENT + v] = 1
    e = -1
    for a in range(K.prov[u, PV_DEG]):   # the edge u -> v, without a branch on the slot (data)
        e += int(K.prov[u, PV_NB + a] == v) * (K.prov[u, PV_ED + a] - e)
    pe = K.pedge[e]
    take_gain(K, S, p, pe[0:4], pe[PE_LOSE])
    pv = K.prov[v]
    take_gain(K, S, p, pv[PV_GAIN:PV_GAIN + 4], pv[PV_LOSE])


@inline
def province_afternoon(K, S, p):
    """p's Province journey (R6): steps while the bot moves, then it ends or camps."""
    for v in range(K.setup[SET_NPROV]):
        S.bd[BD_ENT + v] = 0
    S.bd[BD_ENT + S.pl[p, P_COMPANY]] = 1
    moved = False
    while True:
        op, v, pay = choose_province_move(K, S, p, moved)
        log_decision(S, p, PROVINCE_MOVE, op, v, pay, -1, -1, -1)
        if op == MOVE_END:
            break
        if op == MOVE_ENCAMP:
            S.pl[p, P_ENCAMP] = S.pl[p, P_COMPANY]
            break
        province_step(K, S, p, v, pay)
        moved = True


# ---- Archipelago of Darkness (side 2) ----

@inline
def archi_afternoon(K, S, p):
    """p's Archipelago journey (R6): at most one boat move and its island's gains."""
    u, v = choose_archi_move(K, S, p)
    log_decision(S, p, ARCHI_MOVE, u, v, -1, -1, -1, -1)
    if u < 0:
        return
    k = archi_k(K, S, p)
    for a in range(K.arch[u, AV_DEG]):
        if K.arch[u, AV_NB + a] == v:
            S.pl[p, P_FOOT] -= archi_cost(K, S, p, u, a, k)
            break
    for b in range(NBOATS):
        if S.pl[p, P_BOAT + b] == u:
            S.pl[p, P_BOAT + b] = v
            break
    av = K.arch[v]
    take_gain(K, S, p, av[AV_GAIN:AV_GAIN + 4], av[AV_LOSE])


@inline
def afternoon(K, S):
    """Every player's journey in turn order (R6)."""
    side = S.g[G_SIDE]
    for pick in range(S.g[G_N]):
        p = S.work[0].turn[pick]
        if side == C.PROVINCE:
            province_afternoon(K, S, p)
        else:
            archi_afternoon(K, S, p)
