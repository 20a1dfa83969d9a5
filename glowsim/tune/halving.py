"""The tuner's search: a (1 + lambda) evolution strategy on common random numbers.

Start from a bot's parameter vector (the *incumbent*).  Each generation:

1. Propose ``lam`` candidates around the incumbent (space.py): ``lam / 2`` mirrored
   pairs, each pair moving 1 to ``max_dims`` parameters chosen at random by one
   step of size ``sigma`` (the mirror moves the same parameters the other way).
2. Successive halving on common seeds: every candidate plays the same fresh block
   of ``games`` seeds against the incumbent (evaluate.py: field or head-to-head);
   the better half by mean gain goes on to a fresh block twice as long, and so on
   until one is left (ranking on all the blocks a survivor played).  When even the
   best has a mean gain <= 0 the generation stops there.
3. Confirmation on fresh seeds: the survivor plays ``confirm`` more seeds, not used
   for the selection (so its estimate carries no winner's curse).  It replaces the
   incumbent only when the 95% interval of its mean gain there lies above 0.
4. ``sigma`` grows by 1.25 after an acceptance and shrinks by 0.85 after a
   rejection (within 0.25 .. 2).

The budget counts candidates proposed.  Seeds are used in a fixed order (game
indices of one root seed, never reused), and the proposals come from the tuner's
own stream (glowsim/seeding.py, keyed by the seed), so the same options give the
same result on any number of workers.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from ..analysis.intervals import Interval, mean_ci
from ..seeding import Stream, game_key, root_key, stream_key
from .evaluate import Arena
from .space import Rng, changed, clip, dims_of, perturb
from ..errors import UserError

TUNE_STREAM = 0x7E5E   # the tuner's proposal stream (keyed by the tuning seed)


@dataclass
class SearchOptions:
    budget: int = 64               # candidates proposed at most
    games: int = 1000              # seeds per candidate in the first halving round
    lam: int = 8                   # candidates per generation (even)
    sigma: float = 1.0             # initial step size (multiplies each parameter's step)
    max_dims: int = 4              # parameters moved by one proposal at most
    confirm: int | None = None     # seeds of the confirmation (default 4 x games)
    z: float = 1.959963984540054   # acceptance: mean gain - z * se > 0 on the confirmation
    params: tuple | None = None    # names of the parameters to tune (default: all of space.SPACE)


@dataclass
class Generation:
    index: int
    sigma: float
    candidates: list               # [{changes}, ...] relative to the incumbent
    stages: list                   # [(block seeds, {candidate index: mean gain so far})]
    survivor: int                  # index of the confirmed candidate (-1: none)
    confirm: Interval | None       # mean gain of the survivor on fresh seeds
    accepted: bool
    games: int                     # games played this generation


@dataclass
class SearchResult:
    start: np.ndarray
    best: np.ndarray
    generations: list = field(default_factory=list)
    seeds_used: int = 0            # game indices 0..seeds_used-1 of the search seed
    games_played: int = 0
    seconds: float = 0.0

    @property
    def accepted(self) -> list:
        return [g for g in self.generations if g.accepted]


def proposal_rng(seed: int) -> Rng:
    """The tuner's proposal stream for a tuning seed (independent of the game streams)."""
    return Rng(Stream(stream_key(game_key(root_key(seed), 0), TUNE_STREAM)))


def search(arena: Arena, start: np.ndarray, opts: SearchOptions, progress=None,
           tick=None) -> SearchResult:
    """Tune `start` in `arena` (see the module docstring).  ``progress(generation, result)`` is
    called after each generation, ``tick(text)`` after each candidate's block of games (what
    is being played, for a progress display)."""
    if opts.lam < 2 or opts.lam % 2:
        raise UserError(f"lam: {opts.lam} candidates per generation; allowed: an even number >= 2")
    if opts.games < 2:
        raise UserError(f"games: {opts.games} seeds per candidate; allowed: 2 or more")
    space = dims_of(opts.params)
    t0 = time.perf_counter()
    rng = proposal_rng(arena.seed)
    inc = clip(start)
    res = SearchResult(start=inc.copy(), best=inc.copy())
    sigma = opts.sigma
    seeds = 0
    proposed = 0
    confirm = opts.confirm or 4 * opts.games
    k = 0
    while proposed < opts.budget:
        played0 = arena.games_played
        lam = min(opts.lam, opts.budget - proposed)
        lam += lam % 2
        cands = []
        while len(cands) < lam:
            dims = 1 + rng.integer(max(1, opts.max_dims))
            a, b = perturb(inc, rng, sigma, dims, space)
            cands += [a, b]
        proposed += lam
        alive = list(range(lam))
        sums = np.zeros(lam)
        n = 0
        block = opts.games
        stages = []
        while True:
            for i in alive:
                sums[i] += arena.gains(cands[i], inc, seeds, block).sum()
                if tick:
                    tick(f"generation {k}: round {len(stages) + 1}, {len(alive)} candidate(s) x "
                         f"{block} seeds, {arena.games_played:,} games")
            n += block
            seeds += block
            means = {i: sums[i] / n for i in alive}
            stages.append((block, means))
            alive = sorted(alive, key=lambda i: (-means[i], i))
            if means[alive[0]] <= 0 or len(alive) == 1:
                break
            alive = alive[:max(1, len(alive) // 2)]
            block *= 2
        best_i = alive[0]
        conf = None
        accepted = False
        if stages[-1][1][best_i] > 0:
            if tick:
                tick(f"generation {k}: confirming on {confirm} fresh seeds")
            x = arena.gains(cands[best_i], inc, seeds, confirm)
            seeds += confirm
            conf = mean_ci(x)
            se = float(np.std(x, ddof=1) / np.sqrt(len(x))) if len(x) > 1 else np.inf
            accepted = bool(conf.estimate - opts.z * se > 0)
        gen = Generation(k, sigma, [changed(inc, c) for c in cands], stages,
                         best_i if conf is not None else -1, conf, accepted,
                         arena.games_played - played0)
        if accepted:
            inc = cands[best_i]
            sigma = min(sigma * 1.25, 2.0)
        else:
            sigma = max(sigma * 0.85, 0.25)
        res.generations.append(gen)
        res.best = inc.copy()
        res.seeds_used = seeds
        res.games_played = arena.games_played
        res.seconds = time.perf_counter() - t0
        if progress:
            progress(gen, res)
        k += 1
    return res
