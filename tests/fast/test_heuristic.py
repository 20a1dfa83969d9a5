"""The default `heuristic` bot plays clearly better than `greedy` (and both than `random`)."""
from __future__ import annotations

import numpy as np
import pytest

from glowsim.fast import Match, bot_preset, play_block

from .conftest import scale


def head_to_head(game, n, side, a, b, games):
    """Win share of preset a when seats alternate a/b, both seatings."""
    won = total = 0.0
    for rot in range(2):
        names = [a if (i + rot) % 2 == 0 else b for i in range(n)]
        m = Match(n, side, bots=[bot_preset(x) for x in names], bot_labels=names)
        pl = play_block(game, m, 99 + rot, 0, games, workers=1, tables=("players",))["players"]
        won += pl["win_share"][pl["bot"] == a].sum()
        total += pl["win_share"].sum()
    return won / total


@pytest.mark.parametrize("side", ["province", "archipelago"])
def test_heuristic_beats_greedy_clearly(game, compiled, side):
    share = head_to_head(game, 4, side, "heuristic", "greedy", scale(150, 3))
    assert share > scale(0.8, 0.5), share


def test_greedy_beats_random(game, compiled):
    share = head_to_head(game, 2, "province", "greedy", "random", scale(150, 3))
    assert share > scale(0.8, 0.5), share


def test_heuristic_uses_its_rerolls_and_the_board(game, compiled):
    m = Match(4, "province", bots=[bot_preset("heuristic")] * 4)
    pl = play_block(game, m, 5, 0, scale(100, 2), workers=1, tables=("players",))["players"]
    assert pl["rerolls_spent_track"].sum() > 0 and pl["set_faces"].sum() > 0
    assert np.mean(pl["journey_bursts"] > 0) > scale(0.8, 0.5)
