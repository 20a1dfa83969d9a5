"""Dice helpers: symbols shown, the curse (R5), effective dice and symbol counts."""
from __future__ import annotations

from ..content import codes as C
from .state import Die


def symbol(tables, die) -> int:
    return int(tables.die_symbol[die.color, die.face])


def cursed_symbol(tables, player) -> int:
    """Symbol ignored because of the black die (R5): the black die's element, or -1."""
    for d in player.dice:
        if d.color == C.BLACK and not d.gone:
            s = symbol(tables, d)
            return s if s < C.N_ELEMENTS else C.CURSE
    return -1


def effective_dice(tables, player) -> list:
    """Dice that count this round (R5): not gone, not ignored by the player's own black die."""
    cs = cursed_symbol(tables, player)
    out = []
    for d in player.dice:
        if d.gone:
            continue
        s = symbol(tables, d)
        if cs == C.CURSE and d.color == C.BLACK:
            continue
        if cs >= 0 and cs != C.CURSE and s == cs:
            continue
        out.append(d)
    return out


def symbol_counts(tables, dice) -> list:
    counts = [0] * C.N_SYMBOLS
    for d in dice:
        counts[symbol(tables, d)] += 1
    return counts


def distinct_elements(tables, dice) -> int:
    """k of R6 (Archipelago): distinct element symbols among the dice."""
    return len({symbol(tables, d) for d in dice} & set(range(C.N_ELEMENTS)))


def canonical_dice(player, tables, reserve_colors_unused=None) -> list:
    """The canonical dice list of E2 (new Die objects for the large dice)."""
    adv = player.adventurer
    dice = [Die(color=int(tables.item_adv_color[adv]), small=False)
            for _ in range(int(tables.item_adv_dice[adv]))]
    for row in player.companions:
        if row in player.sketal_dice and row not in player.pending_sketal:
            dice.append(Die(color=player.sketal_dice[row], small=False, sketal=row))
    dice.extend(sorted(player.small_dice, key=lambda d: d.color))
    return dice
