"""E18 extra starting reroll tokens per seat; E19 adventurer draft (decision ADVENTURER)."""
import pytest

from glowsim.content import load_game
from glowsim.engine import ReplayError, play_game, replay
from glowsim.spec import decisions as D


@pytest.fixture(scope="module")
def content():
    return load_game()


def test_E18_start_tokens_add_to_R2_last_player_tokens(content):
    out = play_game(content, 3, "province", start_tokens=[1, 2, 3], root_seed=9, bots=["random"] * 3)
    first = out.record.setup["first_player"]
    last = (first - 1) % 3
    assert out.record.setup["start_tokens"] == [1, 2, 3]
    for row in out.players:
        start = [1, 2, 3][row["seat"]] + (2 if row["seat"] == last else 0)
        assert row["reroll_tokens"] == start + row["rerolls_gained_token"] - row["rerolls_spent_token"]
    assert replay(content, out.record) == out.final


def test_E18_same_seeds_same_dice_start(content):
    # the handicap changes only the tokens: setup, first player and the first rolls are shared
    a = play_game(content, 4, "archipelago", start_tokens=[0, 0, 0, 0], root_seed=2, game_index=5)
    b = play_game(content, 4, "archipelago", start_tokens=[0, 0, 3, 0], root_seed=2, game_index=5)
    assert a.record.setup["draw_pile"] == b.record.setup["draw_pile"]
    assert a.record.setup["first_player"] == b.record.setup["first_player"]
    assert a.record.adventurers == b.record.adventurers


def test_E18_bad_start_tokens(content):
    with pytest.raises(ValueError, match="start_tokens must give 3 non-negative counts"):
        play_game(content, 3, "province", start_tokens=[1, -1, 0])


def test_E19_draft_asks_seats_in_order_among_untaken(content):
    out = play_game(content, 4, "province", adventurers=["draft", "pocana", "draft", "random"],
                    bots=["greedy", "greedy", "random", "greedy"], root_seed=3)
    rows = [r for r in out.record.decisions if r[1] == D.ADVENTURER]
    assert [r[0] for r in rows] == [0, 2]
    advs = out.record.adventurers
    assert len(set(advs)) == 4 and advs[1] == "pocana"
    # greedy takes printed bursts + 2 per large die: Pocana (4 + 6) is taken, so Eoles (4 + 4)
    assert advs[0] == "eoles"
    assert replay(content, out.record) == out.final


def test_E19_draft_replay_checks_choice_against_header(content):
    out = play_game(content, 2, "province", adventurers=["draft", "draft"], root_seed=1)
    rec = out.record
    rec.adventurers = list(reversed(rec.adventurers))
    with pytest.raises(ReplayError, match="the draft gives adventurers"):
        replay(content, rec)


def test_E19_draft_illegal_choice_fails_loudly(content):
    out = play_game(content, 2, "archipelago", adventurers=["draft", "draft"], root_seed=1)
    rec = out.record
    rec.decisions[1][2] = rec.decisions[0][2]   # seat 1 picks seat 0's adventurer
    with pytest.raises(ReplayError, match="decision 1: ADVENTURER .* not legal in the adventurer draft"):
        replay(content, rec)
