"""Legal options of every decision (contract.md section 3), in the reference engine's order.

Each enumerator writes tuples of the 6 decision fields into ``S.opts`` and
returns their number; the random bot picks among them, the other bots build a
choice that is in the list by construction, and the tests compare the lists
with the reference engine's.  Helpers used by both the rules and the bots
(track steps, step costs, k of the Archipelago) live here too.
"""
from __future__ import annotations

from ...content import codes as C
from .dice import cursed_symbol, is_effective
from ..jit import inline, kernel
from ...spec.decisions import (MOVE_ENCAMP, MOVE_END, MOVE_STEP, OP_REROLL, OP_SET, OP_STOP,
                               PAY_DIE, PAY_FOOTPRINT, SRC_LUMIPILI, SRC_TOKEN, SRC_TRACK)
from .ktables import (AE_FCOST, AE_MAX, AE_MIN, AV_DEG, AV_ED, AV_NB, IT_BLACK, PV_DEG, PV_FCOST,
                      PV_FORBID, PV_NB, PV_NEED, PV_VILLAGE, SET_NARCH)
from .state import (BD_ENT, BD_TRC, DF_USED, G_BLACK, NBOATS, NSPACE, P_BOAT, P_COMPANY, P_FOOT,
                    P_LAPPED, P_LUMI, P_NCOMP, P_ND, P_NSPELL, P_SCORE, P_TOK, PC_ROW, PD_COL,
                    PD_FACE, PD_FL, PS_ROW, SD_LOC)


@inline
def put(S, n, a, b, c, d, e, f):
    """Option row n of S.opts: fields a..f."""
    o = S.opts[n]
    o[0] = a
    o[1] = b
    o[2] = c
    o[3] = d
    o[4] = e
    o[5] = f
    return n + 1


# ---- RECRUIT (R3) ----

@kernel
def has_kaar(K, S, p):
    """Whether p holds a companion that brings the black die (Kaar, R3)."""
    for k in range(S.pl[p, P_NCOMP]):
        if K.item[S.pc[p, PC_ROW, k], IT_BLACK] != 0:
            return True
    return False


@kernel
def black_space(S):
    """Meeting-track space where the black die lies, or -1."""
    loc = S.sd[SD_LOC, S.g[G_BLACK]]
    if 0 <= loc < NSPACE:
        return loc
    return -1


@kernel
def recruit_options(K, S, p):
    """(space, -1) for each space with a companion, then Kaar's black-die moves (R3/E5)."""
    n = 0
    for s in range(NSPACE):
        if S.bd[BD_TRC + s] >= 0:
            n = put(S, n, s, -1, -1, -1, -1, -1)
    bs = black_space(S)
    if bs >= 0 and S.bd[BD_TRC + bs] >= 0 and has_kaar(K, S, p):
        for t in range(NSPACE):
            if t != bs:
                n = put(S, n, bs, t, -1, -1, -1, -1)
    return n


# ---- REROLL (R4) ----

@kernel
def track_steps(K, S, p):
    """Score-track rerolls available: reroll spaces strictly below the score (R4, E6)."""
    if S.pl[p, P_LAPPED] != 0:
        return 0
    s = S.pl[p, P_SCORE]
    if s <= 0:
        return 0
    top = K.tsteps.shape[0] - 1
    return K.tsteps[s if s < top else top]   # the chain of K.below, tabled (ktables.py)


@kernel
def track_cost(K, S, p, steps):
    """Score points spent by `steps` track rerolls from the current score."""
    s = S.pl[p, P_SCORE]
    for _ in range(steps):
        s = K.below[s]
    return S.pl[p, P_SCORE] - s


@kernel
def reroll_options(K, S, p):
    """Stop; per source with rerolls left, each die and each pair i < j; then every
    set-face split b + c + d = 3 (lumipili, tokens, track), die and face."""
    nd = S.pl[p, P_ND]
    steps = track_steps(K, S, p)
    lumi = S.pl[p, P_LUMI]
    tok = S.pl[p, P_TOK]
    n = put(S, 0, OP_STOP, -1, -1, -1, -1, -1)
    for src in range(3):
        av = lumi if src == SRC_LUMIPILI else (tok if src == SRC_TOKEN else steps)
        if av <= 0:
            continue
        for i in range(nd):
            n = put(S, n, OP_REROLL, src, i, -1, -1, -1)
            for j in range(i + 1, nd):
                n = put(S, n, OP_REROLL, src, i, j, -1, -1)
    for b in range(min(3, lumi) + 1):
        for c in range(min(3 - b, tok) + 1):
            d = 3 - b - c
            if d > steps:
                continue
            for die in range(nd):
                for face in range(6):
                    n = put(S, n, OP_SET, b, c, d, die, face)
    return n


# ---- LOSE (R6) ----

@kernel
def lose_options(S, p):
    """(0, companion) in recruitment order, then (1, spell row) for each held row, sorted."""
    n = 0
    for k in range(S.pl[p, P_NCOMP]):
        n = put(S, n, 0, S.pc[p, PC_ROW, k], -1, -1, -1, -1)
    first = n
    for i in range(S.pl[p, P_NSPELL]):
        r = S.ps[p, PS_ROW, i]
        dup = False
        for m in range(first, n):
            if S.opts[m, 1] == r:
                dup = True
        if dup:
            continue
        m = n
        while m > first and S.opts[m - 1, 1] > r:
            S.opts[m, 0] = S.opts[m - 1, 0]
            S.opts[m, 1] = S.opts[m - 1, 1]
            m -= 1
        put(S, m, 1, r, -1, -1, -1, -1)
        n += 1
    return n


# ---- PROVINCE_MOVE (R6, E7) ----

@inline
def unused_die(K, S, p, e, cs):
    """First unused effective die (canonical order) showing element e, or -1 (E7)."""
    d = S.pd[p]
    for j in range(S.pl[p, P_ND]):
        if (d[PD_FL, j] & DF_USED) == 0 and is_effective(K, S, p, j, cs):
            if K.dsym[d[PD_COL, j], d[PD_FACE, j]] == e:
                return j
    return -1


@inline
def shows_effective(K, S, p, e, cs):
    """Does any effective die (used or not) show e? (forbid check, E7)"""
    d = S.pd[p]
    for j in range(S.pl[p, P_ND]):
        if is_effective(K, S, p, j, cs) and K.dsym[d[PD_COL, j], d[PD_FACE, j]] == e:
            return True
    return False


@kernel
def step_cost(K, S, p, v, pay, cs):
    """Footprints a step into space v costs with pay mode (E7); -1 if not allowed."""
    pv = K.prov[v]
    fp = pv[PV_FCOST]
    need = pv[PV_NEED]
    if need >= 0:
        if pay == PAY_DIE:
            if unused_die(K, S, p, need, cs) < 0:
                return -1
        elif pay == PAY_FOOTPRINT:
            fp += 1
        else:
            return -1
    elif pay != -1:
        return -1
    else:
        forbid = pv[PV_FORBID]
        if forbid >= 0 and shows_effective(K, S, p, forbid, cs):
            fp += 1
    if fp > S.pl[p, P_FOOT]:
        return -1
    return fp


@kernel
def province_options(K, S, p, moved):
    """End; encamp when standing on a village entered this afternoon; a step to each
    neighbour not entered this afternoon (need spaces: pay by die, then by footprint)."""
    cs = cursed_symbol(K, S, p)
    pos = S.pl[p, P_COMPANY]
    pv = K.prov[pos]
    n = put(S, 0, MOVE_END, -1, -1, -1, -1, -1)
    if moved and pv[PV_VILLAGE] >= 0:
        n = put(S, n, MOVE_ENCAMP, -1, -1, -1, -1, -1)
    for a in range(pv[PV_DEG]):
        v = pv[PV_NB + a]
        if S.bd[BD_ENT + v] != 0:
            continue
        if K.prov[v, PV_NEED] >= 0:
            for pay in range(2):
                if step_cost(K, S, p, v, pay, cs) >= 0:
                    n = put(S, n, MOVE_STEP, v, pay, -1, -1, -1)
        elif step_cost(K, S, p, v, -1, cs) >= 0:
            n = put(S, n, MOVE_STEP, v, -1, -1, -1, -1)
    return n


# ---- ARCHI_MOVE (R6, E8) ----

@inline
def has_boat(S, p, isl):
    """Whether p has a boat on island isl."""
    for b in range(NBOATS):
        if S.pl[p, P_BOAT + b] == isl:
            return True
    return False


@kernel
def archi_cost(K, S, p, u, a, k):
    """Footprints to move a boat from u over its neighbour slot a with k elements (E8),
    -1 if illegal."""
    v = K.arch[u, AV_NB + a]
    e = K.arch[u, AV_ED + a]
    if v != 0 and has_boat(S, p, v):
        return -1
    ae = K.aedge[e]
    if k > ae[AE_MAX]:
        return -1
    cost = ae[AE_FCOST]
    if k < ae[AE_MIN]:
        cost += ae[AE_MIN] - k
    if cost > S.pl[p, P_FOOT]:
        return -1
    return cost


@kernel
def archi_k(K, S, p):
    """k of R6: distinct elements among the effective dice."""
    cs = cursed_symbol(K, S, p)
    seen = 0
    d = S.pd[p]
    for j in range(S.pl[p, P_ND]):
        if is_effective(K, S, p, j, cs):
            s = K.dsym[d[PD_COL, j], d[PD_FACE, j]]
            if s < C.N_ELEMENTS:
                seen |= 1 << s
    k = 0
    for e in range(C.N_ELEMENTS):
        if (seen >> e) & 1:
            k += 1
    return k


@kernel
def archi_options(K, S, p):
    """No move (-1, -1), then (from, to) for each island holding a boat (ascending) and
    each neighbour the move is legal to."""
    k = archi_k(K, S, p)
    n = put(S, 0, -1, -1, -1, -1, -1, -1)
    for u in range(K.setup[SET_NARCH]):
        if not has_boat(S, p, u):
            continue
        for a in range(K.arch[u, AV_DEG]):
            if archi_cost(K, S, p, u, a, k) >= 0:
                n = put(S, n, u, K.arch[u, AV_NB + a], -1, -1, -1, -1)
    return n
