"""R4 Late morning: roll and reroll (and E6, the lapped player)."""
import pytest

from glowsim.content import codes as C
from glowsim.spec import decisions as D
from glowsim.engine.rerolls import track_steps

from .situations import P, faces, passive, phase, row, situation

RR = D.REROLL
STOP = (RR, (D.OP_STOP,))


def sources(legal):
    return sorted({o[1] for o in legal if o[0] == D.OP_REROLL})


def set_mixes(legal):
    return sorted({o[1:4] for o in legal if o[0] == D.OP_SET})


def test_R4_all_dice_rolled_on_the_seat_stream_in_turn_order_E1():
    g = situation([P("pocana"), P("eoles", small=["blue"])], first=1,
                  faces=["leaf", "water", "cloud", "fire", "rock", "leaf"], answers=[STOP, STOP])
    phase(g, "late_morning")
    assert [w for w, _ in g.dice_source.drawn] == [1, 1, 1, 0, 0, 0]
    assert faces(g, 1) == ["leaf", "water", "cloud"] and faces(g, 0) == ["fire", "rock", "leaf"]


def test_R4_reroll_one_or_two_dice_once_each():
    g = situation([P("pocana", tokens=2)], faces=["leaf", "leaf", "leaf", "fire", "rock", "cloud"],
                  answers=[(RR, (D.OP_REROLL, D.SRC_TOKEN, 0, 2)), (RR, (D.OP_REROLL, D.SRC_TOKEN, 1, -1)), STOP])
    phase(g, "late_morning")
    legal = g.script.legal(RR, 0)
    pairs = {(o[2], o[3]) for o in legal if o[0] == D.OP_REROLL and o[1] == D.SRC_TOKEN}
    assert pairs == {(0, -1), (1, -1), (2, -1), (0, 1), (0, 2), (1, 2)}
    assert faces(g, 0) == ["fire", "cloud", "rock"]     # die c then die d, from the seat stream
    assert g.state.players[0].tokens == 0 and g.state.players[0].stats["rerolls_spent_token"] == 2


def test_R4_lumipili_gives_one_reroll_per_round_per_card():
    g = situation([P("pocana", companions=["A18", "B22"], score=0)], faces=["leaf"] * 3 + ["fire", "fire"],
                  answers=[(RR, (D.OP_REROLL, D.SRC_LUMIPILI, 0, -1)), (RR, (D.OP_REROLL, D.SRC_LUMIPILI, 1, -1)),
                           STOP])
    phase(g, "late_morning")
    assert [sources(g.script.legal(RR, i)) for i in range(3)] == [[D.SRC_LUMIPILI]] * 2 + [[]]
    p = g.state.players[0]
    assert p.lumipili_left == 0 and p.stats["rerolls_spent_lumipili"] == 2
    # R7: they refresh next round
    g.dice_source.faces = ["leaf"] * 3
    g.script.answers = [STOP]
    phase(g, "late_morning")
    assert p.lumipili_left == 2 and sources(g.script.legal(RR)) == [D.SRC_LUMIPILI]


def test_R4_score_track_reroll_cost():
    # 17 -> 16 costs 1 burst; then 16 -> 13 costs 3
    g = situation([P("pocana", score=17)], faces=["leaf"] * 3 + ["fire", "fire"],
                  answers=[(RR, (D.OP_REROLL, D.SRC_TRACK, 0, -1))] * 2 + [STOP])
    phase(g, "late_morning")
    p = g.state.players[0]
    assert p.score == 13
    assert (p.stats["rerolls_spent_track"], p.stats["track_points_spent"]) == (2, 4)


@pytest.mark.parametrize("score,steps", [(0, 0), (1, 1), (2, 2), (5, 5), (6, 6), (8, 7), (17, 11),
                                         (52, 17), (53, 18), (99, 18)])
def test_R4_score_track_rerolls_strictly_below_down_to_zero(score, steps):
    g = situation([P("pocana", score=score)])
    assert track_steps(g, g.state.players[0]) == steps


def test_R4_no_score_track_reroll_at_zero():
    g = situation([P("pocana", score=0)], faces=["leaf"] * 3, answers=[STOP])
    phase(g, "late_morning")
    assert g.script.legal(RR) == [D.pad(D.OP_STOP)]


def test_R4_lapped_player_has_no_score_track_rerolls_E6():
    g = situation([P("pocana", score=98, companions=["A23"], dice=["leaf", "leaf", "fire"])], fallback=passive)
    phase(g, "noon")                       # Okans x2: +2 bursts -> 100: the track is lapped
    p = g.state.players[0]
    assert p.score == 100 and p.lapped
    p.score, p.tokens = 30, 0              # even after losing bursts, the lapped player keeps no rerolls
    assert track_steps(g, p) == 0
    g.dice_source.faces = ["leaf"] * 3
    g.script.answers = [STOP]
    phase(g, "late_morning")
    assert g.script.legal(RR) == [D.pad(D.OP_STOP)]


def test_R4_three_rerolls_of_any_mix_set_a_die_to_any_of_its_faces():
    g = situation([P("noctiluca", companions=["A18"], tokens=1, score=1)], faces=["leaf", "leaf"],
                  answers=[(RR, (D.OP_SET, 1, 1, 1, 1, 5)), STOP])
    phase(g, "late_morning")
    first = g.script.legal(RR, 0)
    assert set_mixes(first) == [(1, 1, 1)]
    assert {(o[4], o[5]) for o in first if o[0] == D.OP_SET} == {(d, f) for d in range(2) for f in range(6)}
    p = g.state.players[0]
    assert faces(g, 0) == ["leaf", "footprint"] and (p.score, p.tokens, p.lumipili_left) == (0, 0, 0)
    assert len(g.record.dice) == 2


def test_R4_three_rerolls_mixes_offered():
    g = situation([P("pocana", companions=["A18"], tokens=3, score=2)], faces=["leaf"] * 3, answers=[STOP])
    phase(g, "late_morning")
    assert set_mixes(g.script.legal(RR)) == [(0, 1, 2), (0, 2, 1), (0, 3, 0), (1, 0, 2), (1, 1, 1), (1, 2, 0)]


def test_R4_reroll_tokens_gained_this_round_are_usable_next_round():
    g = situation([P("pocana", companions=["A23"], score=0)], faces=["leaf", "water", "water"],
                  answers=[STOP, (D.RESOLVE, (row("A23"),))])
    phase(g, "late_morning")
    assert sources(g.script.legal(RR)) == []
    phase(g, "noon")
    assert g.state.players[0].tokens == 1
    g.dice_source.faces = ["water"] * 3
    g.script.answers = [STOP]
    phase(g, "late_morning")
    assert sources(g.script.legal(RR)) == [D.SRC_TOKEN, D.SRC_TRACK]   # score 1 after Okans


def test_R4_reroll_sources_are_named_in_the_log():
    g = situation([P("pocana", companions=["A18"], tokens=1, score=3)], faces=["leaf"] * 6,
                  answers=[(RR, (D.OP_REROLL, src, 0, -1)) for src in (0, 1, 2)] + [STOP], log=True)
    phase(g, "late_morning")
    lines = [x.strip() for x in g.log if "reroll (" in x]
    assert lines == ["reroll (Lumipili) -> leaf leaf leaf", "reroll (token) -> leaf leaf leaf",
                     "reroll (score track) -> leaf leaf leaf [score 2]"]
    assert C.SYMBOLS[g.symbol(g.state.players[0].dice[0])] == "leaf"
