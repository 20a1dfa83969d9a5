"""Typed model of the Dawn expansion's own section of the content (``dawn:``), and of a cost.

The Dawn cards themselves are ordinary entries of ``adventurers``, ``companions`` and
``spells`` (:mod:`glowsim.content.model`, whose trigger and effect vocabulary has the Dawn
fields); this module holds what has no place there: the three optional sets and what each
replaces (D1, D18), the little boards of 5 and 6 players (D4), the butterfly bag and its
scoring (D14, D15) and the order of Hulios's swap deck (D3, D10, D16).  Rules for every field:
docs/rules.md, sections D1..D18.  Checks that relate several entries (set members, card ids,
dice supply, deck sizes) live in :mod:`glowsim.content.dawncheck`.
"""
from __future__ import annotations

import re
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .codes import COLORS, ELEMENTS

DieColor = Literal[COLORS]          # the base game's eight die colours
BoardElement = Literal[ELEMENTS]
SET_ID = re.compile(r"^[a-z][a-z0-9_]*$")
TOKEN_ID = re.compile(r"^[a-z][a-z0-9_]*$")
COST_RESOURCES = ("rerolls", "footprints", "fireflies", "butterflies")
MAX_SETS = 8                        # every combination of sets is checked (2^n)


class DawnStrict(BaseModel):
    """Strict types, as the rest of the content model: a YAML boolean is not a number."""
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Cost(DawnStrict):
    """D7: the tokens a card's owner must hold for it to trigger, paid each time it applies."""
    rerolls: int = Field(0, ge=0, le=20)
    footprints: int = Field(0, ge=0, le=20)
    fireflies: int = Field(0, ge=0, le=20)       # firefly tokens; printed fireflies never pay
    butterflies: int = Field(0, ge=0, le=20)     # returnable butterfly tokens (colour, action)

    @model_validator(mode="after")
    def _one(self):
        named = [r for r in COST_RESOURCES if getattr(self, r)]
        if len(named) != 1:
            raise ValueError("a cost names one resource with a whole number from 1 to 20: "
                             + ", ".join(f"{{{r}: n}}" for r in COST_RESOURCES)
                             + (f" (this one names {', '.join(named)})" if named else ""))
        return self

    def resource(self) -> tuple[str, int]:
        """(resource, amount) of this cost."""
        name = next(r for r in COST_RESOURCES if getattr(self, r))
        return name, getattr(self, name)


class DawnSet(DawnStrict):
    """D1, D18: an optional set. Its cards are the companions whose `set` names it."""
    name: str = Field(min_length=1)
    replaces: list[str] = []          # base companions it takes out of the deck (D1)
    solo: bool = False                # may be used in solo (D16)
    butterflies: bool = False         # brings the butterfly bag and its scoring (D14, D15)

    @field_validator("replaces")
    @classmethod
    def _unique(cls, v):
        twice = sorted({c for c in v if v.count(c) > 1})
        if twice:
            raise ValueError(f"lists {', '.join(twice)} more than once")
        return v


class TableSize(DawnStrict):
    """D4, D5: the little board of a 5- or 6-player game and the sets such a game needs (D1)."""
    little_board: list[list[BoardElement]]      # its spaces, after the 5 of the main board
    little_board_turns: list[int]               # turn positions of round 1 (0 = first player)
    small_dice: list[DieColor]                  # small dice added, rolled onto the little board
    min_sets: int = Field(0, ge=0, le=MAX_SETS) # fewer chosen: sets drawn at random are added
    replace: Literal["each", "one_if_all", "none"] = "each"

    @field_validator("little_board")
    @classmethod
    def _board(cls, v):
        if not v or any(not space for space in v):
            raise ValueError("lists the little board's spaces, each with at least one element")
        flat = [e for space in v for e in space]
        if sorted(flat) != sorted(ELEMENTS):
            raise ValueError("every element goes to exactly one little-board space: "
                             + ", ".join(ELEMENTS))
        return v

    @field_validator("little_board_turns")
    @classmethod
    def _turns(cls, v):
        if not v or len(set(v)) != len(v) or any(t < 0 for t in v):
            raise ValueError("lists one or more different turn positions (0 = first player of "
                             "round 1)")
        return v


class InstantToken(DawnStrict):
    """D14: a token whose gain is taken when it is drawn; it goes back to the bag that evening."""
    copies: int = Field(ge=1, le=20)
    gain: dict[Literal["bursts", "footprints", "fireflies", "rerolls"], int]

    @field_validator("gain")
    @classmethod
    def _gain(cls, v):
        if not v or not any(v.values()):
            raise ValueError("an instant token gains something: bursts, footprints, fireflies or "
                             "rerolls")
        if any(not -10 <= n <= 10 for n in v.values()):
            raise ValueError("each gain lies in -10..10")
        return v


class ActionToken(DawnStrict):
    """D14: a token its owner may use once at noon or in the afternoon, then gives back."""
    copies: int = Field(ge=1, le=20)
    use: Literal["lose_companion_or_spell", "ignore_element"]


class Butterflies(DawnStrict):
    """D14, D15: the butterfly bag and how its colour tokens score."""
    colours: list[DieColor]
    per_colour: int = Field(ge=1, le=20)
    instant: dict[str, InstantToken] = {}
    action: dict[str, ActionToken] = {}
    missing_token_bursts: int = Field(1, ge=0, le=20)   # a draw from a bag with too few tokens
    colour_bursts: list[int]                            # bursts for 0, 1, 2... tokens of a colour
    all_colours_bursts: int = Field(0, ge=0, le=100)    # once, for a token of every colour

    @field_validator("colours")
    @classmethod
    def _colours(cls, v):
        if not v or len(set(v)) != len(v):
            raise ValueError("lists one or more different colours")
        return v

    @field_validator("instant", "action")
    @classmethod
    def _ids(cls, v):
        for tid in v:
            if not TOKEN_ID.match(str(tid)):
                raise ValueError(f"token id {tid!r} must be lower-case letters, digits, '_'")
        return v

    @model_validator(mode="after")
    def _scoring(self):
        both = sorted(set(self.instant) & set(self.action))
        if both:
            raise ValueError(f"token id {both[0]!r} is both an instant and an action token")
        if len(self.colour_bursts) != self.per_colour + 1 or self.colour_bursts[0] != 0:
            raise ValueError(f"colour_bursts lists the bursts for 0..{self.per_colour} tokens of "
                             f"one colour ({self.per_colour + 1} numbers, the first 0)")
        if any(not 0 <= b <= 1000 for b in self.colour_bursts):
            raise ValueError("colour_bursts are whole numbers 0..1000")
        return self

    def n_tokens(self) -> int:
        return (len(self.colours) * self.per_colour + sum(t.copies for t in self.instant.values())
                + sum(t.copies for t in self.action.values()))


class DawnSolo(DawnStrict):
    """D16: Hulios's swap deck in solo and the islands closed to the player's boats."""
    swap_deck: list[str] = []
    swap_deck_order: Literal["a_above_b", "b_above_a"] = "b_above_a"
    closed_islands: list[int] = []


class Dawn(DawnStrict):
    """The ``dawn:`` section: present exactly in content made for the Dawn rules."""
    sets: dict[str, DawnSet] = {}
    players: dict[int, TableSize] = {}
    butterflies: Optional[Butterflies] = None
    swap_deck_order: Literal["a_above_b", "b_above_a"] = "a_above_b"   # D3: the 3+3 boxed cards
    solo: DawnSolo = DawnSolo()

    @field_validator("sets")
    @classmethod
    def _set_ids(cls, v):
        for sid in v:
            if not SET_ID.match(str(sid)):
                raise ValueError(f"set id {sid!r} must be lower-case letters, digits, '_'")
        if len(v) > MAX_SETS:
            raise ValueError(f"at most {MAX_SETS} sets")
        return v

    @field_validator("players")
    @classmethod
    def _counts(cls, v):
        for n in v:
            if n not in (5, 6):
                raise ValueError(f"{n} players: the Dawn rules add games of 5 and 6 players (keys 5 "
                                 f"and 6); 1-4 players use the main board alone")
        return v
