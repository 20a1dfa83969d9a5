"""Where dice faces and decisions come from: live streams, or a record being replayed."""
from __future__ import annotations

from .. import seeding as S
from ..spec.decisions import KIND_NAMES
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


CHANCE = 0   # decision kind of a chance node (GameState with chance=True): a = face, b = whose die


class ForkDice:
    """Dice for a game state that can be forked: the faces already drawn (`faces`, given back in
    order), then the live streams at their positions (`streams`: stream id -> (key, counter));
    with ``streams`` None the game may use no die past `faces`.  With ``pause`` set, each die
    past `faces` is a chance node: the face comes from ``pause`` instead.  ``expect``: faces the live
    streams must give while ``checking`` (a record cut at a decision, played again from its
    seed); a different face sets ``mismatch``."""

    def __init__(self, faces=(), streams=None, expect=None):
        self.faces = list(faces)
        self.pos = 0
        self.streams = None if streams is None else {sid: S.Stream(k, c) for sid, (k, c) in streams.items()}
        self.expect = expect
        self.checking = expect is not None
        self.mismatch = False
        self.pause = None    # chance nodes: pause(-1, CHANCE, legal) returns the face chosen

    @classmethod
    def live(cls, root: int, game_index: int) -> "ForkDice":
        g = S.game_key(root, game_index)
        return cls(streams={sid: (S.stream_key(g, sid), 0) for sid in range(S.N_STREAMS)})

    def positions(self) -> dict:
        """stream id -> (key, counter) now: a fork's streams go on from here."""
        return {sid: (s.key, s.counter) for sid, s in self.streams.items()} if self.streams else None

    def draw(self, who: int) -> int:
        if self.pos < len(self.faces):
            f = self.faces[self.pos]
            self.pos += 1
            return f
        if self.pause is not None:
            f = int(self.pause(-1, CHANCE, [(face, who, -1, -1, -1, -1) for face in range(6)])[0])
            self.pos += 1
            return f
        if self.streams is None:
            raise ReplayError(f"the record has {len(self.faces)} dice faces and no seed to draw "
                              f"more from")
        sid = S.STREAM_TRACK if who < 0 else S.STREAM_SEAT_DICE + who
        f = self.streams[sid].uniform_int(6)
        if self.checking:
            k = self.pos
            if k >= len(self.expect) or self.expect[k] != f:
                self.mismatch = True
        self.pos += 1
        return f
