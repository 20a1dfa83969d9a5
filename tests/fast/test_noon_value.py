"""The draft's noon value (bots/heuristic.py): noon_value_now reads what noon_prep stores
once per decision (each item's cap and value of a trigger; a discard_self companion's
parts) and gives, bit for bit, the value summed as its definition reads: round_value of the
adventurer and of each companion, and for a discard_self companion its capped expected
count times trigger_value (which loses the card's keep_value).  Checked on random hands of
companions (every discard_self card, with a cast spell, a reroll, a resurrection), pools,
firefly values, rounds left and bot weights."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from numba import njit

from glowsim.content import codes as C
from glowsim.fast.play import ktables
from glowsim.fast.bots.heuristic import noon_prep, noon_value_now, trigger_value
from glowsim.spec.botparams import BP_W_FOOT, BP_W_FUTURE, BP_W_TOKEN, bot_preset
from glowsim.fast.bots.values import expected_count, round_value
from glowsim.fast.game.loop import alloc_state
from glowsim.fast.kernel.ktables import IT_FLAGS
from glowsim.fast.kernel.state import (CD_CEM, G_N, G_ROUND, G_ROUNDS, MAXP, NMT, P_ADV, P_NCOMP,
                                PC_ROW)

pytestmark = pytest.mark.nojit_ci   # also run with numba off in CI (make test)


@njit
def _plain(K, S, p, lam, ffv, future):
    """noon_value_now with no recruit (extra_row -1), item by item as defined."""
    v = round_value(K, S, p, S.pl[p, P_ADV], lam, ffv)
    for k in range(S.pl[p, P_NCOMP]):
        r = S.pc[p, PC_ROW, k]
        if (K.item[r, IT_FLAGS] & C.FLAG_DISCARD_SELF) != 0:
            v += expected_count(K, r, lam, True) * trigger_value(K, S, p, r, lam, ffv, future)
        else:
            v += round_value(K, S, p, r, lam, ffv)
    v += 3.0 * lam[C.BURST] + 2.0 * S.bp[p, BP_W_FOOT] * lam[C.FOOTPRINT]
    return v


@njit
def _prepared(K, S, p, lam, ffv, future):
    noon_prep(K, S, p, ffv, future)
    return noon_value_now(K, S, p, lam, ffv, future, -1)


def _state(game, adv, comps, cemetery, players, future, weights):
    """Player 0 holding adventurer `adv` and companion rows `comps`, `future` rounds after
    this one, the heuristic preset with the given (future, token, footprint) weights."""
    cat = game.catalog
    bp = np.zeros((MAXP, len(bot_preset("heuristic"))))
    bp[0] = bot_preset("heuristic")
    bp[0, BP_W_FUTURE], bp[0, BP_W_TOKEN], bp[0, BP_W_FOOT] = weights
    S = alloc_state(64, 48, 1, 1, np.zeros(NMT, np.int64), bp)
    S.g[G_N] = players
    S.g[G_ROUNDS] = 8
    S.g[G_ROUND] = 8 - future
    S.pl[0, P_ADV] = cat.n_companions + adv
    S.pl[0, P_NCOMP] = len(comps)
    for k, r in enumerate(comps):
        S.pc[0, PC_ROW, k] = r
    for r in cemetery:
        S.cd[CD_CEM, r] = 1
    return S


def _discard_self(game):
    K = ktables(game)
    return [r for r in range(game.catalog.n_companions)
            if K.item[r, IT_FLAGS] & C.FLAG_DISCARD_SELF]


@settings(max_examples=80, deadline=None)
@given(adv=st.integers(0, 6), picks=st.lists(st.integers(0, 10 ** 6), max_size=9),
       discards=st.lists(st.integers(0, 10 ** 6), max_size=4),
       cemetery=st.lists(st.integers(0, 45), max_size=5),
       lam=st.lists(st.floats(0.0, 7.0), min_size=8, max_size=8),
       ffv=st.floats(0.0, 4.0), future=st.integers(0, 7), players=st.integers(2, 4),
       weights=st.tuples(st.floats(0.0, 2.0), st.floats(0.0, 3.0), st.floats(0.0, 2.0)))
@example(adv=0, picks=[], discards=[8], cemetery=[], lam=[1.0, 0.5, 0.2, 0.8, 1.5, 0.4, 0.9, 0.3],
         ffv=1.0, future=3, players=4, weights=(1.0, 1.0, 1.0))       # A18: a reroll token
@example(adv=3, picks=[1], discards=[0, 15], cemetery=[2, 5], lam=[0.4] * 8, ffv=2.0, future=0,
         players=3, weights=(0.8, 1.5, 0.5))                          # A10 (a spell), no round left
@example(adv=5, picks=[30], discards=[11, 0], cemetery=[3, 20, 33], lam=[0.9, 0.2, 1.1, 0.6, 0.3,
         0.7, 1.2, 0.5], ffv=0.5, future=5, players=2, weights=(1.2, 0.6, 1.4))  # B18 resurrects
@example(adv=1, picks=[], discards=[4], cemetery=[], lam=[1.3, 0.6, 0.8, 1.0, 0.2, 0.5, 0.6, 0.4],
         ffv=1.5, future=1, players=4, weights=(1.0, 1.0, 1.0))       # A14, the last round to come
def test_noon_value_from_prepared_parts_is_the_defined_sum(game, adv, picks, discards, cemetery,
                                                           lam, ffv, future, players, weights):
    cat = game.catalog
    ds = _discard_self(game)
    assert {cat.item_id(r) for r in ds} >= {"A10", "A18", "B18"}   # spell, reroll, resurrect
    comps = [p % cat.n_companions for p in picks] + [ds[d % len(ds)] for d in discards]
    comps = list(dict.fromkeys(comps))   # a companion is held once
    K = ktables(game)
    S = _state(game, adv, comps, [c % cat.n_companions for c in cemetery], players, future, weights)
    lam = np.array(lam)
    want = _plain(K, S, 0, lam, ffv, future)
    got = _prepared(K, S, 0, lam, ffv, future)
    assert got == want or (np.isnan(got) and np.isnan(want)), (comps, got, want)
