"""The search bot everywhere a bot plays: a scenario run, `glowsim verify`'s configurations,
`glowsim play` (the fast path plays, the reference engine narrates from the record) and
`glowsim bench --bot rollout` (small runs: speed is measured by `make bench`)."""
from __future__ import annotations

import json

import glowsim
from glowsim.cli.main import main
from glowsim.content import load_game
from glowsim.engine import GameRecord, replay
from glowsim.fast import Match, bot_preset, play_block
from glowsim.fast.verify import configs, verify

from .conftest import scale


def test_a_scenario_seat_plays_rollout_through_the_runner(compiled, tmp_path):
    data = glowsim.run({"name": "r", "players": 3, "seed": 4, "seat": {"adventurer": "random"},
                        "seats": [{"bot": {"preset": "rollout", "budget": 2, "max_options": 3,
                                           "label": "r2"}},
                                  {"bot": "expert"}, {"bot": "greedy"}]},
                       games=scale(6, 2), out=tmp_path / "run")
    players = data.players
    assert sorted(set(players["bot"])) == ["expert", "greedy", "r2"]
    assert len(players) == 3 * scale(6, 2)
    assert main(["verify", str(tmp_path / "run"), "--games", "2"]) == 0


def test_verify_covers_the_search_bot(compiled):
    cfgs = configs(("rollout",))
    assert {c[0] for c in cfgs} == {2, 3, 4} and all(c[2][0] == "rollout" for c in cfgs)
    done, div = verify(load_game(), scale(6, 6), seed=3, bot_sets=("rollout",))
    assert div is None, div.report()
    assert done == scale(6, 6)


def test_play_narrates_the_fast_paths_rollout_game(compiled, capsys, tmp_path):
    game = load_game()
    path = tmp_path / "g.json"
    assert main(["play", "--players", "3", "--bots", "rollout,expert,greedy", "--seed", "8",
                 "--game-index", "2", "--record", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Final count" in out and "record written" in out
    rec = GameRecord.from_json(path.read_text())
    fast = play_block(game, Match(3, "province", ["random"] * 3,
                                  [bot_preset("rollout"), bot_preset("expert"), bot_preset("greedy")]),
                      8, 2, 1, record=[2], workers=1)["records"][0]
    assert [list(r) for r in rec.decisions] == [list(r) for r in fast.decisions]
    assert rec.final == fast.final
    replay(game, rec)


def test_play_refuses_a_solo_search_bot(capsys):
    assert main(["play", "--players", "1", "--bots", "rollout"]) == 2
    err = capsys.readouterr().err
    assert "search bot plays 2 or more players" in err and "Traceback" not in err


def test_bench_of_the_search_bot(compiled, capsys):
    assert main(["bench", "--bot", "rollout", "--games", "2", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["games"] == 2 and r["searches"] > 0 and r["continuations"] >= 16 * r["searches"]
    for k in ("fast_games_per_s", "continuations_per_s", "continuations_per_game"):
        assert r[k] > 0, k
    assert set(r["by_side"]) == {"province", "archipelago"}


def test_analyze_takes_a_rollout_games_record_and_refuses_the_search_bot(compiled, capsys, tmp_path):
    """`glowsim analyze` plays its rollouts in the reference engine: a record of a game with
    a search seat is a record like any other, but the search bot cannot play the rollouts."""
    path = tmp_path / "g.json"
    assert main(["play", "--players", "3", "--bots", "rollout,expert,expert", "--seed", "2",
                 "--quiet", "--record", str(path)]) == 0
    capsys.readouterr()
    assert main(["analyze", "--record", str(path), "--at", "3", "--rollouts", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["options"]
    assert main(["analyze", "--record", str(path), "--at", "3", "--bot", "rollout"]) == 2
    err = capsys.readouterr().err
    assert "searches with fast-path forks" in err and "Traceback" not in err
