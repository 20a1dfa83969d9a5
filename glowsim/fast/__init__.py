"""The fast path: numba kernels that play whole games of Glow in blocks, with heuristic bots.

See :mod:`glowsim.fast.play` (Match, play_block, iter_blocks) and
:mod:`glowsim.spec.botparams` (bot parameter vectors and presets, shared with the reference
engine's heuristic bot).

The modules at this level are Python: playing blocks (play.py), forks and their tables
(fork_table.py, search_forks.py), the search bot's arrays (search_bot.py), records, the
`offered` column, threads, memory, the agreement check with the reference engine (verify.py);
jit.py and numba_patches.py are the compiler.  The compiled code is in the subpackages, from
the bottom: kernel/ (state, kernel tables, dice, effects, triggers, legal options, journal,
streams, fork control), solo/ (Tom), bots/ (every bot, the search bot's control included),
game/ (the phases and the game loop), forks/ (forks and the search bot's game loop), columns/
(a block's table columns); docs/DESIGN.md section 1.

Importing this package loads no kernel and not numba: the names below are looked up on first
use (PEP 562), and a kernel is compiled (or read from numba's cache) on its first call.
"""
from __future__ import annotations

from ..lazy import names

FEATURES = ("draft", "start_rerolls", "solo")   # features the runner may ask for (E18, E19, R9)

# public name -> module that defines it
_LAZY = {
    "Match": ".play", "iter_blocks": ".play", "play_block": ".play",
    "NPARAM": "..spec.botparams", "PARAM_NAMES": "..spec.botparams",
    "PRESETS": "..spec.botparams", "bot_preset": "..spec.botparams",
    "param_problem": "..spec.botparams",
}

__all__ = sorted(_LAZY) + ["FEATURES"]
__getattr__, __dir__ = names(__name__, _LAZY, globals())
