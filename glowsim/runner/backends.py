"""Where chunks are played: in this process, on local threads or worker processes, or on dask.

A backend maps a function over tasks and yields the results as they finish, in
any order; the runner writes each result as it arrives.  Results do not depend
on the backend: a chunk's games are seeded by their global game indices.

Local: chunks of the fast engine play on threads of the runner's process (its game loop
is compiled without the GIL, so the threads run at once); nothing is pickled, the
kernels load once and a short run does not wait for worker processes to start.  Other
engines (the reference engine is plain Python, held by the GIL) play on joblib worker
processes.
"""
from __future__ import annotations

import os
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from typing import Callable, Iterable, Iterator

from ..errors import UserError
from ..limits import DASK_WAIT_SECONDS

BACKENDS = ("local", "dask")


class LocalBackend:
    """`workers` = 1: this process; more: that many threads of this process (``threads``:
    tasks that release the GIL) or joblib worker processes (loky)."""

    def __init__(self, workers: int = 1):
        self.workers = max(1, int(workers))

    def imap(self, fn: Callable, tasks: Iterable, threads: bool = False) -> Iterator:
        tasks = list(tasks)
        if self.workers == 1 or len(tasks) <= 1:
            for t in tasks:
                yield fn(t)
            return
        if threads:
            yield from _thread_imap(fn, tasks, min(self.workers, len(tasks)))
            return
        from joblib import Parallel, delayed
        # each worker process watches for the runner's end from its start (initializer, passed
        # on to loky's executor), not from its first task: a worker that has had no task yet
        # when the runner is killed would otherwise wait for work until loky's idle timeout
        par = Parallel(n_jobs=min(self.workers, len(tasks)), return_as="generator_unordered",
                       pre_dispatch="2*n_jobs", initializer=exit_with_parent,
                       initargs=(os.getpid(),))
        yield from par(delayed(fn)(t) for t in tasks)

    def close(self) -> None:
        pass


_WATCHING: list = []


def exit_with_parent(parent: int | None = None, poll: float = 1.0) -> None:
    """In a local worker process: exit as soon as the process that started it (pid `parent`,
    default the parent now) is gone. A runner killed with SIGKILL cannot stop its workers,
    which would otherwise wait for work forever. The runner passes its pid: a worker still
    starting when the runner dies has already been handed to another parent when this runs,
    and exits at once."""
    if _WATCHING:
        return
    parent = os.getppid() if parent is None else parent

    def watch():
        while os.getppid() == parent:
            time.sleep(poll)
        os._exit(1)
    _WATCHING.append(threading.Thread(target=watch, name="glowsim-exit-with-parent", daemon=True))
    _WATCHING[0].start()


def _thread_imap(fn: Callable, tasks: list, workers: int) -> Iterator:
    """fn over tasks on `workers` threads, results as they finish; at most two tasks per
    thread are queued at a time.  Stopped early (Ctrl-C, SIGTERM, an error): the queued
    tasks are dropped and the running ones finish before this returns (their results
    are not handed out)."""
    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="glowsim-chunks")
    todo = list(tasks)[::-1]   # popped from the end: in task order
    live: set = set()
    try:
        while todo and len(live) < 2 * workers:
            live.add(pool.submit(fn, todo.pop()))
        while live:
            done, live = wait(live, return_when=FIRST_COMPLETED)
            for f in done:
                result = f.result()   # a task's error is raised here
                if todo:
                    live.add(pool.submit(fn, todo.pop()))
                yield result
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


class DaskBackend:
    """A dask.distributed cluster: `scheduler` address, or a LocalCluster of `workers` processes.

    A cluster without any worker for `wait` seconds (at the start or while chunks are pending)
    stops the run with a UserError; the chunks already written are kept, so the same command
    resumes the run once workers are up."""

    POLL = 0.5   # seconds between looks at the cluster while waiting for results

    def __init__(self, workers: int = 1, scheduler: str | None = None, wait: float | None = None):
        from distributed import Client, LocalCluster
        self.cluster = None
        self.wait = float(DASK_WAIT_SECONDS if wait is None else wait)
        self.where = f"the dask scheduler at {scheduler}" if scheduler else "the local dask cluster"
        if scheduler:
            try:
                self.client = Client(scheduler, timeout="20s")
            except (OSError, TimeoutError, ValueError, TypeError) as e:   # ValueError: not an address
                raise UserError(f"--scheduler {scheduler}: cannot connect to a dask scheduler "
                                f"({' '.join(str(e).split())[:200]})") from None
        else:
            self.cluster = LocalCluster(n_workers=max(1, int(workers)), threads_per_worker=1,
                                        processes=True, dashboard_address=None)
            self.client = Client(self.cluster)

    def _workers(self) -> int:
        try:
            return len(self.client.scheduler_info().get("workers", {}))
        except Exception:   # the scheduler itself is gone: no worker either
            return 0

    def _no_workers(self) -> UserError:
        return UserError(f"{self.where} has had no worker for {self.wait:g} s (--dask-wait); the "
                         f"chunks already finished are kept: start workers and run the same command "
                         f"again to resume")

    def imap(self, fn: Callable, tasks: Iterable, threads: bool = False) -> Iterator:
        """``threads`` is ignored: each dask worker plays its tasks as it is set up to."""
        from distributed import wait as dask_wait
        futures = [self.client.submit(fn, t, pure=False) for t in tasks]
        pending = set(futures)
        idle_since = None
        try:
            while pending:
                try:
                    res = dask_wait(list(pending), timeout=self.POLL, return_when="FIRST_COMPLETED")
                    done, pending = set(res.done), set(res.not_done)
                except TimeoutError:
                    done = set()
                for fut in done:
                    yield fut.result()
                if done or self._workers() > 0:
                    idle_since = None
                    continue
                idle_since = idle_since or time.monotonic()
                if time.monotonic() - idle_since >= self.wait:
                    raise self._no_workers()
        finally:
            for f in futures:
                f.release()

    def close(self) -> None:
        try:
            self.client.close()
        finally:
            if self.cluster is not None:
                self.cluster.close()


def make_backend(name: str, workers: int, scheduler: str | None = None, wait: float | None = None):
    if name == "local":
        if scheduler:
            raise UserError("--scheduler is only used with --backend dask")
        return LocalBackend(workers)
    if name == "dask":
        return DaskBackend(workers, scheduler, wait)
    raise UserError(f"unknown backend {name!r}; allowed: {', '.join(BACKENDS)}")
