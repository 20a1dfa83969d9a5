"""Legal rows of a decision that are the same option, merged for the analysis.

A REROLL decision (contract.md section 3) names dice by their index in the canonical list (E2).
Two dice of the same colour and size showing the same face, in the same state (held by the
same Sketal or by none, not gone, not used), are interchangeable: rerolling or setting one of
them is the same choice as doing it to the other, and the legal rows list both.  The analysis
plays each option once; :func:`option_groups` says which rows stand for it (all of them kept,
so the option maps back to every decision row a record may hold).
"""
from __future__ import annotations

from ..spec import decisions as D


def _die_key(state, seat: int, i: int):
    """What makes die ``i`` of ``seat`` the die it is, its index aside."""
    p = state.game.state.players[seat]
    if not 0 <= i < len(p.dice):
        return ("index", i)
    d = p.dice[i]
    return (d.color, d.small, d.face, d.sketal, d.gone, d.used)


def option_key(state, row) -> tuple:
    """A key equal for two rows that are the same option."""
    seat, kind, a, b, c, d, e, f = (int(x) for x in row)
    if kind != D.REROLL or a == D.OP_STOP:
        return tuple(int(x) for x in row)
    if a == D.OP_REROLL:
        dice = sorted((_die_key(state, seat, i) for i in (c, d) if i >= 0), key=repr)
        return (seat, kind, a, b, tuple(dice))
    return (seat, kind, a, b, c, d, _die_key(state, seat, e), f)


def option_groups(state, options) -> list[list[int]]:
    """Indices into ``options`` grouped by :func:`option_key`, each group in the order of
    the rows and the groups in the order of their first row."""
    groups: dict = {}
    for j, row in enumerate(options):
        groups.setdefault(option_key(state, row), []).append(j)
    return list(groups.values())


def dice_named(row) -> str:
    """The dice a REROLL row names: 'die 1', 'dice 1 and 2' ('' for another row)."""
    seat, kind, a, b, c, d, e, f = (int(x) for x in row)
    if kind != D.REROLL or a == D.OP_STOP:
        return ""
    if a == D.OP_REROLL:
        return f"dice {c} and {d}" if d >= 0 else f"die {c}"
    return f"die {e}"


def merged_name(names: list[str], rows) -> str:
    """The first row's description, and the dice of the others ('..., the same as die 1')."""
    if len(rows) == 1:
        return names[0]
    others = [dice_named(r) for r in rows[1:]]
    return f"{names[0]} (or {', '.join(o for o in others if o)}: identical dice)"
