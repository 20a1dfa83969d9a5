"""Game records replay exactly; tampered records fail loudly, naming the decision."""
import copy
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from glowsim.content import codes as C
from glowsim.engine import GameRecord, ReplayError, play_game, replay
from glowsim.spec import decisions as D
from glowsim.engine.play import run
from glowsim.engine.game import Game
from glowsim.engine.sources import ReplayAgent, ReplayCursor, ReplayDice
from glowsim.records import RecordFormatError

from .situations import content

COMBOS = [(n, side) for n in (2, 3, 4) for side in ("province", "archipelago")]


def game_record(n=3, side="province", seed=11, gi=0, bots=None):
    return play_game(content(), n_players=n, side=side, root_seed=seed, game_index=gi,
                     bots=bots or ["random"] * n)


def tampered(record, fn):
    rec = GameRecord.from_dict(copy.deepcopy(record.to_dict()))
    fn(rec)
    return rec


class Capture(ReplayAgent):
    """Replays a record and keeps the legal list of every decision."""

    def __init__(self, cursor, legal):
        super().__init__(cursor)
        self.legal = legal

    def decide(self, game, seat, kind, legal):
        self.legal.append(list(legal))
        return super().decide(game, seat, kind, legal)


def legal_lists(record):
    c = content()
    cursor = ReplayCursor(record.decisions)
    legal = []
    agents = [Capture(cursor, legal) for _ in range(record.n_players)]
    game = Game(c, record.n_players, C.SIDE_CODE[record.side],
                [c.catalog.adventurer_row(a) for a in record.adventurers], agents, ReplayDice(record.dice))
    run(game, dict(record.setup))
    return legal


@pytest.mark.parametrize("n,side", COMBOS)
def test_replay_reproduces_the_final_state(n, side):
    for gi, bots in enumerate([["greedy"] * n, ["random"] * n]):
        out = game_record(n, side, seed=3, gi=gi, bots=bots)
        assert replay(content(), out.record) == out.final
        log = []
        replay(content(), out.record, log=log)
        log2 = []
        again = play_game(content(), n_players=n, side=side, root_seed=3, game_index=gi, bots=bots, log=log2)
        assert log == log2 and again.final == out.final          # same seed, same game, same story


def test_record_json_round_trip_is_compact_and_exact():
    out = game_record(4, "archipelago")
    text = out.record.to_json()
    d = json.loads(text)
    assert isinstance(d["dice"], str) and set(d["dice"]) <= set("012345")
    assert len(d["decisions"]) == 8 * len(out.record.decisions) and all(isinstance(x, int) for x in d["decisions"])
    back = GameRecord.from_json(text)
    assert back.to_dict() == out.record.to_dict() and back.final == out.final
    assert replay(content(), back) == out.final
    assert set(d) >= {"version", "content_hash", "n_players", "side", "solo", "adventurers", "seed", "setup",
                      "dice", "decisions", "final"}
    assert set(d["setup"]) == {"first_player", "draw_pile", "box", "spell_pile"}


def test_record_to_dict_is_a_copy():
    """Changing the dict form (nested setup lists, final scores, seed) leaves the record alone:
    the JSON written after it is the same."""
    rec = game_record(3, "province").record
    text = rec.to_json()
    d = rec.to_dict()
    d["setup"]["draw_pile"].append("X")
    d["adventurers"][0] = "X"
    d["seed"]["game_index"] = -1
    d["final"].clear()
    assert rec.to_json() == text


def test_record_format_errors_are_clear():
    out = game_record()
    d = out.record.to_dict()
    with pytest.raises(RecordFormatError, match="version"):
        GameRecord.from_dict(dict(d, version=2))
    with pytest.raises(RecordFormatError, match="faces 0..5"):
        GameRecord.from_dict(dict(d, dice="0127"))
    with pytest.raises(RecordFormatError, match="rows of 8"):
        GameRecord.from_dict(dict(d, decisions=d["decisions"][:-1]))
    with pytest.raises(RecordFormatError, match="not JSON"):
        GameRecord.from_json("{")
    with pytest.raises(RecordFormatError, match="setup"):
        GameRecord.from_dict({k: v for k, v in d.items() if k != "setup"})


@pytest.mark.parametrize("n,side", COMBOS)
def test_replay_each_kind_changed_to_an_illegal_choice_names_index_and_kind(n, side):
    rec = game_record(n, side, seed=5).record
    firsts = {}
    for i, r in enumerate(rec.decisions):
        firsts.setdefault(r[1], i)
    for kind, i in firsts.items():
        def change(r, i=i):
            r.decisions[i][2] = 99
        with pytest.raises(ReplayError) as e:
            replay(content(), tampered(rec, change))
        seat = rec.decisions[i][0]
        assert re.match(rf"decision {i}: {D.KIND_NAMES[kind]} \[99, .*\] by seat {seat} is not legal",
                        str(e.value)), str(e.value)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(hs.integers(0, 5), hs.integers(0, 10 ** 6), hs.integers(0, 10 ** 6), hs.integers(0, 5),
       hs.integers(-3, 3).filter(lambda x: x != 0))
def test_replay_any_decision_changed_to_an_illegal_one_fails_at_that_decision(combo, seed, pick, field, delta):
    n, side = COMBOS[combo]
    rec = game_record(n, side, seed=seed % 50).record
    legal = legal_lists(rec)
    assert len(legal) == len(rec.decisions)
    i = pick % len(rec.decisions)
    row = list(rec.decisions[i])
    row[2 + field] += delta
    if tuple(row[2:]) in legal[i]:
        return            # that change happens to be legal here: not the case under test

    def change(r):
        r.decisions[i] = row
    with pytest.raises(ReplayError, match=rf"^decision {i}: {D.KIND_NAMES[row[1]]} .* by seat {row[0]} "
                                          rf"is not legal in round \d"):
        replay(content(), tampered(rec, change))


def test_replay_decision_of_another_seat_or_kind_fails_naming_both():
    rec = game_record(3, "province").record
    i = next(i for i, r in enumerate(rec.decisions) if r[1] == D.RESOLVE)
    seat = rec.decisions[i][0]

    def other_seat(r):
        r.decisions[i][0] = (seat + 1) % 3
    with pytest.raises(ReplayError, match=rf"^decision {i}: the record has RESOLVE by seat {(seat + 1) % 3}, "
                                          rf"the game asks RESOLVE by seat {seat}"):
        replay(content(), tampered(rec, other_seat))

    def other_kind(r):
        r.decisions[i][1] = D.LOSE
    with pytest.raises(ReplayError, match=rf"^decision {i}: the record has LOSE by seat {seat}, "
                                          rf"the game asks RESOLVE"):
        replay(content(), tampered(rec, other_kind))


def test_replay_added_decision_fails_naming_it():
    rec = game_record(2, "archipelago").record
    k = len(rec.decisions)
    with pytest.raises(ReplayError, match=rf"decision {k} \(ARCHI_MOVE by seat 0\) is left over: "
                                          rf"the game used {k} decisions, the record has {k + 1}"):
        replay(content(), tampered(rec, lambda r: r.decisions.append([0, D.ARCHI_MOVE, -1, -1, -1, -1, -1, -1])))
    # inserted in the middle, it is met where the game asks something else
    i = next(i for i, r in enumerate(rec.decisions) if r[1] == D.RECRUIT and i > 0)
    extra = list(rec.decisions[i])
    extra[1] = D.CROMAUG
    with pytest.raises(ReplayError, match=rf"^decision {i}: the record has CROMAUG by seat {extra[0]}"):
        replay(content(), tampered(rec, lambda r: r.decisions.insert(i, extra)))


def test_replay_dropped_decision_fails():
    rec = game_record(3, "province").record
    with pytest.raises(ReplayError, match=r"decision \d+"):
        replay(content(), tampered(rec, lambda r: r.decisions.pop(0)))
    with pytest.raises(ReplayError, match=rf"the record has {len(rec.decisions) - 1} decisions but the game asks "
                                          rf"for more \(\w+ by seat \d, round 8\)"):
        replay(content(), tampered(rec, lambda r: r.decisions.pop()))


@pytest.mark.parametrize("where", [0.0, 0.3, 0.7, 1.0])
@pytest.mark.parametrize("seed", [8, 9])
def test_replay_dropped_die_face_fails_loudly_naming_where(where, seed):
    rec = game_record(3, "archipelago", seed=seed).record
    k = min(int(where * len(rec.dice)), len(rec.dice) - 1)
    with pytest.raises(ReplayError) as e:
        replay(content(), tampered(rec, lambda r: r.dice.pop(k)))
    msg = str(e.value)
    assert re.match(r"decision \d+: ", msg) or \
        re.match(rf"the record has {len(rec.dice) - 1} dice faces but the game needs more after decision \d+ "
                 rf"\([A-Z_0-9]+ by seat \d\)", msg) or msg.startswith("final state differs:\n  "), msg


def test_replay_extra_die_face_fails():
    rec = game_record(3, "archipelago").record
    n = len(rec.dice)
    with pytest.raises(ReplayError, match=rf"the game used {n} dice faces, the record has {n + 1}"):
        replay(content(), tampered(rec, lambda r: r.dice.append(3)))


def test_replay_wrong_content_hash_fails():
    rec = game_record().record
    with pytest.raises(ReplayError, match=r"record was made with content abc, this content is "):
        replay(content(), tampered(rec, lambda r: setattr(r, "content_hash", "abc")))


def test_replay_tampered_final_state_names_the_difference():
    out = game_record()
    rec = tampered(out.record, lambda r: r.final["players"][1].__setitem__("score", 999))
    with pytest.raises(ReplayError, match=r"final state differs:\n  players\[1\]\.score: record 999, replay \d+"):
        replay(content(), rec)
    assert replay(content(), rec, check_final=False) == out.final


def test_replay_bad_setup_fails_clearly():
    rec = game_record().record
    with pytest.raises(ReplayError, match="unknown companion 'Z99'"):
        replay(content(), tampered(rec, lambda r: r.setup["draw_pile"].__setitem__(0, "Z99")))
    with pytest.raises(ReplayError, match="unknown adventurers"):
        replay(content(), tampered(rec, lambda r: r.adventurers.__setitem__(0, "tom")))


def test_replay_impossible_setup_fails_R2():
    rec = game_record().record
    s = rec.setup

    def dup(r):
        r.setup["draw_pile"][0] = r.setup["draw_pile"][1]
    cases = [
        (dup, "draw_pile and box must hold each companion exactly once"),
        (lambda r: r.setup["box"].append(r.setup["draw_pile"].pop()), "the box must hold 3 companions of deck B"),
        (lambda r: r.setup.__setitem__("draw_pile", s["draw_pile"][20:] + s["draw_pile"][:20]),
         "deck A on top of deck B"),
        (lambda r: r.setup["spell_pile"].pop(), "spell_pile must hold each spell token"),
        (lambda r: r.setup.pop("spell_pile"), "record setup misses 'spell_pile'"),
        (lambda r: r.setup.__setitem__("first_player", 3), "first_player 3 is not a seat of 3 players"),
    ]
    for fn, msg in cases:
        with pytest.raises(ReplayError, match=re.escape(msg)):
            replay(content(), tampered(rec, fn))


def test_replay_die_face_out_of_range_fails():
    rec = game_record().record
    for bad in (-1, 6, 9):
        with pytest.raises(ReplayError, match=rf"die face 3 of the record is {bad}, not 0..5"):
            replay(content(), tampered(rec, lambda r: r.dice.__setitem__(3, bad)))


def test_replay_player_count_must_fit_the_adventurers():
    rec = game_record().record
    with pytest.raises(ReplayError, match="record has 5 players and 3 adventurers"):
        replay(content(), tampered(rec, lambda r: setattr(r, "n_players", 5)))
    with pytest.raises(ReplayError, match="record has 3 players and 2 adventurers"):
        replay(content(), tampered(rec, lambda r: r.adventurers.pop()))
