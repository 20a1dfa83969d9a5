"""The heuristic bot's journey (R6): a search of the Province board for the best place to
stop or camp with the dice and footprints it has, the best boat move on the Archipelago,
and the cheap journey values used while planning rerolls.

Province: a depth-first search over simple paths from the company (E7 costs: an unused
die of the needed element, else a footprint; forbidden elements and village costs in
footprints) scores every reachable end: gains on the way, footprints spent, the village
camped on, and the potential of the end space (better villages still reachable in the
rounds left).  It enters at most the bot's `search_nodes` spaces (glowsim/engine/botparams.py);
the best path is followed step by step and searched again when its next step is no longer
legal.
"""
from __future__ import annotations

from ...content import codes as C
from ...spec import decisions as D
from ..dice import distinct_elements
from ...spec.botmath import ARCH_GAMMA, NFUT, NREACH, int_power
from . import dawnvalues
from .values import SPELL_HARM, firefly_value, fixed_pool, footprint_value, keep_value, token_value

MAXDEPTH = 24           # longest path searched


def lose_value(v, ffv: float) -> float:
    """Value of the best answer to a `lose_companion_or_spell` gain (often negative); in a Dawn
    game valued over Dawn's dice and cards (dawnvalues.lose_value)."""
    if v.game.dawn is not None:
        return dawnvalues.lose_value(v, ffv)
    p = v.p
    if p.spells:
        return SPELL_HARM
    if not p.companions:
        return 0.0
    lam = fixed_pool(v)
    best = -1e300
    for r in p.companions:
        x = -keep_value(v, r, lam, ffv, v.rounds_after)
        if x > best:
            best = x
    return best


def gain_value(g, lose: int, ffv: float, tokv: float, fpv: float, losev: float) -> float:
    """A board gain: bursts, footprints, fireflies, tokens, and its lose flag."""
    return g[0] + fpv * g[1] + ffv * g[2] + tokv * g[3] + (losev if lose != 0 else 0.0)


# ---- Province of Shadows ----

def village_value(bt, space: int) -> int:
    b = bt.prov_village[space]
    return b if b > 0 else 0


def reach_factor(bt, d: int, future: int) -> float:
    if d >= NREACH or future <= 0:
        return 0.0
    if future >= NFUT:
        future = NFUT - 1
    return bt.reach[d][future]


def potential(bt, x: int, enc: int, future: int) -> float:
    """Worth of the company standing on x for the rounds after this one: the best better
    village, discounted by how far it is against the steps still to come."""
    if future <= 0:
        return 0.0
    best = 0.0
    for vil in bt.villages:
        gain = bt.prov_village[vil] - enc
        if gain <= 0:
            continue
        val = gain * reach_factor(bt, bt.pdist[x][vil], future)
        if val > best:
            best = val
    return best


class ProvincePlan:
    """The afternoon's plan: steps (space, pay) still to take and how it ends."""

    def __init__(self):
        self.round = -1
        self.steps: list = []
        self.next = 0
        self.end = D.MOVE_END
        self.ffv = 0.0          # firefly value at the afternoon's first move
        self.entered: set = set()   # spaces entered this afternoon (E7: each once)


class _Search:
    """Depth-first search state (one call of search_province)."""

    def __init__(self, v, plan):
        bt, p = v.bt, v.p
        self.bt = bt
        self.future = v.rounds_after
        self.wj = v.w.w_journey
        self.ffv = plan.ffv
        self.tokv = token_value(v)
        self.fpv = footprint_value(v)
        self.losev = lose_value(v, plan.ffv)
        self.enc = village_value(bt, p.encampment)
        self.reserve = int(v.w.fp_reserve)
        self.budget = int(v.w.search_nodes)  # spaces this search may enter
        self.shows = [0] * C.N_ELEMENTS      # an effective die shows the element (forbid, E7)
        unused = [0] * C.N_ELEMENTS          # unused effective dice per element (need, E7)
        for d in v.game.effective(p):     # Dawn: D9, D14 too
            s = v.symbol(d)
            if s < C.N_ELEMENTS:
                self.shows[s] = 1
                if not d.used:
                    unused[s] += 1
        self.visited = set(plan.entered) | {p.company}
        self.nodes = 0
        self.best_v = self.wj * potential(bt, p.company, self.enc, self.future)
        self.best_path: list = []
        self.best_end = D.MOVE_END
        self.path: list = []
        self.explore(p.company, 0, unused, p.footprints, 0, 0.0)

    def explore(self, pos: int, depth: int, unused: list, feet: int, spent: int, gain: float):
        bt = self.bt
        for w, _ in bt.prov_nbrs[pos]:
            if depth >= MAXDEPTH or self.nodes >= self.budget:
                break
            if w in self.visited:
                continue
            cost = bt.prov_fcost[w]
            pay = -1
            need = bt.prov_need[w]
            forbid = bt.prov_forbid[w]
            if need >= 0:
                if unused[need] > 0:
                    pay = D.PAY_DIE
                else:
                    pay = D.PAY_FOOTPRINT
                    cost += 1
            elif forbid >= 0 and self.shows[forbid]:
                cost += 1
            left = feet - cost
            if left < 0 or (cost > 0 and left < self.reserve and bt.prov_village[w] < 0):
                continue
            nb = bt.prov_nbrs[w]
            edge = nb[0][1]
            for x, e in nb:
                if x == pos:
                    edge = e
            g = (gain + gain_value(bt.prov_edge_gain[edge], bt.prov_edge_lose[edge], self.ffv,
                                   self.tokv, self.fpv, self.losev)
                 + gain_value(bt.prov_gain[w], bt.prov_lose[w], self.ffv, self.tokv, self.fpv,
                              self.losev))
            after = list(unused)
            if pay == D.PAY_DIE:
                after[need] -= 1
            self.visited.add(w)
            self.nodes += 1
            self.path.append((w, pay))
            self.score_end(w, g, spent + cost)
            self.explore(w, depth + 1, after, left, spent + cost, g)
            self.path.pop()
        if depth > 0:
            self.visited.discard(pos)

    def score_end(self, w: int, g: float, spent: int):
        """Ending the afternoon on w (camping there if it is a better village)."""
        bt = self.bt
        here = g - self.fpv * spent
        val = here + self.wj * potential(bt, w, self.enc, self.future)
        end = D.MOVE_END
        vb = bt.prov_village[w]
        if vb > self.enc:
            val2 = here + (vb - self.enc) + self.wj * potential(bt, w, vb, self.future)
            if val2 > val:
                val = val2
                end = D.MOVE_ENCAMP
        if val > self.best_v + 1e-9:
            self.best_v = val
            self.best_path = list(self.path)
            self.best_end = end


def search_province(v, plan: ProvincePlan) -> None:
    s = _Search(v, plan)
    plan.steps = s.best_path
    plan.next = 0
    plan.end = s.best_end
    plan.round = v.round


def province_move(v, plan: ProvincePlan, legal) -> tuple:
    """PROVINCE_MOVE: follow the plan; search at the afternoon's first move and again when
    the next planned step is not legal any more."""
    p = v.p
    if plan.round != v.round:     # the first move this bot is asked this afternoon
        plan.ffv = firefly_value(v, 0)
        plan.entered = set(p.entered) | {p.company}   # its start and its steps before (R6)
        search_province(v, plan)
    moved = len(p.entered) > 1    # the company has stepped this afternoon
    for _ in range(2):
        if plan.next < len(plan.steps):
            w, pay = plan.steps[plan.next]
            if D.pad(D.MOVE_STEP, w, pay) in legal:
                plan.next += 1
                plan.entered.add(w)
                return D.pad(D.MOVE_STEP, w, pay)
            search_province(v, plan)
            continue
        if plan.end == D.MOVE_ENCAMP and moved and v.bt.prov_village[p.company] >= 0:
            return D.pad(D.MOVE_ENCAMP)
        return D.pad(D.MOVE_END)
    return D.pad(D.MOVE_END)


def province_route(v) -> list:
    """A route toward the best village (the reroll planner's journey proxy): spaces."""
    bt, p = v.bt, v.p
    future = v.rounds_after
    enc = village_value(bt, p.encampment)
    pos = p.company
    target = -1
    best = 0.0
    for vil in bt.villages:
        gain = bt.prov_village[vil] - enc
        d = bt.pdist[pos][vil]
        if gain <= 0 or d == 0:
            continue
        val = gain * reach_factor(bt, d, future + 1)
        if val > best:
            best = val
            target = vil
    route = []
    if target >= 0:
        x = pos
        while x != target and len(route) < 12:
            nxt = -1
            for y, _ in bt.prov_nbrs[x]:
                if bt.pdist[target][y] == bt.pdist[target][x] - 1:
                    nxt = y
                    break
            if nxt < 0:
                break
            route.append(nxt)
            x = nxt
    return route


def route_values(v, route) -> list:
    """out[i]: value of ending this afternoon after i steps of the route (camping on a
    better village when it is one)."""
    bt, p = v.bt, v.p
    wj = v.w.w_journey
    future = v.rounds_after
    enc = village_value(bt, p.encampment)
    base = potential(bt, p.company, enc, future)
    out = [0.0]
    for x in route:
        val = potential(bt, x, enc, future)
        vb = bt.prov_village[x]
        if vb > enc:
            v2 = (vb - enc) + potential(bt, x, vb, future)
            if v2 > val:
                val = v2
        out.append(wj * (val - base))
    return out


def route_walk(bt, route, routev, h, foot: int, fpv: float) -> float:
    """Journey proxy for a dice outcome: the best prefix of the route reachable with the
    element counts h (dice still unused) and `foot` footprints."""
    best = 0.0
    spent = 0
    left = list(h[:C.N_ELEMENTS])
    for i, x in enumerate(route):
        cost = bt.prov_fcost[x]
        need = bt.prov_need[x]
        forbid = bt.prov_forbid[x]
        if need >= 0:
            if left[need] > 0:
                left[need] -= 1
            else:
                cost += 1
        elif forbid >= 0 and h[forbid] > 0:
            cost += 1
        spent += cost
        if spent > foot:
            break
        val = routev[i + 1] - fpv * spent
        if val > best:
            best = val
    return best


# ---- Archipelago of Darkness ----

def island_potential(v, x: int, future: int) -> float:
    """Best island within the boat moves left, discounted per move."""
    if future <= 0:
        return 0.0
    bt = v.bt
    best = 0.0
    bx = bt.arch_bursts[x]
    for j in range(len(bt.arch_bursts)):
        g = bt.arch_bursts[j] - bx
        if g <= 0 or (j != 0 and j in v.p.boats):
            continue
        d = bt.adist[x][j]
        if d > future:
            continue
        val = g * int_power(ARCH_GAMMA, d)
        if val > best:
            best = val
    return best


def archi_move_value(v, u: int, w: int, edge: int, k: int, ffv, tokv, fpv, losev, future) -> float:
    """Value of moving a boat from u to w over `edge` with k elements (E8), or -1e300."""
    bt, p = v.bt, v.p
    if w != 0 and w in p.boats:
        return -1e300
    if k > bt.arch_edge_max[edge]:
        return -1e300
    lo = bt.arch_edge_min[edge]
    cost = bt.arch_edge_fcost[edge] + (lo - k if k < lo else 0)
    if cost > p.footprints:
        return -1e300
    val = (float(bt.arch_bursts[w] - bt.arch_bursts[u]) - fpv * cost
           + gain_value(bt.arch_gain[w], bt.arch_lose[w], ffv, tokv, fpv, losev))
    val += v.w.w_journey * (island_potential(v, w, future) - island_potential(v, u, future))
    return val


def archi_best(v, k: int, ffv: float, losev: float) -> tuple:
    """(value, from, to) of the best boat move with k distinct elements; (0.0, -1, -1) if
    none is worth it."""
    bt = v.bt
    tokv = token_value(v)
    fpv = footprint_value(v)
    future = v.rounds_after
    best = 0.0
    bu = -1
    bw = -1
    for u in range(len(bt.arch_bursts)):
        if u not in v.p.boats:
            continue
        for w, edge in bt.arch_nbrs[u]:
            val = archi_move_value(v, u, w, edge, k, ffv, tokv, fpv, losev, future)
            if val > best + 1e-9:
                best = val
                bu = u
                bw = w
    return best, bu, bw


def archi_values(v, ffv: float) -> list:
    """[k]: the best boat move's value with k = 0..5 distinct elements (reroll proxy)."""
    losev = lose_value(v, ffv)
    return [archi_best(v, k, ffv, losev)[0] for k in range(C.N_ELEMENTS + 1)]


def archi_move(v) -> tuple:
    """ARCHI_MOVE: the best move for the elements shown (E8), or none."""
    ffv = firefly_value(v, 0)
    k = distinct_elements(v.game.t, v.game.effective(v.p))    # Dawn: D9, D14 too
    _, u, w = archi_best(v, k, ffv, lose_value(v, ffv))
    return D.pad(u, w)
