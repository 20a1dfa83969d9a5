"""Named indices of solo mode (R9): Tom's fields in ``S.bd`` and his result fields in a block's
``Out.gm`` rows (the solo table, ``K.setup[SET_SOLO:]``, is laid out with the other kernel
tables: glowsim/fast/kernel/ktables.py).

Tom sits on the board: his fields are the slice ``S.bd[BD_TOM:]`` (absolute
indices ``TM_*``), so the per-game reset and the final-state snapshot of the
shared kernels cover them.
"""
from __future__ import annotations

from ..kernel.state import BD_TOM, NBD

MAX_SOLO_ROUNDS = 30   # the reference engine's run_solo(max_rounds)
N_RESHUFFLE = 4        # E16: tile_reshuffle is a permutation of 4

# ---- Tom's fields (S.bd[TM_*]) ----
TM_SCORE = BD_TOM + 0      # score token
TM_BAND = BD_TOM + 1       # band token
TM_FOOT = BD_TOM + 2       # footprints
TM_CAMP = BD_TOM + 3       # province: space of his camp
TM_BOAT = BD_TOM + 4       # 4: archipelago: island of each boat
TM_COL = BD_TOM + 8        # 2: colour of each of his large dice
TM_FACE = BD_TOM + 10      # 2: their faces
TM_ASIDE = BD_TOM + 12     # 2: 1 when the die is set aside this round (burst or footprint face)
TM_UP = BD_TOM + 14        # 5: tile index opposite each meeting-track space, -1 none
TM_DPOS = BD_TOM + 19      # tile deck: next position in TM_DECK
TM_DLEN = BD_TOM + 20      # tile deck: length
TM_NDISC = BD_TOM + 21     # discarded tiles
TM_RESH = BD_TOM + 22      # times the tile deck ran empty (E14)
TM_ONB = BD_TOM + 23       # 1 once companions come from deck B
TM_LAST = BD_TOM + 24      # 1 when this round is the last (E14)
TM_LENA = BD_TOM + 25      # deck A length: cd[CD_PILE, :lenA] is deck A, then deck B
TM_LENB = BD_TOM + 26      # deck B length
TM_NBOX0 = BD_TOM + 27     # companions in the box at setup (the removed ones, catalog order)
TM_ORDER = BD_TOM + 28     # 4: setup's tile_reshuffle permutation
TM_DECK = BD_TOM + 32      # MAXTILES: the tile deck
TM_DISC = BD_TOM + 48      # MAXTILES: the discarded tiles, in discard order
TM_TILES0 = BD_TOM + 64    # MAXTILES: the tiles as shuffled at setup (record)
TM_TRACK_END = BD_TOM + 80   # final count: his score token before the count
TM_JOURNEY = BD_TOM + 81     # final count: village or islands
TM_FINAL = BD_TOM + 82       # final count: total
TM_NCAND = BD_TOM + 83       # boats Tom may move (scratch of his sail)
TM_CAND = BD_TOM + 84        # 4: their islands, ascending
NTM = 96
LOC_NOT_IN_GAME = -2   # SD_LOC of the black die in solo (R9: no black die)
LOC_TOM_REROLL = -16   # SD_LOC - k: the k-th small die of Tom's spaces to reroll (E17)
assert BD_TOM + NTM <= NBD

# ---- Tom's result fields in a block's Out.gm row (from OG_TOM on, see fast/game/loop.py) ----
TO_SCORE, TO_TRACK, TO_JOURNEY, TO_FOOT, TO_BAND, TO_COL1, TO_COL2 = range(7)
NTO = 7
