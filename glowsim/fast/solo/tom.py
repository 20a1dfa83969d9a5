"""Tom's tiles and journey (R9, E14, E17) and his final count.

A tile taken with a recruit: band += meeples, then Tom's score += band + bursts; its
journey moves his camp up the village ladder (side 1) or one boat outwards (side 2);
then a new tile replaces it (the first empty deck: the discarded tiles in the setup's
``tile_reshuffle`` order form a new deck and deck A leaves; the second: no tile, this
round is the last).
"""
from __future__ import annotations

from ...content import codes as C
from ...seeding import STREAM_BOT
from ..kernel.streams import nb_uniform_int
from ...spec.botparams import BP_PLAN, BP_RANDOM
from ..jit import inline, kernel
from ...spec.decisions import TOM_BOAT
from ..kernel.journal import log_decision
from ..kernel.ktables import (AE_MAX, AE_MIN, AV_BURSTS, AV_DEG, AV_ED, AV_NB, AV_RING, PV_FCOST,
                              PV_VILLAGE, SET_NARCH, ST_BAND, ST_BURSTS, ST_JOURNEY, ST_LADDER,
                              ST_NLADDER)
from ..kernel.state import G_SIDE, P_FINAL, P_WIN, R_TILE
from .decks import switch_to_b
from .layout import (N_RESHUFFLE, TM_BAND, TM_BOAT, TM_CAMP, TM_CAND, TM_COL, TM_DECK, TM_DISC,
                     TM_DLEN, TM_DPOS, TM_FINAL, TM_FOOT, TM_JOURNEY, TM_LAST, TM_NCAND, TM_NDISC,
                     TM_ONB, TM_ORDER, TM_RESH, TM_SCORE, TM_TRACK_END, TM_UP, TO_BAND, TO_COL1,
                     TO_COL2, TO_FOOT, TO_JOURNEY, TO_SCORE, TO_TRACK)


# ---- side 1: the village ladder ----

@inline
def village_of(K, s):
    """Bursts of village s (0 for a space that is no village)."""
    v = K.prov[s, PV_VILLAGE]
    return v if v > 0 else 0


@inline
def tom_climb(K, S):
    """R9 side 1: Tom's camp jumps to the next higher village of the ladder."""
    here = village_of(K, S.bd[TM_CAMP])
    for i in range(K.setup[ST_NLADDER]):
        s = K.setup[ST_LADDER + i]
        if K.prov[s, PV_VILLAGE] > here:
            S.bd[TM_CAMP] = s
            return


# ---- side 2: boats outwards ----

@inline
def tom_boat_on(S, w):
    """Whether one of Tom's boats lies on island w."""
    for b in range(4):
        if S.bd[TM_BOAT + b] == w:
            return True
    return False


@inline
def outward(K, S, v, w):
    """E17: a boat on v may move to w: a ring further out, never ring -1 nor onto his own boat."""
    rw = K.arch[w, AV_RING]
    return rw > K.arch[v, AV_RING] and rw >= 0 and not tom_boat_on(S, w)


@inline
def can_sail(K, S, v):
    """Whether a boat on island v has an outward move (R9)."""
    for a in range(K.arch[v, AV_DEG]):
        if outward(K, S, v, K.arch[v, AV_NB + a]):
            return True
    return False


@kernel
def tom_move_gain(K, S, v, journey):
    """Island bursts Tom gains by moving the boat on v by the tile's rule (E17)."""
    w = sail_target(K, S, v, journey)
    return K.arch[w, AV_BURSTS] - K.arch[v, AV_BURSTS]


@kernel
def sail_target(K, S, v, journey):
    """E17: `min` takes the outward edge of lowest min, `max` of highest max; ties to the
    lower island."""
    best = -1
    bk = 1 << 62
    for a in range(K.arch[v, AV_DEG]):
        w = K.arch[v, AV_NB + a]
        if not outward(K, S, v, w):
            continue
        e = K.arch[v, AV_ED + a]
        if journey == C.JOURNEY_MIN:
            key = K.aedge[e, AE_MIN] * 4096 + w
        else:
            key = -K.aedge[e, AE_MAX] * 4096 + w
        if key < bk:
            bk = key
            best = w
    return best


@inline
def choose_tom_boat(K, S, journey):
    """TOM_BOAT among the islands TM_CAND (ascending): `random` uniform (the bot stream),
    `greedy` the first (the engine's GreedyBot answers legal[0]), `heuristic` the move that
    gives Tom the fewest island bursts (ties to the lower island)."""
    n = S.bd[TM_NCAND]
    if S.bp[0, BP_RANDOM] > 0.5:
        return S.bd[TM_CAND + nb_uniform_int(S.streams, STREAM_BOT + 0, n)]
    if S.bp[0, BP_PLAN] <= 0.5:
        return S.bd[TM_CAND]
    best = S.bd[TM_CAND]
    bg = 1 << 62
    for i in range(n):
        v = S.bd[TM_CAND + i]
        g = tom_move_gain(K, S, v, journey)
        if g < bg:
            bg = g
            best = v
    return best


@kernel
def tom_candidates(K, S):
    """E17: the islands (ascending) of Tom's movable boats closest to the centre, into
    TM_CAND; returns their number."""
    ring = 1 << 30
    n = 0
    for v in range(K.setup[SET_NARCH]):
        if not tom_boat_on(S, v) or not can_sail(K, S, v):
            continue
        r = K.arch[v, AV_RING]
        if r < ring:
            ring = r
            n = 0
        if r == ring:
            S.bd[TM_CAND + n] = v
            n += 1
    S.bd[TM_NCAND] = n
    return n


@kernel
def tom_sail(K, S, journey):
    """R9 side 2: the movable boat closest to the centre (several islands at that ring:
    TOM_BOAT decision) moves one edge outwards."""
    n = tom_candidates(K, S)
    if n == 0:
        return
    v = S.bd[TM_CAND]
    if n > 1:
        v = choose_tom_boat(K, S, journey)
        log_decision(S, 0, TOM_BOAT, v, -1, -1, -1, -1, -1)
    sail_boat(K, S, v, journey)


@kernel
def sail_boat(K, S, v, journey):
    """Tom's boat on island v moves outwards by the tile's rule (E17)."""
    w = sail_target(K, S, v, journey)
    for b in range(4):
        if S.bd[TM_BOAT + b] == v:
            S.bd[TM_BOAT + b] = w
            break


@kernel
def tile_cost(K, S, s, future):
    """What Tom gains from the tile opposite space s (R9), for the bots' draft: band and
    bursts now, the band's increase again at each of the `future` later takes, and his
    journey step (the next village, or the smallest boat gain among his choices)."""
    ti = S.bd[TM_UP + s]
    if ti < 0:
        return 0.0
    b = K.setup[ST_BAND + ti]
    v = float(S.bd[TM_BAND] + b + K.setup[ST_BURSTS + ti]) + float(b) * future
    j = K.setup[ST_JOURNEY + ti]
    if j == C.JOURNEY_NONE:
        return v
    if S.g[G_SIDE] == C.PROVINCE:
        here = village_of(K, S.bd[TM_CAMP])
        for i in range(K.setup[ST_NLADDER]):
            w = K.prov[K.setup[ST_LADDER + i], PV_VILLAGE]
            if w > here:
                return v + float(w - here)
        return v
    n = tom_candidates(K, S)
    g = 1 << 30
    for i in range(n):
        x = tom_move_gain(K, S, S.bd[TM_CAND + i], j)
        if x < g:
            g = x
    return v + float(g) if n > 0 else v


# ---- the tile ----

@kernel
def apply_tile(K, S, space):
    """R9/E14: Tom's tile opposite `space` (taken with the recruit), then its replacement."""
    ti = S.bd[TM_UP + space]
    S.bd[TM_BAND] += K.setup[ST_BAND + ti]
    S.bd[TM_SCORE] += S.bd[TM_BAND] + K.setup[ST_BURSTS + ti]
    j = K.setup[ST_JOURNEY + ti]
    if j != C.JOURNEY_NONE:
        if S.g[G_SIDE] == C.PROVINCE:
            tom_climb(K, S)
        else:
            tom_sail(K, S, j)
    replace_tile(S, space, ti)


@kernel
def replace_tile(S, space, ti):
    """R9/E14: the tile `ti` taken opposite `space` discarded and replaced from the tile deck
    (the first empty deck: the discards in the reshuffle order, deck A leaves; the second: no
    tile, this round is the last)."""
    S.bd[TM_DISC + S.bd[TM_NDISC]] = ti
    S.bd[TM_NDISC] += 1
    if S.bd[TM_DPOS] >= S.bd[TM_DLEN]:
        if S.bd[TM_RESH] == 0:
            for i in range(N_RESHUFFLE):
                S.bd[TM_DECK + i] = S.bd[TM_DISC + S.bd[TM_ORDER + i]]
            S.bd[TM_DPOS] = 0
            S.bd[TM_DLEN] = N_RESHUFFLE
            S.bd[TM_NDISC] = 0
            S.bd[TM_RESH] = 1
            if S.bd[TM_ONB] == 0:
                switch_to_b(S)
        else:
            S.bd[TM_RESH] = 2
            S.bd[TM_LAST] = 1
            S.bd[TM_UP + space] = -1
            return
    S.bd[TM_UP + space] = S.bd[TM_DECK + S.bd[TM_DPOS]]
    S.bd[TM_DPOS] += 1


@inline
def take_tile(K, S, rec, space):
    """R9: the recruit from `space` takes Tom's tile opposite it (its recruits row notes the
    tile), which is applied and replaced."""
    if rec >= 0:
        S.rc[rec, R_TILE] = S.bd[TM_UP + space]
    apply_tile(K, S, space)


@inline
def last_round_estimate(S):
    """The round the tiles will end the game in (E14), for the bots' planning horizon: each
    round draws a tile; the first empty deck is refilled with 4."""
    if S.bd[TM_LAST] != 0:
        return 0
    left = S.bd[TM_DLEN] - S.bd[TM_DPOS]
    if S.bd[TM_RESH] == 0:
        left += N_RESHUFFLE
    return left


# ---- the end ----

@inline
def tom_final(K, S):
    """R9 end: side 1, Tom spends footprints climbing the ladder (each village's footprint
    cost); he scores his village or islands plus 1 per footprint.  The player wins only
    with strictly more (P_WIN)."""
    if S.g[G_SIDE] == C.PROVINCE:
        here = village_of(K, S.bd[TM_CAMP])
        for i in range(K.setup[ST_NLADDER]):
            s = K.setup[ST_LADDER + i]
            v = K.prov[s, PV_VILLAGE]
            if v <= here:
                continue
            cost = K.prov[s, PV_FCOST]
            if S.bd[TM_FOOT] < cost:
                break
            S.bd[TM_FOOT] -= cost
            S.bd[TM_CAMP] = s
            here = v
        journey = village_of(K, S.bd[TM_CAMP])
    else:
        journey = 0
        for b in range(4):
            journey += K.arch[S.bd[TM_BOAT + b], AV_BURSTS]
    S.bd[TM_TRACK_END] = S.bd[TM_SCORE]
    S.bd[TM_JOURNEY] = journey
    S.bd[TM_FINAL] = S.bd[TM_SCORE] + journey + S.bd[TM_FOOT]
    S.pl[0, P_WIN] = 1 if S.pl[0, P_FINAL] > S.bd[TM_FINAL] else 0


@inline
def store_tom(S, to):
    """Tom's count into a result row (TO_* fields); returns his final score."""
    to[TO_SCORE] = S.bd[TM_FINAL]
    to[TO_TRACK] = S.bd[TM_TRACK_END]
    to[TO_JOURNEY] = S.bd[TM_JOURNEY]
    to[TO_FOOT] = S.bd[TM_FOOT]
    to[TO_BAND] = S.bd[TM_BAND]
    to[TO_COL1] = S.bd[TM_COL]
    to[TO_COL2] = S.bd[TM_COL + 1]
    return S.bd[TM_FINAL]


@kernel
def tile_after_boat(K, S, space, v):
    """The rest of Tom's tile opposite `space` from his TOM_BOAT decision on: the boat on
    island v sails (E17), then the tile is replaced."""
    log_decision(S, 0, TOM_BOAT, v, -1, -1, -1, -1, -1)
    ti = S.bd[TM_UP + space]
    sail_boat(K, S, v, K.setup[ST_JOURNEY + ti])
    replace_tile(S, space, ti)
