"""What the heuristic bot precomputes from the content, as plain Python values, built once
per content: item rows, dice, the boards with their distances, and two small numeric tables
(Poisson survival, reach factor).

The numeric tables are the fast path's own (glowsim/spec/botmath.py builds them for both
engines), here as Python lists: the reference bot must make the same choices as the kernel,
down to the last bit of every value it compares.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ...content import codes as C
from ...content.arrays import SETUP_ROUNDS
from ...spec.botmath import (MAX_VILLAGES, board_distances, face_probabilities, poisson_survival,
                             reach_table)


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


def neighbours(ptr, to, edge) -> list:
    """Per space: [(neighbour, edge id)] in the content's adjacency order."""
    return [[(int(to[a]), int(edge[a])) for a in range(int(ptr[v]), int(ptr[v + 1]))]
            for v in range(len(ptr) - 1)]


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
        items=_items(t), die_symbol=_rows(t.die_symbol),
        face_p=face_probabilities(t.die_symbol).tolist(),
        small_dice=_ints(t.small_dice), below=_ints(t.track_reroll_below),
        rounds=int(t.setup_ints[SETUP_ROUNDS]), surv=poisson_survival().tolist(), reach=reach_table().tolist(),
        prov_need=_ints(t.prov_need), prov_forbid=_ints(t.prov_forbid), prov_fcost=_ints(t.prov_fcost),
        prov_village=village, prov_gain=_rows(t.prov_gain), prov_lose=_ints(t.prov_lose),
        prov_nbrs=prov_nbrs, prov_edge_gain=_rows(t.prov_edge_gain),
        prov_edge_lose=_ints(t.prov_edge_lose),
        villages=tuple(v for v in range(len(village)) if village[v] >= 0)[:MAX_VILLAGES],
        pdist=board_distances(t.prov_adj_ptr, t.prov_adj_to).tolist(),
        arch_bursts=_ints(t.arch_bursts), arch_gain=_rows(t.arch_gain), arch_lose=_ints(t.arch_lose),
        arch_nbrs=arch_nbrs, arch_edge_min=_ints(t.arch_edge_min), arch_edge_max=_ints(t.arch_edge_max),
        arch_edge_fcost=_ints(t.arch_edge_fcost),
        adist=board_distances(t.arch_adj_ptr, t.arch_adj_to).tolist())


_CACHE: dict = {}


def bot_tables(content) -> BotTables:
    """The tables of a content, cached by content hash."""
    key = content.hash
    if key not in _CACHE:
        _CACHE[key] = build_tables(content)
    return _CACHE[key]
