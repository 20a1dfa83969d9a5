"""Scenario schema: pydantic models for one experiment file (documented in scenarios/README.md).

A scenario names the match (players, side, seats), the content (patches over the
shipped cards), the number of games and the seed, and optionally named
``variants`` and a ``sweep`` grid that expand into several runs compared on the
same seeds (common random numbers).  These models check the *shape* of the file;
checks that need the game content (adventurer ids, card ids, bot parameter
names) live in :mod:`glowsim.scenarios.load`.
"""
from __future__ import annotations

from typing import Any, Literal, Optional

from pydantic import (BaseModel, ConfigDict, Field, field_serializer, field_validator,
                      model_validator)

from ..limits import (COUNTERFACTUAL_DECISIONS, COUNTERFACTUAL_SAMPLE, MAX_CHUNK_GAMES, MAX_GAMES,
                      MAX_SEED, PICK_PRECISION, PRECISION_OPEN)

ENGINES = ("fast", "reference")
SIDES = ("province", "archipelago")
ADVENTURER_MODES = ("random", "draft")
MAX_SEATS = 4
MAX_SWEEP_POINTS = 10_000   # values of one sweep axis (a range is checked before it is listed)

# Fields a variant may set (on top of the scenario's) and a sweep may vary.
VARIANT_FIELDS = ("players", "side", "seat", "seats", "content", "content_files", "remove", "tom")
SEAT_FIELDS = ("adventurer", "bot", "start_rerolls")


class Strict(BaseModel):
    """Strict types: a YAML boolean is not a number (``players: true`` is refused)."""
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class BotSpec(Strict):
    """A bot: a preset name (the engine's list, see glowsim.scenarios.engines), optionally with
    parameters changed, a whole parameter vector, or a preset file (glowsim/scenarios/bots.py).

    YAML forms: ``bot: heuristic`` / ``bot: {preset: heuristic, params: {w_token: 1.5}}`` /
    ``bot: {vector: [0, 1, 1.3, ...]}`` / ``bot: {file: bots/tuned.yaml}`` (a mapping
    ``{preset:, params:}``, ``{vector: [...]}`` or just parameters).
    """
    preset: Optional[str] = None
    params: dict[str, float] = {}       # each checked against its range (engine/botparams.py)
    vector: Optional[list[float]] = None
    file: Optional[str] = None
    label: Optional[str] = Field(None, min_length=1, description="name written in the `bot` column")
    # the search bot's (preset rollout): continuations per legal row, rows evaluated at most
    # (0: all), the preset that plays the continuations and its other decisions, the kinds of
    # decision it searches (recruit, reroll, move; checked in glowsim/scenarios/bots.py)
    budget: Optional[int] = Field(None, ge=1, le=4096)
    max_options: Optional[int] = Field(None, ge=0, le=64)
    base: Optional[str] = Field(None, min_length=1)
    decisions: Optional[list[str]] = None

    @model_validator(mode="after")
    def _shape(self):
        if self.preset is None and self.file is None and self.vector is None:
            raise ValueError("a bot needs 'preset' (a preset name), 'vector' (every parameter) or "
                             "'file' (a YAML file of parameters)")
        return self

    def name(self) -> str:
        """The label of this bot in the result tables."""
        if self.label:
            return self.label
        base = self.preset or ("vector" if self.vector is not None else "params")
        if self.file:
            from pathlib import Path
            base = Path(self.file).stem
        changed = (self.params or self.budget is not None or self.max_options is not None or self.base
                   or self.decisions is not None)
        return base + ("*" if changed else "")


class SeatSpec(Strict):
    """One seat: its adventurer, its bot and extra starting reroll tokens."""
    adventurer: str = Field("random", min_length=1)
    bot: Optional[BotSpec] = None    # None: the engine's default bot
    start_rerolls: int = Field(0, ge=0, le=20)

    @field_validator("bot", mode="before")
    @classmethod
    def _bot_name(cls, v):
        return {"preset": v} if isinstance(v, str) else v


class SweepAxis(Strict):
    """One axis of a sweep grid: a field and its values."""
    field: str = Field(min_length=1)
    values: Optional[list[Any]] = None
    range: Optional[dict[str, int]] = None
    label: Optional[str] = Field(None, min_length=1)

    @model_validator(mode="after")
    def _values(self):
        if (self.values is None) == (self.range is None):
            raise ValueError("give exactly one of 'values' (a list) or 'range' ({from, to, step})")
        if self.values is not None and not self.values:
            raise ValueError("'values' must list at least one value")
        if self.range is not None:
            extra = set(self.range) - {"from", "to", "step"}
            if extra or "from" not in self.range or "to" not in self.range:
                raise ValueError("'range' takes integers 'from', 'to' (inclusive) and optionally 'step'")
            if self.range.get("step", 1) == 0:
                raise ValueError("'range.step' cannot be 0")
            a, b, s = self.range["from"], self.range["to"], self.range.get("step", 1)
            n = len(range(a, b + (1 if s > 0 else -1), s))
            if n == 0:
                raise ValueError(f"'range' from {a} to {b} with step {s} gives no value (a negative "
                                 f"step counts down from 'from' to 'to')")
            if n > MAX_SWEEP_POINTS:
                raise ValueError(f"'range' gives {n} values; a sweep axis takes at most {MAX_SWEEP_POINTS}")
        elif len(self.values) > MAX_SWEEP_POINTS:
            raise ValueError(f"'values' lists {len(self.values)} values; a sweep axis takes at most "
                             f"{MAX_SWEEP_POINTS}")
        return self

    def points(self) -> list:
        if self.values is not None:
            return list(self.values)
        a, b, s = self.range["from"], self.range["to"], self.range.get("step", 1)
        out = list(range(a, b + (1 if s > 0 else -1), s))
        return out


class TomSpec(Strict):
    """Tom, the solo opponent (players: 1, R9): his two dice colours, drawn per game (E15) or
    fixed. Colour names are checked against the content when the scenario is expanded."""
    colors: Any = "random"

    @field_validator("colors", mode="before")
    @classmethod
    def _colors(cls, v):
        if v == "random" or (isinstance(v, list) and len(v) == 2 and all(isinstance(x, str) for x in v)):
            return v
        raise ValueError(f"expected 'random' or a list of two dice colours such as [red, orange], "
                         f"got {v!r}")


class CounterfactualSpec(Strict):
    """Forked decisions (docs/forks.md): the runner plays every alternative of a sampled share
    of the decisions to the end on the game's own future, and writes the ``picks`` table
    (contract.md section 6).  ``decisions``: which decisions (``recruit``); ``sample``: the share
    of them forked, a rate in (0, 1]."""
    decisions: Literal[COUNTERFACTUAL_DECISIONS]
    sample: float = 0.25

    @field_validator("sample", mode="before")
    @classmethod
    def _rate(cls, v):
        if isinstance(v, int) and not isinstance(v, bool):
            return float(v)   # `sample: 1` is the rate 1.0 (strict floats refuse an int)
        return v

    @field_validator("sample")
    @classmethod
    def _in_range(cls, v):
        lo, hi = COUNTERFACTUAL_SAMPLE
        if not lo < v <= hi:   # nan fails too
            raise ValueError(f"expected a rate above {lo:g} and at most {hi:g} (the share of the "
                             f"decisions forked), got {v!r}")
        return v


class PrecisionSpec(Strict):
    """When a run may stop (glowsim/runner/stopping.py, pickstop.py): ``win_rate`` every card
    win rate's 95% interval within +-P (a rate, as ``precision: P``); ``pick_value`` every
    companion's pick value's 95% interval within +-H points (needs ``counterfactual``)."""
    win_rate: Optional[float] = None
    pick_value: Optional[float] = None


PRECISION_FORMS = (f"a number above {PRECISION_OPEN[0]:g} and below {PRECISION_OPEN[1]:g} (the "
                   f"half-width of every card win rate's 95% interval), or a mapping "
                   f"{{win_rate: P, pick_value: H}} with either or both (H: the half-width of "
                   f"every companion's pick value's 95% interval, in points, above "
                   f"{PICK_PRECISION[0]:g} and at most {PICK_PRECISION[1]:g})")


def _number(v) -> bool:
    import math
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def precision_spec(v):
    """A scenario's ``precision`` as a PrecisionSpec (None when not set); a ValueError says
    which forms are allowed."""
    if v is None or isinstance(v, PrecisionSpec):
        return v
    lo, hi = PRECISION_OPEN
    if _number(v):
        if not lo < v < hi:
            raise ValueError(f"expected {PRECISION_FORMS}; got {v!r}")
        return PrecisionSpec(win_rate=float(v))
    if not isinstance(v, dict) or not v:
        raise ValueError(f"expected {PRECISION_FORMS}; got {v!r}")
    unknown = [k for k in v if k not in ("win_rate", "pick_value")]
    if unknown:
        raise ValueError(f"unknown field {unknown[0]!r}; allowed fields: win_rate, pick_value")
    w, pv = v.get("win_rate"), v.get("pick_value")
    if w is not None and not (_number(w) and lo < w < hi):
        raise ValueError(f"win_rate: expected a number above {lo:g} and below {hi:g}, got {w!r}")
    plo, phi = PICK_PRECISION
    if pv is not None and not (_number(pv) and plo < pv <= phi):
        raise ValueError(f"pick_value: expected a number of points above {plo:g} and at most "
                         f"{phi:g}, got {pv!r}")
    if w is None and pv is None:
        raise ValueError(f"expected {PRECISION_FORMS}; got {v!r}")
    return PrecisionSpec(win_rate=None if w is None else float(w),
                         pick_value=None if pv is None else float(pv))


class MatchFields(Strict):
    """Fields shared by the scenario's top level and its variants."""
    players: Optional[int] = Field(None, ge=1, le=MAX_SEATS)   # 1 = solo against Tom (R9)
    side: Optional[Literal["province", "archipelago"]] = None
    seat: Optional[SeatSpec] = None
    seats: Optional[list[SeatSpec]] = None
    content: Optional[dict[str, Any]] = None
    content_files: list[str] = []
    remove: list[str] = []
    tom: Optional[TomSpec] = None    # solo only (players: 1)

    @field_validator("seats")
    @classmethod
    def _seats(cls, v):
        if v is not None and not 1 <= len(v) <= MAX_SEATS:
            raise ValueError(f"'seats' lists 1 to {MAX_SEATS} seats")
        return v


class VariantSpec(MatchFields):
    name: str = Field(min_length=1, max_length=80)
    description: str = ""
    counterfactual: Optional[bool] = None   # false: the scenario's forks are off in this variant


class DawnSpec(Strict):
    """The Dawn expansion (docs/rules.md D1): the optional sets chosen; absent, the base game."""
    sets: list[str] = Field([], max_length=8)

    @field_validator("sets")
    @classmethod
    def _sets(cls, v):
        if len(set(v)) != len(v):
            raise ValueError(f"names each set once, got {v}")
        return v


class ScenarioSpec(MatchFields):
    """A whole scenario file."""
    name: Optional[str] = Field(None, min_length=1)
    description: str = ""
    engine: Literal["fast", "reference"] = "fast"
    players: int = Field(4, ge=1, le=MAX_SEATS)
    side: Literal["province", "archipelago"] = "province"
    games: int = Field(1000, ge=1, le=MAX_GAMES)
    seed: int = Field(0, ge=0, le=MAX_SEED)
    chunk_games: Optional[int] = Field(None, ge=1, le=MAX_CHUNK_GAMES)
    precision: Optional[PrecisionSpec] = None   # written as a number or a mapping: precision_spec
    max_games: Optional[int] = Field(None, ge=1, le=MAX_GAMES)
    variants: list[VariantSpec] = []
    sweep: list[SweepAxis] = []
    counterfactual: Optional[CounterfactualSpec] = None
    dawn: Optional[DawnSpec] = None    # the Dawn expansion (D1); played by no runner engine yet

    @field_validator("name")
    @classmethod
    def _name(cls, v):
        # the default run folder is runs/<name>: a name is one folder name, not a path
        if v is not None and (len(v) > 200 or v in (".", "..") or any(c in v for c in "/\\\0")):
            raise ValueError(f"{v[:60]!r} cannot name the run folder runs/<name>; allowed: a "
                             f"folder name of at most 200 characters, without / or \\")
        return v

    @field_validator("precision", mode="before")
    @classmethod
    def _precision(cls, v):
        return precision_spec(v)

    @field_serializer("precision")
    def _precision_as_written(self, v):
        """A win-rate precision alone as the number it is written as; else the mapping."""
        if v is None or v.pick_value is None:
            return None if v is None else v.win_rate
        return {k: x for k, x in (("win_rate", v.win_rate), ("pick_value", v.pick_value))
                if x is not None}

    @model_validator(mode="after")
    def _games_bounds(self):
        if self.max_games is not None and "games" in self.model_fields_set and self.max_games < self.games:
            raise ValueError(f"max_games ({self.max_games}) is below games ({self.games}): with "
                             f"precision, games is the least and max_games the most games per variant")
        return self

    @property
    def win_rate_precision(self) -> Optional[float]:
        """``precision`` for card win rates (a number, or the mapping's ``win_rate``)."""
        return self.precision.win_rate if self.precision is not None else None

    @property
    def pick_value_precision(self) -> Optional[float]:
        """``precision.pick_value``: points of pick value (None when not set)."""
        return self.precision.pick_value if self.precision is not None else None
