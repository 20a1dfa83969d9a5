"""Array state of one game in the fast path, with named index constants.

A :class:`State` bundles the arrays a kernel reads or writes for one game; a
worker allocates one State and reuses it for all the games it plays (nothing is
allocated inside the game loop).  Few arrays, indexed by the constants below:

- ``g[G_*]``: game fields; ``pl[p, P_*]``: player fields and statistics;
- ``pc[p, PC_*, k]``: companion k of player p in recruitment order;
- ``ps[p, PS_*, i]``: spell token i of player p in draw order;
- ``pd[p, PD_*, j]``: die j of player p's canonical list this round (E2);
- ``sd[SD_*, i]``: small die i (the last one is the black die);
- ``bd[BD_* + i]``: meeting track, reserve dice, province marks;
- ``cd[CD_*, i]``: draw pile, box, cemetery flags, spell pile, spent spells;
- ``rc[k, R_*]``: rows of the ``recruits`` table of this game;
- ``rdice``/``rdec``: the record (faces drawn, decision rows) when asked;
- ``opts``: legal options scratch;
- ``bot[p]``: what seat p's bot keeps between decisions (one record, bots/values.py SEAT);
- ``work[0]``, ``greedy[0]``, ``journeys[0]``, ``heuristic[0]``: the work scratch of the game
  loop (:data:`WORK`) and of each bot component (the ``GREEDY``, ``JOURNEYS`` and
  ``HEURISTIC`` records of bots/), nothing kept between games;
- ``mt``/``bp``: the match (players, side, adventurers) and the bots' parameter vectors;
- ``fk``: fork control (:mod:`glowsim.fast.kernel.forkcontrol`), idle in normal play;
- ``ln``: feature capture (:mod:`glowsim.fast.kernel.learncontrol`), idle in normal play, and
  the learned policy's work scratch (``ln.w[0]``).

Scratch memory is laid out by construction: each component's is one numpy record
(:func:`record`, a structured dtype whose fields are named scalars and sub-arrays), held
in a 1-element array (``S.work[0].turn[i]``), or one per seat (``S.bot[p].itv[t]``).  A
record reaches a kernel as one pointer, so a State with named scratch passes no more
arguments than one of flat arrays.

Small dice locations (``SD_LOC``): ``0..4`` a meeting-track space,
``LOC_PLAYER + seat`` taken by a player this round, ``LOC_BOX`` the black die
before any Kaar brings it into play (R3).
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

MAXP = 6          # seats (R2: 2-4 players; Dawn D4: 5 and 6)
MAXC = 48         # companions one player can hold
MAXD = 24         # dice in one canonical list (E2)
MAXSP = 8         # spell tokens one player can hold
MAXSD = 16        # small dice (content small_dice + the black die)
NSPACE = 5        # meeting-track spaces (Dawn at 5 and 6 players: G_NSPACE, D4)
MAXSPACE = 8      # ... with the little board
NBOATS = 4        # archipelago boats per player
MAXNODES = 128    # board spaces / islands
MAXREC_EXTRA = 16 # recruit rows per game beyond rounds * players (Cromaug takes)
MAXOPTS = 4096

LOC_BOX = -1
LOC_PLAYER = 8

# ---- game fields (g) ----
(G_N, G_SIDE, G_FIRST, G_ROUND, G_ROUNDS, G_PILE_POS, G_PILE_LEN, G_SPILE_POS, G_SPILE_LEN,
 G_NBOX, G_NSPENT, G_NREC, G_NDICE, G_NDEC, G_RECORD, G_ERR, G_NSD, G_BLACK, G_GAME,
 G_FIRST0, G_CNTP, G_DECN, G_DAWN, G_BAG, G_ATNOON, G_NSPACE, G_SETS, G_REPL, G_LITTLE,
 G_NSWAP) = range(30)   # G_CNTP: player whose effective counts sit in work.counts, -1
# G_DECN: decisions asked so far in the game (recorded or not): the next decision's index
# G_DAWN: 1 in a Dawn game (docs/rules.md D1-D18): the Dawn steps are played, the bots take
# their Dawn rules (bots/dawn.py); G_BAG: 1 when the butterfly bag is in play (D14);
# G_ATNOON: 1 while a Dawn noon is resolved (the bots weigh the ignore token then);
# G_NSPACE: meeting-track spaces (5; Dawn at 5-6 players 7 or 8, D4); G_SETS, G_REPL: the Dawn
# sets in play and those replacing (bit masks, D1); G_LITTLE: bit p for a little-board seat (D4);
# G_NSWAP: cards in the swap deck (D3, D10; D16 solo)
NG = 30

# error codes (G_ERR): a kernel never raises, it flags and stops the game
ERR_NONE, ERR_DICE_BUF, ERR_DEC_BUF, ERR_REC_BUF, ERR_FORK = range(5)   # ERR_FORK: forkcontrol.py

# ---- player fields (pl) ----
(P_ADV, P_SCORE, P_FOOT, P_FIRE, P_TOK, P_LAPPED, P_NCOMP, P_NSPELL, P_LUMI, P_ND,
 P_ENCAMP, P_COMPANY, P_NSMALL,
 # statistics (contract.md section 6)
 P_GAINED_TOK, P_SPENT_LUMI, P_SPENT_TOK, P_SPENT_TRACK, P_TRACK_PTS, P_SET_FACES,
 P_DICE_BURSTS, P_EFFECT_BURSTS,
 # final count (R8)
 P_TRACK_END, P_CARDS_BURSTS, P_JOURNEY, P_FF_BONUS, P_FF_TOTAL, P_FINAL, P_WIN) = range(28)
P_BOAT = 28       # NBOATS islands
# Dawn (D12, D14, D15, D10): statistics and the butterflies' count
P_SPENT_BURSTS, P_BF_DRAWN, P_SWAPS, P_BF_BURSTS = 32, 33, 34, 35
NPF = 36

# ---- companions (pc[p, PC_*, k]) ----
# PC_APPL: Dawn (D7), the applications of a card with a cost paid this noon
PC_ROW, PC_DIE, PC_PEND, PC_REC, PC_NOON, PC_APPL = range(6)
NPC = 6
# ---- spells (ps[p, PS_*, i]) ----
# PS_POS: its place in the spell pile (cd[CD_SPILE]); PS_TRIED: 1 once it was active at a noon
PS_ROW, PS_FROM, PS_NOON, PS_POS, PS_TRIED = range(5)
NPS = 5
# ---- dice (pd[p, PD_*, j]) ----
PD_COL, PD_FACE, PD_FL, PD_SK, PD_SMALL = range(5)
NPD = 5
DF_GONE = 1       # PD_FL bits
DF_USED = 2
# ---- small dice (sd[SD_*, i]) ----
SD_COL, SD_LOC, SD_FACE = range(3)
NSDF = 3
# ---- board (bd[BD_* + i]) ----
BD_TRC = 0        # companion on meeting-track space i, -1
BD_TRFP = 8       # footprint tokens on space i
BD_RES = 16       # reserve large dice per colour (9 slots)
BD_ENT = 32       # province: space entered this afternoon
BD_TOM = BD_ENT + MAXNODES   # solo (R9): Tom's fields, TM_* in fast/solo/layout.py
MAXBF = 16        # Dawn (D14): kinds of butterfly token
BD_BAG = BD_TOM + 128        # Dawn (D14): tokens of each code in the bag ...
BD_ASIDE = BD_BAG + MAXBF    # ... aside until the end of the round ...
BD_BF = BD_ASIDE + MAXBF     # ... held by seat p (BD_BF + MAXBF p + code)
BD_IGN = BD_BF + MAXBF * MAXP   # bit e: seat p ignores element e this round (the ignore token)
NBD = BD_IGN + MAXP
# ---- cards (cd[CD_*, i]) ----
# CD_SWAP: Dawn's swap deck (D3, D10), top first; CD_SWAP0: as dealt at setup (solo's record, D16)
CD_PILE, CD_BOX, CD_CEM, CD_SPILE, CD_SPENT, CD_SWAP, CD_SWAP0 = range(7)
NCD = 7
# ---- recruit rows (rc[k, R_*]) ----
R_ROUND, R_PICK, R_SEAT, R_COMP, R_OFFERED, R_LEFT, R_EFFB, R_TILE, R_OFFERED2 = range(9)
# R_OFFERED: bit r for companion row r < 64 on the track; R_OFFERED2: bit r - 64 for rows 64..127
# (a Dawn content's set cards); R_TILE: solo (R9)
NRF = 9

# ---- match (mt[MT_*]) ----
MT_N, MT_SIDE = 0, 1
MT_ADV = 2        # MAXP: adventurer row per seat, ADV_RANDOM (E13) or ADV_DRAFT (E19)
MT_TOK = MT_ADV + MAXP   # MAXP: extra reroll tokens per seat at setup (E18)
MT_TOM = MT_TOK + MAXP   # 2: solo (R9): Tom's dice colours, -1 drawn per game (E15)
MT_SETS = MT_TOM + 2     # Dawn (D1): bit s for set s chosen (the content's order)
MT_REPL = MT_SETS + 1    # ... bit s when set s's `replaces` list leaves the deck (2-4 players)
NMT = MT_REPL + 1
ADV_RANDOM, ADV_DRAFT = -1, -2



class State(NamedTuple):
    g: np.ndarray        # int64[NG]
    pl: np.ndarray       # int64[MAXP, NPF]
    pc: np.ndarray       # int64[MAXP, NPC, MAXC]
    ps: np.ndarray       # int64[MAXP, NPS, MAXSP]
    pd: np.ndarray       # int64[MAXP, NPD, MAXD]
    sd: np.ndarray       # int64[NSDF, MAXSD]
    bd: np.ndarray       # int64[NBD]
    cd: np.ndarray       # int64[NCD, W]
    rc: np.ndarray       # int64[maxrec, NRF]
    streams: np.ndarray  # uint64[16, 2]
    rdice: np.ndarray    # int8[max_dice]
    rdec: np.ndarray     # int32[max_dec, 8]
    opts: np.ndarray     # int64[MAXOPTS, 6]
    bot: np.ndarray      # SEAT[MAXP] (bots/values.py): each seat's bot memory
    work: np.ndarray     # WORK[1]: the game loop's work scratch
    greedy: np.ndarray   # GREEDY[1] (bots/greedy.py)
    journeys: np.ndarray # JOURNEYS[1] (bots/journeys.py)
    heuristic: np.ndarray  # HEURISTIC[1] (bots/heuristic.py)
    mt: np.ndarray       # int64[NMT] the match: players, side, adventurers, extra tokens
    bp: np.ndarray       # float64[MAXP, NPARAM] bot parameter vector per seat
    fk: tuple            # forkcontrol.Fork: fork control at decisions (mode 0: idle)
    ln: tuple            # learncontrol.Learn: feature capture at decisions (mode 0: idle),
                         # the learned policy's work scratch


def max_recruit_rows(rounds: int) -> int:
    return rounds * MAXP + MAXREC_EXTRA


def record(fields) -> np.dtype:
    """A scratch record: (name, dtype) scalar fields and (name, dtype, n) sub-arrays, in
    order.  Its arrays read ``a[i].name`` compiled and, numpy's ``np.record`` scalars
    allowing attribute access, with numba off as well."""
    return np.dtype((np.record, fields))


i8, f8 = np.int64, np.float64

# the game loop's work scratch (S.work[0])
WORK = record([
    ("counts", i8, 8),    # symbol counts of the player at noon (G_CNTP)
    ("items", i8, 64),    # pending noon items
    ("rows", i8, 64),     # ... their rows
    ("crom", i8, 8),      # resurrect rows
    ("turn", i8, MAXP),   # seats in turn order
    ("pool", i8, 16),     # adventurer pool
    ("used", i8, 16),     # adventurer used flags
    ("small", i8, MAXSD), # small dice a player holds (build_dice)
])
