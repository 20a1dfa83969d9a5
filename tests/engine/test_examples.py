"""The worked examples of the rulebook (docs/rules.md, examples 1-6 and the
two journey examples), played as literal game situations through the engine's phases."""
from glowsim.content import codes as C
from glowsim.spec import decisions as D
from glowsim.engine.dice import effective_dice

from .situations import P, faces, final, phase, row, shows, situation

RES, RR, ARCH, PROV = D.RESOLVE, D.REROLL, D.ARCHI_MOVE, D.PROVINCE_MOVE


def test_example1_taetyss_three_rerolls_turn_a_cloud_to_water():
    # Example 1: the blue player (Taetyss) rolls 4 dice: two large, two small.  They want
    # another water to trigger Taetyss [cloud, water] twice, and use 3 rerolls (1 from their
    # Lumipili, 2 reroll tokens) to turn a cloud to water.
    g = situation([P("taetyss", companions=["A18"], small=["azure", "blue"], tokens=2, score=20)],
                  faces=["cloud", "cloud", "cloud", "water"],
                  answers=[(RR, (D.OP_SET, 1, 2, 0, 0, 1)),   # 1 Lumipili + 2 tokens: die 0 -> water
                           (RR, (D.OP_STOP,)),
                           (RES, (row("taetyss"),))], log=True)
    phase(g, "late_morning")
    p = g.state.players[0]
    assert faces(g, 0) == ["water", "cloud", "cloud", "water"]
    assert (p.lumipili_left, p.tokens, p.score) == (0, 0, 20)
    assert len(g.record.dice) == 4            # the set face draws nothing (DESIGN 5)
    assert p.stats["set_faces"] == 1
    phase(g, "noon")
    assert p.score == 26 and p.tokens == 2   # Taetyss x2: +3 bursts and +1 reroll token each
    # the narration names the rerolls used and the amounts of the triggered effect
    assert "    3 rerolls (1 Lumipili, 2 tokens, 0 track) set die 0 to water -> water cloud cloud water" in g.log
    assert "    Taetyss x2: +6 bursts, +2 reroll tokens" in g.log


def test_example1_two_rerolls_cannot_set_a_face():
    # without the Lumipili the two tokens alone are not 3 rerolls: no set-face option
    g = situation([P("taetyss", companions=["A08"], small=["azure", "blue"], tokens=2, score=0)],
                  faces=["cloud", "cloud", "cloud", "water"], answers=[(RR, (D.OP_STOP,))],
                  fallback=lambda k, legal: legal[0])
    phase(g, "late_morning")
    assert not any(o[0] == D.OP_SET for o in g.script.legal(RR))


def test_example2_pocana_score_track_rerolls_for_a_fourth_cloud():
    # Example 2: the red player (Pocana) rolls 7 dice: 3 large Pocana dice, the large die
    # of their Sketal, 3 small dice.  Their Snarexe (same: 4) gives 10 bursts and dies with
    # a fourth cloud.  They move back one space on the score track to a reroll space
    # (17 -> 16), reroll, then move back once more (16 -> 13) for a second reroll.
    g = situation([P("pocana", companions=["A15", "A19"], sketal_dice={"A15": "green"},
                     small=["azure", "azure", "blue"], score=17)],
                  faces=["cloud", "fire", "cloud", "leaf", "water", "cloud", "rock",  # initial roll
                         "fire",                                                   # 1st reroll
                         "cloud"],                                                 # 2nd reroll
                  answers=[(RR, (D.OP_REROLL, D.SRC_TRACK, 3, -1)),
                           (RR, (D.OP_REROLL, D.SRC_TRACK, 3, -1)),
                           (RR, (D.OP_STOP,)),
                           (RES, (row("A19"),)), (RES, (row("pocana"),))])
    phase(g, "late_morning")
    p = g.state.players[0]
    assert [C.COLORS[d.color] for d in p.dice] == ["red"] * 3 + ["green", "blue", "azure", "azure"]
    assert faces(g, 0) == ["cloud", "fire", "cloud", "cloud", "water", "cloud", "rock"]
    assert p.score == 13
    assert (p.stats["rerolls_spent_track"], p.stats["track_points_spent"]) == (2, 4)
    phase(g, "noon")
    assert p.score == 23                        # Snarexe: +10 bursts
    assert row("A19") not in p.companions and row("A19") in g.state.cemetery
    assert p.companions == [row("A15")]         # the Sketal (rock pair) did not trigger


def test_example3_eoles_twice_sketal_rock_pair_and_donillilu():
    # Example 3 (one azure player): (1) two pairs of cloud and rock trigger Eoles twice:
    # +4 bursts, +2 fireflies.  (2) two rocks trigger the Sketal: it goes to the cemetery,
    # +2 bursts, and its green die returns to the reserve (no longer usable to move).
    # (3) no water triggers Donillilu: +2 bursts and a reroll token.
    g = situation([P("eoles", companions=["A15", "A08"], sketal_dice={"A15": "green"},
                     small=["green", "orange"], dice=["cloud", "cloud", "rock", "leaf", "rock"],
                     score=30)],
                  reserve=["red", "azure", "blue", "orange"],
                  answers=[(RES, (row("eoles"),)), (RES, (row("A15"),))])
    phase(g, "noon")
    p = g.state.players[0]
    assert p.score == 30 + 4 + 2 + 2
    assert (p.fireflies, p.tokens) == (2, 1)
    assert p.companions == [row("A08")] and g.state.cemetery == [row("A15")]
    assert sorted(g.state.reserve) == sorted(range(5))             # green die back in the reserve
    green = p.dice[2]
    assert green.gone and green not in effective_dice(g.t, p)


def test_example3_green_die_cannot_move_the_company():
    # Same dice after noon: on the Province the green die's rock is gone, so after the orange
    # rock pays for space 23 (need rock), space 21 (need rock) has no die left.
    g = situation([P("eoles", companions=["A15", "A08"], sketal_dice={"A15": "green"},
                     small=["green", "orange"], dice=["cloud", "cloud", "rock", "leaf", "rock"],
                     score=30, footprints=1, company=24)],
                  reserve=["red", "azure", "blue", "orange"],
                  answers=[(RES, (row("eoles"),)), (RES, (row("A15"),)),
                           (PROV, (D.MOVE_STEP, 23, D.PAY_DIE)),
                           (PROV, (D.MOVE_STEP, 22, -1)),   # forbid leaf: the leaf costs 1 footprint
                           (PROV, (D.MOVE_END,))])
    phase(g, "noon", "afternoon")
    p = g.state.players[0]
    assert (p.company, p.footprints) == (22, 0)
    at_22 = g.script.legal(PROV)
    assert D.pad(D.MOVE_STEP, 21, D.PAY_DIE) not in at_22
    assert at_22 == [D.pad(D.MOVE_END)]
    assert [d.used for d in p.dice] == [False, False, False, False, True]


def test_example3_order_matters_sketal_first_leaves_one_pair_for_eoles():
    # E3: a trigger count is taken when the item is resolved.  Resolving the Sketal first
    # sends its green rock away, so Eoles then finds one cloud+rock pair only.
    g = situation([P("eoles", companions=["A15", "A08"], sketal_dice={"A15": "green"},
                     small=["green", "orange"], dice=["cloud", "cloud", "rock", "leaf", "rock"],
                     score=30)],
                  reserve=["red", "azure", "blue", "orange"],
                  answers=[(RES, (row("A15"),)), (RES, (row("eoles"),))])
    phase(g, "noon")
    p = g.state.players[0]
    assert p.score == 30 + 2 + 2 + 2 and p.fireflies == 1


def test_example4_province_blue_player_cloud_footprint_village_then_stuck():
    # Example 4 (Province): the blue player uses a cloud die to move one space (60), hands back
    # a footprint to reach the village (59: footprint cost 1) and earns a reroll token there,
    # does not stop, moves on to the next space (57, forbid rock: free without a rock), and
    # stops because the next space (56) forbids fire and they show a fire.
    g = situation([P("taetyss", dice=["cloud", "fire"], footprints=1, company=45, tokens=0)],
                  answers=[(PROV, (D.MOVE_STEP, 60, D.PAY_DIE)),
                           (PROV, (D.MOVE_STEP, 59, -1)),
                           (PROV, (D.MOVE_STEP, 57, -1)),
                           (PROV, (D.MOVE_END,))])
    phase(g, "afternoon")
    p = g.state.players[0]
    at_59 = g.script.legal(PROV, 2)
    assert D.pad(D.MOVE_ENCAMP) in at_59              # they could have stopped in the village
    assert (p.company, p.encampment, p.footprints, p.tokens) == (57, 0, 0, 1)
    assert g.script.legal(PROV, 3) == [D.pad(D.MOVE_END)]   # 56 forbids fire, 59 already entered


def test_example4_archipelago_red_player_cloud_and_rock_earns_two_footprints():
    # Example 4 (Archipelago): the red player moves a boat to the island whose edge needs
    # 1 or 2 different elements; cloud and rock make 2; the island gives 2 footprints.
    g = situation([P("pocana", dice=["cloud", "rock", "cloud"])], side="archipelago",
                  answers=[(ARCH, (0, 1))])
    phase(g, "afternoon")
    p = g.state.players[0]
    assert set(g.script.legal(ARCH)) == {D.pad(-1, -1), D.pad(0, 1), D.pad(0, 6)}
    assert sorted(p.boats) == [0, 0, 0, 1] and p.footprints == 2


def test_example5_final_count_reaches_72():
    # Example 5: at 60 on the track; cards: +5 and -1 = 4; encampment on the village of 5;
    # 7 companions and 3 fireflies: no bonus; 3 footprints.  60 + 4 + 5 + 0 + 3 = 72.
    comps = ["B12", "A13", "B09", "A10", "A02", "A07", "A08"]   # 3+1+1-1+0+0+0 bursts, 1 firefly
    g = situation([P("taetyss", companions=comps, score=60, fireflies=2, footprints=3, encampment=5,
                     company=7)])
    c = final(g)[0]
    assert (c["track"], c["cards_bursts"], c["journey_bursts"], c["firefly_bonus"],
            c["footprint_bursts"]) == (60, 4, 5, 0, 3)
    assert c["fireflies"] == 3 and c["score"] == 72


def test_example6_kaar_black_die_placement_move_and_curse():
    # Example 6 / "Kaar and the curse of the black die": the taker of Kaar rolls the black
    # die, rerolls the empty (curse) face, and puts it on the space of its element.
    g = situation([P("pocana"), P("eoles")], round_=2,
                  track=[("B08", ["green"], 0), ("A20", [], 1), ("B14", ["azure"], 0),
                         ("A05", ["red"], 0), ("B16", ["orange"], 0)],
                  faces=["curse", "fire"],
                  answers=[(D.RECRUIT, (1, -1)), (D.DISCARD_2P, (4,)), (D.RECRUIT, (0, -1))])
    phase(g, "morning")
    st = g.state
    assert [w for w, _ in g.dice_source.drawn] == [-1, -1]          # track stream (E5)
    assert st.track.dice[3][-1] is st.black_die and shows(g, st.black_die) == "fire"
    # next round the Kaar player wants the companion of space 3: they may move the black die away
    kaar = situation([P("eoles", companions=["A20"])], round_=3,
                     track=[("B08", ["green"], 0), ("B20", [], 1), ("B14", ["azure"], 0),
                            ("A05", ["red", "black"], 0), ("B16", ["orange"], 0)],
                     answers=[(D.RECRUIT, (3, 1))])
    phase(kaar, "morning")
    p = kaar.state.players[0]
    assert [d.color for d in p.small_dice] == [C.RED]
    assert any(d.color == C.BLACK for d in kaar.state.track.dice[1])
    # the curse: whoever rolls the black die ignores every die showing its symbol, itself included
    cursed = situation([P("pocana", companions=["B14"], small=["blue", "black"],
                          dice=["water", "fire", "water", "water", "water"])],
                       answers=[(RES, (row("B14"),))])
    p = cursed.state.players[0]
    assert [shows(cursed, d) for d in effective_dice(cursed.t, p)] == ["fire"]
    phase(cursed, "noon")     # Gluach (water, no rock) does not trigger: every water is ignored
    assert p.score == 10
    # the curse face: -2 bursts, only the black die is ignored
    minus2 = situation([P("pocana", companions=["B14"], small=["blue", "black"],
                          dice=["water", "fire", "rock", "water", "curse"])],
                       answers=[(RES, (row("B14"),))])
    phase(minus2, "noon")
    assert minus2.state.players[0].score == 10 - 2    # Gluach: water but a rock shows -> nothing
