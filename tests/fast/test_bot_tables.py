"""Tables the heuristic bot reads instead of recomputing (glowsim/fast/ktables.py) give the
very numbers of the loops they replace, bit for bit: a different last bit could change a
decision, and the bot must decide as its plain-Python port does."""
from __future__ import annotations

import numpy as np
from numba import njit

from glowsim.content import codes as C
from glowsim.fast.api import ktables
from glowsim.fast.bots.values import add_die_lam, expected_count, expected_count_loop
from glowsim.fast.bots.journeys import potential, reach_factor
from glowsim.fast.ktables import (IT_SYM1, LSTEP, NFUT, NL, PV_DEG, PV_ED, PV_NB, PV_RED,
                                  PV_VILLAGE, SET_NSMALL, SET_NVILL, SET_SMALL, SET_VILL)


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
