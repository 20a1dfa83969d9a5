"""Solo aggregations (glowsim.analysis.solo) on a hand-made run: values worked out by hand."""
import math

import pandas as pd
import pytest

from glowsim.analysis import load_run
from glowsim.analysis import solo as SA
from glowsim.analysis.intervals import Z95, newcombe_diff

from analysis.synth import tiny_tables, write_run
from .solo_synth import solo_tables, write_solo_run


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return load_run(write_solo_run(tmp_path_factory.mktemp("solo") / "run", *solo_tables()))


def test_R9_solo_games_margin_and_a_tie_is_toms(run):
    sg = SA.solo_games(run).set_index(["variant", "game_index"])
    assert sg.loc[("prov-pocana", 0), ["margin", "win"]].tolist() == [10, True]
    assert sg.loc[("prov-pocana", 1), ["margin", "win"]].tolist() == [0, False]   # 60 = 60: Tom
    assert sg.loc[("prov-eoles", 0), ["margin", "win"]].tolist() == [-25, False]
    assert sg.loc[("prov-eoles", 1), "adventurer"] == "eoles"


def test_win_rates_per_adventurer_wilson_and_t_intervals(run):
    wr = SA.solo_win_rates(run).set_index("adventurer")
    assert wr.loc["pocana", ["games", "wins", "win_rate"]].tolist() == [2, 1, 0.5]
    # Wilson 1/2: centre (0.5 + z^2/4) / (1 + z^2/2), half z / (1 + z^2/2) * sqrt(1/8 + z^2/16)
    z2 = Z95 ** 2
    centre, half = (0.5 + z2 / 4) / (1 + z2 / 2), Z95 / (1 + z2 / 2) * math.sqrt(1 / 8 + z2 / 16)
    assert wr.loc["pocana", "win_rate_low"] == pytest.approx(centre - half)
    assert wr.loc["pocana", "win_rate_high"] == pytest.approx(centre + half)
    # margins: pocana (10 + 0) / 2 = 5, t(1 df) 12.706 * sd 7.071 / sqrt 2
    assert wr.loc["pocana", "margin"] == 5 and wr.loc["eoles", "margin"] == -10
    assert wr.loc["pocana", "margin_high"] == pytest.approx(5 + 12.7062047 * 10 / 2, rel=1e-6)
    assert wr.loc["eoles", ["score", "tom_score"]].tolist() == [70, 80]
    # the side pooled: 2 wins in 4 games
    assert wr.loc["all", ["games", "wins", "win_rate"]].tolist() == [4, 2, 0.5]


def test_cluster_mean_is_a_ratio_over_game_index_clusters():
    # clusters 0: [1, 0], 1: [1], 2: [0, 0, 1]: sums 1, 1, 1 over sizes 2, 1, 3 -> 3/6
    df = pd.DataFrame({"game_index": [0, 0, 1, 2, 2, 2], "w": [1, 0, 1, 0, 0, 1]})
    iv = SA.cluster_mean(df, "w")
    # var = R^2 var(sizes) / (C mean(size)^2) = 0.25 * 1 / (3 * 4)
    half = Z95 * math.sqrt(0.25 / 12)
    assert (iv.estimate, iv.low, iv.high) == pytest.approx((0.5, 0.5 - half, 0.5 + half))


def test_rate_difference_over_clusters_by_hand():
    # cluster 0: A won, B lost; 1: A won, B won; 2: A lost twice, B won
    cluster = [0, 0, 1, 1, 2, 2, 2]
    win = [1, 0, 1, 1, 0, 0, 1]
    a = [True, False, True, False, True, True, False]
    b = [not x for x in a]
    d, lo, hi = SA.rate_diff_clustered(win, a, b, cluster)
    # p_a = 2/4, p_b = 2/3; u = (W_a - p_a N_a)/(4/3) - (W_b - p_b N_b)/1 = 25/24, 1/24, -26/24
    var = ((25 / 24) ** 2 + (1 / 24) ** 2 + (26 / 24) ** 2) / 2 / 3
    assert d == pytest.approx(0.5 - 2 / 3)
    assert (lo, hi) == pytest.approx((d - Z95 * math.sqrt(var), d + Z95 * math.sqrt(var)))


def test_R9_tile_takes_immediate_and_attributed_bursts(run):
    tk = SA.tile_takes(run)
    g0 = tk[(tk.variant == "prov-pocana") & (tk.game_index == 0)]
    # T1 (2 meeples), T7 (4 bursts), T3 (3 meeples); the Cromaug take has no tile
    assert g0.tile.tolist() == ["T1", "T7", "T3"] and g0.K.tolist() == [3, 3, 3]
    assert g0.immediate.tolist() == [2, 2 + 4, 5]          # band after it + printed bursts
    assert g0.attributed.tolist() == [2 * 3, 4, 3 * 1]     # meeples x tiles to the end + bursts
    assert g0.immediate.sum() == g0.attributed.sum() == 13
    g1 = tk[(tk.variant == "prov-pocana") & (tk.game_index == 1)]
    assert g1.immediate.tolist() == [1 + 5, 3] and g1.attributed.tolist() == [1 * 2 + 5, 2]


def test_tile_impact_counts_bursts_and_more_less_split(run):
    ti = SA.tile_impact(run).set_index("tile")
    t1 = ti.loc["T1"]
    # T1 taken 1, 1, 2, 0 times; attributed 6 | 2 | 4 + 2 | -
    assert (t1["games"], t1["takes"], t1["takes_per_game"]) == (4, 4, 1.0)
    assert t1["bursts_per_take"] == pytest.approx((6 + 2 + 4 + 2) / 4)
    assert t1["immediate_per_take"] == pytest.approx((2 + 3 + 2 + 4) / 4)
    assert t1["bursts_per_game"] == pytest.approx((6 + 2 + 6 + 0) / 4)
    # median count 1: more = eoles game 0 (2 takes, lost), less = eoles game 1 (0, won)
    assert (t1["median_count"], t1["more_counts"], t1["less_counts"]) == (1, "2", "0")
    assert (t1["games_more"], t1["games_less"], t1["win_more"], t1["win_less"]) == (1, 1, 0, 1)
    nd = newcombe_diff(0, 1, 1, 1)          # a rate of 0 or 1: Newcombe's interval
    assert (t1["win_diff"], t1["win_diff_low"], t1["win_diff_high"]) == pytest.approx(tuple(nd[:3]))
    # T7 taken once in 4 games: median 0, nothing below it -> less = at most 0 (3 games, 1 won)
    t7 = ti.loc["T7"]
    assert (t7["more_counts"], t7["less_counts"], t7["games_more"], t7["games_less"]) == ("1", "0", 1, 3)
    assert t7["win_less"] == pytest.approx(1 / 3) and t7["bursts_per_take"] == 4
    # T2 never taken: no take, no split
    t2 = ti.loc["T2"]
    assert t2["takes"] == 0 and math.isnan(t2["bursts_per_take"]) and t2["games_more"] == 0


def test_scores_per_side_player_and_tom(run):
    sc = SA.solo_scores(run).set_index("who")
    assert sc.loc["player", "mean"] == 70 and sc.loc["Tom", "mean"] == 72.5
    assert sc.loc["Tom", "p50"] == 72.5
    assert sc.loc["Tom", ["track", "journey", "footprints", "band"]].tolist() == [57.5, 13.5, 1.5, 3.75]


def test_a_run_without_solo_games_gives_empty_tables(tmp_path):
    run = load_run(write_run(tmp_path / "tiny", *tiny_tables()))
    assert not SA.has_solo(run)
    for f in (SA.solo_games, SA.solo_win_rates, SA.solo_scores, SA.tile_takes, SA.tile_impact):
        assert f(run).empty
