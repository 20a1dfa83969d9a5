"""Expand a scenario into resolved runs: one per variant and sweep point.

Every resolved run carries its name, the content patches to apply to the
shipped cards, the match (players, side, one resolved seat per player), the
engine, the seed and the number of games.  All runs of a scenario use the same
seed and the same game indices 0..games-1, so their results are paired on
common random numbers.

Order of content patches of a run: the scenario's ``content_files``, ``content``
and ``remove``; then the variant's; then each sweep axis that changes content.
Checks that need the content happen here: card ids (with did-you-mean),
adventurer ids, bot presets and bot files; content problems come from the
content loader and name the scenario file and line.
"""
from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from pydantic import ValidationError

from ..content import ContentError, GameContent, load_game
from ..content.loader import BASE_NAME, base_text, dawn_patch
from ..content.solo import check_tom_colors
from ..content.yamlio import YamlError, line_of, load_yaml, load_yaml_file
from ..errors import UserError
from .bots import resolve_bot
from .load import Scenario, ScenarioError, needs_dawn, problem, pydantic_problems, suggest
from .engines import (FEATURE_DRAFT, FEATURE_SOLO, FEATURE_START_REROLLS, EngineInfo,
                      engine_info)
from .schema import ADVENTURER_MODES, BASE_MAX_SEATS, MAX_SEATS, SEAT_FIELDS, MatchFields, SeatSpec, SweepAxis

# Games per chunk when the scenario does not say (a chunk is the unit of work and of resume).
DEFAULT_CHUNK_GAMES = {"fast": 2000, "reference": 50}
SWEEPABLE = ("players", "side", "seat", "seats", "content", "content_files", "remove")
MAX_RUNS = 10_000   # runs (variants x sweep points) a scenario may expand into
CARD_SECTIONS = ("companions", "adventurers", "spells")


@dataclass(frozen=True)
class ResolvedSeat:
    adventurer: str                  # adventurer id, "random" or "draft"
    bot: str                         # preset name
    params: tuple = ()               # ((name, value), ...) parameter changes, sorted
    label: str = ""                  # the `bot` column of the players table
    start_rerolls: int = 0           # reroll tokens on top of R2's

    def to_json(self) -> dict:
        return {"adventurer": self.adventurer, "bot": self.bot, "params": dict(self.params),
                "label": self.label, "start_rerolls": self.start_rerolls}


@dataclass(frozen=True)
class ResolvedRun:
    """One variant of a scenario, ready to be played."""
    index: int
    name: str
    engine: str
    players: int
    side: str
    seats: tuple
    patches: tuple = field(repr=False)   # ((mapping, source, lines), ...) for load_game
    seed: int = 0
    games: int = 0
    chunk_games: int = 1
    content_hash: str = ""
    description: str = ""
    variant: str = ""                    # the named variant it comes from ("" when none)
    sweep: tuple = ()                    # ((field, value), ...) of its sweep point
    tom_colors: tuple = ()               # solo: Tom's dice colours, () = drawn per game (E15)
    counterfactual: tuple = ()           # (decisions, sample) forked into the `picks` table, () = none
                                         # (none too in a variant saying `counterfactual: false`)
    dawn: Optional[tuple] = None         # Dawn (D1): the sets chosen; None = the base game
    dawn_tables: bool = False            # the run's tables have Dawn's columns (a run with Dawn)

    def counterfactual_json(self) -> dict | None:
        """The scenario's `counterfactual` field as the run key holds it (None when not set)."""
        if not self.counterfactual:
            return None
        return {"decisions": self.counterfactual[0], "sample": self.counterfactual[1]}

    def game(self) -> GameContent:
        """The content of this run (cached per patch list, also inside workers)."""
        return game_for(self.patches, dawn=self.dawn is not None)

    def match_json(self) -> dict:
        m = {"players": self.players, "side": self.side, "seats": [s.to_json() for s in self.seats]}
        if self.players == 1:   # solo (R9): Tom's dice colours
            m["tom"] = {"colors": list(self.tom_colors) or "random"}
        if self.dawn is not None:   # only then: the keys of base-game runs stay as they were
            m["dawn"] = {"sets": list(self.dawn)}
        return m

    def to_json(self) -> dict:
        """As recorded in the run manifest (the patches as plain mappings)."""
        return {"index": self.index, "name": self.name, "description": self.description,
                "engine": self.engine, **self.match_json(),
                "variant": self.variant, "sweep": {f: v for f, v in self.sweep},
                "patch": merged_patch(self.patches),
                "content": [{"source": src, "patch": _jsonable(data)} for data, src, _ in self.patches],
                "content_hash": self.content_hash, "seed": self.seed, "games": self.games,
                "chunk_games": self.chunk_games}


_GAMES: dict[str, GameContent] = {}


def game_for(patches, dawn: bool = False) -> GameContent:
    """The content of a patch list (cached per process); with `dawn`, over the Dawn content."""
    key = json.dumps([dawn] + [_jsonable(p[0]) for p in patches], sort_keys=True, default=str)
    g = _GAMES.get(key)
    if g is None:
        g = _GAMES[key] = load_game(list(patches), base=_base(), dawn=dawn)
    return g


def merged_patch(patches) -> dict:
    """All patches of a run as one patch (mappings merged, later values win, None kept)."""
    out: dict = {}

    def merge(dst, src):
        for k, v in src.items():
            k = str(k)
            if isinstance(v, dict) and isinstance(dst.get(k), dict):
                merge(dst[k], v)
            else:
                dst[k] = _jsonable(v)
    for data, _, _ in patches:
        if isinstance(data, dict):
            merge(out, data)
    return out


def _jsonable(v):
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    return v


# ---- expansion ----

def expand(sc: Scenario, games: Optional[int] = None) -> list[ResolvedRun]:
    """All runs of a scenario (variants x sweep points), validated against the content."""
    spec = sc.spec
    engine = _engine_of(sc)
    info = engine_info(engine)
    if info.missing:
        if "engine" in spec.model_fields_set:
            raise sc.error(("engine",), f"engine {spec.engine!r} is not available: {info.missing}; "
                                        f"allowed here: reference")
        raise ScenarioError([problem(sc.source, None, "engine", f"the default engine {spec.engine!r} is not "
                                     f"available: {info.missing}; write 'engine: reference'")])
    _check_variant_names(sc)
    cf = spec.counterfactual
    if cf is not None and spec.engine != "fast":
        raise sc.error(("counterfactual",), f"forked decisions are played by the fast engine only; "
                                            f"remove 'counterfactual' or write engine: fast (the "
                                            f"scenario says engine: {spec.engine})")
    axes = [_axis(sc, k, ax) for k, ax in enumerate(spec.sweep)]
    _check_axes_apart(sc, axes)
    variants = list(enumerate(spec.variants)) or [(None, None)]
    total = len(variants)
    for a in axes:
        total *= len(a.points)
    if total > MAX_RUNS:
        raise sc.error(("sweep",), f"the variants and sweep axes make {total} runs; a scenario may have "
                                   f"at most {MAX_RUNS}")
    runs: list[ResolvedRun] = []
    names: dict[str, tuple] = {}
    top_patches = _own_patches(sc, (), spec)
    for j, var in variants:
        vprefix = ("variants", j) if var is not None else ()
        vpatches = _own_patches(sc, vprefix, var) if var is not None else []
        for where in itertools.product(*[range(len(a.points)) for a in axes]):
            point = tuple(a.points[i] for a, i in zip(axes, where))
            name = _run_name(var.name if var is not None else None, axes, point)
            if name in names:
                raise sc.error(("sweep",), f"two runs would both be named {name!r}; give the sweep "
                                           f"distinct values or a 'label'")
            names[name] = point
            match, origins = _match(sc, spec, var, vprefix)
            sweep_patches = []
            for ax, i in zip(axes, where):
                ax.apply(sc, match, origins, sweep_patches, i)
            dawn = _dawn_sets(sc, var, vprefix, match["players"])
            if dawn is None and match["players"] > BASE_MAX_SEATS:
                raise sc.error(origins["players"], f"{match['players']} players need the Dawn rules "
                                                   f"(D4): add `dawn: {{sets: [...]}}`; allowed "
                                                   f"without Dawn: 1..{BASE_MAX_SEATS}")
            game, patches = _content(sc, top_patches + vpatches + sweep_patches, dawn is not None)
            if dawn is not None:
                _check_dawn(sc, var, vprefix, game, match["players"], dawn)
                _check_dawn_patches(sc, patches, game, match["players"], dawn)
            seats = _seats(sc, match, origins, game, info)
            tom = _tom_colors(sc, match, origins, game, seats)
            runs.append(ResolvedRun(
                index=len(runs), name=name, engine=engine, players=match["players"],
                side=match["side"], seats=tuple(seats), patches=tuple(patches), seed=spec.seed,
                games=int(games if games is not None else spec.games),
                chunk_games=spec.chunk_games or DEFAULT_CHUNK_GAMES[engine],
                content_hash=game.hash, description=var.description if var is not None else "",
                variant=var.name if var is not None else "",
                sweep=tuple((a.field, v) for a, v in zip(axes, point)), tom_colors=tom,
                counterfactual=(cf.decisions, float(cf.sample))
                if cf is not None and (var is None or var.counterfactual is not False) else (),
                dawn=dawn, dawn_tables=_plays_dawn(spec)))
    return runs


def _dawn_sets(sc: Scenario, var, vprefix, players: int) -> Optional[tuple]:
    """The Dawn sets of a run (D1): the variant's `dawn` when it sets one (`dawn: null`: the
    base game), else the scenario's; None when the run plays the base game. Each set is
    checked against the Dawn content (its count against the players' in :func:`_check_dawn`)."""
    dawn, at = sc.spec.dawn, ("dawn",)
    if var is not None and "dawn" in var.model_fields_set:
        dawn, at = var.dawn, vprefix + ("dawn",)
    if dawn is None:
        return None
    known = list((dawn_patch()[0].get("dawn") or {}).get("sets") or {})
    for i, name in enumerate(dawn.sets):
        if name not in known:
            raise sc.error(at + ("sets", i), f"{name!r} is not a set{suggest(name, known)}; "
                                             f"allowed: {', '.join(known)}")
    return tuple(dawn.sets)


def _check_dawn(sc: Scenario, var, vprefix, game: GameContent, players: int, sets) -> None:
    """The sets against the run's Dawn content and player count (D1, D16), as the engine
    checks them."""
    from ..engine.dawnsetup import check_sets
    at = vprefix + ("dawn",) if var is not None and "dawn" in var.model_fields_set else ("dawn",)
    try:
        check_sets(game.dawn, players, list(sets))
    except UserError as e:
        raise sc.error(at + ("sets",), str(e).removeprefix("dawn.sets: ")) from None


def _plays_dawn(spec) -> bool:
    """Whether a run of the scenario plays Dawn (its top level or a variant sets `dawn`)."""
    return spec.dawn is not None or any(v.dawn is not None for v in spec.variants)


def _engine_of(sc: Scenario) -> str:
    """The engine of the scenario's runs: both play Dawn (solo and 2-6 players, every choice of
    sets the rules allow), so a scenario with Dawn runs on the one it names (default fast)."""
    return sc.spec.engine


def _check_axes_apart(sc: Scenario, axes) -> None:
    """Two sweep axes may not set the same field, or one a part of the other's (the later would
    overwrite the earlier while both name the run); `seat` and `seats` are told apart."""
    for j, b in enumerate(axes):
        for a in axes[:j]:
            pa, pb = (a.target,) + tuple(a.path), (b.target,) + tuple(b.path)
            n = min(len(pa), len(pb))
            if pa[:n] == pb[:n]:
                same = "the same field" if pa == pb else "overlapping fields"
                raise sc.error(("sweep", b.index, "field"),
                               f"sweeps {b.field!r}, and sweep axis {a.index} sweeps {a.field!r}: "
                               f"{same}; sweep a field once (list all its values in one axis)")


def _check_variant_names(sc: Scenario):
    seen: dict[str, int] = {}
    for j, v in enumerate(sc.spec.variants):
        if v.name in seen:
            raise sc.error(("variants", j, "name"),
                           f"variant name {v.name!r} is already used by variant {seen[v.name]}; "
                           f"names must be unique")
        seen[v.name] = j


def _run_name(vname, axes, point) -> str:
    parts = [vname] if vname else []
    parts += [f"{a.label}={_fmt_value(v)}" for a, v in zip(axes, point)]
    return " ".join(parts) if parts else "base"


def _fmt_value(v) -> str:
    if isinstance(v, (list, tuple)):
        return "+".join(_fmt_value(x) for x in v) if v else "none"
    if isinstance(v, dict):
        return json.dumps(v, sort_keys=True, separators=(",", ":"))
    return str(v)


# ---- match: players, side, seats ----

def _match(sc: Scenario, spec, var, vprefix):
    """The match fields of a variant as plain data, and where each came from (for messages)."""
    match: dict[str, Any] = {"players": spec.players, "side": spec.side, "seat": {}, "seats": [],
                             "tom": spec.tom.colors if spec.tom is not None else "random"}
    origins: dict[str, tuple] = {"players": ("players",), "side": ("side",), "tom": ("tom",)}
    if spec.seat is not None:
        match["seat"] = spec.seat.model_dump(exclude_unset=True)
        origins["seat"] = ("seat",)
    if spec.seats is not None:
        match["seats"] = [s.model_dump(exclude_unset=True) for s in spec.seats]
        origins["seats"] = ("seats",)
    if var is not None:
        for f in ("players", "side", "seat", "seats"):
            if f in var.model_fields_set and getattr(var, f) is not None:
                v = getattr(var, f)
                if f == "seat":
                    v = v.model_dump(exclude_unset=True)
                elif f == "seats":
                    v = [s.model_dump(exclude_unset=True) for s in v]
                match[f] = v
                origins[f] = vprefix + (f,)
        if var.tom is not None:
            match["tom"] = var.tom.colors
            origins["tom"] = vprefix + ("tom",)
    return match, origins


def _tom_colors(sc: Scenario, match, origins, game: GameContent, seats) -> tuple:
    """Tom's dice colours of a solo run (R9): () when drawn per game (E15); fixed colours are
    checked here, in colour-code order. Fixed colours need a fixed adventurer, so that no game
    can deal the adventurer of one of Tom's colours."""
    from ..content import codes as C
    colors = match.get("tom", "random")
    if colors == "random":
        return ()
    at = origins["tom"] + ("colors",)
    if match["players"] != 1:
        raise sc.error(at, f"Tom plays only in solo games and this run has players: {match['players']}; "
                           f"remove 'tom' or set players: 1")
    adv = seats[0].adventurer
    if adv in ADVENTURER_MODES:
        raise sc.error(at, f"fixed colours need a fixed adventurer: with adventurer {adv!r} a game could "
                           f"deal the adventurer of one of Tom's colours; give the seat an adventurer id "
                           f"or write colors: random")
    t, cat = game.tables, game.catalog
    row = cat.adventurer_row(adv)
    own = int(t.item_adv_color[row])
    allowed = sorted({int(t.item_adv_color[cat.adventurer_row(a)]) for a in cat.adventurer_ids} - {own})
    names = [C.COLORS[c] for c in allowed]
    for i, name in enumerate(colors):
        if name == C.COLORS[own]:
            raise sc.error(at + (i,), f"{name} is the colour of {adv}, the adventurer in play; Tom's dice "
                                      f"are colours of adventurers not in play (R9): {', '.join(names)}")
        if name not in names:
            raise sc.error(at + (i,), f"{name!r} is not a colour Tom can play{suggest(name, names)}; "
                                      f"allowed: {', '.join(names)}")
    if colors[0] == colors[1]:
        raise sc.error(at, f"Tom's two dice must be of different colours, got {colors[0]} twice")
    if set(colors) == {"yellow", "purple"}:
        raise sc.error(at, "Tom's dice cannot be yellow with purple: both have a special face (R9)")
    codes = sorted(C.COLOR_CODE[c] for c in colors)
    try:   # the engine's own check, the one play_solo applies
        check_tom_colors(game, row, codes)
    except ValueError as e:
        raise sc.error(at, str(e)) from None
    return tuple(C.COLORS[c] for c in codes)


def _seats(sc: Scenario, match, origins, game: GameContent, info: EngineInfo) -> list[ResolvedSeat]:
    n = match["players"]
    seats_at = origins.get("seats", ("seats",))
    if len(match["seats"]) > n:
        raise sc.error(seats_at, f"lists {len(match['seats'])} seats but players is {n}; "
                                 f"list at most {n} seats (seats not listed use 'seat')")
    if n == 1 and FEATURE_SOLO not in info.features:
        raise sc.error(origins["players"], f"the {info.name} engine cannot play solo games (players: 1); "
                                           f"allowed: 2 to {BASE_MAX_SEATS}, or engine: reference")
    out, fixed = [], {}
    adv_ids = list(game.catalog.adventurer_ids)
    for i in range(n):
        own = match["seats"][i] if i < len(match["seats"]) else {}
        d = {**match["seat"], **own}
        where = {}
        for f in SEAT_FIELDS:  # where the value of each field was written (for messages)
            if f in own:
                where[f] = origins.get(("sweep-seats", i, f), seats_at + (i, f))
            else:
                where[f] = origins.get(("sweep-seat", f), origins.get("seat", ("seat",)) + (f,))
        try:
            seat = SeatSpec.model_validate(d)
        except ValidationError as e:
            raise ScenarioError(pydantic_problems(e, sc.lines, sc.source, SeatSpec,
                                                  prefix=seats_at + (i,))) from None
        adv = seat.adventurer
        if adv not in ADVENTURER_MODES and adv not in adv_ids:
            raise sc.error(where["adventurer"], f"unknown adventurer {adv!r}{suggest(adv, adv_ids)}; "
                                                f"allowed: {', '.join(list(ADVENTURER_MODES) + adv_ids)}")
        if adv == "draft" and FEATURE_DRAFT not in info.features:
            raise sc.error(where["adventurer"], f"the {info.name} engine cannot draft adventurers; "
                                                f"allowed: an adventurer id or 'random'")
        if seat.start_rerolls and FEATURE_START_REROLLS not in info.features:
            raise sc.error(where["start_rerolls"], f"the {info.name} engine cannot give extra starting "
                                                   f"reroll tokens; allowed: 0")
        if adv not in ADVENTURER_MODES:
            if adv in fixed:
                raise sc.error(where["adventurer"], f"adventurer {adv!r} is given to seats {fixed[adv]} "
                                                    f"and {i}; each adventurer can be played once")
            fixed[adv] = i
        out.append(_resolve_seat(sc, seat, where, info))
    if n > len(adv_ids):
        raise sc.error(origins["players"], f"{n} players need {n} adventurers, the content has "
                                           f"{len(adv_ids)}")
    return out


def _resolve_seat(sc: Scenario, seat: SeatSpec, where, info: EngineInfo) -> ResolvedSeat:
    if seat.bot is None:
        return ResolvedSeat(adventurer=seat.adventurer, bot=info.default_bot, label=info.default_bot,
                            start_rerolls=seat.start_rerolls)
    preset, params = resolve_bot(sc, seat.bot, tuple(where["bot"]), info)
    return ResolvedSeat(adventurer=seat.adventurer, bot=preset, params=tuple(sorted(params.items())),
                        label=seat.bot.name(),
                        start_rerolls=seat.start_rerolls)


# ---- content patches ----

def _own_patches(sc: Scenario, prefix, spec) -> list[tuple]:
    """Patches a scenario level (top or one variant) contributes, in order."""
    out = []
    for k, f in enumerate(spec.content_files):
        path = Path(f)
        if not path.is_absolute():
            path = sc.base_dir / path
        try:
            data, lines = load_yaml_file(path)
        except YamlError as e:
            raise sc.error(prefix + ("content_files", k), str(e)) from None
        out.append((data, str(path), lines))
    if spec.content is not None:
        out.append((spec.content, sc.source, sc.sub_lines(prefix + ("content",))))
    if spec.remove:
        out.append(("remove", [(cid, sc.line(prefix + ("remove", k)), prefix + ("remove", k))
                               for k, cid in enumerate(spec.remove)]))
    return out


_BASE: Optional[tuple] = None


def _base() -> tuple:
    """The shipped content, parsed once per process: (data, source, lines) for load_game."""
    global _BASE
    if _BASE is None:
        data, lines = load_yaml(base_text(), BASE_NAME)
        _BASE = (data, BASE_NAME, lines)
    return _BASE


def _base_ids() -> dict:
    return {s: list(_base()[0][s]) for s in CARD_SECTIONS}


def _dawn_ids() -> dict:
    """The card ids the Dawn content adds to the base content's, per section (D1)."""
    data = dawn_patch()[0]
    return {s: [c for c, v in (data.get(s) or {}).items() if v is not None and c not in _base()[0][s]]
            for s in CARD_SECTIONS}


def _dawn_card(section: str, cid: str) -> str:
    """How a Dawn card is named in a message: its set when it has one (D18)."""
    val = (dawn_patch()[0].get(section) or {}).get(cid)
    kind = {"companions": "companion", "adventurers": "adventurer", "spells": "spell"}[section]
    card_set = val.get("set") if isinstance(val, dict) else None
    return f"a {kind} of Dawn's {card_set} set" if card_set else f"a Dawn {kind}"


def _content(sc: Scenario, patches: list, dawn: bool = False) -> tuple[GameContent, list]:
    """Check card ids of the patches (did-you-mean), turn `remove` lists into patches, load
    (over the Dawn content with `dawn`, whose cards a patch may then change or remove).

    A `remove` list is given as ("remove", [(card id, line, path), ...]).
    """
    ids = {s: list(v) for s, v in _base_ids().items()}
    dawn_only = _dawn_ids()
    if dawn:
        for s in CARD_SECTIONS:
            ids[s] += dawn_only[s]
    final = []
    for p in patches:
        if p[0] == "remove":
            patch: dict = {}
            lines: dict = {}
            for cid, line, path in p[1]:
                section = next((s for s in CARD_SECTIONS if cid in ids[s]), None)
                if section is None and not dawn:
                    dawn_section = next((s for s in CARD_SECTIONS if cid in dawn_only[s]), None)
                    if dawn_section is not None:
                        raise ScenarioError([problem(sc.source, line, path, _needs_dawn(
                            f"cannot remove {cid!r}", dawn_section, cid))])
                if section is None:
                    every = [c for s in CARD_SECTIONS for c in ids[s]]
                    raise ScenarioError([problem(sc.source, line, path,
                                                 f"cannot remove {cid!r}: no such card{suggest(cid, every)}")])
                ids[section].remove(cid)
                patch.setdefault(section, {})[cid] = None
                lines[(section, cid)] = line
            final.append((patch, sc.source, lines))
            continue
        data, source, lines = p
        if isinstance(data, dict):
            for section in CARD_SECTIONS:
                entries = data.get(section)
                if not isinstance(entries, dict):
                    continue
                for cid, val in entries.items():
                    if val is None:
                        if cid in ids[section]:
                            ids[section].remove(cid)
                        continue  # removing a missing card: the loader says so, with did-you-mean
                    if cid in ids[section]:
                        continue
                    new_ok = isinstance(val, dict) and ("name" in val if section != "spells" else "trigger" in val)
                    if not dawn and cid in dawn_only[section] and not new_ok:
                        raise ScenarioError([problem(source, line_of(lines or {}, (section, cid)),
                                                     (section, cid), _needs_dawn(
                                                         "cannot change it", section, cid))])
                    if not new_ok:
                        line = line_of(lines or {}, (section, cid))
                        need = "'trigger' and 'effect'" if section == "spells" else "at least 'name'"
                        raise ScenarioError([problem(source, line, (section, cid),
                                                     f"unknown {section[:-1]} {cid!r}"
                                                     f"{suggest(cid, ids[section])}; to add a new one give "
                                                     f"{need}")])
                    ids[section].append(cid)
        final.append(p)
    try:
        return game_for(final, dawn=dawn), final
    except ContentError as e:
        problems = list(e.problems)
        removed = len(_base_ids()["companions"]) - len(ids["companions"])
        if removed > 0 and any("companions after removal" in p for p in problems):
            problems.append(f"{sc.source}: the scenario removes {removed} companion(s); lower "
                            f"content.setup.removed_per_deck or content.setup.rounds so that the deck "
                            f"still deals 5 companions a round")
        raise ScenarioError(problems) from None


def _needs_dawn(what: str, section: str, cid: str) -> str:
    card = _dawn_card(section, cid)
    val = (dawn_patch()[0].get(section) or {}).get(cid)
    card_set = val.get("set") if isinstance(val, dict) else None
    add = f"dawn: {{sets: [{card_set}]}}" if card_set else "dawn: {sets: []}"
    return (f"{what}: {cid} is {card} and this run plays the base game; add `{add}` to the "
            f"scenario or the variant, or patch it in the variants that play Dawn (docs/rules.md D1)")


def _check_dawn_patches(sc: Scenario, patches: list, game: GameContent, players: int, sets) -> None:
    """A patch (or sweep) over a companion that can never be dealt in this Dawn run is refused:
    a card of a set that cannot play (D1: at 1 to 4 players only the sets chosen play; at 5 and
    6 players sets are drawn while fewer than the table needs were chosen), or, at 1 to 4
    players, a base companion a chosen set takes out (`replaces`)."""
    d = game.content.dawn
    chosen = list(sets)
    size = d.players.get(players) if players > 4 else None
    possible = set(d.sets) if size is not None and len(chosen) < size.min_sets else set(chosen)
    replaced = ({c for s in chosen for c in d.sets[s].replaces} if players <= 4 else set())
    for p in patches:
        if p[0] == "remove" or not isinstance(p[0], dict):
            continue
        data, source, lines = p
        for cid, val in (data.get("companions") or {}).items():
            if val is None or cid not in game.content.companions:
                continue
            card_set = game.content.companions[cid].set
            why = None
            if card_set is not None and card_set not in possible:
                why = (f"{cid} is a companion of Dawn's {card_set} set, which this run never deals "
                       f"(sets: {', '.join(chosen) or 'none'}, {players} players, D1); add {card_set} "
                       f"to dawn.sets, or patch it in the variants that play {card_set}")
            elif card_set is None and cid in replaced:
                by = next(s for s in chosen if cid in d.sets[s].replaces)
                why = (f"{cid} is taken out of the deck by Dawn's {by} set at {players} players "
                       f"(its `replaces`, D1), so this run never deals it; leave {by} out of "
                       f"dawn.sets, or patch it in the variants that deal it")
            if why is not None:
                raise ScenarioError([problem(source, line_of(lines or {}, ("companions", cid)),
                                             ("companions", cid), why)])


# ---- sweep axes ----

@dataclass
class _Axis:
    index: int
    target: str          # players | side | seat | seats | content | content_files | remove
    path: tuple          # path below the target
    field: str
    label: str
    points: list
    lines: list          # line of each value

    def apply(self, sc: Scenario, match: dict, origins: dict, patches: list, i: int):
        """Set the axis's value number ``i`` in the run's match or patches."""
        value = self.points[i]
        line, at = self.lines[i], ("sweep", self.index, "values", i)
        if self.target == "content":
            patch = value
            for key in reversed(self.path):
                patch = {key: patch}
            patches.append((patch, sc.source, {(): line}))
        elif self.target == "remove":
            cards = [value] if isinstance(value, str) else list(value or [])
            patches.append(("remove", [(cid, line, self.field) for cid in cards]))
        elif self.target == "content_files":
            for f in [value] if isinstance(value, str) else list(value or []):
                path = Path(f) if Path(f).is_absolute() else sc.base_dir / f
                try:
                    data, lines = load_yaml_file(path)
                except YamlError as e:
                    raise ScenarioError([problem(sc.source, line, self.field, str(e))]) from None
                patches.append((data, str(path), lines))
        else:
            _set_match(sc, match, self, value, line)
            if self.target in ("players", "side"):
                origins[self.target] = at
            elif self.target == "seat" and self.path:
                origins[("sweep-seat", self.path[0])] = at
            elif self.target == "seats" and len(self.path) > 1:
                origins[("sweep-seats", self.path[0], self.path[1])] = at
            elif self.target == "seats":
                for f in SEAT_FIELDS:
                    origins[("sweep-seats", self.path[0], f)] = at
            else:
                for f in SEAT_FIELDS:
                    origins[("sweep-seat", f)] = at


def _set_match(sc: Scenario, match: dict, ax: _Axis, value, line):
    if ax.target in ("players", "side"):
        match[ax.target] = value
    elif ax.target == "seat":
        if ax.path:
            _set_path(match["seat"], ax.path, value)
        else:
            match["seat"] = value
    else:  # seats.<i>...
        i = ax.path[0]
        while len(match["seats"]) <= i:
            match["seats"].append({})
        if len(ax.path) == 1:
            match["seats"][i] = value
        else:
            _set_path(match["seats"][i], ax.path[1:], value)
    try:
        MatchFields.model_validate({"players": match["players"], "side": match["side"],
                                    "seat": match["seat"], "seats": match["seats"] or None})
    except ValidationError as e:
        raise ScenarioError(pydantic_problems(e, {}, sc.source, MatchFields, line=line,
                                              hint=needs_dawn)) from None


def _value_key(v):
    """A hashable key equal for two sweep values that are equal (1 and 1.0 alike; NaN equals
    nothing, as ``==`` has it)."""
    if isinstance(v, bool):
        return ("bool", v)
    if isinstance(v, (int, float)):
        return ("number", v) if v == v else ("nan", id(v))   # 1 == 1.0, and hash alike
    if isinstance(v, str):
        return ("str", v)
    return ("data", json.dumps(v, sort_keys=True, default=str))


def _set_path(d: dict, path: tuple, value):
    for key in path[:-1]:
        if not isinstance(d.get(key), dict):
            d[key] = {} if not isinstance(d.get(key), str) else {"preset": d[key]}
        d = d[key]
    d[path[-1]] = value


_INDEX = re.compile(r"\[(\d+)\]")


def _axis(sc: Scenario, k: int, ax: SweepAxis) -> _Axis:
    at = ("sweep", k, "field")
    text = _INDEX.sub(r".\1", ax.field)
    parts = tuple(int(p) if p.isdigit() else p for p in text.split("."))
    if any(p == "" for p in parts):
        raise sc.error(at, f"{ax.field!r} is not a field path (write names joined by '.', "
                           f"e.g. content.companions.A11.bursts)")
    head, rest = parts[0], parts[1:]
    if head not in SWEEPABLE:
        raise sc.error(at, f"cannot sweep {ax.field!r}: unknown field {head!r}{suggest(head, SWEEPABLE)}; "
                           f"allowed: {', '.join(SWEEPABLE)} (content.<section>.<id>.<field> for a card field)")
    if head in ("players", "side", "remove", "content_files") and rest:
        raise sc.error(at, f"cannot sweep {ax.field!r}: {head!r} has no sub-fields")
    if head == "content" and not rest:
        raise sc.error(at, "give the content field to sweep, e.g. content.companions.A11.bursts")
    if head == "seats":
        if not rest or not isinstance(rest[0], int) or rest[0] >= MAX_SEATS:
            raise sc.error(at, f"cannot sweep {ax.field!r}: write seats.<seat 0..{MAX_SEATS - 1}>.<field>, "
                               f"e.g. seats.0.start_rerolls")
    if head in ("seat", "seats"):
        sub = rest[1:] if head == "seats" else rest
        if sub and sub[0] not in SEAT_FIELDS:
            raise sc.error(at, f"cannot sweep {ax.field!r}: unknown seat field {sub[0]!r}"
                               f"{suggest(sub[0], SEAT_FIELDS)}; allowed: {', '.join(SEAT_FIELDS)}")
    points = ax.points()
    if ax.values is not None:
        lines = [sc.line(("sweep", k, "values", i)) for i in range(len(points))]
    else:
        lines = [sc.line(("sweep", k, "range"))] * len(points)
    seen = set()
    for i, v in enumerate(points):     # a key per value: thousands of values, no pairwise test
        key = _value_key(v)
        if key in seen:
            raise sc.error(("sweep", k, "values", i), f"value {v!r} is listed twice")
        seen.add(key)
    label = ax.label or (".".join(str(p) for p in parts[1:]) if head == "content" else text)
    return _Axis(index=k, target=head, path=rest, field=text, label=label, points=points, lines=lines)
