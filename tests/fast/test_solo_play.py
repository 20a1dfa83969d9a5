"""R9 solo blocks of the fast path: Match(1, side, ..., tom_colors=...), the solo columns of
the result tables (contract.md section 6), the refusals of what solo mode has not, and blocks
independent of how they are split over workers."""
from __future__ import annotations

import numpy as np
import pytest

from glowsim.engine import replay
from glowsim.fast import Match, bot_preset, play_block
from glowsim.scenarios.expand import game_for

from .conftest import scale

TOM = ["tom_score", "tom_track", "tom_journey", "tom_footprints", "tom_band", "tom_colors"]


@pytest.fixture(scope="module")
def solo_block(game, compiled):
    m = Match(1, "province", ["random"], [bot_preset("heuristic")], bot_labels=["h"])
    n = scale(80, 4)
    return n, play_block(game, m, 12, 100, n, record=[100, 101], workers=1)


def test_R9_section6_solo_columns(solo_block):
    n, cols = solo_block
    g, pl, rc = cols["games"], cols["players"], cols["recruits"]
    assert set(TOM) <= set(g) and all(len(g[c]) == n for c in TOM)
    assert (g["n_players"] == 1).all() and (g["first_player"] == 0).all() and (g["n_winners"] == 1).all()
    assert np.array_equal(g["tom_score"], g["tom_track"] + g["tom_journey"] + g["tom_footprints"])
    assert np.array_equal(g["margin"], pl["score"] - g["tom_score"])        # the player minus Tom
    assert np.array_equal(g["top_score"], np.maximum(pl["score"], g["tom_score"]))
    assert np.array_equal(pl["win"], pl["score"] > g["tom_score"])          # strictly more than Tom
    assert np.array_equal(pl["win_share"], pl["win"].astype(float))
    assert (pl["turn_pos"] == 0).all() and set(pl["bot"]) == {"h"}
    for c in g["tom_colors"]:
        a, b = c.split(",")
        assert a != b and {a, b} != {"yellow", "purple"}
    assert "tile" in rc
    assert all(t in {f"T{i}" for i in range(1, 9)} for t, pick in zip(rc["tile"], rc["pick"]) if pick >= 0)
    assert all(t is None for t, pick in zip(rc["tile"], rc["pick"]) if pick < 0)   # a Cromaug take
    assert (rc["pick"][rc["pick"] >= 0] == 0).all()
    # one recruit (and one tile) per round until the tiles end the game (E14)
    picks = np.bincount(rc["game_index"][rc["pick"] >= 0] - 100, minlength=n)
    assert np.array_equal(picks, g["rounds"])


def test_R9_solo_records_replay(game, solo_block):
    n, cols = solo_block
    assert [r.seed["game_index"] for r in cols["records"]] == [100, 101]
    for rec in cols["records"]:
        assert rec.solo and rec.n_players == 1 and rec.setup["first_player"] == 0
        assert replay(game, rec) == rec.final


def test_R9_fixed_tom_colours(game, compiled):
    m = Match(1, "archipelago", ["eoles"], [bot_preset("greedy")], tom_colors=["red", "green"])
    cols = play_block(game, m, 1, 0, scale(10, 2), record=[0], workers=1)
    assert set(cols["games"]["tom_colors"]) == {"red,green"}
    assert cols["records"][0].setup["tom_colors"] == ["red", "green"]


def test_R9_solo_block_same_over_workers(game, compiled):
    m = Match(1, "archipelago", ["random"], [bot_preset("heuristic")])
    n = scale(40, 4)
    one = play_block(game, m, 9, 0, n, record=[0, n - 1], workers=1)
    two = play_block(game, m, 9, 0, n, record=[0, n - 1], workers=2)
    for t in ("games", "players", "recruits"):
        assert one[t].keys() == two[t].keys()
        for k in one[t]:
            assert list(one[t][k]) == list(two[t][k]), (t, k)
    assert [r.to_json() for r in one["records"]] == [r.to_json() for r in two["records"]]


@pytest.mark.parametrize("kwargs, message", [
    (dict(adventurers=["draft"]), "solo game has no draft"),
    (dict(start_tokens=[2]), "no reroll tokens at setup"),
    (dict(adventurers=["random"], tom_colors=["green", "blue"]), "need a fixed adventurer"),
    (dict(adventurers=["pocana"], tom_colors=["yellow", "purple"]), "cannot be yellow with purple"),
    (dict(adventurers=["pocana"], tom_colors=["red", "green"]), "colours of adventurers not in play"),
    (dict(adventurers=["pocana"], tom_colors=["green", "green"]), "two different dice colours"),
    (dict(adventurers=["pocana"], tom_colors=["green", "pink"]), "unknown colour 'pink'"),
    (dict(adventurers=["pocana"], tom_colors="green"), "give two colours"),
])
def test_R9_match_refuses_what_solo_has_not(game, kwargs, message):
    kw = dict(adventurers=["random"], bots=[bot_preset("random")])
    kw.update(kwargs)
    with pytest.raises(ValueError, match=message):
        Match(1, "province", **kw).kernel(game)


def test_R9_tom_only_in_solo(game):
    with pytest.raises(ValueError, match="Tom plays only in solo games"):
        Match(2, "province", tom_colors=["green", "blue"]).kernel(game)
    mt, _ = Match(1, "province", ["pocana"], [bot_preset("greedy")], tom_colors=["green", "blue"]).kernel(game)
    assert list(mt[10:12]) == [0, 1]


def test_R9_content_without_enough_tiles_is_refused(game):
    few = game_for((({"solo_tiles": {"T8": None, "T7": None}}, "few-tiles.yaml", {}),))
    with pytest.raises(ValueError, match="solo needs 8 to 16 of Tom's tiles"):
        Match(1, "province").kernel(few)
    Match(2, "province").kernel(few)   # other games do not need the tiles
