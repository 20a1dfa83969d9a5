"""The fast path plays Dawn (docs/rules.md D1-D18) at 2-4 players without sets: its records
replay through the reference engine to the same final state, and with the same seed and bots
they are the reference engine's games, record for record (the new adventurers' dice D2, the
multi die's joker and the pink die's immediate rerolls D8, the swap step D10, the spells S7-S10
with their `elements` triggers D6, Zay'Drel's black die D9)."""
from __future__ import annotations

from collections import Counter

import pytest

from glowsim.content import load_game
from glowsim.engine import play_game, replay
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


@CI
@pytest.mark.parametrize("bot", ["random", "greedy", "heuristic"])
@pytest.mark.parametrize("n,side", [(2, "province"), (3, "archipelago"), (4, "province"),
                                    (4, "archipelago")])
def test_D1_same_dawn_game_as_the_engine(dawn, compiled, bot, n, side):
    count = scale(6, 2)
    m = Match(n, side, ["random"] * n, [bot_preset(bot)] * n)
    cols = play_block(dawn, m, 31, 0, count, record=range(count), workers=1)
    for gi, rec in enumerate(cols["records"]):
        ref = play_game(dawn, n_players=n, side=side, adventurers=None, bots=[bot] * n,
                        root_seed=31, game_index=gi).record
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


@pytest.mark.parametrize("n,sets,what", [
    (5, [], "at 5 players"), (6, [], "at 6 players"), (1, [], "solo with Dawn"),
    (3, ["elemental"], "the Dawn sets (elemental"),
])
def test_D1_what_the_fast_path_does_not_play_is_refused(dawn, n, sets, what):
    m = Match(n, "province", ["random"] * n, [bot_preset("greedy")] * n, dawn_sets=sets)
    with pytest.raises(UserError, match=r"the fast path does not play") as e:
        m.kernel(dawn)
    assert what in str(e.value) and "\n" not in str(e.value)


def test_D1_dawn_sets_need_the_dawn_content(game):
    m = Match(3, "province", bots=[bot_preset("greedy")] * 3, dawn_sets=["anibloom"])
    with pytest.raises(UserError, match="Dawn sets need the Dawn content"):
        m.kernel(game)


def test_the_search_bot_is_refused_in_dawn(dawn):
    m = Match(2, "province", bots=[bot_preset("rollout"), bot_preset("expert")])
    with pytest.raises(UserError, match="does not play Dawn"):
        m.kernel(dawn)
