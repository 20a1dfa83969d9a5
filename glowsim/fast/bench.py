"""Benchmark: the reference engine and the fast path on the same 4-player workload.

Workload: 4 players, random adventurers, the default `heuristic` bot at every seat,
half the games on each board side.  The fast path plays them from scratch on all
cores (one worker process per core, streamed blocks, all three result tables
built).  The
reference engine has no heuristic bot (its bots are `random` and `greedy`), so it
plays the same games by replaying fast-path records: it applies every rule and
checks every decision, but spends no time thinking; the ratio therefore
understates the fast path's advantage.  Speed goals are measured here, never in
timed tests.
"""
from __future__ import annotations

import resource
import time

from .api import Match, iter_blocks, play_block
from .bots.params import bot_preset
from .parallel import cpu_count, resolve_workers

SIDES = ("province", "archipelago")


def _match(side: str, preset: str) -> Match:
    return Match(4, side, ["random"] * 4, [bot_preset(preset)] * 4)


def reference_speed(game, n_games: int, seed: int, preset: str = "heuristic") -> float:
    """Games per second of glowsim.engine.replay on fast-path records of the workload."""
    from ..engine import replay
    records = []
    for i, side in enumerate(SIDES):
        k = n_games // 2 + (n_games % 2 if i == 0 else 0)
        if k:
            records += play_block(game, _match(side, preset), seed, 0, k, record=range(k),
                                  workers=1)["records"]
    t = time.perf_counter()
    for rec in records:
        replay(game, rec)
    return len(records) / (time.perf_counter() - t)


def fast_speed(game, n_games: int, seed: int, preset: str = "heuristic", workers=None,
               block: int = 20_000) -> tuple[float, int]:
    """(games per second, cores used) of the fast path on the workload, tables included.
    Each block is split over the worker processes; blocks stream (flat memory)."""
    cores = resolve_workers(workers)
    for side in SIDES:   # compile or load the kernels, start the worker processes
        play_block(game, _match(side, preset), seed, 0, 4 * cores, workers=cores)
    t = time.perf_counter()
    done = 0
    for i, side in enumerate(SIDES):
        k = n_games // 2 + (n_games % 2 if i == 0 else 0)
        for cols in iter_blocks(game, _match(side, preset), seed, k, block=block, workers=cores):
            done += len(cols["games"]["game_index"])
    return done / (time.perf_counter() - t), cores


def run_bench(game, games: int = 200_000, reference_games: int = 60, seed: int = 1,
              workers=None) -> dict:
    ref = reference_speed(game, reference_games, seed)
    fast, cores = fast_speed(game, games, seed, workers=workers)
    per_core = fast / cores
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    return {
        "workload": "4 players, random adventurers, heuristic bots, half province / half archipelago",
        "reference_method": "glowsim.engine.replay of the fast path's records (rules and "
                            "decision checks, no bot thinking)",
        "games": games,
        "reference_games": reference_games,
        "cores": cores,
        "reference_games_per_s": ref,
        "fast_games_per_s": fast,
        "fast_games_per_s_per_core": per_core,
        "fast_games_per_min": fast * 60.0,
        "ratio": per_core / ref,
        "peak_rss_mib": rss,
        "available_cores": cpu_count(),
    }
