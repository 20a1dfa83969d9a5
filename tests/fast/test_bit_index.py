"""jit.bit_index, the lowest set bit of a whole number (one tzcnt compiled; Python's own
arithmetic with NUMBA_DISABLE_JIT=1): the index the search takes its next neighbour slot
from, and the reroll planner its next item of a mask; and jit.int64_bits, with which the
search stores a word of board marks (bit 63 included) in an int64 array."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numba import njit

from glowsim.fast.kernel.bits import bit_index, int64_bits

pytestmark = pytest.mark.nojit_ci   # also run with numba off in CI (make test)


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


@njit
def _stored_marks(spaces):
    """The word marking the given spaces (0..63), stored in an int64 array through
    jit.int64_bits as the search stores a frame's marks, read back bit by bit."""
    out = np.zeros(1, np.int64)
    w = 0
    for s in spaces:
        w |= 1 << s
    out[0] = int64_bits(w)
    bits = np.zeros(64, np.int64)
    for s in range(64):
        bits[s] = (out[0] >> s) & 1
    return bits


@given(st.sets(st.integers(0, 63), max_size=64))
def test_a_word_of_marks_survives_an_int64_store(spaces):
    # with numba off a word with space 63 marked is a Python int past int64's range
    got = _stored_marks(np.array(sorted(spaces) or [0], np.int64))
    want = [int(s in (spaces or {0})) for s in range(64)]
    assert list(got) == want


def test_space_63_marked():
    assert _stored_marks(np.array([63, 0], np.int64))[[0, 1, 63]].tolist() == [1, 0, 1]
