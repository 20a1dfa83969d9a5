"""Forked continuations, compiled: the game loop of :mod:`glowsim.fast.fork_table`.

For each game of a range: the game is played once as its bots play it (the *scan*),
the whole state kept at the start of every round (:class:`Rounds`), while the fork
control (kernel/forkcontrol.py) captures the sampled decisions and their legal rows.  Then for
each captured decision, each of its legal rows and each continuation: the state of
the start of its round is put back, the round is played again up to the decision
(the same decisions, the streams being restored too), the row is forced there, and
the game is played on to its end by the seats' bots.  One result row per
continuation (``RS_*``), and on request its final state and record buffers (a
:class:`glowsim.fast.game.loop.Snap` slot).

Nothing is allocated in the kernels: the State (glowsim.fast.game.loop.alloc_fork_state), the
round states (:func:`alloc_rounds`) and the result buffers are made before the call.  A
call stops before a game whose captures or results would not fit, and says so
(``ST_*``); the caller makes room and calls again from that game.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..kernel.forkcontrol import (FC_CONT, FC_FULL, FC_HIT, FC_KIND, FC_MODE, FC_NOPT, FC_NT,
                                  FC_RESAMPLE, FC_ROW, FC_RRDEC, FC_RRSEAT, FC_SEAT, FC_TARGET,
                                  FC_THR, FC_TKIND, FORK_FORCE, FORK_IDLE, FORK_SCAN, O_LABEL,
                                  T_CHOSEN, T_DEC, T_KIND, T_NOPT, T_OPT, T_ROUND, T_SEAT)
from ..game.loop import begin_game, end_game, last_round, play_round, store_snapshot
from ..jit import kernel
from ..kernel.offsets import declare
from ..kernel.state import (ERR_FORK, G_ERR, G_N, G_NDEC, G_NDICE, G_NREC, G_RECORD, MAXP, P_FINAL,
                            P_WIN)

# ---- call settings (cfg[CF_*]) ----
NCF = declare(globals(), "forks.play cfg", [
    ("CF_KIND", 1), ("CF_THR", 1), ("CF_RESAMPLE", 1), ("CF_CONTS", 1), ("CF_RECORD", 1), (None, 3),
])

# ---- result rows (res[k, RS_*]) ----
NRS = declare(globals(), "forks.play res", [
    ("RS_GAME", 1), ("RS_DEC", 1), ("RS_ROUND", 1), ("RS_SEAT", 1), ("RS_KIND", 1), ("RS_ALT", 1),
    ("RS_NALT", 1), ("RS_CHOSEN", 1), ("RS_CONT", 1), ("RS_LABEL", 1), ("RS_NWIN", 1),
    (None, 1),
    ("RS_ROW", 6),        # the alternative's fields a..f
    ("RS_FINAL", MAXP),   # final score per seat
    ("RS_WIN", MAXP),     # 1 for each winner (E9)
])

# ---- what a call returns (st[ST_*]) ----
ST_NEXT, ST_CODE, ST_NRES, ST_NEED = range(4)
DONE, RES_FULL, CAP_FULL, KERNEL_ERR = range(4)


class Rounds(NamedTuple):
    """The whole state of a game at the start of each round (leading: round)."""
    g: np.ndarray
    pl: np.ndarray
    pc: np.ndarray
    ps: np.ndarray
    pd: np.ndarray
    sd: np.ndarray
    bd: np.ndarray
    cd: np.ndarray
    rc: np.ndarray
    streams: np.ndarray
    bot: np.ndarray
    work: np.ndarray
    greedy: np.ndarray
    journeys: np.ndarray
    heuristic: np.ndarray
    rdice: np.ndarray
    rdec: np.ndarray


def alloc_rounds(S, n: int) -> Rounds:
    """Room for n round states shaped like S (records: the buffers S has)."""
    return Rounds(*(np.zeros((n,) + a.shape, a.dtype) for a in (
        S.g, S.pl, S.pc, S.ps, S.pd, S.sd, S.bd, S.cd, S.rc, S.streams, S.bot, S.work, S.greedy,
        S.journeys, S.heuristic,
        S.rdice, S.rdec)))


@kernel
def copy_flat(src, dst, n):
    """dst.flat[:n] = src.flat[:n] for C-contiguous arrays of one shape (scratch records too)."""
    s = src.reshape(src.size)
    d = dst.reshape(dst.size)
    for i in range(n):
        d[i] = s[i]


@kernel
def keep_round(S, R, r):
    """The state of S into slot r (the record buffers: their written part)."""
    copy_flat(S.g, R.g[r], S.g.size)
    copy_flat(S.pl, R.pl[r], S.pl.size)
    copy_flat(S.pc, R.pc[r], S.pc.size)
    copy_flat(S.ps, R.ps[r], S.ps.size)
    copy_flat(S.pd, R.pd[r], S.pd.size)
    copy_flat(S.sd, R.sd[r], S.sd.size)
    copy_flat(S.bd, R.bd[r], S.bd.size)
    copy_flat(S.cd, R.cd[r], S.cd.size)
    copy_flat(S.rc, R.rc[r], S.g[G_NREC] * S.rc.shape[1])
    copy_flat(S.streams, R.streams[r], S.streams.size)
    copy_flat(S.bot, R.bot[r], S.bot.size)
    copy_flat(S.work, R.work[r], S.work.size)
    copy_flat(S.greedy, R.greedy[r], S.greedy.size)
    copy_flat(S.journeys, R.journeys[r], S.journeys.size)
    copy_flat(S.heuristic, R.heuristic[r], S.heuristic.size)
    if S.g[G_RECORD] != 0:
        copy_flat(S.rdice, R.rdice[r], S.g[G_NDICE])
        copy_flat(S.rdec, R.rdec[r], S.g[G_NDEC] * S.rdec.shape[1])


@kernel
def back_to_round(S, R, r):
    """S as it was at the start of round r (keep_round)."""
    copy_flat(R.g[r], S.g, S.g.size)
    copy_flat(R.pl[r], S.pl, S.pl.size)
    copy_flat(R.pc[r], S.pc, S.pc.size)
    copy_flat(R.ps[r], S.ps, S.ps.size)
    copy_flat(R.pd[r], S.pd, S.pd.size)
    copy_flat(R.sd[r], S.sd, S.sd.size)
    copy_flat(R.bd[r], S.bd, S.bd.size)
    copy_flat(R.cd[r], S.cd, S.cd.size)
    copy_flat(R.rc[r], S.rc, S.g[G_NREC] * S.rc.shape[1])
    copy_flat(R.streams[r], S.streams, S.streams.size)
    copy_flat(R.bot[r], S.bot, S.bot.size)
    copy_flat(R.work[r], S.work, S.work.size)
    copy_flat(R.greedy[r], S.greedy, S.greedy.size)
    copy_flat(R.journeys[r], S.journeys, S.journeys.size)
    copy_flat(R.heuristic[r], S.heuristic, S.heuristic.size)
    if S.g[G_RECORD] != 0:
        copy_flat(R.rdice[r], S.rdice, S.g[G_NDICE])
        copy_flat(R.rdec[r], S.rdec, S.g[G_NDEC] * S.rdec.shape[1])


@kernel
def scan_game(K, S, R, root, gi, record):
    """The game as its bots play it, each round's starting state kept, the sampled
    decisions captured (forkcontrol.FORK_SCAN)."""
    ctl = S.fk.ctl
    ctl[FC_MODE] = FORK_SCAN
    ctl[FC_NT] = 0
    ctl[FC_NOPT] = 0
    ctl[FC_FULL] = 0
    ctl[FC_RRSEAT] = -1
    ctl[FC_RRDEC] = -1
    begin_game(K, S, root, gi, record)
    for r in range(1, last_round(S) + 1):
        keep_round(S, R, r)
        if not play_round(K, S, r):
            break
    end_game(K, S)
    ctl[FC_MODE] = FORK_IDLE


@kernel
def play_forced(K, S, R, t, alt, c, mode):
    """Captured decision t with its row alt forced by the control in `mode` (FORK_FORCE, or
    the search bot's search.ROLL_CONT), continuation c, played to the end from the start of
    its round: the step the forks and the search bot share.  Returns the number of winners
    (a kernel error when the decision was not met)."""
    fk = S.fk
    ctl = fk.ctl
    tg = fk.tgt[t]
    r0 = tg[T_ROUND]
    back_to_round(S, R, r0)
    ctl[FC_MODE] = mode
    ctl[FC_TARGET] = tg[T_DEC]
    ctl[FC_SEAT] = tg[T_SEAT]
    ctl[FC_TKIND] = tg[T_KIND]
    ctl[FC_CONT] = c
    ctl[FC_HIT] = 0
    row = fk.opt[tg[T_OPT] + alt]
    for j in range(6):
        ctl[FC_ROW + j] = row[j]
    for r in range(r0, last_round(S) + 1):
        if not play_round(K, S, r):
            break
    nw = end_game(K, S)
    if ctl[FC_HIT] == 0:
        S.g[G_ERR] = ERR_FORK
    return nw


@kernel
def continuation(K, S, R, t, alt, c, resample):
    """Captured decision t with its row alt forced, continuation c (resampled or not),
    played to the end from the start of its round; returns the number of winners."""
    S.fk.ctl[FC_RESAMPLE] = resample
    nw = play_forced(K, S, R, t, alt, c, FORK_FORCE)
    S.fk.ctl[FC_MODE] = FORK_IDLE
    return nw


@kernel
def store_row(S, res, k, gi, t, alt, c, nw):
    """Result row k: continuation c of alternative alt of captured decision t (RS_*)."""
    fk = S.fk
    tg = fk.tgt[t]
    q = res[k]
    q[RS_GAME] = gi
    q[RS_DEC] = tg[T_DEC]
    q[RS_ROUND] = tg[T_ROUND]
    q[RS_SEAT] = tg[T_SEAT]
    q[RS_KIND] = tg[T_KIND]
    q[RS_ALT] = alt
    q[RS_NALT] = tg[T_NOPT]
    q[RS_CHOSEN] = 1 if alt == tg[T_CHOSEN] else 0
    q[RS_CONT] = c
    row = fk.opt[tg[T_OPT] + alt]
    q[RS_LABEL] = row[O_LABEL]
    for j in range(6):
        q[RS_ROW + j] = row[j]
    q[RS_NWIN] = nw
    for p in range(MAXP):
        q[RS_FINAL + p] = S.pl[p, P_FINAL] if p < S.g[G_N] else 0
        q[RS_WIN + p] = S.pl[p, P_WIN] if p < S.g[G_N] else 0


@kernel
def fork_range(K, S, R, root, start, lo, hi, cfg, res, snap, st):
    """Games start+lo .. start+hi-1: each scanned, then every continuation of every
    captured decision played (module docstring), in S (fork control S.fk) with the round
    states R (alloc_rounds).  ``st`` says where the call stopped."""
    fk = S.fk
    ctl = fk.ctl
    ctl[FC_KIND] = cfg[CF_KIND]
    ctl[FC_THR] = cfg[CF_THR]
    conts = cfg[CF_CONTS]
    record = cfg[CF_RECORD] != 0
    nres = 0
    st[ST_NEED] = 0
    for i in range(lo, hi):
        gi = start + i
        scan_game(K, S, R, root, gi, record)
        st[ST_NEXT] = i
        st[ST_NRES] = nres
        if S.g[G_ERR] != 0:
            st[ST_CODE] = KERNEL_ERR
            return
        if ctl[FC_FULL] != 0:
            st[ST_CODE] = CAP_FULL
            return
        need = 0
        for t in range(ctl[FC_NT]):
            need += fk.tgt[t, T_NOPT] * conts
        if nres + need > res.shape[0]:
            st[ST_CODE] = RES_FULL
            st[ST_NEED] = need
            return
        for t in range(ctl[FC_NT]):
            for alt in range(fk.tgt[t, T_NOPT]):
                for c in range(conts):
                    nw = continuation(K, S, R, t, alt, c, cfg[CF_RESAMPLE])
                    if S.g[G_ERR] != 0:
                        st[ST_CODE] = KERNEL_ERR
                        return
                    store_row(S, res, nres, gi, t, alt, c, nw)
                    if record:
                        store_snapshot(S, snap, nres)
                    nres += 1
    st[ST_NEXT] = hi
    st[ST_NRES] = nres
    st[ST_CODE] = DONE
