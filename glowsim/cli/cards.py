"""`glowsim cards`: the adventurer and companion tables."""
from __future__ import annotations

from ..content import load_game
from ..content.describe import effect_text, powers_text, trigger_text
from .render import FORMATS, render

COLUMNS = ["id", "name", "deck", "bursts", "trigger", "effect", "powers"]


def card_rows(content) -> list[dict]:
    rows = []
    for aid, a in content.adventurers.items():
        rows.append(dict(id=aid, name=a.name, deck="adventurer", bursts=a.bursts,
                         trigger=trigger_text(a.trigger), effect=effect_text(a.effect),
                         powers=powers_text(a)))
    game = None
    for cid in sorted(content.companions, key=lambda c: (c[0], int(c[1:]))):
        c = content.companions[cid]
        rows.append(dict(id=cid, name=c.name, deck=content.companion_deck(cid), bursts=c.bursts,
                         trigger=trigger_text(c.trigger), effect=effect_text(c.effect),
                         powers=powers_text(c)))
    return rows


def add_parser(sub):
    p = sub.add_parser("cards", help="print the adventurer and companion tables",
                       description="Print every adventurer and companion: id, name, deck, printed "
                                   "bursts, trigger, effect and powers.")
    p.add_argument("--format", choices=FORMATS, default="text", help="output form (default: text)")
    p.add_argument("--content", action="append", default=[], metavar="PATCH.yaml",
                   help="apply a content patch before printing (repeatable)")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    game = load_game(args.content)
    print(render(card_rows(game.content), COLUMNS, args.format), end="")
    return 0
