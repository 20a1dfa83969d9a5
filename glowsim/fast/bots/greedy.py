"""(placeholder during development)"""
from ..jit import kernel
from . import heuristic as H


@kernel
def reroll(K, S, p):
    return H.reroll(K, S, p)


@kernel
def province_move(K, S, p, moved):
    return H.province_move(K, S, p, moved)


@kernel
def archi_move(K, S, p):
    return H.archi_move(K, S, p)
