"""The learned policy's recruit picks in a Dawn game (docs/bots.md; `learned` bit 8, weights
``ld_*``): each legal row scored by weights over the parts of the Dawn planner's offer value
(bots/dawnplan.py) and Dawn terms the planner sums with fixed weights or leaves out.  The
reference engine's mirror is glowsim/engine/heuristic/dawnlearned.py, the same numbers in the
same order.

A row's features (glowsim/spec/botparams.py LEARNED_FEATURES["ld"], in that order) begin with
the parts of dawnplan.offer_value's sum (dawnplan.offer_parts, after its pick_prep): keep
value, a Sketal's die, the player's items this round, the companion's own noon, the space's
footprints and small dice at the vector's weights, the black die at `black_penalty`.  The score sums weight x feature in order from 0, so with the default weights
(1, 1, 1, 1, 1, 1, -1, then 0) it is the planner's value to the last bit, and the row taken is
the planner's: the highest score, between equal scores the one sending the black die onto the
companion printed best, then the first.

The feature capture (glowsim/fast/kernel/learncontrol.py, kind BIT_DAWN) writes the same
features of every legal row of a sampled Dawn recruit pick.
"""
from __future__ import annotations

import numpy as np

from ...content import codes as C
from ...spec.botparams import BP_BLACK_PENALTY, BP_LD, LD_PAIRS, NLD, NLD_BASE
from ...spec.decisions import RECRUIT
from ..jit import kernel
from ..kernel.ktables import IT_BF, IT_BURSTS, IT_COSTN, IT_ELMIN, IT_EX, IT_FIRE, IT_LOSE
from ..kernel.learncontrol import BIT_DAWN
from ..kernel.legal import black_space, recruit_options
from ..kernel.state import BD_TRC, G_FIRST, G_N, G_SIDE
from .dawnplan import offer_parts, pick_prep, worth_to_others
from .dawnvalues import count
from .learned import (capture_rows, chosen_index, game_share, keep_scratch, put_back_scratch,
                      sampled, score)
from .values import is_capped

# Dawn RECRUIT features (botparams.LEARNED_FEATURES["ld"], in order)
(D_KEEP, D_DIE, D_ITEMS, D_NOON, D_FOOT, D_DICE, D_BLACK, D_BURSTS, D_FIRE, D_TRIG, D_BF, D_EX,
 D_COST, D_ELEM, D_DISCARD, D_KEEP_E, D_ITEMS_E, D_FOOT_E, D_DICE_E, D_KEEP_C, D_FOOT_C, D_DICE_C,
 D_DENY, D_KAAR, D_KEEP_A, D_ITEMS_A, D_FOOT_A) = range(27)
DPAIRS = np.array(LD_PAIRS, np.int64)   # the features whose products follow them


@kernel
def row_features(K, S, p, s, move, with_black, ffv, tokv, bfv, future, base_items, phi):
    """The features of RECRUIT row (s, move) into phi: dawnplan.offer_value's parts, in its
    operations, then the other terms and the products of the pairs DPAIRS."""
    kv, die, items, noon, fp, dice = offer_parts(K, S, p, s, ffv, tokv, bfv, future, base_items)
    row = S.bd[BD_TRC + s]
    future_lam = S.bot[p].lamf
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
    ffv, tokv, bfv, future, base_items = pick_prep(K, S, p)
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
        ffv, tokv, bfv, future, base_items = pick_prep(K, S, p)
        bs = black_space(S)
        for i in range(n):
            s = S.opts[i, 0]
            move = S.opts[i, 1]
            row_features(K, S, p, s, move, s == bs and move < 0, ffv, tokv, bfv, future,
                         base_items, S.ln.cf[k0 + i])
    put_back_scratch(S, p)
