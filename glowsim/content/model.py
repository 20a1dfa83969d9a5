"""Typed model of the game content (pydantic), one class per YAML section.

Field-level checks live on the classes; checks that relate several entries
(die supply, board graphs, deck sizes, Sketal colours) live in
:func:`check_consistency`.  Fields that only the Dawn expansion's rules give a
meaning carry ``json_schema_extra={"dawn": "D<n>"}`` (the section of docs/rules.md);
:mod:`glowsim.content.dawnfields` finds them, and the ``dawn:`` section's own model is
:mod:`glowsim.content.dawnmodel`.  Every check raises ``ValueError`` with a
sentence saying what is allowed, which :mod:`glowsim.content.loader` turns into
a message naming the file, the entry and the field.
"""
from __future__ import annotations

import re
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .codes import COLORS, ELEMENTS
from .dawnmodel import Cost, Dawn

Element = Literal["leaf", "water", "cloud", "fire", "rock"]
Color = Literal["green", "blue", "azure", "red", "orange", "purple", "yellow", "black",
                "multi", "light_green", "pink"]              # the last three: Dawn dice (D2)
AdventurerColor = Literal["green", "blue", "azure", "red", "orange", "purple", "yellow", "black",
                          "multi", "light_green", "pink", "grey"]   # grey: Zay'Drel (D9)
SketalDie = Literal["green", "blue", "azure", "red", "orange", "purple", "yellow", "black", "any"]
SixthSymbol = Literal["leaf", "water", "cloud", "fire", "rock", "footprint", "burst", "curse",
                      "joker", "reroll_now", "swap"]       # the last three: Dawn faces (D8)

COMPANION_ID = re.compile(r"^[AB][0-9]{2,3}$")
ADVENTURER_ID = re.compile(r"^[a-z][a-z0-9_]*$")


class Strict(BaseModel):
    """Strict types: a YAML boolean is not a number, a number is not a string."""
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


def dawn(section: str) -> dict:
    """The marker of a field only the Dawn rules give a meaning (section of docs/rules.md)."""
    return {"dawn": section}


class Trigger(Strict):
    """R5 trigger: `symbols` (a multiset), `same: n`, `absent` (with optional symbols);
    Dawn: `elements: [min, max]` (D6) instead of those, and a `cost` (D7) with any of them."""
    symbols: Optional[list[Element]] = None
    same: Optional[int] = Field(None, ge=1, le=12)
    absent: Optional[list[Element]] = None
    elements: Optional[tuple[int, int]] = Field(None, json_schema_extra=dawn("D6"))
    cost: Optional[Cost] = Field(None, json_schema_extra=dawn("D7"))

    @field_validator("elements", mode="before")
    @classmethod
    def _pair(cls, v):   # YAML and JSON give a list; strict mode takes only a tuple
        return tuple(v) if isinstance(v, list) else v

    @field_validator("elements")
    @classmethod
    def _range(cls, v):
        if v is not None and not 1 <= v[0] <= v[1] <= 5:
            raise ValueError("elements must be [min, max] with 1 <= min <= max <= 5 (different "
                             "elements among the dice; 0 never triggers)")
        return v

    @model_validator(mode="after")
    def _shape(self):
        if self.symbols is None and self.same is None and self.absent is None and self.elements is None:
            raise ValueError("a trigger needs one of: symbols, same, absent, elements"
                             + (" (a cost alone is not a condition)" if self.cost is not None else ""))
        if self.elements is not None and (self.symbols is not None or self.same is not None
                                          or self.absent is not None):
            raise ValueError("'elements' cannot be combined with 'symbols', 'same' or 'absent' "
                             "(D6: it is a card's whole condition; 'cost' may be added)")
        if self.same is not None and (self.symbols is not None or self.absent is not None):
            raise ValueError("'same' cannot be combined with 'symbols' or 'absent'")
        if self.symbols is not None and len(self.symbols) == 0:
            raise ValueError("'symbols' must list at least one element")
        if self.absent is not None and len(self.absent) == 0:
            raise ValueError("'absent' must list at least one element")
        if self.symbols is not None and self.absent is not None:
            if set(self.symbols) & set(self.absent):
                raise ValueError("a symbol cannot be both required and absent")
        return self


class Effect(Strict):
    """R5 effect: amounts applied once per trigger, plus flags."""
    bursts: int = Field(0, ge=-50, le=50)
    footprints: int = Field(0, ge=-20, le=20)
    fireflies: int = Field(0, ge=-20, le=20)
    rerolls: int = Field(0, ge=-20, le=20)
    discard_self: bool = False
    cast_spells: bool = False
    resurrect: bool = False
    discard_last_companion: bool = False
    butterflies: int = Field(0, ge=0, le=10, json_schema_extra=dawn("D14"))            # draw n
    exchange_butterflies: int = Field(0, ge=0, le=10, json_schema_extra=dawn("D14"))   # draw n, give back n
    lose_companion_or_spell: bool = Field(False, json_schema_extra=dawn("D13"))

    @model_validator(mode="after")
    def _draws(self):
        if self.butterflies and self.exchange_butterflies:
            raise ValueError("'butterflies' and 'exchange_butterflies' cannot both be set: an "
                             "exchange already draws its tokens (D14)")
        return self


class Adventurer(Strict):
    name: str = Field(min_length=1)
    color: AdventurerColor
    bursts: int = Field(0, ge=-50, le=50)
    dice: int = Field(ge=0, le=6)
    dice_colors: Optional[dict[Color, int]] = Field(None, json_schema_extra=dawn("D2"))
    trigger: Optional[Trigger] = None
    effect: Optional[Effect] = None

    @field_validator("dice_colors")
    @classmethod
    def _colors(cls, v):
        if v is not None and (not v or any(not 1 <= n <= 6 for n in v.values())):
            raise ValueError("dice_colors maps each colour of the adventurer's large dice to a "
                             "count 1..6")
        return v

    @model_validator(mode="after")
    def _pair(self):
        _check_trigger_effect_pair(self.trigger, self.effect)
        if self.dice_colors is not None and sum(self.dice_colors.values()) != self.dice:
            raise ValueError(f"dice_colors counts {sum(self.dice_colors.values())} dice but "
                             f"'dice' is {self.dice}")
        return self


class Companion(Strict):
    name: str = Field(min_length=1)
    deck: Optional[Literal["A", "B"]] = None  # default: first letter of the id
    bursts: int = Field(0, ge=-50, le=50)
    fireflies: int = Field(0, ge=0, le=10)
    sketal_die: Optional[SketalDie] = None
    reroll_each_round: int = Field(0, ge=0, le=5)
    black_die: bool = False
    reroll_for_bursts: int = Field(0, ge=0, le=20, json_schema_extra=dawn("D12"))  # bursts a reroll
    set: Optional[str] = Field(None, min_length=1, json_schema_extra=dawn("D1"))   # a dawn.sets id
    trigger: Optional[Trigger] = None
    effect: Optional[Effect] = None

    @model_validator(mode="after")
    def _pair(self):
        _check_trigger_effect_pair(self.trigger, self.effect)
        return self


class Spell(Strict):
    copies: int = Field(1, ge=0, le=10)
    trigger: Trigger
    effect: Effect

    @model_validator(mode="after")
    def _no_cost(self):
        if self.trigger.cost is not None:
            raise ValueError("a spell token carries no cost: its holder never chooses to pay for "
                             "its (harmful) effect (D7 costs are a card owner's)")
        return self


class SoloTile(Strict):
    band: int = Field(ge=0, le=10)
    bursts: int = Field(ge=0, le=20)
    journey: Literal["none", "min", "max"]


class Gain(Strict):
    fireflies: int = Field(0, ge=-10, le=10)
    rerolls: int = Field(0, ge=-10, le=10)
    footprints: int = Field(0, ge=-10, le=10)
    bursts: int = Field(0, ge=-50, le=50)
    lose_companion_or_spell: bool = False


class ProvinceSpace(Strict):
    start: bool = False
    need: Optional[Element] = None
    forbid: Optional[Element] = None
    footprint_cost: int = Field(0, ge=0, le=20)
    gain: Gain = Gain()
    village: Optional[int] = Field(None, ge=0, le=100)

    @model_validator(mode="after")
    def _one_condition(self):
        if self.need is not None and self.forbid is not None:
            raise ValueError("a space has 'need' or 'forbid', not both")
        return self


class ProvinceEdge(Strict):
    a: int = Field(ge=0)
    b: int = Field(ge=0)
    on_path: Gain = Gain()


class Province(Strict):
    spaces: dict[int, ProvinceSpace]
    edges: list[ProvinceEdge]


class Island(Strict):
    bursts: int = Field(0, ge=-50, le=100)
    ring: int = Field(ge=-1, le=20)
    gain: Gain = Gain()


class ArchipelagoEdge(Strict):
    a: int = Field(ge=0)
    b: int = Field(ge=0)
    elements: tuple[int, int] = (0, 5)
    footprint_cost: int = Field(0, ge=0, le=20)

    @field_validator("elements", mode="before")
    @classmethod
    def _pair(cls, v):   # YAML and JSON give a list; strict mode takes only a tuple
        return tuple(v) if isinstance(v, list) else v

    @field_validator("elements")
    @classmethod
    def _range(cls, v):
        lo, hi = v
        if not (0 <= lo <= hi <= 5):
            raise ValueError("elements must be [min, max] with 0 <= min <= max <= 5")
        return v


class Archipelago(Strict):
    islands: dict[int, Island]
    edges: list[ArchipelagoEdge]


class Boards(Strict):
    province_of_shadows: Province
    archipelago_of_darkness: Archipelago


class DieSupply(Strict):
    large: int = Field(ge=0, le=20)
    small: int = Field(ge=0, le=20)


class DieFaces(Strict):
    order: list[Element]
    sixth: dict[Color, SixthSymbol]

    @field_validator("order")
    @classmethod
    def _five(cls, v):
        if sorted(v) != sorted(ELEMENTS):
            raise ValueError("order must list each of the five elements once: " + ", ".join(ELEMENTS))
        return v


class Setup(Strict):
    start_bursts: int = Field(10, ge=0, le=99)
    reserve_large_dice: list[Color]
    small_dice_on_track: list[Color]
    meeting_track_spaces: list[Element]
    removed_per_deck: int = Field(3, ge=0, le=30)
    rounds: int = Field(8, ge=1, le=20)
    last_player_reroll_tokens: int = Field(2, ge=0, le=20)
    firefly_bonus: int = Field(10, ge=0, le=100)

    @field_validator("meeting_track_spaces")
    @classmethod
    def _spaces(cls, v):
        if sorted(v) != sorted(ELEMENTS):
            raise ValueError("meeting_track_spaces must list each of the five elements once")
        return v

    @field_validator("reserve_large_dice")
    @classmethod
    def _reserve(cls, v):
        if len(set(v)) != len(v):
            raise ValueError("reserve_large_dice may hold one die per colour")
        return v


class Solo(Strict):
    removed: list[str] = []


class Content(Strict):
    symbols: dict[Element, Color]
    special_faces: dict[Color, str]
    dice: dict[Color, DieSupply]
    die_faces: DieFaces
    setup: Setup
    score_track_length: int = Field(100, ge=10, le=1000)
    score_track_rerolls: list[int]
    adventurers: dict[str, Adventurer]
    companions: dict[str, Companion]
    spells: dict[str, Spell]
    solo: Solo = Solo()
    solo_tiles: dict[str, SoloTile]
    boards: Boards
    dawn: Optional[Dawn] = Field(None, json_schema_extra=dawn("D1"))   # the Dawn expansion's parts

    @field_validator("companions")
    @classmethod
    def _companion_ids(cls, v):
        for cid in v:
            if not COMPANION_ID.match(cid):
                raise ValueError(f"companion id {cid!r} must be A or B followed by 2-3 digits (e.g. A24)")
        return v

    @field_validator("adventurers")
    @classmethod
    def _adventurer_ids(cls, v):
        for aid in v:
            if not ADVENTURER_ID.match(aid):
                raise ValueError(f"adventurer id {aid!r} must be lower-case letters, digits, '_'")
        if not v:
            raise ValueError("at least one adventurer is needed")
        return v

    def companion_deck(self, cid: str) -> str:
        return self.companions[cid].deck or cid[0]


def _check_trigger_effect_pair(trigger, effect):
    if (trigger is None) != (effect is None):
        raise ValueError("a card has both 'trigger' and 'effect', or neither")
    _check_cost_effect(trigger, effect)


def _check_cost_effect(trigger, effect):
    """D7: a cost is paid after the effect's gains; an effect that also takes the resource the
    cost is paid in would make the price depend on the order: the whole price goes in `cost`."""
    if trigger is None or trigger.cost is None or effect is None:
        return
    res, _ = trigger.cost.resource()
    if getattr(effect, res) < 0:
        raise ValueError(f"the cost and the effect both take {res}: give the whole price in "
                         f"'cost' (D7)")


def check_consistency(c: Content) -> list[tuple[tuple, str]]:
    """Cross-entry checks; returns (path, message) pairs, empty when all is well."""
    errs: list[tuple[tuple, str]] = []
    # die faces: every colour used must have a sixth face
    for col in list(COLORS) + [k for k in c.dice if k not in COLORS]:
        if col in c.dice and col not in c.die_faces.sixth:
            errs.append((("die_faces", "sixth", col), f"colour {col!r} has dice but no sixth face"))
    # track rerolls
    tr = c.score_track_rerolls
    if sorted(set(tr)) != tr:
        errs.append((("score_track_rerolls",), "must be strictly increasing"))
    if tr and (tr[0] < 0 or tr[-1] >= c.score_track_length):
        errs.append((("score_track_rerolls",), f"spaces must lie in 0..{c.score_track_length - 1}"))
    # large dice supply: adventurer dice + reserve die of that colour
    for aid, adv in c.adventurers.items():
        for col, n in (adv.dice_colors or {adv.color: adv.dice}).items():
            supply = c.dice.get(col)
            need = n + (1 if col in c.setup.reserve_large_dice else 0)
            if supply is None or supply.large < need:
                have = 0 if supply is None else supply.large
                errs.append((("adventurers", aid, "dice_colors" if adv.dice_colors else "dice"),
                             f"needs {n} large {col} dice plus the reserve's, "
                             f"but dice.{col}.large is {have}"))
    for col in c.setup.reserve_large_dice:
        if c.dice.get(col) is None or c.dice[col].large < 1:
            errs.append((("setup", "reserve_large_dice"), f"no large {col} die exists (dice.{col}.large)"))
    from collections import Counter
    for col, n in Counter(c.setup.small_dice_on_track).items():
        if c.dice.get(col) is None or c.dice[col].small < n:
            errs.append((("setup", "small_dice_on_track"),
                         f"{n} small {col} dice used but dice.{col}.small is "
                         f"{0 if c.dice.get(col) is None else c.dice[col].small}"))
    for cid, comp in c.companions.items():
        if comp.sketal_die not in (None, "any") and comp.sketal_die not in c.setup.reserve_large_dice:
            errs.append((("companions", cid, "sketal_die"),
                         f"{comp.sketal_die!r} is not in setup.reserve_large_dice "
                         f"({', '.join(c.setup.reserve_large_dice)}) or 'any'"))
        if comp.deck is not None and comp.deck != cid[0]:
            errs.append((("companions", cid, "deck"), f"deck {comp.deck!r} disagrees with the id's letter {cid[0]!r}"))
    # deck sizes: after removal, 5 cards a round for every round
    for deck in "AB":
        n = sum(1 for cid in c.companions if c.companion_deck(cid) == deck)
        if n < c.setup.removed_per_deck:
            errs.append((("setup", "removed_per_deck"),
                         f"deck {deck} has {n} companions, fewer than removed_per_deck={c.setup.removed_per_deck}"))
    total = len(c.companions) - 2 * c.setup.removed_per_deck
    if total < 5 * c.setup.rounds:
        errs.append((("setup", "rounds"),
                     f"{c.setup.rounds} rounds need {5 * c.setup.rounds} companions after removal, "
                     f"only {total} remain"))
    for sid in c.solo.removed:
        if sid not in c.companions:
            errs.append((("solo", "removed"), f"unknown companion {sid!r}"))
    errs += _face_errors(c)
    for aid in c.adventurers:
        if aid in RESERVED_ADVENTURER_IDS:
            errs.append((("adventurers", aid), f"adventurer id {aid!r} is a reserved word (a seat's "
                                               f"adventurer may be {' or '.join(RESERVED_ADVENTURER_IDS)}); "
                                               f"choose another id"))
    black = c.dice.get("black")
    for cid, comp in c.companions.items():
        if comp.black_die and (black is None or black.small < 1):
            errs.append((("companions", cid, "black_die"),
                         f"{comp.name} brings the small black die into play (R3) but no small black "
                         f"die exists (dice.black.small is {0 if black is None else black.small}); "
                         f"keep dice.black or remove the card"))
    # boards
    prov = c.boards.province_of_shadows
    starts = [s for s, sp in prov.spaces.items() if sp.start]
    if len(starts) != 1:
        errs.append((("boards", "province_of_shadows", "spaces"), f"exactly one start space needed, found {len(starts)}"))
    errs += _graph_errors(("boards", "province_of_shadows"), "spaces", "space", prov.spaces, prov.edges)
    arch = c.boards.archipelago_of_darkness
    if 0 not in arch.islands:
        errs.append((("boards", "archipelago_of_darkness", "islands"), "island 0 (the start) is missing"))
    errs += _graph_errors(("boards", "archipelago_of_darkness"), "islands", "island", arch.islands,
                          arch.edges)
    if len(starts) == 1:
        errs += _reach_errors(("boards", "province_of_shadows"), "space", prov.spaces, prov.edges, starts[0])
    if 0 in arch.islands:
        errs += _reach_errors(("boards", "archipelago_of_darkness"), "island", arch.islands, arch.edges, 0)
    if prov.spaces and not any((sp.village or 0) > 0 for sp in prov.spaces.values()):
        errs.append((("boards", "province_of_shadows", "spaces"),
                     "no village is worth a burst (village: N with N >= 1): a journey could never score"))
    if arch.islands and not any(isl.bursts > 0 for isl in arch.islands.values()):
        errs.append((("boards", "archipelago_of_darkness", "islands"),
                     "no island is worth a burst (bursts: N with N >= 1): a journey could never score"))
    return errs


RESERVED_ADVENTURER_IDS = ("random", "draft")
SPECIAL_SYMBOLS = ("footprint", "burst", "curse")
DAWN_FACES = ("joker", "reroll_now", "swap")   # D8: sixth faces of the Dawn dice


def _face_errors(c: Content) -> list:
    """Every symbol a die face shows exists: the element of a sixth face is one of `symbols`,
    a special face is one of footprint/burst/curse and is its colour's sixth face."""
    errs = []
    for col, sym in c.special_faces.items():
        if sym not in SPECIAL_SYMBOLS + DAWN_FACES:
            errs.append((("special_faces", col), f"{sym!r} is not a symbol; allowed: "
                                                 f"{', '.join(SPECIAL_SYMBOLS)} (Dawn, D8: "
                                                 f"{', '.join(DAWN_FACES)})"))
        elif c.die_faces.sixth.get(col) not in (None, sym):
            errs.append((("special_faces", col), f"{col}'s special face is {sym!r} but die_faces.sixth."
                                                 f"{col} is {c.die_faces.sixth[col]!r}"))
    for col, sym in c.die_faces.sixth.items():
        if sym in SPECIAL_SYMBOLS + DAWN_FACES:
            if c.special_faces.get(col) != sym:
                errs.append((("die_faces", "sixth", col), f"{col}'s sixth face {sym!r} needs "
                                                          f"special_faces.{col}: {sym}"))
        elif sym not in c.symbols:
            errs.append((("die_faces", "sixth", col), f"{col}'s sixth face {sym!r} is not one of the "
                                                      f"symbols ({', '.join(c.symbols)})"))
    for el in c.die_faces.order:
        if el not in c.symbols:
            errs.append((("die_faces", "order"), f"face {el!r} is not one of the symbols "
                                                 f"({', '.join(c.symbols)})"))
    return errs


def _reach_errors(at: tuple, noun: str, nodes, edges, start: int) -> list:
    """Every node reachable from the start along the (two-way) edges."""
    nb: dict = {n: set() for n in nodes}
    for e in edges:
        if e.a in nb and e.b in nb:
            nb[e.a].add(e.b)
            nb[e.b].add(e.a)
    seen, todo = {start}, [start]
    while todo:
        for m in nb[todo.pop()]:
            if m not in seen:
                seen.add(m)
                todo.append(m)
    cut = sorted(set(nodes) - seen)
    if not cut:
        return []
    shown = ", ".join(str(x) for x in cut[:10]) + (f", ... ({len(cut)} in all)" if len(cut) > 10 else "")
    return [(at, f"{noun}(s) {shown} cannot be reached from the start {noun} {start}; "
                  f"add edges or remove them")]


def content_warnings(c: Content) -> list[tuple[tuple, str]]:
    """Content that loads but that a designer probably did not mean: (path, message) pairs.
    A trigger that needs more dice than a player can ever hold never fires."""
    most = (max((a.dice for a in c.adventurers.values()), default=0) + len(c.setup.reserve_large_dice)
            + sum(d.small for d in c.dice.values()))
    out = []
    for section, cards in (("adventurers", c.adventurers), ("companions", c.companions), ("spells", c.spells)):
        for cid, card in cards.items():
            t = card.trigger
            if t is None:
                continue
            need = t.same if t.same is not None else len(t.symbols or ())
            if need > most:
                out.append(((section, cid, "trigger"), f"needs {need} dice but a player can hold at most "
                                                       f"{most}: it can never trigger"))
    return out


def _graph_errors(at: tuple, field: str, noun: str, nodes, edges) -> list:
    """A board's graph: edges join two different existing nodes, once; nodes 0..n-1."""
    errs = []
    seen = set()
    for i, e in enumerate(edges):
        for end in ("a", "b"):
            if getattr(e, end) not in nodes:
                errs.append((at + ("edges", i, end), f"edge to missing {noun} {getattr(e, end)} " +
                                                     (f"({field} are 0..{max(nodes)})" if nodes else
                                                      f"(the board has no {field})")))
        key = frozenset((e.a, e.b))
        if e.a == e.b:
            errs.append((at + ("edges", i), f"an edge must join two different {field}"))
        elif key in seen:
            errs.append((at + ("edges", i), f"duplicate edge {e.a}-{e.b}"))
        seen.add(key)
    ids = sorted(nodes)
    if not ids:
        return errs + [(at + (field,), f"a board needs at least one {noun} (the start)")]
    if ids != list(range(len(ids))):
        errs.append((at + (field,), f"{field} must be numbered 0..n-1 without gaps"))
    return errs
