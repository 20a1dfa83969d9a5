"""The Dawn sets of a game (docs/rules.md D1, D16): which are in play, which replace base
companions, and so which companions are in the game's deck."""
from __future__ import annotations

from ...seeding import STREAM_SETUP
from ..jit import inline, kernel
from .ktables import (IT_REPL, IT_SET, REPL_EACH, REPL_ONE_IF_ALL, SET_DAWN, SET_MINSETS,
                      SET_NSETS, SET_RMODE)
from .state import G_REPL, G_SETS, MT_REPL, MT_SETS
from .streams import nb_uniform_int


@inline
def in_deck(K, S, r):
    """D1: whether companion row r is in the game's deck: a set's card when its set is in play,
    a base card unless a set in play that replaces takes it out (every base card in a base
    game)."""
    if K.setup[SET_DAWN] == 0:
        return True
    st = K.item[r, IT_SET]
    if st >= 0:
        return ((S.g[G_SETS] >> st) & 1) != 0
    return (K.item[r, IT_REPL] & S.g[G_REPL]) == 0


@kernel
def draw_sets(K, S, n):
    """D1 (the setup stream's first draws): the sets in play and those replacing (G_SETS,
    G_REPL) from the chosen ones: at 5 and 6 players, random unchosen sets added (content
    order) up to the minimum, and at 5 players with all three in play one drawn to replace."""
    sets = S.mt[MT_SETS]
    repl = S.mt[MT_REPL]
    if n > 4:
        i = n - 5
        nsets = K.setup[SET_NSETS]
        have = 0
        for s in range(nsets):
            have += (sets >> s) & 1
        while have < K.setup[SET_MINSETS + i]:
            k = nb_uniform_int(S.streams, STREAM_SETUP, nsets - have)
            for s in range(nsets):
                if ((sets >> s) & 1) == 0:
                    if k == 0:
                        sets |= 1 << s
                        break
                    k -= 1
            have += 1
        mode = K.setup[SET_RMODE + i]
        repl = 0
        if mode == REPL_EACH:
            repl = sets
        elif mode == REPL_ONE_IF_ALL and have == nsets:
            k = nb_uniform_int(S.streams, STREAM_SETUP, nsets)
            repl = 1 << k
    S.g[G_SETS] = sets
    S.g[G_REPL] = repl
