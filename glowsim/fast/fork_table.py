"""Forks: what each alternative at a decision is worth, played on by the bots (docs/forks.md).

    >>> from glowsim.fast.fork_table import play_forks
    >>> t = play_forks(game, match, root_seed=7, start=0, count=100, kind="recruit", sample=0.25)
    >>> t["companion"], t["chosen_by_bot"], t["win_share"]

For each game, the decisions of the kind asked that the sampling draw selects (a hash of
(root seed, game, decision index), seeding.py item 5) are forked: each legal row of the
decision (glowsim/fast/kernel/legal.py, the reference engine's order) is taken there in turn and
the game played on to its end by the seats' bots, ``continuations`` times.  One row of the
table per continuation.  Every game depends only on (root seed, game index): the table
does not depend on how the games are split over threads.
"""
from __future__ import annotations

import numpy as np

from .. import seeding
from ..errors import UserError
from ..spec.decisions import KIND_NAMES, PROVINCE_MOVE, RECRUIT, REROLL
from . import record as R
from .play import (MAX_RECORD_DECISIONS, MAX_RECORD_DICE, Match, _max_recruits, _n_spells_total,
                   ktables)
from .kernel.forkcontrol import NFC, NOF, NTF, Fork
from .forks.play import (CAP_FULL, CF_CONTS, CF_KIND, CF_RECORD, CF_RESAMPLE, CF_THR, DONE,
                         KERNEL_ERR, NCF, alloc_rounds, NRS, RES_FULL, RS_ALT, RS_CHOSEN, RS_CONT,
                         RS_DEC, RS_FINAL, RS_GAME, RS_KIND, RS_LABEL, RS_NALT, RS_NWIN, RS_ROUND,
                         RS_ROW, RS_SEAT, RS_WIN, ST_CODE, ST_NEED, ST_NEXT, ST_NRES)
from .game.loop import Snap, alloc_fork_state
from .corecall import fork_games
from .kernel.ktables import SET_ROUNDS
from .parallel import play_parts
from .search_forks import play_search_forks
from .search_bot import searching
from .solo_record import build_solo_record
from .solo.layout import MAX_SOLO_ROUNDS
from .kernel.state import MAXC, MAXP, MAXSD, MAXSP, NBD, NCD, NG, NPC, NPF, NPS, NSDF

KINDS = {"recruit": RECRUIT, "reroll": REROLL, "move": PROVINCE_MOVE}
MODES = ("common", "resampled")
RECORD_ROWS = 64        # continuations whose records one call holds (each record buffer ~300 KB)
ROWS = 4096             # continuations one call holds without records
TARGETS, OPTIONS = 256, 8192   # first room for captured decisions and their rows (grows)


def check_forks(game, match: Match, start: int, count: int, kind: str, sample: float, mode: str,
                continuations: int) -> None:
    """Argument errors, one line each, naming the argument and what is allowed."""
    if kind not in KINDS:
        raise UserError(f"play_forks: kind {kind!r} is not a fork kind; allowed: {', '.join(KINDS)}")
    if mode not in MODES:
        raise UserError(f"play_forks: mode {mode!r}; allowed: {', '.join(MODES)}")
    try:
        q = float(sample)
    except (TypeError, ValueError):
        q = float("nan")
    if not 0.0 < q <= 1.0:
        raise UserError(f"play_forks: sample must be a rate in (0, 1], got {sample!r}")
    if isinstance(continuations, bool) or int(continuations) != continuations or continuations < 1:
        raise UserError(f"play_forks: continuations must be an integer >= 1, got {continuations!r}")
    if mode == "common" and continuations > 1:
        raise UserError("play_forks: continuations > 1 needs mode='resampled' (a common continuation "
                         "plays the same future every time)")
    if int(start) < 0 or int(count) < 0:
        raise UserError(f"play_forks: start and count must be >= 0 (got start={start}, count={count})")
    _, bp = match.kernel(game)
    if searching(bp) and kind != "recruit":
        raise UserError(f"play_forks: kind {kind!r} with a search seat (rollout_budget > 0); a game "
                         f"with search seats forks its searched picks only: kind='recruit'")
    if searching(bp) and mode != "common":
        raise UserError("play_forks: mode='resampled' with a search seat (rollout_budget > 0); a game "
                         "with search seats forks in mode='common' only (its searches redraw the "
                         "hidden information already)")
    if int(match.n_players) == 1 and mode == "resampled":
        raise UserError("play_forks: mode='resampled' needs 2-4 players (a solo game's hidden "
                         "information includes Tom's tiles, not redrawn); use mode='common'")


class _Forks:
    """One call of play_forks: the kernel inputs, and each part's rows and records."""

    def __init__(self, game, match, root_seed, start, kind, sample, mode, continuations, record):
        self.game, self.match, self.root_seed, self.start = game, match, root_seed, start
        self.mt, self.bp = match.kernel(game)
        self.K = ktables(game)
        self.root = np.uint64(seeding.root_key(root_seed))
        self.record = bool(record)
        self.width = max(game.catalog.n_companions, _n_spells_total(game)) + 1
        self.cfg = np.zeros(NCF, np.int64)
        self.cfg[CF_KIND] = KINDS[kind]
        self.cfg[CF_THR] = seeding.fork_threshold(sample)
        self.cfg[CF_RESAMPLE] = 1 if mode == "resampled" else 0
        self.cfg[CF_CONTS] = int(continuations)
        self.cfg[CF_RECORD] = 1 if record else 0
        self.maxrec = _max_recruits(game)
        self.slots = _round_slots(self.K, match)

    def fork(self, tgt: int, opt: int) -> Fork:
        key = np.zeros(2, np.uint64)
        key[0] = self.root
        return Fork(np.zeros(NFC, np.int64), key, np.zeros((tgt, NTF), np.int64),
                    np.zeros((opt, NOF), np.int64), np.zeros((2, self.width), np.int64))

    def snap(self, rows: int) -> Snap:
        k = rows if self.record else 0
        kd = MAX_RECORD_DICE if self.record else 1
        ke = MAX_RECORD_DECISIONS if self.record else 1
        return Snap(g=np.zeros((k, NG), np.int64), pl=np.zeros((k, MAXP, NPF), np.int64),
                    pc=np.zeros((k, MAXP, NPC, MAXC), np.int64), ps=np.zeros((k, MAXP, NPS, MAXSP), np.int64),
                    sd=np.zeros((k, NSDF, MAXSD), np.int64), bd=np.zeros((k, NBD), np.int64),
                    cd=np.zeros((k, NCD, self.width), np.int64),
                    dice=np.zeros((k, kd), np.int8), dec=np.zeros((k, ke, 8), np.int32))

    def build_record(self, snap: Snap, j: int, game_index: int):
        if int(self.match.n_players) == 1:   # solo against Tom (R9)
            return build_solo_record(self.game, snap, j, self.root_seed, game_index)
        return R.build_record(self.game, snap, j, self.root_seed, game_index, self.mt)

    def state(self, tgt: int, opt: int):
        """The kernel State with a fork control of this room."""
        nd = MAX_RECORD_DICE if self.record else 1
        ne = MAX_RECORD_DECISIONS if self.record else 1
        return alloc_fork_state(self.width, self.maxrec, nd, ne, self.mt, self.bp, self.fork(tgt, opt))

    def play_part(self, lo: int, hi: int):
        """Games start+lo .. start+hi-1: (result rows, records), making room as the kernel asks."""
        tgt, opt = TARGETS, OPTIONS
        rows = RECORD_ROWS if self.record else ROWS
        S = self.state(tgt, opt)
        rounds = alloc_rounds(S, self.slots)
        res, snap = np.zeros((rows, NRS), np.int64), self.snap(rows)
        st = np.zeros(4, np.int64)
        out, records = [], []
        while lo < hi:
            fork_games(self.K, S, rounds, self.root, self.start, lo, hi, self.cfg, res, snap, st)
            n = int(st[ST_NRES])
            if n:
                out.append(res[:n].copy())
                if self.record:
                    records += [self.build_record(snap, j, int(res[j, RS_GAME])) for j in range(n)]
            code, lo = int(st[ST_CODE]), int(st[ST_NEXT])
            if code == DONE:
                break
            if code == KERNEL_ERR:
                raise RuntimeError(f"fast path: forks of game {self.start + lo} stopped with a kernel "
                                   f"error (a buffer is full, or a forced decision was not met)")
            if code == CAP_FULL:
                tgt, opt = tgt * 2, opt * 2
                S = self.state(tgt, opt)
            elif code == RES_FULL and n == 0:
                rows = max(rows * 2, int(st[ST_NEED]))
                res, snap = np.zeros((rows, NRS), np.int64), self.snap(rows)
        return out, records


def _round_slots(K, match: Match) -> int:
    """Round states a game keeps: one per round, indexed from 1."""
    n = MAX_SOLO_ROUNDS if int(match.n_players) == 1 else int(K.setup[SET_ROUNDS])
    return n + 1


def play_forks(game, match: Match, root_seed: int, start: int, count: int, kind: str = "recruit",
               sample: float = 0.25, mode: str = "common", continuations: int = 1,
               threads: int | None = None, record: bool = False) -> dict:
    """Fork the sampled decisions of `kind` in games start .. start+count-1 (module docstring).

    ``kind``: "recruit" (every RECRUIT pick), "reroll" (the first REROLL row of each late
    morning), "move" (the first PROVINCE_MOVE step or the ARCHI_MOVE of each afternoon).
    ``sample``: the rate of those decisions forked.  ``mode``: "common" (every alternative
    plays the game's own future dice and cards) or "resampled" (at the decision, what the
    deciding player cannot see is redrawn per continuation: the unseen cards of each deck,
    the spell pile's order, the future dice; ``continuations`` of them, every alternative
    sharing each).  ``threads``: game threads (None: every core).  ``record``: also each
    continuation's GameRecord (``"records"``, one per row).

    Returns a dict of 1-d arrays, one entry per continuation, in the order (game,
    decision, alternative, continuation): game, decision (index in the game's decision
    list), round, seat, kind, alternative (index among the legal rows), n_alternatives, the
    row's fields a..f, companion (RECRUIT: the companion taken, else None), chosen_by_bot,
    continuation, score and win_share of the deciding seat, score_<s> and win_share_<s> of
    every seat s.

    A match with search seats (preset ``rollout``): kind "recruit", mode "common" only; the
    search seats' searched picks are forked, each later pick searched again (search_forks.py)."""
    check_forks(game, match, start, count, kind, sample, mode, continuations)
    if searching(match.kernel(game)[1]):   # search seats: their searched picks (search_forks.py)
        res, records = play_search_forks(game, match, root_seed, int(start), int(count), sample,
                                         threads=threads, record=record)
        out = fork_table(game, match, res)
        if record:
            out["records"] = records
        return out
    job = _Forks(game, match, root_seed, int(start), kind, sample, mode, continuations, record)
    parts = play_parts(job.play_part, count, threads)
    rows = [a for p in parts for a in p[0]]
    res = np.concatenate(rows) if rows else np.zeros((0, NRS), np.int64)
    out = fork_table(game, match, res)
    if record:
        out["records"] = [r for p in parts for r in p[1]]
    return out


def fork_table(game, match: Match, res: np.ndarray) -> dict:
    """The table of play_forks from the kernel's result rows."""
    n = int(match.n_players)
    cat = game.catalog
    seat = res[:, RS_SEAT]
    nwin = np.maximum(res[:, RS_NWIN], 1)
    kinds = np.array([KIND_NAMES.get(k, str(k)) for k in range(12)], dtype=object)
    comp = np.array(list(cat.companion_ids) + [None], dtype=object)
    label = res[:, RS_LABEL]
    out = {
        "game": res[:, RS_GAME].copy(),
        "decision": res[:, RS_DEC].copy(),
        "round": res[:, RS_ROUND].copy(),
        "seat": seat.copy(),
        "kind": kinds[res[:, RS_KIND]],
        "alternative": res[:, RS_ALT].copy(),
        "n_alternatives": res[:, RS_NALT].copy(),
    }
    for j, f in enumerate("abcdef"):
        out[f] = res[:, RS_ROW + j].copy()
    out["companion"] = comp[np.where(label >= 0, label, len(comp) - 1)]
    out["chosen_by_bot"] = res[:, RS_CHOSEN].astype(bool)
    out["continuation"] = res[:, RS_CONT].copy()
    rows = np.arange(len(res))
    out["score"] = res[rows, RS_FINAL + seat] if len(res) else np.zeros(0, np.int64)
    out["win_share"] = (res[rows, RS_WIN + seat] / nwin) if len(res) else np.zeros(0)
    for s in range(n):
        out[f"score_{s}"] = res[:, RS_FINAL + s].copy()
        out[f"win_share_{s}"] = res[:, RS_WIN + s] / nwin
    return out


def game_equivalents(table: dict, rounds: int = 8) -> float:
    """The continuations of a fork table counted as the share of a game each plays: from
    round r of `rounds`, (rounds + 1 - r) / rounds."""
    r = np.asarray(table["round"])
    return float(np.sum((rounds + 1 - r) / rounds))
