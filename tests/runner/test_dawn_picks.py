"""The `picks` table of a Dawn run (scenario `dawn` with `counterfactual`; docs/forks.md, docs/rules.md
D1): the same seed gives the same forked picks whatever the workers and the chunks, every
alternative is a card on offer at its pick (the set cards included), and the run verifies, its
forked picks played again and replayed through the reference engine."""
import pandas as pd
import pytest

from glowsim.runner.verify_run import verify_run

from tests.runner.scenario_runs import run_text

SCENARIO = """players: 4
side: province
dawn: {sets: [elemental, anibloom, draconic]}
seat: {adventurer: random, bot: master}
games: 12
chunk_games: 6
seed: 5
counterfactual: {decisions: recruit, sample: 0.5}
"""


@pytest.fixture(scope="module")
def dawn_picks(tmp_path_factory):
    out = tmp_path_factory.mktemp("dawn-picks") / "run"
    run_text(SCENARIO, "dawn-picks.yaml", out)
    return out


def _picks(run):
    return pd.read_parquet(run / "picks.parquet")


def test_D1_workers_and_chunks_do_not_change_the_dawn_picks(dawn_picks, tmp_path):
    run_text(SCENARIO.replace("chunk_games: 6", "chunk_games: 4"), "dawn-picks.yaml",
             tmp_path / "w2", workers=2)
    a, b = _picks(dawn_picks), _picks(tmp_path / "w2")
    assert len(a) > 100
    pd.testing.assert_frame_equal(a, b)


def test_D1_the_dawn_picks_alternatives_are_the_cards_on_offer(dawn_picks):
    p = _picks(dawn_picks)
    recruits = pd.read_parquet(dawn_picks / "recruits.parquet")
    players = pd.read_parquet(dawn_picks / "players.parquet")
    sets = {"A101", "B108", "A201", "B208", "A301", "B308"}
    assert set(p.bot) == {"master"} and sets & set(p.companion)
    for (g, d), rows in p.groupby(["game_index", "decision"]):
        assert list(rows.alternative) == list(range(int(rows.n_offered.iloc[0])))
        rnd, seat = int(rows["round"].iloc[0]), int(rows.seat.iloc[0])
        rec = recruits[(recruits.game_index == g) & (recruits["round"] == rnd) &
                       (recruits.seat == seat) & (recruits.pick >= 0)]
        assert len(rec) == 1 and set(rows.companion) <= set(rec.offered.iloc[0])
        chosen = rows[rows.chosen].iloc[0]
        assert chosen.companion == rec.companion.iloc[0]
        pl = players[(players.game_index == g) & (players.seat == seat)].iloc[0]
        assert chosen.win_share == pl.win_share and chosen.score == pl.score


def test_D1_a_dawn_run_with_picks_verifies(dawn_picks):
    check = verify_run(dawn_picks, games=100)
    assert check.ok, check.problems
    assert check.pick_games >= 1 and check.pick_replays >= 2
