"""Decision dispatch of the fast-path bots: one function per decision kind (DESIGN.md s.3).

``random`` (parameter ``random`` = 1) picks uniformly among the legal options of
:mod:`glowsim.fast.legal` with the seat's bot stream; every other vector goes to
the rule-based policies of :mod:`.greedy` (``plan`` = 0) and :mod:`.heuristic`
(``plan`` = 1).  Each function returns a choice that is legal by construction.
"""
from __future__ import annotations


from ...seeding import STREAM_BOT, nb_uniform_int
from ..ktables import SET_NC
from ..legal import (OP_STOP, archi_options, lose_options, province_options, recruit_options,
                     reroll_options)
from ..jit import kernel
from ..state import BD_RES, BD_TRC, CD_CEM, NSPACE
from . import greedy as G
from . import heuristic as H
from .params import BP_PLAN, BP_RANDOM


@kernel
def _rnd(S, p, n):
    return nb_uniform_int(S.streams, STREAM_BOT + p, n)


@kernel
def is_random(S, p):
    return S.bp[p, BP_RANDOM] > 0.5


@kernel
def plans(S, p):
    return S.bp[p, BP_PLAN] > 0.5


@kernel
def new_game_bots(K, S):
    H.new_game(K, S)


@kernel
def new_round_bots(K, S):
    H.new_round(K, S)


@kernel
def choose_recruit(K, S, p, pick):
    if is_random(S, p):
        n = recruit_options(K, S, p)
        k = _rnd(S, p, n)
        return S.opts[k, 0], S.opts[k, 1]
    return H.recruit(K, S, p, pick, plans(S, p))


@kernel
def choose_discard2p(K, S, p):
    if is_random(S, p):
        n = 0
        for s in range(NSPACE):
            if S.bd[BD_TRC + s] >= 0:
                n += 1
        k = _rnd(S, p, n)
        for s in range(NSPACE):
            if S.bd[BD_TRC + s] >= 0:
                if k == 0:
                    return s
                k -= 1
    return H.discard2p(K, S, p, plans(S, p))


@kernel
def choose_sketal_die(K, S, p, row):
    if is_random(S, p):
        n = 0
        for c in range(9):
            if S.bd[BD_RES + c] > 0:
                n += 1
        k = _rnd(S, p, n)
        for c in range(9):
            if S.bd[BD_RES + c] > 0:
                if k == 0:
                    return c
                k -= 1
    return H.sketal_die(K, S, p, row, plans(S, p))


@kernel
def choose_reroll(K, S, p):
    """REROLL: (op, b, c, d, e, f) fields a..f of the row."""
    if is_random(S, p):
        n = reroll_options(K, S, p)
        if n == 1 or _rnd(S, p, 2) == 0:
            return OP_STOP, -1, -1, -1, -1, -1
        k = 1 + _rnd(S, p, n - 1)
        o = S.opts[k]
        return o[0], o[1], o[2], o[3], o[4], o[5]
    if plans(S, p):
        return H.reroll(K, S, p)
    return G.reroll(K, S, p)


@kernel
def choose_resolve(K, S, p, items, rows, m):
    """RESOLVE: the row of the item to resolve next among the m pending ones."""
    if is_random(S, p):
        # distinct rows (duplicates are the same spell kind: one option)
        nd = 0
        for i in range(m):
            dup = False
            for j in range(i):
                if rows[j] == rows[i]:
                    dup = True
            if not dup:
                nd += 1
        k = _rnd(S, p, nd)
        for i in range(m):
            dup = False
            for j in range(i):
                if rows[j] == rows[i]:
                    dup = True
            if not dup:
                if k == 0:
                    return rows[i]
                k -= 1
    return H.resolve(K, S, p, items, rows, m, plans(S, p))


@kernel
def choose_cromaug(K, S, p, cromaug):
    if is_random(S, p):
        n = 1
        cem = S.cd[CD_CEM]
        for r in range(K.setup[SET_NC]):
            if cem[r] != 0 and r != cromaug:
                n += 1
        k = _rnd(S, p, n)
        if k == 0:
            return -1
        k -= 1
        for r in range(K.setup[SET_NC]):
            if cem[r] != 0 and r != cromaug:
                if k == 0:
                    return r
                k -= 1
    return H.cromaug(K, S, p, cromaug, plans(S, p))


@kernel
def choose_lose(K, S, p):
    if is_random(S, p):
        n = lose_options(S, p)
        k = _rnd(S, p, n)
        return S.opts[k, 0], S.opts[k, 1]
    return H.lose(K, S, p, plans(S, p))


@kernel
def choose_province_move(K, S, p, moved):
    if is_random(S, p):
        n = province_options(K, S, p, moved)
        k = _rnd(S, p, n)
        return S.opts[k, 0], S.opts[k, 1], S.opts[k, 2]
    if plans(S, p):
        return H.province_move(K, S, p, moved)
    return G.province_move(K, S, p, moved)


@kernel
def choose_archi_move(K, S, p):
    if is_random(S, p):
        n = archi_options(K, S, p)
        k = _rnd(S, p, n)
        return S.opts[k, 0], S.opts[k, 1]
    if plans(S, p):
        return H.archi_move(K, S, p)
    return G.archi_move(K, S, p)
