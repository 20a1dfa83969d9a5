"""R6 Afternoon: the journey on the Province of Shadows (E7) and the Archipelago (E8)."""
from glowsim.spec import decisions as D

from .situations import P, passive, phase, row, situation

PM, AM, LOSE = D.PROVINCE_MOVE, D.ARCHI_MOVE, D.LOSE
END = (PM, (D.MOVE_END,))


def step(space, pay=-1):
    return (PM, (D.MOVE_STEP, space, pay))


def province(player, answers, **kw):
    g = situation([player], answers=answers, **kw)
    phase(g, "afternoon")
    return g, g.state.players[0]


def archipelago(player, answers=(), **kw):
    g = situation([player], side="archipelago", answers=answers, fallback=passive, **kw)
    phase(g, "afternoon")
    return g, g.state.players[0]


# ---- Province of Shadows ---------------------------------------------------------------

def test_R6_province_need_space_costs_an_unused_die_or_a_footprint():
    g, p = province(P("pocana", dice=["fire", "leaf", "cloud"], footprints=1),
                    [step(1, D.PAY_DIE), step(2, D.PAY_FOOTPRINT), END])
    legal = g.script.asked
    assert set(legal[0][2]) == {D.pad(D.MOVE_END), D.pad(D.MOVE_STEP, 1, D.PAY_DIE),
                                D.pad(D.MOVE_STEP, 1, D.PAY_FOOTPRINT), D.pad(D.MOVE_STEP, 44, D.PAY_DIE),
                                D.pad(D.MOVE_STEP, 44, D.PAY_FOOTPRINT)}
    # on 1: the fire die is used, space 0 was the start: only a footprint takes the company to 2
    assert legal[1][2] == [D.pad(D.MOVE_END), D.pad(D.MOVE_STEP, 2, D.PAY_FOOTPRINT)]
    # on 2: no footprint left, no fire for 3; the leaf die pays for 45
    assert legal[2][2] == [D.pad(D.MOVE_END), D.pad(D.MOVE_STEP, 45, D.PAY_DIE)]
    assert (p.company, p.footprints) == (2, 0) and [d.used for d in p.dice] == [True, False, False]


def test_E7_need_uses_the_first_unused_die_showing_the_element():
    g, p = province(P("pocana", dice=["fire", "leaf", "fire"]), [step(1, D.PAY_DIE), step(2, D.PAY_DIE), END])
    assert [d.used for d in p.dice] == [True, False, True] and p.company == 2


def test_R6_province_never_enters_a_space_twice_in_a_round():
    g, p = province(P("pocana", dice=["fire", "fire", "fire"], company=2),
                    [step(1, D.PAY_DIE), END])
    # on 1: back to 2 (its start space) is closed, only 0 is open
    assert g.script.legal(PM) == [D.pad(D.MOVE_END), D.pad(D.MOVE_STEP, 0, -1)]


def test_R6_province_forbid_is_free_without_the_symbol():
    g, p = province(P("pocana", dice=["leaf", "cloud", "water"], company=7), [step(8), END])
    assert (p.company, p.footprints) == (8, 0)


def test_R6_province_forbid_costs_a_footprint_and_used_dice_still_count_E7():
    # the fire die pays for 55 (need fire); it still forbids 56 (forbid fire): 1 footprint
    g, p = province(P("pocana", dice=["fire", "leaf", "leaf"], company=54, footprints=1),
                    [step(55, D.PAY_DIE), step(56), END])
    assert (p.company, p.footprints) == (56, 0)
    g, p = province(P("pocana", dice=["fire", "leaf", "leaf"], company=54), [step(55, D.PAY_DIE), END])
    assert g.script.legal(PM) == [D.pad(D.MOVE_END)]


def test_R6_province_footprint_cost_must_be_paid_to_enter():
    g, p = province(P("pocana", dice=["rock", "leaf", "leaf"], company=13, footprints=2), [END])
    assert {o[1] for o in g.script.legal(PM) if o[0] == D.MOVE_STEP} == {12}   # village 14 costs 3
    g, p = province(P("pocana", dice=["rock", "leaf", "leaf"], company=13, footprints=3),
                    [step(14), (PM, (D.MOVE_ENCAMP,))])
    assert (p.company, p.encampment, p.footprints) == (14, 14, 0)


def test_R6_province_gains_taken_on_every_passage():
    # village 5 (cost 1, +1 firefly) passed without stopping, then 6 (need water)
    g, p = province(P("taetyss", dice=["water", "leaf"], company=4, footprints=1), [step(5), step(6, D.PAY_DIE), END])
    assert (p.company, p.encampment, p.fireflies, p.footprints) == (6, 0, 1, 0)
    # the path 10-11 gives a firefly, the path 11-12 costs 5 bursts (stopping at 0, R5)
    g, p = province(P("pocana", dice=["rock", "leaf", "leaf"], company=10, score=3),
                    [step(11), step(12, D.PAY_DIE), END])
    assert (p.company, p.fireflies, p.score) == (12, 1, 0)


def test_R6_province_encampment_only_on_a_village_entered_this_afternoon_E7():
    g, p = province(P("pocana", dice=["water", "leaf", "leaf"], company=5, encampment=0, footprints=1),
                    [step(6, D.PAY_DIE), END])
    assert D.pad(D.MOVE_ENCAMP) not in g.script.legal(PM, 0)           # standing on village 5 is not enough
    assert D.pad(D.MOVE_ENCAMP) not in g.script.legal(PM, 1)
    g, p = province(P("pocana", dice=["water", "leaf", "leaf"], company=4, footprints=1),
                    [step(5), (PM, (D.MOVE_ENCAMP,))])
    assert (p.encampment, p.company) == (5, 5) and len(g.script.asked) == 2   # the movement ends there


def test_R6_province_lose_a_companion_whose_sketal_die_is_then_gone_E7():
    # the path 40-41 costs a companion or a spell; the Sketal A13 goes, and its rock with it:
    # 42 (need rock) can no longer be paid
    g, p = province(P("pocana", companions=["A13", "A04"], sketal_dice={"A13": "orange"},
                      dice=["leaf", "leaf", "leaf", "rock"], company=40, spells=[("S2", 9)]),
                    [step(41), (LOSE, (D.LOSE_COMPANION, row("A13"))), END])
    assert g.script.legal(LOSE) == [D.pad(D.LOSE_COMPANION, row("A13")), D.pad(D.LOSE_COMPANION, row("A04")),
                                    D.pad(D.LOSE_SPELL, row("S2"))]
    assert g.script.legal(PM) == [D.pad(D.MOVE_END)]
    assert p.companions == [row("A04")] and p.dice[3].gone and g.state.reserve[-1] == 4


def test_R6_province_lose_a_spell_instead_or_nothing_without_either():
    g, p = province(P("pocana", companions=["A04"], dice=["leaf", "leaf", "leaf"], company=40,
                      spells=[("S2", 9)]),
                    [step(41), (LOSE, (D.LOSE_SPELL, row("S2"))), END])
    assert p.spells == [] and g.state.spells_spent == [row("S2")] and p.companions == [row("A04")]
    g, p = province(P("pocana", dice=["leaf", "leaf", "leaf"], company=40), [step(41), END])
    assert [k for _, k, _ in g.script.asked] == [PM, PM] and p.company == 41


# ---- Archipelago of Darkness ------------------------------------------------------------

def test_R6_archipelago_k_counts_distinct_elements_special_faces_never():
    g, p = archipelago(P("noctiluca", small=["green", "green"], dice=["footprint", "footprint", "leaf", "leaf"]))
    assert set(g.script.legal(AM)) == {D.pad(-1, -1), D.pad(0, 1), D.pad(0, 6)}


def test_R6_archipelago_missing_elements_paid_with_footprints():
    g, p = archipelago(P("pocana", dice=["leaf", "leaf", "leaf"], footprints=2), [(AM, (0, 3))])
    assert set(g.script.legal(AM)) == {D.pad(-1, -1), D.pad(0, 1), D.pad(0, 6), D.pad(0, 3), D.pad(0, 8)}
    assert (sorted(p.boats), p.footprints, p.fireflies) == ([0, 0, 0, 3], 0, 2)


def test_R6_archipelago_more_elements_than_max_means_no_move():
    g, p = archipelago(P("pocana", small=["green", "orange"], dice=["leaf", "water", "cloud", "fire", "rock"]))
    assert g.script.legal(AM) == [D.pad(-1, -1)]


def test_R6_archipelago_footprint_cost_of_the_edge_then_the_island():
    g, p = archipelago(P("pocana", small=["green", "orange"], dice=["leaf", "water", "cloud", "fire", "rock"],
                         boats=[3, 0, 0, 0], footprints=1), [(AM, (3, 5))])
    assert (sorted(p.boats), p.footprints) == ([0, 0, 0, 5], 0)
    g, p = archipelago(P("pocana", small=["green", "orange"], dice=["leaf", "water", "cloud", "fire", "rock"],
                         boats=[3, 0, 0, 0]))
    assert D.pad(3, 5) not in g.script.legal(AM)


def test_R6_archipelago_no_two_boats_on_one_island_except_the_start():
    g, p = archipelago(P("pocana", dice=["leaf", "water", "cloud"], boats=[3, 0, 0, 0]), [(AM, (3, 0))])
    legal = set(g.script.legal(AM))
    assert D.pad(0, 3) not in legal and D.pad(0, 8) in legal and D.pad(3, 0) in legal
    assert p.boats == [0, 0, 0, 0]


def test_E8_archipelago_edge_without_elements_allows_any_k_and_moves_both_ways():
    g, p = archipelago(P("pocana", companions=["A04"], small=["green", "orange"],
                         dice=["leaf", "water", "cloud", "fire", "rock"], boats=[1, 0, 0, 0]),
                       [(AM, (1, 2)), (LOSE, (D.LOSE_COMPANION, row("A04")))])
    assert set(g.script.legal(AM)) == {D.pad(-1, -1), D.pad(1, 2)}
    assert sorted(p.boats) == [0, 0, 0, 2] and p.companions == [] and g.state.cemetery == [row("A04")]
    assert [k for _, k, _ in g.script.asked] == [AM, LOSE]          # one boat, one edge a round


def test_R6_province_loop_cannot_close_on_entered_spaces():
    # 0 -> 1 -> 2 -> 45 -> 44: both neighbours of 44 (0 and 45) were entered this round
    g, p = province(P("pocana", small=["green"], dice=["fire", "fire", "leaf", "leaf"]),
                    [step(1, D.PAY_DIE), step(2, D.PAY_DIE), step(45, D.PAY_DIE), step(44, D.PAY_DIE), END])
    assert p.company == 44 and all(d.used for d in p.dice)
    assert g.script.legal(PM) == [D.pad(D.MOVE_END)]
