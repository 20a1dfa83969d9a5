"""The shape of a position file (docs/positions.md): pydantic models checked before anything
else reads the file, as scenarios are (the same one-line problems, glowsim/problems.py).

These models check what can be checked without the game content: the fields, their types and
their ranges.  Whether ids exist, the cards add up to the round and the dice to the game is
checked against the content by :func:`glowsim.position.positions.build_setup`.
"""
from __future__ import annotations

from typing import Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, field_validator

SIDES = ("province", "archipelago")
DECISIONS = ("recruit", "reroll")
MAX_COUNT = 999          # scores, footprints, fireflies, tokens: far beyond any game
MAX_ROUNDS = 20          # a content patch's rounds (glowsim/content/model.py)
MAX_SPACE = 999          # board spaces and islands (the content says which exist)
MAX_IDS = 200            # ids of one list: far more than the game has cards
UNKNOWN = "unknown"


class _Strict(BaseModel):
    """Strict types: a YAML boolean is not a number, a number is not a word."""
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


def Count():
    return Field(0, ge=0, le=MAX_COUNT)


def Ids():
    return Field(default_factory=list, max_length=MAX_IDS)


def _none_is_empty(v):
    return [] if v is None else v


class PlayerSpec(_Strict):
    adventurer: str = Field(min_length=1, max_length=40)
    score: int = Count()
    footprints: int = Count()
    fireflies: int = Count()
    reroll_tokens: int = Count()
    lapped: Optional[bool] = None
    companions: list[str] = Ids()
    sketal_dice: dict[str, str] = Field(default_factory=dict, max_length=MAX_IDS)
    spells: Any = Field(default_factory=list)
    small_dice: list[str] = Ids()
    rolled: Optional[list[str]] = Field(None, max_length=MAX_IDS)
    lumipili_left: Optional[int] = Field(None, ge=0, le=MAX_COUNT)
    encampment: Optional[int] = Field(None, ge=0, le=MAX_SPACE)
    company: Optional[int] = Field(None, ge=0, le=MAX_SPACE)
    boats: Optional[list[int]] = Field(None, min_length=4, max_length=4)

    @field_validator("companions", "small_dice", mode="before")
    @classmethod
    def _empty_lists(cls, v):
        return _none_is_empty(v)

    @field_validator("sketal_dice", mode="before")
    @classmethod
    def _sketals(cls, v):
        return {} if v is None else v

    @field_validator("spells", mode="before")
    @classmethod
    def _spells(cls, v):
        """Another player's tokens by count, or a list of ids and ``unknown``."""
        if v is None:
            return []
        if type(v) is int:
            if not 0 <= v <= MAX_COUNT:
                raise ValueError(f"must be a count 0..{MAX_COUNT} or a list of spell ids, got {v}")
            return v
        if isinstance(v, list) and len(v) <= MAX_IDS and all(isinstance(s, str) for s in v):
            return list(v)
        raise ValueError(f"must be a list of spell ids (the player to move), or another "
                         f"player's count or list of ids and 'unknown', got {_show(v)}")

    @field_validator("boats")
    @classmethod
    def _boats(cls, v):
        if v is not None and any(not 0 <= b <= MAX_SPACE for b in v):
            raise ValueError(f"must list the islands of the 4 boats (0 = the start), got {v}")
        return v


class SpaceSpec(_Strict):
    companion: Optional[str] = Field(None, min_length=1, max_length=40)
    dice: list[str] = Ids()
    footprints: int = Count()

    @field_validator("dice", mode="before")
    @classmethod
    def _empty_lists(cls, v):
        return _none_is_empty(v)


class PositionSpec(_Strict):
    """A position file: the game stopped at a recruit pick or a player's rerolls."""
    side: Literal[SIDES]
    round: int = Field(ge=1, le=MAX_ROUNDS)
    first_player: int = Field(ge=0, le=3)
    to_move: int = Field(ge=0, le=3)
    decision: Literal[DECISIONS]
    players: list[PlayerSpec] = Field(min_length=2, max_length=4)
    track: list[SpaceSpec] = Field(min_length=5, max_length=5)
    cemetery: list[str] = Field(max_length=MAX_IDS)
    box: Any = UNKNOWN
    spells_spent: list[str] = Ids()

    @field_validator("cemetery", "spells_spent", mode="before")
    @classmethod
    def _empty_lists(cls, v):
        return _none_is_empty(v)

    @field_validator("players", mode="before")
    @classmethod
    def _count(cls, v):
        if isinstance(v, list) and not 2 <= len(v) <= 4:
            raise ValueError(f"must list 2-4 players, got {len(v)} (solo positions are not "
                             f"supported)")
        return v

    @field_validator("track", mode="before")
    @classmethod
    def _spaces(cls, v):
        if isinstance(v, list) and len(v) != 5:
            raise ValueError(f"must list the 5 meeting-track spaces (leaf, water, cloud, fire, "
                             f"rock), got {len(v)}")
        return v

    @field_validator("box", mode="before")
    @classmethod
    def _box(cls, v):
        if v == UNKNOWN:
            return v
        if isinstance(v, list) and len(v) <= MAX_IDS and all(isinstance(c, str) for c in v):
            return list(v)
        raise ValueError(f"must be the companions removed at setup (a list of ids) or "
                         f"{UNKNOWN}, got {_show(v)}")


def _show(v, n: int = 40) -> str:
    s = repr(v)
    return s if len(s) <= n else s[:n - 3] + "..."
