"""`glowsim cards`: the adventurer and companion tables; with `--dawn` or `--set`, the Dawn
expansion's parts (D1..D18): its adventurers, the companions of its sets and the base ones each
set replaces, its spells and the butterfly bag."""
from __future__ import annotations

import difflib

from ..content import load_content, load_dawn_content
from ..content.describe import effect_text, powers_text, trigger_text
from ..content.loader import BASE_NAME, base_text
from ..content.model import Effect
from ..content.yamlio import load_yaml
from ..errors import UserError
from .render import FORMATS, render

COLUMNS = ["id", "name", "deck", "bursts", "trigger", "effect", "powers"]
DAWN_COLUMNS = ["id", "name", "deck", "set", "bursts", "trigger", "effect", "powers"]
USES = {"lose_companion_or_spell": "discard a companion or a spell",
        "ignore_element": "ignore an element"}


def _key(cid: str):
    return (cid[0], int(cid[1:]))


def _row(cid, card, deck, **extra) -> dict:
    return dict(id=cid, name=card.name, deck=deck, bursts=card.bursts,
                trigger=trigger_text(card.trigger), effect=effect_text(card.effect),
                powers=powers_text(card), **extra)


def card_rows(content) -> list[dict]:
    rows = [_row(aid, a, "adventurer") for aid, a in content.adventurers.items()]
    for cid in sorted(content.companions, key=_key):
        rows.append(_row(cid, content.companions[cid], content.companion_deck(cid)))
    return rows


def _shipped_ids(section: str) -> set:
    data, _ = load_yaml(base_text(), BASE_NAME)
    return set(data[section])


def dawn_rows(content, sets: list[str] | None = None) -> list[dict]:
    """The Dawn parts of `content` (a Dawn content): with `sets` None, the adventurers and
    spells the base game lacks, then every set; else the named sets alone. Each set: its
    companions, the base companions it replaces, and the butterfly bag if it brings it."""
    d = content.dawn
    whole = sets is None
    sets = list(d.sets) if whole else sets
    rows = []
    if whole:
        new = [a for a in content.adventurers if a not in _shipped_ids("adventurers")]
        rows += [_row(aid, content.adventurers[aid], "adventurer", set="") for aid in new]
    for s in sets:
        members = sorted((cid for cid, c in content.companions.items() if c.set == s), key=_key)
        rows += [_row(cid, content.companions[cid], content.companion_deck(cid), set=s)
                 for cid in members]
        rows += [_row(cid, content.companions[cid], content.companion_deck(cid),
                      set=f"replaced by {s}")
                 for cid in sorted(d.sets[s].replaces, key=_key)]
    if whole:
        new = sorted((s for s in content.spells if s not in _shipped_ids("spells")),
                     key=lambda s: int(s[1:]) if s[1:].isdigit() else 0)
        for sid in new:
            sp = content.spells[sid]
            rows.append(dict(id=sid, name=f"spell {sid}", deck="spell", set="", bursts=None,
                             trigger=trigger_text(sp.trigger), effect=effect_text(sp.effect),
                             powers=f"{sp.copies} token{'s' if sp.copies != 1 else ''}"))
    bringers = [s for s in sets if d.sets[s].butterflies]
    if bringers and d.butterflies is not None:
        rows += _butterfly_rows(d.butterflies, ",".join(bringers))
    return rows


def _butterfly_rows(b, set_name: str) -> list[dict]:
    """D14, D15: one row per kind of butterfly token."""
    rows = []
    score = "/".join(str(x) for x in b.colour_bursts[1:])
    bonus = f", +{b.all_colours_bursts} for all {len(b.colours)} colours" if b.all_colours_bursts else ""
    rows.append(dict(id="colours", name="colour tokens", deck="butterfly", set=set_name,
                     bursts=None, trigger="", effect="",
                     powers=f"{b.per_colour} of each of {', '.join(b.colours)}; kept; "
                            f"{score} bursts for 1-{b.per_colour} tokens of one colour{bonus}"))
    for tid, t in b.instant.items():
        gain = effect_text(Effect(**t.gain))
        rows.append(dict(id=tid, name="instant token", deck="butterfly", set=set_name, bursts=None,
                         trigger="when drawn", effect=gain,
                         powers=f"{t.copies} token{'s' if t.copies != 1 else ''}, back to the bag "
                                f"in the evening"))
    for tid, t in b.action.items():
        rows.append(dict(id=tid, name="action token", deck="butterfly", set=set_name, bursts=None,
                         trigger="when used", effect=USES[t.use],
                         powers=f"{t.copies} token{'s' if t.copies != 1 else ''}, kept until used"))
    return rows


def add_parser(sub):
    p = sub.add_parser("cards", help="print the adventurer and companion tables",
                       description="Print every adventurer and companion: id, name, deck, printed "
                                   "bursts, trigger, effect and powers. With --dawn, the Dawn "
                                   "expansion's parts instead (docs/rules.md D1-D18): its "
                                   "adventurers, the companions of its three sets with the base "
                                   "companions each set replaces, its spells and the butterfly "
                                   "tokens; --set NAME lists one set.")
    p.add_argument("--format", choices=FORMATS, default="text", help="output form (default: text)")
    p.add_argument("--content", action="append", default=[], metavar="PATCH.yaml",
                   help="apply a content patch before printing (repeatable; with --dawn or --set, "
                        "over the Dawn content)")
    p.add_argument("--dawn", action="store_true",
                   help="list the Dawn expansion's parts, all three sets (a `set` column is added)")
    p.add_argument("--set", action="append", default=[], dest="sets", metavar="NAME",
                   help="list one Dawn set (elemental, anibloom, draconic, or one a patch adds): "
                        "its companions and the base companions it replaces (repeatable)")
    p.set_defaults(func=run)
    return p


def _check_sets(names: list[str], content) -> list[str]:
    have = list(content.dawn.sets)
    for name in names:
        if name not in have:
            close = difflib.get_close_matches(name, have, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise UserError(f"--set {name!r}: no such set{hint}; allowed: {', '.join(have)}")
    return list(dict.fromkeys(names))


def run(args) -> int:
    if not args.dawn and not args.sets:
        rows, columns = card_rows(load_content(args.content)), COLUMNS
    else:
        content = load_dawn_content(args.content)
        sets = _check_sets(args.sets, content) if args.sets else None
        rows, columns = dawn_rows(content, sets), DAWN_COLUMNS
    if args.format != "json":
        rows = [{k: ("" if v is None else v) for k, v in r.items()} for r in rows]
    print(render(rows, columns, args.format), end="")
    return 0
