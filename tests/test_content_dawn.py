"""The Dawn expansion's content (D1..D18): the shipped data holds every component with the counts
of the expansion; every new field is validated with one clear line; the base content, its hash and
its tables are what they were; and content using a Dawn field is refused for play."""
import hashlib
import re
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from glowsim.content import ContentError, dawn_uses, load_content, load_dawn_content, load_game
from glowsim.content.dawncheck import game_deck, selections
from glowsim.content.loader import DAWN_NAME
from glowsim.content.model import Adventurer, Companion, Content, Effect, Spell, Trigger

ROOT = Path(__file__).resolve().parents[1]
BASE_HASH = "5e55ac97b288f033"          # the base content's hash before the model had Dawn fields
BASE_TABLES = "0f5604d6729f50a4"        # and a digest of every array of its tables


@pytest.fixture(scope="module")
def dawn():
    return load_dawn_content()


def members(c, s):
    return sorted(cid for cid, cp in c.companions.items() if cp.set == s)


# ---- the shipped Dawn content: counts and card facts ----

def test_D18_three_sets_of_eight_companions_four_per_deck(dawn):
    assert list(dawn.dawn.sets) == ["elemental", "anibloom", "draconic"]
    in_sets = [cid for cid, cp in dawn.companions.items() if cp.set is not None]
    assert len(in_sets) == 24
    for s, st in dawn.dawn.sets.items():
        ids = members(dawn, s)
        assert len(ids) == 8 and Counter(i[0] for i in ids) == {"A": 4, "B": 4}, s
        assert len(st.replaces) == 8 and Counter(i[0] for i in st.replaces) == {"A": 4, "B": 4}, s
        assert all(dawn.companions[r].set is None for r in st.replaces)
    assert members(dawn, "elemental") == ["A101", "A102", "A103", "A104", "B105", "B106", "B107", "B108"]
    assert dawn.dawn.sets["elemental"].replaces == ["A08", "A10", "A12", "A20", "B05", "B06", "B18", "B21"]
    # only the Anibloom may be played solo, and it alone brings the butterfly bag (D1, D16)
    assert [s for s, st in dawn.dawn.sets.items() if st.solo] == ["anibloom"]
    assert [s for s, st in dawn.dawn.sets.items() if st.butterflies] == ["anibloom"]


def test_D9_D10_D11_three_new_adventurers(dawn):
    base = load_content()
    new = [a for a in dawn.adventurers if a not in base.adventurers]
    assert new == ["zaydrel", "hulios", "elldir"] and len(dawn.adventurers) == 10
    z, h, e = (dawn.adventurers[a] for a in new)
    assert (z.color, z.dice, z.dice_colors, z.trigger.elements) == ("grey", 3, {"black": 1, "multi": 2}, (1, 2))
    assert (z.effect.footprints, z.effect.bursts) == (1, 2)
    assert (h.color, h.dice, h.bursts, h.trigger.elements) == ("light_green", 2, 3, (3, 3))   # Q1: 3 bursts
    assert (h.effect.footprints, h.effect.rerolls) == (1, 1)
    assert (e.color, e.dice, e.trigger.elements, e.effect.bursts) == ("pink", 2, (4, 4), 7)


def test_D3_spells_S7_to_S10_make_eleven_tokens(dawn):
    assert sum(sp.copies for sp in dawn.spells.values()) == 11
    s7, s8, s9, s10 = (dawn.spells[s] for s in ("S7", "S8", "S9", "S10"))
    assert s7.trigger.absent == ["rock"] and s7.effect.bursts == -4
    assert s8.trigger.elements == (1, 2) and s8.effect.bursts == -4
    assert s9.trigger.elements == (3, 3) and s9.effect.fireflies == -3
    assert s10.trigger.elements == (4, 4) and s10.effect.bursts == -7


def test_D2_D8_dice_and_faces(dawn):
    large = {col: d.large for col, d in dawn.dice.items()}
    assert (large["purple"], large["black"], large["multi"], large["light_green"], large["pink"]) == (3, 1, 2, 2, 2)
    assert dawn.die_faces.sixth["multi"] == "joker" and dawn.die_faces.sixth["pink"] == "reroll_now"
    assert dawn.die_faces.sixth["light_green"] == "swap" and dawn.die_faces.sixth["black"] == "curse"
    assert dawn.setup.reserve_large_dice == ["red", "azure", "blue", "orange", "green", "purple"]
    # D4: the little boards' small dice come on top of the base nine, within the supply
    five, six = dawn.dawn.players[5], dawn.dawn.players[6]
    assert (len(five.small_dice), len(six.small_dice)) == (4, 6)
    on_boards = Counter(dawn.setup.small_dice_on_track) + Counter(six.small_dice)
    assert all(dawn.dice[col].small >= n for col, n in on_boards.items())


def test_D4_little_boards(dawn):
    five, six = dawn.dawn.players[5], dawn.dawn.players[6]
    assert five.little_board == [["water", "fire", "rock"], ["leaf", "cloud"]]
    assert six.little_board == [["water", "rock"], ["cloud"], ["leaf", "fire"]]
    assert (five.little_board_turns, six.little_board_turns) == ([4], [4, 5])
    assert (five.min_sets, five.replace, six.min_sets, six.replace) == (2, "one_if_all", 3, "none")


def test_D14_D15_butterfly_bag_of_45(dawn):
    b = dawn.dawn.butterflies
    colour = len(b.colours) * b.per_colour
    instant = sum(t.copies for t in b.instant.values())
    action = sum(t.copies for t in b.action.values())
    assert (colour, instant, action, b.n_tokens()) == (36, 6, 3, 45)
    assert {k: (t.copies, t.gain) for k, t in b.instant.items()} == {
        "bf_reroll": (3, {"rerolls": 1}), "bf_footprint": (2, {"footprints": 1}),
        "bf_fireflies": (1, {"fireflies": 2})}
    assert {k: (t.copies, t.use) for k, t in b.action.items()} == {
        "bf_discard": (1, "lose_companion_or_spell"), "bf_ignore": (2, "ignore_element")}
    assert b.colour_bursts == [0, 1, 3, 6, 10, 15, 21] and b.all_colours_bursts == 10
    assert b.missing_token_bursts == 1


def test_D16_solo_swap_deck(dawn):
    solo = dawn.dawn.solo
    assert len(solo.swap_deck) == 11 and set(solo.swap_deck) == set(dawn.solo.removed) - {"A10", "A20", "B18"}
    assert (solo.swap_deck_order, solo.closed_islands) == ("b_above_a", [1])
    assert dawn.dawn.swap_deck_order == "a_above_b"


def test_D6_D7_D12_D13_D14_card_facts(dawn):
    c = dawn.companions
    assert c["A101"].trigger.elements == (3, 3) and c["A101"].trigger.cost.resource() == ("rerolls", 1)
    assert c["B106"].trigger.absent == ["rock"] and c["B106"].trigger.cost.resource() == ("footprints", 2)
    assert c["B107"].reroll_for_bursts == 2 and c["B107"].trigger is None and c["B107"].effect is None
    assert c["B108"].effect.lose_companion_or_spell and c["B108"].effect.bursts == 3
    assert c["A104"].sketal_die == "purple" and c["A104"].effect.discard_self
    assert c["B205"].effect.exchange_butterflies == 2 and c["B205"].trigger.cost.resource() == ("footprints", 1)
    assert c["B206"].reroll_each_round == 2 and c["B206"].trigger.cost.resource() == ("rerolls", 1)
    assert c["B207"].trigger.cost.resource() == ("butterflies", 1) and c["B207"].effect.bursts == 6
    assert c["A201"].effect.butterflies == 1 and c["A204"].effect.butterflies == 2
    assert c["A303"].effect.discard_self and c["A303"].effect.bursts == -3 and c["A303"].bursts == 9
    assert c["B305"].trigger.cost.resource() == ("fireflies", 2) and c["B305"].effect.bursts == 10
    # Q1: the values the online game scores, not the card art's
    assert (c["A202"].fireflies, c["B207"].bursts) == (0, 2)
    costs = Counter(s for cid, cp in c.items() if cp.trigger is not None and cp.trigger.cost is not None
                    for s in [cp.set])
    assert costs == {"elemental": 2, "anibloom": 3, "draconic": 5}          # D18
    elements = sum(1 for cp in c.values() if cp.trigger is not None and cp.trigger.elements is not None)
    assert elements == 5                                                      # all Elemental (D18)


@pytest.mark.parametrize("players, total, per_deck", [(2, 46, 23), (3, 46, 23), (4, 46, 23),
                                                       (5, 62, 31), (6, 70, 35)])
def test_D1_every_choice_of_sets_deals_eight_full_rounds(dawn, players, total, per_deck):
    spaces = 5 if players <= 4 else 5 + len(dawn.dawn.players[players].little_board)
    assert spaces == (5 if players <= 4 else players + 2)
    choices = selections(dawn.dawn, players)
    assert choices
    for sets, replaced in choices:
        deck = game_deck(dawn, sets, replaced)
        assert len(deck) == len(set(deck)) == total, (sets, replaced)
        assert Counter(cid[0] for cid in deck) == {"A": per_deck, "B": per_deck}
        # D3: after 3 + 3 boxed cards, deck A fills rounds 1-4 and deck B rounds 5-8 exactly
        assert per_deck - 3 == 4 * spaces


def test_D1_which_sets_each_player_count_allows(dawn):
    assert [s for s, _ in selections(dawn.dawn, 1)] == [(), ("anibloom",)]
    assert len(selections(dawn.dawn, 3)) == 8
    five = selections(dawn.dawn, 5)
    assert all(len(s) >= 2 for s, _ in five)
    assert sorted(r for s, r in five if len(s) == 3) == [("anibloom",), ("draconic",), ("elemental",)]
    assert all(r == () for s, r in five if len(s) == 2)
    assert selections(dawn.dawn, 6) == [(("elemental", "anibloom", "draconic"), ())]


# ---- the base content is unchanged ----

def tables_digest(tables) -> str:
    h = hashlib.sha256()
    for name, arr in zip(tables._fields, tables):
        a = np.ascontiguousarray(arr)
        h.update(name.encode())
        h.update(str(a.dtype).encode())
        h.update(str(a.shape).encode())
        h.update(a.tobytes())
    return h.hexdigest()[:16]


def test_base_hash_and_tables_are_unchanged_by_the_dawn_fields():
    game = load_game()
    assert game.hash == BASE_HASH
    assert tables_digest(game.tables) == BASE_TABLES
    assert dawn_uses(game.content) == []


def test_a_dawn_field_at_its_default_is_the_base_game():
    patch = {"companions": {"A11": {"reroll_for_bursts": 0},
                            "A19": {"effect": {"butterflies": 0, "lose_companion_or_spell": False}}}}
    assert load_game([patch]).hash == BASE_HASH


def test_dawn_content_hash_differs(dawn):
    from glowsim.content import content_hash
    assert content_hash(dawn) != BASE_HASH
    assert content_hash(load_dawn_content([{"companions": {"A101": {"bursts": 1}}}])) != content_hash(dawn)


def test_every_dawn_field_is_documented():
    """Each field the Dawn rules give a meaning is named in docs/rules.md and in the content's
    format notes (the header of the Dawn data file)."""
    rules = (ROOT / "docs" / "rules.md").read_text()
    header = (ROOT / "glowsim" / "data" / "dawn.yaml").read_text().split("\n\n")[0]
    for cls in (Trigger, Effect, Adventurer, Companion, Content):
        for name, info in cls.model_fields.items():
            if isinstance(info.json_schema_extra, dict) and "dawn" in info.json_schema_extra:
                assert f"`{name}" in rules or f"{name}:" in rules, name
                assert name in header, name


# ---- refused for play: one line naming the file, line and field ----

def test_dawn_content_cannot_be_played_by_the_base_rules():
    from glowsim.content.loader import dawn_patch
    with pytest.raises(ContentError) as e:
        load_game([dawn_patch()])
    msg = str(e.value)
    assert len(msg.splitlines()) == 1
    assert re.fullmatch(rf"{DAWN_NAME}, line \d+: dawn: needs the Dawn rules \(D1\), which only the "
                        r"reference engine plays, with the Dawn content \(glowsim play --dawn\); "
                        r"\d+ more field\(s\) need them too", msg), msg


REFUSED = [
    ({"B24": {"name": "X", "trigger": {"elements": [2, 3]}, "effect": {"bursts": 2}}},
     "companions.B24.trigger.elements", "D6"),
    ({"B24": {"name": "X", "trigger": {"symbols": ["fire"], "cost": {"rerolls": 1}}, "effect": {"bursts": 3}}},
     "companions.B24.trigger.cost", "D7"),
    ({"B24": {"name": "X", "trigger": {"symbols": ["fire"]}, "effect": {"butterflies": 1}}},
     "companions.B24.effect.butterflies", "D14"),
    ({"B24": {"name": "X", "trigger": {"symbols": ["fire"]}, "effect": {"exchange_butterflies": 1}}},
     "companions.B24.effect.exchange_butterflies", "D14"),
    ({"A11": {"effect": {"lose_companion_or_spell": True}}}, "companions.A11.effect.lose_companion_or_spell", "D13"),
    ({"A11": {"reroll_for_bursts": 2}}, "companions.A11.reroll_for_bursts", "D12"),
    ({"A11": {"set": "elemental"}}, "companions.A11.set", "D1"),
]


@pytest.mark.parametrize("companions, field, section", REFUSED, ids=[r[1] for r in REFUSED])
def test_a_patch_using_a_dawn_field_is_refused_for_play(tmp_path, companions, field, section):
    import yaml
    p = tmp_path / "patch.yaml"
    p.write_text(yaml.safe_dump({"companions": companions}, sort_keys=False, default_flow_style=None))
    with pytest.raises(ContentError) as e:
        load_game([p])
    m = re.fullmatch(rf"{re.escape(str(p))}, line (\d+): {re.escape(field)}: needs the Dawn rules "
                     rf"\({section}\), which only the reference engine plays, with the Dawn "
                     rf"content \(glowsim play --dawn\)", str(e.value))
    assert m, str(e.value)
    assert field.split(".")[-1] + ":" in p.read_text().splitlines()[int(m.group(1)) - 1]
    if section in ("D1", "D14"):       # sets and the butterfly bag are the Dawn content's
        with pytest.raises(ContentError, match="the content has no"):
            load_content([p])
    else:                              # valid content, which `glowsim cards` lists
        load_content([p])


def test_dawn_colours_and_faces_are_refused_for_play():
    with pytest.raises(ContentError, match=r"adventurers.hulk.color: needs the Dawn rules \(D2\)"):
        load_game([{"adventurers": {"hulk": {"name": "Hulk", "color": "grey", "dice": 0}}}])
    with pytest.raises(ContentError, match=r"die_faces.sixth.purple: needs the Dawn rules \(D8\)"):
        load_game([{"die_faces": {"sixth": {"purple": "swap"}}, "special_faces": {"purple": None}}])


# ---- validation: each broken Dawn input gets one line saying what is allowed ----

def companion(**fields):
    return {"companions": {"B24": {"name": "X", "bursts": 0, **fields}}}


BROKEN = [
    (companion(trigger={"elements": [0, 2]}, effect={"bursts": 1}),
     "companions.B24.trigger.elements: elements must be [min, max] with 1 <= min <= max <= 5"),
    (companion(trigger={"elements": [3, 2]}, effect={"bursts": 1}),
     "companions.B24.trigger.elements: elements must be [min, max]"),
    (companion(trigger={"elements": [3, 3], "symbols": ["fire"]}, effect={"bursts": 1}),
     "companions.B24.trigger: 'elements' cannot be combined with 'symbols', 'same' or 'absent'"),
    (companion(trigger={"elements": [1, 2], "same": 2}, effect={"bursts": 1}),
     "companions.B24.trigger: 'elements' cannot be combined"),
    (companion(trigger={"cost": {"rerolls": 1}}, effect={"bursts": 1}),
     "companions.B24.trigger: a trigger needs one of: symbols, same, absent, elements (a cost alone is "
     "not a condition)"),
    (companion(trigger={"symbols": ["fire"], "cost": {"rerolls": 1, "footprints": 1}}, effect={"bursts": 1}),
     "companions.B24.trigger.cost: a cost names one resource"),
    (companion(trigger={"symbols": ["fire"], "cost": {"gold": 1}}, effect={"bursts": 1}),
     "companions.B24.trigger.cost.gold: unknown field 'gold'; allowed fields: rerolls, footprints, fireflies, "
     "butterflies"),
    (companion(trigger={"symbols": ["fire"], "cost": {"rerolls": 0}}, effect={"bursts": 1}),
     "companions.B24.trigger.cost: a cost names one resource with a whole number from 1 to 20"),
    (companion(trigger={"symbols": ["fire"], "cost": {"rerolls": 1}}, effect={"rerolls": -1, "bursts": 3}),
     "companions.B24: the cost and the effect both take rerolls: give the whole price in 'cost' (D7)"),
    (companion(trigger={"symbols": ["fire"]}, effect={"butterflies": 1, "exchange_butterflies": 1}),
     "companions.B24.effect: 'butterflies' and 'exchange_butterflies' cannot both be set"),
    (companion(trigger={"symbols": ["fire"]}, effect={"butterflies": 11}),
     "companions.B24.effect.butterflies: Input should be less than or equal to 10"),
    (companion(reroll_for_bursts=-1), "companions.B24.reroll_for_bursts: Input should be greater than or equal to 0"),
    (companion(set="elementl"),
     "companions.B24.set: 'elementl' is not a set (did you mean 'elemental'?); allowed: elemental, anibloom, "
     "draconic"),
    ({"spells": {"S11": {"trigger": {"symbols": ["fire"], "cost": {"rerolls": 1}}, "effect": {"bursts": -2}}}},
     "spells.S11: a spell token carries no cost"),
    ({"adventurers": {"zaydrel": {"dice": 2}}}, "adventurers.zaydrel: dice_colors counts 3 dice but 'dice' is 2"),
    ({"adventurers": {"zaydrel": {"dice": 4, "dice_colors": {"black": 1, "multi": 3}}}},
     "adventurers.zaydrel.dice_colors: needs 3 large multi dice plus the reserve's, but dice.multi.large is 2"),
    ({"die_faces": {"sixth": {"pink": "reroll_nwo"}}},
     "die_faces.sixth.pink: 'reroll_nwo' is not allowed (did you mean 'reroll_now'?)"),
    ({"dawn": {"players": {7: {"little_board": [["leaf", "water", "cloud", "fire", "rock"]],
                               "little_board_turns": [5], "small_dice": []}}}},
     "dawn.players: 7 players: the Dawn rules add games of 5 and 6 players"),
    ({"dawn": {"players": {5: {"little_board": [["water", "fire"], ["leaf", "cloud"]]}}}},
     "dawn.players.5.little_board: every element goes to exactly one little-board space"),
    ({"dawn": {"players": {5: {"little_board_turns": [5]}}}},
     "dawn.players.5.little_board_turns: turn positions are 0..4"),
    ({"dawn": {"players": {5: {"small_dice": ["red", "red"]}}}},
     "dawn.players.5.small_dice: 3 small red dice on the boards at 5 players but dice.red.small is 2"),
    ({"dawn": {"players": {6: {"little_board": [["water"], ["rock"], ["cloud"], ["leaf", "fire"]]}}}},
     "dawn.players.6: at 6 players with elemental+anibloom+draconic: 64 companions remain after removal, fewer "
     "than 9 a round for 8 rounds (72) (D1)"),
    ({"dawn": {"sets": {"elemental": {"replaces": ["A08", "A99"]}}}},
     "dawn.sets.elemental.replaces.1: unknown companion 'A99'"),
    ({"dawn": {"sets": {"elemental": {"replaces": ["A201"]}}}},
     "dawn.sets.elemental.replaces.0: A201 belongs to the set 'anibloom'; a set replaces base companions only"),
    ({"dawn": {"sets": {"elemental": {"replaces": ["A08", "A08"]}}}},
     "dawn.sets.elemental.replaces: lists A08 more than once"),
    ({"dawn": {"sets": {"anibloom": {"butterflies": False}}}},
     "dawn.sets: no set brings the butterfly bag"),
    ({"companions": {"A101": None}},
     "companions: at 2-4 players with elemental: 39 companions remain after removal, fewer than 5 a round "
     "for 8 rounds (40) (D1)"),
    ({"dawn": {"butterflies": {"colour_bursts": [0, 1, 3]}}},
     "dawn.butterflies: colour_bursts lists the bursts for 0..6 tokens of one colour (7 numbers, the first 0)"),
    ({"dawn": {"butterflies": {"action": {"bf_ignore": {"use": "ignore_symbol"}}}}},
     "dawn.butterflies.action.bf_ignore.use: 'ignore_symbol' is not allowed"),
    ({"dawn": {"butterflies": {"instant": {"bf_reroll": {"gain": {"rerolls": 0}}}}}},
     "dawn.butterflies.instant.bf_reroll.gain: an instant token gains something"),
    ({"dawn": {"butterflies": None}},
     "dawn.butterflies: missing, but the set 'anibloom' brings the butterfly bag (butterflies: true)"),
    ({"dawn": {"butterflies": None, "sets": {"anibloom": {"butterflies": False}}}},   # the card's line
     f"{DAWN_NAME}, line 56: companions.A201.effect.butterflies: draws or pays butterfly tokens but the "
     f"content has no butterfly bag"),
    ({"dawn": {"solo": {"swap_deck": ["A01", "A02"]}}},
     "dawn.solo.swap_deck.1: 'A02' is not one of the companions solo play removes"),
    ({"dawn": {"solo": {"closed_islands": [12]}}},
     "dawn.solo.closed_islands.0: island 12 is not an island of the archipelago other than the start"),
    ({"dawn": {"sets": {"anibloom": {"replaces": ["A01", "A04", "A18", "A22", "B07", "B09", "B13", "B17"]}}}},
     "dawn.sets.anibloom.replaces: the set may be used in solo but replaces A01, which solo play removes"),
]


@pytest.mark.parametrize("patch, expected", BROKEN, ids=[e[1].split(":")[0] + f"-{i}" for i, e in enumerate(BROKEN)])
def test_broken_dawn_patch_gets_one_clear_line(patch, expected):
    with pytest.raises(ContentError) as e:
        load_dawn_content([patch])
    msg = str(e.value)
    assert len(msg.splitlines()) == 1, msg
    assert msg.startswith("<patch 1>: " + expected) or msg.startswith(expected), msg


def test_broken_dawn_file_names_file_and_line(tmp_path):
    p = tmp_path / "card.yaml"
    p.write_text("companions:\n  B209:\n    name: New\n    set: anibloom\n"
                 "    trigger: {symbols: [fire], cost: {butterflies: 1}}\n"
                 "    effect: {butterflies: 1, exchange_butterflies: 2}\n")
    with pytest.raises(ContentError) as e:
        load_dawn_content([p])
    assert str(e.value) == (f"{p}, line 6: companions.B209.effect: 'butterflies' and "
                            f"'exchange_butterflies' cannot both be set: an exchange already draws "
                            f"its tokens (D14)")


def test_a_designers_card_joins_a_set(tmp_path):
    """A content patch states a new card with the Dawn vocabulary and puts it in a set."""
    p = tmp_path / "card.yaml"
    p.write_text("companions:\n  B209:\n    name: Papillon\n    set: anibloom\n    bursts: 1\n"
                 "    trigger: {elements: [2, 3], cost: {butterflies: 1}}\n"
                 "    effect: {exchange_butterflies: 2, lose_companion_or_spell: true, fireflies: -1}\n")
    c = load_dawn_content([p])
    card = c.companions["B209"]
    assert card.set == "anibloom" and card.trigger.elements == (2, 3)
    assert card.trigger.cost.resource() == ("butterflies", 1)
    assert members(c, "anibloom")[-1] == "B209"
    # with the card, every deck still deals its rounds; the card is in the games with its set
    assert "B209" in game_deck(c, ("anibloom",), ("anibloom",))
    assert "B209" not in game_deck(c, ("elemental",), ("elemental",))
