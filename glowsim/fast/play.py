"""Python entry points of the fast path: Match, play_block, iter_blocks.

    >>> from glowsim.content import load_game
    >>> from glowsim.fast import Match, play_block, bot_preset
    >>> game = load_game()
    >>> match = Match(n_players=4, side="province", adventurers=[-1] * 4,
    ...               bots=[bot_preset("heuristic")] * 4)
    >>> cols = play_block(game, match, root_seed=7, start=0, count=1000, record=[0, 5])

Every game depends only on (root seed, global game index): blocks can be split
any way, over any number of workers, with identical results.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Iterator, Sequence

import numpy as np

from .. import seeding
from ..content import codes as C
from ..content.solo import check_tom_colors
from . import record as R
from .solo_record import build_solo_record
from ..spec.botparams import BP_ROLL_BUDGET, NPARAM, PARAM_NAMES, PRESETS, bot_preset, check_vector
from .game.loop import (NOG, OG_ERR, OG_FIRST, OG_LITTLE, OG_MARGIN, OG_NWIN, OG_ROUNDS, OG_SETS,
                        OG_TOM, OG_TOP, Out,
                        Snap, alloc_state)
from .solo.layout import TO_BAND, TO_COL1, TO_COL2, TO_FOOT, TO_JOURNEY, TO_SCORE, TO_TRACK
from .kernel.ktables import kernel_tables, solo_problem
from .search_bot import search_arrays, searching
from .forks.searchplay import OP_RANGE
from .corecall import play_games, roll
from . import entries  # noqa: F401  (registers the compiled entries: glowsim/compiling.py)
from .offered import check_offered_as, offered_rows
from .parallel import cancel_parts, resolve_workers, split, submit_parts, wait_parts
from .columns.recruits import (T_COMP, T_EFFB, T_GAME, T_LEFT, T_MASK, T_MASK2, T_PICK, T_PRINTED,
                               T_ROUND, T_SEAT, T_TILE, recruit_table)
from .kernel.state import (ADV_DRAFT, ADV_RANDOM, MAXC, MAXP, MAXSD, MAXSP, MT_ADV, MT_N, MT_REPL,
                           MT_SETS, MT_SIDE, MT_TOK, MT_TOM, NBD, NCD, NG, NMT, NPC, NPF, NPS, NRF,
                           NSDF, P_ADV, P_BF_BURSTS, P_BF_DRAWN, P_SPENT_BURSTS, P_SWAPS,
                           P_CARDS_BURSTS, P_DICE_BURSTS, P_EFFECT_BURSTS, P_FF_BONUS, P_FF_TOTAL,
                           P_FINAL, P_FOOT, P_GAINED_TOK, P_JOURNEY, P_NCOMP, P_SET_FACES,
                           P_SPENT_LUMI, P_SPENT_TOK, P_SPENT_TRACK, P_TOK, P_TRACK_END,
                           P_TRACK_PTS, P_WIN, max_recruit_rows)
from ..errors import UserError
from ..limits import MAX_GAMES, MAX_SEED

MAX_RECORD_DICE = 8192
MAX_RECORD_DECISIONS = 8192


@dataclass
class Match:
    """Who plays: number of players, board side, adventurer per seat (id or row; -1 or
    "random": drawn, E13; "draft": chosen by the seat's bot, E19), a bot parameter vector
    per seat (see :func:`bot_preset`), and extra reroll tokens per seat at setup (E18).
    ``n_players=1`` is solo against Tom (R9); ``tom_colors``: his two dice colours (names
    or codes), None or "random": drawn per game (E15).  With a Dawn content
    (``load_game(dawn=True)``) every game plays the Dawn rules (docs/rules.md D1-D18);
    ``dawn_sets``: the optional sets chosen (D1); the fast path plays Dawn at 2-4 players
    without sets (:func:`dawn_coverage`)."""
    n_players: int
    side: str
    adventurers: Sequence = field(default_factory=list)
    bots: Sequence = field(default_factory=list)
    bot_labels: Sequence[str] | None = None
    start_tokens: Sequence[int] | None = None
    tom_colors: Sequence | str | None = None
    dawn_sets: Sequence[str] | None = None

    def kernel(self, game):
        """(mt, bp): the match array and the bots' parameter vectors for the kernels."""
        n = int(self.n_players)
        dawn = self._dawn(game, n)
        most = MAXP if game.dawn is not None else BASE_PLAYERS
        if not 1 <= n <= most:
            raise UserError(f"Match.n_players: {n} is not allowed; the fast path plays 1 (solo against "
                             f"Tom) to {most} players" + ("" if game.dawn is not None else
                                                          " (5 and 6 with the Dawn content, D4)"))
        if self.side not in C.SIDE_CODE:
            raise UserError(f"Match.side: {self.side!r} is not a board side; allowed: province, archipelago")
        advs = list(self.adventurers) or [-1] * n
        if len(advs) != n:
            raise UserError(f"Match.adventurers: {len(advs)} given for {n} players")
        cat = game.catalog
        rows = []
        for a in advs:
            if a is None or (isinstance(a, str) and a == "random"):
                rows.append(ADV_RANDOM)
                continue
            if isinstance(a, str) and a == "draft":
                rows.append(ADV_DRAFT)
                continue
            if isinstance(a, str):
                if a not in cat.adventurer_ids:
                    raise UserError(f"Match.adventurers: unknown adventurer {a!r}; allowed: "
                                     + ", ".join(cat.adventurer_ids) + ", random or draft")
                rows.append(cat.adventurer_row(a))
            else:
                a = int(a)
                lo, hi = cat.n_companions, cat.n_companions + cat.n_adventurers
                if a not in (ADV_RANDOM, ADV_DRAFT) and not lo <= a < hi:
                    raise UserError(f"Match.adventurers: row {a} is not an adventurer row ({lo}..{hi - 1}), "
                                     f"-1 (random) or -2 (draft)")
                rows.append(a)
        fixed = [r for r in rows if r >= 0]
        if len(fixed) != len(set(fixed)):
            raise UserError("Match.adventurers: an adventurer is given to two seats")
        bots = list(self.bots) or [bot_preset("heuristic")] * n
        if len(bots) != n:
            raise UserError(f"Match.bots: {len(bots)} given for {n} players")
        bp = np.zeros((MAXP, NPARAM))
        for p, b in enumerate(bots):
            try:
                v = bot_preset(b) if isinstance(b, str) else np.asarray(b, np.float64)
            except UserError:
                raise
            except (TypeError, ValueError):   # not numbers
                v = None
            if v is None or v.shape != (NPARAM,) or (not isinstance(b, str) and np.asarray(b).dtype.kind not in "iuf"):
                raise UserError(f"Match.bots[{p}]: a bot is a preset name or {NPARAM} floats ({', '.join(PARAM_NAMES)})")
            check_vector(v, f"Match.bots[{p}]")
            if n == 1 and v[BP_ROLL_BUDGET] > 0.5:
                raise UserError(f"Match.bots[{p}]: the search bot (rollout_budget > 0) plays 2 or more players; "
                                 f"a solo game's hidden information (Tom's tiles) is not redrawn")
            bp[p] = v
        mt = np.full(NMT, -1, np.int64)
        mt[MT_SETS], mt[MT_REPL] = dawn
        mt[MT_N] = n
        mt[MT_SIDE] = C.SIDE_CODE[self.side]
        mt[MT_ADV:MT_ADV + n] = rows
        mt[MT_TOK:MT_TOK + MAXP] = 0
        if self.start_tokens is not None:
            tok = [int(x) for x in self.start_tokens]
            if len(tok) != n or any(x < 0 for x in tok):
                raise UserError(f"Match.start_tokens: give {n} non-negative counts, got {list(self.start_tokens)}")
            mt[MT_TOK:MT_TOK + n] = tok
        free = cat.n_adventurers - len(fixed)
        if sum(1 for r in rows if r < 0) > free:
            raise UserError(f"Match.adventurers: {sum(1 for r in rows if r < 0)} random or draft seats "
                             f"but only {free} adventurers left")
        if n == 1:
            mt[MT_TOM:MT_TOM + 2] = self._solo(game, rows[0])
        elif self.tom_colors is not None and not (isinstance(self.tom_colors, str) and self.tom_colors == "random"):
            raise UserError(f"Match.tom_colors: Tom plays only in solo games (n_players 1), this match has {n}")
        return mt, bp

    def _dawn(self, game, n: int) -> tuple[int, int]:
        """(sets, replaced) bit masks of the match (D1), checked against what the fast path
        plays (:func:`dawn_coverage`)."""
        sets = list(self.dawn_sets or [])
        if game.dawn is None:
            if sets:
                raise UserError("Match.dawn_sets: Dawn sets need the Dawn content "
                                "(load_game(dawn=True), D1)")
            return 0, 0
        for i, name in enumerate(sets):
            if name not in game.dawn.sets:
                raise UserError(f"Match.dawn_sets[{i}]: {name!r} is not a set; allowed: "
                                 f"{', '.join(game.dawn.sets)}")
        if len(set(sets)) != len(sets):
            raise UserError(f"Match.dawn_sets: each set once, got {sets}")
        if n == 1:
            bad = [s for s in sets if s not in game.dawn.set_solo]
            if bad:
                raise UserError(f"Match.dawn_sets: {bad[0]!r} cannot be played solo (D16); "
                                 f"allowed solo: {', '.join(game.dawn.set_solo) or 'no set'}")
        why = dawn_coverage(n, sets)
        if why:
            raise UserError(f"Match: {why}")
        mask = sum(1 << i for i, name in enumerate(game.dawn.sets) if name in sets)
        return mask, mask     # D1, 2-4 players: each set chosen replaces its base companions

    def _solo(self, game, adv: int) -> list[int]:
        """Checks of a solo match (R9); Tom's colour codes for the match array (-1: drawn, E15)."""
        why = solo_problem(game.tables)
        if why:
            raise UserError(f"Match: the content cannot be played solo: {why}")
        if adv == ADV_DRAFT:
            raise UserError("Match.adventurers: a solo game has no draft (E19 needs other seats); "
                             "give an adventurer or random")
        if self.start_tokens is not None and any(int(x) for x in self.start_tokens):
            raise UserError(f"Match.start_tokens: a solo player gets no reroll tokens at setup (R9), "
                             f"got {list(self.start_tokens)}")
        tc = self.tom_colors
        if tc is None or (isinstance(tc, str) and tc == "random"):
            return [-1, -1]
        if isinstance(tc, str):
            raise UserError(f"Match.tom_colors: {tc!r}: give two colours, e.g. ['green', 'blue'], or random")
        codes = []
        for c in tc:
            if isinstance(c, str):
                if c not in C.COLOR_CODE:
                    raise UserError(f"Match.tom_colors: unknown colour {c!r}; allowed: {', '.join(C.COLORS)}")
                codes.append(C.COLOR_CODE[c])
            else:
                codes.append(int(c))
        if adv < 0:
            raise UserError("Match.tom_colors: fixed colours for Tom need a fixed adventurer "
                             "(a random one could play one of them)")
        try:
            check_tom_colors(game, adv, codes)
        except ValueError as e:
            raise UserError(f"Match.tom_colors: {e}") from None
        return codes

    def labels(self) -> list[str]:
        n = int(self.n_players)
        if self.bot_labels is not None:
            return list(self.bot_labels)
        out = []
        for b in (list(self.bots) or ["heuristic"] * n):
            if isinstance(b, str):
                out.append(b)
                continue
            v = np.asarray(b, np.float64)
            name = next((k for k, pv in PRESETS.items() if np.array_equal(pv, v)), "custom")
            out.append(name)
        return out


FAST_SETS = ("elemental", "anibloom", "draconic")   # Dawn's sets (D6, D7, D12-D15), all played
BASE_PLAYERS = 4   # the base game's most players (R2); Dawn: MAXP (D4)


def dawn_coverage(n_players: int, sets=()) -> str | None:
    """Why the fast path cannot play a Dawn game of ``n_players`` with the optional ``sets``
    (docs/rules.md D1), None when it can: it plays Dawn solo (D16) and at 2-6 players with
    every choice of sets the rules allow (D1-D15)."""
    del n_players, sets   # every game of the rules (D1, D16)
    return None


_KT: dict = {}
_KT_LOCK = threading.Lock()
KT_KEPT = 32   # contents whose tables are kept (a sweep of thousands plays each in turn)


def ktables(game):
    """Kernel tables of a content (cached by content hash, the last KT_KEPT used)."""
    key = game.hash
    with _KT_LOCK:                     # the runner's threads play chunks of several contents
        kt = _KT.pop(key, None)
    if kt is None:
        kt = kernel_tables(game.tables, game.dawn, game.catalog)
    with _KT_LOCK:
        _KT[key] = kt                  # the most recently used last
        while len(_KT) > KT_KEPT:
            del _KT[next(iter(_KT))]
    return kt


def _n_spells_total(game) -> int:
    t, cat = game.tables, game.catalog
    base = cat.n_companions + cat.n_adventurers
    return int(sum(int(t.item_copies[base + i]) for i in range(len(cat.spell_ids))))


def new_out(count: int, maxrec: int) -> Out:
    """Zeroed result arrays for `count` games of at most `maxrec` recruit rows each."""
    return Out(gm=np.zeros((count, NOG), np.int64), pl=np.zeros((count, MAXP, NPF), np.int32),
               nrec=np.zeros(count, np.int64), rc=np.zeros((count, maxrec, NRF), np.int64))


def block_buffers(count: int, maxrec: int, spare: Out | None = None) -> Out:
    """Result arrays with room for `count` games: `spare` (the arrays of a block of the same
    content whose tables are built, which hold no view of them) when it has the room, else
    new ones.  Reused arrays need no clearing: every game's store_result writes each field
    the tables read (its OG_* fields, Tom's TO_* in solo, its seats' rows, its recruit count
    and rows)."""
    return spare if spare is not None and spare.gm.shape[0] >= count else new_out(count, maxrec)


def _max_recruits(game) -> int:
    """Recruit rows one game of this content may write (the second dimension of Out.rc)."""
    return max_recruit_rows(int(game.tables.setup_ints[5]))


class _Block:
    """A block of games being played: its arrays, filled by the game threads' parts."""

    def __init__(self, game, match: Match, root_seed: int, start: int, count: int,
                 record: Sequence[int] = (), rows: Out | None = None):
        """``rows``: result arrays to play into (their first `count` rows; None: new ones)."""
        self.game, self.match, self.root_seed, self.start, self.count = game, match, root_seed, start, count
        self.mt, self.bp = match.kernel(game)
        self.K = ktables(game)
        self.root = np.uint64(seeding.root_key(root_seed))
        maxrec = _max_recruits(game)
        width = max(game.catalog.n_companions, _n_spells_total(game)) + 1
        self.slots = np.full(count, -1, np.int64)
        self.rec_games = []
        for gi in record:
            if self.slots[gi - start] < 0:
                self.slots[gi - start] = len(self.rec_games)
                self.rec_games.append(gi)
        k = len(self.rec_games)
        self.out = new_out(count, maxrec) if rows is None else Out(*(a[:count] for a in rows))
        kd = MAX_RECORD_DICE if k else 1
        ke = MAX_RECORD_DECISIONS if k else 1
        self.snap = Snap(g=np.zeros((k, NG), np.int64), pl=np.zeros((k, MAXP, NPF), np.int64),
                         pc=np.zeros((k, MAXP, NPC, MAXC), np.int64), ps=np.zeros((k, MAXP, NPS, MAXSP), np.int64),
                         sd=np.zeros((k, NSDF, MAXSD), np.int64), bd=np.zeros((k, NBD), np.int64),
                         cd=np.zeros((k, NCD, width), np.int64),
                         dice=np.zeros((k, kd), np.int8), dec=np.zeros((k, ke, 8), np.int32))
        self.search = searching(self.bp)   # search seats: played by searchplay.roll_range
        self.counts: list = []             # per part: searches and continuations (searchplay.N_*)
        self._dims = (width, maxrec, kd, ke)
        self.parts: list = []
        self._plan = None   # (tables, offered_as) the last part builds (launch)
        self._cols = None

    def play_part(self, lo: int, hi: int) -> None:
        """Games start+lo .. start+hi-1 (the GIL released while they play)."""
        if self.search:
            S, R, W = search_arrays(self.K, self.root, *self._dims, self.mt, self.bp)
            roll(self.K, S, R, W, self.root, self.start, lo, hi, self.slots, self.out, self.snap,
                 OP_RANGE, 0)
            self.counts.append(W.cnt.copy())
            return
        S = alloc_state(1, 1, 1, 1, self.mt, self.bp)   # its match and bots (corecall.play_games)
        play_games(self.K, S, self.root, self.start, lo, hi, self.slots, self.out, self.snap)

    def launch(self, threads: int, tables: Sequence[str] | None = None,
               offered_as: str = "text") -> "_Block":
        """Queue the block's parts on the game threads (1 thread: played here, now).  With
        ``tables``, the thread that plays the block's last part builds them (and the records)
        as soon as it is done, so the tables take a game thread's turn rather than competing
        with both game threads for the cores; :meth:`columns` then hands them out."""
        if threads == 1 or self.count < 2:
            if self.count:
                self.play_part(0, self.count)
        else:
            if tables is not None:
                self._plan = (tuple(tables), offered_as)
            self._left = min(self.count, threads * PARTS_PER_THREAD)   # parts not ended yet
            self._lock = threading.Lock()
            self.parts = submit_parts(self._play_then_finish, self.count, threads, self._left)
        return self

    def _play_then_finish(self, lo: int, hi: int) -> None:
        """A part; the last part to end builds the planned tables (an error in them is this
        part's error, raised by :meth:`result`)."""
        self.play_part(lo, hi)
        with self._lock:
            self._left -= 1
            last = self._left == 0
        if last and self._plan is not None:
            self._cols = self._build(*self._plan)

    def _outcome(self):
        """(Out, [GameRecord]) of a block every part of which is played."""
        bad = np.flatnonzero(self.out.gm[:, OG_ERR])
        if len(bad):
            raise RuntimeError(f"fast path: game {self.start + int(bad[0])} stopped with kernel error "
                               f"{int(self.out.gm[bad[0], OG_ERR])} (a buffer is full)")
        if self.match.n_players == 1:   # solo against Tom (R9)
            records = [build_solo_record(self.game, self.snap, j, self.root_seed, g)
                       for j, g in enumerate(self.rec_games)]
        else:
            records = [R.build_record(self.game, self.snap, j, self.root_seed, g, self.mt)
                       for j, g in enumerate(self.rec_games)]
        return self.out, records

    def _build(self, tables: Sequence[str], offered_as: str) -> dict:
        out, records = self._outcome()   # records in the order asked (rec_games)
        cols = columns(self.game, self.match, out, self.start, tables, offered_as)
        cols["records"] = records
        return cols

    def result(self):
        """(Out, [GameRecord]) once every part is played."""
        wait_parts(self.parts)
        return self._outcome()

    def columns(self, tables: Sequence[str], offered_as: str = "text") -> dict:
        wait_parts(self.parts)
        if self._cols is not None and self._plan == (tuple(tables), offered_as):
            return self._cols
        return self._build(tables, offered_as)


def _check_block(game, match: Match, start: int, count: int, record: Sequence[int]) -> list[int]:
    """Argument errors first; the record game indices, deduplicated, in the order asked."""
    for name, v in (("start", start), ("count", count)):
        if not isinstance(v, (int, np.integer)) or isinstance(v, bool):
            raise UserError(f"play_block: {name} must be a whole number, got {v!r}")
    if count < 0 or start < 0:
        raise UserError(f"play_block: start and count must be >= 0 (got start={start}, count={count})")
    if count > MAX_GAMES or start + count > MAX_SEED:
        raise UserError(f"play_block: a block plays at most {MAX_GAMES} games with indices below "
                        f"2**63 (got start={start}, count={count}); play more in several blocks "
                        f"(iter_blocks)")
    match.kernel(game)
    wanted = []
    for gi in record:
        gi = int(gi)
        if not start <= gi < start + count:
            raise UserError(f"play_block: record game {gi} is outside the block {start}..{start + count - 1}")
        if gi not in wanted:
            wanted.append(gi)
    return wanted


def run_kernel(game, match: Match, root_seed: int, start: int, count: int,
               record: Sequence[int] = (), workers: int | None = None):
    """Play games start..start+count-1 on `workers` game threads (None: all cores); returns
    (Out, records in the order asked).  The games do not depend on the split."""
    wanted = _check_block(game, match, start, count, record)
    return _Block(game, match, root_seed, start, count, wanted).launch(resolve_workers(workers)).result()


def play_block(game, match: Match, root_seed: int, start: int, count: int,
               record: Sequence[int] = (), workers: int | None = None,
               tables: Sequence[str] = ("games", "players", "recruits"),
               offered_as: str = "text") -> dict:
    """Play a block of games; returns {"games", "players", "recruits": dict of 1-d arrays,
    "records": [GameRecord]} (contract.md sections 6 and 8).  ``workers``: game threads of
    this process (None: every core; the runner passes 1, its own chunk threads or worker
    processes being the parallelism).  ``offered_as``: the recruits' `offered` column as
    comma-joined text ("text") or as an Arrow list<string> array ("lists", the runner's
    Parquet type), see :func:`recruit_columns`."""
    wanted = _check_block(game, match, start, count, record)
    check_offered_as(offered_as)
    block = _Block(game, match, root_seed, start, count, wanted)
    return block.launch(resolve_workers(workers)).columns(tables, offered_as)


def columns(game, match: Match, out: Out, start: int, tables: Sequence[str],
            offered_as: str = "text") -> dict:
    """The asked tables (section 6) of a played block, as dicts of 1-d arrays (`offered`:
    see :func:`recruit_columns`)."""
    cols: dict = {}
    n = int(match.n_players)
    count = out.gm.shape[0]
    if "games" in tables:
        cols["games"] = {
            "game_index": np.arange(start, start + count, dtype=np.int64),
            "n_players": np.full(count, n, np.int64),
            "side": np.full(count, C.SIDES[C.SIDE_CODE[match.side]]),
            "first_player": out.gm[:, OG_FIRST].copy(), "n_winners": out.gm[:, OG_NWIN].copy(),
            "top_score": out.gm[:, OG_TOP].copy(), "margin": out.gm[:, OG_MARGIN].copy(),
            "rounds": out.gm[:, OG_ROUNDS].copy(),
        }
        if n == 1:
            cols["games"].update(tom_columns(out))
        if game.dawn is not None:   # D1: the sets in play, "+"-joined in content order
            names = list(game.dawn.sets)
            cols["games"]["dawn_sets"] = np.array(
                ["+".join(s for i, s in enumerate(names) if (m >> i) & 1)
                 for m in out.gm[:, OG_SETS].tolist()], dtype=object)
    if "players" in tables:
        cols["players"] = player_columns(game, match, out, start)
    if "recruits" in tables:
        cols["recruits"] = recruit_columns(game, out, start, solo=n == 1, offered_as=offered_as)
    return cols


def tom_columns(out: Out) -> dict:
    """Solo games (R9): Tom's count, contract.md section 6 (margin is already the player minus Tom)."""
    to = out.gm[:, OG_TOM:]
    names = np.array(C.COLORS, dtype=object)
    return {
        "tom_score": to[:, TO_SCORE].copy(), "tom_track": to[:, TO_TRACK].copy(),
        "tom_journey": to[:, TO_JOURNEY].copy(), "tom_footprints": to[:, TO_FOOT].copy(),
        "tom_band": to[:, TO_BAND].copy(),
        "tom_colors": names[to[:, TO_COL1]] + "," + names[to[:, TO_COL2]],
    }


def player_columns(game, match: Match, out: Out, start: int) -> dict:
    n = int(match.n_players)
    count = out.gm.shape[0]
    pl = out.pl[:, :n, :].reshape(count * n, out.pl.shape[2]).astype(np.int64)
    seat = np.tile(np.arange(n, dtype=np.int64), count)
    first = np.repeat(out.gm[:, OG_FIRST], n)
    nwin = np.repeat(out.gm[:, OG_NWIN], n)
    cat = game.catalog
    adv_ids = np.array(list(cat.adventurer_ids), dtype=object)
    labels = np.array(match.labels(), dtype=object)
    win = pl[:, P_WIN].astype(bool)
    return {
        "game_index": np.repeat(np.arange(start, start + count, dtype=np.int64), n),
        "seat": seat,
        "turn_pos": (seat - first) % n,
        "adventurer": adv_ids[pl[:, P_ADV] - cat.n_companions],
        "bot": labels[seat],
        "score": pl[:, P_FINAL],
        "track": pl[:, P_TRACK_END],
        "cards_bursts": pl[:, P_CARDS_BURSTS],
        "journey_bursts": pl[:, P_JOURNEY],
        "firefly_bonus": pl[:, P_FF_BONUS],
        "footprint_bursts": pl[:, P_FOOT],
        "fireflies": pl[:, P_FF_TOTAL],
        "footprints": pl[:, P_FOOT],
        "reroll_tokens": pl[:, P_TOK],
        "companions": pl[:, P_NCOMP],
        "rerolls_gained_token": pl[:, P_GAINED_TOK],
        "rerolls_spent_lumipili": pl[:, P_SPENT_LUMI],
        "rerolls_spent_token": pl[:, P_SPENT_TOK],
        "rerolls_spent_track": pl[:, P_SPENT_TRACK],
        "track_points_spent": pl[:, P_TRACK_PTS],
        "set_faces": pl[:, P_SET_FACES],
        "dice_bursts": pl[:, P_DICE_BURSTS],
        "effect_bursts": pl[:, P_EFFECT_BURSTS],
        "win": win,
        "win_share": np.where(win, 1.0 / np.maximum(nwin, 1), 0.0),
    } | (dawn_player_columns(out, pl, seat, n) if game.dawn is not None else {})


def dawn_player_columns(out: Out, pl, seat, n: int) -> dict:
    """A Dawn game's own player columns (the reference engine's): the butterflies' bursts
    (D15), the little board (D4), bought rerolls (D12), tokens drawn (D14), swaps (D10)."""
    little = np.repeat(out.gm[:, OG_LITTLE], n)
    cols = {
        "butterfly_bursts": pl[:, P_BF_BURSTS],
        "little_board": ((little >> seat) & 1).astype(bool),
        "rerolls_spent_bursts": pl[:, P_SPENT_BURSTS],
        "butterflies_drawn": pl[:, P_BF_DRAWN],
        "swaps": pl[:, P_SWAPS],
    }
    if n == 1:
        del cols["little_board"]   # solo (D16): no little board
    return cols


def recruit_columns(game, out: Out, start: int, solo: bool = False, offered_as: str = "text") -> dict:
    """The recruits table (contract.md section 6) of a played block: its whole-number columns
    from one compiled pass (:func:`recruit_table`), which hold no view of the block's arrays.
    ``offered_as``: "text" gives `offered` as comma-joined ids, "lists" as an Arrow
    list<string> array (what the runner writes to Parquet), both by
    :func:`~glowsim.fast.offered.offered_rows`.  The same offer as bit masks over the
    content's companion rows: `offered_mask` bit r for row r < 64, `offered_mask2` bit r - 64
    for rows 64..127 (a Dawn content's set cards reach row 69)."""
    check_offered_as(offered_as)
    cat = game.catalog
    t = recruit_table(out.rc, out.nrec, start, game.tables.item_bursts.astype(np.int64))
    comp_ids = np.array(list(cat.companion_ids), dtype=object)
    extra = {}
    if solo:   # R9: Tom's tile taken with each recruit (None for a Cromaug take)
        tiles = np.array(list(cat.tile_ids) + [None], dtype=object)
        extra["tile"] = tiles[np.where(t[T_TILE] >= 0, t[T_TILE], len(tiles) - 1)]
    return {
        "game_index": t[T_GAME],
        "round": t[T_ROUND],
        "pick": t[T_PICK],
        "seat": t[T_SEAT],
        "companion": comp_ids[t[T_COMP]],
        "offered": offered_rows(list(cat.companion_ids), t[T_MASK], t[T_MASK2], offered_as),
        "offered_mask": t[T_MASK],
        "offered_mask2": t[T_MASK2],
        "left_round": t[T_LEFT],
        "effect_bursts": t[T_EFFB],
        "printed_bursts": t[T_PRINTED],
        **extra,
    }


PARTS_PER_THREAD = 4   # parts a block is split in per game thread (taken in turn: the threads end together)
TAIL_PIECES = 8   # pieces the last block of a stream is played in (several game threads)


def stream_plan(start: int, n_games: int, block: int, threads: int) -> list[list[tuple[int, int]]]:
    """The blocks of a stream, each as the (start, count) spans its games are played in: one
    span per block, but with several game threads the last block in TAIL_PIECES pieces.
    Their tables are built one by one while the later pieces play, so at the end of the
    stream the game threads idle only while the last piece's tables are built, not the
    whole block's."""
    blocks = [(g, min(block, start + n_games - g)) for g in range(start, start + n_games, block)]
    plan = [[b] for b in blocks]
    if threads > 1 and blocks:
        plan[-1] = split(*blocks[-1], TAIL_PIECES)
    return plan


def concat_tables(parts: list[dict]) -> dict:
    """One block's tables (and records) from those of its consecutive pieces, in order."""
    if len(parts) == 1:
        return parts[0]
    return {name: [r for p in parts for r in p[name]] if name == "records"
            else {k: np.concatenate([p[name][k] for p in parts]) for k in first}
            for name, first in parts[0].items()}


def _hand_out(launched: list, tables: Sequence[str]) -> tuple[dict, Out]:
    """(tables, arrays) of the oldest launched block, which then leaves `launched` (it stays
    there while its pieces are waited for, so that an interruption cancels those not started)."""
    cols = concat_tables([b.columns(tables) for b in launched[0][1]])
    return cols, launched.pop(0)[0]


def iter_blocks(game, match: Match, root_seed: int, n_games: int, block: int = 20_000,
                start: int = 0, workers: int | None = None,
                tables: Sequence[str] = ("games", "players", "recruits")) -> Iterator[dict]:
    """Stream n_games in blocks (memory flat in the number of games: at most two blocks are
    held, and a block plays into the arrays of the last one handed out).  With several game
    threads the next block is already playing while a block's tables are built and handed
    out: the game thread that ends a block builds its tables, then goes on with the next
    block's parts (so only as many threads as cores are busy), and this thread hands them
    out (the last block: :func:`stream_plan`)."""
    if block < 1:
        raise UserError(f"iter_blocks: block must be >= 1 (got {block})")
    _check_block(game, match, start, n_games, ())
    w = resolve_workers(workers)
    ahead = 0 if w == 1 else 1   # blocks playing while one's tables are built (1 thread: none)
    maxrec = _max_recruits(game)
    launched: list = []   # per block not handed out yet: (its arrays, its pieces playing or played)
    spare = None          # arrays of the last block handed out, for the next block
    try:
        for spans in stream_plan(start, n_games, block, w):
            buffers = block_buffers(sum(c for _, c in spans), maxrec, spare)
            spare = None
            pieces, lo = [], 0
            for s, c in spans:   # each piece plays into its own rows of the block's arrays
                rows = Out(*(a[lo:] for a in buffers))
                pieces.append(_Block(game, match, root_seed, s, c, rows=rows).launch(w, tables))
                lo += c
            launched.append((buffers, pieces))
            if len(launched) > ahead:
                cols, spare = _hand_out(launched, tables)
                yield cols
        while launched:
            yield _hand_out(launched, tables)[0]
    finally:   # stopped early (break, Ctrl-C): parts not started yet are dropped
        for _, pieces in launched:
            for b in pieces:
                cancel_parts(b.parts)
