"""The parts of the content that only the Dawn expansion's rules give a meaning.

A model field marked ``json_schema_extra={"dawn": "D<n>"}`` (glowsim/content/model.py) is one
of them when it differs from its default; so are the Dawn dice colours, the Dawn die faces and
Zay'Drel's grey.  Two uses:

- :func:`dawn_uses` lists where a content uses them (paths and D sections): content that does
  cannot be played by the base rules (``load_game`` refuses it, glowsim/content/loader.py);
- :func:`plain_dump` is the content as JSON data without the Dawn fields left at their
  defaults, so that adding those fields to the model changes neither the base content's hash
  nor anything else derived from its dump.
"""
from __future__ import annotations

import functools
import typing

from pydantic import BaseModel

from .model import DAWN_FACES

DAWN_COLORS = ("multi", "light_green", "pink")      # D2: dice of the Dawn adventurers
DAWN_PIECE_COLORS = DAWN_COLORS + ("grey",)         # D9: Zay'Drel's colour has no die


def _marker(info) -> str | None:
    extra = info.json_schema_extra
    return extra.get("dawn") if isinstance(extra, dict) else None


def _may_hold_model(tp) -> bool:
    """Whether a value of annotation ``tp`` can hold a model (directly, or in a list, tuple,
    mapping or union)."""
    if tp is typing.Any or tp is object:
        return True
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return True
    return any(_may_hold_model(a) for a in typing.get_args(tp))


@functools.cache
def _plan(cls) -> tuple:
    """(name, D section or None, default, may hold a model) of each field of model ``cls``
    that the walks read: a Dawn field, or one that can hold a model (the others, plain values
    of the base game, cannot hold a Dawn field; a content has thousands of them)."""
    out = []
    for name, info in cls.model_fields.items():
        section = _marker(info)
        nested = _may_hold_model(info.annotation)
        if section is not None or nested:
            default = info.get_default(call_default_factory=True) if section is not None else None
            out.append((name, section, default, nested))
    return tuple(out)


def _walk(value, path: tuple, out: list) -> None:
    if isinstance(value, BaseModel):
        for name, section, default, nested in _plan(type(value)):
            v = getattr(value, name)
            if section is not None and v != default:
                out.append((path + (name,), section))
            elif nested:
                _walk(v, path + (name,), out)
    elif isinstance(value, dict):
        for k, v in value.items():
            _walk(v, path + (k,), out)
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            _walk(v, path + (i,), out)


def dawn_uses(content) -> list[tuple[tuple, str]]:
    """(path, D section) of every part of `content` that needs the Dawn rules, in file order
    of the sections; [] for content the base rules play."""
    out: list = []
    for col, sym in content.special_faces.items():
        if col in DAWN_COLORS or sym in DAWN_FACES:
            out.append((("special_faces", col), "D8"))
    for col in content.dice:
        if col in DAWN_COLORS:
            out.append((("dice", col), "D2"))
    for col, sym in content.die_faces.sixth.items():
        if col in DAWN_COLORS or sym in DAWN_FACES:
            out.append((("die_faces", "sixth", col), "D8"))
    for aid, adv in content.adventurers.items():
        if adv.color in DAWN_PIECE_COLORS:
            out.append((("adventurers", aid, "color"), "D2"))
    _walk(content, (), out)
    out.sort(key=lambda use: use[0][0] != "dawn")   # the whole section first, when there is one
    return out


def _prune(value, data):
    """`data` (the JSON dump of `value`) without the Dawn fields left at their defaults."""
    if isinstance(value, BaseModel) and isinstance(data, dict):
        for name, section, default, nested in _plan(type(value)):
            v = getattr(value, name)
            if section is not None and v == default:
                data.pop(name, None)
            elif nested and name in data:
                _prune(v, data[name])
    elif isinstance(value, dict) and isinstance(data, dict):
        for v, d in zip(value.values(), data.values()):   # same order: the dump keeps it
            _prune(v, d)
    elif isinstance(value, (list, tuple)) and isinstance(data, list):
        for v, d in zip(value, data):
            _prune(v, d)
    return data


def plain_dump(content) -> dict:
    """The content's JSON dump without the Dawn fields it leaves at their defaults."""
    return _prune(content, content.model_dump(mode="json"))
