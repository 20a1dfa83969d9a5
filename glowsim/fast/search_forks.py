"""Forks of games with search seats (the ``rollout`` preset), common mode (docs/forks.md).

A game with search seats is defined by its list of searched picks (forks/searchplay.py): the
straight game with each listed row forced.  The fork of listed pick t with legal row a is
the same game with picks 0..t-1 given as listed, pick t given with row a, and every later
pick of a search seat searched as in the game itself (searchplay.OP_FORCED).  Every search
is keyed by (game, decision, continuation) and the game's own streams are untouched, so
the alternatives of a pick share the game's future dice and cards (common random numbers),
and the row the search chose plays the straight game itself, bit for bit (its row is taken
from the straight game, not played again).

Which picks are forked: the listed ones (the search seats' RECRUIT picks with two legal
rows or more) that the sampling draw of :func:`glowsim.fast.fork_table.play_forks` selects
(seeding.fork_sampled: root seed, game, decision index).  In a match mixing search and
non-search seats, the non-search seats' picks are not forked.  Every legal row of a forked
pick is played, whatever ``rollout_options`` limits the search to.

:func:`play_search_forks` returns the kernel result rows of play_forks (forks.play.RS_*), in
its order (game, decision, alternative); fork_table.play_forks makes its table of them.
"""
from __future__ import annotations

import numpy as np

from .. import seeding
from . import record as R
from .play import (MAX_RECORD_DECISIONS, MAX_RECORD_DICE, Match, _max_recruits, _n_spells_total,
                   ktables, new_out)
from .kernel.forkcontrol import (FC_NOPT, FC_NT, O_LABEL, T_CHOSEN, T_DEC, T_KIND, T_NOPT, T_OPT,
                                 T_ROUND, T_SEAT)
from ..spec.decisions import RECRUIT
from .forks.play import (NRS, RS_ALT, RS_CHOSEN, RS_CONT, RS_DEC, RS_FINAL, RS_GAME, RS_KIND,
                         RS_LABEL, RS_NALT, RS_NWIN, RS_ROUND, RS_ROW, RS_SEAT, RS_WIN)
from .game.loop import Snap
from .parallel import play_parts
from .search_bot import search_arrays
from .forks.searchplay import OP_CAPTURE, OP_FORCED
from .corecall import roll
from .kernel.state import (G_ERR, MAXC, MAXP, MAXSD, MAXSP, NBD, NCD, NG, NPC, NPF, NPS, NSDF,
                           P_FINAL, P_WIN)



class _SearchForks:
    """One call of play_search_forks: the kernel inputs shared by its parts."""

    def __init__(self, game, match: Match, root_seed: int, start: int, sample: float, record: bool):
        self.game, self.match, self.root_seed, self.start = game, match, int(root_seed), int(start)
        self.mt, self.bp = match.kernel(game)
        self.K = ktables(game)
        self.root = np.uint64(seeding.root_key(root_seed))
        self.rkey = seeding.root_key(root_seed)
        self.thr = seeding.fork_threshold(sample)
        self.record = bool(record)
        self.width = max(game.catalog.n_companions, _n_spells_total(game)) + 1
        self.maxrec = _max_recruits(game)
        self.n = int(match.n_players)

    def sampled(self, gi: int, dec: int) -> bool:
        """The draw of play_forks (seeding.py item 5), computed as its kernel does."""
        return (seeding.fork_draw(seeding.game_key(self.rkey, gi), dec) >> 11) < self.thr

    def _snap(self) -> Snap:
        k = 1 if self.record else 0
        kd = MAX_RECORD_DICE if self.record else 1
        ke = MAX_RECORD_DECISIONS if self.record else 1
        i64 = np.int64
        return Snap(g=np.zeros((k, NG), i64), pl=np.zeros((k, MAXP, NPF), i64),
                    pc=np.zeros((k, MAXP, NPC, MAXC), i64), ps=np.zeros((k, MAXP, NPS, MAXSP), i64),
                    sd=np.zeros((k, NSDF, MAXSD), i64), bd=np.zeros((k, NBD), i64),
                    cd=np.zeros((k, NCD, self.width), i64), dice=np.zeros((k, kd), np.int8),
                    dec=np.zeros((k, ke, 8), np.int32))

    def _legal_rows(self, S, Rd, W, snap, out, gi: int, t: int, tgt, opt) -> np.ndarray:
        """Every legal row of listed decision t of game gi (the list keeps only the row each
        search chose): the game played again with decisions 0..t-1 given, stopped at t and
        captured (searchplay.OP_CAPTURE).  Checked to be decision t, with its number of rows."""
        fk = S.fk
        fk.tgt[:t] = tgt[:t]
        fk.opt[:t] = opt[:t]
        slots = np.array([-1], np.int64)
        roll(self.K, S, Rd, W, self.root, gi, 0, 1, slots, out, snap, OP_CAPTURE, t)
        c = fk.tgt[t]
        if (S.g[G_ERR] != 0 or int(fk.ctl[FC_NT]) != t + 1 or c[T_DEC] != tgt[t, T_DEC]
                or c[T_NOPT] != tgt[t, T_NOPT]):
            raise RuntimeError(f"fast path: forks of search game {gi}: decision {int(tgt[t, T_DEC])} "
                               f"was not met again where its list has it")
        o = int(c[T_OPT])
        return fk.opt[o:o + int(c[T_NOPT])].copy()

    def play_part(self, lo: int, hi: int):
        """Games start+lo .. start+hi-1: (result rows, records)."""
        nd = MAX_RECORD_DICE if self.record else 1
        ne = MAX_RECORD_DECISIONS if self.record else 1
        S, Rd, W = search_arrays(self.K, self.root, self.width, self.maxrec, nd, ne, self.mt, self.bp)
        out = new_out(1, self.maxrec)
        snap = self._snap()
        slots = np.array([0 if self.record else -1], np.int64)
        rows, records = [], []

        def play(gi: int, given: int):
            nw = roll(self.K, S, Rd, W, self.root, gi, 0, 1, slots, out, snap, OP_FORCED, given)
            if S.g[G_ERR] != 0:
                raise RuntimeError(f"fast path: forks of search game {gi} stopped with kernel error "
                                   f"{int(S.g[G_ERR])} (a buffer is full, or a listed pick was not met)")
            final = [int(S.pl[p, P_FINAL]) if p < self.n else 0 for p in range(MAXP)]
            win = [int(S.pl[p, P_WIN]) if p < self.n else 0 for p in range(MAXP)]
            rec = R.build_record(self.game, snap, 0, self.root_seed, gi, self.mt) if self.record else None
            return nw, final, win, rec

        for i in range(lo, hi):
            gi = self.start + i
            straight = play(gi, 0)
            fk = S.fk
            nt, nopt = int(fk.ctl[FC_NT]), int(fk.ctl[FC_NOPT])
            tgt, opt = fk.tgt[:nt].copy(), fk.opt[:nopt].copy()
            for t in range(nt):
                tg = tgt[t]
                if tg[T_KIND] != RECRUIT or not self.sampled(gi, int(tg[T_DEC])):
                    continue
                legal = self._legal_rows(S, Rd, W, snap, out, gi, t, tgt, opt)
                for alt in range(int(tg[T_NOPT])):
                    if alt == tg[T_CHOSEN]:
                        nw, final, win, rec = straight
                    else:
                        fk.tgt[:nt] = tgt
                        fk.opt[:nopt] = opt
                        fk.tgt[t, T_CHOSEN] = alt
                        fk.opt[tg[T_OPT]] = legal[alt]   # a listed decision keeps its row alone
                        nw, final, win, rec = play(gi, t + 1)
                    q = np.zeros(NRS, np.int64)
                    q[RS_GAME], q[RS_DEC], q[RS_ROUND] = gi, tg[T_DEC], tg[T_ROUND]
                    q[RS_SEAT], q[RS_KIND], q[RS_ALT], q[RS_NALT] = tg[T_SEAT], tg[T_KIND], alt, tg[T_NOPT]
                    q[RS_CHOSEN] = 1 if alt == tg[T_CHOSEN] else 0
                    q[RS_CONT] = 0
                    row = legal[alt]
                    q[RS_LABEL] = row[O_LABEL]
                    q[RS_ROW:RS_ROW + 6] = row[:6]
                    q[RS_NWIN] = nw
                    q[RS_FINAL:RS_FINAL + MAXP] = final
                    q[RS_WIN:RS_WIN + MAXP] = win
                    rows.append(q)
                    if self.record:
                        records.append(rec)
        res = np.array(rows, np.int64).reshape(len(rows), NRS)
        return res, records


def play_search_forks(game, match: Match, root_seed: int, start: int, count: int, sample: float,
                      threads: int | None = None, record: bool = False):
    """The forks of the sampled searched picks of games start .. start+count-1 (module
    docstring): (result rows int64[k, NRS] in forks.play.RS_* layout, records: one GameRecord
    per row when ``record``, else empty).  The same rows on any number of ``threads``."""
    job = _SearchForks(game, match, root_seed, start, sample, record)
    parts = play_parts(job.play_part, count, threads)
    res = np.concatenate([p[0] for p in parts]) if parts else np.zeros((0, NRS), np.int64)
    return res, [r for p in parts for r in p[1]]
