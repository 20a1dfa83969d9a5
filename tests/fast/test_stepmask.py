"""bots/stepmask.enterable4, the Province search's step test of four neighbour slots at once
(one vector compiled; the plain loop `enterable4_py` with NUMBA_DISABLE_JIT=1), against the
search's slot-by-slot test (journeys.on_path and step_footprints): random packed neighbours
and states, then every space of the shipped board as `journeys.enterable` reads it."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit

from glowsim.content import load_game
from glowsim.fast.play import ktables
from glowsim.fast.bots.journeys import enterable, on_path, step_footprints
from glowsim.fast.bots.stepmask import SLOTS, enterable4, enterable4_py
from glowsim.fast.kernel.ktables import (NBP_FCOST, NBP_FORBID, NBP_GF, NBP_NEED, NBP_VB, NBP_VILL,
                                  PV_DEG, PV_NBP)

pytestmark = pytest.mark.nojit_ci   # also run with numba off in CI (make test)


@njit
def _both(rows, states):
    """Per case: enterable4's mask, and the four slots tested one by one as the search's
    scalar loop does (states: f0, vis_lo, vis_hi, unused, show per case)."""
    out = np.zeros((rows.shape[0], 2), np.int64)
    for i in range(rows.shape[0]):
        f0, lo, hi, un, sh = states[i, 0], states[i, 1], states[i, 2], states[i, 3], states[i, 4]
        row = rows[i]
        out[i, 0] = enterable4(row, f0, lo, hi, un, sh)
        m = 0
        for a in range(SLOTS):
            q = row[PV_NBP + a]
            bad = on_path(q, lo, hi) | int(f0 < step_footprints(q, un, sh))
            m |= (1 - bad) << a
        out[i, 1] = m
    return out


def _packed(space, need, forbid, fcost, village, gain, bursts):
    return (space | need << NBP_NEED | forbid << NBP_FORBID | fcost << NBP_FCOST
            | village << NBP_VILL | gain << NBP_GF | bursts << NBP_VB)


slot = st.builds(_packed, st.integers(0, 127), st.integers(0, 5), st.integers(0, 5),
                 st.integers(0, 4), st.integers(0, 1), st.integers(0, 1), st.integers(0, 12))
counts = st.lists(st.integers(0, 3), min_size=6, max_size=6).map(
    lambda c: sum(n << (8 * e) for e, n in enumerate(c)))
word = st.integers(-2**63, 2**63 - 1)
state = st.tuples(st.integers(-1, 9), word, word, counts, st.integers(0, 63))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.lists(slot, min_size=SLOTS, max_size=SLOTS), state), min_size=1, max_size=30))
def test_four_slots_at_once_as_one_by_one(cases):
    rows = np.zeros((len(cases), PV_NBP + 6), np.int64)
    states = np.zeros((len(cases), 5), np.int64)
    for i, (slots, st_) in enumerate(cases):
        rows[i, PV_NBP:PV_NBP + SLOTS] = slots
        states[i] = st_
    got = _both(rows, states)
    assert (got[:, 0] == got[:, 1]).all()
    for i in range(len(cases)):   # the plain version, read by the kernels with numba off
        assert enterable4_py(rows[i], *states[i]) == got[i, 1]


def test_fixed_cases():
    # slot 0: space 3, no element, cost 1; slot 1: space 70 (the second word), needs
    # element 2 (+1), cost 0; slot 2: space 5 on the path; slot 3: forbids element 1 (+1), cost 2
    row = np.zeros(PV_NBP + 6, np.int64)
    row[PV_NBP:PV_NBP + 4] = [_packed(3, 0, 0, 1, 0, 0, 0), _packed(70, 3, 0, 0, 0, 0, 0),
                              _packed(5, 0, 0, 0, 0, 0, 0), _packed(9, 0, 2, 2, 0, 0, 0)]
    states = np.array([
        [0, 1 << 5, 0, 1, 0],                         # no footprint: slot 1 lacks its die
        [0, 1 << 5, 0, 1 | 1 << 24, 0],               # a die of element 2: slot 1 is free
        [0, 1 << 5, 1 << 6, 1 | 1 << 24, 0],          # ... but space 70 is marked
        [2, 1 << 5, 0, 1, 0],                         # two footprints: slots 0, 1 (paid so), 3
        [2, 1 << 5, 0, 1, 1 << 2],                    # element 1 shown: slot 3 costs 3
        [0, 0, 0, 1, 0],                              # nothing marked: the free slot 2
    ], np.int64)
    want = [0b0000, 0b0010, 0b0000, 0b1011, 0b0011, 0b0100]
    rows = np.repeat(row[None, :], len(states), axis=0)
    got = _both(rows, states)
    assert list(got[:, 0]) == want and list(got[:, 1]) == want


@njit
def _board(prov, states):
    """journeys.enterable (no reserve) of every space for each state, and the slot-by-slot
    test over the space's degree."""
    out = np.zeros((states.shape[0], prov.shape[0], 2), np.int64)
    for i in range(states.shape[0]):
        f0, lo, hi, un, sh = states[i, 0], states[i, 1], states[i, 2], states[i, 3], states[i, 4]
        for v in range(prov.shape[0]):
            row = prov[v]
            out[i, v, 0] = enterable(row, f0, lo, hi, un, sh, 0)
            m = 0
            for a in range(row[PV_DEG]):
                q = row[PV_NBP + a]
                m |= (1 - (on_path(q, lo, hi) | int(f0 < step_footprints(q, un, sh)))) << a
            out[i, v, 1] = m
    return out


def test_every_space_of_the_board():
    K = ktables(load_game())
    assert K.prov[:, PV_DEG].max() <= SLOTS   # the shipped board takes the vector path everywhere
    rng = np.random.default_rng(11)
    n = 400
    states = np.stack([rng.integers(0, 8, n), rng.integers(0, 2**62, n), np.zeros(n, np.int64),
                       1 + sum(rng.integers(0, 3, n) << (8 * e) for e in range(1, 6)),
                       rng.integers(0, 64, n)], axis=1).astype(np.int64)
    got = _board(K.prov, states)
    assert (got[..., 0] == got[..., 1]).all()
    assert 0 < (got[..., 0] != 0).mean() < 1   # states where some spaces can be entered, some not
