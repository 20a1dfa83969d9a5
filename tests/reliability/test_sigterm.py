"""SIGTERM stops a command as Ctrl-C does: its cleanup runs, so the work it started stops
with it (a `glowsim bench` killed by a job scheduler used to leave its worker processes
running; it now plays in threads, whose queued parts are dropped) and it exits with
128 + SIGTERM."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import psutil
import pytest

from glowsim.cli.main import main


def _wait(pred, timeout: float, step: float = 0.2) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(step)
    return pred()


def _alive(procs: list) -> list:
    out = []
    for p in procs:
        try:
            if p.is_running() and p.status() != psutil.STATUS_ZOMBIE:
                out.append(p)
        except psutil.Error:
            pass
    return out


@pytest.mark.skipif(os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"),
                    reason="with NUMBA_DISABLE_JIT=1 a running part (2,500 games as Python) takes "
                           "minutes to finish, so the bench cannot stop within the test's limits")
def test_sigterm_stops_bench_and_its_game_threads():
    proc = subprocess.Popen(
        [sys.executable, "-m", "glowsim", "bench", "--games", "10000000", "--reference-games", "2",
         "--workers", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    everyone: list = []
    try:
        parent = psutil.Process(proc.pid)

        def playing():   # two threads besides the main one have played games for a while
            try:
                busy = [t for t in parent.threads() if t.id != proc.pid and t.user_time > 1.0]
            except psutil.Error:
                return False
            return len(busy) >= 2
        assert _wait(playing, 600), "the bench never started its game threads"
        everyone = parent.children(recursive=True)
        sent = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(timeout=60)
        took = time.monotonic() - sent
        try:   # anything left running would hold the output pipes open
            _, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            err = "(no end of output: processes left running hold the pipes)"
        _wait(lambda: not _alive(everyone), 30)
        left = [" ".join(p.cmdline())[:80] for p in _alive(everyone)]
    finally:
        proc.kill()
        for p in everyone:   # never leave a process behind, whatever failed
            try:
                p.kill()
            except psutil.Error:
                pass
    assert code == 128 + signal.SIGTERM, err
    assert "glowsim bench: terminated" in err
    assert "Traceback" not in err
    assert not left, f"processes left running after SIGTERM: {left}"
    # the 10 million games were not played out: the parts already queued were dropped and the
    # running ones (a few thousand games) finished
    assert took < 30, f"the bench took {took:.0f} s to stop"


def test_cli_restores_the_sigterm_handler(capsys):
    """The handler is the CLI's only while a command runs (a notebook calling main() keeps
    its own)."""
    before = signal.getsignal(signal.SIGTERM)
    assert main(["cards", "--format", "csv"]) == 0
    assert signal.getsignal(signal.SIGTERM) is before
    assert capsys.readouterr().out.startswith("id,name,deck,")
