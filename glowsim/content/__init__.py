"""Game content: YAML -> validated typed model -> compact numpy tables.

    >>> from glowsim.content import load_game
    >>> game = load_game()                      # shipped base content
    >>> game.tables.trig_kind.shape, game.catalog.companion_ids[:2]
    >>> dawn = load_dawn_content()              # the Dawn expansion's content (D1..D18)
    >>> sorted(dawn.dawn.sets), len(dawn.companions)

``load_game()`` is the base game: it refuses content that uses a field of the Dawn rules
(glowsim/content/dawnfields.py), naming the file, line and field; ``load_game(dawn=True)`` is the
Dawn content with its tables (``.dawn``: glowsim/content/dawntables.py), which the reference
engine plays.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from .dawnfields import dawn_uses
from .loader import (ContentError, PatchLike, content_hash, content_warning_lines, dawn_patch,
                     load_content, load_dawn_content)
from .model import Content
from .arrays import Catalog, Tables, compile_tables
from .dawntables import DawnTables, compile_dawn


@dataclass(frozen=True)
class GameContent:
    """Everything the engines need about the cards and boards, in both forms."""
    content: Content
    tables: Tables
    catalog: Catalog
    hash: str
    warnings: tuple = field(default=(), compare=False)   # content_warnings: loads, but never fires
    dawn: object = field(default=None, compare=False)    # DawnTables of Dawn content, else None


def load_game(patches: Iterable[PatchLike] = (), base: PatchLike | None = None,
              dawn: bool = False) -> GameContent:
    """The content the engines play: the base (or `base`) with `patches`; with `dawn` the
    shipped Dawn content is applied first (docs/rules.md D1..D18), which only the reference
    engine plays. Without it, content using a Dawn field is refused in one line."""
    patches = list(patches)
    if dawn:
        content = load_dawn_content(patches, base)
        named = [dawn_patch(), *patches]
    else:
        content = load_content(patches, base, base_rules=True)
        named = patches
    tables, cat = compile_tables(content)
    return GameContent(content=content, tables=tables, catalog=cat, hash=content_hash(content),
                       warnings=tuple(content_warning_lines(content, named, base)),
                       dawn=compile_dawn(content, cat) if dawn else None)


__all__ = ["Catalog", "Content", "ContentError", "DawnTables", "GameContent", "Tables", "compile_tables",
           "content_hash", "dawn_uses", "load_content", "load_dawn_content", "load_game"]
