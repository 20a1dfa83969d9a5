"""Compile validated content into compact numpy tables for the kernels.

Everything a game reads is an integer array inside one :class:`Tables`
namedtuple (numba accepts it as a single argument).  Row layout of the
*item* arrays (cards and spells share trigger/effect columns):

    rows 0 .. n_companions-1                     companions, in id order (A.., then B..)
    rows n_companions .. +n_adventurers-1        adventurers, in content order
    rows n_companions+n_adventurers .. end       spell kinds S1.. in id order

Board graphs are in CSR form: the neighbours of node ``v`` are
``adj_to[adj_ptr[v]:adj_ptr[v+1]]`` reached over edge ``adj_edge[...]``.
Python-side names for rows live in :class:`Catalog`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from . import codes as C
from . import dawncodes as DC
from .model import Content, Gain, Trigger


class Tables(NamedTuple):
    # --- dice ---
    die_symbol: np.ndarray          # int8[8 colours, 6 faces] -> symbol code
    # --- items: companions, adventurers, spells ---
    item_kind: np.ndarray           # int8[N]: KIND_COMPANION, KIND_ADVENTURER, KIND_SPELL
    item_bursts: np.ndarray         # int16[N] printed end-game bursts
    item_fireflies: np.ndarray      # int16[N] printed fireflies
    item_deck: np.ndarray           # int8[N] DECK_A / DECK_B / DECK_ADVENTURER (spells: -1)
    item_sketal: np.ndarray         # int8[N] colour of a Sketal's die, ANY_COLOR, or -1
    item_reroll_each: np.ndarray    # int8[N] Lumipili rerolls per round
    item_black_die: np.ndarray      # int8[N] 1 for Kaar
    item_adv_color: np.ndarray      # int8[N] adventurer colour (-1 otherwise)
    item_adv_dice: np.ndarray       # int8[N] adventurer large dice
    item_copies: np.ndarray         # int8[N] spell copies (0 for cards)
    trig_kind: np.ndarray           # int8[N] TRIG_*
    trig_need: np.ndarray           # int8[N, 8] required count per symbol (symbols)
    trig_same: np.ndarray           # int8[N] n for same: n
    trig_absent: np.ndarray         # int8[N, 5] 1 where the element must be absent
    eff_amount: np.ndarray          # int16[N, 4] bursts, footprints, fireflies, rerolls
    eff_flags: np.ndarray           # int8[N] FLAG_* bit mask
    # --- setup ---
    setup_ints: np.ndarray          # int32[8], see SETUP_* constants
    reserve_colors: np.ndarray      # int8[R] colours of the reserve large dice
    small_dice: np.ndarray          # int8[S] colours of the small dice on the track
    space_element: np.ndarray       # int8[5] element of meeting-track space i
    element_space: np.ndarray       # int8[5] space holding element e
    track_reroll_below: np.ndarray  # int16[L+1] next reroll space strictly below s, -1 if none
    # --- Province of Shadows ---
    prov_need: np.ndarray           # int8[S] element needed, -1
    prov_forbid: np.ndarray         # int8[S] element forbidden, -1
    prov_fcost: np.ndarray          # int8[S] footprints to pay to enter
    prov_village: np.ndarray        # int16[S] village bursts, -1 if not a village
    prov_gain: np.ndarray           # int16[S, 4] bursts, footprints, fireflies, rerolls on passage
    prov_lose: np.ndarray           # int8[S] lose_companion_or_spell on passage
    prov_adj_ptr: np.ndarray        # int32[S+1]
    prov_adj_to: np.ndarray         # int32[2E]
    prov_adj_edge: np.ndarray       # int32[2E]
    prov_edge_gain: np.ndarray      # int16[E, 4]
    prov_edge_lose: np.ndarray      # int8[E]
    # --- Archipelago of Darkness ---
    arch_bursts: np.ndarray         # int16[I]
    arch_ring: np.ndarray           # int8[I]
    arch_gain: np.ndarray           # int16[I, 4]
    arch_lose: np.ndarray           # int8[I]
    arch_adj_ptr: np.ndarray        # int32[I+1]
    arch_adj_to: np.ndarray         # int32[2E]
    arch_adj_edge: np.ndarray       # int32[2E]
    arch_edge_min: np.ndarray       # int8[E]
    arch_edge_max: np.ndarray       # int8[E]
    arch_edge_fcost: np.ndarray     # int8[E]
    # --- solo (R9) ---
    tile_band: np.ndarray           # int8[T]
    tile_bursts: np.ndarray         # int8[T]
    tile_journey: np.ndarray        # int8[T] JOURNEY_*
    solo_removed: np.ndarray        # int8[n_companions] 1 if removed in solo mode


# indices into Tables.setup_ints
(SETUP_N_COMPANIONS, SETUP_N_ADVENTURERS, SETUP_N_SPELLS, SETUP_START_BURSTS,
 SETUP_REMOVED_PER_DECK, SETUP_ROUNDS, SETUP_LAST_PLAYER_REROLLS, SETUP_FIREFLY_BONUS,
 SETUP_TRACK_LENGTH, SETUP_PROV_START) = range(10)
N_SETUP = 10


@dataclass(frozen=True)
class Catalog:
    """Python-side names for table rows (ids <-> row indices)."""
    companion_ids: tuple[str, ...]
    adventurer_ids: tuple[str, ...]
    spell_ids: tuple[str, ...]
    tile_ids: tuple[str, ...]

    @property
    def n_companions(self) -> int:
        return len(self.companion_ids)

    @property
    def n_adventurers(self) -> int:
        return len(self.adventurer_ids)

    def companion_row(self, cid: str) -> int:
        return self.companion_ids.index(cid)

    def adventurer_row(self, aid: str) -> int:
        return self.n_companions + self.adventurer_ids.index(aid)

    def spell_row(self, sid: str) -> int:
        return self.n_companions + self.n_adventurers + self.spell_ids.index(sid)

    def item_id(self, row: int) -> str:
        nc, na = self.n_companions, self.n_adventurers
        if row < nc:
            return self.companion_ids[row]
        if row < nc + na:
            return self.adventurer_ids[row - nc]
        return self.spell_ids[row - nc - na]


def _id_key(cid: str):
    return (cid[0], int(cid[1:]))


def catalog(content: Content) -> Catalog:
    return Catalog(
        companion_ids=tuple(sorted(content.companions, key=_id_key)),
        adventurer_ids=tuple(content.adventurers),
        spell_ids=tuple(sorted(content.spells)),
        tile_ids=tuple(sorted(content.solo_tiles)),
    )


def _gain_row(g: Gain):
    return [g.bursts, g.footprints, g.fireflies, g.rerolls]


def _csr(n, edges):
    nbrs = [[] for _ in range(n)]
    for ei, (a, b) in enumerate(edges):
        nbrs[a].append((b, ei))
        nbrs[b].append((a, ei))
    ptr = np.zeros(n + 1, np.int32)
    to, ed = [], []
    for v in range(n):
        for (w, ei) in sorted(nbrs[v]):
            to.append(w)
            ed.append(ei)
        ptr[v + 1] = len(to)
    return ptr, np.array(to, np.int32), np.array(ed, np.int32)


def compile_tables(content: Content) -> tuple[Tables, Catalog]:
    cat = catalog(content)
    nc, na, ns = cat.n_companions, cat.n_adventurers, len(cat.spell_ids)
    n = nc + na + ns

    # Dawn content (D2, D8): the Dawn colours and faces follow the base codes (dawncodes.py)
    dawn = content.dawn is not None
    n_colors = DC.N_DAWN_COLORS if dawn else C.N_COLORS
    die_symbol = np.zeros((n_colors, 6), np.int8)
    order = [C.SYMBOL_CODE[e] for e in content.die_faces.order]
    for col in range(n_colors):
        die_symbol[col, :5] = order
        if col >= C.N_COLORS:
            sixth = content.die_faces.sixth.get(DC.DAWN_COLORS[col])
            if sixth is not None:
                die_symbol[col, 5] = DC.DAWN_SYMBOL_CODE[sixth]
            continue
        sixth = content.die_faces.sixth.get(C.COLORS[col])
        die_symbol[col, 5] = C.SYMBOL_CODE[sixth] if sixth else C.SYMBOL_CODE[C.COLORS[col]] if col < 5 else col

    kind = np.zeros(n, np.int8)
    bursts = np.zeros(n, np.int16)
    ffl = np.zeros(n, np.int16)
    deck = np.full(n, -1, np.int8)
    sketal = np.full(n, -1, np.int8)
    reroll_each = np.zeros(n, np.int8)
    black = np.zeros(n, np.int8)
    adv_color = np.full(n, -1, np.int8)
    adv_dice = np.zeros(n, np.int8)
    copies = np.zeros(n, np.int8)
    tkind = np.zeros(n, np.int8)
    tneed = np.zeros((n, C.N_SYMBOLS), np.int8)
    tsame = np.zeros(n, np.int8)
    tabs = np.zeros((n, C.N_ELEMENTS), np.int8)
    amount = np.zeros((n, C.N_AMOUNTS), np.int16)
    flags = np.zeros(n, np.int8)

    def put_trigger(r, trig: Trigger | None, eff):
        if trig is None:
            return
        if trig.elements is not None:
            tkind[r] = C.TRIG_NONE     # D6: counted by the Dawn rules (dawntables.py)
        elif trig.same is not None:
            tkind[r] = C.TRIG_SAME
            tsame[r] = trig.same
        elif trig.symbols is not None and trig.absent is not None:
            tkind[r] = C.TRIG_SYMBOLS_ABSENT
        elif trig.symbols is not None:
            tkind[r] = C.TRIG_SYMBOLS
        else:
            tkind[r] = C.TRIG_ABSENT
        for s in trig.symbols or []:
            tneed[r, C.SYMBOL_CODE[s]] += 1
        for s in trig.absent or []:
            tabs[r, C.SYMBOL_CODE[s]] = 1
        amount[r] = [eff.bursts, eff.footprints, eff.fireflies, eff.rerolls]
        f = 0
        for name, bit in C.FLAG_NAMES.items():
            if getattr(eff, name):
                f |= bit
        flags[r] = f

    for r, cid in enumerate(cat.companion_ids):
        cp = content.companions[cid]
        kind[r] = C.KIND_COMPANION
        bursts[r] = cp.bursts
        ffl[r] = cp.fireflies
        deck[r] = C.DECK_A if content.companion_deck(cid) == "A" else C.DECK_B
        if cp.sketal_die == "any":
            sketal[r] = C.ANY_COLOR
        elif cp.sketal_die is not None:
            sketal[r] = C.COLOR_CODE[cp.sketal_die]
        reroll_each[r] = cp.reroll_each_round
        black[r] = 1 if cp.black_die else 0
        put_trigger(r, cp.trigger, cp.effect)
    for i, aid in enumerate(cat.adventurer_ids):
        r = nc + i
        ad = content.adventurers[aid]
        kind[r] = C.KIND_ADVENTURER
        bursts[r] = ad.bursts
        deck[r] = C.DECK_ADVENTURER
        adv_color[r] = C.COLOR_CODE[ad.color] if ad.color in C.COLOR_CODE else DC.DAWN_COLOR_CODE[ad.color]
        adv_dice[r] = ad.dice
        put_trigger(r, ad.trigger, ad.effect)
    for i, sid in enumerate(cat.spell_ids):
        r = nc + na + i
        sp = content.spells[sid]
        kind[r] = C.KIND_SPELL
        copies[r] = sp.copies
        put_trigger(r, sp.trigger, sp.effect)

    st = content.setup
    L = content.score_track_length
    below = np.full(L + 1, -1, np.int16)
    rr = sorted(content.score_track_rerolls)
    for s in range(L + 1):
        lower = [v for v in rr if v < s]
        below[s] = lower[-1] if lower else -1

    prov = content.boards.province_of_shadows
    S = len(prov.spaces)
    p_need = np.full(S, -1, np.int8)
    p_forbid = np.full(S, -1, np.int8)
    p_fcost = np.zeros(S, np.int8)
    p_village = np.full(S, -1, np.int16)
    p_gain = np.zeros((S, 4), np.int16)
    p_lose = np.zeros(S, np.int8)
    start = 0
    for s, sp in prov.spaces.items():
        if sp.need:
            p_need[s] = C.SYMBOL_CODE[sp.need]
        if sp.forbid:
            p_forbid[s] = C.SYMBOL_CODE[sp.forbid]
        p_fcost[s] = sp.footprint_cost
        if sp.village is not None:
            p_village[s] = sp.village
        p_gain[s] = _gain_row(sp.gain)
        p_lose[s] = 1 if sp.gain.lose_companion_or_spell else 0
        if sp.start:
            start = s
    p_ptr, p_to, p_edge = _csr(S, [(e.a, e.b) for e in prov.edges])
    pe_gain = np.array([_gain_row(e.on_path) for e in prov.edges], np.int16).reshape(-1, 4)
    pe_lose = np.array([1 if e.on_path.lose_companion_or_spell else 0 for e in prov.edges], np.int8)

    arch = content.boards.archipelago_of_darkness
    I = len(arch.islands)
    a_bursts = np.zeros(I, np.int16)
    a_ring = np.zeros(I, np.int8)
    a_gain = np.zeros((I, 4), np.int16)
    a_lose = np.zeros(I, np.int8)
    for i, isl in arch.islands.items():
        a_bursts[i] = isl.bursts
        a_ring[i] = isl.ring
        a_gain[i] = _gain_row(isl.gain)
        a_lose[i] = 1 if isl.gain.lose_companion_or_spell else 0
    a_ptr, a_to, a_edge = _csr(I, [(e.a, e.b) for e in arch.edges])
    a_min = np.array([e.elements[0] for e in arch.edges], np.int8)
    a_max = np.array([e.elements[1] for e in arch.edges], np.int8)
    a_fcost = np.array([e.footprint_cost for e in arch.edges], np.int8)

    tiles = [content.solo_tiles[t] for t in cat.tile_ids]
    solo_removed = np.zeros(nc, np.int8)
    for cid in content.solo.removed:
        solo_removed[cat.companion_row(cid)] = 1

    setup_ints = np.zeros(N_SETUP, np.int32)
    setup_ints[SETUP_N_COMPANIONS] = nc
    setup_ints[SETUP_N_ADVENTURERS] = na
    setup_ints[SETUP_N_SPELLS] = ns
    setup_ints[SETUP_START_BURSTS] = st.start_bursts
    setup_ints[SETUP_REMOVED_PER_DECK] = st.removed_per_deck
    setup_ints[SETUP_ROUNDS] = st.rounds
    setup_ints[SETUP_LAST_PLAYER_REROLLS] = st.last_player_reroll_tokens
    setup_ints[SETUP_FIREFLY_BONUS] = st.firefly_bonus
    setup_ints[SETUP_TRACK_LENGTH] = L
    setup_ints[SETUP_PROV_START] = start

    space_el = np.array([C.SYMBOL_CODE[e] for e in st.meeting_track_spaces], np.int8)
    el_space = np.zeros(5, np.int8)
    for i, e in enumerate(space_el):
        el_space[e] = i

    t = Tables(
        die_symbol=die_symbol,
        item_kind=kind, item_bursts=bursts, item_fireflies=ffl, item_deck=deck,
        item_sketal=sketal, item_reroll_each=reroll_each, item_black_die=black,
        item_adv_color=adv_color, item_adv_dice=adv_dice, item_copies=copies,
        trig_kind=tkind, trig_need=tneed, trig_same=tsame, trig_absent=tabs,
        eff_amount=amount, eff_flags=flags,
        setup_ints=setup_ints,
        reserve_colors=np.array([C.COLOR_CODE[c] for c in st.reserve_large_dice], np.int8),
        small_dice=np.array([C.COLOR_CODE[c] for c in st.small_dice_on_track], np.int8),
        space_element=space_el, element_space=el_space,
        track_reroll_below=below,
        prov_need=p_need, prov_forbid=p_forbid, prov_fcost=p_fcost, prov_village=p_village,
        prov_gain=p_gain, prov_lose=p_lose, prov_adj_ptr=p_ptr, prov_adj_to=p_to,
        prov_adj_edge=p_edge, prov_edge_gain=pe_gain, prov_edge_lose=pe_lose,
        arch_bursts=a_bursts, arch_ring=a_ring, arch_gain=a_gain, arch_lose=a_lose,
        arch_adj_ptr=a_ptr, arch_adj_to=a_to, arch_adj_edge=a_edge,
        arch_edge_min=a_min, arch_edge_max=a_max, arch_edge_fcost=a_fcost,
        tile_band=np.array([t.band for t in tiles], np.int8),
        tile_bursts=np.array([t.bursts for t in tiles], np.int8),
        tile_journey=np.array([C.JOURNEYS.index(t.journey) for t in tiles], np.int8),
        solo_removed=solo_removed,
    )
    return t, cat
