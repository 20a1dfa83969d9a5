"""(development placeholder: delegates to greedy)"""
from ..jit import kernel
from . import greedy as G


@kernel
def new_game(K, S):
    pass


@kernel
def new_round(K, S):
    pass


@kernel
def recruit(K, S, p, pick):
    return G.recruit(K, S, p)


@kernel
def discard2p(K, S, p):
    return G.discard2p(K, S, p)


@kernel
def sketal_die(K, S, p, row):
    return 0


@kernel
def reroll(K, S, p):
    return G.reroll(K, S, p)


@kernel
def resolve(K, S, p, items, rows, m):
    return G.resolve(K, S, p, rows, m)


@kernel
def cromaug(K, S, p, crom):
    return G.cromaug(K, S, p, crom)


@kernel
def lose(K, S, p):
    return G.lose(K, S, p)


@kernel
def province_move(K, S, p, moved):
    return G.province_move(K, S, p, moved)


@kernel
def archi_move(K, S, p):
    return G.archi_move(K, S, p)
