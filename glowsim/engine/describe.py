"""Readable text of a decision row at a game's current decision (GameState.describe)."""
from __future__ import annotations

from ..content import codes as C
from ..content import dawncodes as DC
from ..spec import decisions as D


def label(game, row: int) -> str:
    """A catalog row as shown in option descriptions: "B04 Torkos", "Braccio", "spell S3"."""
    return game.name(row, id_first=True)


def _die(game, p, i: int) -> str:
    if p is None or not 0 <= i < len(p.dice):
        return f"die {i}"
    d = p.dice[i]
    return f"die {i} ({d.label(DC.DAWN_COLORS)}, {DC.DAWN_SYMBOLS[game.symbol(d)]})"


def describe(game, row) -> str:
    seat, kind, a, b, c, d, e, f = row
    who = f"P{seat}"
    st = game.state
    p = st.players[seat] if st is not None else None
    if kind == D.RECRUIT:
        comp = st.track.companion[a]
        text = f"{who} recruits {label(game, comp)} (space {a})"
        return text + (f", the black die moved first to space {b} (Kaar)" if b >= 0 else "")
    if kind == D.DISCARD_2P:
        return f"{who} sends {label(game, st.track.companion[a])} (space {a}) to the cemetery"
    if kind == D.SKETAL_DIE:
        return f"{who} takes the large {C.COLORS[a]} die from the reserve"
    if kind == D.REROLL:
        if a == D.OP_STOP:
            return f"{who} stops rerolling"
        if a == D.OP_REROLL:
            dice = _die(game, p, c) + (f" and {_die(game, p, d)}" if d >= 0 else "")
            return f"{who} rerolls {dice} with a {D.SOURCE_NAMES[b]} reroll"
        die = p.dice[e]
        face = DC.DAWN_SYMBOLS[int(game.t.die_symbol[die.color, f])]
        paid = ", ".join(x for x in (f"{b} Lumipili" if b else "", f"{c} tokens" if c else "",
                                     (f"{d} bought rerolls" if a == D.OP_SET_BOUGHT else
                                      f"{d} track steps") if d else "") if x)
        return f"{who} sets {_die(game, p, e)} to face {f} ({face}), paying {paid}"
    if kind == D.RESOLVE:
        return f"{who} resolves {label(game, a)}"
    if kind == D.CROMAUG:
        return f"{who} takes nobody back" if a < 0 else f"{who} takes {label(game, a)} back from the cemetery"
    if kind == D.LOSE:
        if a == D.LOSE_COMPANION:
            return f"{who} loses {label(game, b)}"
        return f"{who} cancels {label(game, b)}"
    if kind == D.PROVINCE_MOVE:
        if a == D.MOVE_END:
            return f"{who} ends the journey"
        if a == D.MOVE_ENCAMP:
            return f"{who} places the encampment on space {p.company}"
        need = int(game.t.prov_need[b])
        pay = ""
        if need >= 0:
            pay = f", paying a {C.SYMBOLS[need]} die" if c == D.PAY_DIE else ", paying a footprint"
        return f"{who} moves to space {b}{pay}"
    if kind == D.ARCHI_MOVE:
        return f"{who} sails no boat" if a < 0 else f"{who} sails a boat from island {a} to island {b}"
    if kind == 0:   # a chance node (GameState with chance=True)
        whose = "the meeting track's" if b < 0 else f"P{b}'s"
        return f"chance: {whose} die rolled shows face {a}"
    if kind == 10:
        return f"Tom's boat on island {a} sails outwards"
    if kind == D.ADVENTURER:
        return f"{who} chooses {label(game, a)}"
    if kind == D.JOKER:
        return f"{who} turns the joker of {_die(game, p, a)} to {C.SYMBOLS[b]}"
    if kind == D.REROLL_NOW:
        return f"{who} rerolls the pink {_die(game, p, a)}" + (f" with {_die(game, p, b)}" if b >= 0 else " alone")
    if kind == D.SWAP:
        top = st.dawn.swap_deck[0] if st.dawn is not None and st.dawn.swap_deck else -1
        if a < 0:
            return f"{who} skips the swap" + (f" ({label(game, top)} goes under the swap deck)" if top >= 0 else "")
        return f"{who} swaps {label(game, a)} for {label(game, top)}"
    if kind == D.BUTTERFLY_GIVE:
        name = game.dawn.bag.tokens[a].name
        return f"{who} {'pays' if b == D.GIVE_COST else 'gives back'} the butterfly token {name}"
    if kind == D.ACTION:
        if a < 0:
            return f"{who} uses no action token"
        name = game.dawn.bag.tokens[a].name
        return f"{who} uses {name}" + (f", ignoring {C.SYMBOLS[b]}" if b >= 0 else "")
    return f"{who} decides {D.KIND_NAMES.get(kind, kind)} {[a, b, c, d, e, f]}"
