"""Noon of a Dawn game (docs/rules.md D6, D7, D10, D13; the base order of E3): the swap step,
the sixth faces, then every card and spell, triggers counted on the Dawn dice, costs paid per
application and the remaining applications judged again after every effect.

Items without a cost are resolved once each, in the order the bot chooses, as in the base
game (R5); an item with a cost stays pending while it has applications left: it is offered
whenever its owner can pay, and noon ends when nothing is left that can be applied.
"""
from __future__ import annotations

from ...content import codes as C
from ...content.dawncodes import (COST_BUTTERFLIES, COST_FIREFLIES, COST_FOOTPRINTS, COST_NONE,
                                 COST_REROLLS)
from ..bots.policy import choose_resolve
from ..jit import inline, kernel
from ..kernel.effects import add_amounts, find_companion, leave_play, remove_spell
from ..kernel.journal import log_decision
from ..kernel.bag import draw, held
from ..kernel.ktables import IT_AMT, IT_BF, IT_COSTN, IT_COSTR, IT_EX, IT_FLAGS, IT_KIND, IT_LOSE
from ..kernel.state import (G_ATNOON, G_BAG, G_CNTP, G_N, P_ADV, P_EFFECT_BURSTS, P_FIRE, P_FOOT,
                            P_NCOMP, P_TOK, PC_APPL, PC_NOON, PC_REC, PS_NOON, R_EFFB)
from ..kernel.triggers import applied_count
from ...spec.decisions import RESOLVE
from .butterflies import exchange, has_action, offer_actions, pay as pay_butterflies
from .dawn import swap_step
from .lose import lose_companion_or_spell
from .noon import (ITEM_ADVENTURER, ITEM_SPELL, cast_spells, open_noon, pending_items,
                   refresh_counts, resurrect)


@inline
def count(K, S, p, row):
    """How many times item row applies now (R5 caps; D6 `elements` triggers)."""
    refresh_counts(K, S, p)
    return applied_count(K, row, S.work[0].counts)


@inline
def payable(K, S, p, row):
    return held(K, S, p, K.item[row, IT_COSTR]) >= K.item[row, IT_COSTN]


@inline
def pay(K, S, p, row):
    """D7: the cost paid in full, after the card's gains."""
    resource = K.item[row, IT_COSTR]
    n = K.item[row, IT_COSTN]
    if resource == COST_REROLLS:
        S.pl[p, P_TOK] -= n
    elif resource == COST_FOOTPRINTS:
        S.pl[p, P_FOOT] -= n
    elif resource == COST_FIREFLIES:
        S.pl[p, P_FIRE] -= n
    elif resource == COST_BUTTERFLIES:
        pay_butterflies(K, S, p, n)


@kernel
def apply(K, S, p, row, n, spell_idx):
    """n applications of item row's effect: the amounts, the butterfly draws and exchanges
    (D14), the cost (an item with a cost applies once per call), the discard of D13, then the
    flags (E3)."""
    if spell_idx >= 0:
        remove_spell(S, p, spell_idx)
    it = K.item[row]
    b = it[IT_AMT + C.EFF_BURSTS] * n
    add_amounts(K, S, p, b, it[IT_AMT + C.EFF_FOOTPRINTS] * n,
                it[IT_AMT + C.EFF_FIREFLIES] * n, it[IT_AMT + C.EFF_REROLLS] * n)
    S.pl[p, P_EFFECT_BURSTS] += b
    if it[IT_KIND] == C.KIND_COMPANION:
        k = find_companion(S, p, row)
        if k >= 0 and S.pc[p, PC_REC, k] >= 0:
            S.rc[S.pc[p, PC_REC, k], R_EFFB] += b
    if it[IT_BF] != 0:
        draw(K, S, p, it[IT_BF] * n)
    if it[IT_EX] != 0:
        exchange(K, S, p, it[IT_EX] * n)
    if it[IT_COSTR] != COST_NONE:
        pay(K, S, p, row)
    if it[IT_LOSE] != 0:
        for _ in range(n):
            lose_companion_or_spell(K, S, p)
    flags = it[IT_FLAGS]
    if (flags & C.FLAG_DISCARD_LAST) != 0:
        nc = S.pl[p, P_NCOMP]
        if nc > 0:
            leave_play(S, p, nc - 1)
    if (flags & C.FLAG_CAST_SPELLS) != 0:
        cast_spells(S, p)
    if (flags & C.FLAG_DISCARD_SELF) != 0:
        k = find_companion(S, p, row)
        if k >= 0:
            leave_play(S, p, k)
    if (flags & C.FLAG_RESURRECT) != 0:
        resurrect(K, S, p, row)
    S.g[G_CNTP] = -1   # D9: Kaar coming or going sets Zay'Drel's large black die aside or back


@inline
def applied(S, p, it, adv_appl):
    """Applications of pending item `it` made this noon (items with a cost)."""
    if it == ITEM_ADVENTURER:
        return adv_appl
    if it >= ITEM_SPELL:
        return 0
    return S.pc[p, PC_APPL, it]


@kernel
def player_noon(K, S, p):
    """p's Dawn noon: the swap step (D10), the faces, Cromaug first (R5), then the items one
    at a time in the bot's order, those with a cost each time they apply and can be paid (D7)."""
    S.g[G_ATNOON] = 1
    swap_step(K, S, p)
    nr = open_noon(K, S, p)
    items = S.work[0].items
    rows = S.work[0].rows
    crom = S.work[0].crom
    adv_done = False
    adv_appl = 0
    for i in range(nr):
        k = find_companion(S, p, crom[i])
        if k < 0:
            continue
        c = count(K, S, p, crom[i])
        if c > 0:
            S.pc[p, PC_NOON, k] = 1
            apply(K, S, p, crom[i], c, -1)
    while True:
        if S.g[G_BAG] != 0 and has_action(K, S, p):   # offer_actions' own test, before its call
            offer_actions(K, S, p)
        m = pending_items(S, p, adv_done, items, rows)
        nc = 0   # the candidates: items without a cost, and those with one that apply and are paid
        for i in range(m):
            r = rows[i]
            if K.item[r, IT_COSTR] == COST_NONE or (
                    count(K, S, p, r) > applied(S, p, items[i], adv_appl) and payable(K, S, p, r)):
                items[nc] = items[i]
                rows[nc] = r
                nc += 1
        if nc == 0:
            S.g[G_ATNOON] = 0
            break
        sel = 0
        if nc > 1:
            row = choose_resolve(K, S, p, items, rows, nc)
            log_decision(S, p, RESOLVE, row, -1, -1, -1, -1, -1)
            while rows[sel] != row:
                sel += 1
        it = items[sel]
        row = rows[sel]
        if K.item[row, IT_COSTR] == COST_NONE:
            if it == ITEM_ADVENTURER:
                adv_done = True
            elif it >= ITEM_SPELL:
                S.ps[p, PS_NOON, it - ITEM_SPELL] = 1
            else:
                S.pc[p, PC_NOON, it] = 1
            c = count(K, S, p, row)
            if c > 0:
                apply(K, S, p, row, c, it - ITEM_SPELL if it >= ITEM_SPELL else -1)
            continue
        # D7: one application at a time, each paid, while it applies and can be paid
        while True:
            if row == S.pl[p, P_ADV]:
                k = -1
                done_n = adv_appl
            else:
                k = find_companion(S, p, row)
                if k < 0:
                    break
                done_n = S.pc[p, PC_APPL, k]
            if not (count(K, S, p, row) > done_n and payable(K, S, p, row)):
                break
            if k < 0:
                adv_appl += 1
            else:
                S.pc[p, PC_APPL, k] += 1
            apply(K, S, p, row, 1, -1)


@inline
def noon(K, S):
    """Every player's Dawn noon in turn order (E1)."""
    for pick in range(S.g[G_N]):
        player_noon(K, S, S.work[0].turn[pick])
