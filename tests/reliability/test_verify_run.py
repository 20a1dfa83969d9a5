"""`glowsim verify RUN_DIR`: a consistent run passes; every kind of damage is found and named.

Damage is made the way it happens: a chunk never finished, a file changed or lost, a
duplicated game written by a faulty engine, content that changed since the run, a record
that no longer replays. Where a real fault would leave the run's own checksums consistent
(a bug upstream of the writer), the test re-signs the files so that only the deeper check
(each game once, replay, record against tables) can catch it.
"""
import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from glowsim.cli.main import main
from glowsim.records import GameRecord
from glowsim.runner.store import RunStore, write_atomic_table
from glowsim.runner.verify_run import sample, verify_run

from .helpers import resign, rewrite_final, run


def problems(folder, **kw):
    res = verify_run(folder, **kw)
    assert not res.ok
    return res.problems


def test_a_complete_run_is_consistent_and_all_records_replay(quick_run):
    res = verify_run(quick_run)
    assert res.ok, res.report()
    assert (res.variants, res.games_per_variant, res.chunks) == (2, 20, 8)
    assert res.records == 14 and res.replayed == 14       # games 0, 3, ..., 18 of both variants
    assert res.rows == {"games": 40, "players": 80, "recruits": res.rows["recruits"]}
    assert "14 of 14 recorded games replayed" in res.report()


def test_replay_sample_is_limited_and_spread(quick_run):
    res = verify_run(quick_run, games=3)
    assert res.ok and res.replayed == 3
    assert sample(list(range(14)), 3) == [0, 6, 13] and sample([1, 2], 5) == [1, 2]


def test_cli_exit_codes_and_messages(quick_run, run_copy, capsys, tmp_path):
    assert main(["verify", str(quick_run), "--games", "4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{quick_run}: consistent: 2 variant(s) x 20 games, 8 chunks")
    RunStore(run_copy).index_path(0, "printed", 2).unlink()
    assert main(["verify", str(run_copy)]) == 1
    cap = capsys.readouterr()
    assert "chunks/000-printed/c000002.index.json: missing chunk: variant 'printed' chunk 2 (games 10..14)" in cap.out
    assert "NOT consistent" in cap.err and "Traceback" not in cap.err
    assert main(["verify", str(tmp_path / "nowhere")]) == 2
    assert "no such run folder" in capsys.readouterr().err
    assert main(["verify", str(quick_run), "--seed", "3"]) == 2
    assert "--seed is not used with RUN_DIR" in capsys.readouterr().err


def test_missing_chunk_is_reported_with_how_to_fix_it(run_copy):
    RunStore(run_copy).index_path(1, "cheap-briki", 3).unlink()
    (p,) = problems(run_copy)
    assert p == ("chunks/001-cheap-briki/c000003.index.json: missing chunk: variant 'cheap-briki' chunk 3 "
                 "(games 15..19) has no readable index (it was never finished); start the same "
                 "`glowsim run` command again to play it")


def test_a_missing_chunk_is_replayed_by_resuming_and_the_run_verifies_again(run_copy, quick_run):
    store = RunStore(run_copy)
    store.index_path(0, "printed", 1).unlink()
    store.chunk_path(0, "printed", 1, "players").unlink()
    before = (quick_run / "players.parquet").read_bytes()
    res = run(run_copy, record_every=3)
    assert res.chunks_played == 1 and res.chunks_reused == 7
    assert (run_copy / "players.parquet").read_bytes() == before
    assert verify_run(run_copy).ok


def test_lost_chunk_file_and_changed_bytes_are_found(run_copy):
    store = RunStore(run_copy)
    store.chunk_path(0, "printed", 0, "recruits").unlink()
    p = store.chunk_path(1, "cheap-briki", 2, "players")
    data = bytearray(p.read_bytes())
    data[len(data) // 2] ^= 0xFF
    p.write_bytes(bytes(data))
    found = problems(run_copy)
    assert "chunks/000-printed/c000000.recruits.parquet: missing chunk file of variant 'printed' chunk 0 " \
           "(games 0..4)" in found
    assert any(x.startswith("chunks/001-cheap-briki/c000002.players.parquet: checksum mismatch") for x in found)


def test_changed_final_table_is_found(run_copy):
    p = run_copy / "games.parquet"
    t = pq.read_table(p)
    t = t.set_column(t.schema.get_field_index("top_score"), "top_score",
                     pa.array([v + 1 for v in t.column("top_score").to_pylist()], pa.int32()))
    pq.write_table(t, p)
    found = problems(run_copy)
    assert any(x.startswith("games.parquet: checksum mismatch") for x in found)
    assert "games.parquet: the rows of variant 'printed' chunk 0 differ from " \
           "chunks/000-printed/c000000.games.parquet" in found


def test_duplicated_game_is_found_even_when_checksums_agree(run_copy):
    # a faulty engine wrote game 6 twice and game 7 never; the runner signed what it got
    store = RunStore(run_copy)
    for table in ("games", "players"):
        p = store.chunk_path(0, "printed", 1, table)
        t = pq.read_table(p)
        gi = [6 if g == 7 else g for g in t.column("game_index").to_pylist()]
        write_atomic_table(t.set_column(1, "game_index", pa.array(gi, pa.int64())), p)
        resign(run_copy, 0, "printed", 1, table)
    rewrite_final(run_copy)
    found = problems(run_copy)
    assert "chunks/000-printed/c000001.games.parquet: duplicated game(s) 6; missing game(s) 7 " \
           "(expected one row per game, games 5..9)" in found
    assert "chunks/000-printed/c000001.players.parquet: duplicated game(s) 6; missing game(s) 7 " \
           "(expected 2 rows per game (one per player), games 5..9)" in found
    assert "games.parquet: duplicated game(s) 6; missing game(s) 7 (expected each game once in " \
           "variant 'printed', games 0..19)" in found


def test_content_hash_mismatch_is_found(run_copy):
    mp = run_copy / "manifest.json"
    m = json.loads(mp.read_text())
    m["variants"][1]["content"][0]["patch"]["companions"]["A11"]["bursts"] = 5   # not what was played
    mp.write_text(json.dumps(m))
    found = problems(run_copy)
    h = m["variants"][1]["content_hash"]
    assert any(x.startswith(f"manifest.json: variant 'cheap-briki': content hash mismatch: the manifest "
                            f"says {h}, its content patches give ") for x in found)
    # its records are not replayed with content they were not played with
    assert "manifest.json: variant 'cheap-briki': 7 recorded game(s) not replayed" in " ".join(found)


def test_edited_manifest_identity_is_found(run_copy):
    mp = run_copy / "manifest.json"
    m = json.loads(mp.read_text())
    m["identity"]["seed"] = 12
    mp.write_text(json.dumps(m))
    found = problems(run_copy)
    assert any("is not the hash of the manifest's identity" in x for x in found)


def _tamper_record(folder, vindex, vname, k, game, change):
    store = RunStore(folder)
    p = store.chunk_path(vindex, vname, k, "records")
    t = pq.read_table(p)
    recs = t.column("record").to_pylist()
    i = t.column("game_index").to_pylist().index(game)
    d = json.loads(recs[i])
    change(d)
    recs[i] = json.dumps(d)
    write_atomic_table(t.set_column(2, "record", pa.array(recs, pa.string())), p)
    resign(folder, vindex, vname, k, "records")


@pytest.mark.parametrize("what,change,expect", [
    ("final score", lambda d: d["final"]["players"][0].update(final=d["final"]["players"][0]["final"] + 1),
     "final state differs"),
    ("a die face lost", lambda d: d.update(dice=d["dice"][:-1]), "replay divergence"),
    ("a decision", lambda d: d.update(decisions=d["decisions"][:2] + [4] + d["decisions"][3:]),
     "replay divergence"),
])
def test_replay_divergence_is_found_and_saved(run_copy, tmp_path, what, change, expect):
    _tamper_record(run_copy, 1, "cheap-briki", 1, 6, change)
    save = tmp_path / "div.json"
    res = verify_run(run_copy, save=str(save))
    assert len(res.problems) == 1, res.problems
    (p,) = res.problems
    assert p.startswith("chunks/001-cheap-briki/c000001.records.parquet: variant 'cheap-briki' game 6: "
                        "replay divergence: ")
    assert expect in p
    assert GameRecord.from_json(save.read_text()).seed == {"root": 11, "game_index": 6}
    assert res.replayed == 13


def test_tables_that_disagree_with_the_record_are_found(run_copy):
    # a faulty engine adapter wrote a wrong score for game 3 seat 1; the writer signed it
    store = RunStore(run_copy)
    p = store.chunk_path(0, "printed", 0, "players")
    t = pq.read_table(p)
    gi, seat = t.column("game_index").to_pylist(), t.column("seat").to_pylist()
    score = [s + 7 if (g, st) == (3, 1) else s for g, st, s in zip(gi, seat, t.column("score").to_pylist())]
    write_atomic_table(t.set_column(t.schema.get_field_index("score"), "score", pa.array(score, pa.int32())), p)
    resign(run_copy, 0, "printed", 0, "players")
    rewrite_final(run_copy)
    (x,) = problems(run_copy)
    assert x.startswith("chunks/000-printed/c000000.records.parquet: variant 'printed' game 3: the tables "
                        "disagree with the record: seat 1 players.score ")


def test_record_of_another_content_is_found(run_copy):
    _tamper_record(run_copy, 0, "printed", 0, 0, lambda d: d.update(content_hash="0123456789abcdef"))
    (x,) = problems(run_copy)
    assert "variant 'printed' game 0: content hash mismatch: the record was played with content " \
           "0123456789abcdef" in x


def test_unfinished_run_is_reported(run_copy):
    mp = run_copy / "manifest.json"
    m = json.loads(mp.read_text())
    m["status"] = "running"
    mp.write_text(json.dumps(m))
    (x,) = problems(run_copy)
    assert x == ("manifest.json: the run is not complete (status 'running'): start the same `glowsim run` "
                 "command again to finish it, then verify")


def test_not_a_run_folder(tmp_path):
    (x,) = problems(tmp_path)
    assert x == "manifest.json: missing: not a run folder (glowsim run writes manifest.json first)"


def test_fast_engine_records_replay_through_the_reference_engine(tmp_path):
    text = """players: 3
side: province
games: 300
chunk_games: 100
seed: 4
seats: [{bot: greedy}, {bot: random}]
"""
    res = run(tmp_path / "fast", text, record_every=25)
    assert res.games_per_variant == 300
    check = verify_run(tmp_path / "fast")
    assert check.ok, check.report()
    assert check.records == 12 and check.replayed == 12
