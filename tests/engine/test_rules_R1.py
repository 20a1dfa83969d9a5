"""R1 Dice and symbols (and E2, the canonical dice list)."""
from glowsim.content import codes as C
from glowsim.spec import decisions as D

from .situations import P, content, faces, phase, row, situation

RES, RR = D.RESOLVE, D.REROLL


def test_R1_die_faces_are_the_five_elements_then_the_sixth_face():
    t = content().tables
    sixth = {"green": "leaf", "blue": "water", "azure": "cloud", "red": "fire", "orange": "rock",
             "purple": "footprint", "yellow": "burst", "black": "curse"}
    for name, s in sixth.items():
        col = C.COLOR_CODE[name]
        assert [C.SYMBOLS[x] for x in t.die_symbol[col]] == \
            ["leaf", "water", "cloud", "fire", "rock", s]


def test_R1_footprint_face_gives_two_footprints_at_noon():
    g = situation([P("noctiluca", dice=["footprint", "leaf"], footprints=1)])
    phase(g, "noon")
    p = g.state.players[0]
    assert (p.footprints, p.score) == (3, 10)
    assert p.stats["dice_bursts"] == 0


def test_R1_burst_face_gives_three_bursts_at_noon():
    g = situation([P("orium", dice=["burst", "leaf"])])
    phase(g, "noon")
    p = g.state.players[0]
    assert p.score == 13 and p.stats["dice_bursts"] == 3


def test_R1_curse_face_loses_two_bursts_at_noon():
    g = situation([P("pocana", small=["black"], dice=["leaf", "water", "rock", "curse"], score=7)])
    phase(g, "noon")
    p = g.state.players[0]
    assert p.score == 5 and p.stats["dice_bursts"] == -2


def test_R1_sixth_faces_count_on_the_final_faces_after_rerolls():
    # the burst is rerolled away before noon: no +3; the new leaf pairs with the other (Orium +1)
    g = situation([P("orium", tokens=1)], faces=["burst", "leaf", "leaf"],
                  answers=[(RR, (D.OP_REROLL, D.SRC_TOKEN, 0, -1)), (RR, (D.OP_STOP,))])
    phase(g, "late_morning", "noon")
    p = g.state.players[0]
    assert faces(g, 0) == ["leaf", "leaf"]
    assert p.score == 11 and p.stats["dice_bursts"] == 0


def test_R1_player_dice_are_adventurer_sketal_and_small_dice_E2_canonical_order():
    # E2: adventurer dice, then each Sketal's die in recruitment order, then small dice by colour
    g = situation([P("braccio", companions=["A16", "A13", "A04"],
                     sketal_dice={"A16": "blue", "A13": "orange"}, small=["purple", "black", "green"])],
                  faces=["leaf"] * 7, answers=[(RR, (D.OP_STOP,))])
    phase(g, "late_morning")
    p = g.state.players[0]
    assert [(C.COLORS[d.color], d.small) for d in p.dice] == [
        ("green", False), ("green", False), ("blue", False), ("orange", False),
        ("green", True), ("purple", True), ("black", True)]
    assert [d.sketal for d in p.dice[2:4]] == [row("A16"), row("A13")]
    # every die of the seat is rolled on the seat's own stream, in that order
    assert [w for w, _ in g.dice_source.drawn] == [0] * 7


def test_E2_sketal_without_die_and_sketal_die_taken_mid_round_are_not_in_the_list():
    g = situation([P("moloch", companions=["A14", "A15"], sketal_dice={"A15": "green"})],
                  faces=["rock"] * 3, answers=[(RR, (D.OP_STOP,))])
    g.state.players[0].pending_sketal.add(row("A15"))   # as if Cromaug brought it back this noon
    phase(g, "late_morning")
    assert [C.COLORS[d.color] for d in g.state.players[0].dice] == ["orange", "orange"]


def test_R1_sketal_die_counts_while_its_sketal_is_in_play():
    # Thoape [water, rock]: the water is on the Sketal's large blue die
    g = situation([P("moloch", companions=["A16", "A02"], sketal_dice={"A16": "blue"},
                     dice=["rock", "leaf", "water"])],
                  answers=[(RES, (row("A02"),)), (RES, (row("A16"),))])
    phase(g, "noon")
    p = g.state.players[0]
    assert p.score == 12 and p.fireflies == 1 and p.footprints == 1   # Thoape +2/+1, Moloc'h +1 fp


def test_R1_six_equally_likely_faces():
    from collections import Counter

    from glowsim import seeding as S
    from glowsim.engine.sources import LiveDice
    src = LiveDice(S.root_key(123), 0)
    n = 60000
    counts = Counter(src.draw(who) for who in (-1, 0, 1) for _ in range(n // 3))
    assert sorted(counts) == list(range(6))
    assert all(abs(c - n / 6) < 0.05 * n / 6 for c in counts.values()), counts
