"""Results depend only on (seed, game index): identical for 1 or 2 workers and for any split
of the games into blocks (seeding.py; the runner relies on it for resumable chunks)."""
from __future__ import annotations

import numpy as np

from glowsim.fast import Match, bot_preset, play_block

from .conftest import scale


def _equal(a: dict, b: dict):
    assert a.keys() == b.keys()
    for k in a:
        assert np.array_equal(a[k], b[k]), k


def test_same_results_for_1_and_2_workers_and_any_blocks(game, compiled):
    n = scale(120, 6)
    m = Match(4, "archipelago", bots=[bot_preset("heuristic"), bot_preset("greedy"),
                                      bot_preset("random"), bot_preset("heuristic")])
    one = play_block(game, m, 5, 100, n, workers=1)
    two = play_block(game, m, 5, 100, n, workers=2)
    half = n // 2
    a = play_block(game, m, 5, 100, half, workers=2)
    b = play_block(game, m, 5, 100 + half, n - half, workers=1)
    for table in ("games", "players", "recruits"):
        _equal(one[table], two[table])
        joined = {k: np.concatenate([a[table][k], b[table][k]]) for k in a[table]}
        _equal(one[table], joined)


def test_records_do_not_change_results(game, compiled):
    n = scale(40, 4)
    m = Match(3, "province", bots=[bot_preset("heuristic")] * 3)
    plain = play_block(game, m, 12, 0, n, workers=1)
    recorded = play_block(game, m, 12, 0, n, record=range(0, n, 3), workers=2)
    for table in ("games", "players", "recruits"):
        _equal(plain[table], recorded[table])
    assert [r.seed["game_index"] for r in recorded["records"]] == list(range(0, n, 3))


def test_seeds_and_games_differ(game, compiled):
    m = Match(2, "province", bots=[bot_preset("greedy")] * 2)
    a = play_block(game, m, 1, 0, scale(30, 4), workers=1)["players"]["score"]
    b = play_block(game, m, 2, 0, scale(30, 4), workers=1)["players"]["score"]
    assert not np.array_equal(a, b)
    assert len(set(a.tolist())) > 1
