"""Rollouts of a position at compiled speed: the interface through which the position analysis
(glowsim/position) plays the fast path.

A position is a game stopped at a decision (glowsim/fast/forks/position.py lists them: a base
game's, solo or of 2-4 players, morning picks, Sketal dice, 2-player discard and Tom's boat,
its rerolls, noon choices, afternoon moves and losses; a Dawn game's morning, rerolls and
moves), loaded into the fast path's arrays
(:func:`new_state`, then filled field by field with the names of :data:`layout`,
glowsim/fast/kernel/state.py).  :func:`play` plays rollouts from it: for each world ``i`` (its hidden cards and spell tokens, and the key
of its dice streams) and each option ``j`` (a decision row), the round is resumed at the
decision with the option taken, and the seats' bots play the game to its end
(glowsim/fast/forks/position.py).  Every rollout depends on its world and option only, never
on the threads that play it.

    >>> S = new_state(game, mt, bp)               # then fill S's arrays
    >>> final, win, nwin = play(game, S, point, options, cd, ps, keys, threads=2)
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .kernel import state as layout
from .solo import layout as solo_layout
from .kernel.state import MAXC, MAXP, MAXSD, MAXSP, NBD, NG, NPC, NPF, NPS, NSDF

__all__ = ["Point", "STAGE_RECRUIT", "STAGE_REROLL", "STAGE_MOVE", "STAGE_DISCARD", "STAGE_SKETAL",
           "STAGE_RESOLVE", "STAGE_CROMAUG", "STAGE_NOON_SKETAL", "STAGE_LOSE", "STAGE_TOM_BOAT", "layout", "solo_layout",
           "new_state", "play", "width", "max_rows"]


# where a position goes on (Point.stage)
STAGE_RECRUIT = 0     # a recruit pick of the morning (R3)
STAGE_REROLL = 1      # the rerolls of a player who has rolled (R4)
STAGE_MOVE = 2        # a move of a player's afternoon journey (R6)
STAGE_DISCARD = 3     # the 2-player discard after the first pick (R7)
STAGE_SKETAL = 4      # the die of a Sketal just recruited (R3)
STAGE_RESOLVE = 5     # a player's choice of the next item to resolve at noon (R5/E3)
STAGE_CROMAUG = 6     # the companion Cromaug takes back at noon (E12)
STAGE_NOON_SKETAL = 7  # the die of a Sketal Cromaug took back (E12)
STAGE_LOSE = 8        # a companion or spell lost to a gain of the journey (R6)
STAGE_TOM_BOAT = 9    # solo: which of Tom's boats sails (R9, E17)


class Point(NamedTuple):
    """Where the loaded game goes on: its round, ``stage`` (a STAGE_*), the turn position of
    the deciding player (0 = the first player) and ``aux``: at noon (STAGE_RESOLVE,
    STAGE_CROMAUG, STAGE_NOON_SKETAL) 1 when that player's adventurer is resolved, at
    STAGE_LOSE 1 when the path asks it (the space's gains still to come), solo at
    STAGE_SKETAL and STAGE_TOM_BOAT the space recruited from (Tom's tile opposite), else 0."""
    round: int
    stage: int
    pick: int
    aux: int = 0


def width(game) -> int:
    """The length of the card arrays (``cd``) of a State of this content."""
    from .play import _n_spells_total
    return max(game.catalog.n_companions, _n_spells_total(game)) + 1


def max_rows(game) -> int:
    """Recruit rows a game of this content may write (``rc``)."""
    from .play import _max_recruits
    return _max_recruits(game)


def new_state(game, mt: np.ndarray, bp: np.ndarray):
    """A zeroed State of the fast path (kernel/state.py) for content `game`, with the match
    ``mt`` (int64[NMT]) and the seats' bot parameter vectors ``bp`` (float64[MAXP, NPARAM]);
    the caller fills it with the position."""
    from .game.loop import alloc_state
    return alloc_state(width(game), max_rows(game), 1, 1, np.asarray(mt, np.int64),
                       np.asarray(bp, np.float64))


def play(game, S, point: Point, options: np.ndarray, cd: np.ndarray, ps: np.ndarray,
         keys: np.ndarray, threads: int = 1, bd: np.ndarray | None = None):
    """Rollouts of the position loaded in State `S`: world ``i`` of ``cd[i]`` (its card
    arrays), ``ps[i]`` (its spell tokens), ``bd[i]`` when given (its board: solo, Tom's tile
    deck) and ``keys[i]`` (the key of its dice streams; -1: the streams of S), each option row
    of ``options`` (int[nopt, 8]) in turn.  Returns
    (final scores int64[worlds, nopt, MAXP], winners int64[worlds, nopt, MAXP] (1 each, E9),
    number of winners int64[worlds, nopt])."""
    from .corecall import play_position
    from .forks.play import (DONE, NCF, NRS, RS_FINAL, RS_NWIN, RS_WIN, ST_CODE, alloc_rounds)
    from .forks.position import PF_AUX, PF_NOPT, PF_PICK, PF_ROUND, PF_STAGE
    from .game.loop import Snap, alloc_state
    from .parallel import play_parts
    from .play import ktables
    K = ktables(game)
    options = np.ascontiguousarray(options, np.int32).reshape(-1, 8)
    nopt, nworld = options.shape[0], int(keys.shape[0])
    R = alloc_rounds(S, 1)
    for name in R._fields:
        getattr(R, name)[0] = getattr(S, name)
    cfg = np.zeros(NCF, np.int64)
    cfg[PF_ROUND], cfg[PF_STAGE], cfg[PF_PICK] = point.round, int(point.stage), point.pick
    cfg[PF_NOPT], cfg[PF_AUX] = nopt, point.aux
    total = nworld * nopt
    res = np.zeros((total, NRS), np.int64)
    i64 = np.int64
    snap = Snap(g=np.zeros((0, NG), i64), pl=np.zeros((0, MAXP, NPF), i64),
                pc=np.zeros((0, MAXP, NPC, MAXC), i64), ps=np.ascontiguousarray(ps, i64),
                sd=np.zeros((0, NSDF, MAXSD), i64),
                bd=np.zeros((0, NBD), i64) if bd is None else np.ascontiguousarray(bd, i64),
                cd=np.ascontiguousarray(cd, i64), dice=np.zeros((0, 1), np.int8),
                dec=options[None])
    keys = np.ascontiguousarray(keys, i64)
    dims = (S.cd.shape[1], S.rc.shape[0], S.mt, S.bp)
    assert snap.cd.shape[1:] == S.cd.shape and snap.ps.shape[1:] == (MAXP, NPS, MAXSP)

    def part(lo, hi):
        W = alloc_state(dims[0], dims[1], 1, 1, dims[2], dims[3])
        st = np.zeros(4, i64)
        play_position(K, W, R, keys, cfg, res, snap, st, lo, hi)
        if st[ST_CODE] != DONE:
            raise RuntimeError(f"the fast path stopped at rollout {int(st[0]) // nopt} "
                               f"(kernel error {int(W.g[layout.G_ERR])})")

    if total:
        play_parts(part, total, threads)
    final = res[:, RS_FINAL:RS_FINAL + MAXP].reshape(nworld, nopt, MAXP).copy()
    win = res[:, RS_WIN:RS_WIN + MAXP].reshape(nworld, nopt, MAXP).copy()
    return final, win, res[:, RS_NWIN].reshape(nworld, nopt).copy()
