"""R3 Morning: recruit (and E1 turn order, E5 Kaar)."""
from glowsim.content import codes as C
from glowsim.spec import decisions as D
from glowsim.engine.state import BLACK_ON_TRACK

from .situations import P, TRACK, faces, passive, phase, row, set_dice, situation

REC, DIS, SK = D.RECRUIT, D.DISCARD_2P, D.SKETAL_DIE

TRACK5 = [("A04", ["green", "green"], 0), ("B12", [], 2), ("A07", ["azure", "purple"], 0),
          ("A22", ["red"], 0), ("B16", [], 1)]


def test_R3_recruit_in_turn_order_with_dice_and_footprints_E1():
    g = situation([P("pocana"), P("eoles"), P("moloch")], first=1, track=TRACK5,
                  answers=[(REC, (2, -1)), (REC, (1, -1)), (REC, (4, -1))])
    phase(g, "morning")
    st = g.state
    assert [seat for seat, _, _ in g.script.asked] == [1, 2, 0]        # from the first player, clockwise
    p0, p1, p2 = st.players
    assert p1.companions == [row("A07")] and sorted(d.color for d in p1.small_dice) == [C.AZURE, C.PURPLE]
    assert p2.companions == [row("B12")] and p2.small_dice == [] and p2.footprints == 2
    assert p0.companions == [row("B16")] and p0.footprints == 1
    # the legal spaces shrink as companions are taken
    assert [o[0] for o in g.script.legal(REC, 2)] == [0, 3, 4]
    # companions left go to the cemetery; their dice and footprints stay on the track
    assert sorted(st.cemetery) == sorted([row("A04"), row("A22")])
    assert st.track.companion == [-1] * 5
    assert [len(x) for x in st.track.dice] == [2, 0, 0, 1, 0] and st.track.footprints == [0, 0, 0, 0, 0]


def test_R3_two_players_first_player_sends_one_to_the_cemetery():
    g = situation([P("pocana"), P("eoles")], first=0, track=TRACK5,
                  answers=[(REC, (0, -1)), (DIS, (1,)), (REC, (2, -1))])
    phase(g, "morning")
    st = g.state
    assert [k for _, k, _ in g.script.asked] == [REC, DIS, REC]
    assert [o[0] for o in g.script.legal(DIS)] == [1, 2, 3, 4]
    assert [o[0] for o in g.script.legal(REC, 1)] == [2, 3, 4]
    assert st.cemetery[0] == row("B12") and sorted(st.cemetery[1:]) == sorted([row("A22"), row("B16")])
    assert st.track.footprints[1] == 2 and st.track.footprints[4] == 1   # the discarded space keeps them


def test_R3_sketal_takes_its_colour_die_rolled_this_round():
    g = situation([P("pocana")], track=[("A15", [], 1), ("B12", ["blue"], 0)] + [(None, [], 0)] * 3,
                  answers=[(REC, (0, -1))], faces=["leaf", "leaf", "leaf", "rock"], fallback=passive)
    phase(g, "morning")
    st = g.state
    p = st.players[0]
    assert p.sketal_dice == {row("A15"): C.GREEN} and C.GREEN not in st.reserve
    phase(g, "late_morning")
    assert [C.COLORS[d.color] for d in p.dice] == ["red"] * 3 + ["green"]
    assert faces(g, 0) == ["leaf", "leaf", "leaf", "rock"]


def test_R3_sketal_any_takes_a_reserve_die_of_the_players_choice():
    g = situation([P("pocana"), P("eoles")], track=[("B21", [], 0), ("B12", [], 0), ("A04", [], 0)] +
                  [(None, [], 0)] * 2,
                  reserve=["red", "blue"], answers=[(REC, (0, -1)), (SK, (C.RED,)), (DIS, (1,)), (REC, (2, -1))])
    phase(g, "morning")
    assert g.script.legal(SK) == [D.pad(C.BLUE), D.pad(C.RED)]
    assert g.state.players[0].sketal_dice == {row("B21"): C.RED} and g.state.reserve == [C.BLUE]


def test_R3_sketal_gets_no_die_when_none_is_available():
    g = situation([P("pocana"), P("eoles")],
                  track=[("B21", [], 0), ("A15", [], 0), ("B12", [], 0)] + [(None, [], 0)] * 2,
                  reserve=[], answers=[(REC, (0, -1)), (DIS, (2,)), (REC, (1, -1))])
    phase(g, "morning")                         # no SKETAL_DIE question with an empty reserve
    assert [k for _, k, _ in g.script.asked] == [REC, DIS, REC]
    assert all(p.sketal_dice == {} for p in g.state.players)


def test_R3_sketal_die_goes_back_at_once_and_does_not_move_the_boat():
    # A13 (orange die, water x3) triggers and leaves at noon: its rock goes back to the reserve,
    # so in the afternoon k = 3 (water, cloud, fire) instead of 4
    g = situation([P("pocana", companions=["A13"], sketal_dice={"A13": "orange"}, small=["azure", "red"],
                     dice=["water", "water", "water", "rock", "cloud", "fire"], score=20)],
                  side="archipelago", reserve=["red", "azure", "blue", "green"],
                  answers=[(D.RESOLVE, (row("A13"),)), (D.ARCHI_MOVE, (-1, -1))])
    phase(g, "noon")
    p = g.state.players[0]
    assert p.score == 16 and g.state.reserve[-1] == C.ORANGE and p.sketal_dice == {}
    phase(g, "afternoon")
    assert set(g.script.legal(D.ARCHI_MOVE)) == {D.pad(-1, -1), D.pad(0, 3), D.pad(0, 8)}


def test_R3_kaar_brings_the_black_die_onto_the_track_E5():
    # the black die is rolled on the track stream until it shows an element; a later player
    # can take it with the dice of that space
    g = situation([P("pocana"), P("eoles"), P("moloch")], track=TRACK5[:1] + [("A20", [], 0)] + TRACK5[2:],
                  faces=["curse", "curse", "leaf"],
                  answers=[(REC, (1, -1)), (REC, (0, -1)), (REC, (3, -1))])
    phase(g, "morning")
    st = g.state
    assert g.dice_source.drawn == [(TRACK, 5), (TRACK, 5), (TRACK, 0)]
    p1 = st.players[1]
    assert [C.COLORS[d.color] for d in p1.small_dice] == ["green", "green", "black"]
    assert st.black_state == 1


def test_R3_only_the_kaar_player_may_move_the_black_die_from_the_space_they_take():
    track = [("A04", [], 0), ("B12", ["black", "blue"], 0), ("A07", [], 0), ("A22", [], 0), ("B16", [], 0)]
    g = situation([P("pocana"), P("eoles", companions=["A20"]), P("moloch")], track=track,
                  answers=[(REC, (0, -1)), (REC, (1, 3)), (REC, (3, -1))])
    phase(g, "morning")
    st = g.state
    assert g.script.legal(REC, 0) == [D.pad(s, -1) for s in range(5)]            # no Kaar: no move
    assert g.script.legal(REC, 1) == [D.pad(s, -1) for s in range(1, 5)] + \
        [D.pad(1, t) for t in (0, 2, 3, 4)]                                       # only from space 1
    assert [d.color for d in st.players[1].small_dice] == [C.BLUE]
    assert [d.color for d in st.players[2].small_dice] == [C.BLACK] and st.black_state == 2


def test_R3_black_die_stays_in_play_after_kaar_leaves_E5():
    # Kaar is lost on the journey: the black die stays with its holder, goes back to the track
    # in the evening, and the former Kaar player can no longer move it
    g = situation([P("pocana", companions=["A20"], small=["black"], dice=["leaf", "leaf", "leaf", "fire"],
                     company=15, footprints=2)],
                  pile=["A01", "A02", "A03", "A04", "A05"],
                  answers=[(D.PROVINCE_MOVE, (D.MOVE_STEP, 16, D.PAY_FOOTPRINT)), (D.LOSE, (D.LOSE_COMPANION, row("A20"))),
                           (D.PROVINCE_MOVE, (D.MOVE_END,))])
    phase(g, "afternoon")
    st = g.state
    assert st.players[0].companions == [] and st.cemetery == [row("A20")] and st.black_state == 0
    phase(g, "evening")
    assert st.black_state == BLACK_ON_TRACK and st.track.dice[3] == [st.black_die]
    g.script.answers = [(REC, (3, -1))]
    phase(g, "morning")
    assert g.script.legal(REC) == [D.pad(s, -1) for s in range(5)]


def test_R3_spell_S3_sits_on_the_most_recently_recruited_companion():
    g = situation([P("eoles", companions=["A04"], spells=[("S3", 2)])], round_=3,
                  track=[("B12", [], 0)] + [(None, [], 0)] * 4, answers=[(REC, (0, -1))])
    phase(g, "morning")
    set_dice(g, 0, ["cloud", "cloud"])
    g.script.answers = [(D.RESOLVE, (row("S3"),))]
    g.script.fallback = passive
    phase(g, "noon")
    p = g.state.players[0]
    assert p.companions == [row("A04")] and g.state.cemetery == [row("B12")]
    assert p.spells == [] and g.state.spells_spent == [row("S3")]
