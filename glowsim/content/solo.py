"""Which dice colours Tom (the solo opponent, R9) may roll against a given adventurer.

One check, shared by the reference engine (``play_solo``), the fast path (``Match``) and the
scenario loader, so that the three refuse the same colours with the same words.
"""
from __future__ import annotations

from ..errors import UserError
from . import codes as C


def check_tom_colors(game, adv_row: int, colors) -> None:
    """Raise a UserError unless `colors` (two colour codes) are dice Tom may roll against the
    adventurer in row `adv_row` of `game` (a GameContent): two different colours of adventurers
    not in play, never yellow with purple (R9)."""
    t = game.tables
    allowed = {int(t.item_adv_color[game.catalog.adventurer_row(a)]) for a in game.catalog.adventurer_ids}
    allowed.discard(int(t.item_adv_color[adv_row]))
    allowed = {c for c in allowed if c < C.N_COLORS}   # D16: never a Dawn colour (none in the reserve)
    names = ", ".join(C.COLORS[c] for c in sorted(allowed))
    if len(colors) != 2 or colors[0] == colors[1]:
        raise UserError(f"Tom needs two different dice colours (allowed: {names})")
    if any(c not in allowed for c in colors):
        raise UserError(f"Tom's dice must be colours of adventurers not in play: {names}")
    if set(colors) == {C.YELLOW, C.PURPLE}:
        raise UserError("Tom's dice cannot be yellow with purple (R9)")
