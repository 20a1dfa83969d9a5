"""The steps a Dawn game adds to a round (docs/rules.md D8, D10): the pink die's immediate
rerolls and the multi dice's jokers in the late morning, Hulios's swap step before noon."""
from __future__ import annotations

from ...content.dawncodes import (JOKER as FACE_JOKER, LIGHT_GREEN, MULTI,
                                 REROLL_NOW as FACE_NOW, SWAP as FACE_SWAP)
from ..bots.dawn import face_of
from ..bots.policy import choose_joker, choose_reroll_now, choose_swap
from ..jit import kernel
from ..kernel.dice import cursed_symbol, is_effective, roll_seat
from ..kernel.effects import add_companion, bring_black_die, find_companion, leave_play
from ..kernel.journal import log_decision
from ..kernel.ktables import IT_BLACK, IT_SKETAL
from ..kernel.state import (CD_SWAP, CD_CEM, DF_USED, G_CNTP, G_NSWAP, P_ND, P_SWAPS, PD_COL,
                            PD_FACE, PD_FL)
from ...spec.decisions import JOKER, REROLL_NOW, SWAP
from .morning import new_recruit_row, take_sketal_die


@kernel
def reroll_now(K, S, p):
    """D8: while a die shows `reroll_now` (the first in p's list), it is rerolled at once, free,
    with one other die of the bot's choice or none."""
    d = S.pd[p]
    while True:
        pink = -1
        for j in range(S.pl[p, P_ND]):
            if K.dsym[d[PD_COL, j], d[PD_FACE, j]] == FACE_NOW:
                pink = j
                break
        if pink < 0:
            return
        other = choose_reroll_now(K, S, p, pink)
        log_decision(S, p, REROLL_NOW, pink, other, -1, -1, -1, -1)
        d[PD_FACE, pink] = roll_seat(S, p)
        if other >= 0:
            d[PD_FACE, other] = roll_seat(S, p)


@kernel
def set_jokers(K, S, p):
    """D8: every effective multi die showing the joker is turned, free, to an element the bot
    chooses, in list order; whether any was."""
    d = S.pd[p]
    any_set = False
    for j in range(S.pl[p, P_ND]):
        if d[PD_COL, j] != MULTI or K.dsym[MULTI, d[PD_FACE, j]] != FACE_JOKER:
            continue
        if not is_effective(K, S, p, j, cursed_symbol(K, S, p)):
            continue
        e = choose_joker(K, S, p, j)
        log_decision(S, p, JOKER, j, e, -1, -1, -1, -1)
        d[PD_FACE, j] = face_of(K, MULTI, e)
        any_set = True
    return any_set


@kernel
def swap_step(K, S, p):
    """D10: for each effective light green die showing `swap`, not yet used, in list order:
    the bot swaps a companion for the swap deck's top card (the companion under the deck, the
    card taken in as the latest recruit: no dice, a Sketal's die from the next round, Kaar's
    black die into play) or skips (the top card goes under); the die is used."""
    d = S.pd[p]
    box = S.cd[CD_SWAP]
    nb = S.g[G_NSWAP]
    for j in range(S.pl[p, P_ND]):
        if (d[PD_FL, j] & DF_USED) != 0 or d[PD_COL, j] != LIGHT_GREEN or \
                K.dsym[LIGHT_GREEN, d[PD_FACE, j]] != FACE_SWAP:
            continue
        if not is_effective(K, S, p, j, cursed_symbol(K, S, p)):
            continue
        d[PD_FL, j] |= DF_USED
        if nb == 0:
            continue
        top = box[0]
        row = choose_swap(K, S, p)
        log_decision(S, p, SWAP, row, -1, -1, -1, -1, -1)
        for i in range(nb - 1):
            box[i] = box[i + 1]
        if row < 0:
            box[nb - 1] = top
            continue
        S.pl[p, P_SWAPS] += 1
        leave_play(S, p, find_companion(S, p, row))
        S.cd[CD_CEM, row] = 0      # under the swap deck, not in the cemetery
        box[nb - 1] = row
        rec = new_recruit_row(S, p, top, -1, 0)
        k = add_companion(S, p, top, rec)
        if K.item[top, IT_SKETAL] >= 0:
            take_sketal_die(K, S, p, k, True)
        if K.item[top, IT_BLACK] != 0:
            bring_black_die(K, S, False)
        S.g[G_CNTP] = -1           # the effective counts change with the companions (D9)
