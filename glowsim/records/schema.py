"""The JSON form of a game record (contract.md section 4), checked before a record is used.

A record may come from a file a user gives (``glowsim analyze --record``), a run folder's
records file or a saved divergence; nothing of it is used before it passes :class:`RecordSpec`:
every field of the right type and within bounds, the adventurers distinct, the setup holding
the fields its kind of game needs.  Whether the ids exist in the content and the decisions are
legal is the engine's to check when the record is replayed.
"""
from __future__ import annotations

from typing import Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..limits import MAX_SEED

SIDES = ("province", "archipelago")
ROW = 8                      # ints of a decision row (contract.md section 3)
MAX_DICE = 100_000           # faces of one game: a real game rolls a few hundred
MAX_DECISIONS = 100_000      # decision rows of one game: a real game has a few hundred
MAX_INT = 2**31 - 1          # any number of a decision row
MAX_IDS = 200                # companions, spell tokens or tiles of one list
MAX_START_TOKENS = 20        # extra reroll tokens of a seat (E18; scenarios: start_rerolls)


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class SeedSpec(_Strict):
    root: int = Field(ge=0, le=MAX_SEED)
    game_index: int = Field(ge=0, le=MAX_SEED)


class DawnSetupSpec(_Strict):
    """A Dawn game's sets (docs/rules.md D1): those in play and those whose `replaces` apply."""
    sets: list[str] = Field(max_length=MAX_IDS)
    replaced: list[str] = Field(max_length=MAX_IDS)
    swap_deck: Optional[list[str]] = Field(None, max_length=MAX_IDS)   # solo (D16)


class SetupSpec(_Strict):
    """What the setup dealt (R2; solo: R9; Dawn: D1, D3): the fields a 2-4 player game's (2-6
    with Dawn) and a solo game's record hold, each a list of ids or seats."""
    first_player: Optional[int] = Field(None, ge=0, le=5)
    draw_pile: Optional[list[str]] = Field(None, max_length=MAX_IDS)
    box: Optional[list[str]] = Field(None, max_length=MAX_IDS)
    spell_pile: Optional[list[str]] = Field(None, max_length=MAX_IDS)
    draft: Optional[list[int]] = Field(None, min_length=1, max_length=6)              # E19
    start_tokens: Optional[list[int]] = Field(None, min_length=1, max_length=6)       # E18
    deck_a: Optional[list[str]] = Field(None, max_length=MAX_IDS)                     # solo
    deck_b: Optional[list[str]] = Field(None, max_length=MAX_IDS)
    tiles: Optional[list[str]] = Field(None, max_length=MAX_IDS)
    tile_reshuffle: Optional[list[int]] = Field(None, max_length=MAX_IDS)
    tom_colors: Optional[list[str]] = Field(None, min_length=2, max_length=2)
    dawn: Optional[DawnSetupSpec] = None                                              # D1

    @field_validator("draw_pile", "box", "spell_pile", "deck_a", "deck_b", "tiles", "tom_colors")
    @classmethod
    def _ids(cls, v):
        if v is not None:
            for i, x in enumerate(v):
                if not 1 <= len(x) <= 40:
                    raise ValueError(f"item {i} is {x!r}; allowed: ids of the content "
                                     f"(glowsim cards)")
        return v

    @field_validator("draft")
    @classmethod
    def _draft(cls, v):
        if v is not None:
            if any(not 0 <= s <= 5 for s in v) or len(set(v)) != len(v):
                raise ValueError(f"must list distinct seats 0..5 (those whose adventurer was "
                                 f"drafted, E19), got {v}")
        return v

    @field_validator("start_tokens")
    @classmethod
    def _tokens(cls, v):
        if v is not None and any(not 0 <= x <= MAX_START_TOKENS for x in v):
            raise ValueError(f"must give each seat's extra reroll tokens, 0..{MAX_START_TOKENS} "
                             f"(E18), got {v}")
        return v

    @field_validator("tile_reshuffle")
    @classmethod
    def _order(cls, v):
        if v is not None and any(not 0 <= x <= MAX_IDS for x in v):
            raise ValueError(f"must list tile positions 0..{MAX_IDS}, got {v}")
        return v


GAME_SETUP = ("first_player", "draw_pile", "box", "spell_pile")
SOLO_SETUP = ("deck_a", "deck_b", "box", "tiles", "tile_reshuffle", "tom_colors")


class RecordSpec(_Strict):
    """A game record's JSON form: ``dice`` a string of faces (or a list of them), ``decisions``
    a flat list of ints, ``ROW`` a decision (or a list of rows)."""
    content_hash: str = Field(min_length=1, max_length=64)
    n_players: int = Field(ge=1, le=6)
    side: Literal[SIDES]
    adventurers: list[str] = Field(min_length=1, max_length=6)
    setup: SetupSpec
    dice: Any = ""
    decisions: Any = []
    final: Optional[dict] = None
    seed: Optional[SeedSpec] = None
    solo: bool = False
    version: Literal[1]

    @field_validator("version", mode="before")
    @classmethod
    def _version(cls, v):
        if type(v) is not int:
            raise ValueError(f"{_show(v)} is not allowed; allowed: 1 (the record format's version)")
        return v

    @field_validator("adventurers")
    @classmethod
    def _adventurers(cls, v):
        seen = set()
        for i, a in enumerate(v):
            if not 1 <= len(a) <= 40:
                raise ValueError(f"item {i} is {a!r}; allowed: adventurer ids (glowsim cards)")
            if a in seen and a != "draft":
                raise ValueError(f"{a} is played by two seats; each adventurer plays one seat")
            seen.add(a)
        return v

    @field_validator("dice", mode="before")
    @classmethod
    def _dice(cls, v):
        if isinstance(v, str):
            if len(v) > MAX_DICE or not all(ch in "012345" for ch in v):
                raise ValueError(f"must be a string of faces 0..5 (e.g. '0523'), at most "
                                 f"{MAX_DICE}, got {_show(v)}")
            return [int(ch) for ch in v]
        if isinstance(v, list) and len(v) <= MAX_DICE and all(
                type(x) is int and 0 <= x <= 5 for x in v):
            return list(v)
        raise ValueError(f"must be a string of faces 0..5 (e.g. '0523'), got {_show(v)}")

    @field_validator("decisions", mode="before")
    @classmethod
    def _decisions(cls, v):
        if not isinstance(v, list):
            raise ValueError(f"must be a list of ints, {ROW} per decision, got {_show(v)}")
        if v and isinstance(v[0], list):
            rows = v
        else:
            if len(v) % ROW:
                raise ValueError(f"must be rows of {ROW} ints: {len(v)} ints is not a multiple "
                                 f"of {ROW}")
            rows = [v[i:i + ROW] for i in range(0, len(v), ROW)]
        if len(rows) > MAX_DECISIONS:
            raise ValueError(f"holds {len(rows)} decisions; a game has at most {MAX_DECISIONS}")
        for i, r in enumerate(rows):
            if not isinstance(r, list) or len(r) != ROW or not all(
                    type(x) is int and -MAX_INT <= x <= MAX_INT for x in r):
                raise ValueError(f"decision {i} is {_show(r)}; allowed: rows of {ROW} ints")
        return [list(r) for r in rows]

    @model_validator(mode="after")
    def _kind(self):
        n, k = self.n_players, len(self.adventurers)
        if self.solo:
            if n != 1 or k != 1:
                raise ValueError(f"a solo record (R9) has 1 player and 1 adventurer, this one "
                                 f"{n} and {k}")
            need = SOLO_SETUP
        else:
            most = 6 if self.setup.dawn is not None else 4     # D4: 5 and 6 with Dawn
            if not 2 <= n <= most or k != n:
                raise ValueError(f"n_players {n} with {k} adventurers; allowed: 2-{most} players, "
                                 f"one adventurer each (solo: \"solo\": true"
                                 + ("" if most == 6 else "; 5-6: a Dawn game") + ")")
            need = GAME_SETUP
            s = self.setup
            if s.first_player is not None and s.first_player >= n:
                raise ValueError(f"setup.first_player {s.first_player} is not a seat; allowed: "
                                 f"0..{n - 1}")
            if s.draft is not None and max(s.draft) >= n:
                raise ValueError(f"setup.draft names seat {max(s.draft)}; allowed: 0..{n - 1}")
            if s.start_tokens is not None and len(s.start_tokens) != n:
                raise ValueError(f"setup.start_tokens gives {len(s.start_tokens)} counts for {n} "
                                 f"players")
        missing = [f for f in need if getattr(self.setup, f) is None]
        if missing:
            raise ValueError(f"setup misses {', '.join(missing)} (a "
                             f"{'solo' if self.solo else f'{n}-player'} game's setup has "
                             f"{', '.join(need)})")
        return self


def _show(v, n: int = 40) -> str:
    s = repr(v)
    return s if len(s) <= n else s[:n - 3] + "..."
