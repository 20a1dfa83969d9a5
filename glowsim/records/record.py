"""GameRecord: setup, every die face and every decision of one game.

Dice are stored as a string of digits (faces 0..5), decisions as rows of 8
ints ``[player, kind, a, b, c, d, e, f]`` (DESIGN.md section 3).  JSON form
keeps decisions as one flat list so a record of a whole game stays small.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field, fields
from itertools import chain

from ..errors import UserError

RECORD_VERSION = 1
ROW = 8


class RecordFormatError(UserError):
    """A record that cannot be read (wrong version, shape or values)."""


@dataclass
class GameRecord:
    content_hash: str
    n_players: int
    side: str
    adventurers: list[str]
    setup: dict
    dice: list[int] = field(default_factory=list)
    decisions: list[list[int]] = field(default_factory=list)
    final: dict | None = None
    seed: dict | None = None
    solo: bool = False
    version: int = RECORD_VERSION

    def to_dict(self) -> dict:
        """The JSON form as plain data (a copy: changing it leaves the record alone).  Built
        field by field: dataclasses.asdict would first deep-copy every die and decision row
        (thousands of objects, most of the cost of writing a run's records)."""
        return self._plain(copy.deepcopy)

    def _plain(self, keep) -> dict:
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        for k in ("adventurers", "setup", "final", "seed"):
            d[k] = keep(d[k])
        d["dice"] = "".join(map(str, self.dice))
        d["decisions"] = list(chain.from_iterable(self.decisions))
        return d

    def to_json(self, **kw) -> str:
        # serialised at once: the nested fields need no copy
        return json.dumps(self._plain(lambda x: x), separators=(",", ":"), **kw)

    @classmethod
    def from_dict(cls, d: dict) -> "GameRecord":
        if d.get("version") != RECORD_VERSION:
            raise RecordFormatError(f"record version {d.get('version')!r} is not {RECORD_VERSION}")
        dice = d.get("dice", "")
        if isinstance(dice, str):
            if not all(ch in "012345" for ch in dice):
                raise RecordFormatError("record dice must be faces 0..5")
            dice = [int(ch) for ch in dice]
        flat = list(d.get("decisions", []))
        if flat and isinstance(flat[0], list):
            rows = [list(map(int, r)) for r in flat]
        else:
            if len(flat) % ROW:
                raise RecordFormatError(f"record decisions must be rows of {ROW} ints")
            rows = [list(map(int, flat[i:i + ROW])) for i in range(0, len(flat), ROW)]
        try:
            return cls(content_hash=d["content_hash"], n_players=int(d["n_players"]), side=d["side"],
                       adventurers=list(d["adventurers"]), setup=dict(d["setup"]), dice=dice,
                       decisions=rows, final=d.get("final"), seed=d.get("seed"),
                       solo=bool(d.get("solo", False)), version=d["version"])
        except KeyError as e:
            raise RecordFormatError(f"record misses field {e.args[0]!r}") from None

    @classmethod
    def from_json(cls, text: str) -> "GameRecord":
        try:
            return cls.from_dict(json.loads(text))
        except json.JSONDecodeError as e:
            raise RecordFormatError(f"record is not JSON: {e}") from None
