"""The planner's recruit pick in a Dawn game (docs/rules.md D1-D18): the heuristic's valuation
of a pick (draft.py: keep value, this round's expected noon, footprints, small dice, the black
die) over a dice pool that knows Dawn's dice and cards (dawnvalues.py). A Kaar holder's rows
that move the black die differ from the space's row only by where the die goes: the one
sending it onto the companion printed best is taken.

In a Dawn game of 2-6 players the heuristic's afternoon is its own (journeys.py: the
Province's search and the Archipelago's boat moves, with Dawn's effective dice and a loss
valued by dawnvalues.lose_value); its other decisions keep the greedy rules
(glowsim/engine/dawnbots.py, the greedy bot). The fast path computes the same numbers in the
same order (glowsim/fast/bots/dawnplan.py; tests/fast/test_dawn_agreement.py).
"""
from __future__ import annotations

from ...content import codes as C
from ...spec import decisions as D
from ..morning import black_space
from .dawnvalues import Plan, add_die
from .values import firefly_value


def offer_value(plan, s: int, fixed, future_lam, base_items: float, with_black: bool) -> float:
    """What taking space s is worth (draft.offer_value with Dawn's pool and cards)."""
    v = plan.v
    st = v.st
    w = v.w
    row = st.track.companion[s]
    lam = list(fixed)
    per = [0] * C.N_COLORS
    ndice = 0
    for d in st.track.dice[s]:
        if d.color != C.BLACK:
            per[d.color] += 1
            ndice += 1
    for c in range(C.N_COLORS):
        if per[c] > 0:
            add_die(plan.dsym, lam, c, float(per[c]))
    kv = plan.keep_value(row, future_lam)
    sk = v.item(row).sketal
    if sk >= 0:
        col = -1
        dvc = -1e300
        for c in range(9):
            if (sk == C.ANY_COLOR or sk == c) and c in st.reserve:
                lam2 = list(future_lam)
                add_die(plan.dsym, lam2, c, 1.0)
                dv = plan.items_value(lam2) - base_items
                if dv > dvc:
                    dvc = dv
                    col = c
        if col >= 0:
            kv += w.w_future * plan.future * dvc
            add_die(plan.dsym, lam, col, 1.0)
    x = kv + plan.items_value(lam) + plan.noon_term(row, lam)
    x += w.w_footprint * st.track.footprints[s]
    x += w.w_small_dice * 0.3 * ndice
    if with_black:
        x -= w.black_penalty
    return x


def worth_to_others(v, s: int) -> float:
    """Printed worth of the companion on space s (where Kaar sends the black die), -1000 for
    an empty space."""
    r = v.st.track.companion[s]
    if r < 0:
        return -1000.0
    it = v.item(r)
    return float(it.bursts) + 1.5 * it.fireflies


def recruit(v, legal) -> tuple:
    """RECRUIT in a Dawn game: the legal row worth most (:func:`offer_value`); between
    rows of equal worth, the one sending the black die onto the companion printed best; then
    the first."""
    plan = Plan(v, firefly_value(v, 1))
    fixed = plan.fixed_pool()
    future_lam = plan.future_pool(fixed)
    base_items = plan.items_value(future_lam)
    bs = black_space(v.st)
    best = None
    bv = -1e300
    bt = -1e300
    for opt in legal:
        s, move = opt[0], opt[1]
        x = offer_value(plan, s, fixed, future_lam, base_items, s == bs and move < 0)
        tb = worth_to_others(v, move) if move >= 0 else 0.0
        if best is None or x > bv or (x == bv and tb > bt):
            best = opt
            bv = x
            bt = tb
    return D.pad(best[0], best[1])
