"""R4 late morning for the heuristic bot: stop, reroll one die or two, or set a face.

The value V of a dice outcome is the noon value of every item (trigger count x value per
trigger, capped for discard cards, spells and `absent` triggers), the sixth faces
(burst +3, footprint +2 footprints) and a journey value (route progress on the Province,
the best boat move for k elements on the Archipelago).  The bot compares stopping with
the expected gain of rerolling the best die, the best pair, or setting the best face with
3 rerolls, each against the cost of the cheapest rerolls (a free Lumipili reroll, a
token's value, the score points of track steps).

The item values are fixed at the player's first reroll decision of the round (the
:class:`RoundTable`), as the fast path does.  V changes are computed as the fast path
does: the sixth faces, then the items whose count can change, then the journey when a
symbol it looks at changed, in that order.  For one die's change the items are summed as
the fast path sums them: the items reading only the symbol left, then those reading only
the symbol joined, then the other items (the fast path tables the first two groups once
per decision).
"""
from __future__ import annotations

from ...content import codes as C
from ...spec import decisions as D
from ..rerolls import track_steps
from .journeys import archi_values, province_route, route_values, route_walk
from .values import (firefly_value, footprint_value, future_pool, is_capped, token_value,
                     trigger_count, trigger_value)


class RoundTable:
    """A player's reroll table for one round."""

    def __init__(self, v):
        p, bt = v.p, v.bt
        self.round = v.round
        self.ffv = firefly_value(v, 0)
        lam = future_pool(v)
        future = v.rounds_after
        rows = []
        if v.item(p.adventurer).trig_kind != C.TRIG_NONE:
            rows.append(p.adventurer)
        for r in p.companions:
            if v.item(r).trig_kind != C.TRIG_NONE and len(rows) < 60:
                rows.append(r)
        self.rows = rows
        self.items = [v.item(r) for r in rows]
        self.values = [trigger_value(v, r, lam, self.ffv, future) for r in rows]
        self.caps = [1 if is_capped(it) else 99 for it in self.items]
        for s in p.spells:   # active spells (E4), hand order
            if s.active_from <= v.round and len(rows) < 62:
                rows.append(s.row)
                self.items.append(v.item(s.row))
                self.values.append(trigger_value(v, s.row, lam, self.ffv, future))
                self.caps.append(1)
        fpv = footprint_value(v)
        self.face_burst = 3.0                 # a burst face: +3 bursts (R1)
        self.face_footprint = 2.0 * fpv       # a footprint face: +2 footprints (R1)
        relevant = {C.FOOTPRINT}              # symbols the journey value looks at
        self.province = v.side == C.PROVINCE
        if self.province:
            self.route = province_route(v)
            self.route_values = route_values(v, self.route)
            for x in self.route:
                if bt.prov_need[x] >= 0:
                    relevant.add(bt.prov_need[x])
                if bt.prov_forbid[x] >= 0:
                    relevant.add(bt.prov_forbid[x])
        else:
            self.arch = archi_values(v, self.ffv)
            relevant = set(range(C.N_ELEMENTS))
        self.relevant = relevant
        self.black = -1                       # index of the black die in the dice list
        for j, d in enumerate(p.dice):
            if d.color == C.BLACK:
                self.black = j

    def face_delta(self, s: int, sign: float) -> float:
        """V change of one more (sign 1.0) or one less (-1.0) effective die showing s."""
        if s == C.BURST:
            return sign * self.face_burst
        if s == C.FOOTPRINT:
            return sign * self.face_footprint
        return 0.0


class Outcomes:
    """V of the current dice and of changes to them, for one reroll decision."""

    def __init__(self, v, table: RoundTable, h, bsym: int):
        self.v = v
        self.table = table
        self.h = h                   # symbol counts of the dice other than the black die
        self.bsym = bsym             # the black die's symbol, -1 without it
        self.cursed = bsym if 0 <= bsym < C.N_ELEMENTS else -1   # R5: ignored element
        self.fpv = footprint_value(v)
        self.counts = list(h)        # effective counts (the cursed element removed)
        if self.cursed >= 0:
            self.counts[self.cursed] = 0
        self.item_counts = [min(trigger_count(it, self.counts), cap)
                            for it, cap in zip(table.items, table.caps)]
        self.journey0 = self.journey(self.counts)
        self.memo: dict = {}

    def journey(self, counts) -> float:
        t = self.table
        if t.province:
            return route_walk(self.v.bt, t.route, t.route_values, counts,
                              self.v.p.footprints + 2 * counts[C.FOOTPRINT], self.fpv)
        return t.arch[sum(1 for e in range(C.N_ELEMENTS) if counts[e] > 0)]

    def value(self, h, bsym: int) -> float:
        """V of an outcome: counts h of the dice other than the black die, its symbol bsym."""
        t = self.table
        counts = list(h)
        x = 0.0
        if bsym >= 0:
            if bsym == C.CURSE:
                x -= 2.0
            else:
                counts[bsym] = 0
        x += t.face_burst * counts[C.BURST] + t.face_footprint * counts[C.FOOTPRINT]
        for it, cap, val in zip(t.items, t.caps, t.values):
            c = trigger_count(it, counts)
            if c > 0:
                x += val * min(c, cap)
        return x + self.journey(counts)

    def change(self, moves, by_symbol: bool = False) -> float:
        """V change when effective symbols change: moves = [(old, new)], -1 = no symbol.

        The items are summed in table order; by_symbol (one move: the fast path's order for
        one die) sums the items whose count reads the old symbol only first, then those
        reading the new symbol only, then the others (each group in table order)."""
        t = self.table
        counts = self.counts
        d = 0.0
        changed = set()
        for old, new in moves:
            if old >= 0:
                counts[old] -= 1
                changed.add(old)
                d += t.face_delta(old, -1.0)
            if new >= 0:
                counts[new] += 1
                changed.add(new)
                d += t.face_delta(new, 1.0)
        groups = [0.0, 0.0, 0.0]   # by_symbol: reading old only, new only; the others
        for i, it in enumerate(t.items):
            if any(s in changed for s in it.depends):
                c = min(trigger_count(it, counts), t.caps[i])
                g = 2
                if by_symbol and len(it.depends) == 1:
                    g = 0 if it.depends[0] == moves[0][0] else 1
                groups[g] += t.values[i] * (c - self.item_counts[i])
        items = 0.0
        for x in groups:
            items += x
        d += items
        if changed & t.relevant:
            d += self.journey(counts) - self.journey0
        for old, new in moves:
            if old >= 0:
                counts[old] += 1
            if new >= 0:
                counts[new] -= 1
        return d

    def single(self, old: int, new: int) -> float:
        """V change of one die (not the black one) going from symbol old to new."""
        if old == self.cursed:
            old = -1
        if new == self.cursed:
            new = -1
        if old == new:
            return 0.0
        if (old, new) not in self.memo:
            self.memo[(old, new)] = self.change([(old, new)], by_symbol=True)
        return self.memo[(old, new)]


def track_step_cost(v, i: int) -> int:
    """Score points of the i-th next score-track reroll (0-based, R4)."""
    below = v.bt.below
    s = v.p.score
    for _ in range(i):
        s = below[s]
    return s - below[s]


def pair_gain(v, out: Outcomes, j1: int, j2: int, v0: float) -> float:
    """Expected V change when rerolling dice j1 and j2 together (w_pair = 2)."""
    bt, dice = v.bt, v.p.dice
    jb = out.table.black
    c1, c2 = dice[j1].color, dice[j2].color
    s1, s2 = v.symbol(dice[j1]), v.symbol(dice[j2])
    tot = 0.0
    if j1 == jb or j2 == jb:
        # the black die changes the curse itself: full evaluations
        other = dice[j2] if j1 == jb else dice[j1]
        h = list(out.h)
        h[v.symbol(other)] -= 1
        for fb in range(6):
            b = bt.die_symbol[C.BLACK][fb]
            for fo in range(6):
                n = bt.die_symbol[other.color][fo]
                h[n] += 1
                tot += out.value(h, b)
                h[n] -= 1
        return tot / 36.0 - v0
    cursed = out.cursed
    o1 = -1 if s1 == cursed else s1
    o2 = -1 if s2 == cursed else s2
    for f1 in range(6):
        n1 = bt.die_symbol[c1][f1]
        if n1 == cursed:
            n1 = -1
        for f2 in range(6):
            n2 = bt.die_symbol[c2][f2]
            if n2 == cursed:
                n2 = -1
            if n1 == o1 and n2 == o2:
                continue
            tot += out.change([(o1, n1), (o2, n2)])
    return tot / 36.0


def reroll_scan(v, table: RoundTable):
    """(x, ev, lumi, tokens, track steps the bot may pay, outcomes, v0): the value change of
    every die set to every face (x[j][f]) and of rerolling it (ev[j], the mean over its
    faces), the outcomes' valuation and the black die's value now (0.0 without it); x, ev and
    the outcomes are None when no reroll can be paid."""
    p, w, bt = v.p, v.w, v.bt
    jb = table.black
    h = [0] * C.N_SYMBOLS
    bsym = -1
    for j, d in enumerate(p.dice):
        if d.gone:
            continue
        if j == jb:
            bsym = v.symbol(d)
        else:
            h[v.symbol(d)] += 1
    lumi = p.lumipili_left
    tok = p.tokens
    steps = track_steps(v.game, p)
    sc = p.score
    ok_steps = 0                     # track steps that keep the score at track_floor or above
    for _ in range(steps):
        sc = bt.below[sc]
        if sc < w.track_floor:
            break
        ok_steps += 1
    if lumi + tok + ok_steps == 0:
        return None, None, lumi, tok, ok_steps, None, 0.0
    out = Outcomes(v, table, h, bsym)
    v0 = out.value(h, bsym) if jb >= 0 else 0.0
    nd = len(p.dice)
    x = [[0.0] * 6 for _ in range(nd)]
    ev = [0.0] * nd
    for j, d in enumerate(p.dice):
        if d.gone:
            continue
        tot = 0.0
        for f in range(6):
            new = bt.die_symbol[d.color][f]
            if j == jb:
                xf = out.value(h, new) - v0
            else:
                xf = out.single(v.symbol(d), new)
            x[j][f] = xf
            tot += xf
        ev[j] = tot / 6.0
    return x, ev, lumi, tok, ok_steps, out, v0


def best_dice(v, x, ev) -> tuple:
    """(g1, j1, g2, j2, gs, js, fs) of reroll_scan's x and ev: the two dice whose reroll
    gains most (-1 when none) and the die and face whose setting gains most, the first on a
    tie, dice gone left out."""
    g1 = g2 = -1e300
    j1 = j2 = -1
    gs = -1e300
    js = fs = -1
    for j, d in enumerate(v.p.dice):
        if d.gone:
            continue
        for f in range(6):
            if x[j][f] > gs:
                gs, js, fs = x[j][f], j, f
        e = ev[j]
        if e > g1:
            g2, j2 = g1, j1
            g1, j1 = e, j
        elif e > g2:
            g2, j2 = e, j
    return g1, j1, g2, j2, gs, js, fs


def choose_reroll(v, table: RoundTable) -> tuple:
    """REROLL: (op, b, c, d, e, f) of contract.md section 3."""
    w = v.w
    x, ev, lumi, tok, ok_steps, out, v0 = reroll_scan(v, table)
    if x is None:
        return D.pad(D.OP_STOP)
    # reroll units available and their costs
    cl = w.reroll_margin
    ct = token_value(v)
    tm = w.track_margin
    if lumi > 0:
        src = D.SRC_LUMIPILI
        c1 = cl
    else:
        src = -1
        c1 = 1e300
        if tok > 0:
            src = D.SRC_TOKEN
            c1 = ct
        if ok_steps > 0:
            ctr = track_step_cost(v, 0) + tm
            if ctr < c1:
                src = D.SRC_TRACK
                c1 = ctr
    # single dice: expected change of a reroll, and the best face to set
    g1, j1, g2, j2, gs, js, fs = best_dice(v, x, ev)
    best = 0.0
    choice = D.pad(D.OP_STOP)
    if j1 >= 0 and g1 - c1 > best:
        best = g1 - c1
        choice = D.pad(D.OP_REROLL, src, j1, -1)
    # a pair only helps when the second die is worth rerolling too; its gain is taken
    # as the sum of the two single gains (w_pair = 1), or computed exactly (w_pair = 2)
    wp = w.w_pair
    if j2 >= 0 and wp > 0.5 and g2 > 0.0 and g1 + g2 > c1:
        gp = pair_gain(v, out, j1, j2, v0) if wp > 1.5 else g1 + g2
        if gp - c1 > best:
            best = gp - c1
            choice = D.pad(D.OP_REROLL, src, min(j1, j2), max(j1, j2))
    # set a face with 3 rerolls: the cheapest split of lumipili, tokens, track steps
    if js >= 0 and lumi + tok + ok_steps >= 3:
        c3 = 1e300
        split = (0, 0, 0)
        for b in range(min(3, lumi) + 1):
            for c in range(min(3 - b, tok) + 1):
                dd = 3 - b - c
                if dd > ok_steps:
                    continue
                cost = b * cl + c * ct
                for i in range(dd):
                    cost += track_step_cost(v, i) + tm
                if cost < c3:
                    c3 = cost
                    split = (b, c, dd)
        if gs - c3 > best:
            return D.pad(D.OP_SET, *split, js, fs)
    return choice
