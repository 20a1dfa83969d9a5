"""The fast path's compiled core: one entry for the games, the solo games, the forks, the
search bot and the learned policy's feature capture.

numba makes one machine-code library per entry, holding every kernel the entry calls.  The
game loop, the forks and the search bot were three entries, each holding the whole game again:
a command that forked picks after a run compiled the game a second time.  :func:`core` is the
one entry of all of them, so the game is compiled once, cached once and loaded by every
command (glowsim/compiling.py announces the compile, glowsim/fast/entries.py registers it).

``op`` says what a call does; the arguments an operation does not read are small arrays of
the same types (glowsim/fast/corecall.py makes them), so every call has one signature:

- ``OP_GAMES``: loop.play_range, games lo..hi of a block, on a State allocated here with the
  match and bot parameters of ``S`` (the arrays' shapes are then constants the compiled game
  loop is specialised on);
- ``OP_FORKS``: forks.play.fork_range, the forks of games lo..hi in ``S``;
- ``OP_POSITION``: forks.position.position_range, rollouts lo..hi of a position loaded into
  ``R[0]`` (glowsim/fast/positions.py), in ``S``;
- ``OP_CAPTURE``: forks.capture.capture_range, games lo..hi with the feature capture of ``S``
  on (``st``: where it stopped and why);
- ``OP_SEARCH + k``: forks.searchplay.roll_op with operation k (games with search seats); its
  result is the call's result.
"""
from __future__ import annotations

from ..forks.capture import capture_range
from ..forks.play import fork_range
from ..forks.position import position_range
from ..forks.searchplay import roll_op
from ..game.loop import alloc_state, play_range
from ..jit import entry

OP_GAMES, OP_FORKS, OP_POSITION, OP_CAPTURE, OP_SEARCH = 0, 1, 2, 3, 8


@entry
def core(op, arg, K, S, R, W, root, start, lo, hi, slots, out, snap, cfg, res, st):
    """One call of the fast path (module docstring): roll_op's result for a search operation,
    else 0."""
    if op == OP_GAMES:
        G = alloc_state(snap.cd.shape[2], out.rc.shape[1], snap.dice.shape[1],
                        snap.dec.shape[1], S.mt, S.bp)
        play_range(K, G, root, start, lo, hi, slots, out, snap)
        return 0
    if op == OP_FORKS:
        fork_range(K, S, R, root, start, lo, hi, cfg, res, snap, st)
        return 0
    if op == OP_POSITION:
        position_range(K, S, R, slots, cfg, res, snap, st, lo, hi)
        return 0
    if op == OP_CAPTURE:
        capture_range(K, S, root, start, lo, hi, st)
        return 0
    return roll_op(K, S, R, W, root, start, lo, hi, slots, out, snap, op - OP_SEARCH, arg)
