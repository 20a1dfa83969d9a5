"""The `picks` table: recruit picks forked by the runner (scenario `counterfactual`), written,
resumed and verified like the other tables (contract.md section 6, docs/forks.md)."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest

from glowsim.errors import UserError
from glowsim.runner.store import SCHEMAS, RunStore
from glowsim.runner.verify_run import verify_run

from tests.reliability.helpers import resign
from tests.runner.scenario_runs import run_text

SCENARIO = """players: 3
side: province
games: 24
chunk_games: 6
seed: 5
counterfactual: {decisions: recruit, sample: 0.5}
"""
CONTRACT = ["variant", "game_index", "n_players", "side", "round", "pick", "decision", "seat", "bot",
            "n_offered", "alternative", "companion", "chosen", "win_share", "score"]


def run(out, text=SCENARIO, **kw):
    return run_text(text, "picks.yaml", out, **kw)


@pytest.fixture(scope="module")
def picks_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("picks") / "run"
    run(out)
    return out


def test_the_table_has_the_contract_columns_and_the_chosen_row_is_the_game_played(picks_run):
    p = pd.read_parquet(picks_run / "picks.parquet")
    players = pd.read_parquet(picks_run / "players.parquet")
    recruits = pd.read_parquet(picks_run / "recruits.parquet")
    assert list(p.columns) == CONTRACT == SCHEMAS["picks"].names
    assert len(p) > 100 and set(p.n_players) == {3} and set(p.side) == {"province"}
    assert set(p.bot) == {"heuristic"}
    for (g, d), rows in p.groupby(["game_index", "decision"]):
        n = int(rows.n_offered.iloc[0])
        assert n >= 2 and (rows.n_offered == n).all()
        assert list(rows.alternative) == list(range(n))
        assert rows.chosen.sum() == 1
        rnd, seat = int(rows["round"].iloc[0]), int(rows.seat.iloc[0])
        rec = recruits[(recruits.game_index == g) & (recruits["round"] == rnd) & (recruits.seat == seat)
                       & (recruits.pick >= 0)]
        assert len(rec) == 1 and int(rec.pick.iloc[0]) == int(rows.pick.iloc[0])
        # every alternative is a card on offer at that pick, the chosen one the card recruited
        assert set(rows.companion) <= set(rec.offered.iloc[0])
        chosen = rows[rows.chosen].iloc[0]
        assert chosen.companion == rec.companion.iloc[0]
        # common mode: the bot's own row plays the game as it was (docs/forks.md), bit for bit
        pl = players[(players.game_index == g) & (players.seat == seat)].iloc[0]
        assert chosen.win_share == pl.win_share and chosen.score == pl.score
    # about half of the picks with a choice are forked (sample 0.5, a hash of seed, game, decision)
    with_choice = sum(len(set(o)) >= 2 for o in recruits[recruits.pick >= 0].offered)
    forked = p.groupby(["game_index", "decision"]).ngroups
    assert 0.3 * with_choice < forked < 0.7 * with_choice


def test_the_run_verifies_and_replays_forked_picks(picks_run):
    check = verify_run(picks_run, games=100)
    assert check.ok, check.problems
    assert check.pick_games == 2 and check.pick_replays >= 4
    assert check.rows["picks"] == pq.read_metadata(picks_run / "picks.parquet").num_rows


def test_verify_finds_a_changed_pick_row(picks_run, tmp_path):
    import shutil
    out = tmp_path / "run"
    shutil.copytree(picks_run, out)
    store = RunStore(out)
    p = store.chunk_path(0, "base", 0, "picks")
    t = pq.read_table(p).to_pandas()
    first = int(t.game_index.iloc[0])
    t.loc[0, "score"] = int(t.loc[0, "score"]) + 1
    from glowsim.runner.store import to_arrow, write_atomic_table
    write_atomic_table(to_arrow("picks", t), p)
    resign(out, 0, "base", 0, "picks")
    check = verify_run(out, games=50 * 24)   # every game with picks played again
    assert any(f"game {first}: the picks rows differ from the game's forks played again" in x
               for x in check.problems), check.problems
    assert any("picks.parquet" in x for x in check.problems)   # the final table is not the chunks


def test_workers_do_not_change_the_picks(picks_run, tmp_path):
    run(tmp_path / "w2", workers=2)
    assert (tmp_path / "w2" / "picks.parquet").read_bytes() == (picks_run / "picks.parquet").read_bytes()


def test_a_killed_run_resumes_to_the_same_picks(tmp_path):
    """SIGKILL once the first chunk is written (of ten), then the same command again: the
    tables are those of an unbroken run, byte for byte."""
    text = SCENARIO.replace("games: 24", "games: 40").replace("chunk_games: 6", "chunk_games: 4")
    f = tmp_path / "picks.yaml"
    f.write_text(text)
    out = tmp_path / "run"
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    proc = subprocess.Popen([sys.executable, "-m", "glowsim", "run", str(f), "--out", str(out),
                             "--quiet"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    t0 = time.time()
    while len(list(out.glob("chunks/*/c*.index.json"))) < 1 and proc.poll() is None:
        assert time.time() - t0 < 600
        time.sleep(0.005)
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=60)
    done = len(list(out.glob("chunks/*/c*.index.json")))
    assert 1 <= done < 10 and not (out / "picks.parquet").exists()   # stopped mid-run
    res = run(out, text)
    assert res.chunks_reused == done and res.chunks_played == 10 - done
    run(tmp_path / "unbroken", text)
    for t in ("picks", "games", "players", "recruits"):
        assert (out / f"{t}.parquet").read_bytes() == (tmp_path / "unbroken" / f"{t}.parquet").read_bytes(), t


def test_another_sample_rate_is_another_run(picks_run, tmp_path):
    import shutil
    out = tmp_path / "run"
    shutil.copytree(picks_run, out)
    with pytest.raises(UserError, match="counterfactual"):
        run(out, SCENARIO.replace("sample: 0.5", "sample: 0.25"))


def test_a_run_without_the_field_has_no_picks_and_its_key_is_unchanged(tmp_path):
    text = SCENARIO.replace("counterfactual: {decisions: recruit, sample: 0.5}\n", "").replace(
        "games: 24", "games: 6")
    res = run(tmp_path / "plain", text)
    assert "picks" not in res.rows and not (tmp_path / "plain" / "picks.parquet").exists()
    m = json.loads((tmp_path / "plain" / "manifest.json").read_text())
    assert "counterfactual" not in m["identity"] and "picks" not in m["checksums"]
    assert verify_run(tmp_path / "plain", games=5).ok


def test_solo_games_fork_the_players_picks(tmp_path):
    text = """players: 1
side: archipelago
seat: {adventurer: pocana}
games: 6
seed: 2
counterfactual: {decisions: recruit, sample: 1}
"""
    run(tmp_path / "solo", text)
    p = pd.read_parquet(tmp_path / "solo" / "picks.parquet")
    players = pd.read_parquet(tmp_path / "solo" / "players.parquet")
    assert len(p) and set(p.seat) == {0} and set(p.n_players) == {1}
    chosen = p[p.chosen].merge(players, on=["game_index", "seat"], suffixes=("", "_game"))
    assert (chosen.score == chosen.score_game).all() and (chosen.win_share == chosen.win_share_game).all()
    check = verify_run(tmp_path / "solo", games=100)
    assert check.ok and check.pick_replays >= 2, check.problems


def test_missing_picks_files_are_reported_and_a_resume_plays_the_chunk_again(picks_run, tmp_path):
    import shutil
    out = tmp_path / "run"
    shutil.copytree(picks_run, out)
    store = RunStore(out)
    chunk = store.chunk_path(0, "base", 1, "picks")
    chunk.unlink()
    (out / "picks.parquet").unlink()
    problems = verify_run(out, games=5).problems
    assert any(p.startswith("picks.parquet: missing final table") for p in problems), problems
    assert any("c000001.picks.parquet: missing chunk file" in p for p in problems), problems
    res = run(out)
    assert (res.chunks_played, res.chunks_reused) == (1, 3)
    assert (out / "picks.parquet").read_bytes() == (picks_run / "picks.parquet").read_bytes()
