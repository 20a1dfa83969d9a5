"""(placeholder during development: first legal option)"""
from ..jit import kernel
from ..legal import (OP_STOP, archi_options, lose_options, province_options, recruit_options)
from ..state import BD_RES, BD_TRC, NSPACE


@kernel
def new_game(K, S):
    pass


@kernel
def new_round(K, S):
    pass


@kernel
def recruit(K, S, p, pick, plan):
    recruit_options(K, S, p)
    return S.opts[0, 0], S.opts[0, 1]


@kernel
def discard2p(K, S, p, plan):
    for s in range(NSPACE):
        if S.bd[BD_TRC + s] >= 0:
            return s
    return -1


@kernel
def sketal_die(K, S, p, row, plan):
    for c in range(9):
        if S.bd[BD_RES + c] > 0:
            return c
    return -1


@kernel
def reroll(K, S, p):
    return OP_STOP, -1, -1, -1, -1, -1


@kernel
def resolve(K, S, p, items, rows, m, plan):
    return rows[0]


@kernel
def cromaug(K, S, p, cromaug, plan):
    return -1


@kernel
def lose(K, S, p, plan):
    lose_options(S, p)
    return S.opts[0, 0], S.opts[0, 1]


@kernel
def province_move(K, S, p, moved):
    n = province_options(K, S, p, moved)
    return S.opts[n - 1, 0], S.opts[n - 1, 1], S.opts[n - 1, 2]


@kernel
def archi_move(K, S, p):
    n = archi_options(K, S, p)
    return S.opts[n - 1, 0], S.opts[n - 1, 1]
