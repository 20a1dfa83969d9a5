"""Position analysis of a game state and of a record cut at a decision (glowsim analyze)."""
import json

import numpy as np
import pytest

from glowsim.cli.main import main
from glowsim.content import load_game
from glowsim.engine import GameState, play_game, play_solo
from glowsim.position import AnalysisError, analyze_state, record_state
from glowsim.position.rollouts import summarise

GAME = load_game()


def _first_pick(content, seed=3):
    """A 3-player game (greedy bots) at its first decision: round 1, the first recruit pick."""
    state = GameState(content, n_players=3, side="province", bots=["greedy"] * 3, root_seed=seed)
    assert state.decision_kind.name == "RECRUIT" and state.round == 1
    return state


def test_a_companion_worth_25_more_bursts_is_the_best_pick(tmp_path):
    # R3 recruit, R8 printed bursts count at the end: the same setup (the deal does not depend on
    # printed bursts) with the card on space 2 printed at +25 makes taking it dominant
    base = _first_pick(GAME)
    cid = GAME.catalog.item_id(base.game.state.track.companion[2])
    patch = tmp_path / "boost.yaml"
    # a plain card (no trigger, effect or Sketal die: it stays in play to the end) printed at 25
    patch.write_text(f"companions:\n  {cid}: {{bursts: 25, trigger: null, effect: null, "
                     f"sketal_die: null}}\n")
    boosted = load_game([str(patch)])
    state = _first_pick(boosted)
    assert GAME.catalog.item_id(state.game.state.track.companion[2]) == cid
    res = analyze_state(state, bot="greedy", rollouts=12, seed=1, key=7)
    t = res.table
    assert t.iloc[0]["row"][2] == 2 and cid in t.iloc[0]["option"]
    assert t.iloc[0]["win"] >= t.iloc[1:]["win"].max()
    # every other option is measurably worse, paired on the same worlds
    assert (t.iloc[1:]["score_diff_high"] < 0).all()
    assert (t.iloc[1:]["score_diff"] < -5).all()
    assert list(t["rank"]) == list(range(1, len(t) + 1))


def test_the_same_seed_gives_the_same_analysis_and_another_seed_other_worlds():
    state = _first_pick(GAME)
    a = analyze_state(state, bot="greedy", rollouts=4, seed=5, key=11)
    b = analyze_state(state, bot="greedy", rollouts=4, seed=5, key=11)
    c = analyze_state(state, bot="greedy", rollouts=4, seed=6, key=11)
    assert np.array_equal(a.scores, b.scores) and a.table.equals(b.table)
    assert not np.array_equal(a.scores, c.scores)
    # the state analysed is left at its decision
    assert state.decision_kind.name == "RECRUIT" and len(state.legal_decisions()) == 5


def test_rollouts_never_read_the_true_hidden_parts():
    # two games with the same public position at the first pick but other draw piles: the
    # analyses are equal (every rollout redraws the pile, the box and the dice to come)
    state = _first_pick(GAME)
    other = state.resample_hidden(np.random.default_rng(99))
    assert other.game.state.pile != state.game.state.pile
    a = analyze_state(state, bot="greedy", rollouts=3, seed=2, key=4)
    b = analyze_state(other, bot="greedy", rollouts=3, seed=2, key=4)
    assert np.array_equal(a.scores, b.scores)


def test_paired_differences_are_those_of_the_rollouts():
    wins = np.array([[1, 0, 1, 1], [0, 0, 1, 0]], float)
    scores = np.array([[50, 40, 60, 55], [45, 41, 50, 50]], float)
    t = summarise([(0, 1, 0, -1, -1, -1, -1, -1), (0, 1, 1, -1, -1, -1, -1, -1)], ["a", "b"],
                  wins, scores)
    assert list(t["option"]) == ["a", "b"]
    assert t.iloc[1]["score_diff"] == pytest.approx(np.mean([-5, 1, -10, -5]))
    assert t.iloc[1]["win_diff"] == pytest.approx(-0.5)
    assert t.iloc[0]["win_diff"] == 0 and t.iloc[0]["win"] == 0.75


def test_bad_budgets_and_bots_are_refused():
    state = _first_pick(GAME)
    with pytest.raises(AnalysisError, match="rollouts must be a whole number 2"):
        analyze_state(state, rollouts=1)
    out = play_game(GAME, n_players=3, bots=["greedy"] * 3, root_seed=1)
    with pytest.raises(AnalysisError, match="unknown bot 'best'; allowed: "):
        record_state(GAME, out.record, 3, bot="best")
    with pytest.raises(AnalysisError, match=r"rec.json: decision index k=9999 is outside the record"):
        record_state(GAME, out.record, 9999, bot="greedy", where="rec.json")


@pytest.fixture(scope="module")
def record_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("rec") / "game.json"
    assert main(["play", "--players", "3", "--bots", "heuristic,greedy,random", "--seed", "4",
                 "--quiet", "--record", str(path)]) == 0
    return path


def test_analyze_a_record_from_glowsim_play(record_file, tmp_path, capsys):
    capsys.readouterr()
    rec = json.loads(record_file.read_text())
    rows = [rec["decisions"][i:i + 8] for i in range(0, len(rec["decisions"]), 8)]
    k = next(i for i, r in enumerate(rows) if r[1] == 1 and i > 0)   # a recruit pick
    fig = tmp_path / "a.png"
    assert main(["analyze", "--record", str(record_file), "--at", str(k), "--rollouts", "3",
                 "--bot", "greedy", "--figure", str(fig), "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{record_file} at decision {k}: round 1, P{rows[k][0]} to decide "
                             f"RECRUIT; ")
    assert out[1].split() == ["rank", "option", "win", "%", "win", "95%", "score", "score", "95%",
                              "win", "vs", "best", "vs", "best", "95%", "score", "vs", "best"]
    assert out[3].split()[0] == "1" and "best" in out[3]
    assert fig.stat().st_size > 1000
    # the same analysis in 2 worker processes (the record built again in each)
    one = capsys.readouterr()
    assert main(["analyze", "--record", str(record_file), "--at", str(k), "--rollouts", "3",
                 "--bot", "greedy", "--workers", "2", "--quiet"]) == 0
    two = capsys.readouterr().out.splitlines()
    assert two[:-1] == out[:len(two) - 1] and len(two) == len(out) - 1   # less the figure line
    assert main(["analyze", "--record", str(record_file), "--at", str(k), "--rollouts", "3",
                 "--bot", "greedy", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["player"] == rows[k][0] and data["decision"] == "RECRUIT"
    assert [o["rank"] for o in data["options"]] == list(range(1, len(data["options"]) + 1))
    assert all(o["row"][:2] == rows[k][:2] for o in data["options"])


@pytest.mark.parametrize("argv, message", [
    ([], "glowsim analyze: error: give the position: --record FILE.json --at K, or --position "
         "FILE.yaml"),
    (["--record", "REC"], "glowsim analyze: error: --record needs --at K: the decision index to "
                          "analyse"),
    (["--record", "REC", "--at", "100000"],
     "glowsim analyze: error: REC: decision index k=100000 is outside the record: allowed 0..NDEC"),
    (["--record", "REC", "--at", "5", "--bot", "best"],
     "glowsim analyze: error: unknown bot 'best'; allowed: expert, greedy, heuristic, master, random"),
    (["--record", "REC", "--at", "5", "--figure", "x.pdf"],
     "glowsim analyze: error: --figure x.pdf: give a .png file name, e.g. analysis.png"),
    (["--record", "nowhere.json", "--at", "5"],
     "glowsim analyze: error: nowhere.json: no such record file"),
    (["--position", "p.yaml", "--at", "5"],
     "glowsim analyze: error: --at is for --record; a position file names its decision itself"),
])
def test_argument_errors_are_one_line(record_file, capsys, argv, message):
    n_dec = len(json.loads(record_file.read_text())["decisions"]) // 8
    argv = [str(record_file) if a == "REC" else a for a in argv]
    capsys.readouterr()
    assert main(["analyze", *argv]) == 2
    err = capsys.readouterr().err
    assert err == message.replace("REC", str(record_file)).replace("NDEC", str(n_dec)) + "\n"


def test_a_record_of_other_content_asks_for_its_patches(tmp_path, capsys):
    patch = tmp_path / "p.yaml"
    patch.write_text("companions:\n  A11: {bursts: 4}\n")
    patched = load_game([str(patch)])
    rec = tmp_path / "g.json"
    rec.write_text(play_game(patched, n_players=2, root_seed=1).record.to_json())
    assert main(["analyze", "--record", str(rec), "--at", "1"]) == 2
    assert capsys.readouterr().err == (
        f"glowsim analyze: error: {rec}: the record was played with other content "
        f"({patched.hash}, this is {GAME.hash}): give the patches it was played with "
        f"(--content PATCH.yaml)\n")
    assert main(["analyze", "--record", str(rec), "--at", "1", "--content", str(patch),
                 "--rollouts", "2", "--bot", "greedy", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rollouts"] == 2


def _interrupt_at(monkeypatch, calls):
    """Ctrl-C while rollout `calls` redraws its world."""
    real = GameState.resample_hidden
    seen = []

    def resample(self, rng, *a, **kw):
        seen.append(1)
        if len(seen) == calls:
            raise KeyboardInterrupt()
        return real(self, rng, *a, **kw)
    monkeypatch.setattr(GameState, "resample_hidden", resample)


def test_an_interrupted_analysis_keeps_the_rollouts_it_finished(monkeypatch):
    state = _first_pick(GAME)
    full = analyze_state(state, bot="greedy", rollouts=3, seed=4, key=2, engine="reference")
    _interrupt_at(monkeypatch, 4)
    with pytest.raises(KeyboardInterrupt) as err:
        analyze_state(state, bot="greedy", rollouts=10, seed=4, key=2, engine="reference")
    part = err.value.partial
    assert part.rollouts == 3 and part.wins.shape == (5, 3)
    assert np.array_equal(part.scores, full.scores) and part.table.equals(full.table)
    _interrupt_at(monkeypatch, 2)
    with pytest.raises(KeyboardInterrupt) as err:
        analyze_state(state, bot="greedy", rollouts=10, seed=4, key=2, engine="reference")
    assert err.value.partial is None      # fewer than 2 rollouts: no interval to show


def test_an_interrupted_fast_analysis_keeps_the_blocks_it_finished(monkeypatch):
    # the fast path plays blocks of rollouts; a Ctrl-C while a block's worlds are drawn keeps
    # the blocks before it (here 2 rollouts x 5 options a block)
    from glowsim.position import rollouts
    from glowsim.position.fastload import FastPosition
    state = _first_pick(GAME)
    full = analyze_state(state, bot="greedy", rollouts=4, seed=4, key=2, engine="fast")
    monkeypatch.setattr(rollouts, "FAST_BLOCK", 10)
    real, seen = FastPosition.world, []

    def world(self, *a):
        seen.append(1)
        if len(seen) == 5:
            raise KeyboardInterrupt()
        return real(self, *a)
    monkeypatch.setattr(FastPosition, "world", world)
    with pytest.raises(KeyboardInterrupt) as err:
        analyze_state(state, bot="greedy", rollouts=10, seed=4, key=2, engine="fast")
    part = err.value.partial
    assert part.rollouts == 4 and part.engine == "fast"
    assert np.array_equal(part.scores, full.scores) and part.table.equals(full.table)


def test_ctrl_c_prints_the_finished_rollouts_and_exits_130(record_file, monkeypatch, capsys):
    _interrupt_at(monkeypatch, 3)
    capsys.readouterr()
    assert main(["analyze", "--record", str(record_file), "--at", "1", "--rollouts", "50",
                 "--bot", "greedy", "--engine", "reference"]) == 130
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == "interrupted: the first 2 of 50 rollouts of each option"
    assert "x 2 rollouts by greedy" in out.splitlines()[0]
    assert err == "glowsim analyze: interrupted\n"


def test_rollouts_below_two_are_an_argument_error(capsys):
    assert main(["analyze", "--record", "x.json", "--at", "1", "--rollouts", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["glowsim analyze: error: argument --rollouts: --rollouts must be in 2..1000000, got 1 "
                   "(see glowsim analyze --help)"]


def test_analyze_a_record_of_a_run_folder(tmp_path, capsys):
    # a chunk's records file holds (variant, game_index, record JSON) of its sampled games
    import pyarrow.parquet as pq
    from glowsim.runner.store import records_table
    outs = [play_game(GAME, n_players=3, bots=["greedy"] * 3, root_seed=9, game_index=g)
            for g in (0, 100)]
    path = tmp_path / "c000000.records.parquet"
    pq.write_table(records_table("base", [o.record for o in outs]), path)
    capsys.readouterr()
    assert main(["analyze", "--record", str(path), "--at", "2", "--rollouts", "2"]) == 2
    assert capsys.readouterr().err == (f"glowsim analyze: error: {path}: give --game I; its "
                                       f"records are of games 0, 100\n")
    assert main(["analyze", "--record", str(path), "--game", "7", "--at", "2", "--rollouts", "2"]) == 2
    assert capsys.readouterr().err == (f"glowsim analyze: error: {path}: game 7 is not in it; its "
                                       f"records are of games 0, 100\n")
    k = next(i for i, r in enumerate(outs[1].record.decisions) if r[1] == 1)
    assert main(["analyze", "--record", str(path), "--game", "100", "--at", str(k), "--rollouts",
                 "2", "--bot", "greedy", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["position"] == f"{path} game 100 at decision {k}"
    assert {tuple(o["row"][:3]) for o in data["options"]} == \
        {tuple(r[:3]) for r in GameState.from_record(GAME, outs[1].record, k).legal_decisions()}


def test_a_solo_record_is_analysed_by_greedy_or_random_only():
    # R9: the planning presets have no solo mode
    out = play_solo(GAME, side="province", bot="greedy", root_seed=4)
    k = next(i for i, r in enumerate(out.record.decisions) if r[1] == 1)
    with pytest.raises(AnalysisError, match="bot 'expert' plays 2-4 player games only; a solo "
                                            "position takes random or greedy"):
        record_state(GAME, out.record, k, bot="expert")
    state, key = record_state(GAME, out.record, k, bot="greedy")
    res = analyze_state(state, bot="greedy", rollouts=2, seed=1, key=key)
    assert res.player == 0 and set(res.table["win"]) <= {0.0, 0.5, 1.0}
