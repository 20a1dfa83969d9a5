"""Position files (docs/positions.md): built into a game at a recruit pick (R3), checked field
by field, and analysed by `glowsim analyze --position`."""
import copy
import json
from pathlib import Path

import numpy as np
import pytest
import yaml

from glowsim.cli.main import main
from glowsim.content import load_game
from glowsim.engine import GameState, replay
from glowsim.position import PositionError, analyze_state, load_position, position_state
from glowsim.position.positions import build_setup

from .positions_of import position_of

GAME = load_game()
EXAMPLE = Path(__file__).resolve().parents[2] / "scenarios" / "positions" / "example.yaml"
REROLL = EXAMPLE.with_name("reroll.yaml")


def example() -> dict:
    return yaml.safe_load(EXAMPLE.read_text())


def _at_pick(n, side, seed, rnd, pick, kind="RECRUIT"):
    s = GameState(GAME, n_players=n, side=side, bots=["heuristic"] * n, root_seed=seed)
    s.play_bots(until=lambda x: x.decision_kind.name == kind and x.round == rnd
                and x.current_player == (x.game.state.first_player + pick) % n)
    assert not s.is_terminal
    return s


def _public(obs: dict) -> dict:
    """An observation without what a position does not carry: the faces of the dice on the
    track (a position's show their space's element; a black die moved by Kaar keeps its face,
    R3; each is rolled before it counts, R4), last round's dice and their flags, the rounds
    tokens became active."""
    obs = copy.deepcopy(obs)
    for sp in obs["track"]:
        for d in sp["dice"]:
            d.pop("face"), d.pop("symbol"), d.pop("used"), d.pop("gone")
    for p in obs["players"]:
        p.pop("dice")
        p.pop("spells_active_from")
        p.pop("lumipili_left")
        for d in p["small_dice"]:
            d.pop("face"), d.pop("symbol"), d.pop("used"), d.pop("gone")
        if "spells" in p:
            p["spells"] = sorted(s for s, _ in p["spells"])
    return obs


def _rolled_dice(obs: dict, seats) -> list:
    return [[(d["color"], d["symbol"], d["sketal"]) for d in obs["players"][s]["dice"]] for s in seats]


@pytest.mark.parametrize("kind", ["RECRUIT", "REROLL"])
@pytest.mark.parametrize("n,side,seed,rnd,pick", [(4, "province", 6, 4, 1), (2, "archipelago", 3, 6, 1),
                                                  (3, "province", 11, 1, 0), (3, "archipelago", 2, 8, 2)])
def test_a_position_written_from_a_game_is_that_game_as_its_player_sees_it(n, side, seed, rnd, pick,
                                                                            kind):
    state = _at_pick(n, side, seed, rnd, pick, kind)
    pos, _ = position_state(GAME, position_of(state), bot="greedy")
    me = state.current_player
    assert pos.current_player == me and pos.round == rnd and pos.decision_kind.name == kind
    assert pos.legal_decisions() == state.legal_decisions()
    assert _public(pos.observation(me)) == _public(state.observation(me))
    if kind == "REROLL":   # R4: the dice of the players who rolled, faces in E2's order
        order = state.game.state.turn_order()
        rolled = order[:order.index(me) + 1]
        assert _rolled_dice(pos.observation(me), rolled) == _rolled_dice(state.observation(me), rolled)
    # played to the end, its record replays through the reference engine (R2-R8 from the position)
    pos.play_bots()
    assert replay(GAME, pos.record) == pos.outcome.final


def test_the_shipped_example_loads_and_redraws_only_what_the_player_cannot_see():
    state, key = load_position(GAME, EXAMPLE, bot="greedy")
    assert (state.round, state.current_player, state.decision_kind.name) == (4, 2, "RECRUIT")
    assert [r[2] for r in state.legal_decisions()] == [0, 1, 3, 4]
    world = state.resample_hidden(np.random.default_rng(5))
    assert world.observation(2) == state.observation(2)
    # P2's own token stays; the rest of the spell pile and the cards to come are redrawn
    assert [s.row for s in world.game.state.players[2].spells] == \
        [s.row for s in state.game.state.players[2].spells]
    hidden = [sorted(s.game.state.pile + s.game.state.box) for s in (world, state)]
    assert hidden[0] == hidden[1] and world.game.state.pile != state.game.state.pile


def test_the_shipped_reroll_example_is_the_example_game_at_p2s_rerolls():
    state, _ = load_position(GAME, REROLL, bot="greedy")
    assert (state.round, state.current_player, state.decision_kind.name) == (4, 2, "REROLL")
    assert len(state.legal_decisions()) == 16
    assert state.describe(state.legal_decisions()[0]) == "P2 stops rerolling"
    obs = state.observation(2)
    assert [d["symbol"] for d in obs["players"][1]["dice"]] == ["fire", "rock", "rock", "leaf",
                                                                 "fire", "rock"]
    # R4: a score-track reroll costs the score down to the next reroll space (21 -> 19)
    row = next(r for r in state.legal_decisions() if r[2:6] == (1, 2, 0, -1))
    after = state.clone().apply(row)
    assert after.game.state.players[2].score == 19


def test_naming_another_players_token_changes_nothing_the_player_to_move_sees():
    # P1's token is face down to P2 (E4): named or unknown, the same worlds are drawn
    named = example()
    named["players"][1]["spells"] = ["S2"]
    a_state, a_key = position_state(GAME, example(), bot="greedy")
    b_state, b_key = position_state(GAME, named, bot="greedy")
    assert a_key == b_key
    a = analyze_state(a_state, bot="greedy", rollouts=2, seed=8, key=a_key)
    b = analyze_state(b_state, bot="greedy", rollouts=2, seed=8, key=b_key)
    assert np.array_equal(a.scores, b.scores) and a.table.equals(b.table)
    # P2's own token is seen: another one is another position
    own = example()
    own["players"][2]["spells"] = ["S5"]
    assert position_state(GAME, own, bot="greedy")[1] != a_key


def test_worker_processes_give_the_same_analysis():
    # each rollout is keyed by its index: the blocks played in 2 processes are the rollouts of 1
    from glowsim.position.source import Source
    data = example()
    source = Source("position", "greedy", data=data, where="example")
    state, key = position_state(GAME, data, bot="greedy")
    one = analyze_state(state, bot="greedy", rollouts=5, seed=3, key=key)
    two = analyze_state(state, bot="greedy", rollouts=5, seed=3, key=key, workers=2, source=source)
    assert np.array_equal(one.scores, two.scores) and one.table.equals(two.table)


def test_a_companion_printed_at_30_is_the_best_pick_of_the_example(tmp_path, capsys):
    # R8: printed bursts of cards in play count at the end; A04 on space 3 made a plain 30
    patch = tmp_path / "a04.yaml"
    patch.write_text("companions:\n  A04: {bursts: 30, trigger: null, effect: null}\n")
    assert main(["analyze", "--position", str(EXAMPLE), "--content", str(patch), "--rollouts", "6",
                 "--bot", "greedy", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    best = data["options"][0]
    assert best["row"] == [2, 1, 3, -1, -1, -1, -1, -1] and "A04" in best["option"]
    assert all(o["score_diff_high"] < 0 for o in data["options"][1:])


def test_analyze_the_shipped_example(capsys):
    assert main(["analyze", "--position", str(EXAMPLE), "--rollouts", "2", "--bot", "greedy",
                 "--seed", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (f"{EXAMPLE}: round 4, P2 to decide RECRUIT; 4 options x 2 rollouts by greedy "
                      f"(seed 3)")
    assert all("P2 recruits" in line and "(space" in line for line in out[3:7])
    state, key = load_position(GAME, EXAMPLE, bot="greedy")
    a = analyze_state(state, bot="greedy", rollouts=2, seed=3, key=key)
    assert [f"{r:>4}" for r in a.table["rank"]] == [line[:4] for line in out[3:7]]


def _set(path, value):
    def edit(d):
        *head, last = path
        for k in head:
            d = d[k]
        if value is DELETE:
            del d[last]
        else:
            d[last] = value
    return edit


DELETE = object()


def _kaar_to_track(d):
    """P1's Kaar (A20) lies on space 0 instead, A07 of space 0 in the cemetery: no Kaar has
    been recruited, yet the black die is on space 1."""
    d["players"][1]["companions"].remove("A20")
    d["track"][0]["companion"] = "A20"
    d["cemetery"].append("A07")


def _append(path, value):
    def edit(d):
        for k in path:
            d = d[k]
        d.append(value)
    return edit


BROKEN = [
    ("unknown-companion", _set(("players", 0, "companions", 0), "A99"),
     "players.0.companions.0: unknown companion 'A99'; allowed: A01..B23"),
    ("two-places", _append(("cemetery",), "A07"),
     "cemetery.5: A07 is in two places: track.0.companion and here"),
    ("score-range", _set(("players", 1, "score"), -3),
     "players.1.score: Input should be greater than or equal to 0, got -3"),
    ("more-cards-than-dealt", _append(("cemetery",), "A22"),
     "cards: 21 companions of deck A are in play, on the track or in the cemetery; at round 4 "
     "exactly 20 of deck A have been dealt"),
    ("no-such-player", _set(("to_move",), 4),
     "to_move: Input should be less than or equal to 3, got 4"),
    ("decision-kind", _set(("decision",), "noon"),
     "decision: 'noon' is not allowed; allowed: recruit, reroll"),
    ("unknown-adventurer", _set(("players", 3, "adventurer"), "merlin"),
     "players.3.adventurer: unknown adventurer 'merlin'; allowed: braccio,"),
    ("same-adventurer", _set(("players", 3, "adventurer"), "eoles"),
     "players.3.adventurer: eoles is played by seat 0 already"),
    ("spell-copies", _set(("players", 2, "spells"), ["S1", "S1"]),
     "players: spell token S1 is held or spent 2 times; the game has 1"),
    ("unknown-spell", _set(("players", 2, "spells"), ["S9"]),
     "players.2.spells.0: unknown spell token 'S9'; allowed: S1, S2"),
    ("own-spell-unknown", _set(("players", 2, "spells"), ["unknown"]),
     "players.2.spells.0: the player to move knows their own tokens: name it"),
    ("dice-before-picking", _set(("players", 3, "small_dice"), ["red"]),
     "players.3.small_dice: P3 has not recruited yet this round"),
    ("missing-small-die", _set(("track", 1, "dice"), ["blue", "black", "azure"]),
     "track: a small green die is missing"),
    ("too-many-small-dice", _set(("track", 0, "dice"), ["red"]),
     "track.0.dice.0: more small red dice than the game has (1)"),
    ("not-a-small-die", _set(("track", 0, "dice"), ["yellow"]),
     "track.0.dice.0: 'yellow' is not a small die; allowed: green, blue, azure, red, orange, "
     "purple, black"),
    ("kaar-without-black-die", _set(("track", 1, "dice"), ["blue", "green", "azure"]),
     "track: a Kaar is in play, so the black die is: put it on a space or with the player who "
     "took it this round (R3)"),
    ("sketal-colour", _set(("players", 0, "sketal_dice"), {"A15": "red"}),
     "players.0.sketal_dice.A15: A15 holds the green die, got 'red'"),
    ("sketal-not-in-play", _set(("players", 0, "sketal_dice"), {"A14": "azure"}),
     "players.0.sketal_dice.A14: 'A14' is not among this player's companions"),
    ("encampment-not-village", _set(("players", 1, "encampment"), 1),
     "players.1.encampment: space 1 is not a village"),
    ("boats-on-the-province", _set(("players", 0, "boats"), [0, 0, 0, 0]),
     "players.0.boats: boats are for the archipelago side"),
    ("track-count", _set(("track", 2, "companion"), "A22"),
     "track: 5 companions on the track at pick 1 of the round (P2 to move, first player P1); "
     "allowed: 4 (5 dealt, one taken a pick)"),
    ("black-die-without-kaar", lambda d: _kaar_to_track(d),
     "track: the black die is in play but no Kaar is in play or in the cemetery"),
    ("unknown-field", _set(("weather",), "rain"),
     "weather: unknown field 'weather'; allowed fields: side, round"),
    ("missing-field", _set(("cemetery",), DELETE), "cemetery: this field is required"),
    ("side", _set(("side",), "moon"), "side: 'moon' is not allowed; allowed: province, archipelago"),
    ("round", _set(("round",), 9), "round: the game has 8 rounds; allowed: 1..8, got 9"),
    ("one-player", _set(("players",), [{"adventurer": "eoles"}]),
     "players: must list 2-4 players, got 1 (solo positions are not supported)"),
    ("box-decks", _set(("box",), ["A22"]),
     "box: holds 1 companions of deck A; the box holds 3 of each deck (R2), or write box: unknown"),
    ("lapped", _set(("players", 0, "score"), 120),
     "players.0.lapped: a score of 100 or more has lapped the track (E6)"),
]


BROKEN_REROLL = [
    ("rolled-count", _set(("players", 2, "rolled"), ["rock"]),
     "players.2.rolled: must list the symbol each die shows, 2 dice in the order of E2: yellow "
     "large, yellow large"),
    ("rolled-symbol", _set(("players", 1, "rolled", 2), "burst"),
     "players.1.rolled.2: a azure die cannot show 'burst'; its faces: leaf, water, cloud, fire, "
     "rock"),
    ("rolled-too-early", _set(("players", 3, "rolled"), ["fire", "fire", "fire", "rock", "fire",
                                                          "fire"]),
     "players.3.rolled: P3 has not rolled this round; allowed for P1, P2 (in turn order up to "
     "the player to move)"),
    ("not-rolled", _set(("players", 1, "rolled"), DELETE),
     "players.1.rolled: must list the symbol each die shows, 6 dice"),
    ("lumipili-range", _set(("players", 2, "lumipili_left"), 2),
     "players.2.lumipili_left: 2 Lumipili rerolls left; allowed: 0..0 (the Lumipili in play)"),
    ("track-after-morning", _set(("track", 0, "companion"), "A22"),
     "track: 1 companions on the track after the morning; allowed: none"),
]


@pytest.mark.parametrize("name,edit,message", BROKEN_REROLL, ids=[b[0] for b in BROKEN_REROLL])
def test_a_broken_reroll_position_names_the_field(tmp_path, name, edit, message):
    data = yaml.safe_load(REROLL.read_text())
    edit(data)
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    with pytest.raises(PositionError) as err:
        load_position(GAME, path, bot="greedy")
    assert str(err.value).startswith(f"{path}") and message in str(err.value), str(err.value)


def test_rolled_faces_belong_to_a_reroll_position(tmp_path):
    data = example()
    data["players"][2]["rolled"] = ["rock", "rock"]
    with pytest.raises(PositionError, match=r"players\.2\.rolled: P2 has not rolled this round; "
                                            r"allowed for nobody at a recruit pick"):
        position_state(GAME, data, bot="greedy")


@pytest.mark.parametrize("name,edit,message", BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_position_file_names_the_field(tmp_path, name, edit, message):
    data = example()
    if name == "lapped":
        data["players"][0]["lapped"] = False
    edit(data)
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    with pytest.raises(PositionError) as err:
        load_position(GAME, path, bot="greedy")
    text = str(err.value)
    assert text.startswith(f"{path}"), text
    assert message in text, text
    assert "\n" not in text


def test_a_broken_position_file_is_one_line_from_the_command(tmp_path, capsys):
    path = tmp_path / "p.yaml"
    text = EXAMPLE.read_text().replace("companions: [A01, A05]", "companions: [A01, A07]")
    path.write_text(text)
    assert main(["analyze", "--position", str(path)]) == 2
    line = [i for i, s in enumerate(text.splitlines(), start=1) if "companion: A07" in s][0]
    assert capsys.readouterr().err == (
        f"glowsim analyze: error: {path}, line {line}: track.0.companion: A07 is in two places: "
        f"players.3.companions.1 and here\n")
    assert main(["analyze", "--position", str(tmp_path / "none.yaml")]) == 2
    assert capsys.readouterr().err == f"glowsim analyze: error: {tmp_path / 'none.yaml'}: file not found\n"


def test_the_cards_not_seen_are_the_rest_of_the_pile_and_the_box():
    # R2: 20 cards of each deck in the pile, 3 of each in the box; at round 4 deck A is dealt
    setup, advs, side = build_setup(GAME, example())
    assert advs == ["eoles", "taetyss", "orium", "pocana"] and side == "province"
    assert setup["position"]["pick"] == 1
    assert [c[0] for c in setup["draw_pile"]] == ["B"] * 20
    assert sorted(c[0] for c in setup["box"]) == ["A"] * 3 + ["B"] * 3
    seen = {c for p in example()["players"] for c in p.get("companions", [])}
    assert not seen & set(setup["draw_pile"] + setup["box"])


def _leaves(d, path=()):
    if isinstance(d, dict):
        for k, v in d.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(d, list) and d:
        for i, v in enumerate(d):
            yield from _leaves(v, path + (i,))
    yield path


JUNK = [None, [], {}, "x", -1, 10**12, [["A01"]], True, 2.5, {"a": [1]}]


@pytest.mark.parametrize("file", [EXAMPLE, REROLL], ids=["recruit", "reroll"])
def test_any_field_of_any_shape_is_refused_in_one_line_or_played(file):
    # every field of the example, replaced by values of every shape: a PositionError naming the
    # file (one line a problem: a player replaced by {"a": [1]} lacks its adventurer and has an
    # unknown field), or a position the engine plays; never another exception
    base = yaml.safe_load(file.read_text())
    refused = 0
    for path in [p for p in _leaves(base) if p]:
        for junk in JUNK:
            data = copy.deepcopy(base)
            _set(path, junk)(data)
            try:
                state, _ = position_state(GAME, data, bot="greedy", source="junk.yaml")
            except PositionError as e:
                lines = str(e).splitlines()
                assert all(x.startswith("junk.yaml") for x in lines) and len(lines) <= 2, \
                    (path, junk, e)
                refused += 1
                continue
            state.close()
    assert refused > 300
