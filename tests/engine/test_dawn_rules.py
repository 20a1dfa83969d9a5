"""Rule cases of the Dawn expansion's dice, cards and tokens (docs/rules.md D6-D15, rulings)."""
import pytest

from glowsim.content import codes as C
from glowsim.content import dawncodes as DC
from glowsim.engine import butterflies as BF
from glowsim.engine import dawnnoon
from glowsim.engine.dawndice import effective, k_elements
from glowsim.engine.rerolls import reroll_options, reroll_now, set_jokers, spend
from glowsim.engine.scoring import final_count
from glowsim.spec import decisions as D

from .dawn_situations import Faces, dawn, face, hold, row, shows, table

SETS = ("elemental", "anibloom", "draconic")


def noon(g, seat=0):
    dawnnoon.noon(g, g.state.players[seat])
    return g.state.players[seat]


# ---- D6 elements ----------------------------------------------------------------

def test_D6_elements_triggers_once_on_k_in_range():
    g = table(3)
    p = hold(g, 0, "pocana", ["B105"], ["leaf", "water", "cloud"])     # k = 3
    assert dawnnoon.count(g, p, row("B105")) == 1
    noon(g)
    assert p.score == 13 and p.fireflies == 2                          # Celes B105: 3 bursts, 2 fireflies


def test_D6_elements_never_more_than_once_and_k_counts_different_elements():
    g = table(3)
    p = hold(g, 0, "pocana", ["B105"], ["leaf", "leaf", "leaf"])       # k = 1
    assert k_elements(g.t, effective(g.t, p)) == 1
    assert dawnnoon.count(g, p, row("B105")) == 0


def test_D6_D9_the_curse_lowers_k():
    g = table(3)
    # Zay'Drel: large black die on water ignores every water: k drops from 3 to 2
    p = hold(g, 0, "zaydrel", [], ["water", "water", "leaf", "cloud"], small=["azure"])
    assert k_elements(g.t, effective(g.t, p)) == 2          # leaf, cloud
    assert dawnnoon.count(g, p, row("zaydrel")) == 1        # k 1..2: 1 footprint, 2 bursts
    noon(g)
    assert p.footprints == 1 and p.score == 12


def test_D11_elldir_k_exactly_four():
    g = table(3)
    p = hold(g, 0, "elldir", [], ["leaf", "water", "cloud", "fire"], small=["azure", "red"])
    noon(g)
    assert p.score == 17


# ---- D7 costs ----------------------------------------------------------------------

def test_D7_a_cost_not_held_stops_the_card():
    g = table(3)
    p = hold(g, 0, "pocana", ["A101"], ["leaf", "water", "cloud"], tokens=0)   # Li'Lan: k=3, 1 reroll
    noon(g)
    assert p.score == 10 and p.tokens == 0


def test_D7_gains_first_then_the_cost():
    g = table(3)
    p = hold(g, 0, "pocana", ["A101"], ["leaf", "water", "cloud"], tokens=1)
    noon(g)
    assert p.score == 15 and p.tokens == 0


def test_D7_ruling3_a_lapsed_application_comes_back_when_the_resource_arrives():
    # Li'Lan cannot pay at first; Hulios (k = 3: 1 footprint, 1 reroll token) brings the token
    g = table(3)
    p = hold(g, 0, "hulios", ["A101"], ["leaf", "water", "cloud"], small=["azure"], tokens=0)
    noon(g)
    assert p.score == 15 and p.tokens == 0 and p.footprints == 1


def test_D7_each_application_of_a_symbols_card_is_paid():
    # Wo Shan B308: water + fire, 1 firefly each time, 3 footprints; two pairs, one firefly
    g = table(3)
    p = hold(g, 0, "pocana", ["B308"], ["fire", "fire", "leaf", "water", "water"],
             small=["blue", "blue"], fireflies=1)
    noon(g)
    assert p.footprints == 3 and p.fireflies == 0


def test_D7_a_butterfly_cost_is_paid_with_a_token_of_the_owners_choice():
    g = table(3, answers=[(D.ACTION, (-1, -1)), (D.RESOLVE, (row("B207"),)),
                          (D.BUTTERFLY_GIVE, (9, D.GIVE_COST))])
    assert g.dawn.bag.tokens[9].name == "bf_discard"     # an action token pays too
    p = hold(g, 0, "pocana", ["B207"], ["leaf", "fire", "fire", "water"], small=["blue"])   # Vorivi
    p.butterflies[0] = 1
    p.butterflies[9] = 1
    noon(g)
    assert p.score == 16 and p.butterflies[9] == 0 and p.butterflies[0] == 1
    assert g.state.dawn.aside[9] == 1
    assert g.script.legal(D.BUTTERFLY_GIVE) == [D.pad(0, D.GIVE_COST), D.pad(9, D.GIVE_COST)]


# ---- D8 faces ------------------------------------------------------------------------

def test_D8_a_joker_is_set_free_before_the_reroll_step_ends():
    g = table(3, answers=[(D.JOKER, (1, C.FIRE))])
    p = hold(g, 0, "zaydrel", [], ["leaf", "joker", "rock"])
    assert set_jokers(g, p)
    assert shows(g, p.dice[1]) == "fire"
    assert g.script.legal(D.JOKER) == [D.pad(1, e) for e in range(5)]


def test_D8_reroll_now_rerolls_at_once_with_one_other_die():
    g = table(3, answers=[(D.REROLL_NOW, (0, 2))])
    p = hold(g, 0, "elldir", [], ["reroll_now", "leaf", "rock"], small=["red"])
    g.dice_source = Faces(["water", "fire"])
    reroll_now(g, p)
    assert [shows(g, d) for d in p.dice] == ["water", "leaf", "fire"]


def test_D8_reroll_now_repeats_while_a_pink_die_shows_it():
    g = table(3, answers=[(D.REROLL_NOW, (0, -1)), (D.REROLL_NOW, (0, -1))])
    p = hold(g, 0, "elldir", [], ["reroll_now", "leaf"])
    g.dice_source = Faces(["reroll_now", "cloud"])
    reroll_now(g, p)
    assert [shows(g, d) for d in p.dice] == ["cloud", "leaf"]


def test_D8_special_faces_count_for_nothing():
    g = table(3)
    p = hold(g, 0, "hulios", ["B105"], ["swap", "swap"])
    assert k_elements(g.t, effective(g.t, p)) == 0 and dawnnoon.count(g, p, row("B105")) == 0


# ---- D9 Zay'Drel ---------------------------------------------------------------------

def test_D9_her_black_die_curses_her_own_dice_and_its_curse_costs_two():
    g = table(3)
    p = hold(g, 0, "zaydrel", [], ["curse", "leaf", "water"])
    assert [shows(g, d) for d in effective(g.t, p)] == ["leaf", "water"]
    noon(g)
    assert p.score == 10 - 2 + 2 and p.footprints == 1       # k = 2: her effect too


def test_D9_ruling11_with_kaar_her_black_die_is_set_aside():
    g = table(3)
    p = hold(g, 0, "zaydrel", ["A20"], ["leaf", "leaf", "water"])
    assert [shows(g, d) for d in effective(g.t, p)] == ["leaf", "water"]   # the multi dice
    p.companions = []          # Kaar gone: at once cursed again (her black die shows leaf)
    assert [shows(g, d) for d in effective(g.t, p)] == ["water"]


def test_D9_ruling10_the_small_black_die_is_then_an_ordinary_die():
    g = table(3)
    p = hold(g, 0, "zaydrel", [], ["rock", "leaf", "water", "curse"], small=["black"])
    assert [shows(g, d) for d in effective(g.t, p)] == ["leaf", "water", "curse"]
    noon(g)
    assert p.score == 12       # no -2 for the small die's curse; k = 2 gives her effect


# ---- D10 Hulios ----------------------------------------------------------------------

def test_D10_a_swap_takes_the_top_card_and_sends_a_companion_under():
    g = table(3, answers=[(D.SWAP, (row("B04"),)), (D.SWAP, (-1,))])
    p = hold(g, 0, "hulios", ["B04", "A01"], ["swap", "swap"])
    deck = g.state.dawn.swap_deck
    top, second = deck[0], deck[1]
    noon(g)
    assert p.companions[:1] == [row("A01")] and p.companions[1] == top   # latest recruit (ruling 8)
    assert len(deck) == 6 and deck[-2:] == [row("B04"), second] and p.stats["swaps"] == 1
    assert all(d.used for d in p.dice)
    assert row("B04") not in g.state.cemetery


def test_D10_without_a_companion_he_can_only_skip():
    g = table(3, answers=[(D.SWAP, (-1,))])
    p = hold(g, 0, "hulios", [], ["swap", "leaf"])
    noon(g)
    assert g.script.legal(D.SWAP) == [D.pad(-1)]


def test_D10_ruling7_a_swapped_in_sketal_takes_its_die_from_next_round():
    g = table(3, answers=[(D.SWAP, (row("B04"),))])
    p = hold(g, 0, "hulios", ["B04"], ["swap", "water"])   # a water: A104 does not trigger
    g.state.dawn.swap_deck[0] = row("A104")      # the purple Sketal of the Elemental
    noon(g)
    assert p.sketal_dice[row("A104")] == C.PURPLE and row("A104") in p.pending_sketal


# ---- D12 Crolos ----------------------------------------------------------------------

def test_D12_crolos_buys_rerolls_for_two_bursts_down_to_zero():
    g = table(3)
    p = hold(g, 0, "pocana", ["B107"], ["leaf", "leaf", "leaf"], score=5)
    p.lumipili_left = 0
    opts = reroll_options(g, p)
    assert any(o[:2] == (D.OP_REROLL, D.SRC_BURSTS) for o in opts)
    spend(g, p, D.SRC_BURSTS, 2)
    assert p.score == 1
    assert not any(o[1] == D.SRC_BURSTS and o[0] == D.OP_REROLL for o in reroll_options(g, p))


def test_D12_ruling21_after_lapping_bought_rerolls_stay():
    g = table(3)
    p = hold(g, 0, "pocana", ["B107"], ["leaf", "leaf", "leaf"], score=6)
    p.lapped = True
    opts = reroll_options(g, p)
    assert not any(o[1] == D.SRC_TRACK and o[0] == D.OP_REROLL for o in opts)
    assert any(o[0] == D.OP_SET_BOUGHT and o[3] == 3 for o in opts)    # 3 bought rerolls set a face


# ---- D13 Phyrene ---------------------------------------------------------------------

def test_D13_phyrene_gives_bursts_then_discards_compulsorily():
    g = table(3, answers=[(D.RESOLVE, (row("B108"),)), (D.LOSE, (D.LOSE_COMPANION, row("B108")))])
    p = hold(g, 0, "pocana", ["A01", "B108"], ["leaf", "leaf", "leaf"])   # k = 1
    noon(g)
    assert p.score == 13 and p.companions == [row("A01")]
    assert row("B108") in g.state.cemetery
    assert sorted(o[1] for o in g.script.legal(D.LOSE)) == sorted([row("A01"), row("B108")])


# ---- D14 butterflies -----------------------------------------------------------------

def token(g, name):
    return next(i for i, t in enumerate(g.dawn.bag.tokens) if t.name == name)


def test_D14_a_draw_takes_one_token_an_instant_one_gains_at_once():
    g = table(3)
    p = hold(g, 0, "pocana", [], [])
    st = g.state.dawn
    st.bag = [0] * len(st.bag)
    st.bag[token(g, "bf_fireflies")] = 1
    BF.draw(g, p, 1)
    assert p.fireflies == 2 and sum(p.butterflies) == 0 and st.aside[token(g, "bf_fireflies")] == 1


def test_D14_a_short_bag_gives_a_burst_per_missing_token():
    g = table(3)
    p = hold(g, 0, "pocana", [], [])
    st = g.state.dawn
    st.bag = [0] * len(st.bag)
    st.bag[0] = 1
    g.dice_source = Faces([0, 0, 0])
    BF.draw(g, p, 3)
    assert p.butterflies[0] == 1 and p.score == 12


def test_D14_an_exchange_draws_then_gives_back_as_many():
    g = table(3, answers=[(D.BUTTERFLY_GIVE, (1, D.GIVE_EXCHANGE)), (D.BUTTERFLY_GIVE, (0, D.GIVE_EXCHANGE))])
    p = hold(g, 0, "pocana", [], [])
    st = g.state.dawn
    st.bag = [0] * len(st.bag)
    st.bag[0], st.bag[1] = 1, 1
    g.dice_source = Faces([0] * 12)
    p.butterflies[2] = 1
    BF.exchange(g, p, 2)
    assert p.butterflies[:3] == [0, 0, 1] and st.aside[:2] == [1, 1]


def test_D14_the_ignore_token_ignores_an_element_for_the_round():
    g = table(3, answers=[(D.ACTION, (10, C.LEAF))])
    assert g.dawn.bag.tokens[10].name == "bf_ignore"
    p = hold(g, 0, "pocana", ["B105"], ["leaf", "water", "cloud"])
    p.butterflies[token(g, "bf_ignore")] = 1
    noon(g)
    assert p.score == 10 and C.LEAF in p.ignored            # k = 2: Celes B105 does not trigger
    BF.end_of_round(g)
    assert not p.ignored and g.state.dawn.bag[token(g, "bf_ignore")] == 3


def test_D14_ruling19_the_discard_token_goes_back_to_the_bag():
    g = table(3, answers=[(D.ACTION, (9, -1)), (D.LOSE, (D.LOSE_COMPANION, row("B04")))])
    assert g.dawn.bag.tokens[9].name == "bf_discard"
    p = hold(g, 0, "pocana", ["B04"], ["leaf", "water", "cloud"])
    p.butterflies[9] = 1
    noon(g)
    assert p.companions == [] and g.state.dawn.aside[9] == 1


# ---- D15 scoring ---------------------------------------------------------------------

def test_D15_colour_tokens_score_by_count_and_all_six_colours_give_ten():
    g = table(3)
    p = g.state.players[0]
    p.butterflies = [0] * len(p.butterflies)
    p.butterflies[:6] = [1, 1, 1, 1, 1, 3]
    assert BF.butterfly_bursts(g, p) == 5 * 1 + 6 + 10
    c = final_count(g)[0]
    assert c["butterfly_bursts"] == 21 and c["score"] - c["butterfly_bursts"] == (
        c["track"] + c["cards_bursts"] + c["journey_bursts"] + c["firefly_bonus"] + c["footprint_bursts"])


# ---- more cases ----------------------------------------------------------------------

def test_D5_xargok_casts_a_spell_on_each_of_five_others():
    g = table(6)
    p = hold(g, 0, "pocana", ["A10"], ["leaf", "leaf", "leaf"])     # Xar'gok
    before = len(g.state.spell_pile)
    dawnnoon.apply(g, p, row("A10"), 1)
    assert before - len(g.state.spell_pile) == 5
    assert all(len(q.spells) == 1 for q in g.state.players[1:]) and not p.spells


def test_D13_with_nothing_to_discard_nothing_happens():
    g = table(3)
    p = hold(g, 0, "pocana", [], ["leaf", "leaf", "leaf"])
    dawnnoon.apply(g, p, row("B108"), 1)         # Phyrene's effect, applied with no companion
    assert p.score == 13 and not g.script.asked


def test_D14_an_ignored_element_counts_in_the_afternoon_too():
    # the company stands on 7; space 8 forbids fire: with fire ignored it is free
    from glowsim.engine.journey import step_cost
    g = table(3)
    p = hold(g, 0, "pocana", [], ["fire", "leaf", "leaf"])
    p.company = 7
    assert step_cost(g, p, 8, -1) is None           # a fire shows: a footprint needed, none held
    p.ignored.add(C.FIRE)
    assert step_cost(g, p, 8, -1) == (0, None)


def test_D14_instant_and_given_tokens_go_back_to_the_bag_at_the_end_of_the_round():
    g = table(3)
    st = g.state.dawn
    st.bag[6] -= 2
    st.aside[6] = 2
    BF.end_of_round(g)
    assert st.bag == g.dawn.bag.full() and sum(st.aside) == 0


def test_D7_every_payable_application_is_compulsory():
    # Ma Vos A304 (absent water, 1 footprint: 4 bursts) applies although it costs: it triggers
    g = table(3)
    p = hold(g, 0, "pocana", ["A304"], ["leaf", "leaf", "leaf"], footprints=1)
    noon(g)
    assert p.score == 14 and p.footprints == 0


def test_D12_a_face_set_with_bought_rerolls_costs_their_bursts():
    from glowsim.engine.rerolls import late_morning
    g = table(2, answers=[(D.REROLL, (D.OP_SET_BOUGHT, 0, 1, 2, 0, 1)), (D.REROLL, (D.OP_STOP,))])
    st = g.state
    first = st.turn_order()[0]
    for q in st.players:
        hold(g, q.seat, "pocana", ["B107"] if q.seat == first else [], [], tokens=1, score=10)
    g.dice_source = Faces(["leaf"] * 6)
    g.script.fallback = lambda kind, legal: D.pad(D.OP_STOP)
    late_morning(g)
    p = st.players[first]
    assert p.score == 6 and p.tokens == 0 and p.stats["rerolls_spent_bursts"] == 2
    assert shows(g, p.dice[0]) == "water"


def test_greedy_beats_random_in_dawn_games():
    from glowsim.engine import play_game
    share = {"greedy": 0.0, "random": 0.0}
    for i in range(16):
        bots = ["greedy" if (s + i) % 2 == 0 else "random" for s in range(4)]
        out = play_game(dawn(), n_players=4, bots=bots, root_seed=5, game_index=i, dawn_sets=list(SETS))
        for p in out.players:
            share[bots[p["seat"]]] += p["win_share"]
    assert share["greedy"] >= 13
