"""Fork control at decisions: the kernel side of :mod:`glowsim.fast.fork_table`.

Every decision of the kinds a fork can start at (RECRUIT, REROLL, PROVINCE_MOVE,
ARCHI_MOVE) passes, after its bot has chosen, through :func:`fork_point`
(glowsim/fast/bots/policy.py).  ``S.fk.ctl[FC_MODE]`` says what it does:

- ``FORK_IDLE`` (normal play): nothing; the bot's choice stands.
- ``FORK_SCAN``: at each decision of the kind asked (REROLL: only the first row of a
  player's late morning; PROVINCE_MOVE: only the first step of an afternoon) that the
  sampling draw selects (seeding.py, item 5), the legal rows (glowsim/fast/kernel/legal.py, the
  reference engine's order) are copied to ``S.fk.opt`` and the decision to ``S.fk.tgt``:
  its index in the game's decision list, round, seat, kind, and which row the bot took.
  The bot's choice stands.
- ``FORK_FORCE``: at the decision whose index is ``ctl[FC_TARGET]`` the row
  ``ctl[FC_ROW:FC_ROW + 6]`` is taken instead of the bot's (the bot was still asked, so
  its scratch memory is what it is in the game it plays); a resampled continuation
  redraws there what the deciding player cannot see (:func:`resample`).

A decision is named by its index in the game's decision list (``g[G_DECN]``, counted
by journal.log_decision), so a continuation played again from the start of the round
meets the same decision at the same index.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ...content import codes as C
from ...seeding import STREAM_SEAT_DICE, STREAM_SETUP, STREAM_TRACK
from ..jit import kernel
from ...spec.decisions import ARCHI_MOVE, PROVINCE_MOVE, RECRUIT, REROLL
from .ktables import IT_DECK
from .legal import archi_options, province_options, recruit_options, reroll_options
from .offsets import declare
from .streams import nb_fork_key, nb_fork_sampled, nb_shuffle, nb_stream_key
from .state import (BD_TRC, CD_BOX, CD_PILE, CD_SPILE, ERR_FORK, G_DAWN, G_DECN, G_ERR, G_GAME, G_N,
                    G_NBOX, G_PILE_LEN, G_PILE_POS, G_ROUND, G_SPILE_LEN, G_SPILE_POS, P_NSPELL,
                    PS_POS, PS_ROW, PS_TRIED)

FORK_IDLE, FORK_SCAN, FORK_FORCE = 0, 1, 2

# ---- control fields (ctl[FC_*]) ----
NFC = 24
declare(globals(), "S.fk.ctl", [
    ("FC_MODE", 1),       # FORK_*
    ("FC_KIND", 1),       # scan: RECRUIT, REROLL or PROVINCE_MOVE (the afternoon's first move,
                          # either side)
    ("FC_THR", 1),        # scan: the sampling bound (seeding.fork_threshold)
    ("FC_NT", 1),         # scan: decisions captured in tgt
    ("FC_NOPT", 1),       # scan: rows captured in opt
    ("FC_FULL", 1),       # scan: 1 when tgt or opt had no room left
    ("FC_RRSEAT", 1),     # scan: seat and index of the last REROLL decision seen
    ("FC_RRDEC", 1),
    ("FC_TARGET", 1),     # force: index of the decision to force
    ("FC_SEAT", 1),       # force: its seat and kind (checked)
    ("FC_TKIND", 1),
    ("FC_RESAMPLE", 1),   # force: 1: redraw the hidden information at the decision
    ("FC_CONT", 1),       # force: continuation index (the resampled streams' key)
    ("FC_HIT", 1),        # force: 1 once the decision was met
    (None, 2),            # the search bot's control fields (bots/search.py), from FC_HIT + 1
    ("FC_ROW", 6),        # force: the 6 fields a..f of the row to take
    (None, 2),
], size=NFC)

# ---- captured decisions (tgt[i, T_*]) ----
NTF = declare(globals(), "S.fk.tgt", [
    ("T_DEC", 1), ("T_ROUND", 1), ("T_SEAT", 1), ("T_KIND", 1), ("T_OPT", 1), ("T_NOPT", 1),
    ("T_CHOSEN", 1), (None, 1),
])
# ---- captured rows (opt[j, O_*]) ----
NOF = declare(globals(), "S.fk.opt", [
    ("O_ROW", 6),         # the fields a..f
    ("O_LABEL", 1),       # RECRUIT: the companion on the space taken, else -1
    (None, 1),
])


class Fork(NamedTuple):
    ctl: np.ndarray    # int64[NFC]
    key: np.ndarray    # uint64[2]: the root key (seeding.root_key)
    tgt: np.ndarray    # int64[maxt, NTF]
    opt: np.ndarray    # int64[maxopt, NOF]
    scr: np.ndarray    # int64[2, width]: scratch of the hidden cards' redraw


@kernel
def fork_options(K, S, p, kind, first):
    """The legal rows of the decision into S.opts (legal.py); their number.  ``first``: as
    fork_point takes it (PROVINCE_MOVE: 0 once the company has moved this afternoon)."""
    if kind == RECRUIT:
        return recruit_options(K, S, p)
    if kind == REROLL:
        return reroll_options(K, S, p)
    if kind == PROVINCE_MOVE:   # moved: a bool as the bots pass it, not a literal
        return province_options(K, S, p, first == 0)
    return archi_options(K, S, p)


@kernel
def capture(K, S, p, kind, first, a, b, c, d, e, f):
    """The decision and its legal rows into S.fk (FC_FULL when there is no room): the step
    the fork scan and the search bot (bots/search.py) share."""
    fk = S.fk
    ctl = fk.ctl
    nt = ctl[FC_NT]
    no = ctl[FC_NOPT]
    n = fork_options(K, S, p, kind, first)
    if nt >= fk.tgt.shape[0] or no + n > fk.opt.shape[0]:
        ctl[FC_FULL] = 1
        return
    chosen = -1
    for i in range(n):
        o = S.opts[i]
        q = fk.opt[no + i]
        for j in range(6):
            q[j] = o[j]
        q[O_LABEL] = S.bd[BD_TRC + o[0]] if kind == RECRUIT else -1
        if (chosen < 0 and o[0] == a and o[1] == b and o[2] == c and o[3] == d and o[4] == e
                and o[5] == f):
            chosen = i
    if chosen < 0:   # the bot's row is not a legal one: a bug, reported as a kernel error
        S.g[G_ERR] = ERR_FORK
    t = fk.tgt[nt]
    t[T_DEC] = S.g[G_DECN]
    t[T_ROUND] = S.g[G_ROUND]
    t[T_SEAT] = p
    t[T_KIND] = kind
    t[T_OPT] = no
    t[T_NOPT] = n
    t[T_CHOSEN] = chosen
    ctl[FC_NT] = nt + 1
    ctl[FC_NOPT] = no + n


@kernel
def unseen_cards(K, S, deck):
    """The cards of one deck nobody has seen (in the draw pile past its top, and the ones
    left in the box at setup, R2) into S.fk.scr: their places (the box's: -1 - index) and
    the cards, in that order; their number.  A Dawn game's box is Hulios's swap deck (D3,
    D10), whose top card its owner looks at: it keeps its cards and order, as the reference
    engine's redraw keeps them (glowsim/engine/resample.py)."""
    pos = S.fk.scr[0]
    cards = S.fk.scr[1]
    m = 0
    pile = S.cd[CD_PILE]
    for i in range(S.g[G_PILE_POS], S.g[G_PILE_LEN]):
        if K.item[pile[i], IT_DECK] == deck:
            pos[m] = i
            cards[m] = pile[i]
            m += 1
    box = S.cd[CD_BOX]
    for i in range(S.g[G_NBOX] if S.g[G_DAWN] == 0 else 0):
        if K.item[box[i], IT_DECK] == deck:
            pos[m] = -1 - i
            cards[m] = box[i]
            m += 1
    return m


@kernel
def put_cards(S, m):
    """The m cards of S.fk.scr[1] to the places of S.fk.scr[0] (unseen_cards)."""
    pos = S.fk.scr[0]
    cards = S.fk.scr[1]
    for i in range(m):
        x = pos[i]
        if x >= 0:
            S.cd[CD_PILE, x] = cards[i]
        else:
            S.cd[CD_BOX, -1 - x] = cards[i]


@kernel
def redraw_deck(K, S, deck):
    """The cards of one deck nobody has seen dealt again at random to the same places."""
    m = unseen_cards(K, S, deck)
    nb_shuffle(S.streams, STREAM_SETUP, S.fk.scr[1], m)
    put_cards(S, m)


@kernel
def resample(K, S):
    """A resampled continuation at its decision: the streams of the dice and of the
    hidden cards re-keyed by (game, decision, continuation) (seeding.py, item 5), then the
    unseen cards of each deck redrawn, and the spell pile past its top shuffled together with
    the other players' tokens not yet active at a noon (:func:`redraw_spells`)."""
    key = nb_fork_key(S.fk.key[0], S.g[G_GAME], S.g[G_DECN], S.fk.ctl[FC_CONT])
    S.streams[STREAM_SETUP, 0] = nb_stream_key(key, STREAM_SETUP)
    S.streams[STREAM_SETUP, 1] = np.uint64(0)
    S.streams[STREAM_TRACK, 0] = nb_stream_key(key, STREAM_TRACK)
    S.streams[STREAM_TRACK, 1] = np.uint64(0)
    for p in range(S.g[G_N]):
        S.streams[STREAM_SEAT_DICE + p, 0] = nb_stream_key(key, STREAM_SEAT_DICE + p)
        S.streams[STREAM_SEAT_DICE + p, 1] = np.uint64(0)
    redraw_deck(K, S, C.DECK_A)
    redraw_deck(K, S, C.DECK_B)
    redraw_spells(S, S.fk.ctl[FC_SEAT])


@kernel
def unseen_spells(S, p):
    """The spell tokens player p knows nothing of (the tokens the other players drew that
    have not yet been active at a noon, then the spell pile past its top) into S.fk.scr:
    their places in the spell pile (a held token's: PS_POS) and the tokens; their number."""
    pos = S.fk.scr[0]
    toks = S.fk.scr[1]
    m = 0
    for o in range(S.g[G_N]):
        for i in range(S.pl[o, P_NSPELL]):
            if o != p and S.ps[o, PS_TRIED, i] == 0:
                pos[m] = S.ps[o, PS_POS, i]
                toks[m] = S.ps[o, PS_ROW, i]
                m += 1
    for i in range(S.g[G_SPILE_POS], S.g[G_SPILE_LEN]):
        pos[m] = i
        toks[m] = S.cd[CD_SPILE, i]
        m += 1
    return m


@kernel
def put_spells(S, p, m):
    """The m tokens of S.fk.scr[1] to the spell pile's places of S.fk.scr[0] (unseen_spells),
    and each token the other players hold unseen to what its place now holds, so the game's
    setup (cd[CD_SPILE]) deals exactly what the players hold."""
    pos = S.fk.scr[0]
    toks = S.fk.scr[1]
    for i in range(m):
        S.cd[CD_SPILE, pos[i]] = toks[i]
    for o in range(S.g[G_N]):
        for i in range(S.pl[o, P_NSPELL]):
            if o != p and S.ps[o, PS_TRIED, i] == 0:
                S.ps[o, PS_ROW, i] = S.cd[CD_SPILE, S.ps[o, PS_POS, i]]


@kernel
def redraw_spells(S, p):
    """The spell tokens player p knows nothing of dealt again at random to the same places
    (each held one keeps its place in the spell pile, PS_POS, and the new token is written
    there too).  A token that was active at a noon stays: whether it triggered there is
    known, and the record's RESOLVE rows name it."""
    m = unseen_spells(S, p)
    nb_shuffle(S.streams, STREAM_SETUP, S.fk.scr[1], m)
    put_spells(S, p, m)


@kernel
def fork_point(K, S, p, kind, first, a, b, c, d, e, f):
    """The decision (fields a..f as the bot chose them) seen by the fork control (module
    docstring); returns the row to take.  ``first``: 1 when the decision opens what a fork
    starts at (RECRUIT, ARCHI_MOVE: always; PROVINCE_MOVE: the first step; REROLL: worked
    out here)."""
    ctl = S.fk.ctl
    dec = S.g[G_DECN]
    if ctl[FC_MODE] == FORK_SCAN:
        if kind == REROLL:   # the first row of a late morning: the decision before was not p's reroll
            first = 0 if (ctl[FC_RRSEAT] == p and ctl[FC_RRDEC] == dec - 1) else 1
            ctl[FC_RRSEAT] = p
            ctl[FC_RRDEC] = dec
        asked = PROVINCE_MOVE if kind == ARCHI_MOVE else kind
        if (first != 0 and asked == ctl[FC_KIND] and ctl[FC_FULL] == 0
                and nb_fork_sampled(S.fk.key[0], S.g[G_GAME], dec, ctl[FC_THR])):
            capture(K, S, p, kind, first, a, b, c, d, e, f)
    elif ctl[FC_MODE] == FORK_FORCE and dec == ctl[FC_TARGET]:
        if p != ctl[FC_SEAT] or kind != ctl[FC_TKIND]:
            S.g[G_ERR] = ERR_FORK
        ctl[FC_HIT] = 1
        if ctl[FC_RESAMPLE] != 0:
            resample(K, S)
        r = ctl[FC_ROW:FC_ROW + 6]
        return r[0], r[1], r[2], r[3], r[4], r[5]
    return a, b, c, d, e, f
