"""Decision kinds and rows (contract.md section 3), the same codes in both engines.

A decision is a tuple of 6 ints ``(a, b, c, d, e, f)``; the record row adds the
player and kind in front.  Unused fields are -1.  The engine always computes
the full list of legal tuples before asking, so a bot may pick from it and a
replayed decision is checked by membership; the fast path's kernels write the same rows
(their codes read from here as compile-time constants).
"""
from __future__ import annotations

RECRUIT = 1
DISCARD_2P = 2
SKETAL_DIE = 3
REROLL = 4
RESOLVE = 5
CROMAUG = 6
LOSE = 7
PROVINCE_MOVE = 8
ARCHI_MOVE = 9
TOM_BOAT = 10     # solo: which of Tom's boats moves when several are equally close (R9, E17)
ADVENTURER = 11   # E19

KIND_NAMES = {RECRUIT: "RECRUIT", DISCARD_2P: "DISCARD_2P", SKETAL_DIE: "SKETAL_DIE",
              REROLL: "REROLL", RESOLVE: "RESOLVE", CROMAUG: "CROMAUG", LOSE: "LOSE",
              PROVINCE_MOVE: "PROVINCE_MOVE", ARCHI_MOVE: "ARCHI_MOVE", TOM_BOAT: "TOM_BOAT",
              ADVENTURER: "ADVENTURER"}

# REROLL ops and sources
OP_STOP, OP_REROLL, OP_SET = 0, 1, 2
SRC_LUMIPILI, SRC_TOKEN, SRC_TRACK = 0, 1, 2
SOURCE_NAMES = ("Lumipili", "token", "score track")

# PROVINCE_MOVE ops and pay modes
MOVE_END, MOVE_STEP, MOVE_ENCAMP = 0, 1, 2
PAY_DIE, PAY_FOOTPRINT = 0, 1

# LOSE choices
LOSE_COMPANION, LOSE_SPELL = 0, 1


def pad(*vals: int) -> tuple:
    """A decision tuple of 6 ints, -1 for unused fields."""
    return tuple(vals) + (-1,) * (6 - len(vals))
