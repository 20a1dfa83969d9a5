"""Scenario expansion: variants x sweep points, content overrides, seats, common seeds."""
import json

import pytest

from glowsim.scenarios import expand, parse_scenario


def runs_of(text, tmp_path=None, **kw):
    return expand(parse_scenario(text, "s.yaml", base_dir=tmp_path or "."), **kw)


def test_single_run_defaults():
    (r,) = runs_of("engine: reference\n")
    assert (r.name, r.players, r.side, r.games, r.seed) == ("base", 4, "province", 1000, 0)
    assert [s.adventurer for s in r.seats] == ["random"] * 4
    assert [s.bot for s in r.seats] == ["greedy"] * 4   # the reference engine's default bot
    assert r.patches == ()


def test_variants_cross_sweep_share_the_seed_and_games():
    text = """engine: reference
seed: 42
games: 300
variants:
  - name: printed
  - name: cheap-briki
    content: {companions: {A11: {bursts: 4}}}
sweep:
  - field: players
    values: [2, 3]
"""
    runs = runs_of(text)
    assert [r.name for r in runs] == ["printed players=2", "printed players=3",
                                      "cheap-briki players=2", "cheap-briki players=3"]
    assert {(r.seed, r.games) for r in runs} == {(42, 300)}   # common random numbers
    assert [r.players for r in runs] == [2, 3, 2, 3]
    assert [len(r.seats) for r in runs] == [2, 3, 2, 3]
    briki = runs[2].game()
    assert briki.tables.item_bursts[briki.catalog.companion_row("A11")] == 4
    printed = runs[0].game()
    assert printed.tables.item_bursts[printed.catalog.companion_row("A11")] == 6
    assert runs[0].content_hash == runs[1].content_hash != runs[2].content_hash
    assert runs[2].sweep == (("players", 2),) and runs[2].variant == "cheap-briki"
    json.dumps([r.to_json() for r in runs])  # the manifest form is plain JSON


def test_card_field_sweep_with_range_and_label():
    text = """engine: reference
sweep:
  - field: content.companions.A11.bursts
    range: {from: 2, to: 8, step: 3}
    label: briki
"""
    runs = runs_of(text)
    assert [r.name for r in runs] == ["briki=2", "briki=5", "briki=8"]
    assert [int(r.game().tables.item_bursts[r.game().catalog.companion_row("A11")]) for r in runs] == [2, 5, 8]
    assert runs[1].to_json()["patch"] == {"companions": {"A11": {"bursts": 5}}}


def test_custom_companion_removal_and_setup_numbers():
    text = """engine: reference
content:
  setup: {start_bursts: 15, removed_per_deck: 2}
  companions:
    B24: {name: Custom, bursts: 1, trigger: {symbols: [fire]}, effect: {bursts: 2}}
remove: [A19, B04]
"""
    (r,) = runs_of(text)
    g = r.game()
    ids = g.catalog.companion_ids
    assert "B24" in ids and "A19" not in ids and "B04" not in ids
    assert g.content.setup.start_bursts == 15 and g.content.setup.removed_per_deck == 2
    assert g.content.companions["B24"].effect.bursts == 2


def test_variant_content_applies_after_the_scenario_content():
    text = """engine: reference
content: {companions: {A11: {bursts: 4}}}
variants:
  - name: base
  - name: more
    content: {companions: {A11: {bursts: 7}}}
"""
    base, more = runs_of(text)
    row = base.game().catalog.companion_row("A11")
    assert base.game().tables.item_bursts[row] == 4 and more.game().tables.item_bursts[row] == 7


def test_seats_merge_the_default_seat_and_per_seat_fields():
    text = """engine: reference
players: 3
seat: {bot: random}
seats:
  - {adventurer: pocana}
  - {bot: greedy}
"""
    (r,) = runs_of(text)
    assert [(s.adventurer, s.bot) for s in r.seats] == [("pocana", "random"), ("random", "greedy"),
                                                       ("random", "random")]


def test_sweep_over_a_seat_field_and_side():
    text = """engine: reference
players: 2
sweep:
  - field: seats[1].bot
    values: [random, greedy]
  - field: side
    values: [province, archipelago]
"""
    runs = runs_of(text)
    assert [r.name for r in runs] == ["seats.1.bot=random side=province", "seats.1.bot=random side=archipelago",
                                      "seats.1.bot=greedy side=province", "seats.1.bot=greedy side=archipelago"]
    assert [[s.bot for s in r.seats] for r in runs] == [["greedy", "random"]] * 2 + [["greedy", "greedy"]] * 2


def test_variant_can_change_players_and_content_files(tmp_path):
    (tmp_path / "cheap.yaml").write_text("companions:\n  A11: {bursts: 3}\n")
    text = """engine: reference
variants:
  - name: two
    players: 2
    content_files: [cheap.yaml]
"""
    (r,) = runs_of(text, tmp_path)
    assert r.players == 2 and len(r.seats) == 2
    assert r.game().tables.item_bursts[r.game().catalog.companion_row("A11")] == 3


def test_solo_scenario_on_the_reference_engine():
    (r,) = runs_of("engine: reference\nplayers: 1\nseat: {adventurer: eoles}\n")
    assert r.players == 1 and [s.adventurer for s in r.seats] == ["eoles"]


def test_games_override():
    (r,) = runs_of("engine: reference\ngames: 50\n", games=7)
    assert r.games == 7


@pytest.mark.parametrize("word,expected", [("A1l", "A11"), ("b1", "B01"), ("pocanna", "pocana")])
def test_did_you_mean_prefers_look_alikes(word, expected):
    from glowsim.scenarios.load import suggest
    ids = ["A01", "A10", "A11", "A21", "B01", "B10", "B21", "pocana", "moloch"]
    assert suggest(word, ids) == f" (did you mean {expected!r}?)"
