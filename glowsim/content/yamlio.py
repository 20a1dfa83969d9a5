"""YAML reading that keeps line numbers and refuses duplicate keys.

``load_yaml(text, source)`` returns ``(data, lines)`` where ``lines`` maps a
key path (tuple of keys and list indices) to the 1-based line it was written on,
so validation errors can point at the file and line.  Used for content files
and scenarios alike.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from ..errors import UserError
from ..problems import line_of

__all__ = ["YamlError", "line_of", "load_yaml", "load_yaml_file"]


class YamlError(UserError):
    """A YAML file that cannot be read; the message names file and line."""


# libyaml's parser when PyYAML has it (much faster on large files, and it refuses nesting
# deeper than 1000 levels itself); the constructor is PyYAML's safe one either way
_Base = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader


class _Loader(_Base):
    pass


def _construct_mapping(loader, node, deep=False):
    seen = {}
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, "a mapping key must be a plain value (text or a number), not a list or "
                "mapping", key_node.start_mark) from None
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None,
                f"duplicate key {key!r} (first on line {seen[key] + 1})",
                key_node.start_mark)
        seen[key] = key_node.start_mark.line
    return yaml.SafeLoader.construct_mapping(loader, node, deep=deep)


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


MAX_DEPTH = 100          # nesting levels; the content file needs fewer than 10
MAX_NODES = 100_000      # values, aliases expanded; the whole content holds about 1,300


class _TooDeep(Exception):
    def __init__(self, line: int, msg: str):
        super().__init__(msg)
        self.line, self.msg = line, msg


def _line_map(node, path=(), out=None, open_nodes=None, loader=None):
    if out is None:
        out, open_nodes = {}, set()
    line = node.start_mark.line + 1
    if id(node) in open_nodes:
        raise _TooDeep(line, "an alias refers to a value that contains it; recursive data is not allowed")
    if len(path) > MAX_DEPTH or len(out) > MAX_NODES:
        raise _TooDeep(line, f"the data is nested more than {MAX_DEPTH} levels deep or holds more than "
                             f"{MAX_NODES} values")
    out[path] = line
    open_nodes.add(id(node))
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            try:
                key = yaml.safe_load(yaml.serialize(k)) if not isinstance(k, yaml.ScalarNode) \
                    else _scalar(k, loader)
                out[path + (key,)] = k.start_mark.line + 1
            except Exception:  # unhashable or odd keys: no line info for them
                continue
            _line_map(v, path + (key,), out, open_nodes, loader)
    elif isinstance(node, yaml.SequenceNode):
        for i, v in enumerate(node.value):
            _line_map(v, path + (i,), out, open_nodes, loader)
    open_nodes.discard(id(node))
    return out


def _scalar(node, loader=None):
    if node.tag == "tag:yaml.org,2002:str":
        return node.value
    if loader is not None:   # what the constructor makes of the key (an int, a bool, None, ...)
        return loader.construct_object(node)
    return yaml.load(yaml.serialize(node), Loader=yaml.SafeLoader)


_COUNTED = (yaml.ScalarEvent, yaml.AliasEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent)


def _too_many_values(text: str) -> int:
    """The line where the text's values pass MAX_NODES, else 0: read from the parser's events
    (a tenth of the cost of building the nodes), so a file of a million keys is refused at
    once instead of being built and checked key by key."""
    n = 0
    for ev in yaml.parse(text, Loader=_Base):
        if isinstance(ev, _COUNTED):
            n += 1
            if n > MAX_NODES:
                return ev.start_mark.line + 1
    return 0


def _compose(text: str):
    loader = _Loader(text)
    try:
        return loader, loader.get_single_node()
    except BaseException:
        loader.dispose()
        raise


def load_yaml(text: str, source: str = "<string>"):
    """Parse YAML text; return (data, {path: line}). Raises YamlError naming source and line.

    The text is parsed once: the line map is read from the node tree (which also refuses
    recursive and too deeply nested data) before the data is built from the same nodes."""
    loader = None
    try:
        line = _too_many_values(text)
        if line:
            raise _TooDeep(line, f"the data holds more than {MAX_NODES} values; not a scenario "
                                 f"or content file")
        loader, node = _compose(text)
        lines = _line_map(node, loader=loader) if node is not None else {}
        data = loader.construct_document(node) if node is not None else None
    except _TooDeep as e:
        raise YamlError(f"{source}, line {e.line}: {e.msg}") from None
    except yaml.MarkedYAMLError as e:
        if "maximum nesting depth" in str(e.problem):   # libyaml's own limit (1000 levels)
            raise YamlError(f"{source}: the data is nested too deeply (at most {MAX_DEPTH} "
                            f"levels)") from None
        mark = e.problem_mark or e.context_mark
        where = f"{source}, line {mark.line + 1}" if mark else source
        raise YamlError(f"{where}: {e.problem or e.context}") from None
    except yaml.reader.ReaderError as e:
        ch = e.character if isinstance(e.character, int) else ord(e.character[:1] or "\0")
        raise YamlError(f"{source}: not valid YAML: character #x{ch:04x} at position {e.position}: "
                        f"{e.reason}") from None
    except yaml.YAMLError as e:
        raise YamlError(f"{source}: not valid YAML ({' '.join(str(e).split())})") from None
    except RecursionError:
        raise YamlError(f"{source}: the data is nested too deeply (at most {MAX_DEPTH} levels)") from None
    finally:
        if loader is not None:
            loader.dispose()
    return data, lines


MAX_FILE_BYTES = 16 * 2**20   # a scenario, patch or preset file: far more than any real one


def load_yaml_file(path) -> tuple:
    p = Path(path)
    try:
        if p.is_dir():
            raise YamlError(f"{p}: is a folder, not a YAML file")
        if not p.exists():
            raise FileNotFoundError(str(p))
        if not p.is_file():   # a device or a pipe (/dev/zero) could be read for ever
            raise YamlError(f"{p}: not a regular file")
        with open(p, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            raise YamlError(f"{p}: larger than {MAX_FILE_BYTES // 2**20} MiB; not a scenario or "
                            f"content file")
        text = data.decode("utf-8")
    except FileNotFoundError:
        raise YamlError(f"{p}: file not found") from None
    except (OSError, UnicodeDecodeError) as e:
        raise YamlError(f"{p}: cannot read ({e})") from None
    return load_yaml(text, str(p))
