"""Calls of the fast path's compiled core (glowsim/fast/entry/core.py) from Python.

The core is one entry with one signature: each operation passes the arrays it does not read
as small arrays of the same types (made here), and its numbers as int64 and the root key as
uint64 (a number of another type would compile the core a second time)."""
from __future__ import annotations

import numpy as np

from .entry.core import OP_CAPTURE, OP_FORKS, OP_GAMES, OP_POSITION, OP_SEARCH, core
from .forks.play import NCF, NRS, alloc_rounds
from .forks.searchplay import alloc_work
from .game.loop import NOG, Out, Snap
from .kernel.state import (MAXC, MAXP, MAXSD, MAXSP, NBD, NCD, NG, NPC, NPF, NPS, NRF,
                           NSDF)

_I64 = np.int64


def _no_out() -> Out:
    return Out(gm=np.zeros((0, NOG), _I64), pl=np.zeros((0, MAXP, NPF), np.int32),
               nrec=np.zeros(0, _I64), rc=np.zeros((0, 0, NRF), _I64))


def _no_snap() -> Snap:
    return Snap(g=np.zeros((0, NG), _I64), pl=np.zeros((0, MAXP, NPF), _I64),
                pc=np.zeros((0, MAXP, NPC, MAXC), _I64), ps=np.zeros((0, MAXP, NPS, MAXSP), _I64),
                sd=np.zeros((0, NSDF, MAXSD), _I64), bd=np.zeros((0, NBD), _I64),
                cd=np.zeros((0, NCD, 1), _I64), dice=np.zeros((0, 1), np.int8),
                dec=np.zeros((0, 1, 8), np.int32))


def _no_fork_args():
    """(cfg, res, st) of an operation that plays no forks."""
    return np.zeros(NCF, _I64), np.zeros((0, NRS), _I64), np.zeros(4, _I64)


def play_games(K, S, root, start, lo, hi, slots, out, snap) -> None:
    """Games lo..hi of a block with the match and bot parameters of State S (loop.play_range,
    on a State the core allocates for the block's record sizes: S may be the smallest one,
    ``loop.alloc_state(1, 1, 1, 1, mt, bp)``)."""
    cfg, res, st = _no_fork_args()
    core(OP_GAMES, 0, K, S, alloc_rounds(S, 0), alloc_work(S.bp), np.uint64(root), int(start),
         int(lo), int(hi), slots, out, snap, cfg, res, st)


def fork_games(K, S, R, root, start, lo, hi, cfg, res, snap, st) -> None:
    """The forks of games lo..hi (forks.play.fork_range)."""
    core(OP_FORKS, 0, K, S, R, alloc_work(S.bp), np.uint64(root), int(start), int(lo), int(hi),
         np.zeros(0, _I64), _no_out(), snap, cfg, res, st)


def play_position(K, S, R, keys, cfg, res, snap, st, lo, hi) -> None:
    """Rollouts lo..hi of a position loaded into R[0] (forks.position.position_range)."""
    core(OP_POSITION, 0, K, S, R, alloc_work(S.bp), np.uint64(0), 0, int(lo), int(hi), keys,
         _no_out(), snap, cfg, res, st)


def capture_games(K, S, root, start, lo, hi, st) -> None:
    """Games lo..hi with the feature capture of State S on (forks.capture.capture_range; st:
    int64[4], its first two the next game and why it stopped)."""
    cfg, res, _ = _no_fork_args()
    core(OP_CAPTURE, 0, K, S, alloc_rounds(S, 0), alloc_work(S.bp), np.uint64(root), int(start),
         int(lo), int(hi), np.zeros(0, _I64), _no_out(), _no_snap(), cfg, res, st)


def roll(K, S, R, W, root, start, lo, hi, slots, out, snap, op, arg) -> int:
    """Search-bot operation ``op`` (searchplay.OP_*, searchplay.roll_op): its result."""
    cfg, res, st = _no_fork_args()
    return int(core(OP_SEARCH + int(op), int(arg), K, S, R, W, np.uint64(root), int(start),
                    int(lo), int(hi), slots, out, snap, cfg, res, st))
