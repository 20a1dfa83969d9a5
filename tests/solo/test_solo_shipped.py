"""scenarios/solo.yaml: every adventurer on both sides against Tom, one seed (R9)."""
from pathlib import Path

from glowsim.content import load_game
from glowsim.scenarios import expand, load_scenario

SCEN = Path(__file__).resolve().parents[2] / "scenarios" / "solo.yaml"


def test_solo_yaml_plays_each_adventurer_on_each_side_on_common_seeds():
    runs = expand(load_scenario(SCEN))
    advs = list(load_game().catalog.adventurer_ids)
    assert [(r.side, r.seats[0].adventurer) for r in runs] == [
        (side, a) for side in ("province", "archipelago") for a in advs]
    assert {(r.engine, r.players, r.seed, r.games) for r in runs} == {("fast", 1, 2026, 20000)}
    assert {r.seats[0].bot for r in runs} == {"heuristic"}
    assert all(r.match_json()["tom"] == {"colors": "random"} for r in runs)   # E15
    assert len({r.content_hash for r in runs}) == 1                          # the printed game
