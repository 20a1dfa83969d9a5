"""The tuner end to end: a scenario's field -> search -> check on fresh seeds -> preset file.

    >>> from glowsim.scenarios import load_scenario
    >>> from glowsim.tune import TuneOptions, tune
    >>> res = tune(load_scenario("scenarios/bot-ladder.yaml"), TuneOptions(budget=16, games=500,
    ...            self_play=True, variant="selfplay-heuristic"))
    >>> res.check        # mean gain of the tuned bot over the start on fresh seeds (95% interval)

The tuned seat's bot in the scenario is the starting vector; the other seats are
the field (``self_play``: the tuned bot plays head-to-head against the incumbent
instead, see evaluate.py).  Every run of the scenario (or the one named by
``variant``) is a table of the arena; seeds are split evenly over them.  The
check plays the tuned vector against the starting one on games of another root
seed (``check_seed``, default seed + 1) that the search never saw.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from ..analysis.intervals import Interval, mean_ci
from ..spec.botparams import BP_PLAN, BP_RANDOM
from ..scenarios import Scenario, ScenarioError, expand
from .evaluate import Arena, seat_vector, table_of
from .halving import SearchOptions, SearchResult, search
from .space import changed
from ..errors import UserError


@dataclass
class TuneOptions(SearchOptions):
    seat: int = 0                       # the tuned seat (field mode)
    self_play: bool = False             # head-to-head against the incumbent instead of the field
    variant: str | None = None          # one run of the scenario (default: all of them)
    seed: int | None = None             # default: the scenario's seed
    check_games: int | None = None      # seeds of the final check (default 8 x games)
    check_seed: int | None = None       # default: seed + 1
    workers: int | None = 1             # worker processes of the fast path
    start: np.ndarray | None = None     # start from this vector instead of the seat's bot
    start_name: str = ""                # its name (a preset or a preset file), for the outputs


@dataclass
class Tuned:
    scenario: str
    runs: list                          # names of the runs played
    mode: str
    seat: int
    preset: str                         # the starting bot's preset (the file's base)
    start: np.ndarray
    best: np.ndarray
    search: SearchResult
    check: Interval | None              # mean gain of best over start on fresh seeds
    check_seed: int = 0
    check_games: int = 0
    seed: int = 0
    seconds: float = 0.0
    options: TuneOptions = field(default_factory=TuneOptions)

    def changes(self) -> dict:
        return changed(self.start, self.best)

    def check_rate(self) -> tuple:
        """(estimate, low, high) of the check as a rate: the head-to-head win rate (self) or the
        win share gained by the focal seat (field), in [0, 1] units."""
        c = self.check
        if c is None:
            return (np.nan, np.nan, np.nan)
        off = 0.5 if self.mode == "self" else 0.0
        return (c.estimate + off, c.low + off, c.high + off)


def pick_runs(sc: Scenario, variant: str | None):
    runs = expand(sc)
    if variant is not None:
        runs = [r for r in runs if r.name == variant]
        if not runs:
            raise ScenarioError([f"{sc.source}: no run named {variant!r}; the scenario has: "
                                 + ", ".join(repr(r.name) for r in expand(sc))])
    return runs


def start_vector(sc: Scenario, runs, seat: int) -> tuple:
    """(preset, vector) of the tuned seat, the same in every run."""
    vecs, presets = [], []
    for r in runs:
        if not 0 <= seat < r.players:
            raise ScenarioError([f"{sc.source}: --seat {seat}: run {r.name!r} has {r.players} "
                                 f"players; allowed: 0..{r.players - 1}"])
        vecs.append(seat_vector(r.seats[seat]))
        presets.append(r.seats[seat].bot)
    if any(not np.array_equal(v, vecs[0]) for v in vecs):
        raise ScenarioError([f"{sc.source}: seat {seat} has different bots in different runs; the "
                             f"tuner starts from one vector: choose a run with --variant NAME"])
    v = vecs[0]
    if v[BP_RANDOM] > 0.5 or v[BP_PLAN] <= 0.5:
        raise ScenarioError([f"{sc.source}: seat {seat}: bot {presets[0]!r} plays the random or "
                             f"greedy policy, which reads none of the tuned parameters; start from "
                             f"a planning bot (heuristic, expert, or parameters with plan: 1, "
                             f"random: 0)"])
    return presets[0], v


def tune(sc: Scenario, opts: TuneOptions, progress=None, tick=None) -> Tuned:
    """Tune the bot of ``opts.seat`` (see the module docstring); ``progress(generation,
    search result)`` after each generation."""
    t0 = time.perf_counter()
    runs = pick_runs(sc, opts.variant)
    preset, start = start_vector(sc, runs, opts.seat)
    if opts.start is not None:
        start = np.asarray(opts.start, np.float64)
        if start[BP_RANDOM] > 0.5 or start[BP_PLAN] <= 0.5:
            raise UserError(f"--start {opts.start_name or 'vector'}: plays the random or greedy "
                             f"policy, which reads none of the tuned parameters")
        preset = "heuristic"
    seed = runs[0].seed if opts.seed is None else int(opts.seed)
    tables = [table_of(r) for r in runs]
    mode = "self" if opts.self_play else "field"
    arena = Arena(tables, mode, opts.seat, seed, workers=opts.workers)
    res = search(arena, start, opts, progress, tick)
    cseed = seed + 1 if opts.check_seed is None else int(opts.check_seed)
    if cseed == seed:
        raise UserError(f"the check seed must differ from the search seed ({seed}): the check "
                         f"needs games the search never saw")
    cgames = opts.check_games or 8 * opts.games
    check = None
    if cgames >= 2 and not np.array_equal(res.best, res.start):
        if tick:
            tick(f"check against the start on {cgames} seeds of seed {cseed}")
        carena = Arena(tables, mode, opts.seat, cseed, workers=opts.workers)
        check = mean_ci(carena.gains(res.best, res.start, 0, cgames))
    return Tuned(sc.name, [r.name for r in runs], mode, opts.seat if mode == "field" else -1,
                 preset, res.start, res.best, res, check, cseed, cgames, seed,
                 time.perf_counter() - t0, opts)


def summary_lines(t: Tuned) -> list[str]:
    """Plain sentences on how a bot was tuned (the preset file's comments, the CLI's output)."""
    o = t.options
    what = ("head-to-head against the incumbent (complement seatings)" if t.mode == "self"
            else f"seat {t.seat} against the scenario's other seats")
    began = o.start_name or t.preset
    out = [f"tuned from {began!r} on {t.scenario} ({', '.join(t.runs)}), {what}",
           f"search: seed {t.seed}, {o.budget} candidates, {o.games} seeds each at first, "
           f"{len(t.search.accepted)} accepted of {len(t.search.generations)} generations, "
           f"{t.search.games_played:,} games"]
    if o.params:
        out.append(f"parameters tuned: {', '.join(o.params)}")
    for name, (a, b) in t.changes().items():
        out.append(f"  {name}: {a:g} -> {b:g}")
    if t.check is None:
        out.append("no change was accepted: the preset is the starting bot")
    else:
        est, lo, hi = t.check_rate()
        if t.mode == "self":
            out.append(f"check on {t.check_games} fresh seeds (seed {t.check_seed}): head-to-head win "
                       f"rate against the start {100 * est:.1f}% (95% {100 * lo:.1f}..{100 * hi:.1f}%)")
        else:
            out.append(f"check on {t.check_games} fresh seeds (seed {t.check_seed}): seat {t.seat}'s win "
                       f"share {100 * est:+.1f} points against the start (95% {100 * lo:+.1f}.."
                       f"{100 * hi:+.1f})")
    return out
