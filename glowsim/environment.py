"""The ``GLOWSIM_*`` environment variables that tune the analysis's speed and memory, read and
checked in one place: a value that cannot be used is refused in one line naming the
variable and what it allows (a :class:`glowsim.errors.UserError`), never a traceback.

* ``GLOWSIM_PART_GAMES`` games per block of the SQL sections (glowsim/analysis/db.py);
* ``GLOWSIM_OFFER_GAMES`` games per batch of the card pass, ``GLOWSIM_OFFER_THREADS`` its
  threads (glowsim/analysis/offers.py);
* ``GLOWSIM_DUCKDB_THREADS`` and ``GLOWSIM_DUCKDB_MEMORY`` (a size such as ``1GB``) for
  DuckDB.

Unset or empty: the default.
"""
from __future__ import annotations

import os
import re

from .errors import UserError

MAX_WHOLE = 10**12
_SIZE = re.compile(r"^\s*\d+(\.\d+)?\s*(B|KB|MB|GB|TB|KIB|MIB|GIB|TIB)\s*$", re.IGNORECASE)


def whole_number(name: str, default: int, low: int = 1, high: int = MAX_WHOLE) -> int:
    """``int`` of the variable ``name`` (``default`` when unset or empty)."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise UserError(f"{name}={raw!r}: give a whole number from {low} to {high} "
                        f"(or leave it unset for {default})")
    return value


def memory_size(name: str, default: str) -> str:
    """The variable ``name`` as a memory size for DuckDB (``default`` when unset or empty):
    a number and a unit, B, KB, MB, GB or TB (or KiB, MiB, GiB, TiB)."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    if not _SIZE.match(raw):
        raise UserError(f"{name}={raw!r}: give a memory size such as 1GB or 512MB "
                        f"(or leave it unset for {default})")
    return raw
