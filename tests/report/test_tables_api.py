"""glowsim.tables: one function per table of the report, giving the same rows as the report's
tables/*.csv; glowsim.load's tidy tables."""
import io

import pandas as pd
import pytest

import glowsim
from glowsim.report import write_report

from analysis.synth import random_run

SAME_AS_CSV = {"variants": "variants", "companion_strength": "cards",
               "adventurer_strength": "adventurers", "balance": "balance", "seats": "seats",
               "sides": "sides", "side_differences": "side_differences",
               "side_verdicts": "side_verdicts", "reroll_usage": "reroll_usage",
               "reroll_value": "reroll_value", "reroll_per_token": "reroll_per_token",
               "sweep_points": "sweep_points", "sweep_crossings": "sweep_crossings"}


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory):
    d = tmp_path_factory.mktemp("api")
    run = random_run(d / "run", games=40, slices=((2, "province"), (4, "province"),
                                                  (4, "archipelago")))
    return run, write_report(run, d / "rep")


@pytest.mark.parametrize("fn", sorted(SAME_AS_CSV))
def test_each_table_function_gives_the_report_csv(synthetic, fn):
    run, rep = synthetic
    expected = pd.read_csv(rep.out / "tables" / f"{SAME_AS_CSV[fn]}.csv")
    if fn == "variants":      # the report adds which sections read each variant
        expected = expected.iloc[:, :4]
    got = pd.read_csv(io.StringIO(getattr(glowsim.tables, fn)(run).to_csv(index=False)))
    # the same rows and columns; sums in SQL may differ in their last bits between queries
    pd.testing.assert_frame_equal(got, expected, check_exact=False, rtol=1e-12)


def test_load_gives_tidy_tables_with_game_keys(synthetic):
    run, _ = synthetic
    data = glowsim.load(run)
    assert len(data.games) == 480 and data.variants[0] == data.games["variant"].iloc[0]
    for t in (data.players, data.recruits, data.offers):
        assert {"variant", "game_index", "n_players", "side"} <= set(t.columns)
    # each player row carries its game's player count and side
    m = data.players.merge(data.games[["variant", "game_index", "n_players", "side"]],
                           on=["variant", "game_index"], suffixes=("", "_game"))
    assert len(m) == len(data.players)
    assert (m["n_players"] == m["n_players_game"]).all()
    assert (m["side"].astype(str) == m["side_game"].astype(str)).all()
    # the tables take the loaded object, the analysis run or the folder alike
    pd.testing.assert_frame_equal(glowsim.tables.balance(data), glowsim.tables.balance(run),
                                  check_exact=False, rtol=1e-12)


def test_variant_argument_and_unknown_names(synthetic):
    run, _ = synthetic
    name = glowsim.load(run).variants[0]
    one = glowsim.tables.balance(run, variant=name)
    assert len(one) == 1
    with pytest.raises(ValueError, match=r"no variant 'nope' in this run; its variants: "):
        glowsim.tables.balance(run, variant="nope")


def test_scenario_mapping_errors_name_the_field(tmp_path):
    from glowsim.scenarios import ScenarioError
    with pytest.raises(ScenarioError, match="scenario mapping.*players"):
        glowsim.run({"players": 9}, games=10, out=tmp_path / "x", progress=False)
    assert not (tmp_path / "x").exists()
