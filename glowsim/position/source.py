"""Where a position comes from, as plain data a worker process can build it from again: a
record cut at a decision, or a position file's data, with the content patches and the bot."""
from __future__ import annotations

from dataclasses import dataclass

from ..content import load_game
from ..records import GameRecord


@dataclass(frozen=True)
class Source:
    """``kind`` "record" (``text``: the record's JSON, ``k``: the decision) or "position"
    (``data``: the position file's mapping); ``content_files``: the patches; ``bot``: every
    seat's bot; ``where``: the file, for messages."""
    kind: str
    bot: str
    content_files: tuple = ()
    text: str = ""
    k: int = 0
    data: dict | None = None
    where: str = "position"
    dawn: bool = False           # a Dawn game's record: the Dawn content (docs/rules.md D1)

    def build(self, content=None):
        """(GameState at the decision, position key), as :func:`record_state` or
        :func:`position_state` build it."""
        from .positions import position_state
        from .record import record_state
        content = content if content is not None else load_game(list(self.content_files),
                                                                dawn=self.dawn)
        if self.kind == "record":
            return record_state(content, GameRecord.from_json(self.text), self.k, self.bot,
                                where=self.where)
        return position_state(content, self.data, self.bot, source=self.where)
