"""Whole-game kernel: setup (R2, E11, E13), the rounds, evening (E10), final count (R8),
and the block loop over games keyed by their global game index."""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ...content import codes as C
from ...seeding import STREAM_ADVENTURERS, STREAM_SETUP
from ..kernel.streams import nb_init_streams, nb_shuffle, nb_uniform_int
from ..bots.greedy import GREEDY
from ..bots.heuristic import HEURISTIC
from ..bots.journeys import JOURNEYS
from ..bots.learned import LEARN
from ..bots.policy import choose_adventurer, new_game_bots, new_round_bots
from ..bots.values import SEAT
from ..kernel.journal import log_decision
from ..kernel.dice import place_small_dice, return_small_dice
from ..kernel.forkcontrol import NFC, NOF, NTF, Fork
from ..kernel.learncontrol import NCF, NCI, NLC, Learn
from ..kernel.offsets import declare
from ..jit import entry, inline, kernel
from ...spec.decisions import ADVENTURER
from .journey import afternoon
from ..kernel.ktables import (AV_BURSTS, IT_BURSTS, IT_COPIES, IT_DECK, IT_FIRE, PV_VILLAGE,
                              SET_BAGSETS, SET_DAWN, SET_FFBONUS, SET_LASTTOK, SET_LITTLE, SET_LSD,
                              SET_NA, SET_NC, SET_NLSD, SET_NRESERVE, SET_NS, SET_NSPX, SET_NTURN,
                              SET_PROVSTART, SET_REMOVED, SET_RESERVE, SET_ROUNDS, SET_START,
                              SET_TURN)
from ..kernel.bag import butterfly_bursts, end_of_round, fill_bag
from ..kernel.dice import roll_track_until_element
from ..kernel.dawnsets import draw_sets, in_deck
from .dawnnoon import noon as dawn_noon
from .noon import noon
from .morning import morning
from .rerolls import late_morning
from ..solo.layout import MAX_SOLO_ROUNDS, NTO, TM_LAST
from ..solo.rounds import solo_evening, solo_setup, tom_morning
from ..solo.tom import store_tom, tom_final
from ..kernel.state import (ADV_DRAFT, BD_RES, BD_TRC, BD_TRFP, CD_BOX, CD_CEM, CD_PILE, CD_SPILE,
                            CD_SWAP, G_BAG, G_DAWN, G_ERR, G_FIRST, G_FIRST0, G_GAME, G_LITTLE,
                            G_N, G_NBOX, G_NDEC, G_NDICE, G_NREC, G_NSD, G_NSPACE, G_NSWAP,
                            G_PILE_LEN, G_PILE_POS, G_RECORD, G_ROUND, G_ROUNDS, G_SETS, G_SIDE,
                            G_SPILE_LEN, LOC_BOX, MAXC, MAXD, MAXOPTS, MAXP, MAXSD, MAXSP,
                            MAXSPACE, MT_ADV, MT_N, MT_SIDE, MT_TOK, NBD, NBOATS, NCD, NG, NPC,
                            NPD, NPF, NPS, NRF, NSDF, NSPACE, PC_DIE, PC_PEND, PC_REC, PC_ROW,
                            PS_ROW, P_ADV, P_BF_BURSTS, P_BOAT, P_CARDS_BURSTS, P_COMPANY,
                            P_ENCAMP, P_FF_BONUS, P_FF_TOTAL, P_FINAL, P_FIRE, P_FOOT, P_JOURNEY,
                            P_NCOMP, P_SCORE, P_TOK, P_TRACK_END, P_WIN, SD_COL, SD_FACE, SD_LOC,
                            State, WORK)


class Out(NamedTuple):
    """Per-game results of a block (leading dimension: game in block)."""
    gm: np.ndarray        # int64[count, NOG]: OG_* fields
    pl: np.ndarray        # int32[count, MAXP, NPF]: final player fields
    nrec: np.ndarray      # int64[count]
    rc: np.ndarray        # int64[count, maxrec, NRF]


# ---- a block's per-game results (Out.gm[i, OG_*]) ----
NOG = declare(globals(), "Out.gm", [
    ("OG_FIRST", 1), ("OG_NWIN", 1), ("OG_TOP", 1), ("OG_MARGIN", 1), ("OG_ROUNDS", 1),
    ("OG_ERR", 1),
    ("OG_SETS", 1),    # Dawn (D1): the sets in play, a bit mask (G_SETS)
    ("OG_LITTLE", 1),  # Dawn (D4): the little board's seats, a bit mask (G_LITTLE)
    ("OG_TOM", NTO),   # solo (R9): Tom's count, fields TO_* of fast/solo/layout.py
    (None, 1),
])


class Snap(NamedTuple):
    """Final state and record buffers of the games whose record was asked (leading: slot)."""
    g: np.ndarray         # int64[k, NG]
    pl: np.ndarray        # int64[k, MAXP, NPF]
    pc: np.ndarray        # int64[k, MAXP, NPC, MAXC]
    ps: np.ndarray        # int64[k, MAXP, NPS, MAXSP]
    sd: np.ndarray        # int64[k, NSDF, MAXSD]
    bd: np.ndarray        # int64[k, NBD]
    cd: np.ndarray        # int64[k, NCD, W]
    dice: np.ndarray      # int8[k, max_dice]
    dec: np.ndarray       # int32[k, max_dec, 8]


@entry
def alloc_state(width, maxrec, max_dice, max_dec, mt, bp):
    """A zeroed State for games of the given record sizes, with the match and the bots'
    parameters copied (one per worker, reused for every game it plays); its fork control idle."""
    i64 = np.int64
    fk = Fork(np.zeros(NFC, i64), np.zeros(2, np.uint64), np.zeros((1, NTF), i64),
              np.zeros((1, NOF), i64), np.zeros((2, 1), i64))
    return alloc_fork_state(width, maxrec, max_dice, max_dec, mt, bp, fk)


@entry
def alloc_fork_state(width, maxrec, max_dice, max_dec, mt, bp, fk):
    """alloc_state with the fork control ``fk`` (forkcontrol.Fork, glowsim/fast/fork_table.py);
    the feature capture idle, with no room (glowsim/fast/learned_features.py gives a State its
    own)."""
    i64 = np.int64
    ln = Learn(np.zeros(NLC, i64), np.zeros(1, np.uint64), np.zeros((1, NCI), i64),
               np.zeros((1, NCF), np.float64), np.zeros(1, LEARN), np.zeros(1, SEAT),
               np.zeros(1, HEURISTIC), np.zeros(1, JOURNEYS))
    return State(
        np.zeros(NG, i64), np.zeros((MAXP, NPF), i64), np.zeros((MAXP, NPC, MAXC), i64),
        np.zeros((MAXP, NPS, MAXSP), i64), np.zeros((MAXP, NPD, MAXD), i64),
        np.zeros((NSDF, MAXSD), i64), np.zeros(NBD, i64), np.zeros((NCD, width), i64),
        np.zeros((maxrec, NRF), i64), np.zeros((16, 2), np.uint64),
        np.zeros(max_dice, np.int8), np.zeros((max_dec, 8), np.int32),
        np.zeros((MAXOPTS, 6), i64), np.zeros(MAXP, SEAT), np.zeros(1, WORK),
        np.zeros(1, GREEDY), np.zeros(1, JOURNEYS), np.zeros(1, HEURISTIC),
        mt.copy(), bp.copy(), fk, ln)


@inline
def deal(S):
    """R2/R7/E10: 5 companions to spaces 0..4 in deck order (Dawn at 5-6 players, D4: 7 or 8,
    the little board's too); a footprint on each space without a die."""
    nsd = S.g[G_NSD]
    for s in range(S.g[G_NSPACE]):
        if S.g[G_PILE_POS] < S.g[G_PILE_LEN]:
            S.bd[BD_TRC + s] = S.cd[CD_PILE, S.g[G_PILE_POS]]
            S.g[G_PILE_POS] += 1
        else:
            S.bd[BD_TRC + s] = -1
        has = False
        for i in range(nsd):
            if S.sd[SD_LOC, i] == s:
                has = True
        if not has:
            S.bd[BD_TRFP + s] += 1


@inline
def draw_adventurers(K, S):
    """E13: each random seat, in seat order, draws uniform_int(len(pool)) into the
    adventurers not given to a seat nor drawn before, in catalog order; then E19: each
    draft seat, in seat order, chooses among those not taken (decision ADVENTURER)."""
    n = S.mt[MT_N]
    nc = K.setup[SET_NC]
    na = K.setup[SET_NA]
    for a in range(na):
        S.work[0].used[a] = 0
    for p in range(n):
        if S.mt[MT_ADV + p] >= 0:
            S.work[0].used[S.mt[MT_ADV + p] - nc] = 1
    for p in range(n):
        if S.mt[MT_ADV + p] >= 0:
            S.pl[p, P_ADV] = S.mt[MT_ADV + p]
            continue
        S.pl[p, P_ADV] = -1
        if S.mt[MT_ADV + p] == ADV_DRAFT:
            continue
        m = 0
        for a in range(na):
            if S.work[0].used[a] == 0:
                S.work[0].pool[m] = a
                m += 1
        k = nb_uniform_int(S.streams, STREAM_ADVENTURERS, m)
        S.work[0].used[S.work[0].pool[k]] = 1
        S.pl[p, P_ADV] = nc + S.work[0].pool[k]
    for p in range(n):
        if S.mt[MT_ADV + p] == ADV_DRAFT:
            row = choose_adventurer(K, S, p)
            log_decision(S, p, ADVENTURER, row, -1, -1, -1, -1, -1)
            S.work[0].used[row - nc] = 1
            S.pl[p, P_ADV] = row


@inline
def reset(S):
    """Every field of the game state zeroed (the rows and dice marked empty) before a game."""
    S.g[:] = 0
    S.pl[:, :] = 0
    S.pc[:, :, :] = 0
    S.pc[:, PC_ROW, :] = -1
    S.pc[:, PC_DIE, :] = -1
    S.pc[:, PC_REC, :] = -1
    S.ps[:, :, :] = 0
    S.ps[:, PS_ROW, :] = -1
    S.bd[:] = 0
    for s in range(MAXSPACE):
        S.bd[BD_TRC + s] = -1
    S.g[G_NSPACE] = NSPACE
    S.cd[CD_CEM, :] = 0


@inline
def little_board(K, S, n, first):
    """D4 (5 and 6 players): the little board's seats (the turn positions of round 1 on it)
    and its small dice, rolled on the track stream (a purple footprint again) onto the space
    of the element shown; the number of spaces."""
    i = n - 5
    S.g[G_NSPACE] = K.setup[SET_NSPX + i]
    for t in range(K.setup[SET_NTURN + i]):
        S.g[G_LITTLE] |= 1 << ((first + K.setup[SET_TURN + 2 * i + t]) % n)
    nsd = S.g[G_NSD]
    for j in range(K.setup[SET_NLSD + i]):
        col = K.setup[SET_LSD + 8 * i + j]
        f = roll_track_until_element(K, S, col)
        S.sd[SD_COL, nsd + j] = col
        S.sd[SD_FACE, nsd + j] = f
        S.sd[SD_LOC, nsd + j] = K.setup[SET_LITTLE + 5 * i + K.dsym[col, f]]
    S.g[G_NSD] = nsd + K.setup[SET_NLSD + i]


@inline
def setup(K, S, root, gi, record):
    """R2 with the draw order of E11 (random adventurers first, E13)."""
    reset(S)
    n = S.mt[MT_N]
    S.g[G_N] = n
    S.g[G_SIDE] = S.mt[MT_SIDE]
    S.g[G_GAME] = gi
    S.g[G_RECORD] = 1 if record else 0
    S.g[G_ROUNDS] = K.setup[SET_ROUNDS]
    S.g[G_DAWN] = K.setup[SET_DAWN]
    nb_init_streams(root, gi, S.streams)
    draw_adventurers(K, S)
    if S.g[G_DAWN] != 0:
        draw_sets(K, S, n)
    nc = K.setup[SET_NC]
    k = K.setup[SET_REMOVED]
    npile = 0
    nbox = 0
    box = S.cd[CD_BOX]
    for deck in (C.DECK_A, C.DECK_B):
        m = 0
        for r in range(nc):
            if K.item[r, IT_DECK] == deck and in_deck(K, S, r):
                box[nbox + m] = r   # shuffled in place; the first k stay in the box (Dawn: the
                m += 1              # swap deck, deck A's above deck B's, D3)
        nb_shuffle(S.streams, STREAM_SETUP, box[nbox:nbox + m], m)
        for i in range(k, m):
            S.cd[CD_PILE, npile] = box[nbox + i]
            npile += 1
        nbox += k
    S.g[G_NBOX] = nbox
    if S.g[G_DAWN] != 0:   # D3: the boxed cards are the swap deck, in the box's order
        for i in range(nbox):
            S.cd[CD_SWAP, i] = box[i]
        S.g[G_NSWAP] = nbox
        S.g[G_BAG] = 1 if (S.g[G_SETS] & K.setup[SET_BAGSETS]) != 0 else 0
        fill_bag(K, S)     # D14
    S.g[G_PILE_LEN] = npile
    m = 0
    base = nc + K.setup[SET_NA]
    for i in range(K.setup[SET_NS]):
        for _ in range(K.item[base + i, IT_COPIES]):
            S.cd[CD_SPILE, m] = base + i
            m += 1
    nb_shuffle(S.streams, STREAM_SETUP, S.cd[CD_SPILE], m)
    S.g[G_SPILE_LEN] = m
    first = nb_uniform_int(S.streams, STREAM_SETUP, n)
    S.g[G_FIRST] = first
    S.g[G_FIRST0] = first
    for p in range(n):
        S.pl[p, P_SCORE] = K.setup[SET_START]
        S.pl[p, P_ENCAMP] = K.setup[SET_PROVSTART]
        S.pl[p, P_COMPANY] = K.setup[SET_PROVSTART]
    S.pl[(first + n - 1) % n, P_TOK] += K.setup[SET_LASTTOK]
    for p in range(n):
        S.pl[p, P_TOK] += S.mt[MT_TOK + p]   # E18: extra tokens given by the scenario
    for c in range(K.setup[SET_NRESERVE]):
        S.bd[BD_RES + K.setup[SET_RESERVE + c]] += 1
    place_small_dice(K, S, LOC_BOX)
    if n > 4:
        little_board(K, S, n, first)
    deal(S)


@inline
def evening(K, S):
    """E10: small dice back in turn order (footprint/curse rerolled on the track stream),
    Sketal dice taken mid-round join, deal, the first player passes left."""
    n = S.g[G_N]
    for pick in range(n):
        return_small_dice(K, S, S.work[0].turn[pick])
    for p in range(n):
        for k in range(S.pl[p, P_NCOMP]):
            S.pc[p, PC_PEND, k] = 0
    deal(S)
    S.g[G_FIRST] = (S.g[G_FIRST] + 1) % n
    if S.g[G_DAWN] != 0:
        end_of_round(K, S)   # D14: the tokens aside back in the bag, no element ignored


@inline
def final_count(K, S):
    """R8: cards, journey, fireflies, footprints; winners by E9.  Returns the number of winners."""
    n = S.g[G_N]
    bonus = K.setup[SET_FFBONUS]
    for p in range(n):
        S.pl[p, P_TRACK_END] = S.pl[p, P_SCORE]
        cards = K.item[S.pl[p, P_ADV], IT_BURSTS]
        ff = S.pl[p, P_FIRE]
        nc = S.pl[p, P_NCOMP]
        for k in range(nc):
            cards += K.item[S.pc[p, PC_ROW, k], IT_BURSTS]
            ff += K.item[S.pc[p, PC_ROW, k], IT_FIRE]
        if S.g[G_SIDE] == C.PROVINCE:
            v = K.prov[S.pl[p, P_ENCAMP], PV_VILLAGE]
            j = v if v > 0 else 0
        else:
            j = 0
            for b in range(NBOATS):
                j += K.arch[S.pl[p, P_BOAT + b], AV_BURSTS]
        fb = bonus if ff >= nc else 0
        S.pl[p, P_CARDS_BURSTS] = cards
        S.pl[p, P_JOURNEY] = j
        S.pl[p, P_FF_TOTAL] = ff
        S.pl[p, P_FF_BONUS] = fb
        S.pl[p, P_FINAL] = S.pl[p, P_SCORE] + cards + j + fb + S.pl[p, P_FOOT]
        if S.g[G_BAG] != 0:   # D15: the butterfly tokens
            S.pl[p, P_BF_BURSTS] = butterfly_bursts(K, S, p)
            S.pl[p, P_FINAL] += S.pl[p, P_BF_BURSTS]
    top = -(1 << 40)
    for p in range(n):
        if S.pl[p, P_FINAL] > top:
            top = S.pl[p, P_FINAL]
    tok = -1
    for p in range(n):
        if S.pl[p, P_FINAL] == top and S.pl[p, P_TOK] > tok:
            tok = S.pl[p, P_TOK]
    nw = 0
    for p in range(n):
        w = 1 if (S.pl[p, P_FINAL] == top and S.pl[p, P_TOK] == tok) else 0
        S.pl[p, P_WIN] = w
        nw += w
    return nw


@kernel
def begin_game(K, S, root, gi, record):
    """Setup (R2; solo: R9) of game gi; the bots told a game starts."""
    if S.mt[MT_N] == 1:
        reset(S)
        solo_setup(K, S, root, gi, record)
    else:
        setup(K, S, root, gi, record)
    new_game_bots(K, S)


@inline
def last_round(S):
    """The last round a game can have (solo: the reference engine's cap)."""
    return MAX_SOLO_ROUNDS if S.mt[MT_N] == 1 else S.g[G_ROUNDS]


@kernel
def play_round(K, S, r):
    """Round r, evening included (E10); False when the game ends with it (the last round,
    a kernel error, or solo: the tiles or deck B, E14)."""
    solo = S.mt[MT_N] == 1
    n = S.g[G_N]
    S.g[G_ROUND] = r
    for i in range(n):
        S.work[0].turn[i] = (S.g[G_FIRST] + i) % n
    new_round_bots(K, S)
    morning(K, S)
    if solo:   # R9/E17: Tom's spaces
        tom_morning(K, S)
    late_morning(K, S)
    if S.g[G_DAWN] != 0:
        dawn_noon(K, S)
    else:
        noon(K, S)
    afternoon(K, S)
    if S.g[G_ERR] != 0:
        return False
    if solo:   # E14: the tiles or deck B end the game
        if S.bd[TM_LAST] != 0 or r == last_round(S):
            return False
        solo_evening(K, S)
        if S.bd[TM_LAST] != 0:
            return False
    elif r < last_round(S):   # E10: no evening after the last round
        evening(K, S)
    else:
        return False
    return True


@kernel
def end_game(K, S):
    """R8 (solo: Tom's count too); returns the number of winners."""
    nw = final_count(K, S)
    if S.mt[MT_N] == 1:
        tom_final(K, S)
    return nw


@kernel
def play_game(K, S, root, gi, record):
    """Play one whole game into S; returns the number of winners.  One seat: solo against
    Tom (R9, fast/solo), checked once per round."""
    begin_game(K, S, root, gi, record)
    for r in range(1, last_round(S) + 1):
        if not play_round(K, S, r):
            break
    return end_game(K, S)


@inline
def store_result(S, out, i, nw):
    """Game i's row of the result tables: first player, winners, top score and margin
    (solo: against Tom), rounds, error, every player's fields and the recruit rows."""
    n = S.g[G_N]
    gm = out.gm[i]
    gm[OG_FIRST] = S.g[G_FIRST0]
    gm[OG_NWIN] = nw
    best = -(1 << 40)
    second = -(1 << 40)
    for p in range(n):
        v = S.pl[p, P_FINAL]
        if v > best:
            second = best
            best = v
        elif v > second:
            second = v
    if n == 1:   # solo (R9): against Tom; margin = the player minus Tom
        tom = store_tom(S, gm[OG_TOM:])
        gm[OG_TOP] = best if best > tom else tom
        gm[OG_MARGIN] = best - tom
    else:
        gm[OG_TOP] = best
        gm[OG_MARGIN] = best - second
    gm[OG_ROUNDS] = S.g[G_ROUND]
    gm[OG_ERR] = S.g[G_ERR]
    gm[OG_SETS] = S.g[G_SETS]
    gm[OG_LITTLE] = S.g[G_LITTLE]
    for p in range(n):
        for f in range(NPF):
            out.pl[i, p, f] = S.pl[p, f]
    nr = S.g[G_NREC]
    out.nrec[i] = nr
    for k in range(nr):
        for f in range(NRF):
            out.rc[i, k, f] = S.rc[k, f]


@kernel
def copy1(src, dst):
    """dst[:] = src[:] (1-d), without allocating."""
    for i in range(src.shape[0]):
        dst[i] = src[i]


@kernel
def copy2(src, dst):
    """dst[:, :] = src (2-d), without allocating."""
    for i in range(src.shape[0]):
        for j in range(src.shape[1]):
            dst[i, j] = src[i, j]


@kernel
def copy3(src, dst):
    """dst[:, :, :] = src (3-d), without allocating."""
    for i in range(src.shape[0]):
        for j in range(src.shape[1]):
            for m in range(src.shape[2]):
                dst[i, j, m] = src[i, j, m]


@kernel
def store_snapshot(S, snap, k):
    """The final state and the record (dice drawn, decisions) of the game just played into
    snapshot slot k."""
    copy1(S.g, snap.g[k])
    copy2(S.pl, snap.pl[k])
    copy3(S.pc, snap.pc[k])
    copy3(S.ps, snap.ps[k])
    copy2(S.sd, snap.sd[k])
    copy1(S.bd, snap.bd[k])
    copy2(S.cd, snap.cd[k])
    for i in range(S.g[G_NDICE]):
        snap.dice[k, i] = S.rdice[i]
    for i in range(S.g[G_NDEC]):
        for f in range(8):
            snap.dec[k, i, f] = S.rdec[i, f]


@kernel
def play_range(K, S, root, start, lo, hi, slots, out, snap):
    """Plays games lo..hi of a block (game start + i, seeded from root) on State S (one per
    game thread: glowsim/fast/entry/core.py allocates it), storing each game's rows and, for
    the games with a slot, its record."""
    for i in range(lo, hi):
        rec = slots[i] >= 0
        nw = play_game(K, S, root, start + i, rec)
        store_result(S, out, i, nw)
        if rec:
            store_snapshot(S, snap, slots[i])
