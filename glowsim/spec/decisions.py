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
# the Dawn expansion's decisions (docs/rules.md D8-D14; the reference engine plays them)
JOKER = 12            # a = die index, b = element it is turned to (D8)
REROLL_NOW = 13       # a = the pink die rerolled at once, b = the other die added, or -1 (D8)
SWAP = 14             # a = companion row sent to the swap deck, -1 to skip (D10)
BUTTERFLY_GIVE = 15   # a = butterfly token code given back, b = GIVE_EXCHANGE or GIVE_COST (D7, D14)
ACTION = 16           # a = action token code used, -1 for none; b = element ignored, or -1 (D14)

KIND_NAMES = {RECRUIT: "RECRUIT", DISCARD_2P: "DISCARD_2P", SKETAL_DIE: "SKETAL_DIE",
              REROLL: "REROLL", RESOLVE: "RESOLVE", CROMAUG: "CROMAUG", LOSE: "LOSE",
              PROVINCE_MOVE: "PROVINCE_MOVE", ARCHI_MOVE: "ARCHI_MOVE", TOM_BOAT: "TOM_BOAT",
              ADVENTURER: "ADVENTURER", JOKER: "JOKER", REROLL_NOW: "REROLL_NOW", SWAP: "SWAP",
              BUTTERFLY_GIVE: "BUTTERFLY_GIVE", ACTION: "ACTION"}

# REROLL ops and sources
OP_STOP, OP_REROLL, OP_SET = 0, 1, 2
OP_SET_BOUGHT = 3     # Dawn (D12): (3, Lumipili, tokens, bought with bursts, die, face)
SRC_LUMIPILI, SRC_TOKEN, SRC_TRACK = 0, 1, 2
SRC_BURSTS = 3        # Dawn (D12): a reroll bought with bursts
SOURCE_NAMES = ("Lumipili", "token", "score track", "bursts")

# BUTTERFLY_GIVE reasons
GIVE_EXCHANGE, GIVE_COST = 0, 1

# PROVINCE_MOVE ops and pay modes
MOVE_END, MOVE_STEP, MOVE_ENCAMP = 0, 1, 2
PAY_DIE, PAY_FOOTPRINT = 0, 1

# LOSE choices
LOSE_COMPANION, LOSE_SPELL = 0, 1


def pad(*vals: int) -> tuple:
    """A decision tuple of 6 ints, -1 for unused fields."""
    return tuple(vals) + (-1,) * (6 - len(vals))
