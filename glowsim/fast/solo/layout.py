"""Named indices of solo mode (R9): Tom's fields in ``S.bd``, the solo table in
``K.setup[SET_SOLO:]`` and Tom's result fields in a block's ``Out.gm`` rows.

Tom sits on the board: his fields are the slice ``S.bd[BD_TOM:]`` (absolute
indices ``TM_*``), so the per-game reset and the final-state snapshot of the
shared kernels cover them.
"""
from __future__ import annotations

import numpy as np

from ..state import BD_TOM, NBD

MAX_SOLO_ROUNDS = 30   # the reference engine's run_solo(max_rounds)
MAXTILES = 16
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

# ---- the solo table: K.setup[SET_SOLO:] (ST_* are absolute indices into K.setup) ----
SET_SOLO = 72              # after the setup ints and lists of fast/ktables.py (NSET = SET_SOLO + NSOLO)
ST_NTILES = SET_SOLO
ST_BAND = SET_SOLO + 1               # MAXTILES: meeples per tile
ST_BURSTS = ST_BAND + MAXTILES       # MAXTILES: bursts per tile
ST_JOURNEY = ST_BURSTS + MAXTILES    # MAXTILES: JOURNEY_* per tile
ST_NLADDER = ST_JOURNEY + MAXTILES   # villages on Tom's ladder
ST_LADDER = ST_NLADDER + 1           # 16: village spaces sorted by (bursts, space) (E17)
ST_REMOVED = ST_LADDER + 16          # MAXCOMP: 1 if the companion row is removed in solo mode (R9)
MAXCOMP = 64
NSOLO = ST_REMOVED + MAXCOMP - SET_SOLO

# ---- Tom's result fields in a block's Out.gm row (from OG_TOM on, see fast/game.py) ----
TO_SCORE, TO_TRACK, TO_JOURNEY, TO_FOOT, TO_BAND, TO_COL1, TO_COL2 = range(7)
NTO = 7


def solo_tables(t) -> np.ndarray:
    """K.setup[SET_SOLO:] from the content tables: Tom's tiles, his village ladder, the
    companions removed in solo mode (a content solo cannot use leaves them 0, solo_problem)."""
    out = np.zeros(NSOLO, np.int64)
    nt = len(t.tile_band)
    nc = len(t.solo_removed)
    b = SET_SOLO
    out[ST_NTILES - b] = nt
    if 8 <= nt <= MAXTILES:
        out[ST_BAND - b:ST_BAND - b + nt] = t.tile_band
        out[ST_BURSTS - b:ST_BURSTS - b + nt] = t.tile_bursts
        out[ST_JOURNEY - b:ST_JOURNEY - b + nt] = t.tile_journey
    ladder = sorted((int(t.prov_village[s]), s) for s in range(len(t.prov_village)) if t.prov_village[s] >= 0)
    if len(ladder) <= 16:
        out[ST_NLADDER - b] = len(ladder)
        out[ST_LADDER - b:ST_LADDER - b + len(ladder)] = [s for _, s in ladder]
    if nc <= MAXCOMP:
        out[ST_REMOVED - b:ST_REMOVED - b + nc] = t.solo_removed
    return out


def solo_problem(t) -> str:
    """Why this content cannot be played solo by the fast path ('' when it can)."""
    nt = len(t.tile_band)
    if not 8 <= nt <= MAXTILES:
        return (f"solo needs 8 to {MAXTILES} of Tom's tiles (solo_tiles; the first reshuffle takes 4 "
                f"discarded tiles, E14), the content has {nt}")
    nv = int((t.prov_village >= 0).sum())
    if nv > 16:
        return f"the fast path's solo mode allows 16 villages on Tom's ladder, the content has {nv}"
    if len(t.solo_removed) > MAXCOMP:
        return f"the fast path's solo mode allows {MAXCOMP} companions, the content has {len(t.solo_removed)}"
    return ""

