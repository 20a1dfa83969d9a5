"""A solo game's setup (R9, E13, E15, E16), the end of its morning (Tom's spaces, E17) and
its evening (E10 without the first-player token, E14's end by deck B).  The recruit with
Tom's tile is the shared morning (fast/game/morning.py, solo/tom.py take_tile); late morning,
noon and afternoon are the shared phase kernels; glowsim/fast/game/loop.py plays the rounds."""
from __future__ import annotations

from ...content import codes as C
from ...seeding import STREAM_ADVENTURERS, STREAM_SETUP, STREAM_TOM
from ..kernel.streams import nb_init_streams, nb_shuffle, nb_uniform_int
from ..kernel.dice import place_small_dice, return_small_dice, roll_track_until_element
from ..jit import inline, kernel
from ..kernel.ktables import (IT_ADVCOL, IT_DECK, SET_ELSPACE, SET_NA, SET_NC, SET_NRESERVE,
                              SET_PROVSTART, SET_RESERVE, SET_ROUNDS, SET_START, ST_NTILES,
                              ST_REMOVED)
from ..kernel.state import (BD_RES, BD_TRFP, CD_BOX, CD_PILE, G_FIRST, G_FIRST0, G_GAME, G_N,
                            G_NBOX, G_NSD, G_PILE_LEN, G_PILE_POS, G_RECORD, G_ROUND, G_ROUNDS,
                            G_SIDE, G_SPILE_LEN, MT_ADV, MT_SIDE, MT_TOM, NSPACE, P_ADV, P_COMPANY,
                            P_ENCAMP, P_NCOMP, P_SCORE, PC_PEND, SD_COL, SD_FACE, SD_LOC)
from .decks import deal_solo
from .dice import roll_tom, tom_on
from .layout import (LOC_NOT_IN_GAME, LOC_TOM_REROLL, N_RESHUFFLE, TM_BOAT, TM_CAMP, TM_COL,
                     TM_DECK, TM_DLEN, TM_DPOS, TM_LAST, TM_LENA, TM_LENB, TM_NBOX0, TM_ONB,
                     TM_ORDER, TM_SCORE, TM_TILES0, TM_UP)
from .tom import last_round_estimate


@inline
def tom_pair_ok(mask, a, b):
    """E15: both colours of adventurers not in play, never yellow with purple."""
    if (mask >> a) & 1 == 0 or (mask >> b) & 1 == 0:
        return False
    return not ((a == C.YELLOW and b == C.PURPLE) or (a == C.PURPLE and b == C.YELLOW))


@inline
def draw_tom_colors(K, S, adv):
    """E15: a pair drawn uniformly (STREAM_TOM) from the pairs a < b (colour-code order) of
    different colours of the adventurers not in play, yellow with purple excluded."""
    nc = K.setup[SET_NC]
    mask = 0
    for a in range(K.setup[SET_NA]):
        mask |= 1 << K.item[nc + a, IT_ADVCOL]
    mask &= ~(1 << K.item[adv, IT_ADVCOL])
    m = 0
    for a in range(C.N_COLORS):
        for b in range(a + 1, C.N_COLORS):
            if tom_pair_ok(mask, a, b):
                m += 1
    k = nb_uniform_int(S.streams, STREAM_TOM, m)
    for a in range(C.N_COLORS):
        for b in range(a + 1, C.N_COLORS):
            if tom_pair_ok(mask, a, b):
                if k == 0:
                    S.bd[TM_COL] = a
                    S.bd[TM_COL + 1] = b
                    return
                k -= 1


@kernel
def solo_setup(K, S, root, gi, record):
    """R9 setup after the shared reset: the adventurer (E13), Tom's colours (E15), decks A and
    B without the 14 removed companions, shuffled apart, Tom's tiles and the reshuffle order
    (E16, setup stream in that order), Tom's dice then the small dice (track stream), the
    deal.  The player is first player with no reroll token; no black die, no spells."""
    S.g[G_N] = 1
    S.g[G_SIDE] = S.mt[MT_SIDE]
    S.g[G_GAME] = gi
    S.g[G_RECORD] = 1 if record else 0
    S.g[G_ROUNDS] = K.setup[SET_ROUNDS]
    nb_init_streams(root, gi, S.streams)
    nc = K.setup[SET_NC]
    adv = S.mt[MT_ADV]
    if adv < 0:
        adv = nc + nb_uniform_int(S.streams, STREAM_ADVENTURERS, K.setup[SET_NA])
    S.pl[0, P_ADV] = adv
    if S.mt[MT_TOM] >= 0:
        S.bd[TM_COL] = S.mt[MT_TOM]
        S.bd[TM_COL + 1] = S.mt[MT_TOM + 1]
    else:
        draw_tom_colors(K, S, adv)
    # E16: decks A and B (catalog order, the removed ones to the box), shuffled apart
    pile = S.cd[CD_PILE]
    n = 0
    nbox = 0
    for deck in (C.DECK_A, C.DECK_B):
        first = n
        for r in range(nc):
            if K.item[r, IT_DECK] != deck:
                continue
            if K.setup[ST_REMOVED + r] != 0:
                continue
            pile[n] = r
            n += 1
        nb_shuffle(S.streams, STREAM_SETUP, pile[first:n], n - first)
        if deck == C.DECK_A:
            S.bd[TM_LENA] = n
    S.bd[TM_LENB] = n - S.bd[TM_LENA]
    for r in range(nc):
        if K.setup[ST_REMOVED + r] != 0:
            S.cd[CD_BOX, nbox] = r
            nbox += 1
    S.g[G_NBOX] = nbox
    S.bd[TM_NBOX0] = nbox
    S.g[G_PILE_POS] = 0
    S.g[G_PILE_LEN] = S.bd[TM_LENA]
    S.g[G_SPILE_LEN] = 0
    nt = K.setup[ST_NTILES]
    tiles = S.bd[TM_TILES0:TM_TILES0 + nt]
    for i in range(nt):
        tiles[i] = i
    nb_shuffle(S.streams, STREAM_SETUP, tiles, nt)
    order = S.bd[TM_ORDER:TM_ORDER + N_RESHUFFLE]
    for i in range(N_RESHUFFLE):
        order[i] = i
    nb_shuffle(S.streams, STREAM_SETUP, order, N_RESHUFFLE)
    for s in range(NSPACE):
        S.bd[TM_UP + s] = tiles[s]
    for i in range(nt - NSPACE):
        S.bd[TM_DECK + i] = tiles[NSPACE + i]
    S.bd[TM_DPOS] = 0
    S.bd[TM_DLEN] = nt - NSPACE
    S.g[G_FIRST] = 0
    S.g[G_FIRST0] = 0
    S.pl[0, P_SCORE] = K.setup[SET_START]
    S.pl[0, P_ENCAMP] = K.setup[SET_PROVSTART]
    S.pl[0, P_COMPANY] = K.setup[SET_PROVSTART]
    S.bd[TM_SCORE] = K.setup[SET_START]
    S.bd[TM_CAMP] = K.setup[SET_PROVSTART]
    for b in range(4):
        S.bd[TM_BOAT + b] = 0
    for c in range(K.setup[SET_NRESERVE]):
        S.bd[BD_RES + K.setup[SET_RESERVE + c]] += 1
    roll_tom(K, S)
    place_small_dice(K, S, LOC_NOT_IN_GAME)
    deal_solo(K, S)
    plan_horizon(S)


@kernel
def tom_morning(K, S):
    """R9/E17, after the recruit (the shared morning, with Tom's tile) and the cemetery: on
    Tom's spaces footprints are removed, his dice rolled, then the small dice there (by
    space, then colour) rerolled until an element."""
    nsd = S.g[G_NSD]
    m = 0
    for s in range(NSPACE):
        if not tom_on(K, S, s):
            continue
        S.bd[BD_TRFP + s] = 0
        for col in range(C.N_COLORS):
            for i in range(nsd):
                if S.sd[SD_LOC, i] == s and S.sd[SD_COL, i] == col:
                    S.sd[SD_LOC, i] = LOC_TOM_REROLL - m
                    m += 1
    roll_tom(K, S)
    for k in range(m):
        for i in range(nsd):
            if S.sd[SD_LOC, i] == LOC_TOM_REROLL - k:
                col = S.sd[SD_COL, i]
                f = roll_track_until_element(K, S, col)
                S.sd[SD_FACE, i] = f
                S.sd[SD_LOC, i] = K.setup[SET_ELSPACE + K.dsym[col, f]]
                break


@inline
def plan_horizon(S):
    """The bots' planning horizon for the next round: the round the tiles end the game in."""
    S.g[G_ROUNDS] = S.g[G_ROUND] + 1 + last_round_estimate(S)


@kernel
def solo_evening(K, S):
    """R9/E10: the player's small dice back (footprint or curse rerolled until an element);
    no companion left to deal (deck B empty): the round just played was the last; else the
    deal.  The player stays first player."""
    return_small_dice(K, S, 0)
    for k in range(S.pl[0, P_NCOMP]):
        S.pc[0, PC_PEND, k] = 0
    if S.g[G_PILE_POS] >= S.g[G_PILE_LEN] and (S.bd[TM_ONB] != 0 or S.bd[TM_LENB] == 0):
        S.bd[TM_LAST] = 1
        return
    deal_solo(K, S)
    plan_horizon(S)
