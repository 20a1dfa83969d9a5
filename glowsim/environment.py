"""The ``GLOWSIM_*`` environment variables that tune the analysis's speed and memory, read and
checked in one place: a value that cannot be used is refused in one line naming the
variable and what it allows (a :class:`glowsim.errors.UserError`), never a traceback.

* ``GLOWSIM_PART_GAMES`` games per block of the SQL sections (glowsim/analysis/db.py);
* ``GLOWSIM_OFFER_GAMES`` games per batch of the card pass, ``GLOWSIM_OFFER_THREADS`` its
  threads (glowsim/analysis/offers.py);
* ``GLOWSIM_DUCKDB_THREADS`` and ``GLOWSIM_DUCKDB_MEMORY`` (a size such as ``1GB``) for
  DuckDB.

Unset or empty: the default.  :func:`check_settings` reads every one of them: the command line
calls it before a command starts, so a bad value is refused before any game is played or any
table read.
"""
from __future__ import annotations

import os
import re

from .errors import UserError

MAX_WHOLE = 10**12
_SIZE = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)\s*(B|KB|MB|GB|TB|KIB|MIB|GIB|TIB)\s*$", re.IGNORECASE)
_WHOLE = re.compile(r"[+-]?[0-9]+")   # ASCII digits: int() also reads '١٢' and '1_0
_UNIT = {"B": 1, "KB": 10**3, "MB": 10**6, "GB": 10**9, "TB": 10**12,
         "KIB": 2**10, "MIB": 2**20, "GIB": 2**30, "TIB": 2**40}
MIN_MEMORY, MIN_MEMORY_TEXT = 64 * 10**6, "64MB"     # DuckDB's buffers for its threads, with room
MAX_MEMORY, MAX_MEMORY_TEXT = 1024 * 10**12, "1024TB"

# the whole-number settings: (lowest, highest) allowed (defaults: where each is read)
BOUNDS = {
    "GLOWSIM_PART_GAMES": (1, 100_000_000),        # games a block (a run's games at most)
    "GLOWSIM_OFFER_GAMES": (1, 1_000_000),         # games a batch of the card pass (~6 KB a game)
    "GLOWSIM_OFFER_THREADS": (1, 64),
    "GLOWSIM_DUCKDB_THREADS": (1, 256),
}
SIZES = ("GLOWSIM_DUCKDB_MEMORY",)
# the defaults as the messages of check_settings name them (the readers hold the values)
DEFAULTS = {"GLOWSIM_PART_GAMES": "1000000 (20000 for the picks table)",
            "GLOWSIM_OFFER_GAMES": "25000", "GLOWSIM_OFFER_THREADS": "2",
            "GLOWSIM_DUCKDB_THREADS": "2", "GLOWSIM_DUCKDB_MEMORY": "1GB"}


def whole_number(name: str, default: int | None, low: int | None = None, high: int | None = None) -> int:
    """``int`` of the variable ``name`` (``default`` when unset or empty), within low..high
    (default: the variable's :data:`BOUNDS`, else 1..MAX_WHOLE)."""
    b_low, b_high = BOUNDS.get(name, (1, MAX_WHOLE))
    low = b_low if low is None else low
    high = b_high if high is None else high
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    value = int(raw) if _WHOLE.fullmatch(raw) else None
    if value is None or not low <= value <= high:
        raise UserError(f"{name}={raw!r}: give a whole number from {low} to {high} "
                        f"(or leave it unset for {_default(default)})")
    return value


def memory_size(name: str, default: str | None) -> str:
    """The variable ``name`` as a memory size for DuckDB (``default`` when unset or empty):
    a number and a unit, B, KB, MB, GB or TB (or KiB, MiB, GiB, TiB)."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    hit = _SIZE.match(raw)
    size = float(hit.group(1)) * _UNIT[hit.group(2).upper()] if hit else None
    if size is None or not MIN_MEMORY <= size <= MAX_MEMORY:
        raise UserError(f"{name}={raw!r}: give a memory size from {MIN_MEMORY_TEXT} to "
                        f"{MAX_MEMORY_TEXT} such as 1GB or 512MB (or leave it unset for "
                        f"{_default(default)})")
    return raw


def check_settings() -> None:
    """Read every setting of this module: a UserError naming the first that cannot be used."""
    for name in BOUNDS:
        whole_number(name, DEFAULTS.get(name))
    for name in SIZES:
        memory_size(name, DEFAULTS.get(name))


def _default(value) -> str:
    return "the default" if value is None else str(value)
