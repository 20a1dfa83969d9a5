"""Benchmark: the reference engine and the fast path on the same 4-player workload.

Workload: 4 players, random adventurers, the default `heuristic` bot at every seat,
half the games on each board side.  The fast path plays them from scratch on all
cores (one worker process per core, streamed blocks, all three result tables
built).  The reference engine plays the same games (same seeds and game indices) on
one core with its own `heuristic` bot, the plain-Python version of the fast path's
(glowsim/engine/heuristic/, the same decisions), building records and result rows as
it goes.  Speed goals are measured here, never in timed tests.
"""
from __future__ import annotations

import time

from .api import Match, iter_blocks, play_block
from .bots.params import bot_preset
from .memory import peak_rss
from .parallel import cpu_count, resolve_workers

SIDES = ("province", "archipelago")
BLOCK = 5_000    # games per block (split over the workers); memory grows with it, not with --games


def _match(side: str, preset: str) -> Match:
    return Match(4, side, ["random"] * 4, [bot_preset(preset)] * 4)


def reference_game(game, side: str, game_index: int, seed: int, preset: str = "heuristic"):
    """One game of the workload played by the reference engine (glowsim.engine.play_game):
    bots of the preset's parameter vector, the game the fast path plays for these
    (seed, game index)."""
    from ..engine import play_game
    return play_game(game, n_players=4, side=side, adventurers=["random"] * 4,
                     bots=[bot_preset(preset)] * 4, root_seed=seed, game_index=game_index)


def reference_speed(game, n_games: int, seed: int, preset: str = "heuristic") -> float:
    """Games per second of the reference engine playing the workload itself, one core."""
    from ..engine.heuristic.tables import bot_tables
    bot_tables(game)   # built once per content, outside the timing
    games = []
    for i, side in enumerate(SIDES):
        k = n_games // 2 + (n_games % 2 if i == 0 else 0)
        games += [(side, g) for g in range(k)]
    t = time.perf_counter()
    for side, g in games:
        reference_game(game, side, g, seed, preset)
    return len(games) / (time.perf_counter() - t)


def fast_speed(game, n_games: int, seed: int, preset: str = "heuristic", workers=None,
               block: int | None = None) -> tuple[float, int]:
    """(games per second, cores used) of the fast path on the workload, tables included.
    Each block is split over the worker processes; blocks stream (flat memory)."""
    cores = resolve_workers(workers)
    block = block or BLOCK
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
              workers=None, block: int = BLOCK, preset: str = "heuristic") -> dict:
    """Both speeds and the peak memory (MiB) of this process (`peak_rss_mib`), of the
    largest worker process and of all of them together (an upper bound: peaks added).
    ``preset``: the bot at every seat (both engines)."""
    ref = reference_speed(game, reference_games, seed, preset)
    fast, cores = fast_speed(game, games, seed, preset, workers=workers, block=block)
    per_core = fast / cores
    mem = peak_rss()
    return {
        "workload": f"4 players, random adventurers, {preset} bots, half province / half archipelago",
        "reference_method": "glowsim.engine.play_game with the reference engine's heuristic bot "
                            "(plain Python, the fast path's decisions)",
        "games": games,
        "reference_games": reference_games,
        "cores": cores,
        "reference_games_per_s": ref,
        "fast_games_per_s": fast,
        "fast_games_per_s_per_core": per_core,
        "fast_games_per_min": fast * 60.0,
        "ratio": per_core / ref,
        "peak_rss_mib": mem["parent"],
        "peak_rss_workers_mib": mem["workers"],
        "peak_rss_total_mib": mem["total"],
        "block": block,
        "available_cores": cpu_count(),
    }
