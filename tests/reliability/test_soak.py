"""Long-run soak: two million games through the runner (fast engine, `--workers 2`: two chunk
threads of the runner's process; the tree also counts any worker process, none here).

The memory of the process tree (the runner and any worker processes) is sampled while the
chunks are played; once warm it stays flat: the largest resident size of the later half of
the run is within a small margin of the earlier half's, for the runner alone and for the tree.
Then `glowsim verify` checks the folder and replays 500 recorded games. Run with
`make test-slow` or `pytest -m slow tests/reliability/test_soak.py -s` (prints the numbers).
"""
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

SOAK_GAMES = 2_000_000
CHUNK_GAMES = 5_000
WORKERS = 2
MB = 1 << 20
MARGIN = 1.10          # later-half peak <= earlier-half peak * MARGIN + SLACK
SLACK = 48 * MB


def soak(folder: Path, games: int = SOAK_GAMES, chunk_games: int = CHUNK_GAMES, workers: int = WORKERS,
         every: float = 0.5) -> dict:
    """Run `games` fast-path games into folder/run, sampling RSS; returns the measurements."""
    f = folder / "soak.yaml"
    f.write_text(f"name: soak\nplayers: 2\nside: archipelago\nseat: {{bot: random}}\ngames: {games}\n"
                 f"chunk_games: {chunk_games}\nseed: 99\n")
    out = folder / "run"
    n_chunks = -(-games // chunk_games)
    cmd = [sys.executable, "-m", "glowsim", "run", str(f), "--out", str(out), "--workers", str(workers),
           "--quiet"]
    t0 = time.time()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    runner = psutil.Process(proc.pid)
    samples = []   # (seconds, chunks done, runner RSS, tree RSS)
    while proc.poll() is None:
        try:
            main = runner.memory_info().rss
            tree = main + sum(c.memory_info().rss for c in runner.children(recursive=True))
        except psutil.Error:
            break
        done = len(list(out.glob("chunks/*/c*.index.json")))
        samples.append((time.time() - t0, done, main, tree))
        time.sleep(every)
    stdout, stderr = proc.communicate()
    assert proc.returncode == 0, stderr
    seconds = time.time() - t0
    steady = [s for s in samples if 0.1 * n_chunks <= s[1] < n_chunks]   # workers warm, chunks playing
    half = len(steady) // 2
    first, later = steady[:half], steady[half:]
    final = [s for s in samples if s[1] >= n_chunks]
    return {"games": games, "chunks": n_chunks, "seconds": round(seconds, 1),
            "games_per_second": round(games / seconds), "samples": len(samples), "steady_samples": len(steady),
            "first_half_peak_runner_mb": max(s[2] for s in first) / MB,
            "later_half_peak_runner_mb": max(s[2] for s in later) / MB,
            "first_half_peak_tree_mb": max(s[3] for s in first) / MB,
            "later_half_peak_tree_mb": max(s[3] for s in later) / MB,
            "final_tables_peak_runner_mb": max((s[2] for s in final), default=0) / MB,
            "stdout": stdout.strip(), "out": str(out)}


@pytest.mark.slow
def test_two_million_games_keep_memory_flat_and_verify(tmp_path):
    try:
        m = soak(tmp_path)
        print("\nsoak:", json.dumps({k: (round(v, 1) if isinstance(v, float) else v) for k, v in m.items()},
                                    indent=1))
        assert m["games"] >= 2_000_000 and m["steady_samples"] >= 20
        for what in ("runner", "tree"):
            first, later = m[f"first_half_peak_{what}_mb"] * MB, m[f"later_half_peak_{what}_mb"] * MB
            assert later <= first * MARGIN + SLACK, (what, m)
        # writing the final tables streams chunk by chunk: no growth with the run's size
        assert m["final_tables_peak_runner_mb"] * MB <= m["later_half_peak_runner_mb"] * MB * 1.5 + 256 * MB, m
        t0 = time.time()
        v = subprocess.run([sys.executable, "-m", "glowsim", "verify", m["out"], "--games", "500"],
                           capture_output=True, text=True)
        print(f"verify ({time.time() - t0:.0f} s):", v.stdout.strip(), v.stderr.strip())
        assert v.returncode == 0, v.stdout + v.stderr
        assert "consistent: 1 variant(s) x 2000000 games, 400 chunks" in v.stdout
        assert "500 of 20000 recorded games replayed" in v.stdout
    finally:
        shutil.rmtree(tmp_path / "run", ignore_errors=True)   # about a gigabyte of Parquet


if __name__ == "__main__":   # a quick trial: python -m tests.reliability.test_soak GAMES DIR
    folder = Path(sys.argv[2])
    folder.mkdir(parents=True, exist_ok=True)
    print(json.dumps(soak(folder, int(sys.argv[1])), indent=1))
    os.sys.exit(0)
