"""Chunks: the unit of work of a run, and the one adapter interface to the engines.

``play_chunk(engine, game, match, root_seed, start, count)`` plays games
``start .. start+count-1`` of one variant and returns the rows of the three
result tables (DESIGN.md section 6, without the ``variant`` column) as
DataFrames.  Game ``g`` is seeded by ``(root_seed, g)`` (glowsim.seeding), so a
chunk's rows depend only on the variant and the game indices, never on which
worker or backend plays it; every variant uses the same indices (common random
numbers).

``engine`` is ``"fast"`` or ``"reference"``, or ``"module:function"`` naming a
function with the same signature (used by tests to drive the runner machinery).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable

import pandas as pd

from ..scenarios.expand import ResolvedRun
from .store import TABLE_NAMES, to_arrow


@dataclass(frozen=True)
class Task:
    """One chunk of one variant."""
    run: ResolvedRun
    chunk: int
    start: int
    count: int
    engine: str            # engine name or "module:function" override
    game: object = None    # the variant's GameContent (sent along: workers need not parse content)


def chunk_bounds(games: int, chunk_games: int, k: int) -> tuple[int, int]:
    start = k * chunk_games
    return start, max(0, min(chunk_games, games - start))


def n_chunks(games: int, chunk_games: int) -> int:
    return -(-games // chunk_games)


# ---- engine adapters ----

def _reference(game, match: dict, root_seed: int, start: int, count: int) -> dict[str, pd.DataFrame]:
    """Reference engine (glowsim.engine.play_game), one game at a time."""
    from ..engine import play_game, play_solo
    seats = match["seats"]
    advs = [s["adventurer"] for s in seats]
    bots = [s["bot"] for s in seats]
    labels = [s["label"] or s["bot"] for s in seats]
    games, players, recruits = [], [], []
    for g in range(start, start + count):
        if match["players"] == 1:  # solo against Tom (R9)
            out = play_solo(game, side=match["side"], adventurer=advs[0], bot=bots[0],
                            root_seed=root_seed, game_index=g)
        else:
            out = play_game(game, n_players=match["players"], side=match["side"], adventurers=advs,
                            bots=bots, root_seed=root_seed, game_index=g,
                            start_tokens=[int(s.get("start_rerolls", 0)) for s in seats])
        games.append(dict(out.game, game_index=g))
        for row in out.players:
            players.append(dict(row, game_index=g, bot=labels[row["seat"]]))
        for row in out.recruits:
            recruits.append(dict(row, game_index=g))
    return {"games": pd.DataFrame(games), "players": pd.DataFrame(players),
            "recruits": pd.DataFrame(recruits)}


def _fast(game, match: dict, root_seed: int, start: int, count: int) -> dict[str, pd.DataFrame]:
    """Fast path (glowsim.fast.play_block), the block played serially in this worker: the
    runner's processes are the parallelism, so numba threads would only compete with them."""
    from ..fast import Match, bot_preset, play_block
    seats = match["seats"]
    m = Match(n_players=match["players"], side=match["side"],
              adventurers=[-1 if s["adventurer"] == "random" else s["adventurer"] for s in seats],
              bots=[bot_preset(s["bot"], **s["params"]) for s in seats],
              bot_labels=[s["label"] or s["bot"] for s in seats])
    cols = play_block(game, m, root_seed, start, count, workers=1)
    return {name: pd.DataFrame(cols[name]) for name in TABLE_NAMES}


ENGINES: dict[str, Callable] = {"reference": _reference, "fast": _fast}


def _engine(name: str) -> Callable:
    if name in ENGINES:
        return ENGINES[name]
    if ":" in name:
        mod, fn = name.split(":", 1)
        return getattr(importlib.import_module(mod), fn)
    raise ValueError(f"engine {name!r} has no runner adapter; allowed: {', '.join(ENGINES)}")


def warm_up(task: "Task") -> None:
    """Play one game of a task in this process and drop it: the fast path compiles its kernels
    (numba caches them on disk) once here, instead of in every worker process at the same time."""
    if task.engine == "fast":
        run = task.run
        play_chunk("fast", task.game if task.game is not None else run.game(), run.match_json(),
                   run.seed, task.start, 1)


def play_chunk(engine: str, game, match: dict, root_seed: int, start: int, count: int) -> dict:
    """Rows of games start..start+count-1: {"games", "players", "recruits"} DataFrames."""
    return _engine(engine)(game, match, root_seed, start, count)


def run_task(task: Task) -> tuple[Task, dict]:
    """Play one chunk (in a worker): returns the task and its three Arrow tables."""
    run = task.run
    game = task.game if task.game is not None else run.game()
    frames = play_chunk(task.engine, game, run.match_json(), run.seed, task.start, task.count)
    tables = {}
    for name in TABLE_NAMES:
        df = frames[name].copy()
        df.insert(0, "variant", run.name)
        tables[name] = to_arrow(name, df)
    if tables["games"].num_rows != task.count:
        raise RuntimeError(f"engine {task.engine!r} returned {tables['games'].num_rows} games for a "
                           f"chunk of {task.count}")
    return task, tables
