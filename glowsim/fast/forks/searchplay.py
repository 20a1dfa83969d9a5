"""The search bot's game loop, compiled: games with ``rollout`` seats (bots/search.py).

A game with search seats is played round by round, each round's starting state kept
(forks.play.keep_round).  When a search seat meets a decision of a kind it searches
(``rollout_decisions``: RECRUIT picks, REROLL decisions, moves) with two legal rows or more
that is not in its game's list of forced decisions, the control captures it and the round
ends as the base bot plays it; then :func:`search` evaluates the decision's legal rows (at
most ``rollout_options``, 0: all, and never more than MAXROWS: the base bot's choice first,
then the other rows in legal order, legal.py: for a REROLL decision stop first, then the
rerolls of one die and of two dice per source, then the set faces; for a move the end of the
move, then encamping, then the steps) by ``rollout_budget`` continuations each: the start of
the round put back, the round played again up to the decision (the listed decisions forced:
the same game), every seat's bot made the searcher's base bot, the hidden information redrawn
from the visible state and the key (game, decision, continuation) (search.hide), the row
taken and the game played to its end (forks.play.play_forced, the step the forks use).
Continuation c of every row shares one redraw (paired comparison).  The row with the largest
total win share (E9: 1 / number of winners) is listed (ties: the base bot's choice, then the
lowest row index), the round's start is put back and the round played again with it.  The
game's own streams are never touched by a continuation: the game is the straight game with
the listed rows forced.

Nothing is allocated in the kernels: the State (loop.alloc_fork_state), the round states
(forks.play.alloc_rounds) and the search's work arrays (:class:`RollWork`) are made before
the call, one set per game thread.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ...spec.botparams import BP_ROLL_BUDGET, BP_ROLL_OPTIONS
from ..kernel.forkcontrol import (FC_FULL, FC_MODE, FC_NOPT, FC_NT, FORK_IDLE, T_CHOSEN, T_NOPT,
                                  T_OPT, T_SEAT)
from .play import back_to_round, keep_round, play_forced
from ..game.loop import begin_game, end_game, last_round, play_round, store_result, store_snapshot
from ..jit import kernel
from ..bots.search import FC_PEND, ROLL_CONT, ROLL_PLAY
from ..kernel.state import ERR_FORK, G_ERR, MAXP, P_WIN

SHARE = 12        # a win share 1/k (k = 1..4 winners) counted in twelfths: exact sums
MAXROWS = 64      # rows of one decision a search evaluates at most (a RECRUIT pick has at most 9)

# how roll_game plays the decisions after the given ones
PLAY_SEARCH, PLAY_REPLAY, PLAY_CAPTURE = range(3)

# ---- counters (RollWork.cnt[N_*]) ----
N_SEARCH, N_CONT = range(2)


class RollWork(NamedTuple):
    """A game thread's search arrays."""
    bp0: np.ndarray    # float64[MAXP, NPARAM]: the seats' vectors (restored after each continuation)
    cand: np.ndarray   # int64[MAXROWS]: the rows evaluated (indices among the pick's legal rows)
    acc: np.ndarray    # int64[MAXROWS]: their total win shares, in twelfths
    cnt: np.ndarray    # int64[2]: searches and continuations played (N_*)


def alloc_work(bp: np.ndarray) -> RollWork:
    return RollWork(bp.copy(), np.zeros(MAXROWS, np.int64), np.zeros(MAXROWS, np.int64),
                    np.zeros(2, np.int64))


@kernel
def restore_bots(S, W):
    """Every seat's vector back from W.bp0."""
    for q in range(MAXP):
        for j in range(S.bp.shape[1]):
            S.bp[q, j] = W.bp0[q, j]


@kernel
def roll_continuation(K, S, R, W, t, alt, c):
    """Listed pick t (the pending one) with its row alt, continuation c, played to the end
    from the start of its round (forks.play.play_forced); returns the number of winners (0
    after a kernel error)."""
    nw = play_forced(K, S, R, t, alt, c, ROLL_CONT)
    restore_bots(S, W)
    return nw


@kernel
def keep_chosen(S, t, row):
    """Row `row` of the last listed decision t chosen (T_CHOSEN) and kept alone at its T_OPT:
    the list then holds one row per decision searched."""
    fk = S.fk
    tg = fk.tgt[t]
    o = tg[T_OPT]
    tg[T_CHOSEN] = row
    for j in range(fk.opt.shape[1]):
        fk.opt[o, j] = fk.opt[o + row, j]
    fk.ctl[FC_NOPT] = o + 1



@kernel
def search(K, S, R, W, t):
    """The row of pending decision t with the best total win share over its continuations
    (module docstring) chosen (keep_chosen)."""
    tg = S.fk.tgt[t]
    seat = tg[T_SEAT]
    n = tg[T_NOPT]
    own = tg[T_CHOSEN]
    budget = int(W.bp0[seat, BP_ROLL_BUDGET])
    cap = int(W.bp0[seat, BP_ROLL_OPTIONS])
    m = n if (cap <= 0 or cap >= n) else cap
    if m > MAXROWS:
        m = MAXROWS
    W.cand[0] = own
    k = 1
    for i in range(n):
        if k >= m:
            break
        if i != own:
            W.cand[k] = i
            k += 1
    for k in range(m):
        W.acc[k] = 0
        for c in range(budget):
            nw = roll_continuation(K, S, R, W, t, W.cand[k], c)
            if S.g[G_ERR] != 0:
                return
            if S.pl[seat, P_WIN] != 0 and nw > 0:
                W.acc[k] += SHARE // nw
    best = 0
    for k in range(1, m):
        if W.acc[k] > W.acc[best]:
            best = k
    keep_chosen(S, t, W.cand[best])
    W.cnt[N_SEARCH] += 1
    W.cnt[N_CONT] += m * budget


@kernel
def roll_game(K, S, R, W, root, gi, record, nlisted, how):
    """Game gi with its search seats; returns the number of winners.  The first `nlisted`
    decisions of S.fk's list are given; 0: the list starts empty.  `how`: PLAY_SEARCH, the
    decisions after the given ones are searched as in the game itself (a fork: the decisions
    given, the last one's row set by the caller); PLAY_REPLAY (a replay of a listed game):
    nothing is searched, an unlisted decision is a kernel error; PLAY_CAPTURE: the game stops
    at the first unlisted decision to search, left captured with all its legal rows as the
    list's decision `nlisted` (the result is then not a game's)."""
    ctl = S.fk.ctl
    if nlisted == 0:
        ctl[FC_NT] = 0
        ctl[FC_NOPT] = 0
    elif how != PLAY_REPLAY:
        ctl[FC_NT] = nlisted
        ctl[FC_NOPT] = S.fk.tgt[nlisted - 1, T_OPT] + 1   # a listed decision keeps one row
    ctl[FC_FULL] = 0
    ctl[FC_PEND] = 0
    ctl[FC_MODE] = ROLL_PLAY
    begin_game(K, S, root, gi, record)
    for r in range(1, last_round(S) + 1):
        keep_round(S, R, r)
        more = play_round(K, S, r)
        while S.g[G_ERR] == 0 and ctl[FC_PEND] != 0:
            if how == PLAY_CAPTURE:
                ctl[FC_MODE] = FORK_IDLE
                return 0
            if how == PLAY_REPLAY:
                S.g[G_ERR] = ERR_FORK
                break
            search(K, S, R, W, ctl[FC_NT] - 1)
            if S.g[G_ERR] != 0:
                break
            ctl[FC_PEND] = 0
            back_to_round(S, R, r)
            ctl[FC_MODE] = ROLL_PLAY
            more = play_round(K, S, r)
        if S.g[G_ERR] != 0 or not more:
            break
    nw = end_game(K, S)
    ctl[FC_MODE] = FORK_IDLE
    return nw


@kernel
def roll_range(K, S, R, W, root, start, lo, hi, slots, out, snap):
    """Games lo..hi of a block (game start + i) with search seats, as loop.play_range
    plays games: each game's rows, and for the games with a slot, its record."""
    for i in range(lo, hi):
        rec = slots[i] >= 0
        nw = roll_game(K, S, R, W, root, start + i, rec, 0, PLAY_SEARCH)
        store_result(S, out, i, nw)
        if rec:
            store_snapshot(S, snap, slots[i])


@kernel
def decide_at(K, S, R, W, r):
    """The search of the first unlisted pick of round r from the round state R[r] and the
    list in S.fk (its picks before that one): the index of the captured pick, -1 when round
    r has none.  W.cand/W.acc hold the rows evaluated and their totals."""
    ctl = S.fk.ctl
    ctl[FC_FULL] = 0
    ctl[FC_PEND] = 0
    back_to_round(S, R, r)
    ctl[FC_MODE] = ROLL_PLAY
    play_round(K, S, r)
    if S.g[G_ERR] != 0 or ctl[FC_PEND] == 0:
        ctl[FC_MODE] = FORK_IDLE
        return -1
    t = ctl[FC_NT] - 1
    search(K, S, R, W, t)
    ctl[FC_PEND] = 0
    ctl[FC_MODE] = FORK_IDLE
    return t


# what roll_op does (an operation of the compiled core: glowsim/fast/entry/core.py)
OP_RANGE, OP_ONE, OP_REPLAY, OP_DECIDE, OP_FORCED, OP_CAPTURE = range(6)


@kernel
def roll_op(K, S, R, W, root, start, lo, hi, slots, out, snap, op, arg):
    """OP_RANGE: games start+lo .. start+hi-1 into out/snap (roll_range), returns 0.
    OP_ONE: game `start` alone (its record kept in S when slots[0] >= 0), its list of picks
    left in S.fk; returns its number of winners.  OP_REPLAY: the same with the first `arg`
    picks of S.fk's list given (nothing searched: an unlisted pick is a kernel error).
    OP_DECIDE: decide_at(round arg).  OP_FORCED (forks of a search game, search_forks.py): game
    `start` with the first `arg` decisions of S.fk's list given and the ones after them
    searched (0: the game itself), its row stored in out[lo] and, when slots[lo] >= 0, its
    record in snap[slots[lo]]; returns its number of winners.  OP_CAPTURE: game `start` with
    the first `arg` decisions given, stopped at the next one to search, left captured with
    all its legal rows as decision `arg` of the list; returns 0."""
    if op == OP_RANGE:
        roll_range(K, S, R, W, root, start, lo, hi, slots, out, snap)
        return 0
    if op == OP_DECIDE:
        return decide_at(K, S, R, W, arg)
    if op == OP_CAPTURE:
        return roll_game(K, S, R, W, root, start, False, arg, PLAY_CAPTURE)
    if op == OP_FORCED:
        rec = slots[lo] >= 0
        nw = roll_game(K, S, R, W, root, start, rec, arg, PLAY_SEARCH)
        store_result(S, out, lo, nw)
        if rec:
            store_snapshot(S, snap, slots[lo])
        return nw
    if op == OP_REPLAY and arg > 0:
        return roll_game(K, S, R, W, root, start, slots[0] >= 0, arg, PLAY_REPLAY)
    return roll_game(K, S, R, W, root, start, slots[0] >= 0, 0, PLAY_SEARCH)
