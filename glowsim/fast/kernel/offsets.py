"""Named offsets into the kernels' arrays, declared as (name, width) lists instead of counted
by hand: a table's columns (``K.item[r, IT_AMT + k]``), a vector's fields
(``K.setup[SET_SMALL + i]``), the bits of a packed word.

    NIT = declare(globals(), "K.item", [
        ("IT_KIND", 1),     # 0 companion, 1 adventurer, 2 spell
        ("IT_AMT", 4),      # 4 amounts: bursts, footprints, fireflies, rerolls
        ...
    ])

Each name becomes a plain module-level int, the offset of its first column, exactly as if it
were written ``IT_AMT = 13``: the kernels import it and numba reads it as a compile-time
constant.  ``declare`` returns the end of the last field (the array's width).  A field named
``None`` is room left free.  Checked at import, with a ValueError naming the array and the
field: every width a whole number >= 1; no name defined twice; no field overlapping one
declared before into the same array (an array may be declared in pieces, by several modules:
``start`` places a piece); with ``size``, the fields filling exactly the room from ``start``.
(The scratch records' fields are laid out by numpy: glowsim/fast/kernel/state.py ``record``.)
"""
from __future__ import annotations

# the fields declared so far, per array: [(module, name, first, end)]
_DECLARED: dict[str, list[tuple[str, str, int, int]]] = {}


def declare(namespace: dict, array: str, fields, start: int = 0, size: int | None = None) -> int:
    """Set each named field of `fields` ((name, width) pairs, laid out one after the other from
    `start`) in `namespace` to its first offset; return the end of the last field."""
    module = namespace.get("__name__", "?")
    spans, at = [], start
    for name, width in fields:
        if isinstance(width, bool) or not isinstance(width, int) or width < 1:
            raise ValueError(f"{array}: field {name} has width {width!r}; a width is a whole number >= 1")
        if name is not None:
            spans.append((name, at, at + width))
        at += width
    if size is not None and at != start + size:
        raise ValueError(f"{array}: the fields end at {at}, the room ends at {start + size}")
    taken = _DECLARED.setdefault(array, [])
    for i, (name, first, end) in enumerate(spans):
        if any(name == other for other, _, _ in spans[:i]):
            raise ValueError(f"{array}: field {name} is declared twice")
        if name in namespace and namespace[name] != first:
            raise ValueError(f"{array}: field {name} is already defined in {module}")
        for mod, other, a, b in taken:
            if (mod, other, a, b) == (module, name, first, end):   # the module imported again
                continue
            if other == name or (first < b and a < end):
                raise ValueError(f"{array}: field {name} ({first}..{end - 1}) overlaps {other} "
                                 f"({a}..{b - 1}, {mod})")
    for name, first, end in spans:
        if (module, name, first, end) not in taken:
            taken.append((module, name, first, end))
        namespace[name] = first
    return at
