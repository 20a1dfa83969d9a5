"""Search-bot control at decisions: the kernel side of the ``rollout`` bot (forks/searchplay.py).

A seat whose parameter vector has ``rollout_budget`` > 0 is a search seat; its
``rollout_decisions`` says which of its decisions it searches (bits: 1 RECRUIT picks, 2
REROLL decisions, 4 moves: each PROVINCE_MOVE step and each ARCHI_MOVE).  Its game is
defined by its forced decisions: the list, kept in the fork control's captured decisions
(``S.fk.tgt``/``S.fk.opt``, kernel/forkcontrol.py), of every searched decision with two legal
rows or more a search seat met, each with (``T_CHOSEN``) the index of the row the search chose
among its legal rows; once searched, a decision keeps that row alone, at its ``T_OPT``
(searchplay.search).  Every decision of those kinds passes through :func:`roll_point` when the
control is in one of its modes (bots/policy.py); ``S.fk.ctl[FC_MODE]`` says what it does:

- ``ROLL_PLAY`` (the game itself): a search seat's decision of a kind it searches found in
  the list takes the listed row.  The first one not in the list is captured with its legal
  rows (forkcontrol.capture, the step the forks use) and, with two rows or more, left pending
  (``ctl[FC_PEND]``): the round is then played on by the base bot and thrown away; the game
  loop searches the decision, lists the row chosen and plays the round again from its start.
- ``ROLL_CONT`` (a continuation of the pending decision): listed decisions before it take
  their listed rows; at it, every seat's bot becomes the searching seat's base bot (its
  vector with the search off), what the searching player cannot see is redrawn from the
  visible state alone (:func:`hide`), and the row under evaluation is taken
  (``ctl[FC_ROW:]``).  After it every decision is the base bots'.
"""
from __future__ import annotations

from ...spec.botparams import BP_ROLL_BUDGET, BP_ROLL_DECISIONS, BP_ROLL_OPTIONS, SEARCHED
from ..kernel.forkcontrol import (FC_FULL, FC_HIT, FC_MODE, FC_NOPT, FC_NT, FC_ROW, FC_SEAT,
                                  FC_TARGET, FC_TKIND, FORK_FORCE, T_DEC, T_KIND, T_NOPT, T_OPT,
                                  capture, put_cards, put_spells, resample, unseen_cards,
                                  unseen_spells)
from ...spec.decisions import RECRUIT, REROLL
from ..jit import kernel
from ..kernel.offsets import declare
from ...content import codes as C
from ..kernel.state import ERR_FORK, G_DECN, G_ERR, MAXP

ROLL_PLAY, ROLL_CONT = FORK_FORCE + 1, FORK_FORCE + 2
# the search control's field in the room the fork control leaves after its own
declare(globals(), "S.fk.ctl", [
    ("FC_PEND", 1),   # ROLL_PLAY: 1 when the last captured decision awaits its search
], start=FC_HIT + 1)
# bits of rollout_decisions
SEARCH_RECRUIT, SEARCH_REROLL, SEARCH_MOVE = SEARCHED["recruit"], SEARCHED["reroll"], SEARCHED["move"]


@kernel
def listed(S, dec, n):
    """Index of decision `dec` among the first n listed decisions, -1 when not listed."""
    tgt = S.fk.tgt
    for i in range(n - 1, -1, -1):
        d = tgt[i, T_DEC]
        if d == dec:
            return i
        if d < dec:
            return -1
    return -1


@kernel
def sort_ints(a, n):
    """a[:n] in ascending order (insertion sort: n is a few dozen)."""
    for i in range(1, n):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x


@kernel
def hide(K, S, p):
    """At a continuation's decision: what p cannot see redrawn from what p sees and the
    continuation's key alone.  The unseen cards of each deck and the spell tokens p cannot
    see (forkcontrol.unseen_cards, unseen_spells: the places forkcontrol.resample deals them to) are
    first put in ascending order in their places (so their true places leave no trace), then
    forkcontrol.resample re-keys the dice, track and setup streams by (game, decision,
    continuation) and deals them again."""
    for deck in (C.DECK_A, C.DECK_B):
        m = unseen_cards(K, S, deck)
        sort_ints(S.fk.scr[1], m)
        put_cards(S, m)
    m = unseen_spells(S, p)
    sort_ints(S.fk.scr[1], m)
    put_spells(S, p, m)
    resample(K, S)


@kernel
def base_bots(S, p):
    """Every seat plays seat p's base bot: p's vector with the search off."""
    for q in range(MAXP):
        if q != p:
            for j in range(S.bp.shape[1]):
                S.bp[q, j] = S.bp[p, j]
    for q in range(MAXP):
        S.bp[q, BP_ROLL_BUDGET] = 0.0
        S.bp[q, BP_ROLL_OPTIONS] = 0.0
        S.bp[q, BP_ROLL_DECISIONS] = float(SEARCH_RECRUIT)


@kernel
def searches_kind(S, p, kind):
    """Whether search seat p searches decisions of this kind (rollout_decisions)."""
    bit = SEARCH_RECRUIT if kind == RECRUIT else (SEARCH_REROLL if kind == REROLL else SEARCH_MOVE)
    return (int(S.bp[p, BP_ROLL_DECISIONS]) & bit) != 0


@kernel
def listed_row(S, i, kind):
    """The 6 fields of the row listed for decision i (kept alone at its T_OPT once
    searched); a kernel error when the decision met there is of another kind."""
    t = S.fk.tgt[i]
    if t[T_KIND] != kind:
        S.g[G_ERR] = ERR_FORK
    r = S.fk.opt[t[T_OPT]]
    return r[0], r[1], r[2], r[3], r[4], r[5]


@kernel
def roll_point(K, S, p, kind, first, a, b, c, d, e, f):
    """A decision of a kind the search bot can search (fields a..f as the base bot chose
    them; ``first`` as forkcontrol.fork_point takes it) seen by the search control (module
    docstring); returns the row to take."""
    ctl = S.fk.ctl
    dec = S.g[G_DECN]
    if ctl[FC_MODE] == ROLL_PLAY:
        if S.bp[p, BP_ROLL_BUDGET] < 0.5 or not searches_kind(S, p, kind):
            return a, b, c, d, e, f
        i = listed(S, dec, ctl[FC_NT])
        if i >= 0:
            return listed_row(S, i, kind)
        if ctl[FC_PEND] == 0:
            capture(K, S, p, kind, first, a, b, c, d, e, f)
            t = ctl[FC_NT] - 1
            if ctl[FC_FULL] != 0:   # the list is sized for every decision of a game: a bug
                S.g[G_ERR] = ERR_FORK
            elif S.fk.tgt[t, T_NOPT] < 2:   # one legal row: nothing to search, not listed
                ctl[FC_NT] = t
                ctl[FC_NOPT] = S.fk.tgt[t, T_OPT]
            else:
                ctl[FC_PEND] = 1
        return a, b, c, d, e, f
    # ROLL_CONT
    target = ctl[FC_TARGET]
    if dec < target:
        i = listed(S, dec, ctl[FC_NT] - 1)
        if i >= 0:
            return listed_row(S, i, kind)
        return a, b, c, d, e, f
    if dec == target:
        if p != ctl[FC_SEAT] or kind != ctl[FC_TKIND]:
            S.g[G_ERR] = ERR_FORK
        ctl[FC_HIT] = 1
        base_bots(S, p)
        hide(K, S, p)
        r = ctl[FC_ROW:FC_ROW + 6]
        return r[0], r[1], r[2], r[3], r[4], r[5]
    return a, b, c, d, e, f
