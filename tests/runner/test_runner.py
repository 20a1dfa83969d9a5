"""Runner: byte-identical tables across workers and backends, resume, refusal, precision stopping.

Games are played by the reference engine (2-player archipelago with random bots is
its quickest match), so these tests check real tables, not a stand-in.
"""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from glowsim import __version__
from glowsim.runner import RunFolderError, RunOptions, run_scenario
from glowsim.runner.stopping import chunk_counts, wilson_half_width
from glowsim.runner.store import COLUMNS, TABLE_NAMES
from glowsim.scenarios import parse_scenario

QUICK = """engine: reference
players: 2
side: archipelago
seat: {bot: random}
games: 24
chunk_games: 5
seed: 11
variants:
  - name: printed
  - name: cheap-briki
    content: {companions: {A11: {bursts: 4}}}
"""


def scenario(text=QUICK):
    return parse_scenario(text, "quick.yaml")


def run(out, text=QUICK, **kw):
    kw.setdefault("progress", False)
    return run_scenario(scenario(text), RunOptions(out=Path(out), **kw))


def table_bytes(folder):
    return {t: (Path(folder) / f"{t}.parquet").read_bytes() for t in TABLE_NAMES}


@pytest.fixture(scope="module")
def one_worker(tmp_path_factory):
    out = tmp_path_factory.mktemp("w1")
    res = run(out, workers=1)
    return out, res


def test_tables_have_the_design_columns_and_every_game_once(one_worker):
    out, res = one_worker
    assert res.variants == 2 and res.games_per_variant == 24
    for t in TABLE_NAMES:
        assert list(pd.read_parquet(out / f"{t}.parquet").columns) == COLUMNS[t]
    games = pd.read_parquet(out / "games.parquet")
    players = pd.read_parquet(out / "players.parquet")
    recruits = pd.read_parquet(out / "recruits.parquet")
    assert list(games.variant.unique()) == ["printed", "cheap-briki"]
    for v, g in games.groupby("variant"):
        assert sorted(g.game_index) == list(range(24))           # no game lost or duplicated
    assert len(players) == 2 * 24 * 2 and set(players.bot) == {"random"}
    # E9: the win shares of a game add up to 1
    assert (players.groupby(["variant", "game_index"]).win_share.sum().round(9) == 1.0).all()
    # R3: each player recruits once a round, 8 rounds
    per_player = recruits.groupby(["variant", "game_index", "seat"]).size()
    assert (per_player >= 8).all()
    picks = recruits[recruits.pick >= 0]      # pick -1: taken back from the cemetery (Cromaug, R5)
    assert all(r.companion in r.offered and len(r.offered) >= 2 for r in picks.itertuples())
    assert (recruits[recruits.pick < 0].offered.map(len) == 0).all()


def test_variants_are_paired_on_the_same_seeds(one_worker):
    out, _ = one_worker
    games = pd.read_parquet(out / "games.parquet").set_index(["variant", "game_index"])
    players = pd.read_parquet(out / "players.parquet")
    # same seeds and the same number of cards: same first player and adventurers in every game
    assert (games.loc["printed"].first_player.values == games.loc["cheap-briki"].first_player.values).all()
    a = players[players.variant == "printed"].adventurer.values
    b = players[players.variant == "cheap-briki"].adventurer.values
    assert (a == b).all()


def test_manifest_records_scenario_version_content_seed_counts(one_worker):
    out, res = one_worker
    m = json.loads((out / "manifest.json").read_text())
    assert m["status"] == "complete" and m["glowsim_version"] == __version__
    assert m["seed"] == 11 and m["engine"] == "reference" and m["chunk_games"] == 5
    assert [v["name"] for v in m["variants"]] == ["printed", "cheap-briki"]
    assert m["variants"][1]["patch"] == {"companions": {"A11": {"bursts": 4}}}
    assert m["variants"][0]["content_hash"] != m["variants"][1]["content_hash"]
    assert m["counts"]["games_per_variant"] == 24 and m["counts"]["players_rows"] == 96
    assert m["counts"]["chunks"] == 10   # 5 chunks (5, 5, 5, 5, 4 games) per variant
    assert m["scenario"]["spec"]["variants"][1]["name"] == "cheap-briki"


def test_two_workers_write_the_same_bytes(one_worker, tmp_path):
    out1, _ = one_worker
    run(tmp_path, workers=2)
    assert table_bytes(tmp_path) == table_bytes(out1)


def test_dask_backend_writes_the_same_bytes(one_worker, tmp_path):
    from distributed import LocalCluster
    out1, _ = one_worker
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cl:
        run(tmp_path, workers=2, backend="dask", scheduler=cl.scheduler_address)
    assert table_bytes(tmp_path) == table_bytes(out1)


def test_rerun_reuses_chunks_and_extends_to_more_games(one_worker, tmp_path):
    out1, _ = one_worker
    res = run(tmp_path, workers=1, games=12)
    assert res.chunks_played == 6 and res.chunks_reused == 0
    res = run(tmp_path, workers=1, games=12)
    assert res.chunks_played == 0 and res.chunks_reused == 6
    res = run(tmp_path, workers=2)            # 24 games: the 12-game chunks are kept (5, 5 and a new 5)
    assert res.chunks_played == 6 and res.chunks_reused == 4   # the 2-game chunk is replayed as 5
    assert table_bytes(tmp_path) == table_bytes(out1)


def test_a_half_written_chunk_is_played_again(one_worker, tmp_path):
    out1, _ = one_worker
    run(tmp_path, workers=1)
    chunk = tmp_path / "chunks" / "001-cheap-briki"
    (chunk / "c000002.games.parquet").unlink()        # killed between the table files of a chunk
    (chunk / "c000003.players.parquet").write_bytes(b"torn")
    res = run(tmp_path, workers=1)
    assert res.chunks_played == 2 and res.chunks_reused == 8
    assert table_bytes(tmp_path) == table_bytes(out1)


def test_another_scenario_in_the_folder_is_refused_unless_fresh(one_worker, tmp_path):
    run(tmp_path, workers=1, games=5)
    other = QUICK.replace("seed: 11", "seed: 12").replace("bursts: 4", "bursts: 3")
    with pytest.raises(RunFolderError) as err:
        run(tmp_path, other, workers=1, games=5)
    assert str(err.value) == (f"{tmp_path} holds a run of another scenario or content (differs in: seed 11 "
                              f"-> 12; variant 'cheap-briki': content_hash); use --fresh to replace it "
                              f"or choose another --out")
    res = run(tmp_path, other, workers=1, games=5, fresh=True)
    assert res.chunks_reused == 0 and json.loads((tmp_path / "manifest.json").read_text())["seed"] == 12


def test_precision_stops_at_the_same_chunk_for_any_worker_count(tmp_path):
    text = QUICK.replace("games: 24", "games: 10")
    a = run(tmp_path / "a", text, workers=1, precision=0.3, max_games=30)
    b = run(tmp_path / "b", text, workers=2, precision=0.3, max_games=30)
    assert a.games_per_variant == b.games_per_variant
    assert table_bytes(tmp_path / "a") == table_bytes(tmp_path / "b")
    # the widest reported interval, recomputed from the tables, is what the run reports
    players = pd.read_parquet(tmp_path / "a" / "players.parquet")
    widest = 0.0
    for v in ("printed", "cheap-briki"):
        p = players[players.variant == v]
        for adv, g in p.groupby("adventurer"):
            widest = max(widest, wilson_half_width(g.win_share.sum(), len(g)))
    assert a.widest >= widest
    if a.precision_reached:
        assert a.widest < 0.3
    else:
        assert a.games_per_variant == 30


def test_precision_is_reached_with_a_loose_target(tmp_path):
    text = QUICK.replace("games: 24", "games: 5")
    res = run(tmp_path, text, workers=1, precision=0.38, max_games=300)
    assert res.precision_reached and res.widest < 0.38
    assert 5 < res.games_per_variant < 300 and res.games_per_variant % 5 == 0
    # one chunk row fewer would not have reached it: the run stops at the first row that does
    run(tmp_path / "short", text, workers=1, games=res.games_per_variant - 5)
    from glowsim.runner.stopping import Precision
    acc = Precision()
    recruits = pd.read_parquet(tmp_path / "short" / "recruits.parquet")
    players = pd.read_parquet(tmp_path / "short" / "players.parquet")
    import pyarrow as pa
    for v in ("printed", "cheap-briki"):
        acc.add(v, chunk_counts(pa.Table.from_pandas(players[players.variant == v]),
                                pa.Table.from_pandas(recruits[recruits.variant == v])))
    assert acc.widest()[0] >= 0.38
    m = json.loads((tmp_path / "manifest.json").read_text())
    assert m["stopping"]["reached"] is True and m["stopping"]["precision"] == 0.38


def test_wilson_half_width_known_values():
    # Wilson 95% interval of 5/10 is (0.2366, 0.7634)
    assert wilson_half_width(5, 10) == pytest.approx((0.76339 - 0.23661) / 2, abs=1e-4)
    assert wilson_half_width(0, 0) == float("inf")
    assert wilson_half_width(0, 100) == pytest.approx(0.0370 / 2, abs=1e-3)


def test_chunk_counts_count_a_player_game_once(one_worker):
    import pyarrow as pa
    players = pa.table({"game_index": [0, 0], "seat": [0, 1], "adventurer": ["eoles", "orium"],
                        "win_share": [1.0, 0.0]})
    recruits = pa.table({"game_index": [0, 0, 0], "seat": [0, 0, 1],
                         "companion": ["B18", "B18", "B18"]})   # seat 0 took B18 twice (Cromaug)
    c = chunk_counts(players, recruits)
    assert c[("companion", "B18")] == [2, 1.0]
    assert c[("adventurer", "eoles")] == [1, 1.0]


def _chunks_written(out: Path) -> int:
    return len(list(out.glob("chunks/*/c*.games.parquet")))


def _start(cmd, env):
    return subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _kill_after(proc, out, chunks, timeout=60):
    t0 = time.time()
    while _chunks_written(out) < chunks:
        assert proc.poll() is None, f"run ended before it could be killed: {proc.stderr.read()}"
        assert time.time() - t0 < timeout
        time.sleep(0.01)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()


def test_resume_after_sigkill_equals_an_uninterrupted_run(tmp_path):
    text = """engine: reference
players: 4
side: archipelago
seat: {bot: random}
games: 40
chunk_games: 2
seed: 5
variants:
  - name: a
  - name: b
    content: {companions: {A11: {bursts: 3}}}
"""
    f = tmp_path / "s.yaml"
    f.write_text(text)
    out = tmp_path / "killed"
    cmd = [sys.executable, "-m", "glowsim", "run", str(f), "--out", str(out), "--workers", "1", "--quiet"]
    env = dict(os.environ, PYTHONHASHSEED="0")
    _kill_after(_start(cmd, env), out, 3)
    first = _chunks_written(out)
    assert 3 <= first < 40 and not (out / "games.parquet").exists()
    _kill_after(_start(cmd, env), out, first + 4)          # killed a second time, later
    assert _chunks_written(out) < 40
    done = subprocess.run(cmd, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "chunks resumed" in done.stdout
    ref = tmp_path / "whole"
    run_scenario(parse_scenario(text, str(f)), RunOptions(out=ref, workers=2, progress=False))
    assert table_bytes(out) == table_bytes(ref)
    games = pd.read_parquet(out / "games.parquet")
    assert games.groupby("variant").game_index.apply(lambda s: sorted(s) == list(range(40))).all()


@pytest.mark.slow
def test_cli_dask_local_cluster_of_processes_matches_local(one_worker, tmp_path, capsys):
    from glowsim.cli.main import main
    out1, _ = one_worker
    f = tmp_path / "quick.yaml"
    f.write_text(QUICK)
    code = main(["run", str(f), "--out", str(tmp_path / "d"), "--backend", "dask", "--workers", "2",
                 "--quiet"])
    assert code == 0, capsys.readouterr().err
    assert table_bytes(tmp_path / "d") == table_bytes(out1)
