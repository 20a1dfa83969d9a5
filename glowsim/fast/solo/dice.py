"""Tom's two large dice (R9, E17): rolled on the track stream, a burst face +3 bursts and a
footprint face 2 footprints (that die set aside this round), otherwise on the meeting-track
space of their element, where no companion is dealt."""
from __future__ import annotations

from ...content import codes as C
from ...seeding import STREAM_TRACK
from ..jit import inline, kernel
from ..kernel.journal import draw_face
from ..kernel.ktables import SET_ELSPACE
from .layout import TM_ASIDE, TM_COL, TM_FACE, TM_FOOT, TM_SCORE


@inline
def tom_space(K, S, i):
    """Meeting-track space of Tom's die i, -1 when it is set aside this round."""
    if S.bd[TM_ASIDE + i] != 0:
        return -1
    return K.setup[SET_ELSPACE + K.dsym[S.bd[TM_COL + i], S.bd[TM_FACE + i]]]


@inline
def tom_on(K, S, s):
    """Does one of Tom's dice occupy space s?"""
    return tom_space(K, S, 0) == s or tom_space(K, S, 1) == s


@kernel
def roll_tom(K, S):
    """R9: roll both of Tom's dice (track stream, in colour-list order)."""
    for i in range(2):
        f = draw_face(S, STREAM_TRACK)
        S.bd[TM_FACE + i] = f
        S.bd[TM_ASIDE + i] = 0
        sym = K.dsym[S.bd[TM_COL + i], f]
        if sym == C.BURST:
            S.bd[TM_SCORE] += 3
            S.bd[TM_ASIDE + i] = 1
        elif sym == C.FOOTPRINT:
            S.bd[TM_FOOT] += 2
            S.bd[TM_ASIDE + i] = 1
