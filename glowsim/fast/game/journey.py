"""R6 Afternoon: the Province of Shadows (E7) and the Archipelago of Darkness (E8)."""
from __future__ import annotations

from ...content import codes as C
from ..bots.policy import choose_archi_move, choose_province_move
from ..kernel.dice import cursed_symbol
from ..kernel.effects import add_amounts
from ..jit import inline, kernel
from ..kernel.journal import log_decision
from ..kernel.ktables import (AV_DEG, AV_GAIN, AV_LOSE, AV_NB, PE_LOSE, PV_DEG, PV_ED, PV_GAIN,
                              PV_LOSE, PV_NB, PV_NEED, SET_NPROV)
from ..kernel.legal import archi_cost, archi_k, step_cost, unused_die
from .butterflies import has_action, offer_actions
from .lose import lose_companion_or_spell, lose_row
from ...spec.decisions import ARCHI_MOVE, MOVE_ENCAMP, MOVE_END, PAY_DIE, PROVINCE_MOVE
from ..kernel.state import (BD_ENT, DF_USED, G_BAG, G_N, G_SIDE, NBOATS, P_BOAT, P_COMPANY,
                            P_ENCAMP, P_FOOT, PD_FL)


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
    province_journey(K, S, p, False, False, 0, 0, 0)


@inline
def province_journey(K, S, p, moved, forced, op0, v0, pay0):
    """p's Province moves from where its journey stands (the spaces entered in BD_ENT,
    ``moved``: it has stepped already); ``forced``: its next move is (op0, v0, pay0), taken
    without asking the bot (a game resumed at that move: the action token offer before it
    made)."""
    while True:
        if forced:
            op, v, pay = op0, v0, pay0
            forced = False
        else:
            if S.g[G_BAG] != 0 and has_action(K, S, p):
                offer_actions(K, S, p)      # D14: an action token at any moment of the afternoon
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
    if S.g[G_BAG] != 0 and has_action(K, S, p):
        offer_actions(K, S, p)          # D14: an action token before the crossing
    u, v = choose_archi_move(K, S, p)
    archi_cross(K, S, p, u, v)


@inline
def archi_cross(K, S, p, u, v):
    """p's boat on island u crosses to v (ARCHI_MOVE; u < 0: no move) and takes its gains."""
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
    afternoon_from(K, S, 0, 0, 0, 0, 0)


@inline
def afternoon_from(K, S, first, cut, op0, a0, b0):
    """The journeys from turn position `first` on; ``cut`` != 0: that player's journey stands
    at a move (a game resumed there: on the Province, the spaces it entered in BD_ENT and its
    company where it is) and its move row is (op0, a0, b0) (PROVINCE_MOVE: MOVE_*, space,
    PAY_*; ARCHI_MOVE: island, destination), taken without asking the bot."""
    side = S.g[G_SIDE]
    for pick in range(first, S.g[G_N]):
        p = S.work[0].turn[pick]
        if pick == first and cut != 0:
            if side == C.PROVINCE:
                entered = 0
                for v in range(K.setup[SET_NPROV]):
                    entered += S.bd[BD_ENT + v]
                province_journey(K, S, p, entered > 1, True, op0, a0, b0)
            else:
                archi_cross(K, S, p, op0, a0)
        elif side == C.PROVINCE:
            province_afternoon(K, S, p)
        else:
            archi_afternoon(K, S, p)


@inline
def afternoon_after_lose(K, S, first, what, row, at_edge):
    """The journeys from turn position `first` on, resumed within that player's move at the
    LOSE decision a gain of it asks (R6): the row (what, row) taken; on the Province the
    space's gains follow when the path's asked it (``at_edge`` != 0), then the journey goes on
    from the space entered; the journeys after it by the bots."""
    p = S.work[0].turn[first]
    lose_row(S, p, what, row)
    if S.g[G_SIDE] == C.PROVINCE:
        if at_edge != 0:
            pv = K.prov[S.pl[p, P_COMPANY]]
            take_gain(K, S, p, pv[PV_GAIN:PV_GAIN + 4], pv[PV_LOSE])
        province_journey(K, S, p, True, False, 0, 0, 0)
    afternoon_from(K, S, first + 1, 0, 0, 0, 0)
