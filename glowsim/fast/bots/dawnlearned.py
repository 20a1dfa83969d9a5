"""The learned policy's recruit picks in a Dawn game (docs/bots.md; `learned` bit 8, weights
``ld_*``): each legal row scored by weights over the parts of the Dawn planner's offer value
(bots/dawnplan.py) and Dawn terms the planner sums with fixed weights or leaves out.  The
reference engine's mirror is glowsim/engine/heuristic/dawnlearned.py, the same numbers in the
same order.

A row's features (glowsim/spec/botparams.py LEARNED_FEATURES["ld"], in that order) are computed
as dawnplan.offer_value computes the row's value, by the same kernels (dawnvalues.py), its sum
cut into parts: keep value, a Sketal's die, the player's items this round, the companion's own
noon, the space's footprints and small dice at the vector's weights, the black die at
`black_penalty`.  The score sums weight x feature in order from 0, so with the default weights
(1, 1, 1, 1, 1, 1, -1, then 0) it is the planner's value to the last bit, and the row taken is
the planner's: the highest score, between equal scores the one sending the black die onto the
companion printed best, then the first.

The feature capture (glowsim/fast/kernel/learncontrol.py, kind BIT_DAWN) writes the same
features of every legal row of a sampled Dawn recruit pick.
"""
from __future__ import annotations

import numpy as np

from ...content import codes as C
from ...spec.botparams import (BP_BLACK_PENALTY, BP_LD, BP_W_FOOT, BP_W_FUTURE, BP_W_SMALL,
                               BP_W_TOKEN, LD_PAIRS, NLD, NLD_BASE)
from ...spec.decisions import RECRUIT
from ..jit import kernel
from ..kernel.ktables import (IT_BF, IT_BURSTS, IT_COSTN, IT_ELMIN, IT_EX, IT_FIRE, IT_LOSE,
                              IT_SKETAL, SET_NSMALL, SET_SMALL)
from ..kernel.learncontrol import BIT_DAWN
from ..kernel.legal import black_space, recruit_options
from ..kernel.state import (BD_RES, BD_TRC, BD_TRFP, G_FIRST, G_N, G_NSD, G_SIDE, SD_COL,
                            SD_LOC)
from .dawnplan import worth_to_others
from .dawnvalues import (SMALL_SHARE, add_die, butterfly_value, count, fixed_pool, items_value,
                         keep_value, noon_term)
from .learned import (capture_rows, chosen_index, game_share, keep_scratch, put_back_scratch,
                      sampled, score)
from .values import firefly_value, is_capped, rounds_after

# Dawn RECRUIT features (botparams.LEARNED_FEATURES["ld"], in order)
(D_KEEP, D_DIE, D_ITEMS, D_NOON, D_FOOT, D_DICE, D_BLACK, D_BURSTS, D_FIRE, D_TRIG, D_BF, D_EX,
 D_COST, D_ELEM, D_DISCARD, D_KEEP_E, D_ITEMS_E, D_FOOT_E, D_DICE_E, D_KEEP_C, D_FOOT_C, D_DICE_C,
 D_DENY, D_KAAR, D_KEEP_A, D_ITEMS_A, D_FOOT_A) = range(27)
DPAIRS = np.array(LD_PAIRS, np.int64)   # the features whose products follow them


@kernel
def prepare(K, S, p):
    """dawnplan.recruit's preparation: the seat's fixed pool (S.bot[p].lam), a later round's
    pool (lamf); returns (ffv, tokv, bfv, future, base_items)."""
    future = rounds_after(S)
    ffv = firefly_value(K, S, p, 1)
    tokv = S.bp[p, BP_W_TOKEN] if future > 0 else 0.1
    bfv = butterfly_value(K, S, p, ffv, tokv)
    bot = S.bot[p]
    fixed_pool(K, S, p, bot.lam)
    for q in range(C.N_SYMBOLS):
        bot.lamf[q] = bot.lam[q]
    for i in range(K.setup[SET_NSMALL]):
        add_die(K, bot.lamf, K.setup[SET_SMALL + i], SMALL_SHARE)
    base_items = items_value(K, S, p, bot.lamf, ffv, tokv, bfv)
    return ffv, tokv, bfv, future, base_items


@kernel
def row_features(K, S, p, s, move, with_black, ffv, tokv, bfv, future, base_items, phi):
    """The features of RECRUIT row (s, move) into phi: dawnplan.offer_value's parts, in its
    operations, then the other terms and the products of the pairs DPAIRS."""
    bot = S.bot[p]
    fixed = bot.lam
    future_lam = bot.lamf
    lam = bot.lamt
    for q in range(C.N_SYMBOLS):
        lam[q] = fixed[q]
    ndice = 0
    for c in range(C.N_COLORS):
        if c == C.BLACK:
            continue
        m = 0
        for i in range(S.g[G_NSD]):
            if S.sd[SD_LOC, i] == s and S.sd[SD_COL, i] == c:
                m += 1
        if m > 0:
            add_die(K, lam, c, float(m))
            ndice += m
    row = S.bd[BD_TRC + s]
    kv = keep_value(K, S, p, row, future_lam, ffv, tokv, bfv, future)
    die = 0.0
    sk = K.item[row, IT_SKETAL]
    if sk >= 0:
        col = -1
        dvc = -1e300
        lam2 = bot.lamd
        for c in range(9):
            if (sk == C.ANY_COLOR or sk == c) and S.bd[BD_RES + c] > 0:
                for q in range(C.N_SYMBOLS):
                    lam2[q] = future_lam[q]
                add_die(K, lam2, c, 1.0)
                dv = items_value(K, S, p, lam2, ffv, tokv, bfv) - base_items
                if dv > dvc:
                    dvc = dv
                    col = c
        if col >= 0:
            die = S.bp[p, BP_W_FUTURE] * future * dvc
            add_die(K, lam, col, 1.0)
    items = items_value(K, S, p, lam, ffv, tokv, bfv)
    noon = noon_term(K, S, p, row, lam, ffv, tokv, bfv)
    fp = S.bp[p, BP_W_FOOT] * S.bd[BD_TRFP + s]
    dice = S.bp[p, BP_W_SMALL] * 0.3 * ndice
    trig = future * count(K, row, future_lam, is_capped(K, row))
    t = game_share(S)
    n = S.g[G_N]
    crowd = float(n - 4) if n > 4 else 0.0
    pos = (p - S.g[G_FIRST] + n) % n
    share = (n - 1 - pos) / (n - 1)
    arch = 1.0 if S.g[G_SIDE] == C.ARCHIPELAGO else 0.0
    phi[D_KEEP] = kv
    phi[D_DIE] = die
    phi[D_ITEMS] = items
    phi[D_NOON] = noon
    phi[D_FOOT] = fp
    phi[D_DICE] = dice
    phi[D_BLACK] = S.bp[p, BP_BLACK_PENALTY] if with_black else 0.0
    phi[D_BURSTS] = float(K.item[row, IT_BURSTS])
    phi[D_FIRE] = float(K.item[row, IT_FIRE])
    phi[D_TRIG] = trig
    phi[D_BF] = trig * K.item[row, IT_BF]
    phi[D_EX] = trig * K.item[row, IT_EX]
    phi[D_COST] = trig * K.item[row, IT_COSTN]
    phi[D_ELEM] = trig if K.item[row, IT_ELMIN] > 0 else 0.0
    phi[D_DISCARD] = trig if K.item[row, IT_LOSE] != 0 else 0.0
    phi[D_KEEP_E] = kv * t
    phi[D_ITEMS_E] = items * t
    phi[D_FOOT_E] = fp * t
    phi[D_DICE_E] = dice * t
    phi[D_KEEP_C] = kv * crowd
    phi[D_FOOT_C] = fp * crowd
    phi[D_DICE_C] = dice * crowd
    phi[D_DENY] = worth_to_others(K, S, s) * share
    phi[D_KAAR] = worth_to_others(K, S, move) if move >= 0 and S.bd[BD_TRC + move] >= 0 else 0.0
    phi[D_KEEP_A] = kv * arch
    phi[D_ITEMS_A] = items * arch
    phi[D_FOOT_A] = fp * arch
    for k in range(NLD - NLD_BASE):
        phi[NLD_BASE + k] = phi[DPAIRS[k, 0]] * phi[DPAIRS[k, 1]]


@kernel
def recruit(K, S, p):
    """RECRUIT in a Dawn game of 2-6 players: (space, where Kaar moves the black die or -1) of
    the legal row with the highest score; between equal scores the one sending the black die
    onto the companion printed best (as dawnplan.recruit); then the first."""
    ffv, tokv, bfv, future, base_items = prepare(K, S, p)
    bs = black_space(S)
    n = recruit_options(K, S, p)
    phi = S.ln.w[0].phi
    best = -1
    bv = -1e300
    bt = -1e300
    for o in range(n):
        s = S.opts[o, 0]
        move = S.opts[o, 1]
        row_features(K, S, p, s, move, s == bs and move < 0, ffv, tokv, bfv, future, base_items,
                     phi)
        x = score(S, p, BP_LD, NLD, phi)
        tb = worth_to_others(K, S, move) if move >= 0 else 0.0
        if best < 0 or x > bv or (x == bv and tb > bt):
            best = o
            bv = x
            bt = tb
    return S.opts[best, 0], S.opts[best, 1]


@kernel
def capture_recruit(K, S, p, a, b):
    """A sampled Dawn RECRUIT decision's legal rows and their features (the bot chose (a, b));
    the bots' scratch put back."""
    if S.g[G_N] == 1 or not sampled(S, BIT_DAWN):
        return
    n = recruit_options(K, S, p)
    if n < 2:
        return
    keep_scratch(S, p)
    k0 = capture_rows(S, p, RECRUIT, n, chosen_index(S, n, a, b, -1, -1, -1, -1))
    if k0 >= 0:
        ffv, tokv, bfv, future, base_items = prepare(K, S, p)
        bs = black_space(S)
        for i in range(n):
            s = S.opts[i, 0]
            move = S.opts[i, 1]
            row_features(K, S, p, s, move, s == bs and move < 0, ffv, tokv, bfv, future,
                         base_items, S.ln.cf[k0 + i])
    put_back_scratch(S, p)
