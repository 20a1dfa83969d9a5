"""Chunks: the unit of work of a run, and the one adapter interface to the engines.

``play_chunk(engine, game, match, root_seed, start, count, record=())`` plays
games ``start .. start+count-1`` of one variant and returns the rows of the
three result tables (contract.md section 6, without the ``variant`` column) as
DataFrames, and under ``"records"`` the GameRecord (contract.md section 4) of
each game index listed in ``record``.  Game ``g`` is seeded by ``(root_seed,
g)`` (glowsim.seeding), so a chunk's rows depend only on the variant and the
game indices, never on which worker or backend plays it; every variant uses
the same indices (common random numbers).

``engine`` is ``"fast"`` or ``"reference"``, or ``"module:function"`` naming a
function with the same signature (used by tests to drive the runner machinery).

Forked picks: when the run's scenario has ``counterfactual``, a chunk also plays the forks of
its games' recruit picks (glowsim/runner/picks.py) into the ``picks`` table, always on the
fast path (a scenario asking it of the reference engine is refused when expanded).

Record samples: a run keeps the records of the games whose index is a multiple
of ``record_every`` (:func:`sample_games`), so ``glowsim verify RUN_DIR`` can
replay them through the reference engine.
"""
from __future__ import annotations

import importlib
import os
from dataclasses import dataclass
from typing import Callable

import pandas as pd

from ..scenarios.expand import ResolvedRun
from .backends import exit_with_parent
from .picks import pick_rows
from .store import PICKS, RECORDS, TABLE_NAMES, encode, records_table, to_arrow
from ..errors import UserError


@dataclass(frozen=True)
class Task:
    """One chunk of one variant."""
    run: ResolvedRun
    chunk: int
    start: int
    count: int
    engine: str            # engine name or "module:function" override
    game: object = None    # the variant's GameContent (sent along: workers need not parse content)
    record_every: int = 0  # keep the records of games g % record_every == 0 (0: none)
    runner_pid: int = 0    # the runner's process: a local worker process exits when it is gone


def chunk_bounds(games: int, chunk_games: int, k: int) -> tuple[int, int]:
    start = k * chunk_games
    return start, max(0, min(chunk_games, games - start))


def n_chunks(games: int, chunk_games: int) -> int:
    return -(-games // chunk_games)


def sample_games(start: int, count: int, every: int) -> list[int]:
    """Game indices of start..start+count-1 whose records a chunk keeps: multiples of `every`."""
    if every <= 0 or count <= 0:
        return []
    first = -(-start // every) * every
    return list(range(first, start + count, every))


# ---- engine adapters ----

def _reference(game, match: dict, root_seed: int, start: int, count: int, record=()) -> dict:
    """Reference engine (glowsim.engine.play_game), one game at a time."""
    from ..engine import play_game, play_solo
    seats = match["seats"]
    advs = [s["adventurer"] for s in seats]
    bots = [s["bot"] for s in seats]
    labels = [s["label"] or s["bot"] for s in seats]
    games, players, recruits, records = [], [], [], []
    keep = set(record)
    for g in range(start, start + count):
        if match["players"] == 1:  # solo against Tom (R9)
            tom = (match.get("tom") or {}).get("colors", "random")   # fixed or drawn (E15)
            out = play_solo(game, side=match["side"], adventurer=advs[0], bot=bots[0],
                            root_seed=root_seed, game_index=g,
                            tom_colors=None if tom == "random" else tom)
        else:
            out = play_game(game, n_players=match["players"], side=match["side"], adventurers=advs,
                            bots=bots, root_seed=root_seed, game_index=g,
                            start_tokens=[int(s.get("start_rerolls", 0)) for s in seats])
        games.append(dict(out.game, game_index=g))
        for row in out.players:
            players.append(dict(row, game_index=g, bot=labels[row["seat"]]))
        for row in out.recruits:
            recruits.append(dict(row, game_index=g))
        if g in keep:
            records.append(out.record)
    return {"games": pd.DataFrame(games), "players": pd.DataFrame(players),
            "recruits": pd.DataFrame(recruits), "records": records}


def _fast_match(match: dict):
    """The fast path's Match of a resolved match (ResolvedRun.match_json)."""
    from ..fast import Match, bot_preset
    seats = match["seats"]
    tom = (match.get("tom") or {}).get("colors", "random") if match["players"] == 1 else None
    return Match(n_players=match["players"], side=match["side"],
                 adventurers=[-1 if s["adventurer"] == "random" else s["adventurer"] for s in seats],
                 bots=[bot_preset(s["bot"], **s["params"]) for s in seats],
                 bot_labels=[s["label"] or s["bot"] for s in seats],
                 start_tokens=[int(s.get("start_rerolls", 0)) for s in seats],
                 tom_colors=None if tom in (None, "random") else tom)   # solo (R9): fixed or drawn (E15)


def _fast(game, match: dict, root_seed: int, start: int, count: int, record=(),
          columns: bool = False) -> dict:
    """Fast path (glowsim.fast.play_block), the block played in the calling thread (GIL
    released): the runner's threads or processes are the parallelism.  ``columns``: the
    tables as the kernel's dicts of arrays (the runner turns them into Arrow directly; a
    DataFrame of a few rows costs more to build than the games)."""
    from ..fast import play_block
    from ..fast.allocator import keep_freed_blocks
    keep_freed_blocks()   # this process's chunks reuse freed arrays (fast/allocator.py; once per process)
    cols = play_block(game, _fast_match(match), root_seed, start, count, record=list(record),
                      workers=1, offered_as="lists")
    if columns:
        return cols
    # `offered` straight from the kernel's bit masks to the Parquet type (list<string>), kept
    # Arrow-backed in the frame: no text is spelt and split again
    cols["recruits"]["offered"] = pd.arrays.ArrowExtensionArray(cols["recruits"]["offered"])
    return {**{name: pd.DataFrame(cols[name]) for name in TABLE_NAMES}, "records": cols["records"]}


ENGINES: dict[str, Callable] = {"reference": _reference, "fast": _fast}


def _engine(name: str) -> Callable:
    if name in ENGINES:
        return ENGINES[name]
    if ":" in name:
        mod, fn = name.split(":", 1)
        return getattr(importlib.import_module(mod), fn)
    raise UserError(f"engine {name!r} has no runner adapter; allowed: {', '.join(ENGINES)}")


def warm_up(task: "Task") -> None:
    """Play one game of a task in this process and drop it: the fast path compiles its kernels
    (numba caches them on disk) once here, instead of in every worker process at the same time."""
    if task.engine == "fast":
        run = task.run
        play_chunk("fast", task.game if task.game is not None else run.game(), run.match_json(),
                   run.seed, task.start, 1)


def play_chunk(engine: str, game, match: dict, root_seed: int, start: int, count: int,
               record=()) -> dict:
    """Rows of games start..start+count-1: {"games", "players", "recruits"} DataFrames, and
    "records": the GameRecords of the game indices in `record` (when any are asked)."""
    if record:
        return _engine(engine)(game, match, root_seed, start, count, record=record)
    return _engine(engine)(game, match, root_seed, start, count)


def play_picks(game, match: dict, root_seed: int, start: int, count: int, counterfactual: tuple,
               recruits: pd.DataFrame) -> pd.DataFrame:
    """The ``picks`` rows of games start..start+count-1 (glowsim/runner/picks.py), given the
    chunk's ``recruits`` rows and the run's (decisions, sample)."""
    from ..fast.allocator import keep_freed_blocks
    keep_freed_blocks()
    decisions, sample = counterfactual
    labels = [s["label"] or s["bot"] for s in match["seats"]]
    return pick_rows(game, _fast_match(match), labels, root_seed, start, count, decisions, sample,
                     recruits)


def run_task(task: Task) -> tuple[Task, dict]:
    """Play one chunk (in a worker): returns the task and its Arrow tables (the three result
    tables, the picks table when the run forks picks, and the records of its sampled games)."""
    if task.runner_pid and os.getpid() != task.runner_pid:
        exit_with_parent()
    run = task.run
    game = task.game if task.game is not None else run.game()
    sample = sample_games(task.start, task.count, task.record_every)
    if task.engine == "fast" and not run.counterfactual:
        # the kernel's arrays to Arrow, without DataFrames (the same tables: to_arrow)
        frames = _fast(game, run.match_json(), run.seed, task.start, task.count, record=sample,
                       columns=True)
    else:
        frames = play_chunk(task.engine, game, run.match_json(), run.seed, task.start, task.count,
                            record=sample)
    if run.counterfactual:
        frames[PICKS] = play_picks(game, run.match_json(), run.seed, task.start, task.count,
                                   run.counterfactual, frames["recruits"])
    tables = {}
    for name in TABLE_NAMES + ((PICKS,) if run.counterfactual else ()):
        tables[name] = to_arrow(name, frames[name], variant=run.name)
    if tables["games"].num_rows != task.count:
        raise RuntimeError(f"engine {task.engine!r} returned {tables['games'].num_rows} games for a "
                           f"chunk of {task.count}")
    got_games = tables["games"].column("game_index").to_pylist()   # sorted by to_arrow
    if got_games != list(range(task.start, task.start + task.count)):
        raise RuntimeError(f"engine {task.engine!r} returned games {got_games[:5]}... for games "
                           f"{task.start}..{task.start + task.count - 1} (each game once)")
    records = list(frames.get("records") or []) if sample else []
    got = [int(r.seed["game_index"]) for r in records]
    if got != sample:
        raise RuntimeError(f"engine {task.engine!r} returned records of games {got}, asked for {sample}")
    tables[RECORDS] = records_table(run.name, records)
    # the Parquet bytes are made here, on the worker's thread: the runner only writes them
    return task, {name: encode(t, name) for name, t in tables.items()}
