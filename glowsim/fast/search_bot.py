"""The search bot (preset ``rollout``) from Python: the arrays a game thread needs to play
games with search seats, and one game with its list of searched decisions (tests, analysis).

The kernels are in bots/search.py (at each decision) and forks/searchplay.py (the game loop
and the search); docs/contract.md section 8.4, *The search bot `rollout`*, says what the bot
sees and how it decides.
"""
from __future__ import annotations

import numpy as np

from ..spec.botparams import BP_ROLL_BUDGET, BP_ROLL_DECISIONS
from .kernel.forkcontrol import (FC_NT, NFC, NOF, NTF, T_CHOSEN, T_DEC, T_KIND, T_NOPT, T_OPT,
                                 T_SEAT, Fork)
from .forks.play import alloc_rounds
from .game.loop import alloc_fork_state
from .forks.searchplay import alloc_work
from .solo.layout import MAX_SOLO_ROUNDS
from .kernel.ktables import SET_ROUNDS
from .kernel.state import MAXOPTS

# decisions one game's list has room for when a search seat searches more than its recruit
# picks: the decisions a game record has room for (api.MAX_RECORD_DECISIONS)
MAX_SEARCHED = 8192


def searching(bp: np.ndarray) -> bool:
    """Whether a match's seat vectors (MAXP x NPARAM) hold a search seat."""
    return bool(np.any(np.asarray(bp)[:, BP_ROLL_BUDGET] > 0.5))


def search_arrays(K, root: np.uint64, width: int, maxrec: int, max_dice: int, max_dec: int,
                  mt: np.ndarray, bp: np.ndarray):
    """(State, round states, RollWork) for one game thread: a list with room for every
    decision a game's search seats search (its RECRUIT picks alone: at most maxrec), one row
    each once searched and every legal row of the one being searched."""
    key = np.zeros(2, np.uint64)
    key[0] = root
    b = np.asarray(bp)
    search = b[:, BP_ROLL_BUDGET] > 0.5
    only_recruits = bool(np.all(b[search, BP_ROLL_DECISIONS] == 1.0))
    nt = maxrec if only_recruits else MAX_SEARCHED
    fk = Fork(np.zeros(NFC, np.int64), key, np.zeros((nt, NTF), np.int64),
              np.zeros((nt + MAXOPTS, NOF), np.int64), np.zeros((2, width), np.int64))
    S = alloc_fork_state(width, maxrec, max_dice, max_dec, mt, bp, fk)
    n = MAX_SOLO_ROUNDS if int(mt[0]) == 1 else int(K.setup[SET_ROUNDS])
    return S, alloc_rounds(S, n + 1), alloc_work(bp)


def picks(S) -> list[dict]:
    """The searched decisions of the game last played in S: decision index, seat, kind
    (RECRUIT, REROLL, PROVINCE_MOVE, ARCHI_MOVE: glowsim/spec/decisions.py), number of legal
    rows, the index of the row listed among them and its fields a..f."""
    tgt, opt = S.fk.tgt, S.fk.opt
    return [dict(decision=int(tgt[i, T_DEC]), seat=int(tgt[i, T_SEAT]), kind=int(tgt[i, T_KIND]),
                 n_rows=int(tgt[i, T_NOPT]), row=int(tgt[i, T_CHOSEN]),
                 fields=tuple(int(x) for x in opt[tgt[i, T_OPT], :6]))
            for i in range(int(S.fk.ctl[FC_NT]))]

