"""Dawn games played to the end (docs/rules.md D1-D15): every player count and choice of sets
with every hand-made bot; each replays from its record, and the table's parts add up."""
import itertools

import pytest

from glowsim.cli.main import main
from glowsim.content import load_game
from glowsim.engine import GameState, play_game, replay
from glowsim.engine.play import new_game, run
from glowsim.records import GameRecord
from glowsim.seeding import resample_generator
from glowsim.spec import decisions as D
from glowsim.spec.botparams import PRESETS

from .dawn_situations import dawn

SETS = ("elemental", "anibloom", "draconic")
CHOICES = [c for k in range(4) for c in itertools.combinations(SETS, k)]
BOTS = ["random", "greedy", "heuristic", PRESETS["expert"]]


def accounted(game) -> int:
    """Companions of the game wherever they are at the end (D1: the deck of the sets)."""
    st = game.state
    return (len(st.cemetery) + sum(len(p.companions) for p in st.players) + len(st.pile)
            + len(st.dawn.swap_deck) + sum(1 for c in st.track.companion if c >= 0))


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_D1_every_player_count_and_choice_of_sets_plays_to_the_end(n):
    size = {5: 62, 6: 70}.get(n, 46)
    for i, sets in enumerate(CHOICES):
        bots = [BOTS[(i + s) % len(BOTS)] for s in range(n)]
        side = ("province", "archipelago")[i % 2]
        game, setup = new_game(dawn(), n, side, None, bots, 11, i, dawn_sets=list(sets))
        counts = run(game, setup)
        st = game.state
        assert accounted(game) == size                       # D1 deck sizes
        assert len(st.dawn.swap_deck) == 6                   # D10: the swap deck keeps its size
        assert set(sets) <= set(st.dawn.sets)
        if st.dawn.bag is not None:                          # D14: no token made or lost
            held = sum(sum(p.butterflies) for p in st.players)
            assert sum(st.dawn.bag) + sum(st.dawn.aside) + held == 45
        for c in counts:                                     # R8 + D15: a plain sum
            assert c["score"] == (c["track"] + c["cards_bursts"] + c["journey_bursts"]
                                  + c["firefly_bonus"] + c["footprint_bursts"] + c["butterfly_bursts"])


@pytest.mark.parametrize("bot", ["random", "greedy", "heuristic", "expert"])
@pytest.mark.parametrize("n", [2, 4, 6])
def test_every_bot_plays_dawn_and_the_record_replays(bot, n):
    vec = PRESETS[bot] if bot == "expert" else bot
    for seed in range(2):
        out = play_game(dawn(), n_players=n, side=("province", "archipelago")[seed],
                        bots=[vec] * n, root_seed=seed, dawn_sets=list(SETS))
        rec = GameRecord.from_json(out.record.to_json())
        assert rec.setup["dawn"]["sets"] == list(SETS)
        assert replay(dawn(), rec) == out.final
        assert out.final["dawn"]["sets"] == list(SETS)


def test_a_dawn_game_state_offers_every_decision_and_plays_like_play_game():
    args = dict(n_players=5, adventurers=["zaydrel", "hulios", "elldir", "random", "random"],
                bots=["greedy"] * 5, root_seed=3, dawn_sets=list(SETS))
    out = play_game(dawn(), **args)
    gs = GameState(dawn(), **args)
    kinds = set()
    while not gs.is_terminal:
        legal = gs.legal_decisions()
        kinds.add(gs.decision_kind.name)
        if gs.decision_kind.code >= D.JOKER:      # the Dawn decisions read as sentences
            assert all("decides" not in gs.describe(r) for r in legal)
        if gs.decision_kind.code == D.SWAP:       # D10: the top card is seen by its owner alone
            me, other = gs.current_player, (gs.current_player + 1) % 5
            top = gs.game.cat.item_id(gs.game.state.dawn.swap_deck[0])
            assert gs.observation(me)["dawn"]["swap_top"] == top
            assert "swap_top" not in gs.observation(other)["dawn"]
        row = gs.step_bot()
        assert tuple(row[2:]) in [tuple(r[2:]) for r in legal]
    assert gs.record.final == out.final and gs.scores == [p["score"] for p in out.players]
    assert {"JOKER", "SWAP"} <= kinds
    mid = GameState.from_record(dawn(), out.record, len(out.record.decisions) // 2)
    who = mid.current_player
    seen = mid.observation(who)
    assert seen["dawn"]["swap_deck"] == 6 and len(seen["track"]) == 7
    other = mid.resample_hidden(resample_generator(3, 0), who)     # the same view, redrawn
    assert other.observation(who) == seen
    assert other.game.state.dawn.swap_deck == mid.game.state.dawn.swap_deck
    mid.play_bots()
    other.play_bots()
    assert mid.is_terminal and other.is_terminal


def test_the_base_game_replays_and_refuses_a_dawn_record():
    out = play_game(dawn(), n_players=3, bots=["greedy"] * 3, root_seed=1, dawn_sets=[])
    with pytest.raises(Exception, match="record was made with content"):
        replay(load_game(), out.record)


def test_play_narrates_a_six_player_dawn_game(capsys, tmp_path):
    rec = tmp_path / "g.json"
    code = main(["play", "--players", "6", "--dawn", "anibloom", "--seed", "2", "--bots",
                 "greedy,random,heuristic,greedy,random,greedy", "--record", str(rec)])
    out = capsys.readouterr().out
    assert code == 0
    assert "play on the little board (D4)" in out and "Dawn with elemental, anibloom, draconic" in out
    assert "butterfly_bursts" in out and "[7 leaf+fire:" in out
    r = GameRecord.from_json(rec.read_text())
    assert r.n_players == 6 and r.setup["dawn"]["sets"] == list(SETS)
    assert replay(dawn(), r) == r.final


def test_analyze_reads_a_dawn_record(capsys, tmp_path):
    rec = tmp_path / "g.json"
    out = play_game(dawn(), n_players=4, bots=["greedy"] * 4, root_seed=6, dawn_sets=["draconic"])
    rec.write_text(out.record.to_json())
    code = main(["analyze", "--record", str(rec), "--at", "12", "--rollouts", "3", "--bot",
                 "greedy", "--json", "--quiet"])
    text = capsys.readouterr().out
    assert code == 0 and '"options"' in text
