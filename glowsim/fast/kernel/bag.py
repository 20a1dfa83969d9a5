"""The butterfly bag of a Dawn game with the Anibloom (docs/rules.md D14, D15): the tokens in
the bag, aside and held (``S.bd[BD_BAG + code]``, ``BD_ASIDE + code``, ``BD_BF + 16 p +
code``), draws with the meeting track's dice, the end-of-round return and the end-game count.
The decisions (tokens given back, action tokens) are in glowsim/fast/game/butterflies.py."""
from __future__ import annotations

from ..jit import inline, kernel
from .effects import add_amounts, add_score
from .journal import draw_index
from ...content.dawncodes import (BF_ACTION, BF_COLOUR, BF_INSTANT, COST_BUTTERFLIES,
                                 COST_FIREFLIES, COST_FOOTPRINTS, COST_REROLLS)
from .ktables import (SET_BFALL, SET_BFCOPIES, SET_BFGAIN, SET_BFKIND, SET_BFMISS, SET_CB, SET_NBF,
                      SET_NCB)
from .state import (BD_ASIDE, BD_BAG, BD_BF, BD_IGN, G_BAG, G_N, MAXBF, P_BF_DRAWN, P_FIRE, P_FOOT,
                    P_TOK)


@inline
def bag_size(K, S):
    """Tokens in the bag."""
    t = 0
    for c in range(K.setup[SET_NBF]):
        t += S.bd[BD_BAG + c]
    return t


@inline
def returnable(K, S, p):
    """Colour and action tokens p holds (they pay costs, D7)."""
    t = 0
    for c in range(K.setup[SET_NBF]):
        t += S.bd[BD_BF + MAXBF * p + c]
    return t


@kernel
def held(K, S, p, resource):
    """The tokens that pay a cost (D7): reroll, footprint, firefly or returnable butterfly."""
    if resource == COST_REROLLS:
        return S.pl[p, P_TOK]
    if resource == COST_FOOTPRINTS:
        return S.pl[p, P_FOOT]
    if resource == COST_FIREFLIES:
        return S.pl[p, P_FIRE]
    if resource == COST_BUTTERFLIES:
        return returnable(K, S, p)
    return 0


@kernel
def fill_bag(K, S):
    """D14: a full bag at setup (a game with the Anibloom), no token aside or held, no
    element ignored."""
    for c in range(MAXBF):
        S.bd[BD_BAG + c] = K.setup[SET_BFCOPIES + c] if S.g[G_BAG] != 0 and c < K.setup[SET_NBF] else 0
        S.bd[BD_ASIDE + c] = 0
        for p in range(S.g[G_N]):
            S.bd[BD_BF + MAXBF * p + c] = 0
    for p in range(S.g[G_N]):
        S.bd[BD_IGN + p] = 0


@kernel
def draw_one(K, S, p):
    """Take one token from the bag (it holds one): an instant token's gain at once, the token
    aside; a colour or action token held.  The token code."""
    i = draw_index(S, bag_size(K, S))
    code = 0
    while i >= S.bd[BD_BAG + code]:
        i -= S.bd[BD_BAG + code]
        code += 1
    S.bd[BD_BAG + code] -= 1
    S.pl[p, P_BF_DRAWN] += 1
    if K.setup[SET_BFKIND + code] == BF_INSTANT:
        S.bd[BD_ASIDE + code] += 1
        g = SET_BFGAIN + 4 * code
        add_amounts(K, S, p, K.setup[g], K.setup[g + 1], K.setup[g + 2], K.setup[g + 3])
    else:
        S.bd[BD_BF + MAXBF * p + code] += 1
    return code


@kernel
def draw(K, S, p, n):
    """`butterflies: n` (D14): n draws; from a bag with fewer, all that are left and the
    missing-token bursts per token missing (no bag in the game: every token is missing)."""
    left = bag_size(K, S) if S.g[G_BAG] != 0 else 0
    m = n if n < left else left
    for _ in range(m):
        draw_one(K, S, p)
    if n > m:
        add_score(K, S, p, (n - m) * K.setup[SET_BFMISS])


@inline
def give_back(S, p, code):
    """A held token given back: aside until the end of the round."""
    S.bd[BD_BF + MAXBF * p + code] -= 1
    S.bd[BD_ASIDE + code] += 1


@kernel
def end_of_round(K, S):
    """D14: the tokens aside go back into the bag; ignored elements count again."""
    for c in range(K.setup[SET_NBF]):
        S.bd[BD_BAG + c] += S.bd[BD_ASIDE + c]
        S.bd[BD_ASIDE + c] = 0
    for p in range(S.g[G_N]):
        S.bd[BD_IGN + p] = 0


@inline
def colour_score(K, k):
    """D15: the bursts of k colour tokens of one colour."""
    top = K.setup[SET_NCB] - 1
    return K.setup[SET_CB + (k if k < top else top)]


@kernel
def butterfly_bursts(K, S, p):
    """D15: per colour, the bursts for the colour tokens held; the all-colours bonus once for a
    token of every colour."""
    if S.g[G_BAG] == 0:
        return 0
    total = 0
    every = True
    any_colour = False
    for c in range(K.setup[SET_NBF]):
        if K.setup[SET_BFKIND + c] != BF_COLOUR:
            continue
        any_colour = True
        k = S.bd[BD_BF + MAXBF * p + c]
        total += colour_score(K, k)
        if k <= 0:
            every = False
    if any_colour and every:
        total += K.setup[SET_BFALL]
    return total


@inline
def is_action(K, code):
    return K.setup[SET_BFKIND + code] == BF_ACTION
