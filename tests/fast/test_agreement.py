"""The fast path plays the reference engine's game: fast-path records replay through
glowsim.engine.replay to the same final state (contract.md section 4), over 2-4 players,
both board sides and every bot preset, alone and mixed (glowsim.fast.verify)."""
from __future__ import annotations

import pytest

from glowsim.fast.verify import configs, verify

from .conftest import scale


def test_500_games_replay_through_the_reference_engine(game, compiled):
    n = scale(504, 24)
    done, div = verify(game, n, seed=2024, players=(2, 3, 4))   # solo: test_solo_agreement.py
    assert div is None, div.report()
    assert done == n


def test_configs_cover_players_sides_and_presets():
    cfgs = configs()
    assert {c[0] for c in cfgs} == {1, 2, 3, 4}   # 1: solo against Tom (R9)
    assert {c[1] for c in cfgs} == {"province", "archipelago"}
    assert {b for c in cfgs for b in c[2]} == {"heuristic", "expert", "greedy", "random"}
    assert any(len(set(c[2])) > 1 for c in cfgs)


@pytest.mark.slow
def test_20000_games_replay_through_the_reference_engine(game, compiled):
    done, div = verify(game, 20_000, seed=77)
    assert div is None, div.report()
