"""R7 Evening (and E10: order of the dice returned, no evening after the last round)."""
from glowsim.content import codes as C
from glowsim.spec import decisions as D
from glowsim.engine.play import play_game
from glowsim.engine.state import BLACK_ON_TRACK

from .situations import P, TRACK, content, phase, row, situation


def colors_on(st):
    return [sorted(C.COLORS[d.color] for d in s) for s in st.track.dice]


def test_R7_small_dice_go_back_to_the_space_of_their_face_E10():
    # turn order: seat 1 first; each player's dice by colour.  The purple footprint and the
    # black curse are rerolled on the track stream until they show an element.
    g = situation([P("pocana", small=["green", "black"], dice=["fire"] * 3 + ["cloud", "curse"]),
                   P("eoles", small=["blue", "purple"], dice=["leaf", "leaf", "rock", "footprint"])],
                  first=1, track=[(None, ["azure"], 0), (None, [], 2)] + [(None, [], 0)] * 3,
                  pile=["A01", "A02", "A03", "A04", "A05", "A06"], faces=["footprint", "water", "curse", "fire"])
    phase(g, "evening")
    st = g.state
    assert g.dice_source.drawn == [(TRACK, 5), (TRACK, 1), (TRACK, 5), (TRACK, 3)]
    assert colors_on(st) == [["azure"], ["purple"], ["green"], ["black"], ["blue"]]
    assert all(p.small_dice == [] for p in st.players) and st.black_state == BLACK_ON_TRACK
    # a die keeps its face on the track (R7): the azure on 0 shows leaf, the purple shows water
    assert [g.symbol(d) for d in st.track.dice[1]] == [C.WATER]


def test_R7_deal_five_companions_and_footprints_pile_up_on_spaces_without_dice():
    g = situation([P("pocana", small=["red"], dice=["leaf"] * 3 + ["fire"])],
                  track=[(None, ["azure"], 0), (None, [], 2), (None, [], 0), (None, [], 1), (None, [], 0)],
                  pile=["A01", "A02", "A03", "A04", "A05", "A06"])
    phase(g, "evening")
    st = g.state
    assert st.track.companion == [row(x) for x in ["A01", "A02", "A03", "A04", "A05"]]
    assert st.pile == [row("A06")]
    assert st.track.footprints == [0, 3, 1, 1, 1]      # space 3 now holds the red die: no new token


def test_R7_first_player_passes_clockwise():
    for n in (2, 3, 4):
        for first in range(n):
            g = situation([P(a) for a in ["pocana", "eoles", "moloch", "orium"][:n]], first=first,
                          pile=["A01"] * 5)
            phase(g, "evening")
            assert g.state.first_player == (first + 1) % n


def test_R7_lumipili_rerolls_refresh_each_round():
    g = situation([P("pocana", companions=["B22"], score=0)], faces=["leaf"] * 7,
                  answers=[(D.REROLL, (D.OP_REROLL, D.SRC_LUMIPILI, 0, -1)), (D.REROLL, (D.OP_STOP,)),
                           (D.REROLL, (D.OP_STOP,))],
                  pile=["A01"] * 5)
    p = g.state.players[0]
    phase(g, "late_morning")
    assert p.lumipili_left == 0
    phase(g, "evening", "late_morning")
    assert p.lumipili_left == 1


def test_E10_no_evening_after_the_last_round():
    log = []
    out = play_game(content(), n_players=3, side="province", root_seed=4, log=log)
    assert sum(1 for x in log if x.startswith("  Evening")) == 7
    assert [x for x in log if x.startswith("Round")][-1].startswith("Round 8")
    # the 40 companions were all dealt: 8 rounds of 5
    assert len(out.recruits) == 8 * 3
