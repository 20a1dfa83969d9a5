"""The two companion decks of solo mode (R9, E14, E16): deck A then deck B, kept apart in
the draw pile ``cd[CD_PILE]`` (A in ``[0, lenA)``, B after it), and the deal to the spaces
without Tom's dice."""
from __future__ import annotations

from ..jit import kernel
from ..kernel.state import (BD_TRC, BD_TRFP, CD_BOX, CD_PILE, G_NBOX, G_NSD, G_PILE_LEN, G_PILE_POS,
                            NSPACE, SD_LOC)
from .dice import tom_on
from .layout import TM_LENA, TM_LENB, TM_ONB


@kernel
def switch_to_b(S):
    """E14: what is left of deck A goes to the box; companions now come from deck B."""
    nbox = S.g[G_NBOX]
    for i in range(S.g[G_PILE_POS], S.g[G_PILE_LEN]):
        S.cd[CD_BOX, nbox] = S.cd[CD_PILE, i]
        nbox += 1
    S.g[G_NBOX] = nbox
    S.g[G_PILE_POS] = S.bd[TM_LENA]
    S.g[G_PILE_LEN] = S.bd[TM_LENA] + S.bd[TM_LENB]
    S.bd[TM_ONB] = 1


@kernel
def deal_solo(K, S):
    """R9/E14/E16: companions in deck order to the spaces without Tom's dice (deck A running
    out goes on from B; a partial deal is allowed), then a footprint on each space holding
    neither a small die nor one of Tom's dice."""
    for s in range(NSPACE):
        S.bd[BD_TRC + s] = -1
        if tom_on(K, S, s):
            continue
        if S.g[G_PILE_POS] >= S.g[G_PILE_LEN] and S.bd[TM_ONB] == 0:
            switch_to_b(S)
        if S.g[G_PILE_POS] < S.g[G_PILE_LEN]:
            S.bd[BD_TRC + s] = S.cd[CD_PILE, S.g[G_PILE_POS]]
            S.g[G_PILE_POS] += 1
    nsd = S.g[G_NSD]
    for s in range(NSPACE):
        if tom_on(K, S, s):
            continue
        has = False
        for i in range(nsd):
            if S.sd[SD_LOC, i] == s:
                has = True
        if not has:
            S.bd[BD_TRFP + s] += 1
