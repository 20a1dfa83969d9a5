"""What the heuristic bot precomputes from the content, as plain Python values, built once
per content: item rows, dice, the boards with their distances, and two small numeric tables
(Poisson survival, reach factor).

The numeric tables and :func:`int_power` reproduce the fast path's arithmetic exactly
(glowsim/fast/ktables.py, numba's ``float ** int``): the reference bot must make the
same choices as the kernel, down to the last bit of every value it compares.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from ...content import codes as C
from ...content.tables import SETUP_ROUNDS

# Poisson survival table: surv[i][m] = P(N >= m), N ~ Poisson(i * LSTEP)
LSTEP = 0.05
NL = 241
MAXK = 16
# reach factor: a village d steps away with f afternoons left (STEPS_PER_ROUND steps each)
NREACH = 128
NFUT = 24
STEPS_PER_ROUND = 2.5
MAX_VILLAGES = 16          # the bots look at the first 16 villages of the Province
UNREACHABLE = 10 ** 6      # board distance between unconnected spaces


def int_power(x: float, n: int) -> float:
    """``x ** n`` for an integer n >= 0 as numba computes it (square and multiply), which can
    differ in the last bit from Python's ``x ** n`` (the C library's pow)."""
    if n > 0x10000:   # numba's cut-off: the generic pow
        return math.pow(x, float(n))
    r = 1.0
    while n != 0:
        if n & 1:
            r *= x
        n >>= 1
        x *= x
    return r


class Item(NamedTuple):
    """One catalog row (companion, adventurer or spell) with Python ints."""
    kind: int            # 0 companion, 1 adventurer, 2 spell
    bursts: int
    fireflies: int
    sketal: int          # colour of a Sketal's die, ANY_COLOR, or -1
    reroll_each: int     # Lumipili rerolls per round
    black_die: int       # 1 for Kaar
    adv_color: int
    adv_dice: int
    trig_kind: int
    trig_same: int
    flags: int
    amounts: tuple       # bursts, footprints, fireflies, rerolls
    need: tuple          # 8 symbols
    absent: tuple        # 5 elements
    depends: tuple       # symbols whose count can change the trigger count (R5)


def _depends(kind: int, need, absent) -> tuple:
    out = []
    for s in range(C.N_SYMBOLS):
        if need[s] > 0 or (kind == C.TRIG_SAME and s < C.CURSE) or (s < C.N_ELEMENTS and absent[s]):
            out.append(s)
    return tuple(out)


def _items(t) -> tuple:
    rows = []
    for r in range(len(t.item_kind)):
        need = tuple(int(x) for x in t.trig_need[r])
        absent = tuple(int(x) for x in t.trig_absent[r])
        kind = int(t.trig_kind[r])
        rows.append(Item(int(t.item_kind[r]), int(t.item_bursts[r]), int(t.item_fireflies[r]),
                         int(t.item_sketal[r]), int(t.item_reroll_each[r]), int(t.item_black_die[r]),
                         int(t.item_adv_color[r]), int(t.item_adv_dice[r]), kind, int(t.trig_same[r]),
                         int(t.eff_flags[r]), tuple(int(x) for x in t.eff_amount[r]), need, absent,
                         _depends(kind, need, absent)))
    return tuple(rows)


def poisson_survival() -> list:
    """surv[i][m] = P(N >= m) for N ~ Poisson(i * LSTEP), m < MAXK (same numpy sums as the
    fast path's table)."""
    surv = np.zeros((NL, MAXK))
    for i in range(NL):
        lam = i * LSTEP
        pmf = np.zeros(MAXK + 40)
        pmf[0] = np.exp(-lam)
        for m in range(1, len(pmf)):
            pmf[m] = pmf[m - 1] * lam / m
        for m in range(MAXK):
            surv[i, m] = max(0.0, 1.0 - pmf[:m].sum()) if m else 1.0
    return surv.tolist()


def reach_table() -> list:
    """reach[d][f]: worth of a target d steps away with f afternoons left: 1 within
    STEPS_PER_ROUND steps a round, then decaying; 3% less per step."""
    reach = np.zeros((NREACH, NFUT))
    for d in range(NREACH):
        for f in range(1, NFUT):
            r = STEPS_PER_ROUND * f
            reach[d, f] = (1.0 if d <= r else np.exp(-(d - r) / 1.5)) * 0.97 ** d
    return reach.tolist()


def face_probabilities(die_symbol) -> list:
    """p[colour][symbol]: probability that a die of that colour shows the symbol."""
    p = np.zeros((C.N_COLORS, C.N_SYMBOLS))
    for c in range(C.N_COLORS):
        for f in range(6):
            p[c, int(die_symbol[c, f])] += 1.0 / 6.0
    return p.tolist()


def neighbours(ptr, to, edge) -> list:
    """Per space: [(neighbour, edge id)] in the content's adjacency order."""
    return [[(int(to[a]), int(edge[a])) for a in range(int(ptr[v]), int(ptr[v + 1]))]
            for v in range(len(ptr) - 1)]


def distances(nbrs) -> list:
    """Breadth-first step distances between all spaces (UNREACHABLE when not connected)."""
    n = len(nbrs)
    out = []
    for s in range(n):
        d = [UNREACHABLE] * n
        d[s] = 0
        frontier = [s]
        while frontier:
            nxt = []
            for u in frontier:
                for w, _ in nbrs[u]:
                    if d[w] > d[u] + 1:
                        d[w] = d[u] + 1
                        nxt.append(w)
            frontier = nxt
        out.append(d)
    return out


def _ints(a) -> tuple:
    return tuple(int(x) for x in a)


def _rows(a) -> tuple:
    return tuple(tuple(int(x) for x in row) for row in a)


@dataclass(frozen=True)
class BotTables:
    items: tuple
    die_symbol: tuple          # [colour][face] -> symbol
    face_p: list               # [colour][symbol] -> probability
    small_dice: tuple          # colours of the small dice, content order
    below: tuple               # score-track reroll space strictly below s, -1
    rounds: int
    surv: list
    reach: list
    # Province of Shadows
    prov_need: tuple
    prov_forbid: tuple
    prov_fcost: tuple
    prov_village: tuple
    prov_gain: tuple
    prov_lose: tuple
    prov_nbrs: list
    prov_edge_gain: tuple
    prov_edge_lose: tuple
    villages: tuple            # village spaces, index order (at most MAX_VILLAGES)
    pdist: list
    # Archipelago of Darkness
    arch_bursts: tuple
    arch_gain: tuple
    arch_lose: tuple
    arch_nbrs: list
    arch_edge_min: tuple
    arch_edge_max: tuple
    arch_edge_fcost: tuple
    adist: list

    def small_die_order(self, color: int) -> int:
        """Position of a colour in the content's small-dice list: the fast path adds the dice
        lying on a space in that order (exact when dice of one colour are listed together)."""
        return self.small_dice.index(color)


def build_tables(content) -> BotTables:
    t = content.tables
    prov_nbrs = neighbours(t.prov_adj_ptr, t.prov_adj_to, t.prov_adj_edge)
    arch_nbrs = neighbours(t.arch_adj_ptr, t.arch_adj_to, t.arch_adj_edge)
    village = _ints(t.prov_village)
    return BotTables(
        items=_items(t), die_symbol=_rows(t.die_symbol), face_p=face_probabilities(t.die_symbol),
        small_dice=_ints(t.small_dice), below=_ints(t.track_reroll_below),
        rounds=int(t.setup_ints[SETUP_ROUNDS]), surv=poisson_survival(), reach=reach_table(),
        prov_need=_ints(t.prov_need), prov_forbid=_ints(t.prov_forbid), prov_fcost=_ints(t.prov_fcost),
        prov_village=village, prov_gain=_rows(t.prov_gain), prov_lose=_ints(t.prov_lose),
        prov_nbrs=prov_nbrs, prov_edge_gain=_rows(t.prov_edge_gain),
        prov_edge_lose=_ints(t.prov_edge_lose),
        villages=tuple(v for v in range(len(village)) if village[v] >= 0)[:MAX_VILLAGES],
        pdist=distances(prov_nbrs),
        arch_bursts=_ints(t.arch_bursts), arch_gain=_rows(t.arch_gain), arch_lose=_ints(t.arch_lose),
        arch_nbrs=arch_nbrs, arch_edge_min=_ints(t.arch_edge_min), arch_edge_max=_ints(t.arch_edge_max),
        arch_edge_fcost=_ints(t.arch_edge_fcost), adist=distances(arch_nbrs))


_CACHE: dict = {}


def bot_tables(content) -> BotTables:
    """The tables of a content, cached by content hash."""
    key = content.hash
    if key not in _CACHE:
        _CACHE[key] = build_tables(content)
    return _CACHE[key]
