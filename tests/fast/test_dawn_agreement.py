"""The fast path plays Dawn (docs/rules.md D1-D18) solo and at 2-6 players with any choice of sets:
its records replay through the reference engine to the same final state, and with the same
seed and bots they are the reference engine's games, record for record (the new adventurers'
dice D2, the multi die's joker and the pink die's immediate rerolls D8, the swap step D10,
the spells S7-S10 and the set cards with their `elements` triggers D6, costs D7, Crolos's
bought rerolls D12, Phyrene's discard D13, the butterfly bag, its tokens and their count D14,
D15, Zay'Drel's black die D9, the little board of 5 and 6 players D4, D5), the planning bots'
recruit picks, rerolls and afternoon moves over Dawn's dice and cards included (docs/bots.md)."""
from __future__ import annotations

from collections import Counter

import pytest

from glowsim.content import load_game
from glowsim.engine import play_game, play_solo, replay
from glowsim.errors import UserError
from glowsim.fast import Match, bot_preset, play_block
from glowsim.fast.verify import verify
from glowsim.spec import decisions as D

from .conftest import scale

CI = pytest.mark.nojit_ci   # also run with numba off in CI (make test)


@pytest.fixture(scope="module")
def dawn():
    return load_game(dawn=True)


@CI
def test_D1_dawn_games_replay_through_the_reference_engine(dawn, compiled):
    n = scale(300, 30)
    done, div = verify(dawn, n, seed=404)
    assert div is None, div.report()
    assert done == n


SETS = [[], ["elemental"], ["draconic"], ["elemental", "draconic"], ["anibloom"],
        ["elemental", "anibloom", "draconic"]]


@CI
@pytest.mark.parametrize("bot", ["random", "greedy", "heuristic"])
@pytest.mark.parametrize("n,side,sets", [(2, "province", SETS[3]), (3, "archipelago", SETS[0]),
                                         (4, "province", SETS[1]), (4, "archipelago", SETS[2]),
                                         (3, "province", SETS[4]), (2, "archipelago", SETS[5]),
                                         (4, "province", SETS[5]), (5, "province", SETS[0]),
                                         (5, "archipelago", SETS[4]), (6, "archipelago", SETS[0]),
                                         (6, "province", SETS[5])])
def test_D1_same_dawn_game_as_the_engine(dawn, compiled, bot, n, side, sets):
    count = scale(6, 2)
    m = Match(n, side, ["random"] * n, [bot_preset(bot)] * n, dawn_sets=sets)
    cols = play_block(dawn, m, 31, 0, count, record=range(count), workers=1)
    for gi, rec in enumerate(cols["records"]):
        ref = play_game(dawn, n_players=n, side=side, adventurers=None, bots=[bot] * n,
                        root_seed=31, game_index=gi, dawn_sets=sets).record
        assert (rec.adventurers, rec.setup, rec.dice, rec.decisions, rec.final) == \
            (ref.adventurers, ref.setup, ref.dice, ref.decisions, ref.final)


@CI
@pytest.mark.parametrize("n,side,sets", [(3, "province", SETS[1]), (4, "archipelago", SETS[5]),
                                         (5, "province", SETS[4]), (6, "archipelago", SETS[5])])
def test_D1_the_planner_plays_the_engines_dawn_games(dawn, compiled, n, side, sets):
    # the planner's recruit picks, rerolls and afternoon in Dawn games (docs/bots.md), two
    # vectors and the greedy rules at one table: the same decisions in both engines
    bots = (["expert", "heuristic", "greedy"] * 2)[:n]
    count = scale(6, 2)
    m = Match(n, side, ["random"] * n, [bot_preset(b) for b in bots], dawn_sets=sets)
    cols = play_block(dawn, m, 47, 0, count, record=range(count), workers=1)
    for gi, rec in enumerate(cols["records"]):
        ref = play_game(dawn, n_players=n, side=side, adventurers=None, bots=bots,
                        root_seed=47, game_index=gi, dawn_sets=sets).record
        assert (rec.adventurers, rec.setup, rec.dice, rec.decisions, rec.final) == \
            (ref.adventurers, ref.setup, ref.dice, ref.decisions, ref.final)


def test_D2_D8_D10_dawn_decisions_are_played(dawn, compiled):
    """The games checked above reach every decision Dawn adds without sets: the joker, the
    pink die's reroll and the swap, with the new adventurers seated."""
    n = 4
    m = Match(n, "province", ["zaydrel", "hulios", "elldir", "random"],
              [bot_preset("greedy")] * n)
    count = scale(40, 6)
    cols = play_block(dawn, m, 5, 0, count, record=range(count))
    kinds = Counter()
    for rec in cols["records"]:
        assert rec.setup["dawn"] == {"sets": [], "replaced": []}
        assert rec.final["dawn"]["swap_deck"] and len(rec.final["dawn"]["swap_deck"]) == 6
        assert replay(dawn, rec) == rec.final
        kinds.update(d[1] for d in rec.decisions)
    assert kinds[D.JOKER] > 0 and kinds[D.REROLL_NOW] > 0 and kinds[D.SWAP] > 0


def test_D9_zaydrel_swaps_and_kaar_agree(dawn, compiled):
    """Zay'Drel's large black die and Hulios's swaps over many games (Kaar coming and going
    by recruit, swap and Cromaug): every record replays."""
    m = Match(3, "archipelago", ["zaydrel", "hulios", "random"], [bot_preset("random")] * 3)
    count = scale(120, 8)
    cols = play_block(dawn, m, 77, 0, count, record=range(count))
    for rec in cols["records"]:
        assert replay(dawn, rec) == rec.final


def test_D16_solo_takes_the_anibloom_alone(dawn):
    m = Match(1, "province", ["random"], [bot_preset("greedy")], dawn_sets=["elemental"])
    with pytest.raises(UserError, match=r"'elemental' cannot be played solo \(D16\)") as e:
        m.kernel(dawn)
    assert "\n" not in str(e.value)


@CI
@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("side,sets", [("province", []), ("archipelago", ["anibloom"]),
                                       ("province", ["anibloom"]), ("archipelago", [])])
def test_D16_same_dawn_solo_game_as_the_engine(dawn, compiled, bot, side, sets):
    """Solo with Dawn (D16): the solo swap deck, the Anibloom's bag, island 1 closed on the
    archipelago; the reference engine's game, record for record."""
    count = scale(6, 2)
    m = Match(1, side, ["random"], [bot_preset(bot)], dawn_sets=sets)
    cols = play_block(dawn, m, 3, 0, count, record=range(count), workers=1)
    for gi, rec in enumerate(cols["records"]):
        ref = play_solo(dawn, side=side, adventurer=None, bot=bot, root_seed=3, game_index=gi,
                        dawn_sets=sets).record
        assert rec.setup["dawn"]["sets"] == sets and len(rec.setup["dawn"]["swap_deck"]) == 11
        assert (rec.adventurers, rec.setup, rec.dice, rec.decisions, rec.final) == \
            (ref.adventurers, ref.setup, ref.dice, ref.decisions, ref.final)


def test_D4_five_and_six_players_need_the_dawn_content(game):
    m = Match(5, "province", bots=[bot_preset("greedy")] * 5)
    with pytest.raises(UserError, match=r"1 \(solo against Tom\) to 4 players"):
        m.kernel(game)


def test_D1_dawn_sets_need_the_dawn_content(game):
    m = Match(3, "province", bots=[bot_preset("greedy")] * 3, dawn_sets=["anibloom"])
    with pytest.raises(UserError, match="Dawn sets need the Dawn content"):
        m.kernel(game)


def test_D7_D12_D13_set_cards_are_played(dawn, compiled):
    """With Elemental and Draconic the random bots buy rerolls with bursts (Crolos, D12) and
    lose companions or spells (Phyrene, D13, and the boards); every record replays."""
    m = Match(4, "archipelago", ["random"] * 4, [bot_preset("random")] * 4,
              dawn_sets=["elemental", "draconic"])
    count = scale(60, 8)
    cols = play_block(dawn, m, 3, 0, count, record=range(count))
    bought = 0
    for rec in cols["records"]:
        assert rec.setup["dawn"] == {"sets": ["elemental", "draconic"],
                                     "replaced": ["elemental", "draconic"]}
        assert replay(dawn, rec) == rec.final
        bought += sum(1 for d in rec.decisions if d[1] == D.REROLL and
                      (d[2] == D.OP_SET_BOUGHT or (d[2] == D.OP_REROLL and d[3] == D.SRC_BURSTS)))
    assert bought > 0


def test_D1_offered_rows_beyond_64_are_spelt(dawn, compiled):
    """A Dawn content has 70 companions: the recruits table's `offered` names the set cards
    (rows 64 and up) too, each pick's offer holding the companion taken."""
    m = Match(3, "province", ["random"] * 3, [bot_preset("greedy")] * 3,
              dawn_sets=["elemental", "draconic"])
    cols = play_block(dawn, m, 9, 0, scale(20, 4))
    rec = cols["recruits"]
    picks = rec["pick"] >= 0
    high = set(dawn.catalog.companion_ids[64:])
    assert any(c in high for c in rec["companion"][picks])
    for comp, offered in zip(rec["companion"][picks], rec["offered"][picks]):
        assert comp in offered.split(",")


def test_D14_D15_butterflies_are_drawn_given_used_and_counted(dawn, compiled):
    """With the Anibloom the bots draw, give back and use butterfly tokens (BUTTERFLY_GIVE,
    ACTION decisions), the count adds their bursts (D15); every record replays."""
    m = Match(4, "province", ["random"] * 4, [bot_preset("random"), bot_preset("greedy")] * 2,
              dawn_sets=["anibloom"])
    count = scale(60, 8)
    cols = play_block(dawn, m, 12, 0, count, record=range(count))
    kinds = Counter()
    held = 0
    for rec in cols["records"]:
        assert replay(dawn, rec) == rec.final
        kinds.update(d[1] for d in rec.decisions)
        held += sum(sum(b.values()) for b in rec.final["dawn"]["butterflies"])
        assert rec.final["dawn"]["bag"] is not None
    assert kinds[D.BUTTERFLY_GIVE] > 0 and kinds[D.ACTION] > 0 and held > 0


@pytest.mark.parametrize("n", [5, 6])
def test_D4_D5_little_board_games_replay(dawn, compiled, n):
    """5 and 6 players (D4, D5): the sets drawn up to the minimum (D1), the little board's
    seats and dice, Kaar's black die on a drawn space; every record replays, and the sets
    in play are those D1 allows."""
    m = Match(n, "archipelago" if n == 5 else "province", ["random"] * n,
              ([bot_preset("random"), bot_preset("greedy")] * 3)[:n],
              dawn_sets=["draconic"])
    count = scale(40, 10)
    cols = play_block(dawn, m, 21, 0, count, record=range(count))
    drawn = Counter()
    for rec in cols["records"]:
        assert replay(dawn, rec) == rec.final
        d = rec.final["dawn"]
        assert "draconic" in d["sets"] and len(d["sets"]) >= (2 if n == 5 else 3)
        assert len(d["little_board"]) == n - 4
        drawn[tuple(d["sets"])] += 1
    if n == 5:
        assert len(drawn) == 2    # elemental or anibloom drawn beside draconic


def test_D4_verify_mixes_the_presets_at_five_and_six_players():
    # glowsim verify --dawn: the mixed tables of 5 and 6 players (D4) seat every preset of the
    # mix, cycled over the seats, one seat each
    from glowsim.fast.verify import MIXED, configs
    got = configs(("mixed",), (2, 5, 6))
    assert [len(seats) for _, _, seats in got] == [2, 2, 5, 5, 6, 6]
    for n, _, seats in got:
        assert seats == tuple(MIXED[i % len(MIXED)] for i in range(n))
