"""The reference engine's `heuristic` bot (glowsim/engine/heuristic/): registered by name and
by parameter vector, its games are legal and replay, it refuses solo games clearly.  (Its
decision-for-decision agreement with the fast path: tests/fast/test_same_games_as_engine_heuristic.py.)"""
import json

import numpy as np
import pytest

from glowsim.cli.main import main
from glowsim.engine import GameRecord, play_game, play_solo, replay
from glowsim.engine.botnames import BOTS
from glowsim.spec.botparams import NPARAM, PARAM_NAMES, PRESETS, bot_preset

from .situations import content


def test_heuristic_is_a_reference_bot_by_name_and_by_vector():
    assert list(BOTS) == ["random", "greedy", "heuristic"]
    by_name = play_game(content(), n_players=3, side="archipelago", bots=["heuristic", "greedy", "heuristic"],
                        root_seed=5)
    by_vector = play_game(content(), n_players=3, side="archipelago",
                          bots=[PRESETS["heuristic"], "greedy", list(PRESETS["heuristic"])], root_seed=5)
    assert by_name.record.decisions == by_vector.record.decisions
    assert replay(content(), by_name.record) == by_name.final


@pytest.mark.parametrize("preset", ["random", "greedy"])
def test_vector_flags_play_the_random_and_greedy_bots(preset):
    """random > 0.5 plays the `random` bot, plan <= 0.5 the `greedy` bot (fast/bots/policy.py),
    whatever its other parameters.  (3 players: in 2, a heuristic opponent's DISCARD_2P
    values the cards with this seat's parameters, as the kernel does.)"""
    vec = bot_preset(preset, w_footprint=3.0, w_pair=2.0)
    for side in ("province", "archipelago"):
        a = play_game(content(), n_players=3, side=side, bots=[preset, "heuristic", preset], root_seed=9)
        b = play_game(content(), n_players=3, side=side, bots=[vec, "heuristic", vec], root_seed=9)
        assert a.record.decisions == b.record.decisions and a.final == b.final


def test_discard_2p_values_cards_with_the_opponents_parameters():
    """DISCARD_2P sends away what the opponent would value most, valued with the opponent's
    own parameter vector (the kernel reads the opponent's row of the bot parameters): a
    greedy opponent whose vector values nothing in the future changes the first discard."""
    flat = bot_preset("greedy", w_future=0.0, w_footprint=0.0, w_token=0.0)
    changed = 0
    for gi in range(10):
        rows = []
        for opp in ("greedy", flat):
            dec = play_game(content(), n_players=2, bots=[opp, "heuristic"], root_seed=3, game_index=gi).record.decisions
            k = next(i for i, r in enumerate(dec) if r[0] == 1 and r[1] == 2)   # seat 1's first discard
            rows.append((dec[:k], dec[k]))
        assert rows[0][0] == rows[1][0]          # the same game up to that discard
        changed += rows[0][1] != rows[1][1]
    assert changed >= 5


def test_parameters_change_the_decisions():
    """A tuned vector is really used: keeping 5 footprints back and no track rerolls below
    a score of 90 give other games than the default."""
    tuned = bot_preset("heuristic", fp_reserve=5.0, track_floor=90.0)
    a = play_game(content(), n_players=2, bots=["heuristic"] * 2, root_seed=2)
    b = play_game(content(), n_players=2, bots=[tuned] * 2, root_seed=2)
    assert a.record.decisions != b.record.decisions
    assert sum(p["rerolls_spent_track"] for p in b.players) == 0


def test_a_wrong_vector_is_a_clear_error():
    with pytest.raises(ValueError, match=f"a bot parameter vector has {NPARAM} values .*got 3"):
        play_game(content(), n_players=2, bots=[[1.0, 0.0, 2.0], "greedy"])


def test_R9_solo_refuses_the_heuristic_bot_clearly(capsys):
    with pytest.raises(ValueError, match="heuristic bot plays 2-4 player games only"):
        play_solo(content(), bot="heuristic")
    assert play_solo(content(), bot=np.asarray(PRESETS["greedy"])).record.solo   # greedy by vector plays
    code = main(["play", "--players", "1", "--bots", "heuristic"])
    err = capsys.readouterr().err
    assert code == 2 and "heuristic bot plays 2-4 player games only" in err and "Traceback" not in err


def test_cli_play_with_heuristic_bots_narrates_and_records(capsys, tmp_path):
    path = tmp_path / "game.json"
    code = main(["play", "--players", "4", "--side", "province", "--seed", "11",
                 "--bots", "heuristic,greedy,heuristic,random", "--record", str(path)])
    out = capsys.readouterr().out
    assert code == 0 and "Round 8" in out and "Final count" in out
    rec = GameRecord.from_json(path.read_text())
    ref = play_game(content(), n_players=4, side="province", root_seed=11,
                    bots=["heuristic", "greedy", "heuristic", "random"])
    assert json.loads(rec.to_json()) == json.loads(ref.record.to_json())
    assert replay(content(), rec) == ref.final


def _entered_per_search(monkeypatch, vec, games=4):
    """Spaces each province search entered (each entered space is scored once as an end)."""
    from glowsim.engine.heuristic import journeys
    counts = []

    class Counting(journeys._Search):
        def __init__(self, v, plan):
            self.entered_here = 0
            super().__init__(v, plan)
            counts.append(self.entered_here)

        def score_end(self, w, g, spent):
            self.entered_here += 1
            super().score_end(w, g, spent)

    monkeypatch.setattr(journeys, "_Search", Counting)
    for gi in range(games):
        play_game(content(), n_players=3, side="province", bots=[vec] * 3, root_seed=4, game_index=gi)
    return counts


@pytest.mark.parametrize("budget", [1, 12, 40])
def test_R6_province_search_enters_at_most_search_nodes_spaces(monkeypatch, budget):
    """A search with budget k enters at most k spaces, and some searches do stop at k."""
    counts = _entered_per_search(monkeypatch, bot_preset("heuristic", search_nodes=budget))
    assert counts and max(counts) == budget
    wide = _entered_per_search(monkeypatch, bot_preset("heuristic", search_nodes=10000))
    assert max(wide) > budget      # without the budget some searches go further


@pytest.mark.parametrize("bad", [0, -5, 12.5, 10001, float("nan")])
def test_search_nodes_out_of_range_is_a_clear_error(bad):
    with pytest.raises(ValueError, match="bot parameter search_nodes: .* allowed: a whole number 1..10000"):
        bot_preset("heuristic", search_nodes=bad)
    vec = bot_preset("heuristic")
    vec[PARAM_NAMES.index("search_nodes")] = bad
    with pytest.raises(ValueError, match="a bot parameter vector: bot parameter search_nodes: .*1..10000"):
        play_game(content(), n_players=2, bots=[vec, "greedy"])
