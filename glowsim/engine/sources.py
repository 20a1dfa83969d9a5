"""Where dice faces and decisions come from: live streams, or a record being replayed."""
from __future__ import annotations

from .. import seeding as S
from .decisions import KIND_NAMES
from .errors import ReplayError


class LiveDice:
    """Dice from the game's streams (seeding.py): seat s uses STREAM_SEAT_DICE + s, the track STREAM_TRACK."""

    def __init__(self, root: int, game_index: int):
        g = S.game_key(root, game_index)
        self._streams = {}
        self._g = g

    def stream(self, sid: int) -> S.Stream:
        if sid not in self._streams:
            self._streams[sid] = S.Stream(S.stream_key(self._g, sid))
        return self._streams[sid]

    def draw(self, who: int) -> int:
        sid = S.STREAM_TRACK if who < 0 else S.STREAM_SEAT_DICE + who
        return self.stream(sid).uniform_int(6)


class ReplayDice:
    """Dice faces read back from a record, in order (`cursor`: to say where they ran out)."""

    def __init__(self, faces, cursor=None):
        self.faces = list(faces)
        self.pos = 0
        self.cursor = cursor

    def draw(self, who: int) -> int:
        if self.pos >= len(self.faces):
            c = self.cursor
            where = ""
            if c is not None and c.pos > 0:
                row = c.rows[c.pos - 1]
                where = f" after decision {c.pos - 1} ({KIND_NAMES.get(row[1], row[1])} by seat {row[0]})"
            raise ReplayError(f"the record has {len(self.faces)} dice faces but the game needs more{where}")
        f = self.faces[self.pos]
        if f not in (0, 1, 2, 3, 4, 5):
            raise ReplayError(f"die face {self.pos} of the record is {f!r}, not 0..5")
        self.pos += 1
        return f


class ReplayCursor:
    """Shared position in a record's decision rows."""

    def __init__(self, rows):
        self.rows = rows
        self.pos = 0


class ReplayAgent:
    """Answers each decision with the next row of the record, checking player and kind."""

    def __init__(self, cursor: ReplayCursor):
        self.cursor = cursor

    def decide(self, game, seat, kind, legal):
        c = self.cursor
        if c.pos >= len(c.rows):
            raise ReplayError(f"the record has {len(c.rows)} decisions but the game asks for more "
                              f"({KIND_NAMES[kind]} by seat {seat}, round {game.state.round})")
        row = c.rows[c.pos]
        if row[0] != seat or row[1] != kind:
            raise ReplayError(
                f"decision {c.pos}: the record has {KIND_NAMES.get(row[1], row[1])} by seat {row[0]}, "
                f"the game asks {KIND_NAMES[kind]} by seat {seat} (round {game.state.round})")
        c.pos += 1
        return tuple(row[2:])
