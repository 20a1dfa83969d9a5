"""Bit helpers of the kernels.

``bit_index``: the lowest set bit of a mask, one instruction compiled (numba's
``trailing_zeros``), Python's own arithmetic without the JIT; ``int64_bits``: a word of bits
as an int64 can hold it (nothing to do compiled; without the JIT, a Python int with bit 63 set
wrapped to its negative two's complement).
"""
from __future__ import annotations

from numba.core import config

from ..jit import inline

# bit_index(x), x != 0: the index of x's lowest set bit (the search's next neighbour slot, the
# reroll planner's next item of a mask: tests/fast/test_bit_index.py)
if config.DISABLE_JIT:
    def bit_index(x):
        """The index of the lowest set bit of x (x != 0): the count of its trailing zeros."""
        x = int(x)
        return (x & -x).bit_length() - 1
else:
    from numba.cpython.unsafe.numbers import trailing_zeros as bit_index   # one tzcnt


# int64_bits(x): x's low 64 bits as a signed 64-bit value, to store a word of bits (a set of up
# to 64 board spaces) in an int64 array: with the JIT the value already is one; with numba off
# a Python int with bit 63 set would not fit, so it is wrapped to the negative number of those
# bits (reading it back, shifts and masks give the same bits)
if config.DISABLE_JIT:
    def int64_bits(x):
        """x's low 64 bits, two's complement (a Python int in int64's range)."""
        x = int(x) & ((1 << 64) - 1)
        return x - (1 << 64) if x >> 63 else x
else:
    @inline
    def int64_bits(x):
        return x
