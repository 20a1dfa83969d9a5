"""Noon of a Dawn game (docs/rules.md D6, D7, D10, D13, D14; the base order of E3): the swap
step, the sixth faces, then every card and spell, the triggers counted on the Dawn dice, costs
paid per application and remaining applications judged again after every effect.

Items without a cost are resolved once each, in the order the player chooses, as in the base
game (R5); an item with a cost stays pending while it has applications left: it is offered
whenever its owner can pay, and noon ends when nothing is left that can be applied.
"""
from __future__ import annotations

from ..content import codes as C
from ..content import dawncodes as DC
from ..spec import decisions as D
from . import butterflies as BF
from .dawndice import counts, deciding_black, k_elements
from .noon import _amount_text, apply_flags, pending_items
from .triggers import trigger_count


def count(game, p, row: int) -> int:
    """How many times item `row` applies now (R5 caps: discard_self cards and spells once)."""
    t, dt = game.t, game.dawn
    eff = game.effective(p)
    el = dt.elements[row]
    if el is not None:
        k = k_elements(t, eff)
        n = 1 if el[0] <= k <= el[1] else 0     # D6
    else:
        n = trigger_count(t, row, counts(t, eff))
    if t.eff_flags[row] & C.FLAG_DISCARD_SELF or t.item_kind[row] == C.KIND_SPELL:
        n = min(n, 1)
    return n


def held(game, p, resource: int) -> int:
    """The tokens that pay a cost (D7): reroll, footprint, firefly or returnable butterfly."""
    if resource == DC.COST_REROLLS:
        return p.tokens
    if resource == DC.COST_FOOTPRINTS:
        return p.footprints
    if resource == DC.COST_FIREFLIES:
        return p.fireflies
    if resource == DC.COST_BUTTERFLIES:
        return BF.returnable(game, p)
    return 0


def payable(game, p, row: int) -> bool:
    resource, n = game.dawn.cost[row]
    return held(game, p, resource) >= n


def pay(game, p, row: int) -> None:
    resource, n = game.dawn.cost[row]
    if resource == DC.COST_REROLLS:
        p.tokens -= n
    elif resource == DC.COST_FOOTPRINTS:
        p.footprints -= n
    elif resource == DC.COST_FIREFLIES:
        p.fireflies -= n
    else:
        BF.pay(game, p, n)
        return
    game.say(f"    P{p.seat} pays {n} {DC.COST_NAMES[resource].rstrip('s')} token{'s' if n > 1 else ''}")


def apply(game, p, row: int, n: int, spell=None) -> None:
    """n applications of item `row`'s effect: the amounts, the butterfly draws, the cost (a
    cost item applies once per call), the discard of D13, then the flags (E3)."""
    t, dt, st = game.t, game.dawn, game.state
    if t.item_kind[row] == C.KIND_SPELL:
        p.spells.remove(spell)
        st.spells_spent.append(row)
    amt = t.eff_amount[row]
    bursts, fps, ffl, rr = (int(amt[i]) * n for i in range(4))
    game.add_amounts(p, bursts=bursts, footprints=fps, fireflies=ffl, rerolls=rr)
    p.stats["effect_bursts"] += bursts
    idx = game.recruit_index.get((p.seat, row))
    if idx is not None and t.item_kind[row] == C.KIND_COMPANION:
        game.recruits[idx]["effect_bursts"] += bursts
    game.say(f"    {game.name(row)} x{n}: " + _amount_text(bursts, fps, ffl, rr))
    if dt.butterflies[row]:
        BF.draw(game, p, dt.butterflies[row] * n)
    if dt.exchange[row]:
        BF.exchange(game, p, dt.exchange[row] * n)
    if dt.cost[row][0] != DC.COST_NONE:
        pay(game, p, row)
    if dt.lose[row]:
        for _ in range(n):
            game.lose_companion_or_spell(p, f"{game.name(row)}")
    apply_flags(game, p, t, row)


def face_effects(game, p) -> None:
    """R1/E3 on the Dawn dice: the deciding black die's curse -2 (D9), footprint +2 and burst
    +3 on effective dice, in the dice's order."""
    t = game.t
    black = deciding_black(t, p)
    eff = {id(d) for d in game.effective(p)}
    for d in p.dice:
        s = game.symbol(d)
        if d.gone:
            continue
        if d is black and s == C.CURSE:
            game.add_score(p, -2)
            p.stats["dice_bursts"] -= 2
            game.say(f"    curse: P{p.seat} loses 2 bursts; only the black die is ignored")
        elif id(d) in eff and s == C.FOOTPRINT:
            game.add_amounts(p, footprints=2)
            game.say("    footprint face: +2 footprints")
        elif id(d) in eff and s == C.BURST:
            game.add_score(p, 3)
            p.stats["dice_bursts"] += 3
            game.say("    burst face: +3 bursts")
    if black is not None and game.symbol(black) < C.N_ELEMENTS:
        game.say(f"    curse: P{p.seat} ignores every die showing {C.SYMBOLS[game.symbol(black)]}")


def swap_step(game, p) -> None:
    """D10: for each effective light green die showing `swap`, not yet used: swap a companion
    for the swap deck's top card, or skip (the top card goes under); the die is used."""
    st = game.state
    deck = st.dawn.swap_deck
    for i in range(len(p.dice)):
        d = p.dice[i]
        if d.used or d.color != DC.LIGHT_GREEN or game.symbol(d) != DC.SWAP \
                or not any(x is d for x in game.effective(p)):
            continue
        d.used = True
        if not deck:
            continue
        top = deck[0]
        legal = [D.pad(-1)] + [D.pad(r) for r in p.companions]
        row = game.ask(p.seat, D.SWAP, legal)[0]
        deck.pop(0)
        if row < 0:
            deck.append(top)
            game.say(f"    P{p.seat} skips the swap: {game.name(top)} goes under the swap deck")
            continue
        p.stats["swaps"] += 1
        game.leave_play(p, row, "swapped", to_cemetery=False)
        deck.append(row)
        game.say(f"    P{p.seat} swaps {game.name(row)} for {game.name(top)}")
        game.take_in(p, top)


def noon(game, p) -> None:
    """One player's Dawn noon."""
    t, st, dt = game.t, game.state, game.dawn
    game.at_noon = True
    try:
        _noon(game, p)
    finally:
        game.at_noon = False


def _noon(game, p) -> None:
    t, st, dt = game.t, game.state, game.dawn
    swap_step(game, p)
    face_effects(game, p)
    done: set = set()      # rows and id() of spell tokens resolved (items without a cost)
    applied: dict = {}     # row -> applications made (items with a cost)
    for row in list(p.companions):     # Cromaug first (R5)
        if t.eff_flags[row] & C.FLAG_RESURRECT and row in p.companions and \
                dt.cost[row][0] == DC.COST_NONE and count(game, p, row) > 0:
            done.add(row)
            apply(game, p, row, count(game, p, row))
    while True:
        BF.offer_actions(game, p)
        cands = []
        for row, spell in pending_items(p, st.round, done):
            if dt.cost[row][0] == DC.COST_NONE:
                cands.append((row, spell))
            elif count(game, p, row) > applied.get(row, 0) and payable(game, p, row):
                cands.append((row, spell))
        if not cands:
            break
        if len(cands) == 1:
            row, spell = cands[0]
        else:
            row = game.ask(p.seat, D.RESOLVE, sorted({D.pad(r) for r, _ in cands}))[0]
            spell = next(sp for r, sp in cands if r == row)
        if dt.cost[row][0] == DC.COST_NONE:
            done.add(id(spell) if spell is not None else row)
            n = count(game, p, row)
            if n:
                apply(game, p, row, n, spell)
            continue
        # D7: one application at a time, each paid, while it applies and can be paid
        while (row in p.companions or row == p.adventurer) and \
                count(game, p, row) > applied.get(row, 0) and payable(game, p, row):
            applied[row] = applied.get(row, 0) + 1
            apply(game, p, row, 1, spell)


def noon_phase(game) -> None:
    """Noon of a Dawn game: each player in turn order (E1)."""
    st = game.state
    for seat in st.turn_order():
        game.say(f"  P{seat} resolves:")
        noon(game, st.players[seat])
