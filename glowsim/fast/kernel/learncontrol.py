"""Feature capture at decisions: what the learned policy's training reads (glowsim/train).

``S.ln`` (a :class:`Learn`) is idle in normal play.  With ``ctl[LC_MODE] == CAPTURE_ON``
(glowsim/fast/learned_features.py, the game loop in glowsim/fast/forks/capture.py), every
decision of the kinds ``ctl[LC_KINDS]`` names (a sum of 1: RECRUIT, 2: REROLL, 4: ARCHI_MOVE,
the Archipelago's move, 8: RECRUIT in a Dawn game, its features glowsim/fast/bots/dawnlearned.py's)
that the fork sampling draw selects (``seeding.fork_sampled`` of the
root key ``key[0]``, the game and the decision's index, the same draw as the forks'), whoever
decides it, has the features of each of its legal rows (glowsim/fast/bots/learned.py, in the
order of glowsim/fast/kernel/legal.py) written after the bot has chosen: one row of ``ci``
(the decision and the legal row, ``CI_*``) and of ``cf`` (the features) per legal row.  The
bots' scratch memory is put back as it was, so the game played is the game without capture.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

CAPTURE_OFF, CAPTURE_ON = 0, 1
BIT_RECRUIT, BIT_REROLL, BIT_MOVE, BIT_DAWN = 1, 2, 4, 8

# ---- control fields (ctl[LC_*]) ----
(LC_MODE,     # CAPTURE_*
 LC_KINDS,    # BIT_* of the decisions captured
 LC_THR,      # the sampling bound (seeding.fork_threshold)
 LC_N,        # rows written to ci / cf
 LC_FULL,     # 1 when a decision's rows did not fit
 ) = range(5)
NLC = 8

# ---- captured rows (ci[k, CI_*]) ----
(CI_GAME, CI_DEC, CI_ROUND, CI_SEAT, CI_KIND, CI_ALT, CI_NALT, CI_CHOSEN) = range(8)
CI_ROW = 8     # the legal row's fields a..f
NCI = 16
NCF = 104      # features per row (the largest of the decisions' feature counts, with room)


class Learn(NamedTuple):
    ctl: np.ndarray    # int64[NLC]
    key: np.ndarray    # uint64[1]: the root key (seeding.root_key) of the sampling draw
    ci: np.ndarray     # int64[rows, NCI]
    cf: np.ndarray     # float64[rows, NCF]
    w: np.ndarray      # bots/learned.py LEARN[1]: the learned policy's work scratch
    sb: np.ndarray     # bots/values.py SEAT[1]: a seat's bot memory, kept over a capture
    sh: np.ndarray     # bots/heuristic.py HEURISTIC[1]: the same
    sj: np.ndarray     # bots/journeys.py JOURNEYS[1]: the same
