"""The fast path's compiled entries, as glowsim/compiling.py announces and measures them.

- ``core``: glowsim/fast/entry/core.py, the one entry of the games (solo games too), the forks
  and the search bot, with every kernel they call, and the State's allocations Python calls
  (glowsim/fast/game/loop.py);
- ``tables``: the compiled passes that build a block's recruits table
  (glowsim/fast/columns/recruits.py, glowsim/fast/columns/maskindex.py).

Each is compiled (or loaded from the cache) by a call on empty arrays that plays nothing: only
the arguments' types decide what numba compiles.  Importing this module registers them
(glowsim/fast/play.py does); :data:`FAST_RUN` is what playing fast-path games into tables
needs.
"""
from __future__ import annotations

import numpy as np

from ..compiling import Entry, register

_I64 = np.int64


def warm_core() -> None:
    """The core compiled (or loaded) by a call of no game (every operation shares its one
    signature: glowsim/fast/corecall.py), with the State's allocations Python calls."""
    from ..content import load_game
    from ..spec.botparams import NPARAM
    from .corecall import play_games
    from .game.loop import NOG, Out, Snap, alloc_fork_state, alloc_state
    from .kernel.ktables import kernel_tables
    from .kernel.state import (MAXC, MAXP, MAXSD, MAXSP, NBD, NCD, NG, NMT, NPC, NPF, NPS, NRF,
                               NSDF)
    K = kernel_tables(load_game().tables)
    S = alloc_state(1, 1, 1, 1, np.zeros(NMT, _I64), np.zeros((MAXP, NPARAM)))
    out = Out(gm=np.zeros((0, NOG), _I64), pl=np.zeros((0, MAXP, NPF), np.int32),
              nrec=np.zeros(0, _I64), rc=np.zeros((0, 1, NRF), _I64))
    snap = Snap(g=np.zeros((0, NG), _I64), pl=np.zeros((0, MAXP, NPF), _I64),
                pc=np.zeros((0, MAXP, NPC, MAXC), _I64), ps=np.zeros((0, MAXP, NPS, MAXSP), _I64),
                sd=np.zeros((0, NSDF, MAXSD), _I64), bd=np.zeros((0, NBD), _I64),
                cd=np.zeros((0, NCD, 1), _I64), dice=np.zeros((0, 1), np.int8),
                dec=np.zeros((0, 1, 8), np.int32))
    play_games(K, S, np.uint64(0), 0, 0, 0, np.zeros(0, _I64), out, snap)
    alloc_fork_state(1, 1, 1, 1, S.mt, S.bp, S.fk)


def warm_tables() -> None:
    """The recruits table's passes compiled (or loaded) on empty arrays."""
    from .columns.maskindex import MaskIndex
    from .columns.recruits import recruit_table
    from .kernel.state import NRF
    recruit_table(np.zeros((1, 1, NRF), _I64), np.zeros(1, _I64), 0, np.zeros(1, _I64))
    MaskIndex().extended(np.zeros(1, _I64)).get_indexer(np.zeros(1, _I64))


# seconds: measured cold compiles on an idle 2-core machine (glowsim bench --compile),
# docs/performance.md
register(Entry("core", "the fast path (games, forks and the search bot)",
               ("glowsim.fast.entry.core:core", "glowsim.fast.game.loop:alloc_state",
                "glowsim.fast.game.loop:alloc_fork_state"), warm_core, 130.0))
register(Entry("tables", "the recruits table's passes",
               ("glowsim.fast.columns.recruits:recruit_table",
                "glowsim.fast.columns.maskindex:_find", "glowsim.fast.columns.maskindex:_put"),
               warm_tables, 2.0))

FAST_RUN = ("core", "tables")
