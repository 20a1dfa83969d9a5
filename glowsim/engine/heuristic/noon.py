"""The heuristic bot at noon (R5, E3) and on the journey's losses (R6): the order of the
items, Cromaug's take, what to lose."""
from __future__ import annotations

from ...content import codes as C
from ...spec import decisions as D
from .values import best_cemetery, firefly_value, future_pool, keep_value


def holds_live_die(v, row: int) -> bool:
    return any(d.sketal == row and not d.gone for d in v.p.dice)


def resolve_class(v, row: int) -> int:
    """Keep dice as long as they help: plain items (0), cards that leave play with a die,
    good ones (1) before bad ones (3), S3 (2), then `absent` triggers (4): removing dice
    can only switch them on."""
    it = v.item(row)
    if it.trig_kind in (C.TRIG_ABSENT, C.TRIG_SYMBOLS_ABSENT):
        return 4
    if it.flags & C.FLAG_DISCARD_LAST:
        return 2
    if it.flags & C.FLAG_DISCARD_SELF and holds_live_die(v, row):
        return 1 if it.amounts[0] + it.amounts[1] >= 0 else 3
    return 0


def resolve(v, legal) -> tuple:
    """RESOLVE: the pending item of the lowest class, first in the canonical item order of
    E3 (adventurer, companions in recruitment order, active spells by row)."""
    p = v.p
    pending = {o[0] for o in legal}
    spells = sorted(s.row for s in p.spells)
    order = [r for r in [p.adventurer] + p.companions + spells if r in pending]
    best = order[0]
    bk = resolve_class(v, best)
    for r in order[1:]:
        k = resolve_class(v, r)
        if k < bk:
            bk = k
            best = r
    return D.pad(best)


def cromaug(v, legal) -> tuple:
    """CROMAUG (E12): the cemetery's best companion if it is worth anything, else decline."""
    ffv = firefly_value(v, 0)
    lam = future_pool(v)
    rows = [o[0] for o in legal if o[0] >= 0]   # ascending, without the resurrecting card
    r, x = best_cemetery(v, rows, lam, ffv, v.rounds_after)
    return D.pad(r if x > 0.0 else -1)


def lose(v) -> tuple:
    """LOSE: cancel the most harmful spell held, else lose the companion worth least."""
    p = v.p
    if p.spells:
        best = -1
        bv = 1e300
        for s in p.spells:
            it = v.item(s.row)
            a = float(it.amounts[0]) + float(it.amounts[1])
            if it.flags & C.FLAG_DISCARD_LAST:
                a -= 4.0
            if a < bv:
                bv = a
                best = s.row
        return D.pad(D.LOSE_SPELL, best)
    ffv = firefly_value(v, 0)
    lam = future_pool(v)
    best = -1
    bv = 1e300
    for r in p.companions:
        x = keep_value(v, r, lam, ffv, v.rounds_after)
        if x < bv:
            bv = x
            best = r
    return D.pad(D.LOSE_COMPANION, best)
