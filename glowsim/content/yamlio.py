"""YAML reading that keeps line numbers and refuses duplicate keys.

``load_yaml(text, source)`` returns ``(data, lines)`` where ``lines`` maps a
key path (tuple of keys and list indices) to the 1-based line it was written on,
so validation errors can point at the file and line.  Used for content files
and scenarios alike.
"""
from __future__ import annotations

from pathlib import Path

import yaml


class YamlError(ValueError):
    """A YAML file that cannot be read; the message names file and line."""


class _Loader(yaml.SafeLoader):
    pass


def _construct_mapping(loader, node, deep=False):
    seen = {}
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None,
                f"duplicate key {key!r} (first on line {seen[key] + 1})",
                key_node.start_mark)
        seen[key] = key_node.start_mark.line
    return yaml.SafeLoader.construct_mapping(loader, node, deep=deep)


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def _line_map(node, path=(), out=None):
    if out is None:
        out = {}
    out[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            try:
                key = yaml.safe_load(yaml.serialize(k)) if not isinstance(k, yaml.ScalarNode) else _scalar(k)
            except Exception:  # unhashable or odd keys: no line info for them
                continue
            out[path + (key,)] = k.start_mark.line + 1
            _line_map(v, path + (key,), out)
    elif isinstance(node, yaml.SequenceNode):
        for i, v in enumerate(node.value):
            _line_map(v, path + (i,), out)
    return out


def _scalar(node):
    return yaml.load(yaml.serialize(node), Loader=yaml.SafeLoader) if node.tag != "tag:yaml.org,2002:str" else node.value


def load_yaml(text: str, source: str = "<string>"):
    """Parse YAML text; return (data, {path: line}). Raises YamlError naming source and line."""
    try:
        data = yaml.load(text, Loader=_Loader)
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        where = f"{source}, line {mark.line + 1}" if mark else source
        raise YamlError(f"{where}: {e.problem or e.context}") from None
    except yaml.YAMLError as e:
        raise YamlError(f"{source}: not valid YAML ({e})") from None
    lines = _line_map(node) if node is not None else {}
    return data, lines


def load_yaml_file(path) -> tuple:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise YamlError(f"{p}: file not found") from None
    except (OSError, UnicodeDecodeError) as e:
        raise YamlError(f"{p}: cannot read ({e})") from None
    return load_yaml(text, str(p))


def line_of(lines: dict, path: tuple):
    """Line of the deepest known prefix of path, or None."""
    for n in range(len(path), -1, -1):
        key = tuple(path[:n])
        if key in lines:
            return lines[key]
    return None
