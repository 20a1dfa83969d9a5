"""Several cores: a block's games split into contiguous parts, each played by a thread of
this process running the compiled game loop (``play_range``, compiled with ``nogil``: the
threads run at once, each on its own game state; the tables are read-only and every part
writes its own rows of the block's result arrays).

Results never depend on the number of threads: every game is keyed by its global index and
the parts write in game order.  One process means the kernels are loaded once, nothing is
pickled, and the memory is one process's (the per-process copies of numba, LLVM and the
compiled code were most of what two worker processes held).
"""
from __future__ import annotations

import os
import threading
from concurrent.futures import Future, ThreadPoolExecutor

from ..errors import UserError


def cpu_count() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def resolve_workers(workers: int | None) -> int:
    """None or 0: every available core; otherwise the number given (>= 1)."""
    if workers is None or workers == 0:
        return cpu_count()
    w = int(workers)
    if w < 1:
        raise UserError(f"workers must be >= 1 or None for all cores (got {workers})")
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


_POOL: dict = {}
_POOL_LOCK = threading.Lock()


def thread_pool(threads: int) -> ThreadPoolExecutor:
    """The process's pool of `threads` game threads (made on first use and kept: blocks of a
    stream are queued on it, the next block's parts waiting while the current one is
    playing)."""
    with _POOL_LOCK:
        pool = _POOL.get(threads)
        if pool is None:
            pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix=f"glowsim-games-{threads}")
            _POOL[threads] = pool
        return pool


def submit_parts(fn, count: int, threads: int, parts: int | None = None) -> list[Future]:
    """fn(lo, hi) for contiguous parts of range(count) (`parts` of them, default one per
    thread) on the pool of `threads` game threads, which take them in order."""
    pool = thread_pool(threads)
    return [pool.submit(fn, lo, lo + c) for lo, c in split(0, count, parts or threads) if c]


def wait_parts(futures: list[Future]) -> None:
    """Wait for every part (an error in one is raised here); if the wait is interrupted
    (Ctrl-C, SIGTERM), parts not started yet are cancelled."""
    try:
        for f in futures:
            f.result()
    except BaseException:
        cancel_parts(futures)
        raise


def play_parts(fn, count: int, threads: int | None, per_thread: int = 4) -> list:
    """fn(lo, hi) over range(count) in `per_thread` parts per game thread (games that cost
    unevenly, as forks do: the threads end together), their results in order; one call of
    fn(0, count) on one thread."""
    w = resolve_workers(threads)
    count = int(count)
    if w == 1 or count < 2:
        return [fn(0, count)]
    futures = submit_parts(fn, count, w, min(count, w * per_thread))
    wait_parts(futures)
    return [f.result() for f in futures]


def cancel_parts(futures: list[Future]) -> None:
    for f in futures:
        f.cancel()
