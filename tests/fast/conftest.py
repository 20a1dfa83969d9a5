"""Fixtures of the fast-path tests.

The kernels compile once per machine (numba cache next to the sources); with
``pytest -n 2`` both workers would compile them at the same time, so the first
use takes a file lock: one worker compiles, the other then loads the cache.
With NUMBA_DISABLE_JIT=1 (``make test-nojit``) the kernels run as Python, so
game counts shrink (``scale``).
"""
from __future__ import annotations

import fcntl
import os
from pathlib import Path

import pytest

from glowsim.content import load_game

JIT = os.environ.get("NUMBA_DISABLE_JIT", "0") in ("", "0")


def scale(n, nojit):
    """n with the compiled kernels (games, thresholds), `nojit` when they run as Python."""
    return n if JIT else nojit


@pytest.fixture(scope="session")
def game():
    return load_game()


@pytest.fixture(scope="session")
def compiled(game):
    """Play one tiny block serially and in parallel, under a lock across test workers."""
    from glowsim.fast import Match, bot_preset, play_block
    lock = Path(__file__).resolve().parents[2] / "glowsim" / "fast" / "__pycache__" / "compile.lock"
    lock.parent.mkdir(exist_ok=True)
    with open(lock, "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            m = Match(2, "province", bots=[bot_preset("heuristic"), bot_preset("random")])
            play_block(game, m, 0, 0, 2, record=[0], workers=1)
            play_block(game, m, 0, 0, 2, record=[0], workers=2)
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)
    return True
