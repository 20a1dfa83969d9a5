"""The planner's valuation in Dawn games (glowsim/engine/heuristic/dawnvalues.py, dawnplan.py;
docs/bots.md): Dawn's dice in the pool (D2, D8), the chance of an `elements` trigger (D6), the
butterfly bag's end-game count (D15), a cost (D7), and recruit picks in constructed states."""
import itertools

import numpy as np
import pytest

from glowsim.content import dawncodes as DC
from glowsim.engine.heuristic import dawnvalues
from glowsim.engine.heuristic.bot import HeuristicBot
from glowsim.engine.heuristic.precomputed import bot_tables
from glowsim.engine.heuristic.values import firefly_value, survival
from glowsim.engine.heuristic.view import View, params_from
from glowsim.engine.morning import recruit_options
from glowsim.engine.state import Die
from glowsim.seeding import Stream
from glowsim.spec.botparams import PRESETS

from .dawn_situations import C, D, dawn, hold, row, table


def test_D8_a_joker_or_reroll_now_face_counts_a_fifth_of_each_element_a_swap_face_nothing():
    t = dawn().tables
    for color, sixth in ((DC.MULTI, 1.0 / 30.0), (DC.PINK, 1.0 / 30.0), (DC.LIGHT_GREEN, 0.0)):
        lam = [0.0] * C.N_SYMBOLS
        dawnvalues.add_die(t.die_symbol, lam, color, 1.0)
        for e in range(C.N_ELEMENTS):
            assert lam[e] == pytest.approx(1.0 / 6.0 + sixth)
        assert lam[C.BURST] == lam[C.FOOTPRINT] == lam[C.CURSE] == 0.0
    lam = [0.0] * C.N_SYMBOLS
    dawnvalues.add_die(t.die_symbol, lam, C.BLACK, 2.0)     # Zay'Drel's large black die (D9)
    assert lam[C.CURSE] == pytest.approx(2.0 / 6.0)


def test_D6_the_chance_of_an_elements_trigger_is_the_distribution_of_k():
    bt = bot_tables(dawn())
    rng = np.random.default_rng(6)
    for _ in range(20):
        lam = list(rng.uniform(0.0, 2.5, C.N_SYMBOLS))
        q = [survival(bt, lam[e], 1) for e in range(C.N_ELEMENTS)]
        exact = [0.0] * 6
        for shown in itertools.product((0, 1), repeat=C.N_ELEMENTS):
            pr = 1.0
            for e, s in enumerate(shown):
                pr *= q[e] if s else 1.0 - q[e]
            exact[sum(shown)] += pr
        for lo in range(1, 6):
            for hi in range(lo, 6):
                assert dawnvalues.elements_chance(bt, lam, lo, hi) == pytest.approx(sum(exact[lo:hi + 1]))
        assert dawnvalues.elements_chance(bt, lam, 1, 5) == pytest.approx(1.0 - exact[0])


def plan_of(game, seat=0, preset="heuristic"):
    v = View(bot_tables(game.content), game, seat, params_from(PRESETS[preset]))
    return dawnvalues.Plan(v, firefly_value(v, 1))


def test_D15_a_butterfly_token_is_worth_more_to_a_player_with_more_of_its_colours():
    # colour_bursts 1, 3, 6, 10, 15, 21: the next token of a colour adds the count's next step
    g = table(3)
    p = g.state.players[0]
    colours = g.dawn.bag.colour_tokens()
    values = []
    for k in (1, 3, 5):
        for c in colours:
            p.butterflies[c] = k
        values.append(plan_of(g).bfv)
    assert values[0] < values[1] < values[2]
    for c in colours:
        p.butterflies[c] = 0
    none = plan_of(g).bfv
    p.butterflies[colours[0]] = 1      # one colour held: its first token no longer earns the
    one = plan_of(g).bfv               # all-colours share, its second is worth 2 - 1 more
    assert one == pytest.approx(none + (36 / 45) * ((2 - 1 - 10 / 6) / 6))


def test_D15_without_the_bag_a_butterfly_token_is_worth_nothing():
    g = table(3, sets=("elemental", "draconic"))
    assert g.state.dawn.bag is None
    assert plan_of(g).bfv == 0.0


def offer(g, spaces):
    """Deal the meeting track: per space (companion id, small dice colours, footprints)."""
    tr = g.state.track
    for s in range(len(tr.companion)):
        tr.companion[s] = -1
        tr.dice[s] = []
        tr.footprints[s] = 0
    for s, (cid, dice, feet) in enumerate(spaces):
        tr.companion[s] = row(cid)
        tr.dice[s] = [Die(color=C.COLOR_CODE[c], small=True) for c in dice]
        tr.footprints[s] = feet


def pick(g, seat, bot="heuristic"):
    p = g.state.players[seat]
    legal = recruit_options(g, p)
    b = HeuristicBot(Stream(0, 0), PRESETS[bot])
    return b.decide(g, seat, D.RECRUIT, legal)[0]


def test_D6_early_the_planner_takes_an_elements_card_its_dice_fit_over_printed_bursts():
    # Elldir (D11: two pink dice, k exactly 4 pays 7) with Pocana-like dice: B105 (0 bursts,
    # k exactly 3 gives 3 bursts and 2 fireflies) against Brikix B01 (4 bursts printed, 1
    # firefly, no effect of worth): in round 1 seven noons follow, in which the elements card
    # applies about a third of the time; in the last round only the printed bursts count
    def choice(rnd):
        g = table(3)
        g.state.round = rnd
        hold(g, 0, "elldir", [])
        offer(g, [("B01", [], 0), ("B105", [], 0)])
        return pick(g, 0)
    assert choice(1) == 1
    assert choice(8) == 0


def test_D7_a_cost_is_priced_in_the_card_it_comes_with():
    # A101: k exactly 3 gives 5 bursts for one reroll token; B105: k exactly 3 gives 3 bursts
    # and 2 fireflies free; the same trigger, so the cost decides between them
    g = table(3)
    g.state.round = 2
    p = hold(g, 0, "elldir", [])
    plan = plan_of(g)
    assert plan.application(row("A101")) == pytest.approx(5.0 - plan.tokv)
    assert plan.count(row("A101"), plan.fixed_pool(), True) == \
        plan.count(row("B105"), plan.fixed_pool(), True)
