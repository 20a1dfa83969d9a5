"""Named indices of solo mode (R9): Tom's fields in ``S.bd`` and his result fields in a block's
``Out.gm`` rows (the solo table, ``K.setup[SET_SOLO:]``, is laid out with the other kernel
tables: glowsim/fast/kernel/ktables.py).

Tom sits on the board: his fields are the slice ``S.bd[BD_TOM:]`` (absolute
indices ``TM_*``), so the per-game reset and the final-state snapshot of the
shared kernels cover them.
"""
from __future__ import annotations

from ..kernel.ktables import MAXTILES
from ..kernel.offsets import declare
from ..kernel.state import BD_TOM, NBD, NBOATS, NSPACE

MAX_SOLO_ROUNDS = 30   # the reference engine's run_solo(max_rounds)
N_RESHUFFLE = 4        # E16: tile_reshuffle is a permutation of 4

# ---- Tom's fields (S.bd[TM_*]), in his room of the board array from BD_TOM ----
NTM = 96
declare(globals(), "S.bd", [
    ("TM_SCORE", 1),        # score token
    ("TM_BAND", 1),         # band token
    ("TM_FOOT", 1),         # footprints
    ("TM_CAMP", 1),         # province: space of his camp
    ("TM_BOAT", NBOATS),    # archipelago: island of each boat
    ("TM_COL", 2),          # colour of each of his large dice
    ("TM_FACE", 2),         # their faces
    ("TM_ASIDE", 2),        # 1 when the die is set aside this round (burst or footprint face)
    ("TM_UP", NSPACE),      # tile index opposite each meeting-track space, -1 none
    ("TM_DPOS", 1),         # tile deck: next position in TM_DECK
    ("TM_DLEN", 1),         # tile deck: length
    ("TM_NDISC", 1),        # discarded tiles
    ("TM_RESH", 1),         # times the tile deck ran empty (E14)
    ("TM_ONB", 1),          # 1 once companions come from deck B
    ("TM_LAST", 1),         # 1 when this round is the last (E14)
    ("TM_LENA", 1),         # deck A length: cd[CD_PILE, :lenA] is deck A, then deck B
    ("TM_LENB", 1),         # deck B length
    ("TM_NBOX0", 1),        # companions in the box at setup (the removed ones, catalog order)
    ("TM_ORDER", N_RESHUFFLE),   # setup's tile_reshuffle permutation
    ("TM_DECK", MAXTILES),       # the tile deck
    ("TM_DISC", MAXTILES),       # the discarded tiles, in discard order
    ("TM_TILES0", MAXTILES),     # the tiles as shuffled at setup (record)
    ("TM_TRACK_END", 1),    # final count: his score token before the count
    ("TM_JOURNEY", 1),      # final count: village or islands
    ("TM_FINAL", 1),        # final count: total
    ("TM_NCAND", 1),        # boats Tom may move (scratch of his sail)
    ("TM_CAND", NBOATS),    # their islands, ascending
    (None, 8),
], start=BD_TOM, size=NTM)
assert BD_TOM + NTM <= NBD
LOC_NOT_IN_GAME = -2   # SD_LOC of the black die in solo (R9: no black die)
LOC_TOM_REROLL = -16   # SD_LOC - k: the k-th small die of Tom's spaces to reroll (E17)

# ---- Tom's result fields in a block's Out.gm row (from OG_TOM on, see fast/game/loop.py) ----
NTO = declare(globals(), "Out.gm[OG_TOM:]", [
    ("TO_SCORE", 1), ("TO_TRACK", 1), ("TO_JOURNEY", 1), ("TO_FOOT", 1), ("TO_BAND", 1),
    ("TO_COL1", 1), ("TO_COL2", 1),
])
