"""What things are worth to the planner in a Dawn game (docs/rules.md D1-D18), compiled: the
reference engine's glowsim/engine/heuristic/dawnvalues.py, the same numbers in the same order.

A dice pool that knows Dawn's dice (D2, D8: a joker or reroll-now face a fifth of each
element, a swap face nothing), its `elements` triggers (D6), costs (D7), discards (D13) and
butterfly draws and exchanges with the bag's end-game count (D14, D15); a loss (R6, D13)
valued by the keep value over the fixed dice.
"""
from __future__ import annotations

from ...content import codes as C
from ...content.dawncodes import (BF_COLOUR, BF_INSTANT, COST_BUTTERFLIES, COST_FIREFLIES,
                                 COST_FOOTPRINTS, COST_REROLLS, JOKER, REROLL_NOW)
from ..jit import kernel
from ..kernel.bag import colour_score
from ..kernel.ktables import (IT_ADVD, IT_BF, IT_BLACK, IT_BURSTS, IT_COSTN, IT_COSTR, IT_ELMAX,
                              IT_ELMIN, IT_EX, IT_FIRE, IT_FLAGS, IT_LOSE, IT_NADV, IT_REROLL,
                              IT_RFB, SET_BFALL, SET_BFCOPIES, SET_BFGAIN, SET_BFKIND, SET_NBF)
from ..kernel.state import BD_BF, G_BAG, G_N, MAXBF, P_ADV, P_NCOMP, P_NSPELL, PC_DIE, PC_ROW
from ...spec.botparams import BP_W_FOOT, BP_W_FUTURE, BP_W_TOKEN
from .values import SPELL_HARM, amount_value, expected_count, is_capped, rounds_after, sv

LOSE_WORTH = 3.0       # a companion or spell discarded (D13), as the greedy rule counts it
ACTION_WORTH = 2.0     # an action token held (D14), as BUTTERFLY_GIVE counts it
SMALL_SHARE = 0.2      # a pick's share of the track's small dice (one of five spaces)
CROLOS_SHARE = 0.3     # a round's rerolls bought with bursts (D12), in reroll tokens


@kernel
def add_die(K, lam, color, weight):
    """lam += weight x the expected symbol counts of one die (D8)."""
    for f in range(6):
        s = K.dsym[color, f]
        if s < C.N_SYMBOLS:
            lam[s] += weight / 6.0
        elif s == JOKER or s == REROLL_NOW:
            for e in range(C.N_ELEMENTS):
                lam[e] += weight / 30.0


@kernel
def elements_chance(K, lam, lo, hi):
    """P(lo <= k <= hi), k the number of elements present (D6)."""
    d0 = 1.0
    d1 = 0.0
    d2 = 0.0
    d3 = 0.0
    d4 = 0.0
    d5 = 0.0
    for e in range(C.N_ELEMENTS):
        q = sv(K, lam[e], 1)
        r = 1.0 - q
        d5 = d5 * r + d4 * q
        d4 = d4 * r + d3 * q
        d3 = d3 * r + d2 * q
        d2 = d2 * r + d1 * q
        d1 = d1 * r + d0 * q
        d0 = d0 * r
    tot = 0.0
    if lo <= 1 <= hi:
        tot += d1
    if lo <= 2 <= hi:
        tot += d2
    if lo <= 3 <= hi:
        tot += d3
    if lo <= 4 <= hi:
        tot += d4
    if lo <= 5 <= hi:
        tot += d5
    return tot


@kernel
def butterfly_value(K, S, p, ffv, tokv):
    """D14, D15: one token drawn from a full bag, to p; 0 without the bag."""
    nbf = K.setup[SET_NBF]
    if nbf == 0 or S.g[G_BAG] == 0:
        return 0.0
    ncol = 0
    for c in range(nbf):
        if K.setup[SET_BFKIND + c] == BF_COLOUR:
            ncol += 1
    total = 0.0
    copies = 0
    for c in range(nbf):
        n = K.setup[SET_BFCOPIES + c]
        copies += n
        kind = K.setup[SET_BFKIND + c]
        if kind == BF_COLOUR:
            k = S.bd[BD_BF + MAXBF * p + c]
            x = float(colour_score(K, k + 1) - colour_score(K, k))
            if k == 0:
                x += K.setup[SET_BFALL] / ncol
        elif kind == BF_INSTANT:
            g = SET_BFGAIN + 4 * c
            x = (K.setup[g] + S.bp[p, BP_W_FOOT] * K.setup[g + 1] + ffv * K.setup[g + 2]
                 + tokv * K.setup[g + 3])
        else:
            x = ACTION_WORTH
        total += n * x
    return total / copies


@kernel
def cost_price(S, p, resource, ffv, tokv, bfv):
    """What one token of a cost's resource is worth to the planner (D7)."""
    if resource == COST_REROLLS:
        return tokv
    if resource == COST_FOOTPRINTS:
        return S.bp[p, BP_W_FOOT]
    if resource == COST_FIREFLIES:
        return ffv
    if resource == COST_BUTTERFLIES:
        return bfv
    return 0.0


@kernel
def application(K, S, p, row, ffv, tokv, bfv):
    """One application of item row's effect, its Dawn parts included."""
    it = K.item[row]
    x = amount_value(K, S, p, row, ffv)
    if (it[IT_FLAGS] & C.FLAG_CAST_SPELLS) != 0:
        x += SPELL_HARM * (S.g[G_N] - 1)
    if (it[IT_FLAGS] & C.FLAG_RESURRECT) != 0:
        x += 3.0
    x += bfv * it[IT_BF] + 0.5 * bfv * it[IT_EX]
    if it[IT_LOSE] != 0:
        x -= LOSE_WORTH
    x -= cost_price(S, p, it[IT_COSTR], ffv, tokv, bfv) * it[IT_COSTN]
    return x


@kernel
def count(K, row, lam, capped):
    """Expected applications of item row a noon over pool lam."""
    if K.item[row, IT_ELMIN] > 0:
        return elements_chance(K, lam, K.item[row, IT_ELMIN], K.item[row, IT_ELMAX])
    return expected_count(K, row, lam, capped)


@kernel
def round_value(K, S, p, row, lam, ffv, tokv, bfv):
    ec = count(K, row, lam, is_capped(K, row))
    if ec <= 0.0:
        return 0.0
    return ec * application(K, S, p, row, ffv, tokv, bfv)


@kernel
def noon_term(K, S, p, row, lam, ffv, tokv, bfv):
    """An item's part of a noon (a card that leaves play: its application less its bursts)."""
    if (K.item[row, IT_FLAGS] & C.FLAG_DISCARD_SELF) != 0:
        return count(K, row, lam, True) * (application(K, S, p, row, ffv, tokv, bfv)
                                           - float(K.item[row, IT_BURSTS]))
    return round_value(K, S, p, row, lam, ffv, tokv, bfv)


@kernel
def keep_value(K, S, p, row, lam, ffv, tokv, bfv, future):
    """Worth of holding companion row to the end, Dawn's parts included."""
    it = K.item[row]
    x = float(it[IT_BURSTS]) + (it[IT_FIRE] - 1.0) * ffv + it[IT_BLACK] * 1.0
    wf = S.bp[p, BP_W_FUTURE]
    if future > 0:
        if (it[IT_FLAGS] & C.FLAG_DISCARD_SELF) != 0:
            q = count(K, row, lam, True)
            p_end = 1.0 - (1.0 - q) ** future
            x += wf * p_end * (application(K, S, p, row, ffv, tokv, bfv) - x)
        else:
            x += wf * future * round_value(K, S, p, row, lam, ffv, tokv, bfv)
        if it[IT_REROLL] > 0:
            x += wf * future * 0.6 * S.bp[p, BP_W_TOKEN] * it[IT_REROLL]
        if it[IT_RFB] > 0:
            x += wf * future * CROLOS_SHARE * S.bp[p, BP_W_TOKEN]
    return x


@kernel
def items_value(K, S, p, lam, ffv, tokv, bfv):
    """p's adventurer and companions a noon over pool lam, with its burst and footprint faces."""
    x = noon_term(K, S, p, S.pl[p, P_ADV], lam, ffv, tokv, bfv)
    for k in range(S.pl[p, P_NCOMP]):
        x += noon_term(K, S, p, S.pc[p, PC_ROW, k], lam, ffv, tokv, bfv)
    return x + 3.0 * lam[C.BURST] + 2.0 * S.bp[p, BP_W_FOOT] * lam[C.FOOTPRINT]


@kernel
def fixed_pool(K, S, p, lam):
    """The adventurer's large dice (D2) and the Sketals' dice."""
    for s in range(C.N_SYMBOLS):
        lam[s] = 0.0
    adv = S.pl[p, P_ADV]
    for i in range(K.item[adv, IT_NADV]):
        add_die(K, lam, K.item[adv, IT_ADVD + i], 1.0)
    for k in range(S.pl[p, P_NCOMP]):
        c = S.pc[p, PC_DIE, k]
        if c >= 0:
            add_die(K, lam, c, 1.0)


@kernel
def lose_value(K, S, p, ffv):
    """The best answer to a loss (R6, D13): a spell given up (SPELL_HARM), else the companion
    worth least to keep (its keep value over the fixed dice lost), 0 without."""
    if S.pl[p, P_NSPELL] > 0:
        return SPELL_HARM
    if S.pl[p, P_NCOMP] == 0:
        return 0.0
    future = rounds_after(S)
    tokv = S.bp[p, BP_W_TOKEN] if future > 0 else 0.1
    bfv = butterfly_value(K, S, p, ffv, tokv)
    fixed = S.bot[p].lam
    fixed_pool(K, S, p, fixed)
    best = -1e300
    for k in range(S.pl[p, P_NCOMP]):
        x = -keep_value(K, S, p, S.pc[p, PC_ROW, k], fixed, ffv, tokv, bfv, future)
        if x > best:
            best = x
    return best
