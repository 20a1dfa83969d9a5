"""The local backend's threads: the fast engine's chunks play on threads of the runner's
process (its kernels release the GIL); results come back as they finish, a task's error is
raised, and a stopped map drops its queued tasks and leaves no thread running; a worker process exits with its runner."""
import os
import subprocess
import sys
import threading
import time

import pytest

from glowsim.runner import RunOptions, run_scenario
from glowsim.runner import execute
from glowsim.runner.backends import LocalBackend
from glowsim.scenarios import parse_scenario


def _where(x):
    return x, os.getpid(), threading.current_thread().name


def _chunk_threads() -> list:
    return [t for t in threading.enumerate() if t.name.startswith("glowsim-chunks")]


def test_threads_play_every_task_once_in_this_process():
    out = list(LocalBackend(2).imap(_where, range(9), threads=True))
    assert sorted(x for x, _, _ in out) == list(range(9))
    assert {pid for _, pid, _ in out} == {os.getpid()}
    assert all(name.startswith("glowsim-chunks") for _, _, name in out)
    assert not _chunk_threads()


def test_a_tasks_error_is_raised_and_the_threads_stop():
    def fn(x):
        if x == 3:
            raise ValueError("bad chunk 3")
        return x
    with pytest.raises(ValueError, match="bad chunk 3"):
        list(LocalBackend(2).imap(fn, range(8), threads=True))
    assert not _chunk_threads()


def test_stopping_early_drops_the_queued_tasks():
    started = []

    def slow(x):
        started.append(x)
        time.sleep(0.2)
        return x
    it = LocalBackend(2).imap(slow, range(40), threads=True)
    first = next(it)
    it.close()   # what the runner does on Ctrl-C or SIGTERM
    assert first in started
    assert len(started) <= 1 + 2 * 2 + 1, f"queued tasks were played after the stop: {started}"
    assert not _chunk_threads()


FAST = """players: 2
side: archipelago
games: 40
chunk_games: 10
seed: 4
variants:
  - name: printed
"""


def test_a_fast_run_plays_its_chunks_on_threads(tmp_path, monkeypatch):
    names = []
    run_task = execute.run_task

    def spy(task):   # played in a worker process, it could not add to this list
        names.append(threading.current_thread().name)
        return run_task(task)
    monkeypatch.setattr(execute, "run_task", spy)
    sc = parse_scenario(FAST, str(tmp_path / "f.yaml"), base_dir=tmp_path)
    res = run_scenario(sc, RunOptions(out=tmp_path / "run", workers=2, progress=False))
    assert res.games_per_variant == 40
    assert len(names) == 4 and all(n.startswith("glowsim-chunks") for n in names)


def _watching(x):
    """In a worker process: whether it watches for the runner's end (before any glowsim task code
    asked it to), and the process it watches."""
    from glowsim.runner import backends
    watchers = [t for t in threading.enumerate() if t.name == "glowsim-exit-with-parent"]
    return os.getpid(), len(backends._WATCHING), len(watchers), os.getppid()


def test_worker_processes_watch_for_the_runner_from_their_start():
    """A worker process that has had no chunk yet when the runner is SIGKILLed must exit too
    (test_interrupt_resume): it watches from its start (the initializer), not its first task."""
    out = set(LocalBackend(2).imap(_watching, range(6)))
    assert {pid for pid, _, _, _ in out}.isdisjoint({os.getpid()})
    assert {(n, alive, parent) for _, n, alive, parent in out} == {(1, 1, os.getpid())}


def test_a_worker_whose_runner_is_already_gone_exits_at_once():
    """A worker that starts its watch after the runner died (it now has another parent)
    exits within the poll instead of waiting for work forever."""
    code = ("import os, time\n"
            "from glowsim.runner.backends import exit_with_parent\n"
            "exit_with_parent(os.getppid() + 1000000, poll=0.05)\n"
            "time.sleep(60)\n")
    t0 = time.monotonic()
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=50)
    assert p.returncode == 1 and time.monotonic() - t0 < 50
