"""The `picks` table of a run whose variant has search seats (preset rollout): the search seats'
searched picks forked (docs/forks.md, *Games with search seats*), resumed to the same bytes,
the same on any number of workers, verified by playing the forks again and replaying them."""
import shutil

import pandas as pd
import pytest

from glowsim.runner.store import RunStore
from glowsim.runner.verify_run import verify_run

from tests.runner.scenario_runs import run_text

SCENARIO = """players: 4
side: province
games: 8
chunk_games: 2
seed: 17
seat: {adventurer: random}
counterfactual: {decisions: recruit, sample: 0.5}
variants:
  - name: duel
    seats: [{bot: {preset: rollout, budget: 2, max_options: 2, label: rollout}}, {bot: expert},
            {bot: {preset: rollout, budget: 2, max_options: 2, label: rollout}}, {bot: expert}]
"""


def run(out, **kw):
    return run_text(SCENARIO, "search-picks.yaml", out, **kw)


@pytest.fixture(scope="module")
def search_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("search-picks") / "run"
    run(out)
    return out


def test_only_the_search_seats_picks_are_forked_with_the_game_played_as_chosen(search_run):
    p = pd.read_parquet(search_run / "picks.parquet")
    players = pd.read_parquet(search_run / "players.parquet")
    assert len(p) > 20 and set(p.bot) == {"rollout"} and set(p.seat) <= {0, 2}
    for (g, d), rows in p.groupby(["game_index", "decision"]):
        n = int(rows.n_offered.iloc[0])
        assert n >= 2 and list(rows.alternative) == list(range(n)) and rows.chosen.sum() == 1
        chosen = rows[rows.chosen].iloc[0]
        pl = players[(players.game_index == g) & (players.seat == chosen.seat)].iloc[0]
        assert chosen.win_share == pl.win_share and chosen.score == pl.score


def test_a_resumed_run_and_two_workers_give_the_same_picks(search_run, tmp_path):
    out = tmp_path / "resumed"
    shutil.copytree(search_run, out)
    store = RunStore(out)
    store.chunk_path(0, "duel", 2, "picks").unlink()   # a chunk lost: played again on resume
    (out / "picks.parquet").unlink()
    res = run(out)
    assert (res.chunks_played, res.chunks_reused) == (1, 3)
    run(tmp_path / "w2", workers=2)
    for t in ("picks", "players", "recruits"):
        want = (search_run / f"{t}.parquet").read_bytes()
        assert (out / f"{t}.parquet").read_bytes() == want, t
        assert (tmp_path / "w2" / f"{t}.parquet").read_bytes() == want, t


def test_the_run_verifies_playing_the_forks_again(search_run):
    check = verify_run(search_run, games=100)
    assert check.ok, check.problems
    assert check.pick_games == 2 and check.pick_replays >= 2
