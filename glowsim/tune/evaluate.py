"""Where bots are compared: an :class:`Arena` plays two parameter vectors on the same seeds.

An arena is built from one or more scenario runs (:class:`glowsim.scenarios.ResolvedRun`,
fast engine): their players, side, adventurers, starting tokens, content, and the
bots of the seats that are not tuned.  A block of seeds (game indices
``start .. start+count-1`` of the arena's root seed) is split into contiguous
parts, one per run, so every comparison mixes the runs in fixed shares.  Two
modes:

* ``field``: the tuned bot sits in the focal seat (``seat``), the other seats keep
  the scenario's bots.  A vector's score on a game is the focal seat's win share;
  two vectors are compared on the same games (common random numbers: until the
  focal seat decides differently the two games are the same game), and the
  per-game *gain* is the difference of the two scores (null mean 0).  The first
  player and random adventurers are drawn per game (R1, E13), so the focal seat
  is not a fixed turn position.
* ``self``: head-to-head.  Each seed is played twice, once with A in the even seats
  and B in the odd ones, once the other way round (the complement seating: every
  seat, turn position and adventurer goes to each bot once).  A's score on a seed
  is its win share summed over its seats in both games, halved: exactly 1/2 for
  two identical bots, whatever the seat advantage.  The *gain* is that score
  minus 1/2; the head-to-head win rate is its mean plus 1/2.

Results never depend on the number of workers: every game is keyed by its index
(glowsim/seeding.py) and play_block joins the parts in order.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..analysis.intervals import Interval, mean_ci
from ..fast import Match, bot_preset, play_block
from ..fast.parallel import split
from ..errors import UserError

MODES = ("field", "self")


@dataclass(frozen=True)
class Table:
    """One match of the arena (from one scenario run)."""
    name: str
    game: object                 # GameContent
    players: int
    side: str
    adventurers: tuple           # per seat: id, "random"
    field: tuple                 # per seat: the scenario's bot vector
    start_tokens: tuple
    dawn_sets: tuple | None = None   # a Dawn game (D1): the sets chosen; None: the base game

    def match(self, bots) -> Match:
        return Match(n_players=self.players, side=self.side,
                     adventurers=[-1 if a == "random" else a for a in self.adventurers],
                     bots=list(bots), start_tokens=list(self.start_tokens),
                     dawn_sets=None if self.dawn_sets is None else list(self.dawn_sets))


def seat_vector(seat) -> np.ndarray:
    """The parameter vector of a resolved scenario seat."""
    return bot_preset(seat.bot, **dict(seat.params))


def table_of(run) -> Table:
    if run.engine != "fast":
        raise UserError(f"run {run.name!r}: engine: the tuner plays the fast engine's bots "
                         f"(parameter vectors); allowed: fast")
    if run.players < 2:
        raise UserError(f"run {run.name!r}: players: a bot is tuned against other players; "
                         f"solo (players: 1) is not supported; allowed: 2 to 4 (Dawn: 2 to 6)")
    return Table(run.name, run.game(), run.players, run.side,
                 tuple(s.adventurer for s in run.seats),
                 tuple(seat_vector(s) for s in run.seats),
                 tuple(int(s.start_rerolls) for s in run.seats),
                 None if run.dawn is None else tuple(run.dawn))


class Arena:
    """Plays vectors on blocks of seeds of the given tables (see the module docstring)."""

    def __init__(self, tables, mode: str = "field", seat: int = 0, seed: int = 0,
                 workers: int | None = 1):
        if mode not in MODES:
            raise UserError(f"mode: {mode!r} is not allowed; allowed: {', '.join(MODES)}")
        self.tables = list(tables)
        if not self.tables:
            raise UserError("an arena needs at least one table")
        for t in self.tables:
            if mode == "field" and not 0 <= seat < t.players:
                raise UserError(f"seat: {seat} is not a seat of {t.name!r} ({t.players} players: "
                                 f"allowed 0..{t.players - 1})")
        self.mode, self.seat, self.seed, self.workers = mode, int(seat), int(seed), workers
        self.games_played = 0
        self._cache: dict = {}

    # ---- one table ----
    def _win_share(self, t: Table, bots, start: int, count: int) -> np.ndarray:
        cols = play_block(t.game, t.match(bots), self.seed, start, count, workers=self.workers,
                          tables=("players",))
        self.games_played += count
        return cols["players"]["win_share"].reshape(count, t.players)

    def _focal(self, t: Table, vec, start: int, count: int) -> np.ndarray:
        key = (t.name, np.asarray(vec, np.float64).tobytes(), start, count)
        if key not in self._cache:
            bots = list(t.field)
            bots[self.seat] = vec
            self._cache[key] = self._win_share(t, bots, start, count)[:, self.seat]
            if len(self._cache) > 64:
                self._cache.pop(next(iter(self._cache)))
        return self._cache[key]

    def _h2h(self, t: Table, a, b, start: int, count: int) -> np.ndarray:
        even = np.arange(t.players) % 2 == 0
        x = self._win_share(t, [a if e else b for e in even], start, count)
        y = self._win_share(t, [b if e else a for e in even], start, count)
        return (x[:, even].sum(1) + y[:, ~even].sum(1)) / 2.0

    # ---- blocks of seeds ----
    def parts(self, start: int, count: int):
        """(table, start, count) of each table's share of the block."""
        return [(t, s, c) for t, (s, c) in zip(self.tables, split(start, count, len(self.tables)))]

    def gains(self, cand, inc, start: int, count: int) -> np.ndarray:
        """Per seed of the block: the candidate's score minus the incumbent's (field), or the
        candidate's head-to-head score minus 1/2 (self).  Null mean 0."""
        out = []
        for t, s, c in self.parts(start, count):
            if self.mode == "field":
                out.append(self._focal(t, cand, s, c) - self._focal(t, inc, s, c))
            else:
                out.append(self._h2h(t, cand, inc, s, c) - 0.5)
        return np.concatenate(out)

    def scores(self, vec, start: int, count: int) -> np.ndarray:
        """Field mode: the focal seat's win share per game with `vec` there."""
        if self.mode != "field":
            raise ValueError("scores() is the field mode's; use gains() for head-to-head")
        return np.concatenate([self._focal(t, vec, s, c) for t, s, c in self.parts(start, count)])


def head_to_head(tables, a, b, seed: int, games: int, start: int = 0, workers=1,
                 block: int = 20_000, progress=None) -> Interval:
    """A's head-to-head win rate against B (self mode) on `games` paired seeds (each played
    twice, seatings complementary), with its 95% t interval over seeds."""
    arena = Arena(tables, "self", seed=seed, workers=workers)
    x = []
    for s, c in _blocks(start, games, block):
        x.append(arena.gains(a, b, s, c) + 0.5)
        if progress:
            progress(c)
    return mean_ci(np.concatenate(x))


def _blocks(start: int, count: int, block: int):
    g = start
    while g < start + count:
        c = min(block, start + count - g)
        yield g, c
        g += c
