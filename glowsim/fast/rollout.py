"""The search bot (preset ``rollout``) from Python: the arrays a game thread needs to play
games with search seats, and one game with its list of searched picks (tests, analysis).

The kernels are in rollctl.py (at each decision) and rollplay.py (the game loop and the
search); docs/DESIGN.md, *Bots*, says what the bot sees and how it decides.
"""
from __future__ import annotations

import numpy as np

from ..engine.botparams import BP_ROLL_BUDGET
from .forkctl import FC_NT, NFC, NOF, NTF, T_CHOSEN, T_DEC, T_NOPT, T_OPT, T_SEAT, Fork
from .forkplay import alloc_rounds
from .game import alloc_fork_state
from .rollplay import OP_DECIDE, OP_ONE, OP_REPLAY, alloc_work, roll_entry
from .solo.layout import MAX_SOLO_ROUNDS
from .ktables import SET_ROUNDS
from .state import MAXC, MAXP, MAXSD, MAXSP, NBD, NCD, NG, NPC, NPF, NPS, NSDF

OPTS_PER_PICK = 16   # room for the legal rows of one pick (a RECRUIT pick has at most 9)


def searching(bp: np.ndarray) -> bool:
    """Whether a match's seat vectors (MAXP x NPARAM) hold a search seat."""
    return bool(np.any(np.asarray(bp)[:, BP_ROLL_BUDGET] > 0.5))


def search_arrays(K, root: np.uint64, width: int, maxrec: int, max_dice: int, max_dec: int,
                  mt: np.ndarray, bp: np.ndarray):
    """(State, round states, RollWork) for one game thread: a list with room for every
    RECRUIT pick of a game (at most maxrec)."""
    key = np.zeros(2, np.uint64)
    key[0] = root
    fk = Fork(np.zeros(NFC, np.int64), key, np.zeros((maxrec, NTF), np.int64),
              np.zeros((maxrec * OPTS_PER_PICK, NOF), np.int64), np.zeros((2, width), np.int64))
    S = alloc_fork_state(width, maxrec, max_dice, max_dec, mt, bp, fk)
    n = MAX_SOLO_ROUNDS if int(mt[0]) == 1 else int(K.setup[SET_ROUNDS])
    return S, alloc_rounds(S, n + 1), alloc_work(bp)


def picks(S) -> list[dict]:
    """The searched picks of the game last played in S: decision index, seat, number of
    legal rows, and the row index listed."""
    tgt = S.fk.tgt
    return [dict(decision=int(tgt[i, T_DEC]), seat=int(tgt[i, T_SEAT]), n_rows=int(tgt[i, T_NOPT]),
                 row=int(tgt[i, T_CHOSEN]), first_row=int(tgt[i, T_OPT]))
            for i in range(int(S.fk.ctl[FC_NT]))]


class SearchGame:
    """One game thread's arrays for games of a match with search seats, game by game (tests,
    analysis): :meth:`play` a game, :meth:`replay` it from its list of picks, :meth:`decide`
    a round's first unlisted pick from the round states kept."""

    def __init__(self, game, match, root_seed: int, record: bool = False):
        from .. import seeding
        from .api import MAX_RECORD_DECISIONS, MAX_RECORD_DICE, _max_recruits, _n_spells_total, ktables
        from .api import new_out
        from .game import Snap
        mt, bp = match.kernel(game)
        self.K = ktables(game)
        self.root = np.uint64(seeding.root_key(root_seed))
        width = max(game.catalog.n_companions, _n_spells_total(game)) + 1
        self.S, self.R, self.W = search_arrays(
            self.K, self.root, width, _max_recruits(game), MAX_RECORD_DICE if record else 1,
            MAX_RECORD_DECISIONS if record else 1, mt, bp)
        self.slots = np.array([0 if record else -1], np.int64)
        self.out = new_out(1, _max_recruits(game))
        i64 = np.int64
        self.snap = Snap(g=np.zeros((0, NG), i64), pl=np.zeros((0, MAXP, NPF), i64),
                         pc=np.zeros((0, MAXP, NPC, MAXC), i64), ps=np.zeros((0, MAXP, NPS, MAXSP), i64),
                         sd=np.zeros((0, NSDF, MAXSD), i64), bd=np.zeros((0, NBD), i64),
                         cd=np.zeros((0, NCD, width), i64), dice=np.zeros((0, 1), np.int8),
                         dec=np.zeros((0, 1, 8), np.int32))   # the types of api._Block's

    def _call(self, op: int, gi: int, arg: int) -> int:
        return int(roll_entry(self.K, self.S, self.R, self.W, self.root, gi, 0, 1, self.slots,
                              self.out, self.snap, op, arg))

    def play(self, gi: int) -> int:
        """Game gi, searched; its number of winners."""
        return self._call(OP_ONE, gi, 0)

    def replay(self, gi: int, n_listed: int) -> int:
        """Game gi with the first n_listed picks of the list in S given, nothing searched."""
        return self._call(OP_REPLAY, gi, n_listed)

    def decide(self, r: int) -> int:
        """The search of round r's first unlisted pick from the round state R[r] (index of
        the pick in the list, -1 when the round has none)."""
        return self._call(OP_DECIDE, 0, r)
