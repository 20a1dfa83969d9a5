"""The `greedy` preset: the reference engine's GreedyBot (glowsim.engine.bots), compiled.

Immediate value only, no planning.  Every choice scans the legal options in the
engine's order with the engine's scores and tie-breaks, so a fast-path game
with greedy bots is the same game as the reference engine's, decision for
decision (tests/fast check it).
"""
from __future__ import annotations

import numpy as np

from ...content import codes as C
from ..kernel.dice import cursed_symbol, effective_counts
from ..jit import kernel
from ..kernel.ktables import (AV_BURSTS, AV_DEG, AV_GAIN, AV_LOSE, AV_NB, AV_ED, AE_MIN, AE_FCOST,
                              IT_AMT, IT_BURSTS, IT_FIRE, IT_FLAGS, IT_NEED, IT_REROLL, IT_TKIND,
                              IT_ADVDICE, PV_VILLAGE, SET_NA, SET_NC, SET_NPROV)
from ..kernel.legal import archi_k, archi_options, province_options, recruit_options
from ...spec.decisions import (MOVE_ENCAMP, MOVE_END, MOVE_STEP, OP_REROLL, OP_STOP, PAY_FOOTPRINT,
                               SRC_LUMIPILI, SRC_TOKEN)
from ..kernel.state import (BD_TRC, BD_TRFP, CD_CEM, DF_GONE, G_NSD, MAXD, NSPACE, P_ADV, P_COMPANY,
                            P_ENCAMP, P_LUMI, P_NCOMP, P_ND, P_NSPELL, P_TOK, PC_ROW, PD_COL,
                            PD_FACE, PD_FL, PS_ROW, SD_COL, SD_LOC, record)
from ..kernel.triggers import applied_count

# the reroll choice's work scratch (S.greedy[0]; nothing kept between decisions)
GREEDY = record([
    ("have", np.int64, MAXD),     # die's expectation computed
    ("tot", np.float64, MAXD),    # sums of the noon value over the die's faces
    ("memo", np.int64, 81),       # noon value known for a symbol change, key (so + 1) * 9 + sn + 1
    ("memv", np.float64, 81),     # memoised noon values
    ("counts", np.int64, 8),      # Dawn (bots/dawn.py): symbol counts of a noon's worth
    ("nvals", np.float64, 81),    # Dawn planner (bots/dawnplan.py): a reroll's noon values, by memo's key
])


@kernel
def value(K, row):
    """Immediate worth of one application of an item's effect."""
    it = K.item[row]
    return (float(it[IT_AMT]) + float(it[IT_AMT + 1]) + 1.5 * float(it[IT_AMT + 2])
            + 1.5 * float(it[IT_AMT + 3]))


@kernel
def card_worth(K, row):
    """Printed worth of a card: its bursts, 1.5 per firefly and 2 per Lumipili reroll."""
    it = K.item[row]
    return float(it[IT_BURSTS]) + 1.5 * float(it[IT_FIRE]) + 2.0 * float(it[IT_REROLL])


@kernel
def noon_value(K, S, p, counts):
    """Sum over adventurer and companions of applied count times value."""
    tot = 0.0
    tot += applied_count(K, S.pl[p, P_ADV], counts) * value(K, S.pl[p, P_ADV])
    for k in range(S.pl[p, P_NCOMP]):
        r = S.pc[p, PC_ROW, k]
        tot += applied_count(K, r, counts) * value(K, r)
    return tot


@kernel
def adventurer(K, S, p):
    """E19 draft: most printed bursts plus two per large die; ties to the lower row."""
    nc = K.setup[SET_NC]
    best = -1
    bv = -1e300
    for a in range(K.setup[SET_NA]):
        if S.work[0].used[a] != 0:
            continue
        row = nc + a
        v = float(K.item[row, IT_BURSTS]) + 2.0 * float(K.item[row, IT_ADVDICE])
        if v > bv:
            bv = v
            best = row
    return best


@kernel
def recruit(K, S, p):
    """Printed worth + footprints + dice on the space, the black die avoided."""
    n = recruit_options(K, S, p)
    nsd = S.g[G_NSD]
    best = 0
    best_v = -1e300
    for o in range(n):
        s = S.opts[o, 0]
        move = S.opts[o, 1]
        row = S.bd[BD_TRC + s]
        ndice = 0
        has_black = False
        for i in range(nsd):
            if S.sd[SD_LOC, i] == s:
                ndice += 1
                if S.sd[SD_COL, i] == C.BLACK:
                    has_black = True
        v = card_worth(K, row) + S.bd[BD_TRFP + s] + 0.6 * ndice
        v += 0.5 * value(K, row) if K.item[row, IT_TKIND] != C.TRIG_NONE else 0.0
        if has_black:
            v -= 0.0 if move >= 0 else 2.0
        if v > best_v:
            best_v = v
            best = o
    return S.opts[best, 0], S.opts[best, 1]


@kernel
def discard2p(K, S, p):
    """Deny the best remaining card."""
    best = -1
    best_v = -1e300
    for s in range(NSPACE):
        r = S.bd[BD_TRC + s]
        if r >= 0:
            v = card_worth(K, r)
            if v > best_v:
                best_v = v
                best = s
    return best


@kernel
def needed_symbol(K, S, p, s):
    """Is symbol s needed by a `symbols` trigger of the adventurer or a companion?"""
    if K.item[S.pl[p, P_ADV], IT_NEED + s] > 0:
        return True
    for k in range(S.pl[p, P_NCOMP]):
        if K.item[S.pc[p, PC_ROW, k], IT_NEED + s] > 0:
            return True
    return False


@kernel
def reroll(K, S, p):
    """Free and token rerolls of one useless die when the expected gain is worth it.

    Scans the engine's single-die options (Lumipili, then tokens; each die in list order)
    with the engine's scores: a die's expected noon value after a reroll is computed once
    for both sources, by changing its symbol in the counts (memoised per symbol change)
    unless it is the black die (its face changes the curse) or gone."""
    counts = S.work[0].counts
    effective_counts(K, S, p, counts)
    base = noon_value(K, S, p, counts)
    d = S.pd[p]
    nd = S.pl[p, P_ND]
    cs = cursed_symbol(K, S, p)
    tot = S.greedy[0].tot
    have = S.greedy[0].have
    memo = S.greedy[0].memo
    memv = S.greedy[0].memv
    for j in range(nd):
        have[j] = 0
    for key in range(81):
        memo[key] = 0
    bsrc = -1
    bj = -1
    best_gain = 0.0
    for src in range(SRC_LUMIPILI, SRC_TOKEN + 1):
        if (S.pl[p, P_LUMI] if src == SRC_LUMIPILI else S.pl[p, P_TOK]) <= 0:
            continue
        for j in range(nd):
            col = d[PD_COL, j]
            if needed_symbol(K, S, p, K.dsym[col, d[PD_FACE, j]]):
                continue
            if have[j] == 0:
                total = 0.0
                if col == C.BLACK or (d[PD_FL, j] & DF_GONE) != 0:
                    old = d[PD_FACE, j]
                    for f in range(6):
                        d[PD_FACE, j] = f
                        effective_counts(K, S, p, counts)
                        total += noon_value(K, S, p, counts)
                    d[PD_FACE, j] = old
                    effective_counts(K, S, p, counts)
                else:
                    so = K.dsym[col, d[PD_FACE, j]]
                    if not (cs < 0 or cs == C.CURSE or so != cs):
                        so = -1
                    for f in range(6):
                        sn = K.dsym[col, f]
                        if not (cs < 0 or cs == C.CURSE or sn != cs):
                            sn = -1
                        key = (so + 1) * 9 + sn + 1
                        if memo[key] == 0:
                            if so >= 0:
                                counts[so] -= 1
                            if sn >= 0:
                                counts[sn] += 1
                            memv[key] = noon_value(K, S, p, counts)
                            memo[key] = 1
                            if so >= 0:
                                counts[so] += 1
                            if sn >= 0:
                                counts[sn] -= 1
                        total += memv[key]
                tot[j] = total
                have[j] = 1
            gain = tot[j] / 6.0 - base - (1.0 if src == SRC_TOKEN else 0.0)
            if gain > best_gain:
                best_gain = gain
                bsrc = src
                bj = j
    if bj < 0:
        return OP_STOP, -1, -1, -1, -1, -1
    return OP_REROLL, bsrc, bj, -1, -1, -1


@kernel
def resolve(K, S, p, rows, m):
    """Keep dice and companions as long as possible: discarding cards and spells last."""
    best = -1
    bk = 1 << 62
    for i in range(m):
        r = rows[i]
        f = K.item[r, IT_FLAGS]
        # discarding the last companion ranks after discarding itself, which ranks after
        # neither; then the lower row
        key = ((4 if (f & C.FLAG_DISCARD_LAST) != 0 else 0)
               + (2 if (f & C.FLAG_DISCARD_SELF) != 0 else 0))
        key = key * 100000 + r
        if key < bk:
            bk = key
            best = r
    return best


@kernel
def cromaug(K, S, p, crom):
    """The best printed card in the cemetery (declining only when it is empty)."""
    best = -1
    best_v = -1e9
    cem = S.cd[CD_CEM]
    for r in range(K.setup[SET_NC]):
        if cem[r] != 0 and r != crom:
            v = card_worth(K, r) + value(K, r)
            if v > best_v:
                best_v = v
                best = r
    return best


@kernel
def lose(K, S, p):
    """A spell first (lowest row), else the companion worth least."""
    if S.pl[p, P_NSPELL] > 0:
        lo = 1 << 62
        for i in range(S.pl[p, P_NSPELL]):
            if S.ps[p, PS_ROW, i] < lo:
                lo = S.ps[p, PS_ROW, i]
        return 1, lo
    best = -1
    best_v = 1e300
    for k in range(S.pl[p, P_NCOMP]):
        r = S.pc[p, PC_ROW, k]
        v = card_worth(K, r)
        if v < best_v:
            best_v = v
            best = r
    return 0, best


@kernel
def province_move(K, S, p, moved):
    """Head for the best better village by graph distance (village - 2 * distance)."""
    here = S.pl[p, P_COMPANY]
    enc_val = K.prov[S.pl[p, P_ENCAMP], PV_VILLAGE]
    n = province_options(K, S, p, moved)
    if n > 1 and S.opts[1, 0] == MOVE_ENCAMP and K.prov[here, PV_VILLAGE] > enc_val:
        return MOVE_ENCAMP, -1, -1
    target = -1
    best = -(1 << 62)
    for v in range(K.setup[SET_NPROV]):
        vv = K.prov[v, PV_VILLAGE]
        dv = K.pdist[here, v]
        if vv > enc_val and dv < (1 << 20):
            sc = vv - 2 * dv
            if sc > best or (sc == best and v > target):
                best = sc
                target = v
    if target < 0:
        return MOVE_END, -1, -1
    want = K.pdist[target, here] - 1
    bo = -1
    bk = 1 << 62
    for o in range(n):
        if S.opts[o, 0] != MOVE_STEP:
            continue
        w = S.opts[o, 1]
        if K.pdist[target, w] != want:
            continue
        key = (1 << 20 if S.opts[o, 2] == PAY_FOOTPRINT else 0) + w
        if key < bk:
            bk = key
            bo = o
    if bo < 0:
        return MOVE_END, -1, -1
    return MOVE_STEP, S.opts[bo, 1], S.opts[bo, 2]


@kernel
def archi_move(K, S, p):
    """The move that adds most island bursts, net of footprints paid."""
    n = archi_options(K, S, p)
    k = archi_k(K, S, p)
    bo = 0
    best_v = 0.0
    for o in range(1, n):
        v = S.opts[o, 0]
        w = S.opts[o, 1]
        e = -1
        for a in range(K.arch[v, AV_DEG]):
            if K.arch[v, AV_NB + a] == w:
                e = K.arch[v, AV_ED + a]
        ae = K.aedge[e]
        cost = ae[AE_FCOST] + (ae[AE_MIN] - k if k < ae[AE_MIN] else 0)
        g = K.arch[w]
        val = (float(g[AV_BURSTS] - K.arch[v, AV_BURSTS] - cost) + float(g[AV_GAIN + 1])
               + 1.5 * float(g[AV_GAIN + 2]) + 1.5 * float(g[AV_GAIN + 3]) - 3.0 * g[AV_LOSE])
        if val > best_v:
            best_v = val
            bo = o
    return S.opts[bo, 0], S.opts[bo, 1]
