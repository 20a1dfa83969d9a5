"""Read a scenario file: YAML (with line numbers) -> validated :class:`ScenarioSpec`.

Every problem becomes a :class:`ScenarioError` line of the form
``FILE, line N: FIELD: what is wrong (did you mean ...?; allowed: ...)``, the
same form content errors take.  Checks that need the game content (card ids,
adventurer ids, bot presets) run when the scenario is expanded
(:mod:`glowsim.scenarios.expand`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from pydantic import ValidationError

from ..content.yamlio import YamlError, load_yaml, load_yaml_file
from ..errors import UserError
from ..problems import capped, dotted, fields_at, line_of, problem, pydantic_problems, suggest
from .schema import ScenarioSpec

__all__ = ["Scenario", "ScenarioError", "capped", "dotted", "fields_at", "load_scenario",
           "parse_scenario", "problem", "pydantic_problems", "scenario_from_data", "suggest"]


class ScenarioError(UserError):
    """A scenario that cannot be run; ``str(err)`` is the user-facing message (one line a problem)."""

    def __init__(self, problems: list[str]):
        self.problems = capped(problems)
        super().__init__("\n".join(self.problems))


@dataclass(frozen=True)
class Scenario:
    """A scenario file as read and shape-checked (not yet expanded into runs)."""
    spec: ScenarioSpec
    source: str                       # file name used in messages
    lines: dict = field(repr=False)   # {key path: line}
    base_dir: Path = Path(".")        # relative file names (content_files, bot files) start here
    raw: dict = field(default_factory=dict, repr=False)

    @property
    def name(self) -> str:
        return self.spec.name or Path(self.source).stem

    def line(self, path) -> Optional[int]:
        return line_of(self.lines, tuple(path))

    def problem(self, path, msg: str, field_name=None) -> str:
        return problem(self.source, self.line(path), path if field_name is None else field_name, msg)

    def error(self, path, msg: str, field_name=None) -> ScenarioError:
        return ScenarioError([self.problem(path, msg, field_name)])

    def sub_lines(self, prefix) -> dict:
        """The line map below `prefix`, re-rooted (for content patches written inside the scenario)."""
        n = len(prefix)
        return {k[n:]: v for k, v in self.lines.items() if tuple(k[:n]) == tuple(prefix)}


def load_scenario(path) -> Scenario:
    """Read and shape-check a scenario file."""
    p = Path(path)
    try:
        data, lines = load_yaml_file(p)
    except YamlError as e:
        raise ScenarioError([str(e)]) from None
    return _build(data, lines, str(p), p.parent)


def parse_scenario(text: str, source: str = "<scenario>", base_dir=".") -> Scenario:
    """Shape-check scenario text (used by tests and by `load_scenario`)."""
    try:
        data, lines = load_yaml(text, source)
    except YamlError as e:
        raise ScenarioError([str(e)]) from None
    return _build(data, lines, source, Path(base_dir))


def scenario_from_data(data, source: str = "<scenario>", base_dir=".") -> Scenario:
    """Shape-check a scenario given as plain data (no line numbers: a scenario a command made
    from the user's, whose lines are not in any file)."""
    return _build(data, {}, source, Path(base_dir))


def _build(data, lines, source, base_dir) -> Scenario:
    if not isinstance(data, dict):
        raise ScenarioError([f"{source}: a scenario must be a mapping of fields "
                             f"(allowed fields: {', '.join(ScenarioSpec.model_fields)})"])
    try:
        spec = ScenarioSpec.model_validate(data)
    except ValidationError as e:
        raise ScenarioError(pydantic_problems(e, lines, source, ScenarioSpec, hint=needs_dawn)) from None
    if spec.pick_value_precision is not None and spec.counterfactual is None:
        path = ("precision", "pick_value")
        raise ScenarioError([problem(source, line_of(lines, path), path,
                                     "needs forked recruit picks to measure pick values: add "
                                     "`counterfactual: {decisions: recruit, sample: 1.0}`")])
    _check_variant_forks(spec, lines, source)
    return Scenario(spec=spec, source=source, lines=lines, base_dir=base_dir, raw=data)


def _check_variant_forks(spec: ScenarioSpec, lines, source) -> None:
    """A variant's ``counterfactual`` only turns the scenario's forks off (``false``) or keeps
    them (``true``, the default): it needs the scenario's, and one variant at least forks."""
    for j, v in enumerate(spec.variants):
        if v.counterfactual is True and spec.counterfactual is None:
            path = ("variants", j, "counterfactual")
            raise ScenarioError([problem(source, line_of(lines, path), path,
                                         "the scenario forks no decision: set the top-level "
                                         "`counterfactual: {decisions: recruit, sample: R}`; a "
                                         "variant may turn it off (`false`) or keep it (`true`)")])
    if (spec.counterfactual is not None and spec.variants
            and all(v.counterfactual is False for v in spec.variants)):
        path = ("counterfactual",)
        raise ScenarioError([problem(source, line_of(lines, path), path,
                                     "every variant says `counterfactual: false`: remove the "
                                     "scenario's `counterfactual`, or let a variant fork")])


def needs_dawn(loc, kind, value) -> str | None:
    """The message for a field or value only the Dawn rules give a meaning (docs/rules.md D1,
    D4), which the fast path does not play yet; None for any other problem."""
    if kind == "extra_forbidden" and loc and loc[-1] == "dawn":
        return ("a scenario's top level takes 'dawn' (D1), and the fast path does not play Dawn "
                "yet")
    if kind == "less_than_equal" and loc and loc[-1] == "players" and value in (5, 6):
        return (f"{value} players need the Dawn rules (D4), which the fast path does not play yet, "
                f"nor runs of the reference engine; allowed: 1..4")
    return None
