"""A `glowsim run` stopped with SIGINT or SIGKILL at random points always resumes to the tables
of an uninterrupted run, byte for byte, and verifies.

The points are drawn from a seeded generator: while Python starts, between and inside chunk
writes (a random number of chunks in, then a random delay shorter than a chunk), and once every
chunk is written (while the final tables are concatenated). After every stop the folder holds
only whole files: a readable manifest, readable chunk indexes and Parquet files.
"""
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pyarrow.parquet as pq
import pytest

from glowsim.runner.verify_run import verify_run

from .helpers import folder_files, run, table_bytes

SCENARIO = """engine: reference
players: 2
side: archipelago
seat: {bot: random}
games: 40
chunk_games: 2
seed: 23
variants:
  - name: printed
  - name: cheap-briki
    content: {companions: {A11: {bursts: 4}}}
"""
TOTAL_CHUNKS = 40   # 2 variants x 20 chunks of 2 games


def chunks_done(out: Path) -> int:
    return len(list(out.glob("chunks/*/c*.index.json")))


def command(f: Path, out: Path, workers: int = 1) -> list:
    return [sys.executable, "-m", "glowsim", "run", str(f), "--out", str(out), "--workers", str(workers),
            "--quiet"]


def holds_lock(proc, out: Path) -> bool:
    """The run holds its folder's lock (it is past start-up), read from /proc/locks."""
    try:
        ino = os.stat(out / ".lock").st_ino
        locks = Path("/proc/locks").read_text().splitlines()
    except OSError:
        return False
    return any(f" {proc.pid} " in line and line.split()[5].endswith(f":{ino}") for line in locks)


def wait_for(cond, proc, timeout=90.0) -> bool:
    """Wait until cond() holds; False when the process ended first."""
    t0 = time.time()
    while not cond():
        if proc.poll() is not None:
            return False
        assert time.time() - t0 < timeout, "the run made no progress"
        time.sleep(0.002)
    return True


def default_sigint() -> None:
    """In the child before exec: Ctrl-C's default action. A shell without job control starts
    background commands with SIGINT ignored, and Python keeps an ignored SIGINT ignored, so a
    suite launched with `make test &` would otherwise send SIGINTs that nothing receives."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def stop(proc, sig) -> tuple:
    try:
        os.kill(proc.pid, sig)
    except ProcessLookupError:
        pass
    _, err = proc.communicate(timeout=120)
    return proc.returncode, err.decode(errors="replace")


def check_whole_files(out: Path) -> None:
    """Only whole files after a stop: the manifest and every index parse, every table reads."""
    if (out / "manifest.json").exists():
        json.loads((out / "manifest.json").read_text())
    for p in out.glob("chunks/*/c*.index.json"):
        index = json.loads(p.read_text())
        for f in index["files"].values():
            assert (p.parent / f["file"]).exists(), f"{p} lists a file that is not there"
    for p in [*out.glob("*.parquet"), *out.glob("chunks/*/c*.parquet")]:
        pq.read_metadata(p)


def test_ten_random_sigint_and_sigkill_stops_resume_to_identical_tables(tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text(SCENARIO)
    out = tmp_path / "stopped"
    rng = random.Random(20240611)
    signals = [signal.SIGINT] * 5 + [signal.SIGKILL] * 5
    rng.shuffle(signals)
    points = ["startup"] + ["chunks"] * 8 + ["final"]
    env = dict(os.environ, PYTHONHASHSEED="0")
    outcomes = []
    for sig, point in zip(signals, points):
        proc = subprocess.Popen(command(f, out), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                preexec_fn=default_sigint)
        if point == "startup":
            time.sleep(rng.uniform(0.05, 1.5))
        else:   # past start-up first (when every chunk is already written, no new chunk shows it)
            wait_for(lambda: holds_lock(proc, out), proc)
        if point == "chunks":
            target = min(chunks_done(out) + rng.randint(1, 4), TOTAL_CHUNKS)
            wait_for(lambda: chunks_done(out) >= target, proc)
            time.sleep(rng.uniform(0.0, 0.05))
        else:   # every chunk written: the final tables are being written
            wait_for(lambda: chunks_done(out) >= TOTAL_CHUNKS, proc)
        code, err = stop(proc, sig)
        outcomes.append((sig.name, point, code))
        if sig == signal.SIGKILL:
            assert code in (-signal.SIGKILL, 0), err
        elif point != "startup":   # (while Python imports its modules, Ctrl-C ends it as it can)
            assert code in (130, 0), err
            assert "Traceback" not in err, err
            if code == 130:
                assert err.strip().endswith("glowsim run: interrupted"), err
        check_whole_files(out)
    stopped = [o for o in outcomes if o[2] != 0]
    assert len(stopped) >= 9, outcomes          # the stops really interrupted the run
    assert {o[0] for o in stopped} == {"SIGINT", "SIGKILL"}
    assert chunks_done(out) < TOTAL_CHUNKS or outcomes[-1][1] == "final"

    done = subprocess.run(command(f, out), env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    whole = tmp_path / "whole"
    run(whole, SCENARIO)
    assert table_bytes(out) == table_bytes(whole)
    chunk_files = {k: v for k, v in folder_files(out).items() if k.startswith("chunks/")}
    assert chunk_files == {k: v for k, v in folder_files(whole).items() if k.startswith("chunks/")}
    assert not [p for p in out.rglob("*.tmp")], "temporary files of the killed runs are left"
    res = verify_run(out)
    assert res.ok, res.report()
    assert res.chunks == TOTAL_CHUNKS and res.replayed == 2


def _stop_with_workers(tmp_path, stops):
    f = tmp_path / "s.yaml"
    f.write_text(SCENARIO)
    out = tmp_path / "stopped"
    env = dict(os.environ, PYTHONHASHSEED="0")
    for sig, target in stops:
        proc = subprocess.Popen(command(f, out, workers=2), env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, preexec_fn=default_sigint)
        assert wait_for(lambda: chunks_done(out) >= target, proc), proc.stderr.read()
        workers = psutil.Process(proc.pid).children(recursive=True)
        assert workers, "no worker process was started"
        os.kill(proc.pid, sig)
        assert proc.wait(timeout=60) == (-signal.SIGKILL if sig == signal.SIGKILL else 130)
        gone, alive = psutil.wait_procs(workers, timeout=30)
        assert not alive, f"worker processes left running after {sig.name}: {alive}"
        check_whole_files(out)
    assert chunks_done(out) < TOTAL_CHUNKS
    run(out, SCENARIO)   # resumed in this process
    whole = tmp_path / "whole"
    run(whole, SCENARIO)
    assert table_bytes(out) == table_bytes(whole)
    assert verify_run(out).ok


def test_a_killed_run_leaves_no_worker_process_behind(tmp_path):
    # SIGKILL cannot be caught: the worker processes notice that the runner is gone and exit
    _stop_with_workers(tmp_path, [(signal.SIGKILL, 4)])


@pytest.mark.slow
def test_sigint_and_sigkill_with_worker_processes_resume_to_identical_tables(tmp_path):
    _stop_with_workers(tmp_path, [(signal.SIGKILL, 6), (signal.SIGINT, 16), (signal.SIGKILL, 24)])
