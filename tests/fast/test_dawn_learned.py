"""The learned policy's recruit picks in Dawn games (`learned` bit 8, weights ``ld_*``;
glowsim/fast/bots/dawnlearned.py, glowsim/engine/heuristic/dawnlearned.py, docs/bots.md): the
default weights pick what the Dawn planner picks; any weights, the kernels and the reference
engine take the same rows at 4-6 players, on both sides, with any sets (D1); the capture joins
the forks; the features read only what the deciding player sees."""
from __future__ import annotations

import numpy as np
import pytest

from glowsim.content import load_game
from glowsim.engine import GameState, play_game
from glowsim.engine.heuristic import dawnlearned as DLE
from glowsim.engine.heuristic.precomputed import bot_tables
from glowsim.engine.heuristic.view import View, params_from
from glowsim.fast import Match, play_block
from glowsim.fast.fork_table import play_forks
from glowsim.fast.learned_features import capture_features
from glowsim.seeding import resample_generator
from glowsim.spec.botparams import (BP_LD, BP_LEARNED, LD_PAIRS, LD_PRODUCTS, LEARNED_FEATURES,
                                    NLD, NLD_BASE, PARAM_NAMES, PRESETS, bot_preset)

from .conftest import scale

CI = pytest.mark.nojit_ci


@pytest.fixture(scope="module")
def dawn():
    return load_game(dawn=True)


def dawn_vector(seed: int, bits: int = 8, base: str = "expert") -> np.ndarray:
    """`base` with the Dawn recruit picks learned and every Dawn weight moved at random."""
    rng = np.random.default_rng(seed)
    v = bot_preset(base)
    v[BP_LEARNED] = float(int(v[BP_LEARNED]) | bits)
    v[BP_LD:BP_LD + NLD] = np.round(v[BP_LD:BP_LD + NLD] + rng.normal(0.0, 0.6, NLD), 3)
    return v


def test_dawn_weights_are_named_after_their_features():
    names = PARAM_NAMES[BP_LD:BP_LD + NLD]
    assert names == tuple(f"ld_{n}" for n, _, _ in LEARNED_FEATURES["ld"])
    # each pair and each one squared but the black die's (black x black is black x a constant)
    assert len(LD_PAIRS) == len(LD_PRODUCTS) * (len(LD_PRODUCTS) + 1) // 2 - 1 == NLD - NLD_BASE
    assert "ld_black_x_black" not in names and names[-1] == "ld_triggers_x_triggers"
    # the default weights are the planner's sum: the six parts, less the black die's penalty
    d = PRESETS["heuristic"][BP_LD:BP_LD + NLD]
    assert list(d[:7]) == [1, 1, 1, 1, 1, 1, -1] and not np.any(d[7:])


SETS = [[], ["elemental"], ["draconic"], ["elemental", "draconic"], ["anibloom"],
        ["elemental", "anibloom", "draconic"]]
CASES = [(4, "province", SETS[1]), (4, "archipelago", SETS[5]), (5, "province", SETS[4]),
         (5, "archipelago", SETS[0]), (6, "province", SETS[5]), (6, "archipelago", SETS[3])]


def _records(dawn, n, side, sets, seats, seed, count):
    m = Match(n, side, ["random"] * n, seats, dawn_sets=sets)
    return play_block(dawn, m, seed, 0, count, record=range(count), workers=1)["records"]


@CI
@pytest.mark.parametrize("n,side,sets", CASES)
def test_D1_default_dawn_weights_pick_as_the_planner(dawn, compiled, n, side, sets):
    """With the default weights the learned picks are the planner's: the same games."""
    count = scale(8, 2)
    learned = [bot_preset("expert", learned=8)] * n
    a = _records(dawn, n, side, sets, learned, 71, count)
    b = _records(dawn, n, side, sets, [bot_preset("expert")] * n, 71, count)
    assert [r.decisions for r in a] == [r.decisions for r in b]


@CI
@pytest.mark.parametrize("n,side,sets", CASES)
def test_D1_learned_dawn_picks_same_games_as_the_engine(dawn, compiled, n, side, sets):
    """Any weights: the kernels and the reference engine take the same rows (records equal),
    a learned seat beside the planner and the greedy rules; the weights decide."""
    count = scale(6, 2)
    vec = dawn_vector(n * 10 + len(sets), bits=13 if n % 2 else 8)
    names = (["L", "expert", "L", "greedy", "L", "heuristic"])[:n]
    seats = [vec if b == "L" else bot_preset(b) for b in names]
    recs = _records(dawn, n, side, sets, seats, 53, count)
    for gi, rec in enumerate(recs):
        ref = play_game(dawn, n_players=n, side=side, adventurers=None, bots=seats,
                        root_seed=53, game_index=gi, dawn_sets=sets).record
        assert (rec.setup, rec.dice, rec.decisions, rec.final) == \
            (ref.setup, ref.dice, ref.decisions, ref.final), f"game {gi}"
    plain = [bot_preset("expert") if b == "L" else bot_preset(b) for b in names]
    other = _records(dawn, n, side, sets, plain, 53, count)
    assert any(a.decisions != b.decisions for a, b in zip(recs, other))


@CI
def test_dawn_capture_joins_the_forks_and_plays_the_same_game(dawn, compiled):
    """Every forked Dawn recruit alternative has captured features on the same legal row, the
    bot's row is the fork's, and the products follow their features."""
    m = Match(5, "archipelago", ["random"] * 5, [dawn_vector(5)] * 5, dawn_sets=SETS[5])
    n = scale(4, 1)
    cap = capture_features(dawn, m, 17, 0, n, kinds=("dawn",), threads=1)
    forks = play_forks(dawn, m, 17, 0, n, kind="recruit", threads=1)
    got = {(g, d, a): i for i, (g, d, a) in enumerate(zip(cap["game"], cap["decision"], cap["alternative"]))}
    seen = 0
    for i in range(len(forks["game"])):
        if forks["n_alternatives"][i] < 2:
            continue
        j = got[(forks["game"][i], forks["decision"][i], forks["alternative"][i])]
        assert all(cap[f][j] == forks[f][i] for f in "abcdef")
        assert bool(forks["chosen_by_bot"][i]) == (cap["chosen"][j] == cap["alternative"][j])
        seen += 1
    assert seen > 0
    f = cap["features"][:, :NLD]
    assert np.all(np.isfinite(f)) and np.all(np.any(f[:, :NLD_BASE] != 0.0, axis=0)[[0, 2, 9, 22]])
    for k, (i, j) in enumerate(LD_PAIRS):
        assert np.array_equal(f[:, NLD_BASE + k], f[:, i] * f[:, j])
    # a base game's capture of "dawn" decisions captures nothing
    base = Match(4, "province", ["random"] * 4, [dawn_vector(5)] * 4)
    assert len(capture_features(load_game(), base, 17, 0, 2, kinds=("dawn",), threads=1)["game"]) == 0


@CI
def test_D1_dawn_features_read_only_what_the_player_sees(dawn):
    """Redrawing what the deciding player cannot see (the draw pile and the box, the other
    players' spell tokens, the dice to come) at Dawn recruit picks leaves every feature of every
    legal row as it is (the reference engine's features, the kernels' twin)."""
    vec = dawn_vector(7)
    w = params_from(vec)
    checked = 0
    for gi in range(scale(4, 2)):
        n = 4 + gi % 3
        st = GameState(dawn, n, "province" if gi % 2 else "archipelago", bots=[vec] * n,
                       root_seed=29, game_index=gi, dawn_sets=SETS[5 if gi % 2 else 1])
        while not st.is_terminal:
            k = st.decision_kind
            if k is not None and k.code == 1 and len(st.legal_decisions()) >= 2:
                seat = st.current_player
                legal = [row[2:] for row in st.legal_decisions()]
                worlds = [st] + [st.resample_hidden(resample_generator(29, checked, i), seat)
                                 for i in range(2)]
                feats = [DLE.recruit_features(View(bot_tables(s.game.content), s.game, seat, w), legal)
                         for s in worlds]
                assert feats[1] == feats[0] and feats[2] == feats[0]
                checked += 1
            st.step_bot()
    assert checked >= scale(60, 20)
