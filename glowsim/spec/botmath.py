"""The numeric tables both engines' bots read, built here once: the Poisson survival table,
the reach factor, each die colour's face probabilities and the step distances of a board,
with the integer power both compute them with.

The reference engine's heuristic bot (glowsim/engine/heuristic/tables.py) and the fast path's
kernel tables (glowsim/fast/kernel/ktables.py) take these very arrays: the reference bot must
make the same choices as the kernels, down to the last bit of every value it compares.
"""
from __future__ import annotations

import math

import numpy as np

from ..content import codes as C

# Poisson survival table: surv[i, m] = P(N >= m), N ~ Poisson(i * LSTEP)
LSTEP = 0.05
NL = 241
MAXK = 16
# reach factor: a target d steps away with f afternoons left (STEPS_PER_ROUND steps each)
NREACH = 128
NFUT = 24
STEPS_PER_ROUND = 2.5
ARCH_GAMMA = 0.7           # discount per further boat move on the Archipelago (island potentials)
MAX_VILLAGES = 16          # the bots look at the first 16 villages of the Province
UNREACHABLE = 10 ** 6      # board distance between unconnected spaces


def int_power(x: float, n: int) -> float:
    """``x ** n`` for an integer n >= 0 as numba computes it (square and multiply), which can
    differ in the last bit from Python's ``x ** n`` (the C library's pow)."""
    if n > 0x10000:   # numba's cut-off: the generic pow
        return math.pow(x, float(n))
    r = 1.0
    while n != 0:
        if n & 1:
            r *= x
        n >>= 1
        x *= x
    return r


def poisson_survival() -> np.ndarray:
    """float64[NL, MAXK]: surv[i, m] = P(N >= m) for N ~ Poisson(i * LSTEP)."""
    surv = np.zeros((NL, MAXK))
    for i in range(NL):
        lam = i * LSTEP
        pmf = np.zeros(MAXK + 40)
        pmf[0] = np.exp(-lam)
        for m in range(1, len(pmf)):
            pmf[m] = pmf[m - 1] * lam / m
        for m in range(MAXK):
            surv[i, m] = max(0.0, 1.0 - pmf[:m].sum()) if m else 1.0
    return surv


def reach_table() -> np.ndarray:
    """float64[NREACH, NFUT]: reach[d, f], the worth of a target d steps away with f afternoons
    left: 1 within STEPS_PER_ROUND steps a round, then decaying; 3% less per step."""
    reach = np.zeros((NREACH, NFUT))
    for d in range(NREACH):
        for f in range(1, NFUT):
            r = STEPS_PER_ROUND * f
            reach[d, f] = (1.0 if d <= r else np.exp(-(d - r) / 1.5)) * 0.97 ** d
    return reach


def face_probabilities(die_symbol) -> np.ndarray:
    """float64[colours, symbols]: p[c, s], the probability that a die of colour c shows s."""
    p = np.zeros((C.N_COLORS, C.N_SYMBOLS))
    for c in range(C.N_COLORS):
        for f in range(6):
            p[c, int(die_symbol[c, f])] += 1.0 / 6.0
    return p


def board_distances(ptr, to) -> np.ndarray:
    """int64[n, n]: breadth-first step distances between the spaces of a board given as
    adjacency lists (space v's neighbours are to[ptr[v]:ptr[v + 1]]); UNREACHABLE when not
    connected."""
    n = len(ptr) - 1
    d = np.full((n, n), UNREACHABLE, np.int64)
    for s in range(n):
        d[s, s] = 0
        frontier = [s]
        while frontier:
            nxt = []
            for u in frontier:
                for a in range(ptr[u], ptr[u + 1]):
                    w = int(to[a])
                    if d[s, w] > d[s, u] + 1:
                        d[s, w] = d[s, u] + 1
                        nxt.append(w)
            frontier = nxt
    return d
