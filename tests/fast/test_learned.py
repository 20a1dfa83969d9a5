"""The learned policy (glowsim/fast/bots/learned.py, glowsim/engine/heuristic/learned.py): the
fast kernels and the reference engine's mirror make the same decisions for any weights; the
feature capture plays the game it captures and agrees with the forks; the features read only
what the deciding player sees (docs/bots.md)."""
from __future__ import annotations

import numpy as np
import pytest

from glowsim.engine import GameState, play_game
from glowsim.seeding import resample_generator
from glowsim.spec.botparams import (BP_LEARNED, BP_LR, LEARNED_FEATURES, LR_PAIRS, LR_PRODUCTS,
                                      NLD, NLM, NLQ, NLR, NLR_BASE, NPARAM, PARAM_NAMES, bot_preset)
from glowsim.engine.heuristic import learned as LR
from glowsim.engine.heuristic.rerolls import RoundTable
from glowsim.engine.heuristic.precomputed import bot_tables
from glowsim.engine.heuristic.view import View, params_from
from glowsim.fast import Match, play_block
from glowsim.fast.fork_table import play_forks
from glowsim.fast.learned_features import capture_features

from .conftest import scale


def learned_vector(seed: int, bits: int = 7) -> np.ndarray:
    """`expert` with the learned policy on and every weight moved at random (so each feature
    decides some rows)."""
    rng = np.random.default_rng(seed)
    v = bot_preset("expert", learned=bits)
    v[BP_LR:] = np.round(v[BP_LR:] + rng.normal(0.0, 0.6, NPARAM - BP_LR), 3)
    return v


def test_learned_parameters_are_named_after_their_features():
    names = PARAM_NAMES[BP_LR:]
    assert len(names) == NLR + NLQ + NLM + NLD == NPARAM - BP_LR
    assert names[:NLR] == tuple(f"lr_{n}" for n, _, _ in LEARNED_FEATURES["lr"])
    assert names[NLR:NLR + NLQ] == tuple(f"lq_{n}" for n, _, _ in LEARNED_FEATURES["lq"])
    assert names[NLR + NLQ:NLR + NLQ + NLM] == tuple(f"lm_{n}" for n, _, _ in LEARNED_FEATURES["lm"])
    # the recruit picks of Dawn games (tests/fast/test_dawn_learned.py) last
    assert names[NLR + NLQ + NLM:] == tuple(f"ld_{n}" for n, _, _ in LEARNED_FEATURES["ld"])
    assert PARAM_NAMES[BP_LEARNED] == "learned"


CASES = [   # (players, side, bots: "L" the learned vector, else a preset)
    (4, "province", ["L", "expert", "L", "heuristic"]),
    (4, "archipelago", ["L"] * 4),
    (3, "province", ["L", "L", "greedy"]),
    (3, "archipelago", ["expert", "L", "L"]),
    (2, "province", ["L", "L"]),
    (2, "archipelago", ["L", "expert"]),
]


def _same_games(game, n, side, bots, vec, seed, count):
    seats = [vec if b == "L" else bot_preset(b) for b in bots]
    m = Match(n, side, ["random"] * n, seats)
    cols = play_block(game, m, seed, 0, count, record=range(count), workers=1)
    for rec in cols["records"]:
        gi = rec.seed["game_index"]
        ref = play_game(game, n_players=n, side=side, bots=seats, root_seed=seed, game_index=gi).record
        assert rec.decisions == ref.decisions, f"game {gi}"
        assert rec.final == ref.final, f"game {gi}"
    return cols


@pytest.mark.nojit_ci
@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}p-{c[1]}-{i}" for i, c in enumerate(CASES)])
def test_learned_policy_same_games_as_the_engine(game, compiled, case):
    """Any weights: the kernels and the reference engine take the same rows (records equal)."""
    n, side, bots = case
    for k, bits in enumerate((7, 1, 6)):
        _same_games(game, n, side, bots, learned_vector(100 + k, bits), 61 + k, scale(12, 1))


def test_learned_weights_decide(game, compiled):
    """The weights are read: other weights, other games; the learned bits choose which
    decisions they take (recruit bits only: the late mornings' rows are expert's)."""
    m = lambda v: Match(4, "province", ["random"] * 4, [v] * 4)
    n = scale(40, 3)
    a = play_block(game, m(learned_vector(1)), 3, 0, n, record=range(n), workers=1)["records"]
    b = play_block(game, m(learned_vector(2)), 3, 0, n, record=range(n), workers=1)["records"]
    assert sum(x.decisions != y.decisions for x, y in zip(a, b)) > 0
    only = learned_vector(1, bits=1)
    expert = bot_preset("expert")
    ra = play_block(game, m(only), 3, 0, n, record=range(n), workers=1)["records"]
    re = play_block(game, m(expert), 3, 0, n, record=range(n), workers=1)["records"]
    # the first late morning precedes any difference of a recruit pick's consequence only when
    # the first picks agree; the first decision that differs is a RECRUIT pick in every game
    for x, y in zip(ra, re):
        for i, (dx, dy) in enumerate(zip(x.decisions, y.decisions)):
            if dx != dy:
                assert dx[1] == 1, f"first difference at decision {i}: {dx} vs {dy}"
                break


@pytest.mark.nojit_ci
@pytest.mark.parametrize("kind,sample", [("recruit", 1.0), ("reroll", 0.2), ("move", 0.5)])
def test_capture_joins_the_forks_and_plays_the_same_game(game, compiled, kind, sample):
    """Every forked alternative has captured features, on the same legal row, and the bot's
    row of the capture is the fork's: the capture plays the game the forks play."""
    m = Match(4, "archipelago", ["random"] * 4, [learned_vector(5)] * 4)
    n = scale(6, 1)
    cap = capture_features(game, m, 17, 0, n, kinds=(kind,), sample=sample, threads=1)
    forks = play_forks(game, m, 17, 0, n, kind=kind, sample=sample, threads=1)
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
    k = {"recruit": NLR, "reroll": NLQ, "move": NLM}[kind]
    assert np.all(np.isfinite(cap["features"][:, :k])) and np.any(cap["features"][:, :k] != 0.0)


def test_recruit_products_are_the_products_of_their_features(game, compiled):
    """After the recruit features, each pair of LR_PRODUCTS multiplied (each once, the black
    die's 0/1 not squared), in the kernels' capture as in the reference engine's features."""
    names = [f for f, _, _ in LEARNED_FEATURES["lr"]]
    assert len(LR_PAIRS) == len(LR_PRODUCTS) * (len(LR_PRODUCTS) + 1) // 2 - 1 == NLR - NLR_BASE
    assert names[NLR_BASE] == "keep_x_keep" and names[-1] == "deny_next_x_black"
    m = Match(4, "province", ["random"] * 4, [learned_vector(3)] * 4)
    f = capture_features(game, m, 11, 0, scale(4, 1), kinds=("recruit",), threads=1)["features"]
    assert len(f) > 0
    for k, (i, j) in enumerate(LR_PAIRS):
        assert names[NLR_BASE + k] == f"{names[i]}_x_{names[j]}"
        assert np.array_equal(f[:, NLR_BASE + k], f[:, i] * f[:, j])
    assert np.any(f[:, NLR_BASE:NLR] != 0.0)


def test_capture_does_not_depend_on_threads(game, compiled):
    m = Match(3, "archipelago", ["random"] * 3, [bot_preset("expert")] * 3)
    n = scale(24, 2)
    a = capture_features(game, m, 9, 0, n, kinds=("recruit", "reroll", "move"), sample=0.3, threads=1)
    b = capture_features(game, m, 9, 0, n, kinds=("recruit", "reroll", "move"), sample=0.3, threads=2)
    for c in a:
        assert np.array_equal(a[c], b[c]), c


def _decision_states(game, vec, kinds, seed, count):
    """(state, seat) at the RECRUIT / REROLL decisions of learned seats in reference games."""
    for gi in range(count):
        st = GameState(game, 3, "province" if gi % 2 else "archipelago", bots=[vec] * 3,
                       root_seed=seed, game_index=gi)
        while not st.is_terminal:
            k = st.decision_kind
            if k is not None and k.code in kinds and len(st.legal_decisions()) >= 2:
                yield st, st.current_player
            st.step_bot()


@pytest.mark.nojit_ci
def test_features_read_only_what_the_player_sees(game):
    """Redrawing what the deciding player cannot see (the draw pile and the box, the other
    players' spell tokens, the dice to come) leaves every feature of every legal row as it is."""
    vec = learned_vector(7)
    w = params_from(vec)
    checked = 0
    kinds = set()
    for st, seat in _decision_states(game, vec, (1, 4, 9), 23, scale(3, 2)):
        legal = [row[2:] for row in st.legal_decisions()]
        worlds = [st] + [st.resample_hidden(resample_generator(23, checked, i), seat) for i in range(2)]
        feats = []
        for s in worlds:
            v = View(bot_tables(s.game.content), s.game, seat, w)
            if st.decision_kind.code == 1:
                feats.append(LR.recruit_features(v, legal))
            elif st.decision_kind.code == 9:
                feats.append(LR.archi_features(v, legal))
            else:
                feats.append(LR.reroll_features(v, RoundTable(v), legal))
        assert feats[1] == feats[0] and feats[2] == feats[0]
        kinds.add(st.decision_kind.code)
        checked += 1
        if checked >= scale(90, 30) and len(kinds) == 3:
            break
    assert kinds == {1, 4, 9}
