"""R9 solo: fast-path solo games replay through glowsim.engine.replay to the same final state
(contract.md section 4), on both board sides with every bot preset (glowsim.fast.verify with
players 1); `glowsim verify`'s mix of configurations includes solo."""
from __future__ import annotations

import pytest

from glowsim.fast.verify import configs, verify

from .conftest import scale


def test_R9_150_solo_games_replay_through_the_reference_engine(game, compiled):
    n = scale(150, 12)
    done, div = verify(game, n, seed=909, players=(1,))
    assert div is None, div.report()
    assert done == n


def test_R9_verify_mix_includes_solo_on_both_sides_with_every_preset():
    solo = [c for c in configs() if c[0] == 1]
    assert {c[1] for c in solo} == {"province", "archipelago"}
    assert {c[2] for c in solo} == {("heuristic",), ("expert",), ("greedy",), ("random",)}
    assert {c[0] for c in configs()} == {1, 2, 3, 4}


@pytest.mark.slow
def test_R9_5000_solo_games_replay_through_the_reference_engine(game, compiled):
    done, div = verify(game, 5000, seed=4242, players=(1,))
    assert div is None, div.report()
    assert done == 5000
