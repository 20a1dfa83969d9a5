"""The fast path: numba kernels that play whole games of Glow in blocks, with heuristic bots.

See :mod:`glowsim.fast.api` (Match, play_block, iter_blocks) and
:mod:`glowsim.spec.botparams` (bot parameter vectors and presets, shared with the reference
engine's heuristic bot).

Importing this package loads no kernel and not numba: the names below are looked up on first
use (PEP 562), and a kernel is compiled (or read from numba's cache) on its first call.
"""
from __future__ import annotations

import importlib

FEATURES = ("draft", "start_rerolls", "solo")   # features the runner may ask for (E18, E19, R9)

# public name -> module that defines it
_LAZY = {
    "Match": ".api", "iter_blocks": ".api", "play_block": ".api",
    "NPARAM": "..spec.botparams", "PARAM_NAMES": "..spec.botparams",
    "PRESETS": "..spec.botparams", "bot_preset": "..spec.botparams",
    "param_problem": "..spec.botparams",
}

__all__ = sorted(_LAZY) + ["FEATURES"]


def __getattr__(name: str):
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_LAZY[name], __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY))
