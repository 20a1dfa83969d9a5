"""Tables the heuristic bot reads instead of recomputing (glowsim/fast/kernel/ktables.py) give the
very numbers of the loops they replace, bit for bit: a different last bit could change a
decision, and the bot must decide as its plain-Python port does."""
from __future__ import annotations

import numpy as np
from numba import njit

from glowsim.content import codes as C
from glowsim.fast.play import ktables
from glowsim.fast.bots.values import add_die_lam, expected_count, expected_count_loop
from glowsim.fast.bots.journeys import island_potential, potential, reach_factor
from glowsim.fast.kernel.ktables import (NBP_FCOST, NBP_FORBID, NBP_GF, NBP_NEED, NBP_VB, NBP_VILL, NBP_X, PV_FCOST, PV_FORBID,
                                  PV_NBP, PV_NEED, AV_BURSTS, IT_ABS, IT_DEP1, IT_DEPM, IT_NEED, IT_PAIR, IT_PS1, IT_PS2, IT_SYM1,
                                  IT_TKIND, IT_TSAME, PE_LOSE, PV_DEG, PV_ED,
                                  PV_EGF, PV_GAIN, PV_GF, PV_LOSE, PV_NB, PV_RED, PV_VILLAGE, SET_NARCH, SET_NSMALL, SET_NVILL, SET_SMALL,
                                  SET_VILL)
from glowsim.fast.kernel.state import MAXNODES, NBOATS
from glowsim.spec.botmath import ARCH_GAMMA, LSTEP, MAXK, NFUT, NL, int_power


@njit
def _both(K, row, lam, capped):
    return expected_count(K, row, lam, capped), expected_count_loop(K, row, lam, capped)


def test_expected_count_table_equals_the_loop_for_every_item_and_pool(game):
    K = ktables(game)
    rng = np.random.default_rng(5)
    tabled = 0
    for row in range(K.item.shape[0]):
        # every Poisson index, at its centre and near its rounding edges, plus random pools
        grid = np.concatenate([np.arange(NL) * LSTEP, np.arange(NL) * LSTEP + 0.0249,
                               rng.uniform(0.0, NL * LSTEP * 1.1, 200)])
        for x in grid:
            lam = rng.uniform(0.0, 3.0, C.N_SYMBOLS)
            lam[:] = np.where(rng.uniform(size=C.N_SYMBOLS) < 0.5, x, lam)
            for capped in (False, True):
                got, want = _both(K, row, lam, capped)
                assert got == want, (row, x, capped)
        tabled += K.item[row, IT_SYM1] >= 0
    assert tabled > 20   # most companions' triggers read one symbol


@njit
def _pair_grid_mismatches(K, row, s1, s2):
    """Pools at every pair of Poisson indices of the two symbols: how many read another
    number from expected_count than from its loop (capped and uncapped)."""
    lam = np.zeros(C.N_SYMBOLS)
    bad = 0
    for i1 in range(NL):
        for i2 in range(NL):
            lam[s1] = i1 * LSTEP
            lam[s2] = i2 * LSTEP
            bad += expected_count(K, row, lam, False) != expected_count_loop(K, row, lam, False)
            bad += expected_count(K, row, lam, True) != expected_count_loop(K, row, lam, True)
    return bad


def test_two_symbol_trigger_tables_equal_the_loop_at_every_pair_of_indices(game):
    """K.epair (a `symbols` trigger on two symbols) gives the loop's numbers bit for bit at
    every pair of Poisson indices, for one item of each (n1, n2) table."""
    K = ktables(game)
    first = {}
    for row in range(K.item.shape[0]):
        if K.item[row, IT_PAIR] >= 0:
            first.setdefault(int(K.item[row, IT_PAIR]), row)
            assert [s for s in range(C.N_SYMBOLS) if K.item[row, IT_NEED + s] > 0] == \
                [K.item[row, IT_PS1], K.item[row, IT_PS2]]
    assert len(first) == K.epair.shape[0] >= 1
    for row in first.values():
        assert _pair_grid_mismatches(K, row, K.item[row, IT_PS1], K.item[row, IT_PS2]) == 0, row


def test_trigger_dep_masks_are_the_symbols_each_count_reads(game):
    """IT_DEPM (prep_round's bot.dep masks), checked against the reference engine's R5 trigger
    count: changing the count of a symbol outside an item's mask never changes how often it
    triggers, and every symbol in the mask changes it for some dice."""
    from glowsim.engine.triggers import trigger_count
    K = ktables(game)
    rng = np.random.default_rng([5, 2026])
    for r in range(game.tables.trig_kind.shape[0]):
        mask = int(K.item[r, IT_DEPM])
        seen = 0
        for _ in range(2000):
            h = rng.integers(0, 4, C.N_SYMBOLS)   # zeros often: `absent` triggers
            s = int(rng.integers(0, C.N_SYMBOLS))
            h2 = h.copy()
            h2[s] = int(rng.integers(0, 7))
            if trigger_count(game.tables, r, h) != trigger_count(game.tables, r, h2):
                assert (mask >> s) & 1, (r, s)
                seen |= 1 << s
        assert seen == mask, (r, mask, seen)


def test_one_symbol_items_are_those_the_reference_bot_sums_per_symbol(game):
    """IT_DEP1 (the reroll planner's per-symbol sums, bot.depx) names the one symbol an item's
    count reads exactly when the reference bot's `depends` is that one symbol (the groups of
    rerolls.py Outcomes.change_one); every `symbols` or `absent` trigger on one symbol is
    such an item."""
    from glowsim.engine.heuristic.precomputed import bot_tables
    K = ktables(game)
    items = bot_tables(game).items
    ones = 0
    for r in range(K.item.shape[0]):
        dep = items[r].depends
        want = dep[0] if len(dep) == 1 else -1
        assert K.item[r, IT_DEP1] == want, (r, dep)
        assert K.item[r, IT_DEP1] == K.item[r, IT_SYM1], r   # the shipped content: the same items
        ones += want >= 0
    assert ones > 20


def test_reverse_edges_are_the_search_rule(game):
    K = ktables(game)
    for u in range(K.prov.shape[0]):
        for a in range(K.prov[u, PV_DEG]):
            v = K.prov[u, PV_NB + a]
            want = K.prov[v, PV_ED]
            for q in range(K.prov[v, PV_DEG]):
                if K.prov[v, PV_NB + q] == u:
                    want = K.prov[v, PV_ED + q]
            assert K.prov[u, PV_RED + a] == want


def test_gain_flags_mark_every_space_and_edge_whose_gain_value_can_be_nonzero(game):
    """The province search adds a space's or an edge's gain term only under its flag: the
    flag must be set wherever a gain amount or a lose is, and the flags of this board are
    not all the same (the test would pass on an all-ones table otherwise)."""
    K = ktables(game)
    nodes, edges = set(), set()
    for u in range(K.prov.shape[0]):
        has = any(K.prov[u, PV_GAIN + i] != 0 for i in range(4)) or K.prov[u, PV_LOSE] != 0
        assert K.prov[u, PV_GF] == int(has)
        nodes.add(int(has))
        for a in range(K.prov[u, PV_DEG]):
            pe = K.pedge[K.prov[u, PV_RED + a]]
            has = any(pe[i] != 0 for i in range(4)) or pe[PE_LOSE] != 0
            assert K.prov[u, PV_EGF + a] == int(has)
            edges.add(int(has))
    assert nodes == {0, 1} and edges == {0, 1}


@njit
def _potential_loop(K, x, enc, future):
    """The province potential as the bot first computed it, village by village."""
    if future <= 0:
        return 0.0
    best = 0.0
    for i in range(K.setup[SET_NVILL]):
        v = K.setup[SET_VILL + i]
        gain = K.prov[v, PV_VILLAGE] - enc
        if gain <= 0:
            continue
        val = gain * reach_factor(K, K.pdist[x, v], future)
        if val > best:
            best = val
    return best


@njit
def _potential_table(K, x, enc, future):
    return potential(K, x, enc, future)


def test_packed_neighbours_are_the_neighbours_rows(game):
    """The search reads a neighbour's space, needed and forbidden element, footprint cost,
    whether it is a village and has a gain, and its village bursts from one packed slot (PV_NBP): each field must be the
    neighbour's own row (the forbid only where no element is needed, as legal.step_cost
    reads it), on a board where every field takes more than one value."""
    K = ktables(game)
    seen = {f: set() for f in ("need", "forbid", "fcost", "vill", "gf", "vb")}
    for u in range(K.prov.shape[0]):
        for a in range(K.prov[u, PV_DEG]):
            q = int(K.prov[u, PV_NBP + a])
            x = int(K.prov[u, PV_NB + a])
            pv = K.prov[x]
            got = {"x": (q >> NBP_X) & 255, "need": ((q >> NBP_NEED) & 15) - 1,
                   "forbid": ((q >> NBP_FORBID) & 15) - 1, "fcost": (q >> NBP_FCOST) & 255,
                   "vill": (q >> NBP_VILL) & 1, "gf": (q >> NBP_GF) & 1, "vb": ((q >> NBP_VB) & 255) - 1}
            forbid = pv[PV_FORBID] if pv[PV_NEED] < 0 else -1   # E7: unread where an element is needed
            assert got == {"x": x, "need": pv[PV_NEED], "forbid": forbid,
                           "fcost": pv[PV_FCOST], "vill": int(pv[PV_VILLAGE] >= 0), "gf": pv[PV_GF],
                           "vb": max(pv[PV_VILLAGE], -1)}
            assert q >> (NBP_VB + 8) == 0 and (q >> (NBP_GF + 1)) & ((1 << (NBP_VB - NBP_GF - 1)) - 1) == 0
            for f in seen:
                seen[f].add(got[f])
    assert all(len(v) > 1 for v in seen.values()), seen


def test_potential_table_equals_the_village_loop(game):
    K = ktables(game)
    encs = sorted({0} | {int(K.prov[v, PV_VILLAGE]) for v in range(K.prov.shape[0])
                         if K.prov[v, PV_VILLAGE] >= 0} | {1, 40})
    for x in range(K.prov.shape[0]):
        for enc in encs:
            for future in range(-1, NFUT + 3):
                assert _potential_table(K, x, enc, future) == _potential_loop(K, x, enc, future)


@njit
def _small_pool_loop(K, lam):
    """The average small-dice pool as the bot first summed it, die by die."""
    for s in range(C.N_SYMBOLS):
        lam[s] = 0.0
    w = 1.0 / 5.0
    for i in range(K.setup[SET_NSMALL]):
        add_die_lam(K, lam, K.setup[SET_SMALL + i], w)


def test_small_pool_table_equals_the_sum_over_small_dice(game):
    K = ktables(game)
    lam = np.zeros(C.N_SYMBOLS)
    _small_pool_loop(K, lam)
    assert lam.tobytes() == K.smallpool.tobytes()
    assert abs(lam.sum() - K.setup[SET_NSMALL] / 5.0) < 1e-12


@njit
def _sv_def(K, lam, m):
    if m <= 0:
        return 1.0
    if m >= MAXK:
        return 0.0
    i = int(lam / LSTEP + 0.5)
    if i >= NL:
        i = NL - 1
    return K.surv[i, m]


@njit
def _expected_count_def(K, row, lam, capped):
    """expected_count_loop by its definition, the reference bot's order (values.py
    expected_count): sv (its table row found again) for every term."""
    it = K.item[row]
    kind = it[IT_TKIND]
    if kind == C.TRIG_NONE:
        return 0.0
    if kind == C.TRIG_SAME:
        n = it[IT_TSAME]
        if capped:
            miss = 1.0
            for s in range(C.CURSE):
                miss *= 1.0 - _sv_def(K, lam[s], n)
            return 1.0 - miss
        tot = 0.0
        for s in range(C.CURSE):   # E[N_s // n] for each symbol, then their sum
            part = 0.0
            t = 1
            while True:
                q = _sv_def(K, lam[s], n * t)
                if q < 1e-4:
                    break
                part += q
                t += 1
            tot += part
        return tot
    p_sym = 1.0
    tot = 0.0
    if kind == C.TRIG_SYMBOLS or kind == C.TRIG_SYMBOLS_ABSENT:
        t = 1
        while True:
            q = 1.0
            for s in range(C.N_SYMBOLS):
                need = it[IT_NEED + s]
                if need > 0:
                    q *= _sv_def(K, lam[s], need * t)
            if t == 1:
                p_sym = q
            elif q < 1e-4:
                break
            tot += q
            if capped or kind == C.TRIG_SYMBOLS_ABSENT or q < 1e-4:
                break
            t += 1
        if kind == C.TRIG_SYMBOLS:
            return tot
    p_abs = 1.0
    for e in range(C.N_ELEMENTS):
        if it[IT_ABS + e] != 0:
            p_abs *= 1.0 - _sv_def(K, lam[e], 1)
    return p_sym * p_abs


@njit
def _loop_and_def(K, row, lam, capped):
    return expected_count_loop(K, row, lam, capped), _expected_count_def(K, row, lam, capped)


def test_expected_count_loop_equals_its_definition_for_every_item(game):
    """R5 expectations: sv's table row found once per symbol gives the numbers of sv per
    term, bit for bit, also for a `symbols` trigger on three symbols (a made-up item)."""
    K = ktables(game)
    item = K.item.copy()
    three = item.shape[0] - 1
    item[three, IT_TKIND] = C.TRIG_SYMBOLS
    item[three, IT_NEED:IT_NEED + C.N_SYMBOLS] = [1, 0, 2, 0, 1, 0, 0, 0]
    item[three, IT_ABS:IT_ABS + C.N_ELEMENTS] = 0
    K = K._replace(item=item)
    rng = np.random.default_rng(11)
    kinds = set()
    for row in range(K.item.shape[0]):
        for _ in range(2000):
            lam = rng.uniform(0.0, 4.0, C.N_SYMBOLS)
            lam[rng.integers(0, C.N_SYMBOLS)] = rng.integers(0, 80) * LSTEP + 0.025
            for capped in (False, True):
                got, want = _loop_and_def(K, row, lam, capped)
                assert got == want, (row, capped)
        kinds.add(int(K.item[row, IT_TKIND]))
    assert kinds >= {C.TRIG_SYMBOLS, C.TRIG_SAME, C.TRIG_ABSENT, C.TRIG_SYMBOLS_ABSENT}


@njit
def _expected(K, row, lam, capped):
    return expected_count(K, row, lam, capped)


def test_same_trigger_expectation_is_the_reference_bots(game):
    """A `same: n` trigger's expected count read from K.esame (per symbol, then summed) is
    the reference bot's number bit for bit, on pools at and between the Poisson steps."""
    from glowsim.engine.heuristic.precomputed import bot_tables
    from glowsim.engine.heuristic.values import expected_count as reference_expected
    K = ktables(game)
    items = bot_tables(game).items
    rng = np.random.default_rng([11, 5])
    rows = [r for r in range(K.item.shape[0]) if K.item[r, IT_TKIND] == C.TRIG_SAME]
    assert len(rows) >= 5
    for row in rows:
        for _ in range(500):
            lam = rng.uniform(0.0, 6.0, C.N_SYMBOLS)
            lam[rng.integers(0, C.N_SYMBOLS)] = rng.integers(0, NL) * LSTEP
            for capped in (False, True):
                got = _expected(K, row, lam, capped)
                want = reference_expected(bot_tables(game), items[row], list(lam), capped)
                assert got == want, (row, capped)


_int_power = njit(int_power)


@njit
def _island_potential_loop(K, boat, x, future):
    """The island potential as the bot first computed it, island by island (ARCH_GAMMA ** d
    as a kernel computes it, square and multiply, also with NUMBA_DISABLE_JIT=1)."""
    if future <= 0:
        return 0.0
    best = 0.0
    bx = K.arch[x, AV_BURSTS]
    for j in range(K.setup[SET_NARCH]):
        g = K.arch[j, AV_BURSTS] - bx
        if g <= 0 or (j != 0 and boat[j] != 0):
            continue
        d = K.adist[x, j]
        if d > future:
            continue
        v = g * _int_power(ARCH_GAMMA, d)
        if v > best:
            best = v
    return best


@njit
def _island_potential_both(K, boat, x, future):
    return island_potential(K, boat, x, future), _island_potential_loop(K, boat, x, future)


def test_island_potential_table_equals_the_island_loop(game):
    """Archipelago journey value (E8 boat moves): the tabled best island equals the loop over
    islands bit for bit, for every island, rounds left and set of islands holding boats."""
    K = ktables(game)
    ni = int(K.setup[SET_NARCH])
    rng = np.random.default_rng(3)
    for _ in range(200):
        boat = np.zeros(MAXNODES, np.int64)
        boat[rng.choice(ni, size=rng.integers(0, NBOATS + 1), replace=False)] = 1
        for x in range(ni):
            for future in range(-1, ni + 4):
                got, want = _island_potential_both(K, boat, x, future)
                assert got == want, (x, future)
