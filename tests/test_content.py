"""Content layer: the shipped data matches the rulebook; broken data gets clear errors."""
import numpy as np
import pytest

from glowsim.content import ContentError, load_content, load_game
from glowsim.content import codes as C


@pytest.fixture(scope="module")
def game():
    return load_game()


def row(game, cid):
    return game.catalog.companion_row(cid)


def test_counts(game):
    assert game.catalog.n_adventurers == 7
    assert game.catalog.n_companions == 46
    assert sum(1 for c in game.catalog.companion_ids if c[0] == "A") == 23
    assert game.catalog.spell_ids == ("S1", "S2", "S3", "S4", "S5", "S6")
    assert game.catalog.tile_ids == tuple(f"T{i}" for i in range(1, 9))


def test_snarexe_is_same4_for_10_with_discard(game):
    # rulebook example 2: "kill their companion to earn 10 bursts of light, they need a fourth cloud"
    r = row(game, "A19")
    t = game.tables
    assert t.trig_kind[r] == C.TRIG_SAME and t.trig_same[r] == 4
    assert t.eff_amount[r, C.EFF_BURSTS] == 10
    assert t.eff_flags[r] & C.FLAG_DISCARD_SELF
    assert t.item_fireflies[r] == 1


def test_eoles_two_bursts_one_firefly_for_cloud_rock(game):
    # rulebook example 3: "2 pairs of air and rock ... earn 4 bursts of light and 2 fireflies" (twice)
    r = game.catalog.adventurer_row("eoles")
    t = game.tables
    assert t.trig_kind[r] == C.TRIG_SYMBOLS
    assert t.trig_need[r, C.CLOUD] == 1 and t.trig_need[r, C.ROCK] == 1 and t.trig_need[r].sum() == 2
    assert list(t.eff_amount[r]) == [2, 0, 1, 0]
    assert t.item_adv_color[r] == C.AZURE and t.item_adv_dice[r] == 2


def test_rulebook_card_facts(game):
    t = game.tables
    # Example 3 (2): Sketal with rock pair, green die, +2 bursts, discard
    r = row(game, "A15")
    assert t.item_sketal[r] == C.GREEN and t.trig_need[r, C.ROCK] == 2
    assert t.eff_amount[r, C.EFF_BURSTS] == 2 and t.eff_flags[r] & C.FLAG_DISCARD_SELF
    # Example 3 (3): Donillilu, no water -> +2 bursts and a reroll token
    r = row(game, "A08")
    assert t.trig_kind[r] == C.TRIG_ABSENT and t.trig_absent[r, C.WATER] == 1 and t.trig_absent[r].sum() == 1
    assert list(t.eff_amount[r]) == [2, 0, 0, 1]
    # Gluach: water present and rock absent
    r = row(game, "B14")
    assert t.trig_kind[r] == C.TRIG_SYMBOLS_ABSENT and t.trig_need[r, C.WATER] == 1 and t.trig_absent[r, C.ROCK] == 1
    # Kaar brings the black die, Cromaug resurrects, Xar'gok casts spells
    assert t.item_black_die[row(game, "A20")] == 1
    assert t.eff_flags[row(game, "B18")] & C.FLAG_RESURRECT
    assert t.eff_flags[row(game, "A10")] & C.FLAG_CAST_SPELLS
    # Lumipilis give one reroll each round
    assert t.item_reroll_each[row(game, "A18")] == 1 and t.item_reroll_each[row(game, "B22")] == 1
    # B21 takes any reserve die
    assert t.item_sketal[row(game, "B21")] == C.ANY_COLOR


def test_dice_sixth_faces(game):
    t = game.tables
    assert list(t.die_symbol[C.PURPLE]) == [0, 1, 2, 3, 4, C.FOOTPRINT]
    assert t.die_symbol[C.YELLOW, 5] == C.BURST and t.die_symbol[C.BLACK, 5] == C.CURSE
    assert t.die_symbol[C.RED, 5] == C.FIRE


def test_score_track_rerolls_strictly_below(game):
    below = game.tables.track_reroll_below
    assert below[10] == 9 and below[9] == 7 and below[1] == 0 and below[0] == -1
    assert below[99] == 52 and below[53] == 52 and below[52] == 44


def test_boards(game):
    t = game.tables
    assert len(t.prov_need) == 61 and sorted(v for v in t.prov_village if v >= 0) == [3, 5, 8, 10, 12, 15, 20]
    nb = t.prov_adj_to[t.prov_adj_ptr[0]:t.prov_adj_ptr[1]]
    assert sorted(nb) == [1, 44]
    assert len(t.arch_bursts) == 12 and t.arch_bursts[9] == 8
    # edge 1-2 has no element range: anything goes
    e = [i for i in range(len(t.arch_edge_min)) if True][5]
    assert (t.arch_edge_min[5], t.arch_edge_max[5]) == (0, 5)


def test_solo_removed(game):
    removed = [game.catalog.companion_ids[i] for i in np.flatnonzero(game.tables.solo_removed)]
    assert removed == ["A01", "A03", "A09", "A10", "A12", "A20", "A21", "B02", "B10", "B11", "B15", "B18", "B21", "B23"]


def test_patch_changes_and_removes_and_adds():
    c = load_content([{"companions": {"A11": {"bursts": 4}, "A19": None,
                                      "B24": {"name": "Custom", "bursts": 1,
                                              "trigger": {"symbols": ["fire"]},
                                              "effect": {"bursts": 2}}}}])
    assert c.companions["A11"].bursts == 4 and c.companions["A11"].name == "Briki"
    assert "A19" not in c.companions and c.companions["B24"].name == "Custom"


def test_hash_changes_with_content():
    a = load_game().hash
    b = load_game([{"companions": {"A11": {"bursts": 4}}}]).hash
    assert a != b and a == load_game().hash


# ---- broken inputs: each must name the file, the entry, the field, and what is allowed ----

BROKEN = [
    ({"companions": {"A11": {"trigger": {"symbols": ["wood"]}}}},
     ["<patch 1>", "companions.A11.trigger.symbols.0", "'wood' is not allowed", "leaf"]),
    ({"adventurers": {"pocana": {"dice": -1}}},
     ["adventurers.pocana.dice", "greater than or equal to 0"]),
    ({"boards": {"province_of_shadows": {"edges": [{"a": 0, "b": 99}]}}},
     ["boards.province_of_shadows.edges.0.b", "missing space 99"]),
    ({"companions": {"A11": {"burst": 4}}},
     ["companions.A11", "unknown field 'burst'", "did you mean 'bursts'"]),
    ({"companions": {"A99x": {"name": "X", "bursts": 1}}},
     ["companions", "A99x", "A or B followed by"]),
    ({"companions": {"A13": {"sketal_die": "pink"}}},
     ["companions.A13.sketal_die", "'pink' is not allowed"]),
    ({"companions": {"A13": {"sketal_die": "purple"}}},
     ["companions.A13.sketal_die", "not in setup.reserve_large_dice"]),
    ({"companions": {"A19": {"trigger": {"same": 0}}}},
     ["companions.A19.trigger.same", "greater than or equal to 1"]),
    ({"companions": {"A19": {"trigger": {"same": 3, "symbols": ["leaf"]}}}},
     ["companions.A19.trigger", "'same' cannot be combined"]),
    ({"adventurers": {"pocana": {"dice": 4}}},
     ["adventurers.pocana.dice", "dice.red.large is 4"]),
    ({"setup": {"rounds": 9}},
     ["setup.rounds", "9 rounds need 45 companions", "only 40 remain"]),
    ({"companions": {"A77": None}},
     ["cannot remove companions.A77", "did you mean"]),
    ({"score_track_rerolls": [0, 5, 3]},
     ["score_track_rerolls", "strictly increasing"]),
    ({"companions": {"A11": {"trigger": {"symbols": ["water"]}, "effect": None}}},
     ["companions.A11", "both 'trigger' and 'effect', or neither"]),
]


@pytest.mark.parametrize("patch,expected", BROKEN, ids=[e[1][0] for e in BROKEN])
def test_broken_patch_messages(patch, expected):
    with pytest.raises(ContentError) as ei:
        load_content([patch])
    msg = str(ei.value)
    for part in expected:
        assert part in msg, f"{part!r} not in {msg!r}"


def test_broken_file_names_file_and_line(tmp_path):
    p = tmp_path / "patch.yaml"
    p.write_text("companions:\n  A11:\n    bursts: 4\n  A11:\n    bursts: 5\n")
    with pytest.raises(ContentError) as ei:
        load_content([p])
    assert "patch.yaml, line 4" in str(ei.value) and "duplicate key 'A11'" in str(ei.value)

    p.write_text("companions:\n  A11:\n    trigger: {symbols: [lava]}\n")
    with pytest.raises(ContentError) as ei:
        load_content([p])
    assert "patch.yaml, line 3" in str(ei.value) and "'lava'" in str(ei.value)

    p.write_text("companions: [unclosed\n")
    with pytest.raises(ContentError) as ei:
        load_content([p])
    assert "patch.yaml" in str(ei.value) and "line" in str(ei.value)


def test_missing_patch_file():
    with pytest.raises(ContentError, match="nope.yaml: file not found"):
        load_content(["nope.yaml"])


def test_one_function_names_a_card_in_either_order(game):
    from glowsim.content.describe import card_name
    from glowsim.engine import GameState
    assert card_name("companion", "B04", "Torkos") == "B04 Torkos"
    assert card_name("companion", "B04", "Torkos", id_first=False) == "Torkos B04"
    assert card_name("companion", "B24", "") == card_name("companion", "B24", None) == "B24"
    assert card_name("adventurer", "braccio", "Braccio") == "Braccio"
    assert card_name("adventurer", "newcomer", "") == "newcomer"
    assert card_name("spell", "S3") == "spell S3"
    # the engine names a card through it: the narration name first, the options id first
    g = GameState(game, 2, "province", root_seed=1).game
    assert g.name(row(game, "B04")) == "Torkos B04"
    assert g.name(row(game, "B04"), id_first=True) == "B04 Torkos"
    assert g.name(game.catalog.adventurer_row("braccio")) == "Braccio"
