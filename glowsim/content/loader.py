"""Load game content: the shipped base, plus patches, validated into a typed model.

A patch is a mapping with the same shape as the content file, deep-merged into
the base: mappings merge key by key, any other value replaces, and ``null``
removes the entry (``companions: {A19: null}`` takes Snarexe out of the game).
New ids add entries (a custom companion built from the trigger and effect
vocabulary).  Every problem is reported as :class:`ContentError` whose message
names the file (and line when known), the entry id, the field and what is
allowed.

The Dawn expansion's content is a patch of the same shape, shipped as
``glowsim/data/dawn.yaml`` (:func:`load_dawn_content` applies it).  Content that the base
rules are to play (``base_rules=True``, as ``load_game`` asks) is refused when it uses a
field only the Dawn rules give a meaning (glowsim/content/dawnfields.py).
"""
from __future__ import annotations

import copy
import difflib
import hashlib
import json
from importlib import resources
from pathlib import Path
from typing import Iterable, Mapping, Union

from pydantic import ValidationError

from .dawncheck import dawn_errors
from .dawnfields import dawn_uses, plain_dump
from .model import Content, check_consistency, content_warnings
from .yamlio import YamlError, line_of, load_yaml, load_yaml_file
from ..errors import UserError
from ..problems import capped

BASE_NAME = "glowsim/data/content.yaml"
DAWN_NAME = "glowsim/data/dawn.yaml"


class ContentError(UserError):
    """Invalid content or content patch; ``str(err)`` is the user-facing message."""

    def __init__(self, problems: list[str]):
        self.problems = capped(problems)
        super().__init__("\n".join(self.problems))


PatchLike = Union[str, Path, Mapping, tuple]


def base_text() -> str:
    return resources.files("glowsim").joinpath("data/content.yaml").read_text(encoding="utf-8")


_DAWN: list = []


def dawn_patch() -> tuple:
    """The shipped Dawn content as a patch over the base: (mapping, source, lines), parsed once."""
    if not _DAWN:
        text = resources.files("glowsim").joinpath("data/dawn.yaml").read_text(encoding="utf-8")
        data, lines = load_yaml(text, DAWN_NAME)
        _DAWN.append((data, DAWN_NAME, lines))
    data, source, lines = _DAWN[0]
    return copy.deepcopy(data), source, lines


def _merge(base, patch, origin, path, origins) -> dict:
    """``base`` with ``patch`` deep-merged into it, as a new mapping: the mappings on the paths
    the patch changes are copied, every other part is shared with ``base`` (which is left as
    it is: a sweep of a thousand variants does not copy the whole content a thousand times);
    remember which source set each path."""
    out = dict(base)
    for key, val in patch.items():
        p = path + (key,)
        if val is None:
            if key in out:
                del out[key]
                _set_origin(origins, p, origin)
                continue
            raise ContentError([_fmt(origin[0], line_of(origin[1], p), p,
                                     f"cannot remove {_dotted(p)}: no such entry"
                                     + _suggest(key, out.keys()))])
        if isinstance(val, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], val, origin, p, origins)
        else:
            out[key] = copy.deepcopy(val)
            _set_origin(origins, p, origin)
    return out


def _set_origin(origins, path, origin):
    origins.pop(path, None)   # re-inserted: the dict's order is the order the patches set things
    origins[path] = origin


def _suggest(word, choices) -> str:
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _dotted(path) -> str:
    return ".".join(str(p) if str(p).isprintable() else repr(p) for p in path)   # repr: a key with a line break


def _fmt(source, line, path, msg) -> str:
    where = source + (f", line {line}" if line else "")
    field = _dotted(path)
    return f"{where}: {field}: {msg}" if field else f"{where}: {msg}"


def _find_origin(path, origins, default):
    """The source that last set `path`, a part of it, or an entry above it (a patch that added
    the entry); a problem of an entry a later patch changed below it (a trigger whose symbols
    it emptied, a count that no longer matches) is that later patch's."""
    path = tuple(path)
    hits = [o for p, o in origins.items()
            if p == path[:len(p)] or (path and len(p) > len(path) and p[:len(path)] == path)]
    return hits[-1] if hits else default


def _allowed_hint(err) -> str:
    ctx = err.get("ctx") or {}
    if "expected" in ctx:
        return f" (allowed: {ctx['expected']})"
    return ""


def _read_patch(patch: PatchLike, i: int):
    """Return (data, lines, source) for a patch given as path, mapping or (mapping, source, lines)."""
    if isinstance(patch, (str, Path)):
        data, lines = load_yaml_file(patch)
        return data, lines, str(patch)
    if isinstance(patch, tuple):
        data, source, lines = patch
        return data, lines or {}, source
    return patch, {}, f"<patch {i + 1}>"


def load_content(patches: Iterable[PatchLike] = (), base: PatchLike | None = None,
                 base_rules: bool = False) -> Content:
    """Validated content: the shipped base (or `base`) with `patches` applied in order.
    `base_rules`: the content is for the base rules, which cannot play the Dawn fields: the
    first one used is refused (one line naming file, line and field)."""
    try:
        if base is None:
            data, lines = load_yaml(base_text(), BASE_NAME)
            source = BASE_NAME
        else:
            data, lines, source = _read_patch(base, -1)
        if not isinstance(data, dict):
            raise ContentError([f"{source}: the content file must be a mapping of sections"])
        origins: dict = {}
        root_origin = (source, lines)
        for i, patch in enumerate(patches):
            pdata, plines, psource = _read_patch(patch, i)
            if pdata is None:
                continue
            if not isinstance(pdata, dict):
                raise ContentError([f"{psource}: a content patch must be a mapping of sections"])
            data = _merge(data, pdata, (psource, plines), (), origins)
    except YamlError as e:
        raise ContentError([str(e)]) from None
    try:
        content = Content.model_validate(data)
    except ValidationError as e:
        problems = []
        for err in e.errors():
            path = tuple(p for p in err["loc"])
            src, lns = _find_origin(path, origins, root_origin)
            msg = err["msg"].removeprefix("Value error, ")
            if err["type"] == "extra_forbidden":
                parent = _get(data, path[:-1])
                fields = _model_fields_at(path[:-1])
                msg = f"unknown field {path[-1]!r}" + _suggest(path[-1], fields) + (
                    f"; allowed fields: {', '.join(fields)}" if fields else "")
            elif err["type"] == "literal_error":
                msg = f"{err['input']!r} is not allowed" + _suggest(err["input"], _literal_choices(err)) + _allowed_hint(err)
            problems.append(_fmt(src, line_of(lns, path), path, msg))
        raise ContentError(problems) from None
    if base_rules:
        uses = dawn_uses(content)
        if uses:
            path, section = uses[0]
            more = f"; {len(uses) - 1} more field(s) need them too" if len(uses) > 1 else ""
            raise ContentError([_fmt(*_where(path, origins, root_origin), path,
                                     f"needs the Dawn rules ({section}), which only the reference "
                                     f"engine plays, with the Dawn content (glowsim play --dawn)"
                                     f"{more}")])
    problems = [_fmt(*_where(p, origins, root_origin), p, m)
                for p, m in check_consistency(content) + dawn_errors(content)]
    if problems:
        raise ContentError(problems)
    return content


def load_dawn_content(patches: Iterable[PatchLike] = (), base: PatchLike | None = None) -> Content:
    """Validated Dawn content: the base (or `base`), the shipped Dawn patch, then `patches`."""
    named = [(p, f"<patch {i + 1}>", {}) if isinstance(p, Mapping) else p
             for i, p in enumerate(patches)]
    return load_content([dawn_patch(), *named], base)


def content_warning_lines(content: Content, patches=(), base=None) -> list[str]:
    """The content's warnings (model.content_warnings) as 'FILE, line N: FIELD: message' lines."""
    warns = content_warnings(content)
    if not warns:
        return []
    if base is None:
        data, lines = load_yaml(base_text(), BASE_NAME)
        root = (BASE_NAME, lines)
    else:
        data, lines, source = _read_patch(base, -1)
        root = (source, lines)
    origins: dict = {}
    for i, patch in enumerate(patches):
        pdata, plines, psource = _read_patch(patch, i)
        if isinstance(pdata, dict) and isinstance(data, dict):
            data = _merge(data, pdata, (psource, plines), (), origins)
    return [_fmt(*_where(p, origins, root), p, m) for p, m in warns]


def _where(path, origins, root):
    src, lns = _find_origin(path, origins, root)
    return src, line_of(lns, path)


def _literal_choices(err):
    exp = (err.get("ctx") or {}).get("expected", "")
    return [s.strip().strip("'") for s in exp.replace(" or ", ",").split(",") if s.strip()]


def _get(data, path):
    for p in path:
        try:
            data = data[p]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _model_fields_at(path) -> list[str]:
    """Field names of the model class found at `path` (for did-you-mean)."""
    from . import model as m
    cls = m.Content
    for p in path:
        ann = cls.model_fields.get(p) if isinstance(p, str) and hasattr(cls, "model_fields") else None
        if ann is not None:
            cls = _unwrap(ann.annotation)
        else:  # dict value or list item
            cls = _unwrap_container(cls)
        if cls is None:
            return []
    return list(getattr(cls, "model_fields", {}).keys())


def _unwrap(tp):
    import typing
    args = typing.get_args(tp)
    if isinstance(tp, type) and hasattr(tp, "model_fields"):
        return tp
    for a in args:
        r = _unwrap(a)
        if r is not None:
            return r
    return None


def _unwrap_container(cls):
    return cls if hasattr(cls, "model_fields") else None


def content_hash(content: Content) -> str:
    """Stable short hash of the validated content (recorded in run manifests). Dawn fields left
    at their defaults are not part of it: the base content's hash is the same as before the
    model had them."""
    blob = json.dumps(plain_dump(content), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()[:16]
