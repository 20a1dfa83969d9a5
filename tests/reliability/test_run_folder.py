"""One run folder holds one run: results of another glowsim version, content, scenario or engine
are refused unless --fresh; chunks of another run are never reused; a crash while the final
tables are written, a second run on the same folder and a damaged manifest are handled."""
import json
import os

import pyarrow.parquet as pq
import pytest

from glowsim.cli.main import main
from glowsim.errors import DiskError
from glowsim.runner import RunFolderError
from glowsim.runner.chunks import sample_games
from glowsim.runner.store import RunStore
from glowsim.runner.verify_run import verify_run

from .helpers import QUICK, folder_files, run, table_bytes

# (what changes, scenario text or None, run options, the difference the refusal names)
CHANGES = [
    ("content", QUICK.replace("bursts: 4", "bursts: 3"), {}, "variant 'cheap-briki': content_hash"),
    ("seed", QUICK.replace("seed: 11", "seed: 12"), {}, "seed 11 -> 12"),
    ("players", QUICK.replace("players: 2", "players: 3"), {}, "variant 'printed': players, seats"),
    ("side", QUICK.replace("side: archipelago", "side: province"), {}, "variant 'printed': side"),
    ("bots", QUICK.replace("bot: random", "bot: greedy"), {}, "variant 'printed': seats"),
    ("variants", QUICK.replace("name: cheap-briki", "name: briki-4"), {},
     "variants ['printed', 'cheap-briki'] -> ['printed', 'briki-4']"),
    ("chunk size", QUICK.replace("chunk_games: 5", "chunk_games: 4"), {}, "chunk_games 5 -> 4"),
    ("engine", QUICK.replace("engine: reference", "engine: fast"), {}, "engine 'reference' -> 'fast'"),
    ("record sample", QUICK, {"record_every": 7}, "record_every 3 -> 7"),
]


@pytest.mark.parametrize("what,text,opts,diff", CHANGES, ids=[c[0] for c in CHANGES])
def test_another_run_in_the_folder_is_refused_and_the_folder_left_as_it_was(run_copy, what, text, opts, diff):
    before = folder_files(run_copy)
    with pytest.raises(RunFolderError) as err:
        run(run_copy, text, **{"record_every": 3, **opts})
    msg = str(err.value)
    assert msg.startswith(f"{run_copy} holds a run of another scenario or content (differs in: ")
    assert diff in msg and msg.endswith("use --fresh to replace it or choose another --out")
    assert folder_files(run_copy) == before


def test_another_glowsim_version_is_refused(run_copy, monkeypatch):
    import glowsim.runner.execute as execute
    monkeypatch.setattr(execute, "__version__", "9.9.9")
    before = folder_files(run_copy)
    with pytest.raises(RunFolderError, match=r"glowsim_version '0\.1\.0' -> '9\.9\.9'"):
        run(run_copy, record_every=3)
    assert folder_files(run_copy) == before


def test_fresh_replaces_the_other_run(run_copy, tmp_path):
    other = QUICK.replace("seed: 11", "seed: 12")
    res = run(run_copy, other, record_every=3, fresh=True)
    assert res.chunks_reused == 0
    run(tmp_path / "clean", other, record_every=3)
    assert table_bytes(run_copy) == table_bytes(tmp_path / "clean")
    assert folder_files(run_copy).keys() - {"manifest.json"} == folder_files(tmp_path / "clean").keys() - {"manifest.json"}
    assert verify_run(run_copy).ok


def test_cli_refusal_is_one_message_exit_2(run_copy, tmp_path, capsys):
    f = tmp_path / "other.yaml"
    f.write_text(QUICK.replace("seed: 11", "seed: 12"))
    assert main(["run", str(f), "--out", str(run_copy), "--workers", "1", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"glowsim run: error: {run_copy} holds a run of another scenario") and "Traceback" not in err


def test_more_games_extend_the_run_and_it_verifies(quick_run, tmp_path):
    a, b = tmp_path / "extended", tmp_path / "direct"
    run(a, games=8, record_every=3)
    res = run(a, games=20, record_every=3)
    assert res.chunks_reused == 2 and res.chunks_played == 6   # the 3-game chunk is played again as 5
    assert table_bytes(a) == table_bytes(quick_run)
    assert verify_run(a).ok


def test_fewer_games_reuse_the_first_chunks_and_verify(run_copy):
    res = run(run_copy, games=10, record_every=3)
    assert res.chunks_played == 0 and res.chunks_reused == 4
    check = verify_run(run_copy)
    assert check.ok and check.games_per_variant == 10 and check.records == 8


def test_chunks_of_another_run_are_not_reused_when_the_manifest_is_lost(run_copy, tmp_path):
    (run_copy / "manifest.json").unlink()
    other = QUICK.replace("seed: 11", "seed: 12")
    res = run(run_copy, other, record_every=3)
    assert res.chunks_reused == 0 and res.chunks_played == 8
    run(tmp_path / "clean", other, record_every=3)
    assert table_bytes(run_copy) == table_bytes(tmp_path / "clean")


def test_damaged_manifest_is_refused_with_a_message_and_replaced_by_fresh(run_copy):
    (run_copy / "manifest.json").write_text('{"status": "compl')
    with pytest.raises(RunFolderError, match=r"manifest\.json: cannot read .*use --fresh to start over"):
        run(run_copy, record_every=3)
    res = run(run_copy, record_every=3, fresh=True)
    assert res.chunks_played == 8 and verify_run(run_copy).ok


def test_a_second_run_on_a_folder_in_use_is_refused(run_copy):
    with RunStore(run_copy).lock():
        with pytest.raises(RunFolderError, match="is being written by another glowsim run"):
            run(run_copy, record_every=3)
    assert run(run_copy, record_every=3).chunks_reused == 8     # the lock is released with its holder


def test_crash_while_writing_the_final_tables_resumes_to_the_same_bytes(run_copy, quick_run, monkeypatch):
    (run_copy / "players.parquet").unlink()
    written = []
    real = pq.ParquetWriter.write_table

    def crash_after_two_chunks(self, table, *a, **kw):
        written.append(table.num_rows)
        if len(written) > 2:
            raise OSError("disk full")
        return real(self, table, *a, **kw)
    monkeypatch.setattr(pq.ParquetWriter, "write_table", crash_after_two_chunks)
    with pytest.raises(DiskError, match=r"\.parquet: cannot write: disk full"):   # one line naming the table
        run(run_copy, record_every=3)
    # no half table under a final name; the manifest says the run is not finished
    assert not any((run_copy / f"{t}.parquet").exists() for t in ("games", "players", "recruits"))
    assert json.loads((run_copy / "manifest.json").read_text())["status"] == "running"
    assert not verify_run(run_copy).ok
    monkeypatch.setattr(pq.ParquetWriter, "write_table", real)
    res = run(run_copy, record_every=3)
    assert res.chunks_played == 0
    assert table_bytes(run_copy) == table_bytes(quick_run)
    assert not list(run_copy.rglob("*.tmp"))
    assert verify_run(run_copy).ok


def test_temporary_files_of_a_killed_run_are_removed(run_copy):
    store = RunStore(run_copy)
    junk = [run_copy / f".games.parquet.{os.getpid() + 1}.tmp",
            store.chunk_dir(0, "printed") / ".c000001.players.parquet.4242.tmp"]
    for p in junk:
        p.write_bytes(b"half")
    run(run_copy, record_every=3)
    assert not any(p.exists() for p in junk)


def duplicate_game(game, match, root_seed, start, count, record=()):
    """A faulty engine adapter: the last game of the chunk is the first one again."""
    from glowsim.runner.chunks import ENGINES
    frames = ENGINES["reference"](game, match, root_seed, start, count, record=record)
    g = frames["games"]
    g.loc[g.index[-1], "game_index"] = start
    return frames


def test_an_engine_returning_a_game_twice_is_refused(tmp_path):
    with pytest.raises(RuntimeError, match=r"returned games \[0, 0, 1, 2, 3\]\.\.\. for games 0\.\.4 "
                                           r"\(each game once\)"):
        run(tmp_path / "dup", engine=f"{__name__}:duplicate_game")
    assert not list((tmp_path / "dup").glob("chunks/*/*.index.json"))


def test_chunks_keep_the_records_of_every_kth_game(quick_run):
    assert sample_games(0, 5, 3) == [0, 3] and sample_games(5, 5, 3) == [6, 9]
    assert sample_games(15, 5, 100) == [] and sample_games(0, 5, 0) == []
    store = RunStore(quick_run)
    m = json.loads(store.manifest_path.read_text())
    assert m["record_every"] == 3 and m["identity"]["record_every"] == 3
    for k, want in enumerate([[0, 3], [6, 9], [12], [15, 18]]):
        got = pq.read_table(store.chunk_path(0, "printed", k, "records")).column("game_index").to_pylist()
        assert got == want
    index = json.loads(store.index_path(0, "printed", 0).read_text())
    assert list(index["files"]) == ["players", "recruits", "records", "games"]
    assert index["key"] == m["key"] and index["count"] == 5
    assert m["checksums"]["games"]["rows"] == 40


def test_a_solo_run_verifies(tmp_path):
    text = "engine: reference\nplayers: 1\nside: province\ngames: 6\nchunk_games: 3\nseed: 2\n"
    run(tmp_path / "solo", text, record_every=2)
    res = verify_run(tmp_path / "solo")
    assert res.ok, res.report()
    assert res.replayed == 3
