"""GameRecord: setup, every die face and every decision of one game.

Dice are stored as a string of digits (faces 0..5), decisions as rows of 8
ints ``[player, kind, a, b, c, d, e, f]`` (contract.md section 3).  JSON form
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
    def from_dict(cls, d: dict, source: str = "record") -> "GameRecord":
        """The record of its JSON form `d`, checked (:class:`~glowsim.records.schema.RecordSpec`);
        a RecordFormatError of one line a problem, each naming `source` and the field."""
        from pydantic import ValidationError

        from ..problems import pydantic_problems, show
        from .schema import RecordSpec
        if not isinstance(d, dict):
            raise RecordFormatError(f"{source}: a game record is a JSON object (glowsim play "
                                    f"--record writes one), got {show(d)}")
        try:
            r = RecordSpec.model_validate(d)
        except ValidationError as e:
            raise RecordFormatError("\n".join(pydantic_problems(e, {}, source, RecordSpec))) from None
        return cls(content_hash=r.content_hash, n_players=r.n_players, side=r.side,
                   adventurers=list(r.adventurers), setup=dict(d["setup"]), dice=r.dice,
                   decisions=r.decisions, final=d.get("final"), seed=d.get("seed"),
                   solo=r.solo, version=r.version)

    @classmethod
    def from_json(cls, text: str, source: str = "record") -> "GameRecord":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordFormatError(f"{source}: the record is not JSON: {e}") from None
        except ValueError as e:   # a number of thousands of digits (Python's int limit)
            raise RecordFormatError(f"{source}: the record is not a game record: "
                                    f"{' '.join(str(e).split())[:120]}") from None
        except RecursionError:
            raise RecordFormatError(f"{source}: the record is not a game record: its JSON is "
                                    f"nested too deeply") from None
        return cls.from_dict(data, source)
