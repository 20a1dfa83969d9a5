"""What the rebalancer may change: the numbers a publisher can reprint on a card.

Only two kinds of numbers are edited, on companions and adventurers:

* ``bursts``: the printed end-game bursts (R8), any value in the model's range;
* ``effect.<amount>``: an amount of the card's triggered effect (R5: bursts,
  footprints, fireflies, rerolls per trigger), only amounts the card already
  prints (non-zero) and never to 0 or past it: the card keeps the kind of power
  it has, only its size changes.

A number moves at most ``max(max_change, |printed value|)`` from its printed
value (default max_change 3): 0 may become -3..3, 6 may become 0..12, a card
printed at 18 may go back to 0.  Bigger changes are not small edits; a card that
needs one is reported as not fixed.

Triggers, flags (discard, spells, resurrect), dice, decks and boards are never
touched.  An :class:`Edit` is one such number changed; a list of edits becomes
a content patch (``glowsim/content/loader.py`` format) with :func:`edits_patch`.
"""
from __future__ import annotations

from dataclasses import dataclass

SECTIONS = {"companion": "companions", "adventurer": "adventurers"}
# field -> (label in reports, lowest, highest) ; ranges are those of glowsim/content/model.py
FIELDS = {
    "bursts": ("printed bursts", -50, 50),
    "effect.bursts": ("effect bursts", -50, 50),
    "effect.footprints": ("effect footprints", -20, 20),
    "effect.fireflies": ("effect fireflies", -20, 20),
    "effect.rerolls": ("effect rerolls", -20, 20),
}
EFFECT_AMOUNTS = ("bursts", "footprints", "fireflies", "rerolls")
MAX_STEP = 15     # largest change of one number in one search step
MAX_CHANGE = 3    # a number may move max(MAX_CHANGE, |printed value|) from its printed value


@dataclass(frozen=True, order=True)
class CardKey:
    kind: str        # "companion" | "adventurer"
    id: str

    @property
    def section(self) -> str:
        return SECTIONS[self.kind]

    def __str__(self) -> str:
        return self.id


@dataclass(frozen=True)
class Edit:
    card: CardKey
    field: str       # a key of FIELDS
    old: int         # value in the scenario's content
    new: int

    @property
    def delta(self) -> int:
        return self.new - self.old

    def label(self) -> str:
        return f"{self.card.id} {FIELDS[self.field][0]} {self.old} → {self.new}"


def card_entry(content, card: CardKey):
    """The pydantic entry of a card in a Content."""
    table = getattr(content, card.section)
    if card.id not in table:
        raise KeyError(f"no {card.kind} {card.id!r} in the content")
    return table[card.id]


def field_value(content, card: CardKey, fld: str) -> int:
    entry = card_entry(content, card)
    if fld == "bursts":
        return int(entry.bursts)
    eff = entry.effect
    return 0 if eff is None else int(getattr(eff, fld.split(".", 1)[1]))


def editable_fields(content, card: CardKey) -> list[str]:
    """The fields of a card the search may change, in order of preference
    (printed bursts first, then the effect amounts the card prints)."""
    entry = card_entry(content, card)
    out = ["bursts"]
    if entry.effect is not None:
        out += [f"effect.{a}" for a in EFFECT_AMOUNTS if getattr(entry.effect, a) != 0]
    return out


def value_range(fld: str, original: int, max_change: int = MAX_CHANGE) -> tuple[int, int]:
    """(lowest, highest) value a field may take: within the model's range; at most
    max(max_change, |original|) from the printed value (a small edit for a small number,
    proportionate for a large one); an effect amount keeps its sign and never reaches 0."""
    _, lo, hi = FIELDS[fld]
    if fld.startswith("effect."):
        if original > 0:
            lo = max(lo, 1)
        elif original < 0:
            hi = min(hi, -1)
    room = max(int(max_change), abs(int(original)))
    return max(lo, original - room), min(hi, original + room)


def allowed_values(fld: str, original: int, current: int, max_change: int = MAX_CHANGE) -> range:
    """Values a field may take in one step from `current`: in :func:`value_range` and within
    MAX_STEP of the current value."""
    lo, hi = value_range(fld, original, max_change)
    lo, hi = max(lo, current - MAX_STEP), min(hi, current + MAX_STEP)
    return range(lo, hi + 1)


def edits_patch(edits) -> dict:
    """A content patch holding the edits: {section: {id: {field: value}}} (effect amounts
    nested under ``effect``; mappings merge, so the rest of the card is kept)."""
    out: dict = {}
    for e in sorted(edits, key=lambda e: (e.card.kind, e.card.id, e.field)):
        entry = out.setdefault(e.card.section, {}).setdefault(e.card.id, {})
        if e.field.startswith("effect."):
            entry.setdefault("effect", {})[e.field.split(".", 1)[1]] = int(e.new)
        else:
            entry[e.field] = int(e.new)
    return out
