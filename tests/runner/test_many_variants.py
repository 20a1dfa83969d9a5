"""A sweep of many small variants: the runner keeps the chunk tables it wrote and writes the
chunk files on writer threads; what it leaves on disk is what a run that reads every chunk
file back would write, byte for byte, and a chunk that could not be written stops the run."""
import errno
import hashlib

import numpy as np
import pytest

from glowsim.runner import RunOptions, run_scenario
from glowsim.runner import store as store_mod
from glowsim.runner.chunkwriter import ChunkWriter
from glowsim.runner.store import RunStore, TABLE_NAMES
from glowsim.scenarios import parse_scenario

SWEEP = """engine: fast
players: 3
side: province
seat: {bot: heuristic}
games: 3
seed: 5
sweep:
  - field: content.companions.A11.bursts
    range: {from: 0, to: 11}
  - field: content.companions.B14.effect.bursts
    values: [1, 2]
"""


def _digest(p):
    return hashlib.sha256(p.read_bytes()).hexdigest()


def test_final_tables_from_kept_tables_are_those_of_the_chunk_files(tmp_path):
    out = tmp_path / "run"
    res = run_scenario(parse_scenario(SWEEP, "s.yaml"), RunOptions(out=out, workers=2, progress=False))
    assert res.variants == 24
    m = res.manifest
    parts = [(v["index"], v["name"], 0) for v in m["variants"]]
    kept = {n: _digest(out / f"{n}.parquet") for n in TABLE_NAMES}
    again = tmp_path / "again"
    again.mkdir()
    reread = RunStore(out)             # a store that kept nothing: it reads every chunk file
    reread.table_path = lambda name: again / f"{name}.parquet"
    reread.write_final(parts)
    assert {n: _digest(again / f"{n}.parquet") for n in TABLE_NAMES} == kept
    for n in TABLE_NAMES:              # and the manifest's checksums are of those bytes
        assert m["checksums"][n]["sha256"] == kept[n]


def test_a_chunk_that_cannot_be_written_stops_the_run_and_the_rest_resumes(tmp_path, monkeypatch):
    from glowsim.errors import UserError
    out = tmp_path / "run"
    sc = parse_scenario(SWEEP, "s.yaml")
    real = store_mod.write_bytes
    calls = []

    def full_after_twenty(path, data):
        calls.append(path)
        if len(calls) > 20:            # five chunks' four files each, then the disk is full
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(path, data)
    monkeypatch.setattr(store_mod, "write_bytes", full_after_twenty)
    with pytest.raises(UserError, match="no space left on the device"):
        run_scenario(sc, RunOptions(out=out, workers=2, progress=False))
    done = sorted(out.glob("chunks/*/c000000.index.json"))
    assert 1 <= len(done) <= 5 and not list(out.rglob("*.tmp"))
    monkeypatch.setattr(store_mod, "write_bytes", real)
    res = run_scenario(sc, RunOptions(out=out, workers=2, progress=False))
    assert res.chunks_reused == len(done) and res.chunks_played == 24 - len(done)


def test_the_chunk_writer_raises_the_first_error_and_waits_for_the_rest():
    written = []

    def write(k):
        if k == 3:
            raise OSError(errno.EIO, "input/output error")
        written.append(k)
    w = ChunkWriter(threads=2, max_pending=4)
    with pytest.raises(OSError, match="input/output"):
        for k in range(10):
            w.submit(write, k)
        w.close()
    assert 3 not in written and set(written) <= set(range(10)) - {3}


def test_kernel_tables_of_a_content_do_not_depend_on_the_contents_built_before():
    from glowsim.content import load_game
    from glowsim.fast.kernel import ktables as K
    games = [load_game([{"companions": {"A11": {"bursts": b}}}]) for b in (1, 9)] + \
        [load_game([{"boards": {"province_of_shadows": {"spaces": {3: {"village": 7}}}}}])]
    K._MEMO.clear()
    cold = [K.kernel_tables(g.tables) for g in games]
    warm = [K.kernel_tables(g.tables) for g in reversed(games)][::-1]   # every part memoised now
    for a, b in zip(cold, warm):
        for name in a._fields:
            assert np.array_equal(getattr(a, name), getattr(b, name)), name
            assert getattr(a, name) is not getattr(b, name)
    assert not np.array_equal(cold[0].pot, cold[2].pot)   # the changed village reaches its table
