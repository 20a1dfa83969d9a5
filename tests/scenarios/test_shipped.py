"""The shipped scenarios expand as documented, and scenarios/README.md documents every field."""
import re
from pathlib import Path

import pytest

from glowsim.scenarios import expand, load_scenario
from glowsim.scenarios.schema import BotSpec, ScenarioSpec, SeatSpec, SweepAxis, VariantSpec

ROOT = Path(__file__).resolve().parents[2]
SCEN = ROOT / "scenarios"
SHIPPED = ["base-4p-province", "base-4p-archipelago", "sides-compare", "reroll-value",
           "card-sweep-briki", "adventurers-4p", "demo", "pick-value", "dawn-pick-value"]


@pytest.fixture(scope="module")
def shipped():
    return {name: expand(load_scenario(SCEN / f"{name}.yaml")) for name in SHIPPED}


def test_every_shipped_scenario_is_there_and_valid(shipped):
    assert set(SHIPPED) <= {p.stem for p in SCEN.glob("*.yaml")}
    for p in SCEN.glob("*.yaml"):          # any other scenario kept here must be valid too
        if p.stem not in shipped:
            assert expand(load_scenario(p)), p
    for name, runs in shipped.items():
        assert runs and all(r.games >= 1000 for r in runs), name
        assert len({r.seed for r in runs}) == 1, name           # paired: one seed per scenario


def test_sides_compare_is_a_paired_players_by_side_grid(shipped):
    runs = shipped["sides-compare"]
    assert [(r.players, r.side) for r in runs] == [(n, s) for n in (2, 3, 4)
                                                   for s in ("province", "archipelago")]
    assert len({r.content_hash for r in runs}) == 1


def test_reroll_value_varies_one_reroll_source_per_variant_on_common_seeds(shipped):
    # E18: start_rerolls are tokens on top of R2's, for seat 0 only, content unchanged;
    # Lumipili (A18, B22) +1 reroll a round; score track reduced to its space-0 symbol (R4)
    runs = {r.name: r for r in shipped["reroll-value"]}
    assert list(runs) == ["printed", "tokens+1", "tokens+2", "tokens+3", "lumipili+1", "track-off"]
    assert len({r.seed for r in runs.values()}) == 1
    for k in (1, 2, 3):
        r = runs[f"tokens+{k}"]
        assert [s.start_rerolls for s in r.seats] == [k, 0, 0, 0]
        assert r.content_hash == runs["printed"].content_hash == runs["printed"].game().hash
    lum = runs["lumipili+1"].game()
    assert [lum.content.companions[c].reroll_each_round for c in ("A18", "B22")] == [2, 2]
    assert list(runs["track-off"].game().content.score_track_rerolls) == [0]
    assert all(s.start_rerolls == 0 for n in ("printed", "lumipili+1", "track-off")
               for s in runs[n].seats)


def test_demo_pairs_the_sides_and_varies_one_reroll_source_on_the_province(shipped):
    runs = {r.name: r for r in shipped["demo"]}
    assert list(runs) == ["province", "archipelago", "tokens+2", "track-off"]
    assert {r.players for r in runs.values()} == {4}
    assert [runs[n].side for n in runs] == ["province", "archipelago", "province", "province"]
    published = runs["province"].game().hash
    assert runs["archipelago"].content_hash == runs["tokens+2"].content_hash == published
    assert [s.start_rerolls for s in runs["tokens+2"].seats] == [2, 0, 0, 0]
    assert list(runs["track-off"].game().content.score_track_rerolls) == [0]
    assert all(s.start_rerolls == 0 for n in ("province", "archipelago", "track-off")
               for s in runs[n].seats)
    # the card answer is pick value: a share of the recruit picks forked in the published-game
    # variants the report reads it on; the reroll variants fork none
    assert [runs[n].counterfactual for n in runs] == [("recruit", 0.15)] * 2 + [()] * 2


def test_briki_sweep_changes_only_briki(shipped):
    runs = shipped["card-sweep-briki"]
    rows = [r.game() for r in runs]
    a11 = rows[0].catalog.companion_row("A11")
    assert [int(g.tables.item_bursts[a11]) for g in rows] == [2, 4, 6, 8, 10]
    other = [i for i in range(rows[0].catalog.n_companions) if i != a11]
    assert all((g.tables.item_bursts[other] == rows[0].tables.item_bursts[other]).all() for g in rows)


def test_base_scenarios_share_seeds_and_differ_only_by_side(shipped):
    p, a = shipped["base-4p-province"][0], shipped["base-4p-archipelago"][0]
    assert (p.seed, p.players, p.side, a.side) == (a.seed, 4, "province", "archipelago")


def _documented(readme: str) -> set[str]:
    return set(re.findall(r"^\| `([a-z_]+)` \|", readme, flags=re.M))


@pytest.mark.parametrize("model", [ScenarioSpec, SeatSpec, BotSpec, SweepAxis, VariantSpec])
def test_readme_documents_every_field(model):
    readme = (SCEN / "README.md").read_text()
    documented = _documented(readme) | {"name", "description"}
    missing = [f for f in model.model_fields if f not in documented and f"`{f}`" not in readme]
    assert missing == []


def test_pick_value_forks_every_recruit_pick_at_4_players(shipped):
    (run,) = shipped["pick-value"]
    assert (run.players, run.side, run.counterfactual) == (4, "province", ("recruit", 1.0))
    assert {s.bot for s in run.seats} == {"master"}


def test_dawn_pick_value_forks_every_pick_of_the_published_dawn_game(shipped):
    """All three sets (D1, D18) at 4, 5 and 6 players (D4), every recruit pick forked."""
    runs = shipped["dawn-pick-value"]
    assert [r.players for r in runs] == [4, 5, 6]
    assert {r.dawn for r in runs} == {("elemental", "anibloom", "draconic")}
    assert {(r.side, r.counterfactual, r.engine) for r in runs} == {("province", ("recruit", 1.0), "fast")}
    assert len({r.content_hash for r in runs}) == 1 and len({r.seed for r in runs}) == 1


CARD_STRENGTH = ["demo", "pick-value", "dawn-pick-value", "base-4p-province", "base-4p-archipelago", "card-sweep-briki",
                 "new-card-sweep", "adventurers-4p", "rebalance-base-4p"]


@pytest.mark.parametrize("name", CARD_STRENGTH)
def test_scenarios_that_measure_card_strength_seat_master(name):
    """Card values are measured with the strongest bot at full speed at every seat."""
    runs = expand(load_scenario(SCEN / f"{name}.yaml"))
    assert {s.bot for r in runs for s in r.seats} == {"master"}


def test_dawn_sets_pairs_each_set_alone_with_dawn_and_the_base_game():
    runs = expand(load_scenario(SCEN / "dawn-sets.yaml"))
    assert len({r.seed for r in runs}) == 1 and {r.engine for r in runs} == {"fast"}
    four = {r.name: r.dawn for r in runs if r.players == 4}
    assert four == {"base game": None, "dawn": (), "elemental": ("elemental",),
                    "anibloom": ("anibloom",), "draconic": ("draconic",)}
    assert sorted(r.players for r in runs if r.players > 4) == [5, 6]
    assert all(r.dawn is not None for r in runs if r.players > 4)      # D4
