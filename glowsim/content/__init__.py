"""Game content: YAML -> validated typed model -> compact numpy tables.

    >>> from glowsim.content import load_game
    >>> game = load_game()                      # shipped base content
    >>> game.tables.trig_kind.shape, game.catalog.companion_ids[:2]
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from .loader import ContentError, PatchLike, content_hash, load_content
from .model import Content
from .tables import Catalog, Tables, compile_tables


@dataclass(frozen=True)
class GameContent:
    """Everything the engines need about the cards and boards, in both forms."""
    content: Content
    tables: Tables
    catalog: Catalog
    hash: str


def load_game(patches: Iterable[PatchLike] = (), base: PatchLike | None = None) -> GameContent:
    content = load_content(patches, base)
    tables, cat = compile_tables(content)
    return GameContent(content=content, tables=tables, catalog=cat, hash=content_hash(content))


__all__ = ["Catalog", "Content", "ContentError", "GameContent", "Tables", "compile_tables",
           "content_hash", "load_content", "load_game"]
