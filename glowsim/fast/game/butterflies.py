"""The butterfly tokens' decisions (docs/rules.md D7, D14): the tokens given back after an
exchange or to pay a cost, and the action tokens used at noon and in the afternoon."""
from __future__ import annotations

from ..bots.policy import choose_action, choose_give
from ..jit import kernel
from ..kernel.bag import draw, give_back, is_action
from ..kernel.ktables import SET_BFUSE, SET_NBF
from ..kernel.journal import log_decision
from ..kernel.state import BD_BF, BD_IGN, G_BAG, G_CNTP, MAXBF, P_NCOMP, P_NSPELL
from ...content.dawncodes import USE_IGNORE_CODE
from ...spec.decisions import ACTION, BUTTERFLY_GIVE, GIVE_COST, GIVE_EXCHANGE
from .lose import lose_companion_or_spell


@kernel
def has_give(K, S, p):
    """Whether p holds a returnable token."""
    for c in range(K.setup[SET_NBF]):
        if S.bd[BD_BF + MAXBF * p + c] > 0:
            return True
    return False


@kernel
def exchange(K, S, p, n):
    """`exchange_butterflies: n` (D14): n draws, then n returnable tokens given back, chosen
    one at a time (all of them when fewer are held)."""
    draw(K, S, p, n)
    for _ in range(n):
        if not has_give(K, S, p):
            break
        code = choose_give(K, S, p)
        log_decision(S, p, BUTTERFLY_GIVE, code, GIVE_EXCHANGE, -1, -1, -1, -1)
        give_back(S, p, code)


@kernel
def pay(K, S, p, n):
    """A butterfly cost (D7): n returnable tokens of the bot's choice, one at a time."""
    for _ in range(n):
        code = choose_give(K, S, p)
        log_decision(S, p, BUTTERFLY_GIVE, code, GIVE_COST, -1, -1, -1, -1)
        give_back(S, p, code)


@kernel
def has_action(K, S, p):
    """Whether an ACTION decision is asked: p holds a usable action token (a discard token
    with a companion or a spell to lose; an ignore token with an element not yet ignored)."""
    for c in range(K.setup[SET_NBF]):
        if S.bd[BD_BF + MAXBF * p + c] <= 0 or not is_action(K, c):
            continue
        if K.setup[SET_BFUSE + c] == USE_IGNORE_CODE:
            if S.bd[BD_IGN + p] != 31:
                return True
        elif S.pl[p, P_NCOMP] > 0 or S.pl[p, P_NSPELL] > 0:
            return True
    return False


@kernel
def offer_actions(K, S, p):
    """A moment of noon or of the afternoon (D14): the bot may use action tokens, one after
    the other, until it uses none."""
    if S.g[G_BAG] == 0:
        return
    while has_action(K, S, p):
        code, element = choose_action(K, S, p)
        log_decision(S, p, ACTION, code, element, -1, -1, -1, -1)
        if code < 0:
            return
        give_back(S, p, code)
        if K.setup[SET_BFUSE + code] == USE_IGNORE_CODE:
            S.bd[BD_IGN + p] |= 1 << element
            S.g[G_CNTP] = -1
        else:
            lose_companion_or_spell(K, S, p)
