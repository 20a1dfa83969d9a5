"""The learned policy's recruit picks in a Dawn game (`learned` bit 8, weights ``ld_*``,
glowsim/spec/botparams.py LEARNED_FEATURES["ld"]) for the reference engine, as the fast path's
glowsim/fast/bots/dawnlearned.py scores them.

A legal row's features are the parts of the Dawn planner's offer value (dawnplan.py
offer_value: keep value, a Sketal's die, the player's items this round, the companion's own
noon, the space's footprints and small dice at the vector's weights, the black die at
`black_penalty`), computed with its operations in its order, then Dawn terms the planner sums
with fixed weights or leaves out, then the products of LD_PAIRS.  The score is the sum of
weight x feature in order; the row with the highest score is taken, between equal scores the
one sending the black die onto the companion printed best (as the planner), then the first.
With the default weights the score is the planner's value and the row its row.  docs/bots.md
describes the features.
"""
from __future__ import annotations

from ...content import codes as C
from ...spec import decisions as D
from ...spec.botparams import BP_LD, LD_PAIRS, NLD
from ..morning import black_space
from .dawnplan import offer_parts, worth_to_others
from .dawnvalues import Plan
from .learned import game_share, score, weights
from .values import firefly_value, is_capped


def row_features(plan, s: int, move: int, with_black: bool, fixed, future_lam,
                 base_items: float) -> list:
    """The features of RECRUIT row (s, move)."""
    v = plan.v
    st = v.st
    w = v.w
    row = st.track.companion[s]
    it = v.item(row)
    dt = plan.dt
    kv, die, items, noon, fp, dice = offer_parts(plan, s, fixed, future_lam, base_items)
    trig = plan.future * plan.count(row, future_lam, is_capped(it))
    t = game_share(v)
    n = v.n_players
    crowd = float(n - 4) if n > 4 else 0.0
    pos = (v.seat - st.first_player) % n
    share = (n - 1 - pos) / (n - 1)
    arch = 1.0 if v.side == C.ARCHIPELAGO else 0.0
    kaar = worth_to_others(v, move) if move >= 0 and st.track.companion[move] >= 0 else 0.0
    phi = [kv, die, items, noon, fp, dice, w.black_penalty if with_black else 0.0,
           float(it.bursts), float(it.fireflies), trig, trig * dt.butterflies[row],
           trig * dt.exchange[row], trig * dt.cost[row][1],
           trig if dt.elements[row] is not None else 0.0, trig if dt.lose[row] else 0.0,
           kv * t, items * t, fp * t, dice * t, kv * crowd, fp * crowd, dice * crowd,
           worth_to_others(v, s) * share, kaar, kv * arch, items * arch, fp * arch]
    phi += [phi[i] * phi[j] for i, j in LD_PAIRS]
    return phi


def recruit_features(v, legal) -> list:
    """The features of each legal RECRUIT row (space, where Kaar moves the black die)."""
    plan = Plan(v, firefly_value(v, 1))
    fixed = plan.fixed_pool()
    future_lam = plan.future_pool(fixed)
    base_items = plan.items_value(future_lam)
    bs = black_space(v.st)
    return [row_features(plan, opt[0], opt[1], opt[0] == bs and opt[1] < 0, fixed, future_lam,
                         base_items) for opt in legal]


def recruit(v, params, legal) -> tuple:
    """RECRUIT in a Dawn game: the legal row with the highest score (module docstring)."""
    wd = weights(params, BP_LD, NLD)
    best = None
    bv = -1e300
    bt = -1e300
    for opt, phi in zip(legal, recruit_features(v, legal)):
        x = score(wd, phi)
        tb = worth_to_others(v, opt[1]) if opt[1] >= 0 else 0.0
        if best is None or x > bv or (x == bv and tb > bt):
            best = opt
            bv = x
            bt = tb
    return D.pad(best[0], best[1])
