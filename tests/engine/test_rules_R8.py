"""R8 End of the game: the final count and the winners (E9 ties)."""
from glowsim.engine.scoring import final_count, winners

from .situations import P, content, final, situation


def count(player, side="province"):
    return final(situation([player], side=side))[0]


def test_R8_cards_bursts_of_adventurer_and_companions_negative_ones_included():
    c = count(P("eoles", companions=["B01", "A22", "A13"]))          # 4 + 4 - 5 + 1
    assert c["cards_bursts"] == 4


def test_R8_province_encampment_village_counts_wherever_the_company_is():
    assert count(P("pocana", encampment=14, company=3))["journey_bursts"] == 20
    assert count(P("pocana", encampment=0, company=14))["journey_bursts"] == 0    # start: no village


def test_R8_archipelago_sum_of_the_islands_of_the_boats():
    assert count(P("pocana", boats=[9, 4, 0, 11]), side="archipelago")["journey_bursts"] == 8 + 5 + 3
    assert count(P("pocana", boats=[0, 0, 0, 0]), side="archipelago")["journey_bursts"] == 0


def test_R8_firefly_bonus_when_fireflies_reach_the_companions_in_play():
    # tokens + fireflies printed on companions in play (A01 2, B05 1, A04 1) vs 4 companions
    comps = ["A01", "B05", "A04", "B12"]
    assert count(P("pocana", companions=comps, fireflies=0))["firefly_bonus"] == 10
    assert count(P("pocana", companions=comps + ["A02"], fireflies=0))["firefly_bonus"] == 0
    c = count(P("pocana", companions=comps + ["A02"], fireflies=1))
    assert (c["fireflies"], c["firefly_bonus"]) == (5, 10)


def test_R8_one_burst_per_footprint_and_the_total_is_a_plain_sum():
    c = count(P("pocana", companions=["A22", "A21", "A02"], score=2, footprints=3, encampment=0))
    # track 2, cards 4 - 5 - 2 + 0 = -3, no journey, fireflies 1 < 3, 3 footprints: plain sum 2
    assert (c["track"], c["cards_bursts"], c["journey_bursts"], c["firefly_bonus"], c["footprint_bursts"]) == \
        (2, -3, 0, 0, 3)
    assert c["score"] == 2


def test_R8_highest_score_wins_E9_ties_to_most_reroll_tokens_then_shared():
    g = situation([P("pocana", score=50, tokens=1), P("eoles", score=46, tokens=3),
                   P("moloch", score=47, tokens=3)])
    counts = final_count(g)
    # track + adventurer bursts + 10 (no companion: 0 fireflies >= 0 companions)
    assert [c["score"] for c in counts] == [64, 60, 60]
    assert winners(counts, g.state.players) == [0]
    g.state.players[0].score = 40                      # now 54, 60, 60: tied on 60, tied on tokens
    assert winners(final_count(g), g.state.players) == [1, 2]
    g.state.players[2].tokens = 2                       # the tie goes to the most reroll tokens
    assert winners(final_count(g), g.state.players) == [1]


def test_R8_game_lasts_8_rounds_with_40_companions():
    from glowsim.engine.play import play_game
    for n in (2, 3, 4):
        out = play_game(content(), n_players=n, side="archipelago", root_seed=n)
        assert out.game["rounds"] == 8
        assert sorted({r["round"] for r in out.recruits}) == list(range(1, 9))
        assert sum(1 for r in out.recruits if r["pick"] >= 0) == 8 * n
        assert [p["win_share"] for p in out.players].count(0.0) == n - out.game["n_winners"]
