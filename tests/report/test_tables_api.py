"""glowsim.tables: one function per table of the report, giving the same rows as the report's
tables/*.csv; glowsim.load's tidy tables."""
import io

import pandas as pd
import pytest

import glowsim
from glowsim.report import write_report
from glowsim.report.tables import function_of

from analysis.synth import random_run


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory):
    d = tmp_path_factory.mktemp("api")
    run = random_run(d / "run", games=40, slices=((2, "province"), (4, "province"),
                                                  (4, "archipelago")))
    return run, write_report(run, d / "rep")


def same_as_csv(run, rep) -> list[str]:
    """Every table the report wrote, compared with the glowsim.tables function of that name
    (glowsim.report.tables.FILES where the names differ); returns the files compared."""
    seen = []
    for csv in sorted((rep.out / "tables").glob("*.csv")):
        expected = pd.read_csv(csv)
        fn = function_of(csv.stem)
        if csv.stem == "variants":      # the report adds which sections read each variant
            expected = expected.iloc[:, :4]
        got = pd.read_csv(io.StringIO(getattr(glowsim.tables, fn)(run).to_csv(index=False)))
        # the same rows and columns; sums in SQL may differ in their last bits between queries
        pd.testing.assert_frame_equal(got, expected, check_exact=False, rtol=1e-12,
                                      obj=csv.name)
        seen.append(csv.stem)
    return seen


def test_each_table_of_the_report_is_a_table_function(synthetic):
    run, rep = synthetic
    seen = same_as_csv(run, rep)
    assert {"variants", "cards", "adventurers", "balance", "seats", "sides", "side_differences",
            "side_verdicts", "reroll_usage", "reroll_value", "reroll_per_token",
            "reroll_sources", "sweep_points", "sweep_crossings"} <= set(seen)


def test_pick_bot_and_solo_tables_are_table_functions(tmp_path, monkeypatch):
    from glowsim.analysis import bots as BA

    from analysis.bots_synth import DUELS, SELF, write_bot_run
    from analysis.synth_picks import add_picks
    from solo.solo_synth import solo_tables, write_solo_run
    monkeypatch.setattr(BA, "MIN_GAMES", 1)      # the synthetic bot run has 3-4 games a variant
    runs = {"picks": add_picks(random_run(tmp_path / "picks", games=60, with_rerolls=False,
                                          slices=((3, "province"), (4, "province")))),
            "bots": write_bot_run(tmp_path / "bots", DUELS + SELF),
            "solo": write_solo_run(tmp_path / "solo", *solo_tables())}
    seen = set()
    for name, run in runs.items():
        seen |= set(same_as_csv(run, write_report(run, tmp_path / f"{name}-rep")))
    assert {"pick_values", "pick_values_by_stage", "pick_regret", "sweep_pick_values",
            "sweep_pick_crossings", "bot_duels", "bot_card_metrics", "bot_rank_correlations",
            "bot_verdict_flips", "solo_win_rates", "solo_scores", "solo_tiles"} <= seen


def test_every_table_function_is_public():
    from glowsim.report import tables as T
    public = set(glowsim.tables.__all__)
    for csv, fn in T.FILES.items():
        assert fn in public and csv not in public
    assert {"pick_values", "bot_pick_rank_correlations", "bot_pick_value_noise",
            "bot_pick_verdict_flips", "reroll_sources", "solo_tiles"} <= public


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
