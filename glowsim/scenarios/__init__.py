"""Scenarios: experiment files (YAML) -> validated spec -> resolved runs.

    >>> from glowsim.scenarios import load_scenario, expand
    >>> runs = expand(load_scenario("scenarios/sides-compare.yaml"))
    >>> [r.name for r in runs][:2]

The file format is documented field by field in ``scenarios/README.md``.
"""
from .expand import ResolvedRun, ResolvedSeat, expand
from .load import Scenario, ScenarioError, load_scenario, parse_scenario
from .engines import EngineInfo, engine_info
from .schema import ScenarioSpec

__all__ = ["ResolvedRun", "ResolvedSeat", "Scenario", "ScenarioError", "ScenarioSpec", "EngineInfo", "engine_info",
           "expand", "load_scenario", "parse_scenario"]
