"""Rollouts from a position, compiled: a game loaded at a decision (glowsim/fast/positions.py)
played on to its end, once per redrawn world and option.

A position is a decision of a 2-4 player base game or a solo game against Tom (R9): a
recruit pick of a round's morning (R3), the die of a Sketal just recruited, the 2-player
discard (R7), which of Tom's boats sails (solo, E17), a player's rerolls after the roll (R4),
a choice at a player's noon (the next item to resolve, R5/E3; the companion Cromaug takes
back and its Sketal's die, E12), a move of a player's afternoon journey or a companion or
spell lost to its gains (R6); of a Dawn game (D1-D18) the morning's decisions, the rerolls
and the moves, its noon played as Dawn's (D7, D10).  The round resumes there with what was done
before it kept (the picks, rerolls, noons or journeys of the players before in turn order,
the deciding player's items resolved or moves made before this one) and the rest played by
the bots.  For each rollout ``i`` and
option ``j`` (result row ``t = i * nopt + j``):

1. the loaded state (slot 0 of a :class:`~glowsim.fast.forks.play.Rounds`, bots' memory
   included) is put back;
2. world ``i``'s hidden parts are put in: its cards (``snap.cd[i]``: draw pile, box, spell
   pile) and its spell tokens (``snap.ps[i]``; solo: its board ``snap.bd[i]``, Tom's tile
   deck and reshuffle order), and, when ``keys[i]`` >= 0, the dice streams
   (the track's and each seat's) keyed by it with their counters at 0 (seeding.py: the
   streams of game key ``keys[i]``);
3. the round is resumed at the decision with option ``j`` (``snap.dec[0, j]``, a decision row)
   taken without asking the bot, then the seats' bots play the game to its end (R8);
4. the final count into ``res[t]`` (forks.play's RS_FINAL, RS_WIN, RS_NWIN columns).

Nothing is allocated: the State, the loaded state and the buffers are made before the call.
"""
from __future__ import annotations

import numpy as np

from ...seeding import STREAM_SEAT_DICE, STREAM_TRACK
from ...spec.decisions import SKETAL_DIE
from ..game.dawnnoon import noon as dawn_noon
from ..game.journey import afternoon, afternoon_after_lose, afternoon_from
from ..game.loop import end_game, evening, last_round, play_round
from ..game.morning import give_sketal_die, morning_after_recruit, morning_from
from ..game.noon import noon, noon_from, resurrect_row
from ..game.rerolls import late_morning, late_morning_from
from ..jit import kernel
from ..kernel.effects import bring_black_die
from ..kernel.journal import log_decision
from ..kernel.ktables import IT_BLACK
from ..kernel.offsets import declare
from ..kernel.state import (G_DAWN, G_ERR, G_FIRST, G_N, G_ROUND, MAXP, MT_N, P_FINAL, P_NCOMP,
                            P_WIN, PC_ROW)
from ..solo.layout import TM_LAST
from ..solo.rounds import solo_evening, tom_morning
from ..solo.tom import tile_after_boat
from ..kernel.streams import nb_stream_key
from .play import (DONE, KERNEL_ERR, NCF, RS_FINAL, RS_NWIN, RS_WIN, ST_CODE, ST_NEXT, back_to_round,
                   copy_flat)

# ---- call settings (cfg[PF_*], in forks.play's cfg array) ----
declare(globals(), "forks.position cfg", [
    ("PF_ROUND", 1),      # the round of the decision
    ("PF_STAGE", 1),      # a STAGE_* below
    ("PF_PICK", 1),       # turn position of the deciding player (0 = the first player)
    ("PF_NOPT", 1),       # options per rollout
    ("PF_AUX", 1),        # noon: adventurer resolved (1); LOSE: the path's (1); solo: the space
    (None, 3),
], size=NCF)

# ---- where a position resumes (cfg[PF_STAGE]) ----
STAGE_RECRUIT = 0     # a recruit pick of the morning (R3)
STAGE_REROLL = 1      # the rerolls of a player who has rolled (R4)
STAGE_MOVE = 2        # a move of a player's afternoon journey (R6)
STAGE_DISCARD = 3     # the 2-player discard after the first pick (R7)
STAGE_SKETAL = 4      # the die of a Sketal just recruited (R3)
STAGE_RESOLVE = 5     # a player's choice of the next item to resolve at noon (R5/E3)
STAGE_CROMAUG = 6     # the companion Cromaug takes back at noon (E12)
STAGE_NOON_SKETAL = 7  # the die of a Sketal Cromaug took back (E12)
STAGE_LOSE = 8        # a companion or spell lost to a gain of the journey (R6)
STAGE_TOM_BOAT = 9    # solo: which of Tom's boats sails (R9, E17)


@kernel
def resume_round(K, S, rnd, stage, pick, aux, row):
    """Round `rnd` from the decision on: the decision of turn position `pick` at `stage`
    with decision row `row` taken there (``aux``: cfg[PF_AUX]), the rest of the round by the
    bots (no evening)."""
    n = S.g[G_N]
    S.g[G_ROUND] = rnd
    for i in range(n):
        S.work[0].turn[i] = (S.g[G_FIRST] + i) % n
    if stage == STAGE_MOVE:
        afternoon_from(K, S, pick, 1, int(row[2]), int(row[3]), int(row[4]))
        return
    if stage == STAGE_LOSE:
        afternoon_after_lose(K, S, pick, int(row[2]), int(row[3]), aux)
        return
    if stage == STAGE_RESOLVE or stage == STAGE_CROMAUG or stage == STAGE_NOON_SKETAL:
        resume_noon(K, S, stage, pick, aux, int(row[2]))
        afternoon(K, S)
        return
    if stage == STAGE_RECRUIT:
        morning_from(K, S, pick, int(row[2]), int(row[3]))
        solo_morning_end(K, S)
        late_morning(K, S)
    elif stage == STAGE_DISCARD:
        morning_after_recruit(K, S, pick, -1, int(row[2]))
        late_morning(K, S)
    elif stage == STAGE_SKETAL:
        morning_after_recruit(K, S, pick, int(row[2]), aux)
        solo_morning_end(K, S)
        late_morning(K, S)
    elif stage == STAGE_TOM_BOAT:
        tile_after_boat(K, S, aux, int(row[2]))
        morning_from(K, S, pick + 1, -1, -1)
        solo_morning_end(K, S)
        late_morning(K, S)
    else:
        late_morning_from(K, S, pick, 1, int(row[2]), int(row[3]), int(row[4]), int(row[5]),
                          int(row[6]), int(row[7]))
    if S.g[G_DAWN] != 0:
        dawn_noon(K, S)
    else:
        noon(K, S)
    afternoon(K, S)


@kernel
def solo_morning_end(K, S):
    """Solo (R9/E17): Tom's spaces at the morning's end."""
    if S.mt[MT_N] == 1:
        tom_morning(K, S)


@kernel
def resume_noon(K, S, stage, pick, adv_done, a):
    """The noon from a decision within the noon of turn position `pick` on (``adv_done``:
    its adventurer resolved): a RESOLVE of item row `a`, a CROMAUG of companion row `a` (the
    rest of that resolution, E12) or the SKETAL_DIE colour `a` of the Sketal Cromaug took
    back (its die rolled from the next round, then Kaar's black die if it brings it)."""
    if stage == STAGE_RESOLVE:
        noon_from(K, S, pick, adv_done, a)
        return
    p = S.work[0].turn[pick]
    if stage == STAGE_CROMAUG:
        resurrect_row(K, S, p, a)
    else:
        log_decision(S, p, SKETAL_DIE, a, -1, -1, -1, -1, -1)
        k = S.pl[p, P_NCOMP] - 1
        give_sketal_die(S, p, k, a, True)
        if K.item[S.pc[p, PC_ROW, k], IT_BLACK] != 0:
            bring_black_die(K, S, False)
    noon_from(K, S, pick, adv_done, -1)


@kernel
def play_from(K, S, rnd, stage, pick, aux, row):
    """The game from the decision to its end (the rounds as loop.play_round plays them);
    returns the number of winners."""
    resume_round(K, S, rnd, stage, pick, aux, row)
    if S.g[G_ERR] != 0:
        return end_game(K, S)
    if S.mt[MT_N] == 1:     # solo (R9): the tiles or deck B end the game (E14)
        if S.bd[TM_LAST] != 0 or rnd == last_round(S):
            return end_game(K, S)
        solo_evening(K, S)
        if S.bd[TM_LAST] != 0:
            return end_game(K, S)
    elif rnd < last_round(S):   # E10: no evening after the last round
        evening(K, S)
    else:
        return end_game(K, S)
    for r in range(rnd + 1, last_round(S) + 1):
        if not play_round(K, S, r):
            break
    return end_game(K, S)


@kernel
def put_world(S, snap, keys, i):
    """World i's hidden cards and spell tokens (solo: its board too, ``snap.bd[i]``), and its
    dice streams (keys[i] >= 0)."""
    copy_flat(snap.cd[i], S.cd, S.cd.size)
    copy_flat(snap.ps[i], S.ps, S.ps.size)
    if snap.bd.shape[0] > 0:        # solo: Tom's tile deck and its reshuffle (R9)
        copy_flat(snap.bd[i], S.bd, S.bd.size)
    if keys[i] >= 0:
        key = np.uint64(keys[i])
        S.streams[STREAM_TRACK, 0] = nb_stream_key(key, STREAM_TRACK)
        S.streams[STREAM_TRACK, 1] = np.uint64(0)
        for p in range(S.g[G_N]):
            S.streams[STREAM_SEAT_DICE + p, 0] = nb_stream_key(key, STREAM_SEAT_DICE + p)
            S.streams[STREAM_SEAT_DICE + p, 1] = np.uint64(0)


@kernel
def position_range(K, S, R, keys, cfg, res, snap, st, lo, hi):
    """Result rows lo..hi-1 (module docstring) in the work State S from the loaded state
    R[0]; ``st`` says where the call stopped (forks.play's ST_* and codes)."""
    nopt = cfg[PF_NOPT]
    for t in range(lo, hi):
        i = t // nopt
        back_to_round(S, R, 0)
        put_world(S, snap, keys, i)
        nw = play_from(K, S, cfg[PF_ROUND], cfg[PF_STAGE], cfg[PF_PICK], cfg[PF_AUX],
                       snap.dec[0, t % nopt])
        if S.g[G_ERR] != 0:
            st[ST_NEXT] = t
            st[ST_CODE] = KERNEL_ERR
            return
        q = res[t]
        q[RS_NWIN] = nw
        for p in range(MAXP):
            q[RS_FINAL + p] = S.pl[p, P_FINAL] if p < S.g[G_N] else 0
            q[RS_WIN + p] = S.pl[p, P_WIN] if p < S.g[G_N] else 0
    st[ST_NEXT] = hi
    st[ST_CODE] = DONE
