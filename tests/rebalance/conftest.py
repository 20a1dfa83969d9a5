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


PLANTED_MULTI = {"A24": 18, "A25": 10, "B24": 0}   # printed bursts planted (plain cards print 3)


@pytest.fixture(scope="session")
def multi_scenario(tmp_path_factory):
    """The planted scenario with four broken cards instead of one: A24 +15, A25 +7 and B24 -3
    printed bursts, and the adventurer Braccio printed at 8 bursts (the others 0): cards that
    interact (fixing Braccio moves every companion his player recruits)."""
    from pathlib import Path

    import yaml
    root = Path(__file__).resolve().parents[2]
    sc = yaml.safe_load((root / "scenarios" / "rebalance-planted.yaml").read_text())
    sc["name"] = "planted-multi"
    for cid, b in PLANTED_MULTI.items():
        sc["content"]["companions"][cid]["bursts"] = b
    sc["content"]["adventurers"]["braccio"]["bursts"] = 8
    path = tmp_path_factory.mktemp("multi") / "planted-multi.yaml"
    path.write_text(yaml.safe_dump(sc, sort_keys=False))
    return path
