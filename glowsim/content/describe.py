"""Human-readable text for triggers, effects and powers (tables, logs, reports)."""
from __future__ import annotations

from .model import Adventurer, Companion, Effect, Trigger


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
    return " ".join(parts)


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
    if e.cast_spells:
        parts.append("cast spells")
    if e.resurrect:
        parts.append("resurrect")
    if e.discard_last_companion:
        parts.append("discard last companion")
    if e.discard_self:
        parts.append("discard self")
    return ", ".join(parts)


def powers_text(card: Adventurer | Companion) -> str:
    if isinstance(card, Adventurer):
        return f"{card.dice} large {card.color} dice" if card.dice else ""
    parts = []
    if card.fireflies:
        parts.append(f"{card.fireflies} firefl{'y' if card.fireflies == 1 else 'ies'}")
    if card.sketal_die:
        parts.append(f"sketal die {card.sketal_die}")
    if card.reroll_each_round:
        parts.append(f"{card.reroll_each_round} reroll each round")
    if card.black_die:
        parts.append("black die")
    return ", ".join(parts)
