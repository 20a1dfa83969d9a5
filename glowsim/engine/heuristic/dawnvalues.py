"""What things are worth to the planner in a Dawn game (docs/rules.md D1-D18): the heuristic's
valuations (values.py) over a dice pool that knows Dawn's dice and cards.

- Dice (D2, D8): an adventurer's large dice by colour (Zay'Drel's black and multi dice); a
  face's symbol counts with probability 1/6; a joker (multi) or reroll-now (pink) face counts
  as 1/5 of each element (turned, or rerolled, to an element), a swap face (light green) as
  nothing.
- Triggers: an `elements` trigger (D6) fires with the probability that the number of
  different elements in the pool lies within its bounds (each element present with the
  Poisson probability of at least one die showing it, independently); the other triggers as
  the base heuristic counts them (values.expected_count).
- An application (D7, D13, D14): its amounts as the heuristic values them, plus each
  butterfly token drawn at :meth:`Plan.butterfly_value`, an exchange at half of it, minus
  LOSE_WORTH for a discard, minus its cost's resource at the planner's price of a token of it.
- The butterfly bag's end-game count (D15): a token drawn is worth, averaged over a full bag,
  the step of the colour count it adds to (a first token of a colour also a sixth of the
  all-colours bonus), an instant token's gain, an action token ACTION_WORTH.
- A loss (R6, D13): a spell given up first (SPELL_HARM), else the companion worth least to
  keep (its keep value over the fixed dice).

The fast path computes the same numbers in the same order (glowsim/fast/bots/dawnvalues.py).
"""
from __future__ import annotations

from ...content import codes as C
from ...content import dawncodes as DC
from ...content.dawntables import BF_COLOUR, BF_INSTANT
from ...spec.botmath import int_power
from .values import SPELL_HARM, amount_value, expected_count, is_capped, survival

LOSE_WORTH = 3.0       # a companion or spell discarded (D13), as the greedy rule counts it
ACTION_WORTH = 2.0     # an action token held (D14), as BUTTERFLY_GIVE counts it
SMALL_SHARE = 0.2      # a pick's share of the track's small dice (one of five spaces)
CROLOS_SHARE = 0.3     # a round's rerolls bought with bursts (D12), in reroll tokens


def add_die(dsym, lam: list, color: int, weight: float) -> None:
    """lam += weight x the expected symbol counts of one die (D8: a joker or reroll-now face
    is a fifth of each element, a swap face nothing)."""
    for f in range(6):
        s = int(dsym[color, f])
        if s < C.N_SYMBOLS:
            lam[s] += weight / 6.0
        elif s == DC.JOKER or s == DC.REROLL_NOW:
            for e in range(C.N_ELEMENTS):
                lam[e] += weight / 30.0


def elements_chance(bt, lam, lo: int, hi: int) -> float:
    """P(lo <= k <= hi) for k the number of elements present (D6), each element present with
    P(N_e >= 1), independently."""
    d0, d1, d2, d3, d4, d5 = 1.0, 0.0, 0.0, 0.0, 0.0, 0.0
    for e in range(C.N_ELEMENTS):
        q = survival(bt, lam[e], 1)
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


class Plan:
    """One player's Dawn valuations: the view, the Dawn tables, the values of a firefly (given)
    and of a butterfly token."""

    def __init__(self, v, ffv: float):
        self.v = v
        self.game = v.game
        self.dt = v.game.dawn
        self.dsym = v.game.t.die_symbol
        self.future = v.rounds_after
        self.ffv = ffv
        self.tokv = v.w.w_token if self.future > 0 else 0.1
        self.bfv = self.butterfly_value()

    def butterfly_value(self) -> float:
        """D14, D15: one token drawn from a full bag, to this player: 0 without the bag."""
        bag = self.dt.bag
        if bag is None or self.game.state.dawn.bag is None:
            return 0.0
        held = self.v.p.butterflies
        top = len(bag.colour_bursts) - 1
        ncol = 0
        for tok in bag.tokens:
            if tok.kind == BF_COLOUR:
                ncol += 1
        total = 0.0
        copies = 0
        for code, tok in enumerate(bag.tokens):
            copies += tok.copies
            if tok.kind == BF_COLOUR:
                k = held[code]
                x = float(bag.colour_bursts[min(k + 1, top)] - bag.colour_bursts[min(k, top)])
                if k == 0:
                    x += bag.all_colours_bursts / ncol
            elif tok.kind == BF_INSTANT:
                g = tok.gain
                x = g[0] + self.v.w.w_footprint * g[1] + self.ffv * g[2] + self.tokv * g[3]
            else:
                x = ACTION_WORTH
            total += tok.copies * x
        return total / copies

    def cost_price(self, resource: int) -> float:
        """What one token of a cost's resource is worth to the planner (D7)."""
        if resource == DC.COST_REROLLS:
            return self.tokv
        if resource == DC.COST_FOOTPRINTS:
            return self.v.w.w_footprint
        if resource == DC.COST_FIREFLIES:
            return self.ffv
        if resource == DC.COST_BUTTERFLIES:
            return self.bfv
        return 0.0

    def application(self, row: int) -> float:
        """One application of item row's effect, its Dawn parts included."""
        v, dt = self.v, self.dt
        it = v.item(row)
        x = amount_value(v, it, self.ffv)
        if it.flags & C.FLAG_CAST_SPELLS:
            x += SPELL_HARM * (v.n_players - 1)
        if it.flags & C.FLAG_RESURRECT:
            x += 3.0
        x += self.bfv * dt.butterflies[row] + 0.5 * self.bfv * dt.exchange[row]
        if dt.lose[row]:
            x -= LOSE_WORTH
        resource, n = dt.cost[row]
        x -= self.cost_price(resource) * n
        return x

    def count(self, row: int, lam, capped: bool) -> float:
        """Expected applications of item row a noon over pool lam."""
        el = self.dt.elements[row]
        if el is not None:
            return elements_chance(self.v.bt, lam, int(el[0]), int(el[1]))
        return expected_count(self.v.bt, self.v.item(row), lam, capped)

    def round_value(self, row: int, lam) -> float:
        ec = self.count(row, lam, is_capped(self.v.item(row)))
        if ec <= 0.0:
            return 0.0
        return ec * self.application(row)

    def noon_term(self, row: int, lam) -> float:
        """An item's part of a noon: a card that leaves play when it applies, its application
        less its printed bursts."""
        it = self.v.item(row)
        if it.flags & C.FLAG_DISCARD_SELF:
            return self.count(row, lam, True) * (self.application(row) - float(it.bursts))
        return self.round_value(row, lam)

    def keep_value(self, row: int, lam) -> float:
        """Worth of holding companion row to the end (values.keep_value with Dawn's parts)."""
        v = self.v
        it = v.item(row)
        w = v.w
        x = float(it.bursts) + (it.fireflies - 1.0) * self.ffv + it.black_die * 1.0
        wf = w.w_future
        future = self.future
        if future > 0:
            if it.flags & C.FLAG_DISCARD_SELF:
                q = self.count(row, lam, True)
                p_end = 1.0 - int_power(1.0 - q, future)
                x += wf * p_end * (self.application(row) - x)
            else:
                x += wf * future * self.round_value(row, lam)
            if it.reroll_each > 0:
                x += wf * future * 0.6 * w.w_token * it.reroll_each
            if self.dt.reroll_for_bursts[row] > 0:
                x += wf * future * CROLOS_SHARE * w.w_token
        return x

    def items_value(self, lam) -> float:
        """The player's adventurer and companions a noon over pool lam, with the pool's burst
        and footprint faces."""
        p = self.v.p
        x = self.noon_term(p.adventurer, lam)
        for r in p.companions:
            x += self.noon_term(r, lam)
        return x + 3.0 * lam[C.BURST] + 2.0 * self.v.w.w_footprint * lam[C.FOOTPRINT]

    def fixed_pool(self) -> list:
        """The adventurer's large dice (D2) and the Sketals' dice."""
        p = self.v.p
        lam = [0.0] * C.N_SYMBOLS
        for c in self.dt.adv_dice[p.adventurer]:
            add_die(self.dsym, lam, c, 1.0)
        for r in p.companions:
            c = p.sketal_dice.get(r, -1)
            if c >= 0:
                add_die(self.dsym, lam, c, 1.0)
        return lam

    def future_pool(self, fixed) -> list:
        lam = list(fixed)
        for c in self.v.bt.small_dice:
            add_die(self.dsym, lam, c, SMALL_SHARE)
        return lam


def lose_value(v, ffv: float) -> float:
    """The best answer to a loss (R6, D13): a spell given up (worth SPELL_HARM), else the
    companion worth least to keep (its keep value over the fixed dice lost), 0 without."""
    p = v.p
    if p.spells:
        return SPELL_HARM
    if not p.companions:
        return 0.0
    plan = Plan(v, ffv)
    fixed = plan.fixed_pool()
    best = -1e300
    for r in p.companions:
        x = -plan.keep_value(r, fixed)
        if x > best:
            best = x
    return best
