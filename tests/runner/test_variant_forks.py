"""A run whose variants fork recruit picks or not (a variant's `counterfactual: false`):
picks chunks and rows only where the variant forks, verified so, read by the tables, the
report's pick regret and pick-value stopping."""
import json
import shutil

import pandas as pd
import pytest

import glowsim.tables as GT
from glowsim import analysis as A
from glowsim.analysis.cards import SLICE
from glowsim.analysis.picks import pick_regret
from glowsim.runner.store import RunStore
from glowsim.runner.verify_run import verify_run

from tests.runner.scenario_runs import run_text

SCENARIO = """players: 3
side: province
games: 24
chunk_games: 6
seed: 5
counterfactual: {decisions: recruit, sample: 0.5}
variants:
  - name: forks
  - name: plain
    counterfactual: false
  - name: tokens
    seats: [{start_rerolls: 2}, {}, {}]
"""
ALONE = """players: 3
side: province
games: 24
chunk_games: 6
seed: 5
counterfactual: {decisions: recruit, sample: 0.5}
"""


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    out = tmp_path_factory.mktemp("forks") / "run"
    run_text(SCENARIO, "mixed.yaml", out)
    return out


def test_only_the_forking_variants_hold_picks_and_they_are_those_of_the_variant_alone(
        mixed, tmp_path):
    p = pd.read_parquet(mixed / "picks.parquet")
    assert set(p.variant.astype(str)) == {"forks", "tokens"}
    store = RunStore(mixed)
    assert not list(store.chunk_dir(1, "plain").glob("*.picks.parquet"))
    assert len(list(store.chunk_dir(0, "forks").glob("*.picks.parquet"))) == 4
    run_text(ALONE, "alone.yaml", tmp_path / "alone")
    alone = pd.read_parquet(tmp_path / "alone" / "picks.parquet").drop(columns="variant")
    mine = p[p.variant.astype(str) == "forks"].drop(columns="variant").reset_index(drop=True)
    pd.testing.assert_frame_equal(mine, alone)
    ident = json.loads((mixed / "manifest.json").read_text())["identity"]
    assert [v.get("counterfactual") for v in ident["variants"]] == [None, False, None]
    assert ident["counterfactual"] == {"decisions": "recruit", "sample": 0.5}


def test_the_run_verifies_and_a_picks_chunk_in_a_variant_without_forks_is_reported(mixed, tmp_path):
    check = verify_run(mixed, games=100)
    assert check.ok, check.problems
    assert check.pick_games >= 1
    out = tmp_path / "run"
    shutil.copytree(mixed, out)
    store = RunStore(out)
    shutil.copy(store.chunk_path(0, "forks", 0, "picks"), store.chunk_path(1, "plain", 0, "picks"))
    problems = verify_run(out, games=5).problems
    assert any("c000000.picks.parquet" in x and "its variant 'plain' forks no decision" in x
               for x in problems), problems


def test_pick_values_and_regret_read_the_published_game_variants(mixed):
    run = A.load_run(mixed)
    values = GT.pick_values(run)
    assert len(values) and set(zip(values.n_players, values.side)) == {(3, "province")}
    # pick regret pools the variants the other sections read: not the extra-token one
    got = GT.pick_regret(run)
    want = pick_regret(run.subset(["forks"]), by=SLICE)
    pd.testing.assert_frame_equal(got.reset_index(drop=True), want.reset_index(drop=True))
    everything = pick_regret(run, by=SLICE)
    assert (everything[everything.stage == "all"].n_picks.sum()
            > got[got.stage == "all"].n_picks.sum())


def test_pick_value_stopping_reads_the_forking_variants_only(tmp_path):
    text = SCENARIO.replace("games: 24", "games: 12\nmax_games: 24\nprecision: {pick_value: 50}")
    res = run_text(text, "stop.yaml", tmp_path / "stop")
    m = json.loads((tmp_path / "stop" / "manifest.json").read_text())
    stop = m["stopping"]["pick_value"]
    assert stop["precision"] == 50 and stop["widest_card"].split(":")[0] in ("forks", "tokens")
    assert res.rows["games"] == 3 * 24      # too few games behind a card to stop before max_games
    assert verify_run(tmp_path / "stop", games=5).ok
