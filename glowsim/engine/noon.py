"""R5 Noon: sixth faces and the curse, then every card and active spell (order: E3)."""
from __future__ import annotations

from ..content import codes as C
from ..spec import decisions as D
from .dice import effective_dice, symbol_counts
from .state import Spell
from .triggers import applied_count


def current_counts(game, p):
    return symbol_counts(game.t, effective_dice(game.t, p))


def face_effects(game, p) -> None:
    """R1/E3: footprint +2, burst +3 on effective dice; the held black die's curse -2."""
    black = next((d for d in p.dice if d.color == C.BLACK), None)
    dice_faces(game, p, black, effective_dice(game.t, p))


def dice_faces(game, p, black, effective) -> None:
    """The sixth faces in the dice's order: `black` (the die whose curse counts, or None)
    showing the curse -2, footprint +2 and burst +3 on the `effective` dice (shared by the
    base game and Dawn, D9)."""
    eff = {id(d) for d in effective}
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


def resolve(game, p, row: int, spell=None) -> None:
    """Apply one item (`spell`: the token object when the item is a spell): amounts times
    its count, then flags (E3)."""
    t = game.t
    n = applied_count(t, row, current_counts(game, p))
    if n == 0:
        return   # no effect; a spell that did not trigger stays in hand (E4)
    apply_amounts(game, p, row, n, spell)
    apply_flags(game, p, t, row)


def apply_amounts(game, p, row: int, n: int, spell=None) -> None:
    """n applications of item `row`'s amounts (a spell token spent first), counted in the
    player's and the recruit's effect bursts (shared by the base game and Dawn)."""
    t = game.t
    if t.item_kind[row] == C.KIND_SPELL:
        p.spells.remove(spell)
        game.state.spells_spent.append(row)
    amt = t.eff_amount[row]
    bursts, fps, ffl, rr = (int(amt[i]) * n for i in range(4))
    game.add_amounts(p, bursts=bursts, footprints=fps, fireflies=ffl, rerolls=rr)
    p.stats["effect_bursts"] += bursts
    idx = game.recruit_index.get((p.seat, row))
    if idx is not None and t.item_kind[row] == C.KIND_COMPANION:
        game.recruits[idx]["effect_bursts"] += bursts
    game.say(f"    {game.name(row)} x{n}: " + _amount_text(bursts, fps, ffl, rr))


def apply_flags(game, p, t, row) -> None:
    """A card's effect flags after its amounts: discard the last companion, cast the spells,
    discard itself, resurrect (shared by the base game and Dawn)."""
    flags = int(t.eff_flags[row])
    if flags & C.FLAG_DISCARD_LAST:
        last = game.last_companion(p)
        if last >= 0:
            game.leave_play(p, last, f"{game.name(row)}")
    if flags & C.FLAG_CAST_SPELLS:
        cast_spells(game, p)
    if flags & C.FLAG_DISCARD_SELF and row in p.companions:
        game.leave_play(p, row, "discards itself")
    if flags & C.FLAG_RESURRECT:
        resurrect(game, p, row)


def _amount_text(b, f, ff, r) -> str:
    parts = [f"{b:+d} bursts" if b else "", f"{f:+d} footprints" if f else "",
             f"{ff:+d} fireflies" if ff else "", f"{r:+d} reroll tokens" if r else ""]
    return ", ".join(x for x in parts if x) or "no amount"


def cast_spells(game, p) -> None:
    """R5/E4: each other player draws a face-down spell token, active from next round."""
    st = game.state
    n = st.n_players
    for i in range(1, n):
        other = st.players[(p.seat + i) % n]
        if not st.spell_pile:
            game.say(f"    the spell pile is empty: P{other.seat} draws nothing")
            continue
        row = st.spell_pile.pop(0)
        dealt = game.record.setup.get("spell_pile")
        drawn = len(dealt) - len(st.spell_pile) - 1 if dealt is not None else -1
        other.spells.append(Spell(row=row, active_from=st.round + 1, index=drawn))
        game.say(f"    P{other.seat} draws a spell token ({game.name(row)})")


def resurrect(game, p, cromaug: int) -> None:
    """R5/E12: take a companion from the cemetery (not the resurrecting card itself)."""
    st = game.state
    t = game.t
    choices = sorted(set(r for r in st.cemetery if r != cromaug))
    legal = [D.pad(-1)] + [D.pad(r) for r in choices]
    row = game.ask(p.seat, D.CROMAUG, legal)[0]
    if row < 0:
        game.say(f"    P{p.seat} takes nobody back")
        return
    st.cemetery.remove(row)
    p.companions.append(row)
    game.recruit_index[(p.seat, row)] = len(game.recruits)
    game.recruits.append(dict(round=st.round, pick=-1, seat=p.seat, companion=row,
                              offered=[], left_round=-1, effect_bursts=0))
    game.say(f"    P{p.seat} takes {game.name(row)} back from the cemetery")
    if t.item_sketal[row] >= 0:
        game.take_sketal_die(p, row)
        if row in p.sketal_dice:
            p.pending_sketal.add(row)
    if t.item_black_die[row]:
        game.bring_black_die(p.seat)


def noon(game) -> None:
    st = game.state
    t = game.t
    for seat in st.turn_order():
        p = st.players[seat]
        game.say(f"  P{seat} resolves:")
        face_effects(game, p)
        done: set = set()   # card rows and id() of spell tokens resolved this noon
        game.noon_done = done
        # Cromaug first (R5): every triggered resurrect item, in recruitment order
        for row in list(p.companions):
            if t.eff_flags[row] & C.FLAG_RESURRECT and row in p.companions:
                if applied_count(t, row, current_counts(game, p)) > 0:
                    done.add(row)
                    resolve(game, p, row)
        while True:
            pending = pending_items(p, st.round, done)
            if not pending:
                break
            if len(pending) == 1:
                row, spell = pending[0]
            else:
                row = game.ask(seat, D.RESOLVE, sorted({D.pad(r) for r, _ in pending}))[0]
                spell = next(sp for r, sp in pending if r == row)
            done.add(id(spell) if spell is not None else row)
            resolve(game, p, row, spell)


def pending_items(p, round_: int, done: set) -> list:
    """Unresolved items as (row, spell token or None), in canonical order (E3)."""
    out = [(r, None) for r in [p.adventurer] + p.companions if r not in done]
    spells = sorted((s for s in p.spells if s.active_from <= round_ and id(s) not in done),
                    key=lambda s: s.row)
    return out + [(s.row, s) for s in spells]
