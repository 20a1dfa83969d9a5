"""GameState (the forward model): stepping with the seats' bots plays play_game's and play_solo's
games; random legal play gives records that replay; clones are independent; a record cut at a
decision plays on to the same game; bad rows and bad cuts are refused with a clear error."""
import gc
import threading
import time
import weakref

import numpy as np
import pytest

from glowsim.content import codes as C
from glowsim.engine import GameState, StateError, play_game, play_solo, replay
from glowsim.spec import decisions as D

from .situations import content

AGREE = [
    (2, "province", ["greedy", "random"], 3, None, None),
    (2, "archipelago", ["heuristic", "greedy"], 8, None, None),
    (3, "archipelago", ["heuristic"] * 3, 5, None, None),
    (3, "province", ["random", "heuristic", "greedy"], 1, ["draft", "random", "draft"], [0, 2, 0]),
    (4, "province", ["heuristic"] * 4, 2, None, None),
    (4, "archipelago", ["random", "greedy", "heuristic", "random"], 9, None, [1, 0, 0, 0]),
]


@pytest.mark.parametrize("n,side,bots,seed,advs,tokens", AGREE)
def test_bots_through_gamestate_play_the_play_game_game(n, side, bots, seed, advs, tokens):
    kw = dict(n_players=n, side=side, bots=bots, root_seed=seed, game_index=4, adventurers=advs,
              start_tokens=tokens)
    s = GameState(content(), **kw)
    s.play_bots()
    out = play_game(content(), **kw)
    assert s.is_terminal and s.current_player is None and s.legal_decisions() == []
    assert s.record.to_json() == out.record.to_json()
    assert s.outcome.final == out.final
    assert s.outcome.players == out.players and s.outcome.recruits == out.recruits
    assert s.scores == [p["score"] for p in out.players]
    assert s.win_shares == [p["win_share"] for p in out.players]
    assert abs(sum(s.win_shares) - 1.0) < 1e-12


@pytest.mark.parametrize("side,seed,bot,colors", [("province", 2, "greedy", None),
                                                  ("archipelago", 6, "random", None),
                                                  ("archipelago", 3, "greedy", ["red", "blue"])])
def test_solo_through_gamestate_plays_the_play_solo_game_R9(side, seed, bot, colors):
    s = GameState(content(), 1, side, bots=[bot], root_seed=seed, game_index=1, tom_colors=colors)
    s.play_bots()
    out = play_solo(content(), side, bot=bot, root_seed=seed, game_index=1, tom_colors=colors)
    assert s.record.to_json() == out.record.to_json()
    assert s.outcome.final == out.final and s.outcome.game == out.game
    assert s.win_shares == [1.0 if out.players[0]["win"] else 0.0]


def random_play(s, rng, limit=None):
    n = 0
    while not s.is_terminal and (limit is None or n < limit):
        legal = s.legal_decisions()
        s.apply(legal[int(rng.integers(len(legal)))])
        n += 1
    return s


@pytest.mark.parametrize("n,side", [(1, "province"), (1, "archipelago"), (2, "province"),
                                    (3, "archipelago"), (4, "province"), (4, "archipelago")])
def test_random_legal_play_gives_a_record_that_replays(n, side):
    rng = np.random.default_rng(n * 10 + len(side))
    s = random_play(GameState(content(), n, side, root_seed=21, game_index=n), rng)
    rec = s.record
    assert rec.final == s.outcome.final
    assert replay(content(), rec) == s.outcome.final


def test_same_arguments_and_choices_same_game():
    a = random_play(GameState(content(), 3, "province", root_seed=4), np.random.default_rng(7))
    b = random_play(GameState(content(), 3, "province", root_seed=4), np.random.default_rng(7))
    assert a.record.to_json() == b.record.to_json()


def test_clone_is_independent_and_both_reach_valid_ends():
    s = GameState(content(), 4, "archipelago", bots=["random"] * 4, root_seed=12)
    s.play_bots(max_decisions=120)
    c = s.clone()
    assert c.legal_decisions() == s.legal_decisions()
    assert c.observation(0) == s.observation(0) and c.record.to_json() == s.record.to_json()
    before = s.record.to_json()
    legal = s.legal_decisions()
    c.apply(legal[-1])
    assert s.record.to_json() == before and s.legal_decisions() == legal
    s.apply(legal[0])
    assert c.record.decisions[-1] == list(legal[-1]) and s.record.decisions[-1] == list(legal[0])
    random_play(c, np.random.default_rng(1))
    s.play_bots()
    for x in (s, c):
        assert replay(content(), x.record) == x.outcome.final
    assert s.record.decisions[:120] == c.record.decisions[:120]


def test_clone_plays_on_as_the_original_with_the_same_bots():
    s = GameState(content(), 3, "province", bots=["heuristic"] * 3, root_seed=5)
    s.play_bots(until=lambda x: x.decision_kind.name == "PROVINCE_MOVE" and x.round == 3)
    c = s.clone()
    s.play_bots()
    c.play_bots()
    assert c.record.to_json() == s.record.to_json()
    assert c.record.to_json() == play_game(content(), 3, "province", bots=["heuristic"] * 3,
                                           root_seed=5).record.to_json()


def test_clone_keeps_future_dice_per_stream():
    """The same decisions after the fork draw the same dice in both (chance is the streams')."""
    s = GameState(content(), 2, "province", bots=["random", "random"], root_seed=30)
    s.play_bots(max_decisions=40)
    c = s.clone()
    rows = []
    while not s.is_terminal:
        rows.append(s.step_bot())
    for r in rows:
        c.apply(r)
    assert c.record.dice == s.record.dice


@pytest.mark.parametrize("n,side,seed", [(1, "province", 3), (2, "archipelago", 4), (4, "province", 6)])
def test_from_record_then_the_remaining_decisions_is_the_same_game(n, side, seed):
    if n == 1:
        rec = play_solo(content(), side, bot="random", root_seed=seed).record
    else:
        rec = play_game(content(), n, side, bots=["random"] * n, root_seed=seed).record
    total = len(rec.decisions)
    for k in (0, 1, total // 3, total - 1, total):
        s = GameState.from_record(content(), rec, k)
        assert len(s.record.decisions) == k
        for r in rec.decisions[k:]:
            s.apply(r)
        assert s.record.to_json() == rec.to_json()


def test_from_record_with_seed_draws_the_streams_dice_after_a_different_choice():
    rec = play_game(content(), 3, "province", bots=["random"] * 3, root_seed=14).record
    k = next(i for i, r in enumerate(rec.decisions) if r[1] == D.REROLL and r[2] == D.OP_STOP and i > 30)
    s = GameState.from_record(content(), rec, k)
    alt = next(r for r in s.legal_decisions() if r[2] == D.OP_REROLL)
    s.apply(alt)
    random_play(s, np.random.default_rng(2))
    assert replay(content(), s.record) == s.outcome.final
    assert s.record.dice[:len(rec.dice)] != rec.dice


def test_from_record_without_seed_plays_the_record_faces():
    rec = play_game(content(), 2, "archipelago", bots=["random"] * 2, root_seed=15).record
    rec.seed = None
    s = GameState.from_record(content(), rec, 50)
    c = s.clone()
    for x in (s, c):
        for r in rec.decisions[50:]:
            x.apply(r)
        assert x.outcome.final == rec.final and x.record.dice == rec.dice


def test_from_record_with_a_seed_that_does_not_give_its_dice_plays_the_record_faces():
    rec = play_game(content(), 3, "province", bots=["random"] * 3, root_seed=17).record
    rec.seed = {"root": 18, "game_index": 0}
    for k in (0, 40, len(rec.decisions) - 5):
        s = GameState.from_record(content(), rec, k)
        for r in rec.decisions[k:]:
            s.apply(r)
        assert s.outcome.final == rec.final and s.record.dice == rec.dice


def test_from_record_at_the_draft_E19():
    rec = play_game(content(), 3, "archipelago", adventurers=["draft", "random", "draft"],
                    bots=["random"] * 3, root_seed=2).record
    s = GameState.from_record(content(), rec, 0)
    assert s.decision_kind == (D.ADVENTURER, "ADVENTURER") and s.current_player == 0 and s.round == 0
    assert all(s.describe(r).startswith("P0 chooses ") for r in s.legal_decisions())
    c = s.clone()
    for x in (s, c):
        for r in rec.decisions:
            x.apply(r)
        assert x.record.to_json() == rec.to_json()


def test_repr_says_where_the_game_is():
    s = GameState(content(), 3, "archipelago", root_seed=1)
    assert repr(s) == "<GameState 3 players, archipelago: round 1, P%d to decide RECRUIT>" % s.current_player
    s.play_bots()
    assert repr(s) == f"<GameState 3 players, archipelago: ended, scores {s.scores}>"


def test_describe_names_the_choice():
    s = GameState(content(), 4, "province", root_seed=1)
    assert s.decision_kind.name == "RECRUIT"
    cat, track = s.game.cat, s.game.state.track
    for r in s.legal_decisions():
        cid = cat.item_id(track.companion[r[2]])
        name = content().content.companions[cid].name
        assert s.describe(r).startswith(f"P{r[0]} recruits {cid} {name} (space {r[2]})")
    s.play_bots(until=lambda x: x.decision_kind.name == "REROLL")
    texts = [s.describe(r) for r in s.legal_decisions()]
    assert texts[0].endswith("stops rerolling") and len(set(texts)) == len(texts)


# ---- errors ----------------------------------------------------------------------------------

def test_bad_rows_are_refused_and_change_nothing():
    s = GameState(content(), 3, "province", root_seed=8)
    s.play_bots(max_decisions=10)
    seat, kind = s.current_player, s.decision_kind.code
    legal = s.legal_decisions()
    before = (s.record.to_json(), legal)
    illegal = (seat, kind) + (77,) * 6
    cases = [
        ((seat, kind), "row of 8 ints"),
        (legal[0] + (0,), "row of 8 ints"),
        (((seat + 1) % 3,) + legal[0][1:], f"player {(seat + 1) % 3} does not decide now"),
        ((seat, kind % 11 + 1) + legal[0][2:], "is not asked now"),
        (illegal, f"not a legal {D.KIND_NAMES[kind]}"),
        ((float(seat),) + legal[0][1:], "row of 8 ints"),
        ("RECRUIT", "row of 8 ints"),
    ]
    for row, words in cases:
        with pytest.raises(StateError, match=words):
            s.apply(row)
        with pytest.raises(ValueError):
            s.describe(row)
    assert (s.record.to_json(), s.legal_decisions()) == before
    s.apply(legal[0])


def test_nothing_after_the_end():
    s = GameState(content(), 2, "archipelago", root_seed=8).play_bots()
    with pytest.raises(StateError, match="ended"):
        s.apply([0, 1, 0, -1, -1, -1, -1, -1])
    with pytest.raises(StateError, match="ended"):
        s.step_bot()
    assert GameState(content(), 2, "province", root_seed=8).play_bots(max_decisions=3).is_terminal is False
    with pytest.raises(StateError, match="not ended"):
        GameState(content(), 2, "province", root_seed=8).scores


def test_bad_cuts_and_arguments_are_refused():
    rec = play_game(content(), 2, "province", bots=["random"] * 2, root_seed=1).record
    n = len(rec.decisions)
    for k in (n + 1, -1, 2.5, "3"):
        with pytest.raises(StateError, match=f"allowed 0..{n}"):
            GameState.from_record(content(), rec, k)
    bad = rec.__class__.from_dict(rec.to_dict())
    bad.content_hash = "0" * 16
    with pytest.raises(StateError, match="content"):
        GameState.from_record(content(), bad, 3)
    bad = rec.__class__.from_dict(rec.to_dict())
    bad.decisions[2] = [bad.decisions[2][0], D.RESOLVE] + [-1] * 6
    with pytest.raises(StateError, match="decision 2"):
        GameState.from_record(content(), bad, 5)
    bad = rec.__class__.from_dict(rec.to_dict())
    bad.setup["box"] = bad.setup["box"][1:]
    with pytest.raises(StateError, match="record does not fit the game: record setup: draw_pile and box"):
        GameState.from_record(content(), bad, 4)
    with pytest.raises(StateError, match="n_players"):
        GameState(content(), 5)
    with pytest.raises(StateError, match="start_tokens"):
        GameState(content(), 1, start_tokens=[2])
    with pytest.raises(StateError, match="side"):
        GameState(content(), 2, "moon")
    with pytest.raises(StateError, match="unknown reference-engine bot"):
        GameState(content(), 2, bots=["clever", "random"])
    with pytest.raises(StateError, match="not a seat"):
        GameState(content(), 2).observation(2)
    with pytest.raises(StateError, match="numpy Generator"):
        GameState(content(), 2).resample_hidden(3)


def test_a_record_without_seed_runs_out_of_dice_with_an_error():
    rec = play_game(content(), 2, "province", bots=["random"] * 2, root_seed=16).record
    rec.seed = None
    s = GameState.from_record(content(), rec, len(rec.decisions) - 30)
    with pytest.raises(StateError, match="dice faces"):
        for _ in range(400):   # rerolls as long as the game allows: the record's faces run out
            if s.is_terminal:
                break
            legal = s.legal_decisions()
            more = [r for r in legal if r[1] == D.REROLL and r[2] == D.OP_REROLL]
            s.apply(more[0] if more else legal[0])
    assert not s.is_terminal and s.legal_decisions() == []
    for call in (lambda: s.apply(legal[0]), s.step_bot, lambda: s.scores):
        with pytest.raises(StateError, match="cannot go on: the record has .* dice faces"):
            call()


# ---- threads -----------------------------------------------------------------------------------

def _game_threads():
    return sum(1 for t in threading.enumerate() if t.name == "glowsim-gamestate")


def _settled_threads() -> int:
    """The game threads once the states other tests dropped (kept by a traceback until the
    collector runs) have ended theirs."""
    gc.collect()
    n = _game_threads()
    for _ in range(200):
        time.sleep(0.01)
        if _game_threads() == n:
            break
        n = _game_threads()
    return n


def test_dropped_and_closed_states_leave_no_threads():
    base = _settled_threads()
    states = []
    for g in range(12):
        s = GameState(content(), 3, "archipelago", bots=["random"] * 3, root_seed=3, game_index=g)
        s.play_bots(max_decisions=20 + g)
        states += [s, s.clone()]
    assert _game_threads() == base + len(states)
    states[0].close()
    states[0].close()
    del states, s
    gc.collect()
    for _ in range(200):
        if _game_threads() == base:
            break
        time.sleep(0.01)
    assert _game_threads() == base
    s = GameState(content(), 2, "province", root_seed=1).play_bots()
    assert _game_threads() == base   # an ended game's thread has ended
    # a dropped paused state frees its game (nothing keeps the engine's objects alive)
    s = GameState(content(), 3, "province", root_seed=1).play_bots(max_decisions=50)
    refs = [weakref.ref(s.game), weakref.ref(s.game.state), weakref.ref(s.clone().game)]
    del s
    for _ in range(200):
        gc.collect()
        if all(r() is None for r in refs):
            break
        time.sleep(0.01)
    assert all(r() is None for r in refs)


def test_a_seat_agent_shows_the_seat_bot_to_other_bots():
    """2 players: the heuristic bot's discard reads the other seat's parameters (DISCARD_2P)."""
    s = GameState(content(), 2, "province", bots=["heuristic", "random"], root_seed=2)
    assert s.game.agents[1].name == "random" and s.game.agents[0].params is not None
    kinds = {r[1] for r in s.play_bots().record.decisions}
    assert D.DISCARD_2P in kinds
    assert C.SIDES[s.game.side] == "province"


def test_the_readme_example_runs(capsys):
    from pathlib import Path
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    part = readme.split("## Step through a game", 1)[1]
    code = part.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "README.md", "exec"), {})
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("(2, 1, 0, -1, -1, -1, -1, -1) P2 recruits A23 Okans (space 0)")
    assert len(lines) == 6


class FirstLegal:
    """An agent object (not a named bot): always the first legal choice, counting its calls."""

    def __init__(self):
        self.calls = 0

    def decide(self, game, seat, kind, legal):
        self.calls += 1
        return legal[0]


def test_agent_objects_play_as_in_play_game_and_are_copied_by_clone():
    agents = [FirstLegal() for _ in range(3)]
    s = GameState(content(), 3, "archipelago", agents=agents, root_seed=4)
    s.play_bots(max_decisions=30)
    c = s.clone()
    assert [a.calls for a in c._bots] == [a.calls for a in agents] and c._bots[0] is not agents[0]
    s.play_bots()
    c.play_bots()
    out = play_game(content(), 3, "archipelago", agents=[FirstLegal() for _ in range(3)], root_seed=4)
    assert s.record.to_json() == c.record.to_json() == out.record.to_json()
    with pytest.raises(StateError, match="not both"):
        GameState(content(), 3, agents=agents, bots=["random"] * 3)


def test_an_interrupted_step_stops_the_game_and_its_thread():
    s = GameState(content(), 2, "province", bots=["random"] * 2, root_seed=3)
    base = _game_threads()

    class Interrupting:
        """The caller's queue, whose wait is interrupted (as by Ctrl-C)."""

        def __init__(self, q):
            self.put = q.put

        def get(self):
            raise KeyboardInterrupt

    s._stepper._to_caller = Interrupting(s._stepper._to_caller)
    with pytest.raises(KeyboardInterrupt):
        s.step_bot()
    with pytest.raises(StateError, match="cannot go on: a step was interrupted"):
        s.step_bot()
    for _ in range(200):
        if _game_threads() == base - 1:
            break
        time.sleep(0.01)
    assert _game_threads() == base - 1


def test_observation_is_plain_data():
    import json
    s = GameState(content(), 4, "archipelago", root_seed=5).play_bots(max_decisions=80)
    for p in range(4):
        obs = s.observation(p)
        assert json.loads(json.dumps(obs)) == obs
    solo = GameState(content(), 1, "province", root_seed=5).play_bots(max_decisions=30)
    obs = solo.observation(0)
    assert json.loads(json.dumps(obs)) == obs and obs["tom"]["tile_deck"] == len(solo.game.tom.tile_deck)


@pytest.mark.parametrize("n,side,seed", [(1, "archipelago", 1), (1, "province", 2), (2, "province", 3),
                                         (4, "archipelago", 4)])
def test_every_legal_row_of_a_game_has_a_distinct_description(n, side, seed):
    s = GameState(content(), n, side, bots=["random"] * n, root_seed=seed)
    kinds = set()
    while not s.is_terminal:
        legal = s.legal_decisions()
        texts = [s.describe(r) for r in legal]
        kinds.add(s.decision_kind.name)
        assert all(t.startswith(f"P{r[0]} ") or t.startswith("Tom's boat") for t, r in zip(texts, legal))
        assert len(set(texts)) == len(texts), texts
        s.step_bot()
    assert {"RECRUIT", "REROLL", "RESOLVE"} <= kinds


@pytest.mark.parametrize("n,side", [(1, "archipelago"), (3, "province")])
def test_chance_nodes_drawn_from_the_streams_play_the_play_game_game(n, side):
    s = GameState(content(), n, side, bots=["random"] * n, root_seed=6, chance=True)
    nodes = 0
    while not s.is_terminal:
        if s.is_chance_node:
            nodes += 1
            assert s.current_player == -1 and s.decision_kind == (0, "CHANCE")
            rows = [r for r, pr in s.chance_outcomes()]
            assert [r[2] for r in rows] == list(range(6)) and s.chance_outcomes()[0][1] == 1 / 6
        s.step_bot()
    ref = (play_solo(content(), side, bot="random", root_seed=6) if n == 1 else
           play_game(content(), n, side, bots=["random"] * n, root_seed=6))
    assert s.record.to_json() == ref.record.to_json()
    assert nodes > 50 and len(s.record.dice) > nodes   # the setup's dice are not chance nodes


def test_a_chance_node_takes_the_face_applied():
    s = GameState(content(), 2, "province", bots=["greedy"] * 2, root_seed=6, chance=True)
    s.play_bots(until=lambda x: x.is_chance_node)
    with pytest.raises(StateError, match="not a chance node"):
        GameState(content(), 2, "province").chance_outcomes()
    c = s.clone()
    assert c.is_chance_node and c.legal_decisions() == s.legal_decisions()
    r = s.resample_hidden(np.random.default_rng(3), player=1)
    assert r.is_chance_node and r.observation(1) == s.observation(1)
    n = len(s.record.dice)
    for face, x in ((5, s), (0, c)):
        row = x.legal_decisions()[face]
        assert x.describe(row).startswith("chance: ") and x.describe(row).endswith(f"face {face}")
        x.apply(row)
        assert x.record.dice[n] == face
    with pytest.raises(StateError, match="chance node"):
        GameState(content(), 2, "province", chance=True).play_bots(
            until=lambda x: x.is_chance_node).resample_hidden(np.random.default_rng(0))
    for x in (s, c):
        x.play_bots()
        assert replay(content(), x.record) == x.outcome.final


@pytest.mark.parametrize("side,bots", [("province", ["heuristic", "greedy", "random"]),
                                       ("archipelago", ["random", "greedy", "greedy"])])
def test_playing_to_the_end_in_the_engine_thread_is_stepping_one_by_one(side, bots):
    # play_bots() without a bound lets the bots decide in the engine thread; step_bot() hands
    # each decision over: the same decisions, dice and final state, also from a clone
    a = GameState(content(), 3, side, bots=bots, root_seed=12)
    a.play_bots(max_decisions=25)
    b = a.clone()
    a.play_bots()
    while not b.is_terminal:
        b.step_bot()
    assert a.record.to_json() == b.record.to_json()
    assert a.outcome.final == b.outcome.final and a.scores == b.scores


ADVENTURER_IDS = "braccio, taetyss, eoles, pocana, moloch, noctiluca, orium"
BAD_ARGUMENTS = [
    (dict(n_players=2, adventurers=["braccio", "nobody"]),
     f"unknown adventurer 'nobody'; allowed: {ADVENTURER_IDS}"),
    (dict(n_players=2, adventurers=["braccio", "braccio"]),
     "each adventurer can be played by one seat only: ['braccio', 'braccio']"),
    (dict(n_players=3, adventurers=["braccio"]), "1 adventurers given for 3 players"),
    (dict(n_players=2, root_seed=-1), "seed must be a non-negative integer, got -1"),
    (dict(n_players=2, game_index=-2), "game_index must be a non-negative integer, got -2"),
    (dict(n_players=2, game_index="3"), "game_index must be a non-negative integer, got '3'"),
    (dict(n_players=3, start_tokens=[1, 2]), "start_tokens must give 3 non-negative counts, got [1, 2]"),
    (dict(n_players=2, start_tokens=[1, "x"]),
     "start_tokens must give 2 non-negative counts, got [1, 'x']"),
    (dict(n_players=2, bots=["clever", "random"]),
     "unknown reference-engine bot 'clever'; allowed: random, greedy, heuristic, expert, master"),
    (dict(n_players=3, bots=["random"]), "1 bots given for 3 players"),
    (dict(n_players=1, adventurers=["braccio"], tom_colors=["green", "pink"]),
     "tom_colors must name two dice colours (green, blue, azure, red, orange, purple, yellow, "
     "black), got ['green', 'pink']"),
    (dict(n_players=1, adventurers=["braccio"], tom_colors=["yellow", "purple"]),
     "Tom's dice cannot be yellow with purple (R9)"),
    (dict(n_players=1, bots=["heuristic"]),
     "the heuristic bot plays 2-4 player games only (the fast path's planner has no solo mode); "
     "solo games take greedy or random"),
]


@pytest.mark.parametrize("kwargs,message", BAD_ARGUMENTS)
def test_each_bad_argument_is_one_clear_line(kwargs, message):
    with pytest.raises(StateError) as e:
        GameState(content(), **kwargs)
    assert str(e.value) == message


def test_bad_positions_and_records_are_one_clear_line():
    from glowsim.position.positions import load_position
    state, _ = load_position(content(), "scenarios/positions/example.yaml", "greedy")
    setup = state._spec.setup
    with pytest.raises(StateError) as e:
        GameState.from_position(content(), setup, ["braccio", "nobody", "eoles"])
    assert str(e.value) == f"unknown adventurer 'nobody'; allowed: {ADVENTURER_IDS}"
    rec = play_game(content(), 2, "province", bots=["random"] * 2, root_seed=1).record
    bad = rec.__class__.from_dict(rec.to_dict())
    bad.seed = {"root": -4, "game_index": 0}
    with pytest.raises(StateError) as e:
        GameState.from_record(content(), bad, 3)
    assert str(e.value) == ("record seed {'root': -4, 'game_index': 0} is not {root, game_index} "
                            "of non-negative ints")
    bad = rec.__class__.from_dict(rec.to_dict())
    bad.adventurers = [rec.adventurers[0], "nobody"]
    with pytest.raises(StateError) as e:
        GameState.from_record(content(), bad, 3)
    assert str(e.value) == f"record names unknown adventurers {bad.adventurers}"


def _broken(*args, **kwargs):
    raise ValueError("a bug inside the engine")


@pytest.mark.parametrize("where,n", [("draw_setup", 3), ("draw_solo_setup", 1), ("morning", 2),
                                     ("run_solo", 1)])
def test_an_engine_error_is_not_turned_into_bad_input(monkeypatch, where, n):
    """A ValueError raised inside the engine (here planted in its setup or its first phase)
    reaches the caller as it is: it is not reported as an argument of the caller's."""
    import glowsim.engine.gamestate as gamestate_module
    import glowsim.engine.play as play_module
    from glowsim.errors import UserError
    monkeypatch.setattr(play_module, where, _broken)
    if where == "run_solo":
        monkeypatch.setattr(gamestate_module, where, _broken)
    with pytest.raises(ValueError, match="a bug inside the engine") as e:
        GameState(content(), n, "province", root_seed=3)
    assert not isinstance(e.value, UserError)


def test_an_engine_error_in_a_clone_is_not_turned_into_bad_input(monkeypatch):
    import glowsim.engine.play as play_module
    from glowsim.errors import UserError
    s = GameState(content(), 3, "archipelago", bots=["random"] * 3, root_seed=2)
    s.play_bots(max_decisions=20)
    monkeypatch.setattr(play_module, "morning", _broken)
    try:
        with pytest.raises(ValueError, match="a bug inside the engine") as e:
            s.clone()
        assert not isinstance(e.value, UserError)
    finally:
        s.close()     # the traceback keeps the state: end its paused game now
