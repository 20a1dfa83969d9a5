"""Play a scenario into a run folder: plan the chunks, play the missing ones, write the tables.

Resume protocol.  The manifest is written first, holding the resolved scenario
and its *key* (a hash of everything that decides the games: glowsim version,
engine and a hash of its source code, seed, chunk size, per variant its
name, content hash and match, and the scenario's ``counterfactual`` when set).
Chunks are written atomically as they finish.  Started again in the same
folder, a run with the same key skips the complete chunks and plays the rest;
a run with another key is refused unless ``fresh`` (then the old files are
removed).  The number of games is not part of the key: running again with more
games extends a run.  The final tables are the concatenation of the chunk
files in (variant, chunk) order, so they are the same bytes whether the run
was interrupted or not, and whatever the backend or number of workers.

Each chunk also keeps the game records of its games with index a multiple of
``record_every`` (in the key and the manifest), and an index of its files
(rows, bytes, sha256); the complete manifest holds the row counts and sha256 of
the final tables.  ``glowsim verify RUN_DIR`` (:mod:`glowsim.runner.verify_run`)
checks all of these and replays the recorded games through the reference engine.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import numpy as np

from .. import __version__
from ..limits import (MAX_DASK_WAIT_SECONDS, MAX_GAMES, MAX_RECORD_EVERY, MAX_WORKERS,
                      PICK_PRECISION, PRECISION_OPEN)
from ..scenarios import Scenario, expand
from ..scenarios.expand import ResolvedRun
from .backends import make_backend
from .chunks import Task, chunk_bounds, n_chunks, run_task, warm_up
from ..compiling import prepare
from ..fast.entries import FAST_RUN
from .chunkwriter import ChunkWriter
from .progress import Progress
from .pickstop import MIN_GAMES as PICK_MIN_GAMES, MIN_PICKS as PICK_MIN_PICKS
from .pickstop import PickPrecision, chunk_pick_sums, look_rows, stops
from .stopping import Precision, chunk_counts
from .manifest import run_tables
from .store import RunFolderError, RunStore, file_digest
from ..errors import UserError

MANIFEST_FORMAT = 1
DEFAULT_MAX_GAMES = 1_000_000
DEFAULT_RECORD_EVERY = 100   # a chunk keeps the record of every game g with g % 100 == 0


@dataclass
class RunOptions:
    out: Path
    games: Optional[int] = None          # games per variant (default: the scenario's)
    workers: int = 1
    backend: str = "local"
    scheduler: Optional[str] = None
    precision: Optional[float] = None    # stop when every card win-rate interval is within +-P
    precision_pick_value: Optional[float] = None   # ... every pick-value interval within +-H points
    max_games: Optional[int] = None      # cap for precision mode (games per variant)
    fresh: bool = False
    progress: bool = True
    engine: Optional[str] = None         # "module:function" instead of the scenario's engine (tests)
    record_every: int = DEFAULT_RECORD_EVERY   # keep the records of games g % record_every == 0
    dask_wait: Optional[float] = None    # dask: seconds to wait for a worker (None: DASK_WAIT_SECONDS)


@dataclass
class RunResult:
    out: Path
    variants: int
    games_per_variant: int
    rows: dict
    chunks_played: int
    chunks_reused: int
    seconds: float
    widest: Optional[float] = None
    widest_card: str = ""
    precision_reached: Optional[bool] = None
    pick_widest: Optional[float] = None  # widest pick-value half-width (points) at the stop
    pick_widest_card: str = ""
    manifest: dict = field(default_factory=dict, repr=False)


# source files whose code decides the games of each engine (hashed into the run key, so that
# chunks played by older engine code are never mixed with new ones)
_CODE = {"fast": ("fast", "content", "seeding.py", "runner/chunks.py", "runner/picks.py", "runner/store.py"),
         "reference": ("engine", "content", "records", "seeding.py", "runner/chunks.py",
                       "runner/store.py")}


def code_hash(engine: str) -> str:
    root = Path(__file__).resolve().parents[1]
    h = hashlib.sha256()
    for part in _CODE.get(engine, ()):
        p = root / part
        files = sorted(p.rglob("*.py")) if p.is_dir() else [p]
        for f in files:
            if f.is_file():
                h.update(str(f.relative_to(root)).encode())
                h.update(f.read_bytes())
    return h.hexdigest()[:16]


def identity(runs: list[ResolvedRun], record_every: int = DEFAULT_RECORD_EVERY) -> dict:
    """What decides the games of a run (the number of games aside) and the files of its chunks."""
    r0 = runs[0]
    out = {"glowsim_version": __version__, "engine": r0.engine, "code": code_hash(r0.engine),
           "seed": r0.seed, "chunk_games": r0.chunk_games, "record_every": int(record_every),
           "variants": [{"name": r.name, "content_hash": r.content_hash, **r.match_json()} for r in runs]}
    cf = next((r.counterfactual_json() for r in runs if r.counterfactual), None)
    if cf is not None:   # only when set: the keys of runs without it stay as they were
        out["counterfactual"] = cf
        for v, r in zip(out["variants"], runs):
            if not r.counterfactual:   # a variant saying `counterfactual: false`
                v["counterfactual"] = False
    return out


def key_of(ident: dict) -> str:
    blob = json.dumps(ident, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:20]


def _differences(old: dict, new: dict) -> list[str]:
    out = []
    for k in ("glowsim_version", "engine", "code", "seed", "chunk_games", "record_every", "counterfactual"):
        if old.get(k) != new.get(k):
            out.append("the engine's code (its chunks were played by other code)" if k == "code"
                       else f"{k} {old.get(k)!r} -> {new.get(k)!r}")
    ov = {v["name"]: v for v in old.get("variants", [])}
    nv = {v["name"]: v for v in new.get("variants", [])}
    if list(ov) != list(nv):
        out.append(f"variants {list(ov)} -> {list(nv)}")
    for name in nv:
        if name in ov and ov[name] != nv[name]:
            what = [k for k in nv[name] if ov[name].get(k) != nv[name][k]]
            out.append(f"variant {name!r}: {', '.join(what)}")
    return out or ["the run key"]


def _manifest(sc: Scenario, runs, ident, key, status, **extra) -> dict:
    sweeps = []
    for k, ax in enumerate(sc.spec.sweep):
        field_name = runs[0].sweep[k][0] if runs and len(runs[0].sweep) > k else ax.field
        vals = ax.points()
        entry = {"field": field_name, "label": ax.label, "values": vals}
        if len(sc.spec.sweep) == 1 and not sc.spec.variants:
            entry["variants"] = [r.name for r in runs]
        sweeps.append(entry)
    variants = []
    for r, kv in zip(runs, ident["variants"]):
        v = r.to_json()
        if "counterfactual" in kv:   # `counterfactual: false`, as the run key has it
            v["counterfactual"] = kv["counterfactual"]
        extra_tokens = {str(i): s.start_rerolls for i, s in enumerate(r.seats) if s.start_rerolls}
        v["extra_reroll_tokens"] = extra_tokens
        variants.append(v)
    return {
        "format": MANIFEST_FORMAT,
        "status": status,
        "glowsim_version": __version__,
        "key": key,
        "identity": ident,
        "name": sc.name,
        "scenario": {"name": sc.name, "source": sc.source, "description": sc.spec.description,
                     "spec": sc.spec.model_dump(mode="json", exclude_unset=True)},
        "engine": runs[0].engine,
        "seed": runs[0].seed,
        "chunk_games": runs[0].chunk_games,
        "record_every": ident["record_every"],
        "variants": variants,
        "sweeps": sweeps,
        **extra,
    }


def run_scenario(sc: Scenario, opts: RunOptions) -> RunResult:
    """Play every variant of a scenario into ``opts.out`` (resuming what is there)."""
    check_options(sc, opts)
    runs = expand(sc, games=opts.games)   # a scenario error is reported before the folder is touched
    with RunStore(opts.out).lock():
        return _run(sc, runs, opts)


def _whole(v, lo, hi) -> bool:
    return isinstance(v, (int, np.integer)) and not isinstance(v, bool) and lo <= v <= hi


def check_options(sc: Scenario, opts: RunOptions) -> None:
    """The run options in the scenario fields' limits (glowsim/limits.py), and not contradictory."""
    if not _whole(opts.record_every, 0, MAX_RECORD_EVERY):
        raise UserError(f"record_every must be a whole number 0..{MAX_RECORD_EVERY} (0: keep no "
                        f"records), got {opts.record_every!r}")
    if not _whole(opts.workers, 1, MAX_WORKERS):
        raise UserError(f"--workers must be a whole number 1..{MAX_WORKERS}, got {opts.workers!r}")
    for name, v in (("games", opts.games), ("max_games", opts.max_games)):
        if v is not None and not _whole(v, 1, MAX_GAMES):
            raise UserError(f"{name} must be a whole number 1..{MAX_GAMES}, got {v!r}")
    p = opts.precision
    if p is not None and not (isinstance(p, (int, float, np.floating)) and not isinstance(p, bool)
                              and math.isfinite(p) and PRECISION_OPEN[0] < p < PRECISION_OPEN[1]):
        raise UserError(f"precision must be a number above {PRECISION_OPEN[0]} and below "
                        f"{PRECISION_OPEN[1]}, got {p!r}")
    h = opts.precision_pick_value
    if h is not None and not (isinstance(h, (int, float, np.floating)) and not isinstance(h, bool)
                              and math.isfinite(h) and PICK_PRECISION[0] < h <= PICK_PRECISION[1]):
        raise UserError(f"precision_pick_value must be a number of points above "
                        f"{PICK_PRECISION[0]:g} and at most {PICK_PRECISION[1]:g}, got {h!r}")
    if h is not None and sc.spec.counterfactual is None:
        raise UserError(f"{sc.source}: --precision-pick-value needs forked recruit picks to "
                        f"measure pick values: add `counterfactual: {{decisions: recruit, "
                        f"sample: 1.0}}` to the scenario")
    if opts.dask_wait is not None and not (isinstance(opts.dask_wait, (int, float)) and
                                           0 < opts.dask_wait <= MAX_DASK_WAIT_SECONDS):
        raise UserError(f"dask_wait must be a number of seconds in 0..{MAX_DASK_WAIT_SECONDS:g} "
                        f"(0 excluded), got {opts.dask_wait!r}")
    precision, pick = stopping_targets(sc, opts)
    games = opts.games if opts.games is not None else sc.spec.games
    max_games = opts.max_games if opts.max_games is not None else sc.spec.max_games
    if (precision is not None or pick is not None) and max_games is not None and max_games < games:
        raise UserError(f"max_games ({max_games}) is below games ({games}): with a precision, games is "
                        f"the least and max_games the most games per variant")


def stopping_targets(sc: Scenario, opts: RunOptions) -> tuple[Optional[float], Optional[float]]:
    """(card win-rate precision, pick-value precision in points): the options', else the
    scenario's ``precision`` (None: not set)."""
    precision = opts.precision if opts.precision is not None else sc.spec.win_rate_precision
    pick = (opts.precision_pick_value if opts.precision_pick_value is not None
            else sc.spec.pick_value_precision)
    return precision, pick


def _run(sc: Scenario, runs: list[ResolvedRun], opts: RunOptions) -> RunResult:
    t0 = time.perf_counter()
    precision, pick = stopping_targets(sc, opts)
    sequential = precision is not None or pick is not None
    max_games = opts.max_games or sc.spec.max_games or max(DEFAULT_MAX_GAMES, runs[0].games)
    games = runs[0].games if not sequential else min(runs[0].games, max_games)
    C = runs[0].chunk_games
    store = RunStore(opts.out)
    ident = identity(runs, opts.record_every)
    key = key_of(ident)
    if opts.fresh:   # before reading: --fresh also replaces a damaged manifest
        store.clear()
    old = store.read_manifest()
    if old is not None and old.get("key") != key:
        diffs = _differences(old.get("identity") or {}, ident)
        raise RunFolderError(f"{opts.out} holds a run of another scenario or content (differs in: "
                             f"{'; '.join(diffs)}); use --fresh to replace it or choose another --out")
    store.drop_final()   # tables of an earlier run of this folder no longer match the manifest
    requested = {"games": games, "precision": precision,
                 "max_games": max_games if sequential else None}
    if pick is not None:
        requested["precision_pick_value"] = pick
    store.write_manifest(_manifest(sc, runs, ident, key, "running", requested=requested))
    bound = games if not sequential else max_games   # chunk sizes are cut at this many games
    local_pid = os.getpid() if opts.backend == "local" else 0   # local workers exit with the runner
    if any((opts.engine or r.engine) == "fast" for r in runs):
        # numba compiles the fast path at its first call: done here, announced, and kept out
        # of the progress line's rate and time left
        prepare(FAST_RUN, opts.progress)
    backend = make_backend(opts.backend, opts.workers, opts.scheduler, opts.dask_wait)
    stats = {"played": 0, "reused": 0}
    prog = Progress(0, 0, opts.progress, precision, pick)

    def pending(rows) -> list[Task]:
        out = []
        for k in rows:
            start, count = chunk_bounds(bound, C, k)
            for r in runs:
                if store.chunk_done(r.index, r.name, k, count, key):
                    stats["reused"] += 1
                    prog.skip(count)
                else:
                    out.append(Task(r, k, start, count, opts.engine or r.engine, r.game(),
                                    opts.record_every, local_pid))
        return out

    def play(tasks: list[Task]) -> None:
        if tasks and opts.workers > 1 and opts.backend == "local" and not stats.get("warm"):
            warm_up(tasks[0])
            stats["warm"] = 1
        # the fast engine's chunks play on threads of this process (backends.py)
        results = backend.imap(run_task, tasks, threads=all(t.engine == "fast" for t in tasks))
        writer = ChunkWriter()   # the chunk files are written while the next chunks play
        try:
            for task, tables in results:
                writer.submit(store.write_chunk, task.run.index, task.run.name, task.chunk, tables,
                              key=key, start=task.start, count=task.count,
                              record_every=task.record_every)
                stats["played"] += 1
                prog.advance(task.count)
        except BaseException:   # stopped (Ctrl-C, SIGTERM, an error): queued chunks are dropped
            results.close()
            try:
                writer.close()  # the chunks played are written (a resumed run keeps them)
            except Exception:
                pass            # the first error is the one reported
            raise
        results.close()
        writer.close()

    widest, where, reached = None, "", None
    pick_widest, pick_where, looks = None, "", None
    try:
        if not sequential:
            K = n_chunks(games, C)
            prog.grow(games * len(runs))
            play(pending(range(K)))
        else:
            # chunk rows are played in batches (enough to keep the workers busy) but the rules are
            # checked row by row in order, so where the run stops does not depend on the batches;
            # with a pick-value precision only at the looks of glowsim/runner/pickstop.py
            k_min, k_max = n_chunks(games, C), n_chunks(max_games, C)
            batch = max(1, -(-opts.workers // len(runs)))
            acc = Precision() if precision is not None else None
            picks = PickPrecision() if pick is not None else None
            looks = look_rows(k_min, k_max) if picks is not None else None
            k_eval = k_sched = 0
            K = None
            while K is None:
                hi = min(max(k_min, k_sched + batch), k_max)
                if looks is not None:     # play on to the next look: no row between is judged
                    hi = max(hi, min(x for x in looks if x >= min(hi, k_max)))
                prog.grow(min(hi * C, max_games) * len(runs))
                play(pending(range(k_sched, hi)))
                k_sched = hi
                while k_eval < k_sched:
                    for r in runs:
                        if acc is not None:
                            acc.add(r.name, chunk_counts(
                                store.read_chunk(r.index, r.name, k_eval, "players"),
                                store.read_chunk(r.index, r.name, k_eval, "recruits")))
                        if picks is not None and r.counterfactual:
                            picks.add(r.name, chunk_pick_sums(store.read_chunk(
                                r.index, r.name, k_eval, "picks").select(
                                    ["game_index", "decision", "companion", "win_share"])
                                .to_pandas()))
                    k_eval += 1
                    ok = k_eval >= k_min
                    if acc is not None:
                        widest, where = acc.widest()
                        prog.widest(widest, where)
                        ok = ok and widest < precision
                    if picks is not None:
                        pick_widest, pick_where = picks.widest()
                        prog.pick_widest(pick_widest, pick_where)
                        ok = ok and stops(k_eval, looks, pick_widest, pick)
                    if ok:
                        K, reached = k_eval, True
                        break
                    if k_eval >= k_max:
                        K, reached = k_max, False
                        break
        played_games = min(K * C, bound)
        parts = [(r.index, r.name, k) for r in runs for k in range(K)]
        rows = store.write_final(parts, run_tables(ident),
                                 forks={r.name for r in runs if r.counterfactual})
    finally:
        backend.close()
        prog.close()
    seconds = time.perf_counter() - t0
    counts = {"games_per_variant": played_games, "variants": len(runs),
              "games": played_games * len(runs), "chunks": len(parts), **{f"{k}_rows": v for k, v in rows.items()},
              "chunks_played": stats["played"], "chunks_reused": stats["reused"],
              "seconds": round(seconds, 3)}
    stopping = None
    if sequential:
        stopping = {"precision": precision, "max_games": max_games, "widest": widest,
                    "widest_card": where, "reached": reached}
        if pick is not None:
            stopping["pick_value"] = {
                "precision": pick, "widest": pick_widest, "widest_card": pick_where,
                "looks": [min(k * C, max_games) for k in looks if k <= K],
                "min_games": PICK_MIN_GAMES, "min_picks": PICK_MIN_PICKS}
    checksums = {n: {"file": f"{n}.parquet", "rows": rows[n], "bytes": store.table_path(n).stat().st_size,
                     "sha256": file_digest(store.table_path(n))} for n in run_tables(ident)}
    manifest = _manifest(sc, runs, ident, key, "complete", counts=counts, stopping=stopping,
                         tables={n: f"{n}.parquet" for n in run_tables(ident)}, checksums=checksums)
    for v in manifest["variants"]:
        v["games"] = played_games
    store.write_manifest(manifest)
    return RunResult(opts.out, len(runs), played_games, rows, stats["played"], stats["reused"], seconds,
                     widest, where, reached, pick_widest=pick_widest, pick_widest_card=pick_where,
                     manifest=manifest)
