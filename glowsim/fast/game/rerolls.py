"""R4 Late morning: roll every die of the canonical list, then rerolls until the bot stops."""
from __future__ import annotations

from ..bots.policy import choose_reroll
from ..kernel.dice import build_dice, roll_seat
from ..jit import inline, kernel
from ..kernel.journal import log_decision
from ..kernel.ktables import IT_REROLL
from ...spec.decisions import OP_REROLL, OP_STOP, REROLL, SRC_LUMIPILI, SRC_TOKEN, SRC_TRACK
from ..kernel.state import (G_N, P_LUMI, P_NCOMP, P_SCORE, P_SET_FACES, P_SPENT_LUMI, P_SPENT_TOK,
                            P_SPENT_TRACK, P_TOK, P_TRACK_PTS, PC_ROW, PD_FACE)


@kernel
def spend(K, S, p, src, n):
    """Pay n rerolls from a source (R4); track steps move the score down (stats: section 6)."""
    if src == SRC_LUMIPILI:
        S.pl[p, P_LUMI] -= n
        S.pl[p, P_SPENT_LUMI] += n
    elif src == SRC_TOKEN:
        S.pl[p, P_TOK] -= n
        S.pl[p, P_SPENT_TOK] += n
    else:
        for _ in range(n):
            new = K.below[S.pl[p, P_SCORE]]
            S.pl[p, P_TRACK_PTS] += S.pl[p, P_SCORE] - new
            S.pl[p, P_SCORE] = new
        S.pl[p, P_SPENT_TRACK] += n


@inline
def late_morning(K, S):
    """The late morning (R4): each player in turn order rolls its dice, then rerolls or sets
    faces as its bot decides until it stops."""
    n = S.g[G_N]
    for pick in range(n):
        p = S.work[0].turn[pick]
        nd = build_dice(K, S, p)
        for j in range(nd):
            S.pd[p, PD_FACE, j] = roll_seat(S, p)
        lumi = 0
        for k in range(S.pl[p, P_NCOMP]):
            lumi += K.item[S.pc[p, PC_ROW, k], IT_REROLL]
        S.pl[p, P_LUMI] = lumi
        while True:
            op, a, b, c, e, f = choose_reroll(K, S, p)
            log_decision(S, p, REROLL, op, a, b, c, e, f)
            if op == OP_STOP:
                break
            if op == OP_REROLL:
                spend(K, S, p, a, 1)
                S.pd[p, PD_FACE, b] = roll_seat(S, p)
                if c >= 0:
                    S.pd[p, PD_FACE, c] = roll_seat(S, p)
            else:
                spend(K, S, p, SRC_LUMIPILI, a)
                spend(K, S, p, SRC_TOKEN, b)
                spend(K, S, p, SRC_TRACK, c)
                S.pd[p, PD_FACE, e] = f
                S.pl[p, P_SET_FACES] += 1
