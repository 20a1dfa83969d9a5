"""The `master` preset (the learned policy, docs/bots.md) is playable wherever a preset is: its
model file loads, scenarios seat it, forks fork its picks, the search bot takes it as its base,
the reference engine plays it (glowsim play, analyze) and replays its games, and the bench
compares its speed with the heuristic's."""
from __future__ import annotations

import json

import numpy as np
import pytest

from glowsim.cli.main import main
from glowsim.engine import play_game, replay
from glowsim.content import load_game
from glowsim.spec.botparams import (BP_LD, BP_LEARNED, BP_LR, LEARNED_BITS, MODEL_FILE, PRESETS,
                                      model_vector, read_model)
from glowsim.fast import Match, bot_preset, play_block
from glowsim.fast.fork_table import play_forks
from glowsim.fast.verify import verify
from glowsim.scenarios import expand, parse_scenario

from .conftest import scale


def test_master_is_expert_with_the_model_file_weights():
    data = read_model(MODEL_FILE)
    assert data["base"] == "expert" and data["version"] >= 1 and data["trained"]["command"]
    v = PRESETS["master"]
    assert np.array_equal(v, model_vector(data))
    assert v[BP_LEARNED] >= 1 and np.any(v[BP_LR:] != PRESETS["expert"][BP_LR:])
    e = PRESETS["expert"]
    assert np.array_equal(v[:BP_LEARNED], e[:BP_LEARNED])   # expert's heuristic parameters


@pytest.mark.nojit_ci
def test_master_plays_dawn_games_with_its_dawn_weights_in_both_engines(compiled):
    """The model's Dawn recruit weights (trained on Dawn games, `trained_dawn`) are read in a
    Dawn game (D1), and the reference engine plays master's Dawn games decision for decision."""
    data = read_model(MODEL_FILE)
    assert data["trained_dawn"]["command"] and data["trained_dawn"]["scenario"] == "train-master-dawn"
    v = PRESETS["master"]
    assert int(v[BP_LEARNED]) & LEARNED_BITS["dawn"]
    assert np.any(v[BP_LD:] != PRESETS["expert"][BP_LD:])
    dawn = load_game(dawn=True)
    n = scale(6, 1)
    sets = ["elemental", "anibloom"]
    bots = ["master", "expert", "master", "expert", "master"]
    m = Match(5, "archipelago", ["random"] * 5, bots, dawn_sets=sets)
    recs = play_block(dawn, m, 12, 0, n, record=range(n), workers=1)["records"]
    for rec in recs:
        ref = play_game(dawn, n_players=5, side="archipelago", adventurers=None, bots=bots,
                        root_seed=12, game_index=rec.seed["game_index"], dawn_sets=sets).record
        assert ref.decisions == rec.decisions and ref.final == rec.final
    ex = Match(5, "archipelago", ["random"] * 5, ["expert"] * 5, dawn_sets=sets)
    other = play_block(dawn, Match(5, "archipelago", ["random"] * 5, ["master"] * 5, dawn_sets=sets),
                       12, 0, n, record=range(n), workers=1)["records"]
    plain = play_block(dawn, ex, 12, 0, n, record=range(n), workers=1)["records"]
    assert any(a.decisions != b.decisions for a, b in zip(other, plain))


def test_master_seats_in_a_scenario_and_its_games_replay(game, compiled):
    sc = parse_scenario("players: 3\nseat: {bot: master}\nseats: [{bot: expert}]\n", "m.yaml")
    run = expand(sc, games=4)[0]
    assert [s.bot for s in run.seats] == ["expert", "master", "master"]
    n = scale(30, 2)
    for side in ("province", "archipelago"):
        m = Match(4, side, ["random"] * 4, ["master", "expert", "master", "heuristic"])
        cols = play_block(game, m, 5, 0, n, record=range(n), workers=1)
        assert list(cols["players"]["bot"][:4]) == ["master", "expert", "master", "heuristic"]
        for rec in cols["records"]:
            assert replay(game, rec) == rec.final


@pytest.mark.nojit_ci
def test_master_plays_the_same_games_in_the_reference_engine(game, compiled):
    n = scale(10, 1)
    bots = ["master", "expert", "master"]
    m = Match(3, "archipelago", ["random"] * 3, bots)
    for rec in play_block(game, m, 8, 0, n, record=range(n), workers=1)["records"]:
        ref = play_game(game, n_players=3, side="archipelago", bots=bots, root_seed=8,
                        game_index=rec.seed["game_index"]).record
        assert ref.decisions == rec.decisions and ref.final == rec.final


def test_master_forks_and_is_the_search_bots_base(game, compiled):
    m = Match(4, "province", ["random"] * 4, ["master"] * 4)
    t = play_forks(game, m, 3, 0, scale(4, 1), kind="recruit", sample=0.5, threads=1)
    assert len(t["game"]) > 0 and t["chosen_by_bot"].any()
    sc = parse_scenario("players: 2\nseats: [{bot: {preset: rollout, base: master, budget: 2, "
                        "max_options: 2}}, {bot: master}]\n", "r.yaml")
    run = expand(sc, games=2)[0]
    v = bot_preset(run.seats[0].bot, **dict(run.seats[0].params))
    base = PRESETS["master"]
    assert v[BP_LEARNED] == base[BP_LEARNED] and np.array_equal(v[BP_LR:], base[BP_LR:])
    rec = play_block(game, Match(2, "province", ["random"] * 2, [v, "master"]), 1, 0, 1,
                     record=[0], workers=1)["records"][0]
    assert replay(game, rec) == rec.final


def test_verify_covers_master(game, compiled):
    checked, div = verify(game, 4, seed=2, bot_sets=("master",), players=(2, 4))
    assert div is None and checked == 4


def test_play_and_analyze_take_master(tmp_path, capsys):
    rec = tmp_path / "g.json"
    assert main(["play", "--players", "2", "--bots", "master,expert", "--seed", "4", "--quiet",
                 "--record", str(rec)]) == 0
    capsys.readouterr()
    assert main(["analyze", "--record", str(rec), "--at", "10", "--rollouts", "2", "--bot",
                 "master", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["options"] and out["bot"] == "master"


def test_bench_compares_master_with_the_heuristic(compiled, capsys):
    assert main(["bench", "--bot", "master", "--games", str(scale(40, 4)), "--reference-games", "2",
                 "--segments", "1", "--fork-games", "2", "--workers", "1", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["baseline"] == "heuristic" and r["speed_vs_baseline"] > 0
    assert abs(r["speed_vs_baseline"] - r["fast_games_per_s"] / r["baseline_fast_games_per_s"]) < 1e-9
