"""Dice of a Dawn game (docs/rules.md D2, D6, D8, D9, D14): a player's large dice by colour,
which black die curses, the effective dice after the curse and the ignored elements, symbol
counts over the Dawn faces, and k.

The base game's helpers (dice.py) stay as they are; a Dawn game reads these instead.
"""
from __future__ import annotations

from ..content import codes as C
from ..content import dawncodes as DC
from .state import Die


def has_kaar(t, p) -> bool:
    return any(t.item_black_die[r] for r in p.companions)


def aside(t, p, d) -> bool:
    """D9: Zay'Drel's large black die is set aside while she owns Kaar (at once both ways)."""
    return d.color == C.BLACK and not d.small and has_kaar(t, p)


def deciding_black(t, p):
    """The black die that curses the player (R5, D9): her large black die for Zay'Drel when
    it is not set aside (ruling 10), else the small black die she holds; None without one."""
    for d in p.dice:      # canonical order: the adventurer's large dice come first (E2)
        if d.color == C.BLACK and not d.gone and not aside(t, p, d):
            return d
    return None


def effective(t, p) -> list:
    """The dice that count (D6 terms): not gone, not set aside, not cursed (R5, D9), not
    showing an ignored element (D14)."""
    black = deciding_black(t, p)
    cs = -1
    if black is not None:
        s = int(t.die_symbol[black.color, black.face])
        cs = s if s < C.N_ELEMENTS else C.CURSE
    out = []
    for d in p.dice:
        if d.gone or aside(t, p, d):
            continue
        s = int(t.die_symbol[d.color, d.face])
        if cs == C.CURSE and d is black:
            continue
        if 0 <= cs < C.N_ELEMENTS and s == cs:
            continue
        if s in p.ignored:
            continue
        out.append(d)
    return out


def counts(t, dice) -> list:
    """Symbol counts over every symbol, the Dawn faces included (they trigger nothing, D8)."""
    out = [0] * DC.N_DAWN_SYMBOLS
    for d in dice:
        out[int(t.die_symbol[d.color, d.face])] += 1
    return out


def k_elements(t, dice) -> int:
    """k (D6): different elements among the dice not yet used."""
    return len({int(t.die_symbol[d.color, d.face]) for d in dice if not d.used}
               & set(range(C.N_ELEMENTS)))


def canonical(t, dt, p) -> list:
    """E2's dice list with the adventurer's large dice by colour (D2): adventurer, Sketals,
    small dice."""
    dice = [Die(color=c, small=False) for c in dt.adv_dice[p.adventurer]]
    for row in p.companions:
        if row in p.sketal_dice and row not in p.pending_sketal:
            dice.append(Die(color=p.sketal_dice[row], small=False, sketal=row))
    dice.extend(sorted(p.small_dice, key=lambda d: d.color))
    return dice


def face_of(t, color: int, symbol: int) -> int:
    """The first face of a die of `color` showing `symbol`, -1 if none."""
    for f in range(6):
        if int(t.die_symbol[color, f]) == symbol:
            return f
    return -1
