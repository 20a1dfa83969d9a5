import pytest

from glowsim.rebalance.evaluate import play_games


@pytest.fixture(scope="session")
def planted_run():
    from pathlib import Path

    from glowsim.rebalance import pick_run
    from glowsim.scenarios import load_scenario
    root = Path(__file__).resolve().parents[2]
    return pick_run(load_scenario(root / "scenarios" / "rebalance-planted.yaml"))


@pytest.fixture(scope="session")
def planted_block(planted_run):
    """200 fast-path games of the planted scenario's content."""
    return play_games(planted_run, None, seed=3, games=200)
