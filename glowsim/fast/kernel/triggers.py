"""Trigger counting (R5) on symbol counts, compiled.

``counts`` holds the 8 symbol counts over a player's effective dice (R5: the
curse and gone Sketal dice already removed).
"""
from __future__ import annotations

from ...content import codes as C
from ..jit import inline
from .ktables import (IT_ABS, IT_FLAGS, IT_KIND, IT_NEED, IT_PAIR, IT_PS1, IT_PS2, IT_SYM1,
                      IT_TKIND, IT_TSAME)


@inline
def sets_of(K, need, c):
    """c // need: the sets of `need` dice one symbol shown c times gives (K.quot; c itself
    for a need of 1)."""
    return c if need == 1 else K.quot[need, c]


@inline
def trigger_count(K, row, counts):
    """How many times item ``row`` triggers (before the discard/spell cap)."""
    it = K.item[row]
    kind = it[IT_TKIND]
    s1 = it[IT_SYM1]
    if s1 >= 0:   # one symbol read (ktables.py): the general rule below, shortened
        if kind == C.TRIG_SYMBOLS:
            return sets_of(K, it[IT_NEED + s1], counts[s1])
        return 0 if counts[s1] > 0 else 1   # `absent` on one element
    if it[IT_PAIR] >= 0:   # `symbols` on exactly two symbols (ktables): the rule below for two
        a = it[IT_PS1]
        b = it[IT_PS2]
        ka = sets_of(K, it[IT_NEED + a], counts[a])
        kb = sets_of(K, it[IT_NEED + b], counts[b])
        return ka if ka < kb else kb
    if kind == C.TRIG_NONE:
        return 0
    if kind == C.TRIG_SAME:
        q = K.quot[it[IT_TSAME]]   # c // n
        tot = 0
        # R5 same: n: the five elements, footprint and burst count; curse never does
        for s in range(C.CURSE):
            tot += q[counts[s]]
        return tot
    if kind == C.TRIG_SYMBOLS or kind == C.TRIG_SYMBOLS_ABSENT:
        sets = 1 << 30
        for s in range(C.N_SYMBOLS):
            need = it[IT_NEED + s]
            if need > 0:
                k = sets_of(K, need, counts[s])
                if k < sets:
                    sets = k
        if kind == C.TRIG_SYMBOLS:
            return sets
        if sets == 0:
            return 0
    for e in range(C.N_ELEMENTS):
        if it[IT_ABS + e] != 0 and counts[e] > 0:
            return 0
    return 1


@inline
def applied_count(K, row, counts):
    """Trigger count with the R5 caps: discard_self cards and spells apply at most once."""
    n = trigger_count(K, row, counts)
    if n > 1 and ((K.item[row, IT_FLAGS] & C.FLAG_DISCARD_SELF) != 0 or K.item[row, IT_KIND] == C.KIND_SPELL):
        n = 1
    return n
