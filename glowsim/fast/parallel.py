"""Several cores: a block's games split into contiguous parts played by worker processes
(joblib's loky), each running the serial kernel (compiled once, loaded from numba's cache)
and building its part of the result tables.

Results never depend on the number of workers: every game is keyed by its global
index, and the parts are joined back in game order.  One worker compiles (or loads) the
kernels before the others start on them, so they never compile concurrently.
"""
from __future__ import annotations

import os


def cpu_count() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def resolve_workers(workers: int | None) -> int:
    """None or 0: every available core; otherwise the number given (>= 1)."""
    if workers is None or workers == 0:
        return cpu_count()
    w = int(workers)
    if w < 1:
        raise ValueError(f"workers must be >= 1 or None for all cores (got {workers})")
    return w


def split(start: int, count: int, parts: int) -> list[tuple[int, int]]:
    """Contiguous (start, count) parts covering start .. start+count-1."""
    parts = max(1, min(parts, count))
    base, extra = divmod(count, parts)
    out, s = [], start
    for i in range(parts):
        c = base + (1 if i < extra else 0)
        out.append((s, c))
        s += c
    return out


def run_parts(fn, jobs: list[tuple], workers: int) -> list:
    """fn(*job) for every job on `workers` processes (joblib's loky: started once and kept
    warm; joblib limits each worker to one BLAS/OpenMP thread), results in job order."""
    from joblib import Parallel, delayed
    return Parallel(n_jobs=workers, backend="loky")(delayed(fn)(*job) for job in jobs)


def stream_parts(fn, jobs, workers: int):
    """fn(*job) for every job of an iterable, on `workers` processes, yielded in job order
    while later jobs are already running (joblib dispatches ahead as results are taken)."""
    from joblib import Parallel, delayed
    return Parallel(n_jobs=workers, backend="loky", return_as="generator")(
        delayed(fn)(*job) for job in jobs)
