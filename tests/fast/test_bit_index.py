"""jit.bit_index, the lowest set bit of a whole number (one tzcnt compiled; Python's own
arithmetic with NUMBA_DISABLE_JIT=1): the index the search takes its next neighbour slot
from, and the reroll planner its next item of a mask."""
from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from numba import njit

from glowsim.fast.jit import bit_index


@njit
def _bits(masks):
    """The set bits of each mask, lowest first, walked as the kernels walk them."""
    out = np.full((len(masks), 64), -1, np.int64)
    for i in range(len(masks)):
        m = masks[i]
        k = 0
        while m != 0:
            out[i, k] = bit_index(m)
            m &= m - 1
            k += 1
    return out


@given(st.lists(st.integers(1, 2**62), min_size=1, max_size=20))
def test_bits_walked_lowest_first(values):
    got = _bits(np.array(values, np.int64))
    for row, v in zip(got, values):
        want = [b for b in range(63) if (v >> b) & 1]
        assert list(row[:len(want)]) == want
        assert (row[len(want):] == -1).all()


def test_single_bits_and_neighbour_slots():
    # every bit a board space's neighbour mask (up to six slots) or an item mask can hold
    assert [int(x) for x in _bits(np.array([1 << b for b in range(62)], np.int64))[:, 0]] == list(range(62))
    assert list(_bits(np.array([0b101100], np.int64))[0, :4]) == [2, 3, 5, -1]
