"""The `heuristic` preset: a planning bot, cheap enough for millions of games.

- Draft (RECRUIT): each companion on offer is worth its keep value (printed bursts and
  fireflies, its triggers over the rounds left for this player's dice pool, Sketal die,
  Lumipili reroll) plus this round's expected noon value with the space's small dice
  (Poisson model, bots/values.py), the footprints lying there, minus the black die's
  curse risk (a Kaar holder moves the black die away instead); solo (R9): minus what Tom
  gains from the tile taken with it (solo/tom.py tile_cost).
- Late morning (REROLL): the value V of a dice outcome is the noon value of every item
  (trigger count x value per trigger, discard and spell caps), sixth faces, and a journey
  value (route progress on the Province, the best boat move for k elements on the
  Archipelago).  It compares stopping with the expected gain of rerolling the best die,
  the best pair, or setting the best face with 3 rerolls, each against the cost of the
  cheapest rerolls (free Lumipili, a token's value, the score points of track steps).
- Noon (RESOLVE): items that keep dice first; cards that discard themselves or the
  companion under S3 later; `absent` triggers last (losing a die can only switch them on).
- Afternoon: a search of the board (bots/journeys.py).
"""
from __future__ import annotations

import numpy as np

from ...content import codes as C
from ..kernel.bits import bit_index
from ..jit import inline, kernel
from ..kernel.ktables import (IT_AMT, IT_BURSTS, IT_DEP1, IT_DEPM, IT_FIRE, IT_FLAGS, IT_KIND,
                              IT_ADVCOL, IT_ADVDICE, IT_REROLL, IT_SKETAL, IT_TKIND, IT_TSAME,
                              PV_FORBID, PV_NEED, SET_NA, SET_NC, SET_ROUNDS)
from ..kernel.legal import black_space, has_kaar, track_steps
from ...spec.decisions import OP_REROLL, OP_SET, OP_STOP, SRC_LUMIPILI, SRC_TOKEN, SRC_TRACK
from ..kernel.state import (BD_RES, BD_TRC, BD_TRFP, DF_GONE, G_N, G_NSD, G_ROUND, G_SIDE, NSPACE,
                            P_ADV, P_FOOT, P_LUMI, P_NCOMP, P_ND, P_NSPELL, P_SCORE, P_TOK, PC_ROW,
                            PD_COL, PD_FACE, PD_FL, PD_SK, PS_FROM, PS_ROW, SD_COL, SD_LOC, MAXC,
                            record)
from ..solo.tom import tile_cost
from ..kernel.triggers import trigger_count
from . import journeys as J
from ...spec.botparams import (BP_BLACK_PENALTY, BP_REROLL_MARGIN, BP_TRACK_FLOOR, BP_TRACK_MARGIN,
                     BP_W_FOOT, BP_W_FUTURE, BP_W_PAIR, BP_W_SMALL)
from .values import (add_die_lam, amount_value, best_cemetery, die_value, die_value_base,
                     expected_count, discard_keep, firefly_value, fixed_pool, is_capped,
                     keep_value, printed_value, reroll_keep, round_amount, round_value,
                     rounds_after, small_pool, trigger_base)

NVW = 3                    # per item in nv: a trigger's value (for a discard_self companion
NV_TRIGGER = 0             # also its worth when it fires), then for a discard_self companion its
NV_PRINTED = 1             # printed worth (values.printed_value) and reroll term (values.reroll_keep)
NV_REROLL = 2

# the reroll planner's and the draft's work scratch (S.heuristic[0]; memo flags are valid
# while equal to gen, so kept between decisions)
HEURISTIC = record([
    ("h", np.int64, 8),       # raw symbol counts of the dice other than the black die
    ("h2", np.int64, 8),      # scratch counts (full evaluation)
    ("hh", np.int64, 8),      # effective counts (curse applied), changed in place by deltas
    ("cnt", np.int64, 64),    # capped trigger count of each table item on hh
    ("raw", np.int64, 64),    # trigger count of each table item on hh, uncapped
    ("gen", np.int64),        # the reroll decision's number: a memo flag equal to it is set
    ("dok", np.int64, 81),    # memo flags of single-die deltas, key (so + 1) * 9 + sn + 1
    ("d", np.float64, 81),    # ... the memoised deltas
    ("eok", np.int64, 81),    # memo flags of a die's face loop, key colour * 9 + so + 1
    ("ef", np.int64, 81),     # ... its best face (the first with the largest change)
    ("ev", np.float64, 81),   # ... its summed change over the faces
    ("ex", np.float64, 81),   # ... and its largest change
    ("j0", np.float64),       # journey value of the current effective counts
    ("leave", np.float64, 8),  # per symbol s, value change of the one-symbol items of s
                              # (IT_DEP1 == s) when one die leaves s, summed in table order
    ("join", np.float64, 8),  # ... when one die joins s
    ("have", np.int64),       # Province: hh's element counts packed for the route (J.route_counts)
    ("show", np.int64),       # ... and the elements it shows
    ("tsc", np.float64, 3),   # the next three track rerolls' costs
    ("sdon", np.int64, NSPACE + 1),  # the draft: per space, a bit mask of the small dice there
    ("ncap", np.int64, 1 + MAXC),    # the draft: how each of p's items counts (noon_prep)
    ("nv", np.float64, (1 + MAXC, NVW)),  # the draft: p's items' values (noon_prep)
])

# ncap: an item's trigger counted at most once (1) or not (0); a discard_self companion
# valued from its parts (NC_DISCARD) or, with a power that reads the pool (resurrect,
# discard_last_companion), by trigger_value (NC_GENERAL)
NC_DISCARD = 2
NC_GENERAL = 3

# resolve: the order in which a player's noon items are resolved, first to last: plain
# items, a card that leaves play with a die it holds (worth bursts and footprints >= 0),
# the card that discards the last companion (S3), such a card worth less, `absent` triggers
RES_PLAIN, RES_LEAVES_GOOD, RES_DISCARD_LAST, RES_LEAVES_BAD, RES_ABSENT = range(5)


@kernel
def new_game(K, S):
    """Hook at the start of a game (the heuristic bot keeps nothing between games)."""
    pass


@kernel
def adventurer(K, S, p):
    """E19 draft: the free adventurer with the most printed bursts plus eight rounds of its
    own trigger on its own dice and an average round's small dice."""
    nc = K.setup[SET_NC]
    lam = S.bot[p].lamt
    ls = S.bot[p].lams
    small_pool(K, S, ls)
    best = -1
    bv = -1e300
    for a in range(K.setup[SET_NA]):
        if S.work[0].used[a] != 0:
            continue
        row = nc + a
        for s in range(C.N_SYMBOLS):
            lam[s] = ls[s]
        add_die_lam(K, lam, K.item[row, IT_ADVCOL], float(K.item[row, IT_ADVDICE]))
        v = K.item[row, IT_BURSTS] + K.setup[SET_ROUNDS] * (
            round_value(K, S, p, row, lam, 1.0) + 3.0 * lam[C.BURST] + 2.0 * lam[C.FOOTPRINT])
        if v > bv:
            bv = v
            best = row
    return best


@kernel
def new_round(K, S):
    """Hook at the start of a round (the reroll table is prepared on the round's first
    REROLL decision, prep_round)."""
    pass


# ---- valuations ----

@kernel
def future_pool(K, S, p, lam):
    """Expected symbol counts of p's pool in a later round (fixed dice + average small dice)."""
    fixed_pool(K, S, p, lam)
    ls = S.bot[p].lams
    small_pool(K, S, ls)
    for s in range(C.N_SYMBOLS):
        lam[s] += ls[s]


@inline
def future_from_fixed(K, S, p, lam, fixed):
    """future_pool with p's fixed pool already in `fixed` (the same additions)."""
    ls = S.bot[p].lams
    small_pool(K, S, ls)
    for s in range(C.N_SYMBOLS):
        lam[s] = fixed[s]
        lam[s] += ls[s]


@kernel
def trigger_value(K, S, p, row, lam, ffv, future):
    """Value of one trigger of item row for p now (the card's own loss for discard cards)."""
    it = K.item[row]
    v = trigger_base(K, S, p, row, ffv)
    f = it[IT_FLAGS]
    if (f & C.FLAG_RESURRECT) != 0:
        _, bv = best_cemetery(K, S, p, row, lam, ffv, future)
        v += bv if bv > 0.0 else 0.0
    if (f & C.FLAG_DISCARD_LAST) != 0:
        nc = S.pl[p, P_NCOMP]
        if nc > 0:
            v -= keep_value(K, S, p, S.pc[p, PC_ROW, nc - 1], lam, ffv, future)
    if (f & C.FLAG_DISCARD_SELF) != 0 and it[IT_KIND] == C.KIND_COMPANION:
        v -= keep_value(K, S, p, row, lam, ffv, future)
    return v


@kernel
def prep_round(K, S, p):
    """This round's table for reroll planning: items with their value per trigger and cap,
    sixth-face values, the journey proxy."""
    bot = S.bot[p]
    ffv = firefly_value(K, S, p, 0)
    bot.ffv = ffv
    lam = bot.lamf
    future_pool(K, S, p, lam)
    future = rounds_after(S)
    n = 0
    adv = S.pl[p, P_ADV]
    if K.item[adv, IT_TKIND] != C.TRIG_NONE:
        bot.itrow[n] = adv
        bot.itv[n] = trigger_value(K, S, p, adv, lam, ffv, future)
        bot.itcap[n] = 1 if is_capped(K, adv) else 99
        n += 1
    for k in range(S.pl[p, P_NCOMP]):
        r = S.pc[p, PC_ROW, k]
        if K.item[r, IT_TKIND] == C.TRIG_NONE or n >= 60:
            continue
        bot.itrow[n] = r
        bot.itv[n] = trigger_value(K, S, p, r, lam, ffv, future)
        bot.itcap[n] = 1 if is_capped(K, r) else 99
        n += 1
    rnd = S.g[G_ROUND]
    for i in range(S.pl[p, P_NSPELL]):
        if S.ps[p, PS_FROM, i] <= rnd and n < 62:
            r = S.ps[p, PS_ROW, i]
            bot.itrow[n] = r
            bot.itv[n] = trigger_value(K, S, p, r, lam, ffv, future)
            bot.itcap[n] = 1
            n += 1
    bot.nit = n
    for s in range(C.N_SYMBOLS):
        bot.dep[s] = 0
        bot.depx[s] = 0
    samem = 0
    for t in range(n):
        r = bot.itrow[t]
        if K.item[r, IT_TKIND] == C.TRIG_SAME:
            samem |= 1 << t
        m = K.item[r, IT_DEPM]   # the symbols its count reads (ktables)
        for s in range(C.N_SYMBOLS):
            if (m >> s) & 1:
                bot.dep[s] |= 1 << t
                if K.item[r, IT_DEP1] < 0:
                    bot.depx[s] |= 1 << t
    bot.samem = samem
    fpv = J.fp_value(S, p)
    for s in range(C.N_SYMBOLS):
        bot.face[s] = 0.0
    bot.face[C.BURST] = 3.0
    bot.face[C.FOOTPRINT] = 2.0 * fpv
    rel = 1 << C.FOOTPRINT
    if S.g[G_SIDE] == C.PROVINCE:
        nr = J.province_route(K, S, p)
        J.route_values(K, S, p, bot.routev)
        for i in range(nr):
            x = bot.route[i]
            if K.prov[x, PV_NEED] >= 0:
                rel |= 1 << K.prov[x, PV_NEED]
            if K.prov[x, PV_FORBID] >= 0:
                rel |= 1 << K.prov[x, PV_FORBID]
    else:
        J.archi_values(K, S, p)
        rel = (1 << C.N_ELEMENTS) - 1
    bot.relmask = rel
    jb = -1
    for j in range(S.pl[p, P_ND]):
        if S.pd[p, PD_COL, j] == C.BLACK:
            jb = j
    bot.blackj = jb
    bot.prep = rnd


@kernel
def outcome_value(K, S, p, h, bsym, fpv):
    """V of a dice outcome: h = symbol counts of the dice other than the black die,
    bsym = the black die's symbol (-1 without it)."""
    bot = S.bot[p]
    hh = S.heuristic[0].h2
    for s in range(C.N_SYMBOLS):
        hh[s] = h[s]
    v = 0.0
    if bsym >= 0:
        if bsym == C.CURSE:
            v -= 2.0
        else:
            hh[bsym] = 0
    v += bot.face[C.BURST] * hh[C.BURST] + bot.face[C.FOOTPRINT] * hh[C.FOOTPRINT]
    for t in range(bot.nit):
        c = trigger_count(K, bot.itrow[t], hh)
        if c > 0:
            cap = bot.itcap[t]
            v += bot.itv[t] * (c if c < cap else cap)
    if S.g[G_SIDE] == C.PROVINCE:
        v += J.route_walk(K, S, p, hh, S.pl[p, P_FOOT] + 2 * hh[C.FOOTPRINT],
                          bot.routev, fpv)
    else:
        k = 0
        for e in range(C.N_ELEMENTS):
            if hh[e] > 0:
                k += 1
        v += bot.arch[k]
    return v


@inline
def archi_journey(S, p):
    """The Archipelago's journey part of V on the effective counts hh: the best boat move
    for the number k of elements shown."""
    k = 0
    for e in range(C.N_ELEMENTS):
        if S.heuristic[0].hh[e] > 0:
            k += 1
    return S.bot[p].arch[k]


@inline
def journey_now(K, S, p, fpv):
    """Journey part of V on the effective counts hh."""
    if S.g[G_SIDE] == C.PROVINCE:
        return J.route_walk(K, S, p, S.heuristic[0].hh,
                            S.pl[p, P_FOOT] + 2 * S.heuristic[0].hh[C.FOOTPRINT],
                            S.bot[p].routev, fpv)
    return archi_journey(S, p)


@inline
def journey_moved(K, S, p, so, sn, fpv):
    """journey_now after one die moved from effective symbol so to sn (-1: none; hh
    already changed): on the Province the route's packed counts of the decision's start
    (have, show) changed by that die, rather than packed again from hh (the same
    words: a count never nears route_counts' cap of 255)."""
    if S.g[G_SIDE] != C.PROVINCE:
        return archi_journey(S, p)
    have = S.heuristic[0].have
    show = S.heuristic[0].show
    if 0 <= so < C.N_ELEMENTS:
        have -= 1 << (8 * (so + 1))
        if S.heuristic[0].hh[so] == 0:
            show &= ~(1 << (so + 1))
    if 0 <= sn < C.N_ELEMENTS:
        have += 1 << (8 * (sn + 1))
        show |= 1 << (sn + 1)
    return J.route_scan(S.bot[p], have, show, S.pl[p, P_FOOT] + 2 * S.heuristic[0].hh[C.FOOTPRINT],
                        S.bot[p].routev, fpv)


@inline
def table_count(K, S, p, t, counts):
    """Trigger count of reroll-table item t on counts, capped (itcap)."""
    c = trigger_count(K, S.bot[p].itrow[t], counts)
    cap = S.bot[p].itcap[t]
    return c if c < cap else cap


@inline
def item_change(K, S, p, t):
    """Value change of reroll-table item t between its cached count and hh."""
    return S.bot[p].itv[t] * (table_count(K, S, p, t, S.heuristic[0].hh) - S.heuristic[0].cnt[t])


@inline
def items_delta(K, S, p, mask):
    """Value change of the items in mask between their cached counts and hh."""
    d = 0.0
    while mask != 0:   # the items in table order, lowest bit first
        d += item_change(K, S, p, bit_index(mask))
        mask &= mask - 1
    return d


@inline
def same_moved(K, S, p, t, so, sn):
    """table_count of reroll-table item t, a `same: n` trigger, on hh after one die moved
    from symbol so to sn (so != sn; -1: none): its count at the decision's start (raw) with
    the two symbols' quotients c // n changed, the same whole number as the sum over every
    symbol (R5: the curse never counts)."""
    q = K.quot[K.item[S.bot[p].itrow[t], IT_TSAME]]
    raw = S.heuristic[0].raw[t]
    if 0 <= so < C.CURSE:   # hh holds the count after: one fewer
        c = S.heuristic[0].hh[so]
        raw += q[c] - q[c + 1]
    if 0 <= sn < C.CURSE:   # one more
        c = S.heuristic[0].hh[sn]
        raw += q[c] - q[c - 1]
    cap = S.bot[p].itcap[t]
    return raw if raw < cap else cap


@inline
def items_delta_moved(K, S, p, mask, so, sn):
    """items_delta when one die moved from so to sn (hh changed): the same terms in the
    same order, a `same` item's count found from its count at the decision's start."""
    d = 0.0
    samem = S.bot[p].samem
    while mask != 0:   # the items in table order, lowest bit first
        t = bit_index(mask)
        if (samem >> t) & 1:
            d += S.bot[p].itv[t] * (same_moved(K, S, p, t, so, sn) - S.heuristic[0].cnt[t])
        else:
            d += item_change(K, S, p, t)
        mask &= mask - 1
    return d


@inline
def face_delta(S, p, s, sign):
    """Sixth-face value change of a die leaving (sign -1.0) or joining (1.0) symbol s >= 0:
    read from face, 0.0 for a symbol other than burst and footprint (prep_round), rather
    than a branch on the symbol (data)."""
    return sign * S.bot[p].face[s]


@kernel
def change_delta(K, S, p, so1, sn1, so2, sn2, fpv):
    """V change when effective symbols so1 -> sn1 and so2 -> sn2 (-1: no symbol)."""
    hh = S.heuristic[0].hh
    mask = 0
    rel = S.bot[p].relmask
    touch = False
    d = 0.0
    if so1 >= 0:
        hh[so1] -= 1
        mask |= S.bot[p].dep[so1]
        d += face_delta(S, p, so1, -1.0)
        touch = touch or ((rel >> so1) & 1) != 0
    if sn1 >= 0:
        hh[sn1] += 1
        mask |= S.bot[p].dep[sn1]
        d += face_delta(S, p, sn1, 1.0)
        touch = touch or ((rel >> sn1) & 1) != 0
    if so2 >= 0:
        hh[so2] -= 1
        mask |= S.bot[p].dep[so2]
        d += face_delta(S, p, so2, -1.0)
        touch = touch or ((rel >> so2) & 1) != 0
    if sn2 >= 0:
        hh[sn2] += 1
        mask |= S.bot[p].dep[sn2]
        d += face_delta(S, p, sn2, 1.0)
        touch = touch or ((rel >> sn2) & 1) != 0
    d += items_delta(K, S, p, mask)
    if touch:
        d += journey_now(K, S, p, fpv) - S.heuristic[0].j0
    if so1 >= 0:
        hh[so1] += 1
    if sn1 >= 0:
        hh[sn1] -= 1
    if so2 >= 0:
        hh[so2] += 1
    if sn2 >= 0:
        hh[sn2] -= 1
    return d


@kernel
def single_change_delta(K, S, p, so, sn, fpv):
    """change_delta(so, sn, -1, -1) (so != sn) with the items summed in another order: the
    one-symbol items of so, then those of sn (their per-symbol sums leave, join, set by
    reroll for this decision's counts), then the other items in table order (depx)."""
    hh = S.heuristic[0].hh
    mask = 0
    rel = S.bot[p].relmask
    touch = False
    d = 0.0
    di = 0.0
    if so >= 0:
        hh[so] -= 1
        mask |= S.bot[p].depx[so]
        d += face_delta(S, p, so, -1.0)
        touch = touch or ((rel >> so) & 1) != 0
        di += S.heuristic[0].leave[so]
    if sn >= 0:
        hh[sn] += 1
        mask |= S.bot[p].depx[sn]
        d += face_delta(S, p, sn, 1.0)
        touch = touch or ((rel >> sn) & 1) != 0
        di += S.heuristic[0].join[sn]
    di += items_delta_moved(K, S, p, mask, so, sn)
    d += di
    if touch:
        d += journey_moved(K, S, p, so, sn, fpv) - S.heuristic[0].j0
    if so >= 0:
        hh[so] += 1
    if sn >= 0:
        hh[sn] -= 1
    return d


@inline
def single_delta(K, S, p, so, sn, fpv):
    """Memoised V change of one die (not the black one) going from effective symbol so to
    sn (-1: none; the cursed element already mapped to -1).  so == sn is no change: reroll
    stores 0.0 for those keys at the decision's start, so one test serves both (which faces
    keep the symbol is data a branch of its own mispredicted)."""
    key = (so + 1) * 9 + sn + 1
    if S.heuristic[0].dok[key] == S.heuristic[0].gen:
        return S.heuristic[0].d[key]
    d = single_change_delta(K, S, p, so, sn, fpv)
    S.heuristic[0].dok[key] = S.heuristic[0].gen
    S.heuristic[0].d[key] = d
    return d


@kernel
def pair_ev(K, S, p, h, bsym, cursed, j1, j2, jb, v0full, fpv):
    """Expected V change when rerolling dice j1 and j2 together."""
    c1 = S.pd[p, PD_COL, j1]
    c2 = S.pd[p, PD_COL, j2]
    s1 = K.dsym[c1, S.pd[p, PD_FACE, j1]]
    s2 = K.dsym[c2, S.pd[p, PD_FACE, j2]]
    tot = 0.0
    if j1 == jb or j2 == jb:
        # the black die changes the curse itself: full evaluations
        jo = j2 if j1 == jb else j1
        co = S.pd[p, PD_COL, jo]
        so = K.dsym[co, S.pd[p, PD_FACE, jo]]
        h[so] -= 1
        for fb in range(6):
            b = K.dsym[C.BLACK, fb]
            for fo in range(6):
                n = K.dsym[co, fo]
                h[n] += 1
                tot += outcome_value(K, S, p, h, b, fpv)
                h[n] -= 1
        h[so] += 1
        return tot / 36.0 - v0full
    o1 = -1 if s1 == cursed else s1
    o2 = -1 if s2 == cursed else s2
    for f1 in range(6):
        n1 = K.dsym[c1, f1]
        if n1 == cursed:
            n1 = -1
        for f2 in range(6):
            n2 = K.dsym[c2, f2]
            if n2 == cursed:
                n2 = -1
            if n1 == o1 and n2 == o2:
                continue
            tot += change_delta(K, S, p, o1, n1, o2, n2, fpv)
    return tot / 36.0


@inline
def new_decision(S):
    """A new reroll decision: every memo flag of the last one is made stale (the decision's
    number goes up), but a die keeping its symbol changes nothing (single_delta's keys with
    so == sn hold 0.0, set for this decision)."""
    S.heuristic[0].gen += 1
    for s in range(9):
        S.heuristic[0].dok[10 * s] = S.heuristic[0].gen
        S.heuristic[0].d[10 * s] = 0.0


@inline
def dice_counts(K, S, p, jb):
    """Symbol counts of p's dice still in play but the black die (index jb, -1: none) into
    S.heuristic[0].h; returns the black die's symbol (-1 without it)."""
    d = S.pd[p]
    h = S.heuristic[0].h
    for s in range(C.N_SYMBOLS):
        h[s] = 0
    bsym = -1
    for j in range(S.pl[p, P_ND]):
        if (d[PD_FL, j] & DF_GONE) != 0:
            continue
        s = K.dsym[d[PD_COL, j], d[PD_FACE, j]]
        if j == jb:
            bsym = s
        else:
            h[s] += 1
    return bsym


@inline
def track_rerolls(K, S, p):
    """Track steps p may spend on rerolls: every step it can take (legal.track_steps), or with
    a score floor > 0 (BP_TRACK_FLOOR) those that keep its score at or above the floor."""
    steps = track_steps(K, S, p)
    floor = S.bp[p, BP_TRACK_FLOOR]
    if floor <= 0.0:   # every space of the chain is >= 0
        return steps
    ok_steps = 0
    sc = S.pl[p, P_SCORE]
    for i in range(steps):
        sc = K.below[sc]
        if sc < floor:
            break
        ok_steps += 1
    return ok_steps


@inline
def first_reroll(K, S, p, lumi, tok, ok_steps):
    """The cost of each of the next three track rerolls (its score points + BP_TRACK_MARGIN,
    the chain of K.below walked once) into S.heuristic[0].tsc; returns the source of a single
    reroll and its cost: Lumipili while p has one (BP_REROLL_MARGIN), else the cheaper of a
    token (its value) and a track step."""
    tsc = S.heuristic[0].tsc
    tm = S.bp[p, BP_TRACK_MARGIN]
    sc = S.pl[p, P_SCORE]
    for i in range(min(3, ok_steps)):
        tsc[i] = (sc - K.below[sc]) + tm
        sc = K.below[sc]
    if lumi > 0:
        return SRC_LUMIPILI, S.bp[p, BP_REROLL_MARGIN]
    src = -1
    c1 = 1e300
    if tok > 0:
        src = SRC_TOKEN
        c1 = J.token_value(S, p)
    if ok_steps > 0:
        ctr = tsc[0]
        if ctr < c1:
            src = SRC_TRACK
            c1 = ctr
    return src, c1


@inline
def start_counts(K, S, p, h, cursed, fpv):
    """What every change of this decision is measured from: the effective counts (h with the
    cursed element's dice left out) into S.heuristic[0].hh; each table item's count on them
    (raw and capped); per symbol, the summed value change of the one-symbol items when one
    die leaves or joins it (leave, join); the journey value (j0), with the route's packed
    counts (have, show) on the Province."""
    hhv = S.heuristic[0].hh
    for s in range(C.N_SYMBOLS):
        hhv[s] = h[s]
    if cursed >= 0:
        hhv[cursed] = 0
    for s in range(C.N_SYMBOLS):
        S.heuristic[0].leave[s] = 0.0
        S.heuristic[0].join[s] = 0.0
    for t in range(S.bot[p].nit):
        raw = trigger_count(K, S.bot[p].itrow[t], hhv)
        cap = S.bot[p].itcap[t]
        c0 = raw if raw < cap else cap   # table_count
        S.heuristic[0].raw[t] = raw
        S.heuristic[0].cnt[t] = c0
        # a one-symbol item: its value change when one die leaves / joins its symbol (the
        # terms of items_delta), summed per symbol in table order
        s1 = K.item[S.bot[p].itrow[t], IT_DEP1]
        if s1 >= 0:
            itv = S.bot[p].itv[t]
            if hhv[s1] > 0:   # read only when a die leaves s1, so one shows it (no count -1)
                hhv[s1] -= 1
                S.heuristic[0].leave[s1] += itv * (table_count(K, S, p, t, hhv) - c0)
                hhv[s1] += 1
            hhv[s1] += 1
            S.heuristic[0].join[s1] += itv * (table_count(K, S, p, t, hhv) - c0)
            hhv[s1] -= 1
    if S.g[G_SIDE] == C.PROVINCE:   # journey_now, the counts packed once (journey_moved reads them)
        have, show = J.route_counts(hhv)
        S.heuristic[0].have = have
        S.heuristic[0].show = show
        S.heuristic[0].j0 = J.route_scan(S.bot[p], have, show, S.pl[p, P_FOOT] + 2 * hhv[C.FOOTPRINT],
                                   S.bot[p].routev, fpv)
    else:
        S.heuristic[0].j0 = archi_journey(S, p)


@inline
def face_loop(K, S, p, col, so, cursed, fpv):
    """A die of colour col showing effective symbol so (not the black die): its V change
    summed over its six faces, its largest change and the first face reaching it, memoised
    per (colour, symbol) for this decision (the dice that share them)."""
    key = col * 9 + so + 1
    if S.heuristic[0].eok[key] != S.heuristic[0].gen:
        ev = 0.0
        xm = -1e300
        fm = -1
        for f in range(6):
            sn = K.dsym[col, f]
            if sn == cursed:
                sn = -1
            x = single_delta(K, S, p, so, sn, fpv)
            ev += x
            if x > xm:
                xm = x
                fm = f
        S.heuristic[0].eok[key] = S.heuristic[0].gen
        S.heuristic[0].ef[key] = fm
        S.heuristic[0].ev[key] = ev
        S.heuristic[0].ex[key] = xm
    return S.heuristic[0].ev[key], S.heuristic[0].ex[key], S.heuristic[0].ef[key]


@inline
def single_dice(K, S, p, h, bsym, cursed, jb, v0full, fpv):
    """Rerolling one die: the two dice with the best expected V change (g1 at j1, then g2 at
    j2; -1: none) and the best change a set face gives (gs, die js, face fs).  A die's changes
    depend only on its colour and effective symbol (face_loop); the black die changes the
    curse itself, so its faces are full evaluations (outcome_value)."""
    d = S.pd[p]
    g1 = -1e300
    g2 = -1e300
    j1 = -1
    j2 = -1
    gs = -1e300
    js = -1
    fs = -1
    for j in range(S.pl[p, P_ND]):
        if (d[PD_FL, j] & DF_GONE) != 0:
            continue
        ev = 0.0
        col = d[PD_COL, j]
        if j == jb:
            for f in range(6):
                x = outcome_value(K, S, p, h, K.dsym[col, f], fpv) - v0full
                ev += x
                if x > gs:
                    gs = x
                    js = j
                    fs = f
        else:
            so = K.dsym[col, d[PD_FACE, j]]
            if so == cursed:
                so = -1
            ev, xm, fm = face_loop(K, S, p, col, so, cursed, fpv)
            if xm > gs:   # the best face overall, as the face loop would (strictly larger)
                gs = xm
                js = j
                fs = fm
        ev /= 6.0
        if ev > g1:
            g2 = g1
            j2 = j1
            g1 = ev
            j1 = j
        elif ev > g2:
            g2 = ev
            j2 = j
    return g1, j1, g2, j2, gs, js, fs


@inline
def set_face_cost(S, p, lumi, tok, ok_steps):
    """The cheapest three rerolls to set a face (R4): (cost, Lumipili, tokens, track steps),
    each split priced with BP_REROLL_MARGIN a Lumipili, a token's value a token and the
    track rerolls' costs (S.heuristic[0].tsc)."""
    cl = S.bp[p, BP_REROLL_MARGIN]
    ct = J.token_value(S, p)
    tsc = S.heuristic[0].tsc
    c3 = 1e300
    sb = 0
    sc_ = 0
    sd = 0
    for b in range(min(3, lumi) + 1):
        for c in range(min(3 - b, tok) + 1):
            dd = 3 - b - c
            if dd > ok_steps:
                continue
            cost = b * cl + c * ct
            for i in range(dd):
                cost += tsc[i]
            if cost < c3:
                c3 = cost
                sb = b
                sc_ = c
                sd = dd
    return c3, sb, sc_, sd


@kernel
def reroll(K, S, p):
    """REROLL (late morning): stop, reroll the best die or pair, or set the best face with
    three rerolls, whichever gains most V over its cost (module docstring).  Returns the
    decision row (op, b, c, d, e, f) as legal.reroll_options lists them."""
    if S.bot[p].prep != S.g[G_ROUND]:
        prep_round(K, S, p)
    new_decision(S)
    jb = S.bot[p].blackj
    bsym = dice_counts(K, S, p, jb)
    h = S.heuristic[0].h
    lumi = S.pl[p, P_LUMI]
    tok = S.pl[p, P_TOK]
    ok_steps = track_rerolls(K, S, p)
    if lumi + tok + ok_steps == 0:
        return OP_STOP, -1, -1, -1, -1, -1
    src, c1 = first_reroll(K, S, p, lumi, tok, ok_steps)
    fpv = J.fp_value(S, p)
    cursed = bsym if 0 <= bsym < C.N_ELEMENTS else -1
    start_counts(K, S, p, h, cursed, fpv)
    v0full = outcome_value(K, S, p, h, bsym, fpv) if jb >= 0 else 0.0
    g1, j1, g2, j2, gs, js, fs = single_dice(K, S, p, h, bsym, cursed, jb, v0full, fpv)
    best = 0.0
    op = OP_STOP
    ra = -1
    rb = -1
    if j1 >= 0 and g1 - c1 > best:
        best = g1 - c1
        op = OP_REROLL
        ra = j1
        rb = -1
    # a pair only helps when the second die is worth rerolling too; its gain is taken
    # as the sum of the two single gains (w_pair = 1), or computed exactly (w_pair = 2)
    wp = S.bp[p, BP_W_PAIR]
    if j2 >= 0 and wp > 0.5 and g2 > 0.0 and g1 + g2 > c1:
        if wp > 1.5:
            gp = pair_ev(K, S, p, h, bsym, cursed, j1, j2, jb, v0full, fpv)
        else:
            gp = g1 + g2
        if gp - c1 > best:
            best = gp - c1
            op = OP_REROLL
            ra = min(j1, j2)
            rb = max(j1, j2)
    if js >= 0 and lumi + tok + ok_steps >= 3:
        c3, sb, sc_, sd = set_face_cost(S, p, lumi, tok, ok_steps)
        if gs - c3 > best:
            return OP_SET, sb, sc_, sd, js, fs
    if op == OP_STOP:
        return OP_STOP, -1, -1, -1, -1, -1
    return OP_REROLL, src, ra, rb, -1, -1


# ---- draft ----

@kernel
def space_masks(S):
    """Per meeting-track space s, the small dice lying there (the black die left out) as a
    bit mask of their indices, in S.heuristic[0].sdon[s]; one pass over the dice per draft
    decision, without a branch per die (where a die lies is data): a die lying elsewhere
    goes in slot NSPACE."""
    for s in range(NSPACE + 1):
        S.heuristic[0].sdon[s] = 0
    for i in range(S.g[G_NSD]):
        loc = S.sd[SD_LOC, i]
        on = int(0 <= loc) & int(loc < NSPACE) & int(S.sd[SD_COL, i] != C.BLACK)
        S.heuristic[0].sdon[on * loc + (1 - on) * NSPACE] |= 1 << i


@kernel
def space_pool(K, S, s, lam, base):
    """lam = base + the small dice lying on space s (the black die left out), added in die
    order (after space_masks); returns their number."""
    for q in range(C.N_SYMBOLS):
        lam[q] = base[q]
    m = S.heuristic[0].sdon[s]
    ndice = 0
    while m != 0:
        add_die_lam(K, lam, S.sd[SD_COL, bit_index(m)], 1.0)
        m &= m - 1
        ndice += 1
    return ndice


@kernel
def noon_prep(K, S, p, ffv, future):
    """What noon_value_now reads of p's items the same for every pool, once per draft
    decision: how each item's trigger is counted (S.heuristic[0].ncap[j]) and its values
    (S.heuristic[0].nv[j]); item j: the adventurer (0), then companion j - 1."""
    adv = S.pl[p, P_ADV]
    S.heuristic[0].ncap[0] = int(is_capped(K, adv))
    S.heuristic[0].nv[0, NV_TRIGGER] = round_amount(K, S, p, adv, ffv)
    for k in range(S.pl[p, P_NCOMP]):
        r = S.pc[p, PC_ROW, k]
        f = K.item[r, IT_FLAGS]
        j = 1 + k
        if (f & C.FLAG_DISCARD_SELF) == 0:
            S.heuristic[0].ncap[1 + k] = int(is_capped(K, r))
            S.heuristic[0].nv[j, NV_TRIGGER] = round_amount(K, S, p, r, ffv)
        elif (f & (C.FLAG_RESURRECT | C.FLAG_DISCARD_LAST)) != 0 or K.item[r, IT_KIND] != C.KIND_COMPANION:
            S.heuristic[0].ncap[1 + k] = NC_GENERAL
        else:   # trigger_value's parts (with no resurrection, round_amount is trigger_base)
            S.heuristic[0].ncap[1 + k] = NC_DISCARD
            S.heuristic[0].nv[j, NV_TRIGGER] = trigger_base(K, S, p, r, ffv)
            S.heuristic[0].nv[j, NV_PRINTED] = printed_value(K, r, ffv)
            S.heuristic[0].nv[j, NV_REROLL] = reroll_keep(K, S, p, r, future)


@inline
def noon_term(K, row, lam, cap, nv):
    """round_value of item row over pool lam, its cap and value of a trigger read from
    noon_prep's slots (the same number)."""
    ec = expected_count(K, row, lam, cap == 1)
    if ec <= 0.0:
        return 0.0
    return ec * nv


@inline
def noon_discard(K, S, p, row, lam, future, j):
    """expected_count(row, lam, capped) * trigger_value(row, lam) of a discard_self companion
    with no power that reads the pool, from its parts in S.heuristic[0].nv[j] (noon_prep): the
    trigger's value less keep_value, whose chance of firing is the same expected count and
    whose worth when it fires is the same trigger's value."""
    q = expected_count(K, row, lam, True)
    kv = S.heuristic[0].nv[j, NV_PRINTED]
    if future > 0:
        kv = discard_keep(kv, q, S.heuristic[0].nv[j, NV_TRIGGER], S.bp[p, BP_W_FUTURE], future)
        if K.item[row, IT_REROLL] > 0:
            kv += S.heuristic[0].nv[j, NV_REROLL]
    return q * (S.heuristic[0].nv[j, NV_TRIGGER] - kv)


@kernel
def noon_value_now(K, S, p, lam, ffv, future, extra_row):
    """Expected noon value this round over pool lam of p's items (and extra_row, recruited),
    after noon_prep for p, ffv and future."""
    v = noon_term(K, S.pl[p, P_ADV], lam, S.heuristic[0].ncap[0], S.heuristic[0].nv[0, NV_TRIGGER])
    for k in range(S.pl[p, P_NCOMP]):
        r = S.pc[p, PC_ROW, k]
        cap = S.heuristic[0].ncap[1 + k]
        j = 1 + k
        if cap == NC_DISCARD:
            v += noon_discard(K, S, p, r, lam, future, j)
        elif cap == NC_GENERAL:
            v += expected_count(K, r, lam, True) * trigger_value(K, S, p, r, lam, ffv, future)
        else:
            v += noon_term(K, r, lam, cap, S.heuristic[0].nv[j, NV_TRIGGER])
    if extra_row >= 0:
        if (K.item[extra_row, IT_FLAGS] & C.FLAG_DISCARD_SELF) != 0:
            once = amount_value(K, S, p, extra_row, ffv)
            v += expected_count(K, extra_row, lam, True) * (once - float(K.item[extra_row, IT_BURSTS]))
        else:
            v += round_value(K, S, p, extra_row, lam, ffv)
    v += 3.0 * lam[C.BURST] + 2.0 * S.bp[p, BP_W_FOOT] * lam[C.FOOTPRINT]
    return v


@kernel
def offer_value(K, S, p, s, ffv, future, lam_fixed, lam_future, with_black):
    """What taking space s is worth to p (draft)."""
    row = S.bd[BD_TRC + s]
    lam = S.bot[p].lamt
    ndice = space_pool(K, S, s, lam, lam_fixed)
    sk = K.item[row, IT_SKETAL]
    kv = keep_value(K, S, p, row, lam_future, ffv, future)
    if sk >= 0:
        # die_value_base(lam_future) is set (recruit)
        col = -1
        dvc = -1e300
        if sk == C.ANY_COLOR:
            for c in range(9):
                if S.bd[BD_RES + c] > 0:
                    dv = die_value(K, S, p, c, lam_future, ffv)
                    if dv > dvc:
                        dvc = dv
                        col = c
        elif S.bd[BD_RES + sk] > 0:
            col = sk
            dvc = die_value(K, S, p, col, lam_future, ffv)
        if col >= 0:
            kv += S.bp[p, BP_W_FUTURE] * future * dvc
            add_die_lam(K, lam, col, 1.0)
    v = kv + noon_value_now(K, S, p, lam, ffv, future, row)
    v += S.bp[p, BP_W_FOOT] * S.bd[BD_TRFP + s]
    v += S.bp[p, BP_W_SMALL] * 0.3 * ndice
    if with_black:
        v -= S.bp[p, BP_BLACK_PENALTY]
    return v


@kernel
def worth_to_others(K, S, s):
    """Printed worth of the companion on space s (where to send the black die)."""
    r = S.bd[BD_TRC + s]
    if r < 0:
        return -1e300
    return float(K.item[r, IT_BURSTS]) + 1.5 * K.item[r, IT_FIRE]


@kernel
def recruit(K, S, p, pick):
    """RECRUIT: the space whose companion, dice and footprints are worth most to p
    (offer_value), and where a Kaar holder moves the black die first (-1: nowhere)."""
    ffv = firefly_value(K, S, p, 1)
    S.bot[p].ffv = ffv
    future = rounds_after(S)
    lam_fixed = S.bot[p].lam
    fixed_pool(K, S, p, lam_fixed)
    lam_future = S.bot[p].lamf
    future_from_fixed(K, S, p, lam_future, lam_fixed)
    for s in range(NSPACE):
        if S.bd[BD_TRC + s] >= 0 and K.item[S.bd[BD_TRC + s], IT_SKETAL] >= 0:
            die_value_base(K, S, p, lam_future, ffv)   # for offer_value's die_value
            break
    noon_prep(K, S, p, ffv, future)   # for offer_value's noon_value_now
    space_masks(S)   # for offer_value's space_pool
    bs = black_space(S)
    kaar = bs >= 0 and has_kaar(K, S, p)
    solo = S.g[G_N] == 1
    best = -1e300
    bsp = -1
    bmove = -1
    for s in range(NSPACE):
        if S.bd[BD_TRC + s] < 0:
            continue
        move = -1
        if s == bs and kaar:
            tv = -1e300
            for t in range(NSPACE):
                if t != s and worth_to_others(K, S, t) > tv:
                    tv = worth_to_others(K, S, t)
                    move = t
        v = offer_value(K, S, p, s, ffv, future, lam_fixed, lam_future, s == bs and move < 0)
        if solo:   # R9: what Tom gains from the tile taken with it
            v -= tile_cost(K, S, s, future)
        if v > best:
            best = v
            bsp = s
            bmove = move
    return bsp, bmove


@kernel
def discard2p(K, S, p):
    """Send to the cemetery the companion the opponent would value most."""
    o = 1 - p
    ffv = firefly_value(K, S, o, 1)
    future = rounds_after(S)
    lam = S.bot[p].lamt
    future_pool(K, S, o, lam)
    best = -1e300
    bs = -1
    for s in range(NSPACE):
        r = S.bd[BD_TRC + s]
        if r < 0:
            continue
        v = keep_value(K, S, o, r, lam, ffv, future) + S.bd[BD_TRFP + s]
        if v > best:
            best = v
            bs = s
    return bs


@kernel
def sketal_die(K, S, p, row):
    """The reserve colour that adds most to p's triggers."""
    ffv = firefly_value(K, S, p, 0)
    lam = S.bot[p].lamf
    future_pool(K, S, p, lam)
    die_value_base(K, S, p, lam, ffv)
    best = -1e300
    bc = -1
    for c in range(9):
        if S.bd[BD_RES + c] > 0:
            v = die_value(K, S, p, c, lam, ffv)
            if v > best:
                best = v
                bc = c
    return bc


# ---- noon ----

@kernel
def holds_live_die(S, p, row):
    """Whether a die brought by item row (Sketal) is still in play in p's list."""
    d = S.pd[p]
    for j in range(S.pl[p, P_ND]):
        if d[PD_SK, j] == row and (d[PD_FL, j] & DF_GONE) == 0:
            return True
    return False


@kernel
def resolve(K, S, p, items, rows, m):
    """Keep dice as long as they help: plain items first, then cards that leave play with
    a die (good ones before bad ones, which may lose their trigger), S3, then `absent`
    triggers (removing dice can only switch them on)."""
    best = -1
    bk = 1 << 30
    for i in range(m):
        r = rows[i]
        it = K.item[r]
        f = it[IT_FLAGS]
        tk = it[IT_TKIND]
        if tk == C.TRIG_ABSENT or tk == C.TRIG_SYMBOLS_ABSENT:
            cls = RES_ABSENT
        elif (f & C.FLAG_DISCARD_LAST) != 0:
            cls = RES_DISCARD_LAST
        elif (f & C.FLAG_DISCARD_SELF) != 0 and holds_live_die(S, p, r):
            cls = RES_LEAVES_GOOD if it[IT_AMT] + it[IT_AMT + 1] >= 0 else RES_LEAVES_BAD
        else:
            cls = RES_PLAIN
        if cls < bk:
            bk = cls
            best = r
            if cls == RES_PLAIN:   # no class ranks before it, and the first one wins ties
                break
    return best


@kernel
def cromaug(K, S, p, crom):
    """CROMAUG: the cemetery card worth most to p (best_cemetery), -1 when none is worth
    taking."""
    ffv = firefly_value(K, S, p, 0)
    lam = S.bot[p].lamf
    future_pool(K, S, p, lam)
    r, v = best_cemetery(K, S, p, crom, lam, ffv, rounds_after(S))
    return r if v > 0.0 else -1


@kernel
def lose(K, S, p):
    """Cancel a spell if holding one (the most harmful), else lose the companion worth least."""
    if S.pl[p, P_NSPELL] > 0:
        best = -1
        bv = 1e300
        for i in range(S.pl[p, P_NSPELL]):
            r = S.ps[p, PS_ROW, i]
            a = float(K.item[r, IT_AMT]) + float(K.item[r, IT_AMT + 1])
            if (K.item[r, IT_FLAGS] & C.FLAG_DISCARD_LAST) != 0:
                a -= 4.0
            if a < bv:
                bv = a
                best = r
        return 1, best
    ffv = firefly_value(K, S, p, 0)
    lam = S.bot[p].lamf
    future_pool(K, S, p, lam)
    best = -1
    bv = 1e300
    for k in range(S.pl[p, P_NCOMP]):
        r = S.pc[p, PC_ROW, k]
        v = keep_value(K, S, p, r, lam, ffv, rounds_after(S))
        if v < bv:
            bv = v
            best = r
    return 0, best


@kernel
def province_move(K, S, p, moved):
    """PROVINCE_MOVE: the next step of the searched plan (journeys.province_move), the
    firefly's value set at the first move the bot is asked this afternoon."""
    if not moved or S.bot[p].planr != S.g[G_ROUND]:
        S.bot[p].ffv = firefly_value(K, S, p, 0)
    return J.province_move(K, S, p, moved)


@kernel
def archi_move(K, S, p):
    """ARCHI_MOVE: the best boat move for p's elements (journeys.archi_move)."""
    S.bot[p].ffv = firefly_value(K, S, p, 0)
    return J.archi_move(K, S, p)
