"""Worker count for the parallel block kernel (numba threads).

Results never depend on the number of workers: every game is keyed by its
global index and chunks only decide which thread plays it.
"""
from __future__ import annotations

import os
from contextlib import contextmanager

import numba


def available_cores() -> int:
    return int(numba.config.NUMBA_NUM_THREADS)


@contextmanager
def set_workers(workers: int | None):
    """Run the block with `workers` numba threads (None: all available)."""
    cap = available_cores()
    w = cap if workers is None else int(workers)
    if w < 1:
        raise ValueError(f"workers must be >= 1 (got {workers})")
    w = min(w, cap)
    old = numba.get_num_threads()
    numba.set_num_threads(w)
    try:
        yield w
    finally:
        numba.set_num_threads(old)


def chunks_for(count: int, workers: int) -> int:
    """A few chunks per worker for load balance (one State is allocated per chunk)."""
    return max(1, min(count, workers * 4))


def cpu_count() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
