"""Game content: YAML -> validated typed model -> compact numpy tables.

    >>> from glowsim.content import load_game
    >>> game = load_game()                      # shipped base content
    >>> game.tables.trig_kind.shape, game.catalog.companion_ids[:2]
    >>> dawn = load_dawn_content()              # the Dawn expansion's content (D1..D18)
    >>> sorted(dawn.dawn.sets), len(dawn.companions)

The engines play the base rules only: ``load_game`` refuses content that uses a field of the
Dawn rules (glowsim/content/dawnfields.py), naming the file, line and field.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from .dawnfields import dawn_uses
from .loader import (ContentError, PatchLike, content_hash, content_warning_lines, load_content,
                     load_dawn_content)
from .model import Content
from .arrays import Catalog, Tables, compile_tables


@dataclass(frozen=True)
class GameContent:
    """Everything the engines need about the cards and boards, in both forms."""
    content: Content
    tables: Tables
    catalog: Catalog
    hash: str
    warnings: tuple = field(default=(), compare=False)   # content_warnings: loads, but never fires




def load_game(patches: Iterable[PatchLike] = (), base: PatchLike | None = None) -> GameContent:
    patches = list(patches)
    content = load_content(patches, base, base_rules=True)
    tables, cat = compile_tables(content)
    return GameContent(content=content, tables=tables, catalog=cat, hash=content_hash(content),
                       warnings=tuple(content_warning_lines(content, patches, base)))


__all__ = ["Catalog", "Content", "ContentError", "GameContent", "Tables", "compile_tables",
           "content_hash", "dawn_uses", "load_content", "load_dawn_content", "load_game"]
