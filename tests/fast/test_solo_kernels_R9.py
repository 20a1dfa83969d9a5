"""R9 solo mode, kernel by kernel: the worked examples of the solo rules and Tom's moves on the
fast path's kernels (the same cases as tests/engine/test_solo_R9.py for the reference engine),
Tom's colours drawn as the engine draws them (E15), the tile deck's two ends (E14) and Tom's
dice on the meeting track (E16, E17)."""
from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from glowsim import seeding as S_
from glowsim.content import codes as C
from glowsim.engine.solo import tom_colors as engine_tom_colors
from glowsim.fast import bot_preset
from glowsim.fast.play import ktables
from glowsim.fast.game.loop import alloc_state
from glowsim.fast.solo.dice import roll_tom
from glowsim.fast.solo.layout import (TM_BAND, TM_BOAT, TM_CAMP, TM_COL, TM_DECK, TM_DLEN,
                                      TM_DPOS, TM_FINAL, TM_FOOT, TM_JOURNEY, TM_LAST, TM_LENA,
                                      TM_ASIDE, TM_FACE, TM_NDISC, TM_ONB, TM_ORDER, TM_RESH,
                                      TM_SCORE, TM_UP)
from glowsim.fast.solo.rounds import draw_tom_colors, solo_setup
from glowsim.fast.solo.tom import apply_tile, tom_climb, tom_final, tom_sail
from glowsim.fast.kernel.state import (BD_TRC, BD_TRFP, CD_BOX, CD_PILE, G_NBOX, G_PILE_LEN, G_PILE_POS,
                                MAXP, MT_ADV, MT_N, MT_SIDE, MT_TOM, NMT, P_FINAL, P_WIN)
from glowsim.fast.kernel.streams import nb_init_streams

pytestmark = pytest.mark.nojit_ci   # also run with numba off in CI (make test)


@njit
def _setup(K, S, root, gi):
    solo_setup(K, S, root, gi, False)


@njit
def _tile(K, S, space):
    apply_tile(K, S, space)


@njit
def _climb(K, S):
    tom_climb(K, S)


@njit
def _sail(K, S, journey):
    tom_sail(K, S, journey)


@njit
def _final(K, S):
    tom_final(K, S)


@njit
def _colors(K, S, root, gi, adv):
    nb_init_streams(root, gi, S.streams)
    draw_tom_colors(K, S, adv)


@njit
def _roll(K, S):
    roll_tom(K, S)


def solo_state(game, side, adventurer="pocana", colors=("green", "blue"), gi=0, seed=1):
    """A solo game just set up (E16) with a greedy player, as the fast path sets it up."""
    K = ktables(game)
    mt = np.full(NMT, -1, np.int64)
    mt[MT_N] = 1
    mt[MT_SIDE] = C.SIDE_CODE[side]
    mt[MT_ADV] = game.catalog.adventurer_row(adventurer)
    mt[MT_TOM:MT_TOM + 2] = [C.COLOR_CODE[c] for c in colors]
    bp = np.zeros((MAXP, len(bot_preset("greedy"))))
    bp[0] = bot_preset("greedy")
    S = alloc_state(game.catalog.n_companions + 1, 48, 1, 1, mt, bp)
    S.bd[BD_TRC:BD_TRC + 5] = -1
    _setup(K, S, np.uint64(S_.root_key(seed)), gi)
    return K, S


def tile(game, tid):
    return game.catalog.tile_ids.index(tid)


def village_space(game, v):
    t = game.tables
    return next(s for s in range(len(t.prov_village)) if t.prov_village[s] == v)


def test_R9_band_example_4_to_6_gives_17_to_23(game):
    # solo rules: band on 4, score on 17; the tile moves the band 2 spaces to 6, then the
    # score 6 spaces to 23 (T1: band 2, no bursts, no journey)
    K, S = solo_state(game, "province")
    S.bd[TM_BAND], S.bd[TM_SCORE] = 4, 17
    S.bd[TM_UP + 2] = tile(game, "T1")
    _tile(K, S, 2)
    assert (S.bd[TM_BAND], S.bd[TM_SCORE]) == (6, 23)


def test_R9_tile_bursts_and_band_add_and_the_camp_climbs(game):
    K, S = solo_state(game, "province")
    S.bd[TM_BAND], S.bd[TM_SCORE] = 1, 10
    S.bd[TM_UP + 0] = tile(game, "T8")        # band 1, bursts 5, journey max
    _tile(K, S, 0)
    assert (S.bd[TM_BAND], S.bd[TM_SCORE]) == (2, 17)
    assert game.tables.prov_village[S.bd[TM_CAMP]] == 3   # side 1: to the village of 3


def test_R9_village_climb_example_12_with_3_footprints_reaches_15(game):
    # solo rules: Tom ends on the village of 12 with 3 footprints; the village of 15 costs 2;
    # he climbs there and keeps 1 footprint (20 would cost 3 more)
    K, S = solo_state(game, "province")
    S.bd[TM_CAMP] = village_space(game, 12)
    S.bd[TM_FOOT], S.bd[TM_SCORE] = 3, 40
    S.pl[0, P_FINAL] = 56
    _final(K, S)
    assert (S.bd[TM_JOURNEY], S.bd[TM_FOOT], S.bd[TM_FINAL]) == (15, 1, 40 + 15 + 1)
    assert S.pl[0, P_WIN] == 0            # R9: a tie with Tom is not a win
    S.pl[0, P_FINAL] = 57
    S.bd[TM_CAMP] = village_space(game, 12)
    S.bd[TM_FOOT] = 3
    _final(K, S)
    assert S.pl[0, P_WIN] == 1


def test_R9_village_ladder_jumps_in_order(game):
    K, S = solo_state(game, "province")
    seen = []
    for _ in range(8):
        _climb(K, S)
        seen.append(int(game.tables.prov_village[S.bd[TM_CAMP]]))
    assert seen == [3, 5, 8, 10, 12, 15, 20, 20]


def test_R9_boat_from_centre_max_takes_the_path_of_4(game):
    K, S = solo_state(game, "archipelago")
    _sail(K, S, C.JOURNEY_MAX)
    assert sorted(S.bd[TM_BOAT:TM_BOAT + 4]) == [0, 0, 0, 10]


def test_R9_boat_from_centre_min_takes_the_allowed_1_2_path(game):
    # the 1/2 path to island 1 (ring -1) is forbidden: min goes to island 6
    K, S = solo_state(game, "archipelago")
    _sail(K, S, C.JOURNEY_MIN)
    assert sorted(S.bd[TM_BOAT:TM_BOAT + 4]) == [0, 0, 0, 6]


def test_R9_boats_move_outwards_closest_first_never_onto_his_own(game):
    K, S = solo_state(game, "archipelago")
    ring = game.tables.arch_ring
    for _ in range(4):
        _sail(K, S, C.JOURNEY_MAX)
    boats = [int(b) for b in S.bd[TM_BOAT:TM_BOAT + 4]]
    assert 0 not in boats and len(set(boats)) == 4 and all(ring[i] == 1 for i in boats)
    _sail(K, S, C.JOURNEY_MAX)          # a ring-1 boat moves out to ring 2
    assert sum(ring[i] == 2 for i in S.bd[TM_BOAT:TM_BOAT + 4]) == 1
    _final(K, S)
    assert S.bd[TM_JOURNEY] == sum(int(game.tables.arch_bursts[i]) for i in S.bd[TM_BOAT:TM_BOAT + 4])


@pytest.mark.parametrize("adventurer", ["noctiluca", "pocana", "eoles", "orium"])
def test_R9_E15_tom_colours_drawn_as_the_engine_draws_them(game, adventurer):
    K, S = solo_state(game, "province")
    adv = game.catalog.adventurer_row(adventurer)
    own = int(game.tables.item_adv_color[adv])
    root = S_.root_key(5)
    for gi in range(60):
        _colors(K, S, np.uint64(root), gi, adv)
        got = [int(S.bd[TM_COL]), int(S.bd[TM_COL + 1])]
        assert got == engine_tom_colors(game, adv, root, gi)
        assert got[0] < got[1] and own not in got and set(got) != {C.YELLOW, C.PURPLE}


def test_R9_E16_setup_decks_apart_and_tom_off_the_companions(game):
    t = game.tables
    removed = set(game.content.solo.removed)
    for gi in range(20):
        K, S = solo_state(game, "archipelago", gi=gi)
        la = S.bd[TM_LENA]
        pile = [int(r) for r in S.cd[CD_PILE, :S.g[G_PILE_LEN]]]
        assert len(pile) == la and all(t.item_deck[r] == C.DECK_A for r in pile)
        assert {game.catalog.companion_ids[r] for r in S.cd[CD_BOX, :S.g[G_NBOX]]} == removed
        spaces = {int(t.element_space[t.die_symbol[S.bd[TM_COL + i], S.bd[TM_FACE + i]]])
                  for i in range(2) if S.bd[TM_ASIDE + i] == 0}
        for s in range(5):
            if s in spaces:   # R9: no companion and no footprint where Tom's die lies
                assert S.bd[BD_TRC + s] == -1 and S.bd[BD_TRFP + s] == 0
            else:
                assert S.bd[BD_TRC + s] >= 0


def test_R9_special_faces_set_tom_s_die_aside(game):
    K, S = solo_state(game, "province", colors=("yellow", "green"))
    seen = set()
    for _ in range(200):
        score, foot = int(S.bd[TM_SCORE]), int(S.bd[TM_FOOT])
        _roll(K, S)
        sym = int(game.tables.die_symbol[C.YELLOW, S.bd[TM_FACE]])
        seen.add(sym)
        assert S.bd[TM_ASIDE] == (sym == C.BURST)          # burst: +3 bursts, off the track
        assert S.bd[TM_SCORE] - score == (3 if sym == C.BURST else 0)
        assert S.bd[TM_FOOT] == foot and S.bd[TM_ASIDE + 1] == 0   # green shows only elements
    assert C.BURST in seen
    K, S = solo_state(game, "province", colors=("purple", "green"))
    for _ in range(200):
        foot = int(S.bd[TM_FOOT])
        _roll(K, S)
        fp = int(game.tables.die_symbol[C.PURPLE, S.bd[TM_FACE]]) == C.FOOTPRINT
        assert S.bd[TM_ASIDE] == fp and S.bd[TM_FOOT] - foot == (2 if fp else 0)


def test_R9_E14_tile_deck_reshuffles_once_then_ends_the_game(game):
    K, S = solo_state(game, "province")
    order = [int(x) for x in S.bd[TM_ORDER:TM_ORDER + 4]]
    assert sorted(order) == [0, 1, 2, 3]
    taken = []
    for take in range(3):                     # 8 tiles: 5 face up, 3 in the deck
        taken.append(int(S.bd[TM_UP + take]))
        _tile(K, S, take)
    assert S.bd[TM_DPOS] == S.bd[TM_DLEN] and S.bd[TM_RESH] == 0 and S.bd[TM_ONB] == 0
    pos = int(S.g[G_PILE_POS])
    left_a = [int(r) for r in S.cd[CD_PILE, pos:S.bd[TM_LENA]]]
    nbox = int(S.g[G_NBOX])
    taken.append(int(S.bd[TM_UP + 3]))
    _tile(K, S, 3)                             # empty the first time: the 4 discards, reordered
    assert S.bd[TM_RESH] == 1 and S.bd[TM_NDISC] == 0
    deck = [int(x) for x in S.bd[TM_DECK:TM_DECK + 4]]
    assert deck == [taken[i] for i in order]
    assert S.bd[TM_UP + 3] == deck[0]
    # deck A leaves the game: its rest to the box, companions now from deck B
    assert S.bd[TM_ONB] == 1 and S.g[G_PILE_POS] == S.bd[TM_LENA]
    assert [int(r) for r in S.cd[CD_BOX, nbox:S.g[G_NBOX]]] == left_a
    assert all(game.tables.item_deck[r] == C.DECK_B for r in S.cd[CD_PILE, S.g[G_PILE_POS]:S.g[G_PILE_LEN]])
    for take in range(3):
        _tile(K, S, take)
        assert S.bd[TM_LAST] == 0
    _tile(K, S, 4)                             # empty a second time: no tile, last round
    assert S.bd[TM_LAST] == 1 and S.bd[TM_RESH] == 2 and S.bd[TM_UP + 4] == -1
