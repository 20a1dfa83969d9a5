"""The planner's recruit pick and rerolls in a Dawn game (docs/rules.md D1-D18).

RECRUIT: the heuristic's valuation of a pick (draft.py: keep value, this round's expected
noon, footprints, small dice, the black die) over a dice pool that knows Dawn's dice and cards
(dawnvalues.py). A Kaar holder's rows that move the black die differ from the space's row only
by where the die goes: the one sending it onto the companion printed best is taken.

REROLL: the rerolls of one die (Lumipili's, a token's, a score-track step's, one bought with
bursts, D12), each valued by the mean over the die's six faces of the noon on the dice shown
(:func:`dice_value`: each item's applications now that its owner can pay, D7, at the
planner's worth of an application, the burst and footprint faces, on the Archipelago the best
boat move for the elements shown) less the noon as it is and the reroll's price (a token at
the planner's worth of a token kept, a track step at its score points and `track_margin`, not
below `track_floor`, bursts at their number); the best one when it gains more than the
vector's `reroll_margin`, else stop. A multi die showing the joker is turned for free (D8), so
it is not rerolled.

In a Dawn game of 2-6 players the heuristic's afternoon is its own (journeys.py: the
Province's search and the Archipelago's boat moves, with Dawn's effective dice and a loss
valued by dawnvalues.lose_value); its other decisions keep the greedy rules
(glowsim/engine/dawnbots.py, the greedy bot). The fast path computes the same numbers in the
same order (glowsim/fast/bots/dawnplan.py; tests/fast/test_dawn_agreement.py).
"""
from __future__ import annotations

from ...content import codes as C
from ...content import dawncodes as DC
from ...spec import decisions as D
from ..dawndice import counts
from ..dawnnoon import count, held
from ..dice import distinct_elements
from ..morning import black_space
from ..rerolls import bursts_price
from .dawnvalues import Plan, add_die
from .journeys import archi_values
from .values import firefly_value


def offer_parts(plan, s: int, fixed, future_lam, base_items: float) -> tuple:
    """The parts of what taking space s is worth (draft.offer_value with Dawn's pool and
    cards): (keep value, a Sketal's die, the player's items this round, the companion's own
    noon, the space's footprints, its small dice), each at the vector's weights."""
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
    die = 0.0
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
            die = w.w_future * plan.future * dvc
            add_die(plan.dsym, lam, col, 1.0)
    return (kv, die, plan.items_value(lam), plan.noon_term(row, lam),
            w.w_footprint * st.track.footprints[s], w.w_small_dice * 0.3 * ndice)


def offer_value(plan, s: int, fixed, future_lam, base_items: float, with_black: bool) -> float:
    """What taking space s is worth: its parts (:func:`offer_parts`) summed in order, less
    `black_penalty` for the black die."""
    kv, die, items, noon, fp, dice = offer_parts(plan, s, fixed, future_lam, base_items)
    x = kv + die + items + noon
    x += fp
    x += dice
    if with_black:
        x -= plan.v.w.black_penalty
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


def paid_count(game, p, row: int) -> int:
    """The applications of item row now that its owner can pay (D7: each application takes
    the whole cost, from the tokens held now)."""
    n = count(game, p, row)
    resource, cost = game.dawn.cost[row]
    if cost > 0 and n > 0:
        can = held(game, p, resource) // cost
        if can < n:
            n = can
    return n


def dice_value(plan, archi) -> float:
    """The noon on the dice shown, to the planner: the adventurer's and companions'
    applications now that can be paid (:func:`paid_count`) at :meth:`Plan.application`, then
    the active spells' (summed apart), the burst and footprint faces, on the Archipelago
    (archi: the best boat move's value per k) the best move for the elements shown."""
    v = plan.v
    game, p = v.game, v.p
    tot = paid_count(game, p, p.adventurer) * plan.application(p.adventurer)
    for r in p.companions:
        tot += paid_count(game, p, r) * plan.application(r)
    sp = 0.0
    for s in p.spells:
        if s.active_from <= game.state.round:
            sp += paid_count(game, p, s.row) * plan.application(s.row)
    eff = game.effective(p)
    c = counts(game.t, eff)
    x = tot + sp + 3.0 * c[C.BURST] + 2.0 * v.w.w_footprint * c[C.FOOTPRINT]
    if archi is not None:
        x += archi[distinct_elements(game.t, eff)]
    return x


def reroll(v, legal) -> tuple:
    """REROLL in a Dawn game: the one-die reroll gaining most over its price, when it gains
    more than `reroll_margin`; else stop."""
    game, p = v.game, v.p
    plan = Plan(v, firefly_value(v, 0))
    archi = archi_values(v, plan.ffv) if v.side == C.ARCHIPELAGO else None
    base = dice_value(plan, archi)
    price = float(bursts_price(game, p))
    below = game.t.track_reroll_below
    track_ok = False                 # a score-track reroll (R4): its points and track_margin,
    step = 0.0                       # the score kept at track_floor or above
    if not p.lapped and p.score > 0:
        b = int(below[min(p.score, len(below) - 1)])
        if b >= 0 and b >= v.w.track_floor:
            track_ok = True
            step = float(p.score - b) + v.w.track_margin
    best = D.pad(D.OP_STOP)
    best_gain = v.w.reroll_margin
    for opt in legal:
        if opt[0] != D.OP_REROLL or opt[3] != -1:
            continue
        if opt[1] == D.SRC_TRACK and not track_ok:
            continue
        die = p.dice[opt[2]]
        if game.symbol(die) == DC.JOKER:
            continue
        if opt[1] == D.SRC_LUMIPILI:
            cost = 0.0
        elif opt[1] == D.SRC_TOKEN:
            cost = plan.tokv
        elif opt[1] == D.SRC_TRACK:
            cost = step
        else:
            cost = price
        old = die.face
        total = 0.0
        for f in range(6):
            die.face = f
            total += dice_value(plan, archi)
        die.face = old
        gain = total / 6.0 - base - cost
        if gain > best_gain:
            best = opt
            best_gain = gain
    return best
