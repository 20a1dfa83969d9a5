"""The reroll planner's counts after one die moves (bots/heuristic.py): a `same: n` item's
count found from its count at the decision's start (same_moved) is the count over every
symbol, and the items' value change summed that way (items_delta_moved) is the very number
items_delta sums, term by term in table order; the route's journey term from the decision's
packed counts changed by the die (journey_moved) is the route walked again on the moved
counts (journey_now).  Checked on random dice counts for every pair of symbols a die can
leave and join (-1: none, as for the cursed element)."""
from __future__ import annotations

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st
from numba import njit

from glowsim.content import codes as C
from glowsim.fast.play import ktables
from glowsim.fast.bots.heuristic import (items_delta, items_delta_moved, journey_moved,
                                         journey_now, same_moved)
from glowsim.fast.bots.journeys import route_counts
from glowsim.spec.botparams import NPARAM
from glowsim.fast.bots.values import RS_RANK
from glowsim.fast.game.loop import alloc_state
from glowsim.fast.kernel.ktables import IT_TKIND, NBP_FCOST, NBP_FORBID, NBP_NEED
from glowsim.fast.kernel.state import G_SIDE, MAXP, NMT, P_FOOT
from glowsim.fast.kernel.triggers import trigger_count


@njit
def _move_die(S, so, sn, sign):
    """One die from symbol so to sn in the counts hh (sign 1), or back (sign -1); -1: none."""
    if so >= 0:
        S.heuristic[0].hh[so] -= sign
    if sn >= 0:
        S.heuristic[0].hh[sn] += sign


@njit
def _moved(K, S, p, so, sn):
    """For each table item: (same_moved or -1, table count on the moved counts), and the two
    sums (items_delta_moved, items_delta) over every item."""
    n = S.bot[p].nit
    got = np.full(n, -1, np.int64)
    want = np.zeros(n, np.int64)
    _move_die(S, so, sn, 1)
    for t in range(n):
        if (S.bot[p].samem >> t) & 1:
            got[t] = same_moved(K, S, p, t, so, sn)
        c = trigger_count(K, S.bot[p].itrow[t], S.heuristic[0].hh)
        cap = S.bot[p].itcap[t]
        want[t] = c if c < cap else cap
    mask = (1 << n) - 1
    fast = items_delta_moved(K, S, p, mask, so, sn)
    plain = items_delta(K, S, p, mask)
    _move_die(S, so, sn, -1)   # back
    return got, want, fast, plain


@njit
def _count(K, row, counts):
    return trigger_count(K, row, counts)


def _table(K, S, rows, caps, counts, values):
    """Player 0's reroll table: the given item rows, caps and values per trigger, on the given
    counts (hh), with each item's count at the decision's start (raw, cnt)."""
    p = 0
    S.bot["nit"][p] = len(rows)
    samem = 0
    for t, (r, cap, v) in enumerate(zip(rows, caps, values)):
        S.bot["itrow"][p, t] = r
        S.bot["itcap"][p, t] = cap
        S.bot["itv"][p, t] = v
        if K.item[r, IT_TKIND] == C.TRIG_SAME:
            samem |= 1 << t
    S.bot["samem"][p] = samem
    S.heuristic["hh"][0] = counts
    for t, r in enumerate(rows):
        c = int(_count(K, r, S.heuristic["hh"][0]))
        S.heuristic["raw"][0, t] = c
        S.heuristic["cnt"][0, t] = min(c, caps[t])


def _rows(game):
    """Every companion, adventurer and spell row of the catalog."""
    cat = game.catalog
    return (list(range(cat.n_companions)) + [cat.adventurer_row(a) for a in cat.adventurer_ids]
            + [cat.spell_row(s) for s in cat.spell_ids])


@settings(max_examples=60, deadline=None)
@given(counts=st.lists(st.integers(0, 9), min_size=8, max_size=8),
       pick=st.lists(st.integers(0, 10 ** 6), min_size=1, max_size=10),
       caps=st.lists(st.sampled_from([1, 99]), min_size=10, max_size=10),
       values=st.lists(st.floats(-7.0, 9.0), min_size=10, max_size=10))
def test_same_count_after_one_die_moves_is_the_full_count(game, counts, pick, caps, values):
    K = ktables(game)
    rows = _rows(game)
    same = [r for r in rows if K.item[r, IT_TKIND] == C.TRIG_SAME]
    assert same, "the catalog has `same` triggers"
    # a table with at least one `same` item, the rest drawn from every kind of trigger
    table = [same[pick[0] % len(same)]] + [rows[i % len(rows)] for i in pick[1:]]
    counts[C.CURSE] = 0   # the curse is never counted (R5); the planner's counts hold none
    S = alloc_state(64, 48, 1, 1, np.zeros(NMT, np.int64), np.zeros((MAXP, NPARAM)))
    _table(K, S, table, caps[:len(table)], np.array(counts, np.int64), values[:len(table)])
    for so in range(-1, C.N_SYMBOLS):
        for sn in range(-1, C.N_SYMBOLS):
            if so == sn or (so >= 0 and counts[so] == 0):
                continue   # a die leaves a symbol only when one shows it
            got, want, fast, plain = _moved(K, S, 0, so, sn)
            for t in range(len(table)):
                if K.item[table[t], IT_TKIND] == C.TRIG_SAME:
                    assert got[t] == want[t], (game.catalog.item_id(table[t]), counts, so, sn)
            assert fast == plain, (counts, so, sn)   # the same float, bit for bit


def test_reroll_work_fields_hold_what_the_planner_indexes():
    """The reroll planner's and the draft's fields (the HEURISTIC record) are as large as
    their indices reach: a count per table item (64), the memo keys (so + 1) * 9 + sn + 1 of
    so, sn in -1..7, the draft's masks of the small dice on each space (NSPACE + 1, a bit per
    die) and its items' caps and values (the adventurer then MAXC companions, NVW values
    each); the search's frames (JOURNEYS) reach depth MAXDEPTH."""
    from glowsim.fast.bots.heuristic import HEURISTIC, NV_PRINTED, NV_REROLL, NV_TRIGGER, NVW
    from glowsim.fast.bots.journeys import JOURNEYS, MAXDEPTH
    from glowsim.fast.kernel.state import MAXC, MAXSD, NSPACE
    f = HEURISTIC.fields
    assert f["raw"][0].shape == f["cnt"][0].shape == (64,)
    key = (C.N_SYMBOLS - 1 + 1) * 9 + C.N_SYMBOLS - 1 + 1
    assert all(f[n][0].shape == (key + 1,) for n in ("dok", "d", "eok", "ef", "ev", "ex"))
    assert f["sdon"][0].shape == (NSPACE + 1,) and MAXSD <= 63   # a die's bit in a mask
    assert f["ncap"][0].shape == (1 + MAXC,) and f["nv"][0].shape == (1 + MAXC, NVW)
    assert sorted((NV_TRIGGER, NV_PRINTED, NV_REROLL)) == list(range(NVW))
    assert all(JOURNEYS.fields[n][0].shape == (MAXDEPTH + 1,)
               for n in ("pos", "pay", "fleft", "gain", "nb", "anc", "vlo", "vhi", "un"))


@njit
def _journeys(K, S, p, so, sn, fpv):
    """(journey_moved, journey_now) after one die moves from so to sn, the route's counts
    packed at the decision's start as reroll packs them."""
    have, show = route_counts(S.heuristic[0].hh)
    S.heuristic[0].have = have
    S.heuristic[0].show = show
    _move_die(S, so, sn, 1)
    fast = journey_moved(K, S, p, so, sn, fpv)
    plain = journey_now(K, S, p, fpv)
    _move_die(S, so, sn, -1)   # back
    return fast, plain


@settings(max_examples=60, deadline=None)
@given(counts=st.lists(st.integers(0, 6), min_size=8, max_size=8),
       steps=st.lists(st.tuples(st.integers(-1, 4), st.integers(-1, 4), st.integers(0, 2)),
                      min_size=0, max_size=12),
       values=st.lists(st.floats(-5.0, 9.0), min_size=16, max_size=16),
       foot=st.integers(0, 6), fpv=st.floats(0.0, 3.0))
# the last die of an element leaves: a step forbidding it no longer costs a footprint
@example(counts=[1, 0, 0, 0, 0, 0, 0, 0], steps=[(-1, 0, 0), (-1, -1, 0)],
         values=[0.0, 1.0, 2.0] + [0.0] * 13, foot=3, fpv=1.0)
# the first die of an element joins: a step needing it is paid with it
@example(counts=[0, 0, 0, 0, 0, 0, 0, 0], steps=[(2, -1, 0), (-1, -1, 0)],
         values=[0.0, 1.0, 2.0] + [0.0] * 13, foot=1, fpv=1.0)
def test_route_after_one_die_moves_is_the_route_walked_again(game, counts, steps, values, foot, fpv):
    """journey_moved (the decision's packed counts changed by the die) gives the number
    journey_now (route_walk on the moved counts) gives, bit for bit, for every pair of symbols
    a die can leave and join, on random routes: steps needing or forbidding an element, with
    a footprint cost, ranked among the steps needing the same element as province_route
    ranks them."""
    K = ktables(game)
    S = alloc_state(64, 48, 1, 1, np.zeros(NMT, np.int64), np.zeros((MAXP, NPARAM)))
    p = 0
    S.g[G_SIDE] = C.PROVINCE
    S.pl[p, P_FOOT] = foot
    ranks = [0] * C.N_ELEMENTS
    for i, (need, forbid, fcost) in enumerate(steps):
        if need >= 0:
            ranks[need] += 1
            forbid = -1   # a space needing an element forbids none (NBP_FORBID)
        q = ((need + 1) << NBP_NEED) | ((forbid + 1) << NBP_FORBID) | (fcost << NBP_FCOST)
        S.bot["rstep"][p, i] = q | ((ranks[need] if need >= 0 else 0) << RS_RANK)
    S.bot["nroute"][p] = len(steps)
    S.bot["routev"][p] = values
    counts[C.CURSE] = 0   # the planner's effective counts hold no curse (R5)
    S.heuristic["hh"][0] = counts
    moves = 0
    for so in range(-1, C.N_SYMBOLS):
        for sn in range(-1, C.N_SYMBOLS):
            if so == sn or (so >= 0 and counts[so] == 0):
                continue   # a die leaves a symbol only when one shows it
            fast, plain = _journeys(K, S, p, so, sn, fpv)
            assert fast == plain, (counts, steps, so, sn)
            moves += 1
    assert moves > 0
