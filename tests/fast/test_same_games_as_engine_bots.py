"""`random` and `greedy` are the reference engine's bots compiled: the same seed gives the
same game, record for record (setup, every die, every decision, final state), including
random adventurers (E13), the draft (E19) and extra starting tokens (E18)."""
from __future__ import annotations

import pytest

from glowsim.engine import play_game
from glowsim.fast import Match, bot_preset, play_block

from .conftest import scale


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("n,side", [(2, "province"), (3, "archipelago"), (4, "province"),
                                    (4, "archipelago")])
def test_E13_same_game_as_the_engine(game, compiled, bot, n, side):
    count = scale(4, 1)
    m = Match(n, side, ["random"] * n, [bot_preset(bot)] * n)
    cols = play_block(game, m, 31, 0, count, record=range(count), workers=1)
    for gi, rec in enumerate(cols["records"]):
        ref = play_game(game, n_players=n, side=side, adventurers=None, bots=[bot] * n,
                        root_seed=31, game_index=gi).record
        assert rec.adventurers == ref.adventurers
        assert rec.setup == ref.setup
        assert rec.dice == ref.dice
        assert rec.decisions == ref.decisions
        assert rec.final == ref.final


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_E18_E19_draft_and_start_tokens_as_the_engine(game, compiled, bot):
    advs = ["draft", "random", "eoles"]
    m = Match(3, "province", advs, [bot_preset(bot)] * 3, start_tokens=[0, 3, 1])
    count = scale(3, 1)
    cols = play_block(game, m, 8, 0, count, record=range(count), workers=1)
    for gi, rec in enumerate(cols["records"]):
        ref = play_game(game, n_players=3, side="province", adventurers=advs, bots=[bot] * 3,
                        root_seed=8, game_index=gi, start_tokens=[0, 3, 1]).record
        assert rec.setup["draft"] == [0] and rec.setup["start_tokens"] == [0, 3, 1]
        assert (rec.adventurers, rec.setup, rec.decisions, rec.final) == \
            (ref.adventurers, ref.setup, ref.decisions, ref.final)
