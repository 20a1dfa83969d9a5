"""Chunk files written on a few threads while the next chunks play.

A chunk of a few games is written in a few milliseconds of file system calls (a folder, a file
a table, the index); a sweep of thousands of small variants spent most of the runner's own
thread in them.  Each chunk's files are its own and its index is written last (the mark that
it is complete: store.RunStore.write_chunk), so chunks may be written in any order and at once.
"""
from __future__ import annotations

from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Callable

THREADS = 4          # writes at once: file system calls wait, they do not compute
MAX_PENDING = 64     # chunks handed over and not yet written (bounds the memory they hold)


class ChunkWriter:
    """``submit(fn, ...)`` runs a write on the writer threads; ``close()`` waits for every
    write and raises the first write's error (a DiskError names the path)."""

    def __init__(self, threads: int = THREADS, max_pending: int = MAX_PENDING):
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="glowsim-write")
        self._pending: deque[Future] = deque()
        self._max = max_pending

    def submit(self, fn: Callable, *args, **kwargs) -> None:
        while self._pending and (self._pending[0].done() or len(self._pending) >= self._max):
            self._pending.popleft().result()     # an error is raised here, in the runner's thread
        self._pending.append(self._pool.submit(fn, *args, **kwargs))

    def close(self, wait_all: bool = True) -> None:
        """Wait for the writes handed over (``wait_all``; else drop those not started, as when
        the run is stopped) and raise the first error."""
        try:
            if not wait_all:
                for f in self._pending:
                    f.cancel()
            while self._pending:
                f = self._pending.popleft()
                if not f.cancelled():
                    f.result()
        finally:
            self._pool.shutdown(wait=True, cancel_futures=True)
