"""A seat's bot in a scenario: preset, parameters by name, a whole vector, or a preset file.

Forms (scenarios/README.md, *A bot mapping*)::

    bot: expert                                        # a preset of the engine
    bot: {preset: heuristic, params: {w_token: 2.0}}   # a preset with parameters changed by name
    bot: {vector: [0, 1, 1.3, ...]}                    # every parameter, in PARAM_NAMES order
    bot: {file: bots/tuned.yaml}                       # a preset file (what `glowsim tune` writes)
    bot: {preset: rollout, budget: 32, max_options: 4, base: heuristic,   # the search bot
          decisions: [recruit, reroll, move]}

A preset file holds ``{preset: NAME, params: {name: number}}`` and/or
``vector: [...]``, or just ``{name: number, ...}``.  What the mapping gives wins
over the file (its ``preset``, then its ``params`` on top of the file's).  Every
problem names the scenario file, line and field, and says what is allowed.
"""
from __future__ import annotations

from pathlib import Path

from ..content.yamlio import YamlError, load_yaml_file
from .engines import FEATURE_PARAMS, EngineInfo
from .load import Scenario, suggest

FILE_FIELDS = ("preset", "params", "vector")


def _number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _vector_params(sc: Scenario, at, vector, names, where: str) -> dict:
    """{name: value} of a whole parameter vector (checked: length, numbers)."""
    if not isinstance(vector, list) or not all(_number(v) for v in vector):
        raise sc.error(at, f"{where}must be a list of {len(names)} numbers "
                           f"({', '.join(names)})")
    if len(vector) != len(names):
        raise sc.error(at, f"{where}{len(vector)} numbers given; a bot vector has {len(names)}, "
                           f"in this order: {', '.join(names)}")
    return {n: float(v) for n, v in zip(names, vector)}


def read_bot_file(sc: Scenario, at, file: str, names) -> tuple:
    """(preset or None, params) from a preset file named in a scenario (relative to it)."""
    path = Path(file)
    if not path.is_absolute():
        path = sc.base_dir / path
    try:
        data, _ = load_yaml_file(path)
    except YamlError as e:
        raise sc.error(at, f"bot file: {e}") from None
    if not isinstance(data, dict):
        raise sc.error(at, f"bot file {path} must hold a mapping ({{preset:, params:}}, "
                           f"{{vector: [...]}} or parameters)")
    if any(k in data for k in FILE_FIELDS):
        extra = sorted(str(k) for k in set(data) - set(FILE_FIELDS))
        if extra:
            raise sc.error(at, f"bot file {path}: unknown field {extra[0]!r}"
                               f"{suggest(extra[0], FILE_FIELDS)}; allowed fields: "
                               f"{', '.join(FILE_FIELDS)}")
        params = {}
        if "vector" in data:
            if names is None:
                raise sc.error(at, f"bot file {path}: vector: this engine's bots take no parameters")
            params = _vector_params(sc, at, data["vector"], names, f"bot file {path}: vector: ")
        file_params = data.get("params") or {}
        preset = data.get("preset")
        if preset is not None and not isinstance(preset, str):
            raise sc.error(at, f"bot file {path}: preset: expected a preset name, got {preset!r}")
    else:
        file_params, preset, params = data, None, {}
    if not isinstance(file_params, dict) or not all(_number(v) for v in file_params.values()):
        raise sc.error(at, f"bot file {path}: parameters must be a mapping of names to numbers")
    params.update({str(k): float(v) for k, v in file_params.items()})
    return preset, params


SEARCH_BOT = "rollout"


def _search_params(sc: Scenario, bot, at, preset: str, info: EngineInfo) -> dict:
    """{name: value} of the search bot's fields (budget, max_options, base, decisions): the base
    preset's vector with the search parameters on top."""
    given = [k for k in ("budget", "max_options", "base", "decisions") if getattr(bot, k) is not None]
    if not given:
        return {}
    if preset != SEARCH_BOT or info.param_names is None or SEARCH_BOT not in info.presets:
        raise sc.error(at + (given[0],), f"{given[0]} is a field of the search bot: give it with "
                                          f"preset: {SEARCH_BOT} (fast engine)")
    from ..spec.botparams import PRESETS, ROLLOUT_PARAMS, decisions_value
    from ..errors import UserError
    out = {}
    if bot.base is not None:
        allowed = [p for p in info.presets if p != SEARCH_BOT]
        if bot.base not in allowed:
            raise sc.error(at + ("base",), f"unknown base preset {bot.base!r}{suggest(bot.base, allowed)}; "
                                           f"allowed: {', '.join(allowed)}")
        mine, theirs = PRESETS[SEARCH_BOT], PRESETS[bot.base]
        out = {n: float(theirs[i]) for i, n in enumerate(info.param_names)
               if n not in ROLLOUT_PARAMS and theirs[i] != mine[i]}
    if bot.budget is not None:
        out["rollout_budget"] = float(bot.budget)
    if bot.max_options is not None:
        out["rollout_options"] = float(bot.max_options)
    if bot.decisions is not None:
        try:
            out["rollout_decisions"] = decisions_value(bot.decisions)
        except UserError as e:
            raise sc.error(at + ("decisions",), str(e).removeprefix("decisions: ")) from None
    return out


def resolve_bot(sc: Scenario, bot, at, info: EngineInfo) -> tuple:
    """(preset, {name: value}) of a seat's bot mapping (schema.BotSpec), checked against the
    engine: preset names and parameter names with did-you-mean, vector length, the file."""
    names = info.param_names
    preset, params = bot.preset, {}
    if bot.vector is not None:
        if bot.preset is not None:
            raise sc.error(at, "a bot takes 'preset' or 'vector' (every parameter), not both")
        if names is None or FEATURE_PARAMS not in info.features:
            raise sc.error(at + ("vector",), f"the {info.name} engine's bots take no parameters; "
                                             f"give a preset name ({', '.join(info.presets)})")
        params = _vector_params(sc, at + ("vector",), list(bot.vector), names, "")
        preset = info.default_bot
    if bot.file is not None:
        file_preset, file_params = read_bot_file(sc, at, bot.file, names)
        params = {**file_params, **params}
        preset = preset or file_preset
    if preset is None:
        preset = info.default_bot
    params.update(_search_params(sc, bot, at, preset, info))
    params.update({k: float(v) for k, v in bot.params.items()})
    presets = info.presets
    if preset not in presets:
        raise sc.error(at, f"unknown bot preset {preset!r} for the {info.name} engine"
                           f"{suggest(preset, presets)}; allowed: {', '.join(presets)}")
    if params and (FEATURE_PARAMS not in info.features or names is None):
        raise sc.error(at, f"the {info.name} engine's bots take no parameters; give a preset name "
                           f"({', '.join(presets)})")
    for k in params:
        if k not in names:
            origin = "" if k in bot.params or bot.file is None else f"bot file {bot.file}: "
            raise sc.error(at, f"{origin}unknown parameter {k!r} of bot {preset!r}{suggest(k, names)}; "
                               f"allowed: {', '.join(names)}")
    if info.param_problem is not None:
        for k, v in params.items():
            why = info.param_problem(k, v)
            if why:
                if k in bot.params:
                    raise sc.error(at + ("params", k), f"bot {preset!r}: {why}")
                if bot.vector is not None:
                    raise sc.error(at + ("vector",), f"parameter {k!r} of bot {preset!r}: {why}")
                raise sc.error(at, f"bot file {bot.file}: parameter {k!r}: {why}")
    return preset, params
