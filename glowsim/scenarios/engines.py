"""What each engine accepts: bot presets, tunable parameters, seat features.

Scenarios are checked against this before anything runs, so that a scenario
asking an engine for something it cannot do fails with a message naming the
file, line and field, not in the middle of a run.  The lists come from the
engines themselves (``glowsim.engine.botnames.BOTS``, ``glowsim.fast.PRESETS``).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import UserError

# Seat features beyond a fixed or random adventurer and a preset bot.
FEATURE_DRAFT = "draft"                # adventurer: draft
FEATURE_START_REROLLS = "start_rerolls"  # extra starting reroll tokens
FEATURE_PARAMS = "params"              # bot parameters changed / read from a file
FEATURE_SOLO = "solo"                  # players: 1, against Tom (R9)


class EngineUnavailable(UserError):
    pass


@dataclass(frozen=True)
class EngineInfo:
    name: str
    presets: tuple
    default_bot: str
    features: frozenset = frozenset()
    param_names: tuple | None = None   # tunable parameter names (None: no parameters)
    param_problem: object = None       # (name, value) -> why the value is not allowed ("": it is)
    missing: str = ""                  # why the engine cannot be used here ("" when it can)


def engine_info(name: str) -> EngineInfo:
    if name == "reference":
        from ..engine.botnames import BOTS
        feats = {FEATURE_SOLO, FEATURE_DRAFT, FEATURE_START_REROLLS}   # E18, E19, R9
        return EngineInfo("reference", tuple(BOTS), "greedy" if "greedy" in BOTS else tuple(BOTS)[0],
                          frozenset(feats))
    if name == "fast":
        try:
            from .. import fast
        except ImportError as e:
            return EngineInfo("fast", (), "", missing=f"the fast path (glowsim.fast) cannot be imported ({e})")
        if not hasattr(fast, "play_block"):
            return EngineInfo("fast", (), "", missing="the fast path (glowsim.fast.play_block) is not built yet")
        presets = tuple(getattr(fast, "PRESETS", ()))
        feats = set(getattr(fast, "FEATURES", ()))
        names = getattr(fast, "PARAM_NAMES", None)
        if names is not None:
            feats.add(FEATURE_PARAMS)
        default = "heuristic" if "heuristic" in presets else (presets[0] if presets else "")
        return EngineInfo("fast", presets, default, frozenset(feats),
                          tuple(names) if names is not None else None,
                          param_problem=getattr(fast, "param_problem", None))
    raise EngineUnavailable(f"unknown engine {name!r}; allowed: fast, reference")
