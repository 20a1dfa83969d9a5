"""Integer codes of the Dawn expansion's dice, faces and resources, after the base game's
(glowsim/content/codes.py, which they extend without changing).

Colours: the base game's eight keep their codes; code 8 stays ``ANY_COLOR`` (a Sketal's `any`
die, R3), so the Dawn dice colours follow it, and grey, Zay'Drel's colour, has no die (D2, D9).
Symbols: the Dawn sixth faces follow the base game's eight symbols; none of them is an element
or counts for any trigger (D8).  Only the reference engine plays Dawn; the fast path reads none
of these codes.
"""
from __future__ import annotations

from . import codes as C

MULTI, LIGHT_GREEN, PINK, GREY = 9, 10, 11, 12
N_DAWN_COLORS = 13
DAWN_COLORS = (*C.COLORS, "any", "multi", "light_green", "pink", "grey")
DAWN_COLOR_CODE = {name: i for i, name in enumerate(DAWN_COLORS) if name != "any"}

JOKER, REROLL_NOW, SWAP = 8, 9, 10
N_DAWN_SYMBOLS = 11
DAWN_SYMBOLS = (*C.SYMBOLS, "joker", "reroll_now", "swap")
DAWN_SYMBOL_CODE = {name: i for i, name in enumerate(DAWN_SYMBOLS)}

# the resource of a cost (D7)
COST_NONE, COST_REROLLS, COST_FOOTPRINTS, COST_FIREFLIES, COST_BUTTERFLIES = range(5)
COST_NAMES = ("none", "rerolls", "footprints", "fireflies", "butterflies")
