"""R9 solo mode against Tom: the worked examples of the solo rules and Tom's moves."""
import pytest

from glowsim import seeding as S
from glowsim.content import codes as C
from glowsim.content import load_game
from glowsim.engine import play_solo, replay
from glowsim.engine.errors import ReplayError
from glowsim.engine.solo import SoloGame, draw_solo_setup, setup_solo, tom_colors
from glowsim.engine.sources import LiveDice


class FirstLegal:
    def decide(self, game, seat, kind, legal):
        return legal[0]


@pytest.fixture(scope="module")
def content():
    return load_game()


def new_solo(content, side, adventurer="pocana", colors=("green", "blue"), seed=1):
    adv = content.catalog.adventurer_row(adventurer)
    g = SoloGame(content, C.SIDE_CODE[side], adv, [C.COLOR_CODE[c] for c in colors], FirstLegal(),
                 LiveDice(S.root_key(seed), 0))
    setup = draw_solo_setup(g, S.Stream(seed))
    setup["tom_colors"] = list(colors)
    setup_solo(g, setup)
    return g


def tile_index(content, tid):
    return content.catalog.tile_ids.index(tid)


def test_R9_band_example_4_to_6_gives_17_to_23(content):
    # solo rules: band token on 4, score on 17; the tile moves the band 2 spaces to 6,
    # then the score moves 6 spaces to 23.  T1 is band 2, no bursts, no journey.
    g = new_solo(content, "province")
    g.tom.band, g.tom.score = 4, 17
    g.tom.tiles_up[2] = tile_index(content, "T1")
    g.apply_tile(2)
    assert (g.tom.band, g.tom.score) == (6, 23)


def test_R9_tile_bursts_and_band_add(content):
    g = new_solo(content, "province")
    g.tom.band, g.tom.score = 1, 10
    g.tom.tiles_up[0] = tile_index(content, "T8")      # band 1, bursts 5, journey max
    g.apply_tile(0)
    assert (g.tom.band, g.tom.score) == (2, 17)
    assert content.tables.prov_village[g.tom.camp] == 3  # side 1: camp jumps to the village of 3


def test_R9_village_climb_example_12_with_3_footprints_reaches_15(content):
    # solo rules: Tom ends on the village with 12 and has 3 footprints; the village of 15
    # costs 2 footprints; he climbs there and keeps 1 footprint (20 would cost 3 more).
    g = new_solo(content, "province")
    t = content.tables
    g.tom.camp = next(s for s in range(len(t.prov_village)) if t.prov_village[s] == 12)
    g.tom.footprints, g.tom.score = 3, 40
    final = g.tom_final()
    assert final["journey_bursts"] == 15 and final["footprint_bursts"] == 1
    assert final["score"] == 40 + 15 + 1


def test_R9_village_ladder_jumps_in_order(content):
    g = new_solo(content, "province")
    seen = []
    for _ in range(8):
        g.tom_climb()
        seen.append(int(content.tables.prov_village[g.tom.camp]))
    assert seen == [3, 5, 8, 10, 12, 15, 20, 20]


def test_R9_boat_from_centre_max_takes_the_path_of_4(content):
    g = new_solo(content, "archipelago")
    g.tom_sail(C.JOURNEY_MAX)
    assert sorted(g.tom.boats) == [0, 0, 0, 10]


def test_R9_boat_from_centre_min_takes_the_allowed_1_2_path(content):
    # the 1/2 path to island 1 (ring -1) is forbidden: min goes to island 6
    g = new_solo(content, "archipelago")
    g.tom_sail(C.JOURNEY_MIN)
    assert sorted(g.tom.boats) == [0, 0, 0, 6]


def test_R9_boats_move_outwards_closest_first_never_onto_his_own(content):
    g = new_solo(content, "archipelago")
    for _ in range(4):
        g.tom_sail(C.JOURNEY_MAX)
    # boats leave the centre first: 10 (4), then 3/8 (3), never two on one island
    assert 0 not in g.tom.boats and len(set(g.tom.boats)) == 4
    ring = content.tables.arch_ring
    assert all(ring[i] == 1 for i in g.tom.boats)
    g.tom_sail(C.JOURNEY_MAX)   # now a ring-1 boat moves out to ring 2
    assert sum(ring[i] == 2 for i in g.tom.boats) == 1


def test_R9_tom_colours_never_yellow_with_purple_nor_in_play(content):
    for gi in range(200):
        adv = content.catalog.adventurer_row("noctiluca")   # purple in play
        cols = tom_colors(content, adv, S.root_key(5), gi)
        assert cols[0] != cols[1] and C.PURPLE not in cols
    for gi in range(200):
        cols = tom_colors(content, content.catalog.adventurer_row("pocana"), S.root_key(5), gi)
        assert set(cols) != {C.YELLOW, C.PURPLE} and C.RED not in cols


def test_R9_setup_removes_the_14_and_keeps_decks_apart(content):
    g = new_solo(content, "province")
    removed = {content.catalog.companion_ids[r] for r in g.state.box}
    assert removed == set(content.content.solo.removed)
    assert all(content.tables.item_deck[r] == C.DECK_A for r in g.state.pile)
    assert all(content.tables.item_deck[r] == C.DECK_B for r in g.deck_b)
    assert g.state.players[0].tokens == 0
    # companions only on spaces without Tom's dice
    for s in g.tom_spaces():
        assert g.state.track.companion[s] == -1


@pytest.mark.parametrize("side", ["province", "archipelago"])
def test_R9_whole_games_replay_and_end_by_the_tiles(content, side):
    for gi in range(30):
        out = play_solo(content, side, bot="random" if gi % 2 else "greedy", root_seed=11, game_index=gi)
        assert replay(content, out.record) == out.final
        assert out.game["rounds"] == 8      # second empty tile deck on the 8th recruit
        tom = out.final["tom"]
        assert tom["score"] == tom["track"] + tom["journey_bursts"] + tom["footprint_bursts"]
        assert out.players[0]["win"] == (out.players[0]["score"] > tom["score"])
        assert set(content.content.solo.removed) <= set(out.final["box"])
        assert len(out.final["players"][0]["companions"]) <= 8


def test_R9_tampered_solo_record_fails(content):
    out = play_solo(content, "archipelago", root_seed=4)
    rec = out.record
    rec.decisions[0][2] = 7   # recruit from a space that does not exist
    with pytest.raises(ReplayError, match="decision 0: RECRUIT"):
        replay(content, rec)
