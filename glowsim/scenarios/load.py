"""Read a scenario file: YAML (with line numbers) -> validated :class:`ScenarioSpec`.

Every problem becomes a :class:`ScenarioError` line of the form
``FILE, line N: FIELD: what is wrong (did you mean ...?; allowed: ...)``, the
same form content errors take.  Checks that need the game content (card ids,
adventurer ids, bot presets) run when the scenario is expanded
(:mod:`glowsim.scenarios.expand`).
"""
from __future__ import annotations

import difflib
import re
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from pydantic import BaseModel, ValidationError

from ..content.yamlio import YamlError, line_of, load_yaml, load_yaml_file
from .schema import ScenarioSpec
from ..errors import UserError


class ScenarioError(UserError):
    """A scenario that cannot be run; ``str(err)`` is the user-facing message (one line a problem)."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


_LOOK_ALIKE = str.maketrans({"l": "1", "I": "1", "i": "1", "o": "0", "O": "0"})


def suggest(word, choices) -> str:
    """' (did you mean 'x'?)' for the closest of choices, or ''.

    Case, look-alike characters (l/1, O/0) and leading zeros are tried first, so 'a1l'
    suggests 'A11' and 'B1' suggests 'B01'.
    """
    choices = [str(c) for c in choices]
    w = str(word)
    for norm in (str.lower, lambda x: x.translate(_LOOK_ALIKE).upper(),
                 lambda x: re.sub(r"(?<!\d)0+(\d)", r"\1", x.translate(_LOOK_ALIKE).upper())):
        same = [c for c in choices if norm(c) == norm(w)]
        if same:
            return f" (did you mean {same[0]!r}?)"
    close = difflib.get_close_matches(w, choices, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def dotted(path) -> str:
    return ".".join(str(p) if str(p).isprintable() else repr(p) for p in path)   # repr: a key with a line break


def problem(source: str, line: Optional[int], path, msg: str) -> str:
    where = source + (f", line {line}" if line else "")
    name = dotted(path) if not isinstance(path, str) else path
    return f"{where}: {name}: {msg}" if name else f"{where}: {msg}"


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


def _build(data, lines, source, base_dir) -> Scenario:
    if not isinstance(data, dict):
        raise ScenarioError([f"{source}: a scenario must be a mapping of fields "
                             f"(allowed fields: {', '.join(ScenarioSpec.model_fields)})"])
    try:
        spec = ScenarioSpec.model_validate(data)
    except ValidationError as e:
        raise ScenarioError(pydantic_problems(e, lines, source, ScenarioSpec)) from None
    return Scenario(spec=spec, source=source, lines=lines, base_dir=base_dir, raw=data)


# ---- pydantic errors -> messages ----

def pydantic_problems(err: ValidationError, lines: dict, source: str, cls, prefix=(),
                      line: Optional[int] = None) -> list[str]:
    """Turn pydantic errors into 'FILE, line N: FIELD: message' lines.

    `prefix` is prepended to each error location (for models validated below the
    top of the file); `line`, when given, is used instead of the line map.
    """
    out = []
    for e in err.errors():
        loc = tuple(e["loc"])
        loc = _clean_loc(loc)
        path = tuple(prefix) + loc
        msg = e["msg"].removeprefix("Value error, ")
        kind = e["type"]
        if kind == "extra_forbidden":
            allowed = fields_at(cls, loc[:-1])
            msg = f"unknown field {loc[-1]!r}" + suggest(loc[-1], allowed) + (
                f"; allowed fields: {', '.join(allowed)}" if allowed else "")
        elif kind == "literal_error":
            choices = _literal_choices(e)
            msg = f"{e['input']!r} is not allowed" + suggest(e["input"], choices) + \
                f"; allowed: {', '.join(choices)}"
        elif kind == "missing":
            msg = "this field is required"
        elif kind in ("model_type", "dict_type"):
            allowed = fields_at(cls, loc)
            msg = f"expected a mapping, got {_show(e['input'])}" + (
                f" (fields: {', '.join(allowed)})" if allowed else "")
        elif kind == "list_type":
            msg = f"expected a list, got {_show(e['input'])}"
        elif kind.startswith(("int_", "float_", "string_", "bool_", "greater", "less")):
            msg = f"{msg}, got {_show(e['input'])}"
        msg = _needs_dawn(loc, kind, e.get("input")) or msg
        out.append(problem(source, line if line is not None else line_of(lines, path), path, msg))
    return out


def _needs_dawn(loc, kind, value) -> str | None:
    """The message for a field or value only the Dawn rules give a meaning (docs/rules.md D1,
    D4), which the engines do not play yet; None for any other problem."""
    if kind == "extra_forbidden" and loc and loc[-1] == "dawn":
        return "needs the Dawn rules (D1), which the engines do not play yet"
    if kind == "less_than_equal" and loc and loc[-1] == "players" and value in (5, 6):
        return (f"{value} players need the Dawn rules (D4), which the engines do not play yet; "
                f"allowed: 1..4")
    return None


def _show(v) -> str:
    s = repr(v)
    return s if len(s) <= 60 else s[:57] + "..."


def _clean_loc(loc):
    # a bot given as a string is validated as {preset: name}: report it at `bot`
    if len(loc) >= 2 and loc[-1] == "preset" and loc[-2] == "bot":
        return loc[:-1]
    # pydantic adds tags such as 'int' / 'str' for unions; they are not YAML keys
    return tuple(p for p in loc if not (isinstance(p, str) and p.startswith(("function-", "union["))))


def _literal_choices(err) -> list[str]:
    exp = (err.get("ctx") or {}).get("expected", "")
    return [s.strip().strip("'") for s in exp.replace(" or ", ",").split(",") if s.strip()]


def fields_at(cls, path) -> list[str]:
    """Field names of the model found at `path` below model class `cls` (for did-you-mean)."""
    for p in path:
        if isinstance(p, int) or cls is None:
            continue  # list index: same item class
        f = cls.model_fields.get(p) if hasattr(cls, "model_fields") else None
        cls = _model_in(f.annotation) if f is not None else None
    return list(cls.model_fields) if cls is not None and hasattr(cls, "model_fields") else []


def _model_in(tp):
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return tp
    for a in typing.get_args(tp):
        m = _model_in(a)
        if m is not None:
            return m
    return None
