"""R5 Noon: resolve (and E3 noon order, E4 spells, E5 the curse, E12 Cromaug)."""
from glowsim.content import codes as C
from glowsim.spec import decisions as D
from glowsim.engine.dice import effective_dice
from glowsim.engine.triggers import applied_count, trigger_count

from .situations import P, TRACK, content, passive, phase, row, situation, shows

RES, CRO = D.RESOLVE, D.CROMAUG


def counts(**kw):
    out = [0] * C.N_SYMBOLS
    for k, v in kw.items():
        out[C.SYMBOL_CODE[k]] = v
    return out


def noon_of(player, answers=(), **kw):
    g = situation([player], answers=answers, fallback=passive, **kw)
    phase(g, "noon")
    return g, g.state.players[0]


# ---- the curse -------------------------------------------------------------------

def test_R5_curse_ignores_every_die_showing_the_black_symbol_black_included():
    g = situation([P("eoles", small=["azure", "black"], dice=["cloud", "rock", "cloud", "cloud"])])
    p = g.state.players[0]
    assert [shows(g, d) for d in effective_dice(g.t, p)] == ["rock"]
    phase(g, "noon")
    assert p.score == 10                          # Eoles [cloud, rock] finds no cloud


def test_R5_curse_lasts_into_the_afternoon():
    # the ignored fires do not forbid space 8 (forbid fire): the move is free
    g = situation([P("pocana", small=["black"], dice=["fire", "fire", "leaf", "fire"], company=7)],
                  answers=[(D.PROVINCE_MOVE, (D.MOVE_STEP, 8, -1)), (D.PROVINCE_MOVE, (D.MOVE_END,))])
    phase(g, "afternoon")
    assert g.state.players[0].company == 8 and g.state.players[0].footprints == 0


def test_R5_curse_face_loses_two_and_ignores_only_the_black_die():
    g, p = noon_of(P("eoles", small=["black"], dice=["cloud", "rock", "curse"], score=10))
    assert p.score == 10 - 2 + 2 and p.fireflies == 1


def test_E5_kaar_gives_no_immunity_to_the_black_die_holder():
    g, p = noon_of(P("eoles", companions=["A20"], small=["black"], dice=["cloud", "rock", "rock"]))
    assert p.score == 10 and p.fireflies == 0     # the rock is ignored: Eoles does not trigger


def test_R5_curse_only_hits_the_player_holding_the_black_die():
    g = situation([P("eoles", small=["black"], dice=["cloud", "rock", "rock"]),
                   P("moloch", dice=["rock", "rock"])], fallback=passive)
    phase(g, "noon")
    assert g.state.players[1].footprints == 2 and g.state.players[0].fireflies == 0


# ---- trigger counts ----------------------------------------------------------------

def test_R5_symbols_count_disjoint_sets():
    t = content().tables
    assert trigger_count(t, row("eoles"), counts(cloud=3, rock=2)) == 2
    assert trigger_count(t, row("A05"), counts(fire=5)) == 2
    assert trigger_count(t, row("B13"), counts(leaf=5)) == 1
    g, p = noon_of(P("pocana", companions=["A05"], small=["red", "orange"],
                     dice=["fire", "fire", "fire", "fire", "rock"], score=10))
    assert p.score == 18                          # Ladawa x2: 2 x 4 bursts


def test_R5_same_counts_footprint_and_burst():
    t = content().tables
    assert trigger_count(t, row("B03"), counts(footprint=2, burst=3, leaf=1)) == 2
    # Noctiluca's purple dice: three footprints make one same-3 and one pair for Torke (B03)
    g, p = noon_of(P("noctiluca", companions=["B03"], small=["green", "green", "purple"],
                     dice=["footprint", "footprint", "leaf", "leaf", "footprint"], score=10))
    assert p.score == 10 + 5 + 2 * 2 and p.footprints == 3 * 2
    # Orium's burst faces pair up for its own same-2
    g, p = noon_of(P("orium", dice=["burst", "burst"], score=10))
    assert p.score == 10 + 3 + 3 + 1


def test_R5_same_never_counts_curse():
    t = content().tables
    assert trigger_count(t, row("B03"), counts(curse=4)) == 0
    assert trigger_count(t, row("noctiluca"), counts(curse=3, leaf=2)) == 0


def test_R5_absent_triggers_once_when_none_of_the_symbols_shows():
    t = content().tables
    assert trigger_count(t, row("A06"), counts(cloud=4, fire=2)) == 1           # absent leaf, water
    assert trigger_count(t, row("A06"), counts(cloud=4, water=1)) == 0
    g, p = noon_of(P("pocana", companions=["B16"], dice=["fire", "fire", "fire"], score=10))
    assert p.score == 13                          # Oshra (no rock): +3 once


def test_R5_symbols_with_absent_need_both():
    t = content().tables
    r = row("B14")                                # Gluach: water, no rock
    assert trigger_count(t, r, counts(water=3)) == 1
    assert trigger_count(t, r, counts(water=3, rock=1)) == 0
    assert trigger_count(t, r, counts(leaf=3)) == 0


def test_R5_discard_self_cards_apply_once():
    t = content().tables
    assert trigger_count(t, row("A11"), counts(water=4)) == 2
    assert applied_count(t, row("A11"), counts(water=4)) == 1
    g, p = noon_of(P("taetyss", companions=["A11"], small=["blue", "blue"],
                     dice=["water", "water", "water", "water"]), answers=[(RES, (row("A11"),))])
    assert p.footprints == 1 and p.companions == [] and g.state.cemetery == [row("A11")]


def test_R5_every_triggered_effect_applies_even_a_loss():
    g, p = noon_of(P("braccio", companions=["A14", "B07"], sketal_dice={"A14": "azure"},
                     small=["blue", "blue"], dice=["leaf", "leaf", "leaf", "water", "water"], score=20),
                   answers=[(RES, (row("braccio"),)), (RES, (row("A14"),))])
    # Braccio +3 bursts +1 footprint; Sketal -4 and leaves; Zellyf (water pair) -2
    assert p.score == 20 + 3 - 4 - 2 and p.footprints == 1 and p.companions == [row("B07")]


def test_R5_losses_stop_at_zero_during_play():
    g, p = noon_of(P("braccio", companions=["A14"], sketal_dice={"A14": "azure"},
                     dice=["leaf", "leaf", "leaf"], score=0, spells=[("S5", 1)]),
                   answers=[(RES, (row("A14"),))])
    # the Sketal first: 0 - 4 stops at 0, then Braccio +3 (a plain sum would give -1)
    assert p.score == 3 and p.footprints == 1 and len(p.spells) == 1   # S5 (rock pair) waits
    g, p = noon_of(P("moloch", dice=["rock", "rock"], footprints=0, spells=[("S5", 1)]),
                   answers=[(RES, (row("S5"),))])
    assert p.footprints == 2                      # S5: -3 from 0 stops at 0, then Moloc'h x2: +2
    g, p = noon_of(P("moloch", dice=["rock", "rock"], footprints=0, spells=[("S5", 1)]),
                   answers=[(RES, (row("moloch"),))])
    assert p.footprints == 0                      # +2, then -3 stops at 0


# ---- spells (Xar'gok) ----------------------------------------------------------------

def test_R5_xargok_casts_a_spell_to_each_other_player_from_its_left_E4():
    g = situation([P("pocana"), P("eoles"), P("moloch", companions=["A10"], dice=["fire", "fire"]),
                   P("orium")], round_=4, spell_pile=["S4", "S1", "S6", "S2"], fallback=passive)
    for seat in (0, 1, 3):
        g.state.players[seat].dice = []
    phase(g, "noon")
    st = g.state
    assert st.players[2].companions == [] and st.cemetery == [row("A10")]
    assert [[(s.row, s.active_from) for s in p.spells] for p in st.players] == [
        [(row("S1"), 5)], [(row("S6"), 5)], [], [(row("S4"), 5)]]
    assert st.spell_pile == [row("S2")]


def test_R5_empty_spell_pile_gives_no_spell():
    g = situation([P("pocana", companions=["A10"], dice=["fire", "fire", "leaf"]), P("eoles")],
                  spell_pile=["S2"], fallback=passive)
    g.state.players[1].dice = []
    g.state.spell_pile = []
    phase(g, "noon")
    assert g.state.players[1].spells == [] and g.state.cemetery == [row("A10")]


def test_R5_spell_triggers_once_then_leaves_the_game_E4():
    # two S6 tokens (same 3, -7): each triggers once; an S1 (leaf pair) that does not trigger stays
    g, p = noon_of(P("pocana", dice=["fire"] * 3 + ["water"] * 3, small=["blue", "blue", "red"],
                     spells=[("S6", 2), ("S6", 3), ("S1", 2)], score=30), round_=3)
    assert p.score == 30 - 7 - 7
    assert [s.row for s in p.spells] == [row("S1")] and g.state.spells_spent == [row("S6"), row("S6")]


def test_E4_spell_drawn_this_round_is_not_active():
    g, p = noon_of(P("pocana", dice=["fire"] * 3, spells=[("S4", 3)], score=30), round_=2)
    assert p.score == 30 and len(p.spells) == 1
    g, p = noon_of(P("pocana", dice=["fire"] * 3, spells=[("S4", 3)], score=30), round_=3)
    assert p.score == 24 and p.spells == []


def test_R5_S3_owner_may_resolve_the_target_first():
    # S3 sits on Tamnuca A04 (the last recruited); resolving Tamnuca first earns its +1
    g, p = noon_of(P("taetyss", companions=["B12", "A04"], small=["azure", "orange"],
                     dice=["cloud", "leaf", "cloud", "rock"], spells=[("S3", 1)]),
                   answers=[(RES, (row("A04"),)), (RES, (row("S3"),))])
    assert p.score == 10 + 1 + 2 and p.companions == [row("B12")]    # Tamnuca +1, Dvol x2 +2
    assert g.state.cemetery == [row("A04")]


def test_R5_S3_first_discards_the_target_without_its_effect():
    g, p = noon_of(P("taetyss", companions=["B12", "A04"], small=["azure", "orange"],
                     dice=["cloud", "leaf", "cloud", "rock"], spells=[("S3", 1)]),
                   answers=[(RES, (row("S3"),))])
    assert p.companions == [row("B12")] and g.state.cemetery == [row("A04")]
    assert p.score == 10 + 2                     # Dvol B12 x2 only


def test_E4_S3_with_no_companion_leaves_without_effect():
    g, p = noon_of(P("taetyss", dice=["cloud", "cloud"], spells=[("S3", 1)]),
                   answers=[(RES, (row("S3"),))])
    assert p.spells == [] and g.state.cemetery == [] and g.state.spells_spent == [row("S3")]


# ---- Cromaug (E12) ---------------------------------------------------------------------

def test_R5_cromaug_resolves_first_and_the_companion_taken_may_trigger_now():
    g, p = noon_of(P("taetyss", companions=["A04", "B18"], dice=["cloud", "water"], score=10),
                   cemetery=["B08", "A16"],
                   answers=[(CRO, (row("B08"),)), (RES, (row("B08"),)), (RES, (row("taetyss"),))])
    kinds = [k for _, k, _ in g.script.asked]
    assert kinds[0] == CRO and g.script.legal(CRO) == [D.pad(-1), D.pad(row("A16")), D.pad(row("B08"))]
    assert g.script.legal(RES, 0) == [D.pad(r) for r in sorted([row("A04"), row("B08"), row("taetyss")])]
    assert p.companions == [row("A04"), row("B08")]          # B08 is now the last recruited
    assert g.state.cemetery == [row("A16"), row("B18")]
    assert p.score == 10 + 3 + 3 and p.tokens == 1           # Zellyf [water] +3, Taetyss +3 +1 token


def test_E12_cromaug_cannot_take_itself_and_may_decline():
    g, p = noon_of(P("taetyss", companions=["B18"], dice=["cloud", "leaf"]), answers=[(CRO, (-1,))])
    assert g.script.legal(CRO) == [D.pad(-1)] and g.state.cemetery == [row("B18")] and p.companions == []


def test_E12_cromaug_sketal_takes_its_die_rolled_from_next_round():
    g, p = noon_of(P("taetyss", companions=["B18"], dice=["cloud", "leaf"]), cemetery=["B21"],
                   reserve=["orange", "green"], answers=[(CRO, (row("B21"),)), (D.SKETAL_DIE, (C.ORANGE,))])
    assert g.script.legal(D.SKETAL_DIE) == [D.pad(C.GREEN), D.pad(C.ORANGE)]
    assert p.sketal_dice == {row("B21"): C.ORANGE} and row("B21") in p.pending_sketal
    assert len(p.dice) == 2 and g.state.reserve == [C.GREEN]
    phase(g, "evening")
    g.dice_source.faces = ["leaf", "leaf", "rock"]
    g.script.answers = [(D.REROLL, (D.OP_STOP,))]
    g.state.pile = []
    phase(g, "late_morning")
    assert [C.COLORS[d.color] for d in p.dice] == ["blue", "blue", "orange"]


def test_E12_cromaug_kaar_brings_the_black_die_into_play():
    g, p = noon_of(P("taetyss", companions=["B18"], dice=["cloud", "leaf"]), cemetery=["A20"],
                   faces=["curse", "rock"], answers=[(CRO, (row("A20"),))])
    st = g.state
    assert p.companions == [row("A20")] and st.track.dice[4] == [st.black_die]
    assert g.dice_source.drawn == [(TRACK, 5), (TRACK, 4)]


# ---- noon order (E3) --------------------------------------------------------------------

def test_E3_resolve_offers_distinct_rows_sorted_and_the_last_item_needs_no_decision():
    # 5 items (Pocana, Oshra, Tamnuca, two S6 tokens): 4 decisions, the last item resolves alone
    g, p = noon_of(P("pocana", companions=["B16", "A04"], dice=["leaf", "leaf", "leaf"],
                     spells=[("S6", 1), ("S6", 1)], score=30),
                   answers=[(RES, (row("S6"),)), (RES, (row("S6"),)), (RES, (row("pocana"),)),
                            (RES, (row("A04"),))])
    res = [lg for _, k, lg in g.script.asked if k == RES]
    every = sorted([row("pocana"), row("B16"), row("A04"), row("S6")])
    assert res == [[D.pad(r) for r in every]] * 2 + [[D.pad(r) for r in every[:3]],
                                                      [D.pad(r) for r in sorted([row("B16"), row("A04")])]]
    assert p.score == 30 - 7 - 7 + 3 and p.spells == []   # each S6 token triggers once; Oshra +3


def test_E3_sketal_die_leaving_can_switch_on_an_absent_trigger():
    # Sketal A16 (blue die showing water; fire x3: -5 and leaves); then Donillilu (no water)
    g, p = noon_of(P("pocana", companions=["A16", "A08"], sketal_dice={"A16": "blue"},
                     dice=["fire", "fire", "fire", "water"], score=20),
                   answers=[(RES, (row("A16"),)), (RES, (row("A08"),))])
    assert p.score == 20 - 5 + 2 and p.tokens == 1
    g, p = noon_of(P("pocana", companions=["A16", "A08"], sketal_dice={"A16": "blue"},
                     dice=["fire", "fire", "fire", "water"], score=20),
                   answers=[(RES, (row("A08"),)), (RES, (row("A16"),))])
    assert p.score == 20 - 5 and p.tokens == 0


def test_E3_face_effects_come_before_cards():
    # a burst face lifts the score from 0 before a -4 card applies (both applied; order matters at 0)
    # a burst face lifts the score from 0 before the Sketal's -4 (cards after faces):
    # 0 + 3 - 4 stops at 0, then Orium's leaf pair +1
    g, p = noon_of(P("orium", companions=["A14"], sketal_dice={"A14": "azure"}, small=["green"],
                     dice=["burst", "leaf", "leaf", "leaf"], score=0), answers=[(RES, (row("A14"),))])
    assert p.score == 1
    assert p.stats["dice_bursts"] == 3 and p.stats["effect_bursts"] == -4 + 1


def test_R5_companion_taken_by_cromaug_is_the_last_recruited_for_S3():
    # Cromaug (cloud) brings back Briki A11; S3 (cloud pair) then sits on Briki and discards it
    g, p = noon_of(P("taetyss", companions=["A04", "B18"], small=["azure"], dice=["cloud", "leaf", "cloud"],
                     spells=[("S3", 1)]), cemetery=["A11"],
                   answers=[(CRO, (row("A11"),)), (RES, (row("S3"),))])
    assert p.companions == [row("A04")] and sorted(g.state.cemetery) == sorted([row("B18"), row("A11")])


def test_R5_xargok_taken_back_by_cromaug_casts_the_same_noon():
    g = situation([P("pocana", companions=["B18"], dice=["cloud", "fire", "fire"]), P("eoles")],
                  cemetery=["A10"], spell_pile=["S2", "S5"],
                  answers=[(CRO, (row("A10"),)), (RES, (row("A10"),))], fallback=passive)
    g.state.players[1].dice = []
    phase(g, "noon")
    st = g.state
    assert st.players[0].companions == [] and sorted(st.cemetery) == sorted([row("B18"), row("A10")])
    assert [(s.row, s.active_from) for s in st.players[1].spells] == [(row("S2"), 2)]


def test_E1_noon_in_turn_order_shares_the_cemetery_and_the_reserve():
    # seat 1 plays first: its Sketal A15 (rock pair) leaves and its green die goes back; then
    # seat 0's Cromaug takes that Sketal from the cemetery, with the green die
    g = situation([P("taetyss", companions=["B18"], dice=["cloud", "leaf"]),
                   P("moloch", companions=["A15"], sketal_dice={"A15": "green"}, dice=["rock", "rock", "leaf"])],
                  first=1, reserve=["red", "azure", "blue", "orange"],
                  answers=[(RES, (row("A15"),)), (CRO, (row("A15"),))], fallback=passive)
    phase(g, "noon")
    st = g.state
    assert st.players[1].companions == [] and st.players[0].companions == [row("A15")]
    assert st.players[0].sketal_dice == {row("A15"): C.GREEN} and C.GREEN not in st.reserve
    assert st.cemetery == [row("B18")]
