"""The fast path: numba kernels that play whole games of Glow in blocks, with heuristic bots.

See :mod:`glowsim.fast.api` (Match, play_block, iter_blocks) and
:mod:`glowsim.fast.bots.params` (bot parameter vectors and presets).
"""
from .api import Match, iter_blocks, play_block
from .bots.params import NPARAM, PARAM_NAMES, PRESETS, bot_preset, param_problem

FEATURES = ("draft", "start_rerolls", "solo")   # features the runner may ask for (E18, E19, R9)

__all__ = ["Match", "NPARAM", "PARAM_NAMES", "PRESETS", "bot_preset", "iter_blocks", "param_problem",
           "play_block"]
