"""Solo against Tom with Dawn (docs/rules.md D16, extending R9)."""
import pytest

from glowsim.content import codes as C
from glowsim.engine import GameState, play_solo, replay
from glowsim.engine.journey import archi_options
from glowsim.engine.play import new_solo_game
from glowsim.engine.solo import run_solo, setup_solo, tom_colors
from glowsim.errors import UserError
from glowsim.records import GameRecord
from glowsim.spec import decisions as D

from .dawn_situations import dawn, row


def solo(adventurer="hulios", sets=("anibloom",), seed=0, side="province"):
    game, setup = new_solo_game(dawn(), side, adventurer, "greedy", seed, 0, dawn_sets=list(sets))
    setup_solo(game, setup)
    return game, setup


def test_D16_only_a_solo_set_may_play():
    with pytest.raises(UserError, match="'elemental' cannot be played solo \\(D16\\); allowed solo: anibloom"):
        solo(sets=("elemental",))


@pytest.mark.parametrize("sets", [(), ("anibloom",)])
def test_D16_decks_keep_sixteen_each_and_the_set_replaces(sets):
    game, setup = solo(sets=sets)
    assert len(setup["deck_a"]) == 16 and len(setup["deck_b"]) == 16
    cards = set(setup["deck_a"] + setup["deck_b"])
    content = dawn().content
    for cid in content.solo.removed:
        assert cid not in cards                                   # R9's removal stays
    anibloom = {c for c, cp in content.companions.items() if cp.set == "anibloom"}
    assert (anibloom <= cards) == bool(sets)
    assert not (set(content.dawn.sets["anibloom"].replaces) & cards) == bool(sets)
    assert (game.state.dawn.bag is not None) == bool(sets)


def test_D16_the_swap_deck_is_the_removed_cards_b_above_a_without_xargok_kaar_cromaug():
    game, setup = solo()
    deck = setup["dawn"]["swap_deck"]
    assert sorted(deck) == sorted(dawn().content.dawn.solo.swap_deck) and len(deck) == 11
    assert [c[0] for c in deck] == ["B"] * 6 + ["A"] * 5
    assert not {"A10", "A20", "B18"} & set(deck)     # Xar'gok, Kaar, Cromaug
    assert game.state.black_die is None and game.state.spell_pile == []


def test_D16_toms_dice_are_never_a_dawn_colour():
    content = dawn()
    for adv in content.catalog.adventurer_ids:
        for seed in range(5):
            assert all(c < C.N_COLORS for c in tom_colors(content, content.catalog.adventurer_row(adv), seed, 0))


def test_D16_island_1_is_closed_to_the_players_boats():
    game, _ = solo(side="archipelago")
    p = game.state.players[0]
    p.dice = []
    p.footprints = 10
    legal = archi_options(game, p)
    assert all(o[1] != 1 for o in legal) and any(o[1] > 1 for o in legal)


@pytest.mark.parametrize("adventurer", ["zaydrel", "hulios", "elldir", "moloch"])
def test_D16_dawn_solo_games_play_to_the_end_and_replay(adventurer):
    for seed, side in enumerate(("province", "archipelago")):
        for bot in ("random", "greedy"):
            out = play_solo(dawn(), side=side, adventurer=adventurer, bot=bot, root_seed=seed,
                            dawn_sets=["anibloom"])
            rec = GameRecord.from_json(out.record.to_json())
            assert rec.setup["dawn"]["sets"] == ["anibloom"]
            assert replay(dawn(), rec) == out.final
            if side == "archipelago":
                assert 1 not in out.final["players"][0]["boats"]
            gs = GameState(dawn(), n_players=1, side=side, adventurers=[adventurer], bots=[bot],
                           root_seed=seed, dawn_sets=["anibloom"])
            gs.play_bots()
            assert gs.record.final == out.final
