"""The rebalancer end to end: pick the scenario run, search, verify on fresh seeds.

    >>> from glowsim.scenarios import load_scenario
    >>> from glowsim.rebalance import RebalanceOptions, pick_run, rebalance
    >>> run = pick_run(load_scenario("scenarios/rebalance-planted.yaml"))
    >>> res = rebalance(run, RebalanceOptions(games=3000, seed=11, verify_seed=12))
    >>> [e.label() for e in res.search.edits]

The verification plays the scenario's content and the edited content on games
of another root seed than the search's (fresh games: the search never saw them,
so the estimates there are not tuned to the search's luck), each on the same
games as the other, and compares them card by card with paired intervals.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from ..scenarios import Scenario, ScenarioError, expand
from ..scenarios.expand import ResolvedRun
from .edits import edits_patch
from .evaluate import play_games
from .metrics import CardStats, Paired, card_stats, paired
from .search import SearchOptions, SearchResult, search
from ..errors import UserError


@dataclass
class RebalanceOptions(SearchOptions):
    verify_games: int | None = None   # default: games
    verify_seed: int | None = None    # default: seed + 1


@dataclass
class Verification:
    seed: int
    games: int
    before: CardStats                 # the scenario's content
    after: CardStats                  # with the edits
    paired: Paired


@dataclass
class Rebalance:
    run: ResolvedRun
    options: RebalanceOptions
    search: SearchResult
    verification: Verification | None
    seconds: float
    name: str = ""                    # the scenario (and variant) name shown in the outputs


def pick_run(sc: Scenario, variant: str | None = None, games: int | None = None) -> ResolvedRun:
    """The one run of a scenario the rebalancer works on (a variant by name when several)."""
    runs = expand(sc, games=games)
    if variant is not None:
        for r in runs:
            if r.name == variant:
                return r
        raise ScenarioError([f"{sc.source}: no run named {variant!r}; the scenario has: "
                             + ", ".join(repr(r.name) for r in runs)])
    if len(runs) > 1:
        raise ScenarioError([f"{sc.source}: the scenario expands into {len(runs)} runs ("
                             + ", ".join(repr(r.name) for r in runs[:6])
                             + (", ..." if len(runs) > 6 else "")
                             + "); the rebalancer works on one: choose it with --variant NAME"])
    r = runs[0]
    if r.players < 2:
        raise ScenarioError([f"{sc.source}: players: the rebalancer compares players of one game; "
                             f"solo (players: 1) has no field to compare with; allowed: 2 to 4"])
    return r


def verify(run: ResolvedRun, edits, seed: int, games: int, workers=None,
           progress: bool = False, checkpoint=None) -> Verification:
    """The scenario's content and the edited content on the same fresh games (read from the
    checkpoint when played before a stop, saved there when played now)."""
    def block(patch, desc):
        name = f"verify seed {seed} games {games} content {json.dumps(patch, sort_keys=True)}"
        g = checkpoint.get_games(name, "verify") if checkpoint is not None else None
        if g is None:
            g = play_games(run, patch, seed, games, workers, progress, desc)
            if checkpoint is not None:
                checkpoint.put_games(name, g, "verify")
        return g
    g0 = block(None, "verify: scenario content")
    g1 = block(edits_patch(edits), "verify: edited content")
    s0, s1 = card_stats(g0), card_stats(g1)
    return Verification(seed, games, s0, s1, paired(s0, s1))


def rebalance(run: ResolvedRun, opts: RebalanceOptions, name: str | None = None,
              checkpoint=None) -> Rebalance:
    """Search, then verify on fresh games; `name` names the scenario in the outputs. With a
    :class:`glowsim.rebalance.checkpoint.Checkpoint` the search resumes from it and saves
    every evaluated round and played block there."""
    import time
    t0 = time.perf_counter()
    vseed = opts.verify_seed if opts.verify_seed is not None else opts.seed + 1
    if vseed == opts.seed:
        raise UserError(f"the verification seed must differ from the search seed ({opts.seed})")
    res = search(run, opts, checkpoint)
    t1 = time.perf_counter()
    ver = verify(run, res.edits, vseed, opts.verify_games or opts.games, opts.workers, opts.progress,
                 checkpoint)
    return Rebalance(run, opts, res, ver, res.seconds + time.perf_counter() - t1, name or run.name)
