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
from .rollplay import alloc_work
from .solo.layout import MAX_SOLO_ROUNDS
from .ktables import SET_ROUNDS

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

