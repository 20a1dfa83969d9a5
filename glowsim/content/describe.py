"""Human-readable text for cards, triggers, effects and powers (tables, logs, reports)."""
from __future__ import annotations

from .model import Adventurer, Companion, Effect, Trigger


def card_name(kind: str, card_id: str, name: str | None = "", id_first: bool = True) -> str:
    """A card as every output names it: a companion by its id and its name, "B04 Torkos" (the
    id tells the twins apart; ``id_first=False``: "Torkos B04", as the narration of a game writes
    it), or its id alone when it has no name; an adventurer by its name (its id when it has
    none); a spell token as "spell S3".  `kind`: "companion", "adventurer" or "spell"."""
    if kind == "adventurer":
        return name or card_id
    if kind == "spell":
        return f"spell {card_id}"
    parts = (card_id, name) if id_first else (name, card_id)
    return " ".join(p for p in parts if p)


def trigger_text(t: Trigger | None) -> str:
    if t is None:
        return ""
    parts = []
    if t.symbols is not None:
        parts.append("+".join(t.symbols))
    if t.same is not None:
        parts.append(f"same:{t.same}")
    if t.absent is not None:
        parts.append("absent:" + ",".join(t.absent))
    if t.elements is not None:   # D6
        lo, hi = t.elements
        parts.append(f"elements:{lo}" if lo == hi else f"elements:{lo}-{hi}")
    if t.cost is not None:       # D7
        res, n = t.cost.resource()
        parts.append(f"cost:{_count(n, res)}")
    return " ".join(parts)


_SINGULAR = {"bursts": "burst", "footprints": "footprint", "fireflies": "firefly",
             "rerolls": "reroll", "butterflies": "butterfly"}


def _count(n: int, plural: str) -> str:
    return f"{n} {_SINGULAR[plural] if abs(n) == 1 else plural}"


def _signed(n: int, unit: str) -> str:
    plural = unit if abs(n) == 1 else unit + "s"
    return f"{n:+d} {plural}"


def effect_text(e: Effect | None) -> str:
    if e is None:
        return ""
    parts = []
    for field, unit in (("bursts", "burst"), ("footprints", "footprint"),
                        ("fireflies", "firefly"), ("rerolls", "reroll")):
        v = getattr(e, field)
        if v:
            parts.append(_signed(v, unit) if unit != "firefly" else
                         f"{v:+d} {'firefly' if abs(v) == 1 else 'fireflies'}")
    if e.butterflies:            # D14
        parts.append(f"draw {_count(e.butterflies, 'butterflies')}")
    if e.exchange_butterflies:   # D14
        parts.append(f"exchange {_count(e.exchange_butterflies, 'butterflies')}")
    if e.cast_spells:
        parts.append("cast spells")
    if e.resurrect:
        parts.append("resurrect")
    if e.discard_last_companion:
        parts.append("discard last companion")
    if e.lose_companion_or_spell:   # D13
        parts.append("discard a companion or a spell")
    if e.discard_self:
        parts.append("discard self")
    return ", ".join(parts)


def powers_text(card: Adventurer | Companion) -> str:
    if isinstance(card, Adventurer):
        if card.dice_colors:   # D9
            return ", ".join(f"{n} large {_color(col)} {'die' if n == 1 else 'dice'}"
                             for col, n in card.dice_colors.items())
        return f"{card.dice} large {_color(card.color)} dice" if card.dice else ""
    parts = []
    if card.fireflies:
        parts.append(f"{card.fireflies} firefl{'y' if card.fireflies == 1 else 'ies'}")
    if card.sketal_die:
        parts.append(f"sketal die {card.sketal_die}")
    if card.reroll_each_round:
        n = card.reroll_each_round
        parts.append(f"{n} reroll{'s' if n != 1 else ''} each round")
    if card.black_die:
        parts.append("black die")
    if card.reroll_for_bursts:   # D12
        parts.append(f"a reroll for {_count(card.reroll_for_bursts, 'bursts')}")
    return ", ".join(parts)


def _color(name: str) -> str:
    return name.replace("_", " ")
