"""A hash index of int64 keys (the recruits' `offered` bit masks) to their positions in a
list, for spelling each mask once per process (offered.py).

Open addressing with linear probing over a table of prime size, at most half full; a slot
is empty while its position is -1, so any int64 is a key.  Looking keys up is one compiled
pass that releases the GIL.  An index never changes once made: :meth:`MaskIndex.extended`
returns a new one (its arrays copied, or rebuilt twice as large), so a thread holding one
always reads a whole one, and adding a few keys costs a copy, not a rebuild of the hash.
"""
from __future__ import annotations

import numpy as np

from ..jit import entry, inline


@inline
def _slot(keys, pos, k):
    """The slot holding key k, or the empty slot where its probe ends (k not a key)."""
    size = keys.shape[0]
    h = k % size
    while pos[h] >= 0 and keys[h] != k:
        h += 1
        if h == size:
            h = 0
    return h


@entry
def _find(keys, pos, query, out):
    """out[i]: the position of query[i], -1 where it is not a key."""
    for i in range(query.shape[0]):
        out[i] = pos[_slot(keys, pos, query[i])]


@entry
def _put(keys, pos, new, first):
    """new[i] (no key yet, distinct) added at position first + i."""
    for i in range(new.shape[0]):
        h = _slot(keys, pos, new[i])
        keys[h] = new[i]
        pos[h] = first + i


def _prime_at_least(n: int) -> int:
    """The smallest prime >= n (n >= 2)."""
    def prime(m: int) -> bool:
        if m % 2 == 0:
            return m == 2
        d = 3
        while d * d <= m:
            if m % d == 0:
                return False
            d += 2
        return True
    while not prime(n):
        n += 1
    return n


class MaskIndex:
    """Distinct int64 keys and their positions 0..len-1 in the order they were added."""

    def __init__(self, keys=()):
        """``keys``: distinct int64 keys, at positions 0, 1, ..."""
        keys = np.ascontiguousarray(keys, np.int64)
        self.n = len(keys)
        size = _prime_at_least(max(16, 2 * self.n))
        self.keys = np.zeros(size, np.int64)
        self.pos = np.full(size, -1, np.int64)
        _put(self.keys, self.pos, keys, 0)

    def __len__(self) -> int:
        return self.n

    def get_indexer(self, query: np.ndarray) -> np.ndarray:
        """Each query key's position, -1 where it is not a key (as pandas' Index.get_indexer)."""
        out = np.empty(len(query), np.int64)
        _find(self.keys, self.pos, np.ascontiguousarray(query, np.int64), out)
        return out

    def extended(self, new: np.ndarray) -> "MaskIndex":
        """This index with the distinct keys `new` (none of them a key yet) added after its own;
        a table more than half full is rebuilt twice as large (amortized: a key is moved a
        bounded number of times)."""
        new = np.ascontiguousarray(new, np.int64)
        n = self.n + len(new)
        out = MaskIndex.__new__(MaskIndex)
        out.n = n
        if 2 * n <= len(self.keys):
            out.keys, out.pos = self.keys.copy(), self.pos.copy()
        else:
            size = _prime_at_least(4 * n)
            out.keys = np.zeros(size, np.int64)
            out.pos = np.full(size, -1, np.int64)
            old = self.pos >= 0
            order = np.argsort(self.pos[old], kind="stable")
            _put(out.keys, out.pos, self.keys[old][order], 0)
        _put(out.keys, out.pos, new, self.n)
        return out
