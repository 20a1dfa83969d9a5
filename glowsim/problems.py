"""One-line problems of a checked input: ``FILE, line N: FIELD: what is wrong; allowed: ...``.

Scenarios, content patches, position files and game records are checked by pydantic models;
this module turns pydantic's errors into those lines (with a did-you-mean for a misspelt field
or word) and caps a list of problems: an input with a hundred thousand unknown fields gives
the first :data:`MAX_PROBLEMS` lines and a count, not a hundred thousand lines.

It imports nothing of glowsim (only pydantic), so every layer may use it.
"""
from __future__ import annotations

import difflib
import re
import typing
from typing import Optional

MAX_PROBLEMS = 20   # problems shown of one input; the rest are counted


def capped(problems, total: Optional[int] = None, where: str = "",
           limit: int = MAX_PROBLEMS) -> list[str]:
    """The first `limit` of `problems` and, when there are more (`total` in all, default
    ``len(problems)``), one line counting the rest."""
    problems = list(problems)
    if total is None and len(problems) == limit + 1 and problems[-1].endswith(_MORE):
        return problems   # capped already
    total = len(problems) if total is None else int(total)
    if total <= limit:
        return problems[:limit]
    more = f"... and {total - limit} more problem(s) ({total} in all){_MORE}"
    return problems[:limit] + [f"{where}: {more}" if where else more]


_MORE = "; fix the ones above first"


def line_of(lines: dict, path: tuple):
    """Line of the deepest known prefix of path, or None."""
    for n in range(len(path), -1, -1):
        key = tuple(path[:n])
        if key in lines:
            return lines[key]
    return None


_LOOK_ALIKE = str.maketrans({"l": "1", "I": "1", "i": "1", "o": "0", "O": "0"})


def suggest(word, choices) -> str:
    """' (did you mean 'x'?)' for the closest of choices, or ''.

    Case, look-alike characters (l/1, O/0) and leading zeros are tried first, so 'a1l'
    suggests 'A11' and 'B1' suggests 'B01'.
    """
    choices = [str(c) for c in choices]
    w = str(word)[:200]
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


def show(v, n: int = 60) -> str:
    s = repr(v)
    return s if len(s) <= n else s[:n - 3] + "..."


def pydantic_problems(err, lines: dict, source: str, cls, prefix=(),
                      line: Optional[int] = None, limit: int = MAX_PROBLEMS,
                      hint=None) -> list[str]:
    """Turn a pydantic ValidationError into 'FILE, line N: FIELD: message' lines (the first
    `limit`, then a count of the others).

    `prefix` is prepended to each error location (for models validated below the
    top of the file); `line`, when given, is used instead of the line map; `hint(loc, kind,
    value)`, when given, may return a message of the caller's own for an error (None: the
    general one).
    """
    out = []
    for e in err.errors()[:limit]:
        loc = _clean_loc(tuple(e["loc"]))
        path = tuple(prefix) + loc
        msg = e["msg"].removeprefix("Value error, ")
        kind = e["type"]
        if kind == "extra_forbidden":
            allowed = fields_at(cls, loc[:-1])
            msg = f"unknown field {show(loc[-1])}" + suggest(loc[-1], allowed) + (
                f"; allowed fields: {', '.join(allowed)}" if allowed else "")
        elif kind == "literal_error":
            choices = _literal_choices(e)
            what = {list: "a list", dict: "a mapping"}.get(type(e["input"]))
            if what is not None:   # `decisions: [recruit]` where one word is wanted
                msg = (f"expected one value, got {what} {show(e['input'])}; "
                       f"allowed: {', '.join(choices)}")
            else:
                msg = f"{show(e['input'])} is not allowed" + (
                    suggest(e["input"], choices) if isinstance(e["input"], (str, int)) else "") + \
                    f"; allowed: {', '.join(choices)}"
        elif kind == "missing":
            msg = "this field is required"
        elif kind in ("model_type", "dict_type"):
            allowed = fields_at(cls, loc)
            msg = f"expected a mapping, got {show(e['input'])}" + (
                f" (fields: {', '.join(allowed)})" if allowed else "")
        elif kind == "list_type":
            msg = f"expected a list, got {show(e['input'])}"
        elif kind.startswith(("int_", "float_", "string_", "bool_", "greater", "less")):
            msg = f"{msg}, got {show(e['input'])}"
        if hint is not None:
            msg = hint(loc, kind, e.get("input")) or msg
        out.append(problem(source, line if line is not None else line_of(lines, path), path, msg))
    return capped(out, err.error_count(), source, limit)


def _clean_loc(loc):
    # a bot given as a string is validated as {preset: name}: report it at `bot`
    if len(loc) >= 2 and loc[-1] == "preset" and loc[-2] == "bot":
        return loc[:-1]
    # pydantic adds tags such as 'int' / 'str' for unions; they are not YAML keys
    return tuple(p for p in loc if not (isinstance(p, str) and p.startswith(("function-", "union[",
                                                                              "tagged-union["))))


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
    from pydantic import BaseModel
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return tp
    for a in typing.get_args(tp):
        m = _model_in(a)
        if m is not None:
            return m
    return None
