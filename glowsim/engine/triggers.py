"""Trigger counting (R5) on a list of symbol counts."""
from __future__ import annotations

from ..content import codes as C


def trigger_count(tables, row: int, counts) -> int:
    """How many times item `row` triggers on the given symbol counts (before discard/spell caps)."""
    kind = tables.trig_kind[row]
    if kind == C.TRIG_NONE:
        return 0
    if kind == C.TRIG_SAME:
        n = int(tables.trig_same[row])
        # elements, footprint and burst count; curse never does (R1, R5)
        return sum(counts[s] // n for s in range(C.CURSE))
    sets = 0
    if kind in (C.TRIG_SYMBOLS, C.TRIG_SYMBOLS_ABSENT):
        need = tables.trig_need[row]
        sets = min(counts[s] // int(need[s]) for s in range(C.N_SYMBOLS) if need[s] > 0)
        if kind == C.TRIG_SYMBOLS:
            return sets
        if sets == 0:
            return 0
    absent = tables.trig_absent[row]
    if any(counts[e] > 0 for e in range(C.N_ELEMENTS) if absent[e]):
        return 0
    return 1


def applied_count(tables, row: int, counts) -> int:
    """Trigger count with R5 caps: discard_self cards and spells apply at most once."""
    n = trigger_count(tables, row, counts)
    if tables.eff_flags[row] & C.FLAG_DISCARD_SELF or tables.item_kind[row] == C.KIND_SPELL:
        n = min(n, 1)
    return n
