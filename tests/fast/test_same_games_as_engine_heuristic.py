"""The fast path's `heuristic` bot and its plain-Python version in the reference engine
(glowsim/engine/heuristic/) make the same decisions: the same seed gives the same game,
record for record (setup, every die, every decision, final state), for 2-4 players, both
board sides, random (E13) and drafted (E19) adventurers, extra starting tokens (E18),
tables mixed with `greedy` and `random`, and non-default parameter vectors.  The compiled
kernel is checked against the slow, readable version."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import glowsim

from glowsim.engine import play_game
from glowsim.engine.heuristic.precomputed import bot_tables
from glowsim.spec.botmath import int_power
from glowsim.fast import Match, bot_preset, play_block
from glowsim.fast.play import ktables

from .conftest import scale

H = "heuristic"
# tuned vectors: every parameter away from its default, the exact pair gain (w_pair = 2),
# footprints kept back, a score floor for track rerolls, a smaller province search budget
TUNED_A = bot_preset(H, w_footprint=1.8, w_firefly=0.7, w_token=2.3, w_future=1.2, w_journey=1.4,
                     track_margin=0.2, reroll_margin=0.0, black_penalty=4.0, w_small_dice=1.5,
                     fp_reserve=1.0, track_floor=12.0, w_pair=2.0, search_nodes=40)
TUNED_B = bot_preset(H, w_footprint=0.9, w_firefly=1.6, w_token=1.0, w_future=0.5, w_journey=0.6,
                     track_margin=1.5, reroll_margin=0.3, black_penalty=0.5, w_small_dice=0.4,
                     fp_reserve=2.0, w_pair=0.0)
EVERY_ADV = ["random"] * 4

# (name, players, side, adventurers, bots, start tokens, games in CI)
CASES = [
    ("2p-province", 2, "province", None, [H, H], None, 40),
    ("2p-archipelago", 2, "archipelago", None, [H, H], None, 40),
    ("3p-province", 3, "province", None, [H] * 3, None, 30),
    ("3p-archipelago", 3, "archipelago", None, [H] * 3, None, 30),
    ("4p-province", 4, "province", None, [H] * 4, None, 25),
    ("4p-archipelago", 4, "archipelago", None, [H] * 4, None, 25),
    ("mixed-4p-province", 4, "province", None, [H, "greedy", "random", H], None, 20),
    ("mixed-3p-archipelago", 3, "archipelago", None, ["greedy", H, "random"], None, 20),
    ("heuristic-vs-greedy-2p", 2, "province", None, ["greedy", H], None, 20),
    ("E19-E18-draft-tokens-3p", 3, "province", ["draft", "random", "eoles"], [H] * 3, [0, 3, 1], 20),
    ("E19-E18-draft-tokens-4p", 4, "archipelago", ["draft", "random", "draft", "random"], [H, H, "greedy", H],
     [2, 0, 0, 1], 15),
    ("tuned-2p-province", 2, "province", None, [TUNED_A, TUNED_B], None, 30),
    ("tuned-2p-archipelago", 2, "archipelago", None, [TUNED_B, TUNED_A], None, 20),
    ("tuned-4p-archipelago", 4, "archipelago", ["draft", "random", "random", "random"],
     [TUNED_A, H, TUNED_B, "random"], [0, 0, 2, 0], 15),
]


def vector(bot):
    return bot_preset(bot) if isinstance(bot, str) else bot


def first_difference(a, b) -> str:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"decision {i}: fast {x}, reference {y}"
    return f"fast has {len(a)} decisions, reference {len(b)}"


def check_same_games(game, n, side, advs, bots, tokens, seed, start, count):
    m = Match(n, side, advs or ["random"] * n, [vector(b) for b in bots], start_tokens=tokens)
    cols = play_block(game, m, seed, start, count, record=range(start, start + count), workers=1)
    for rec in cols["records"]:
        gi = rec.seed["game_index"]
        ref = play_game(game, n_players=n, side=side, adventurers=advs, bots=bots, root_seed=seed,
                        game_index=gi, start_tokens=tokens).record
        assert rec.decisions == ref.decisions, f"game {gi}: {first_difference(rec.decisions, ref.decisions)}"
        assert (rec.adventurers, rec.setup, rec.dice, rec.final) == \
            (ref.adventurers, ref.setup, ref.dice, ref.final), f"game {gi}"
    return len(cols["records"])


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_E13_E18_E19_heuristic_same_games_as_the_engine(game, compiled, case):
    _, n, side, advs, bots, tokens, count = case
    assert check_same_games(game, n, side, advs, bots, tokens, 41, 0, scale(count, 2)) == scale(count, 2)


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_heuristic_same_games_as_the_engine_many(game, compiled, case):
    _, n, side, advs, bots, tokens, count = case
    check_same_games(game, n, side, advs, bots, tokens, 977, 1000, 12 * count)


def test_R6_search_nodes_changes_the_province_games_the_same_way(game, compiled):
    """A smaller province search budget gives other games on the fast path (so the budget is
    read), and the reference engine plays those same games; the archipelago has no search
    and is unchanged."""
    n = scale(30, 6)
    small = [bot_preset(H, search_nodes=20)] * 3
    for side in ("province", "archipelago"):
        recs = [play_block(game, Match(3, side, ["random"] * 3, bots), 5, 0, n, record=range(n),
                           workers=1)["records"] for bots in (small, [H] * 3)]
        differ = sum(a.decisions != b.decisions for a, b in zip(*recs))
        assert differ > 0 if side == "province" else differ == 0, side
    assert check_same_games(game, 3, "province", None, small, None, 5, 0, n) == n


def _chain_board_game():
    """The province with 40 more spaces (ids 61..100) in a chain from the start space to the
    20-burst village, two richer villages on it: companies walk, and searches run, past
    space 63 (the search keeps its marks as two 64-bit words)."""
    import yaml

    from glowsim.content import load_game
    base = yaml.safe_load((Path(glowsim.__file__).parent / "data" / "content.yaml").read_text())
    prov = base["boards"]["province_of_shadows"]
    n0 = len(prov["spaces"])
    kinds = [{}, {"need": "fire"}, {"gain": {"fireflies": 1}}, {"forbid": "water"}, {}, {"need": "leaf"}]
    spaces = {n0 + i: dict(kinds[i % len(kinds)]) for i in range(40)}
    spaces[n0 + 5] = {"footprint_cost": 1, "village": 30}
    spaces[n0 + 20] = {"footprint_cost": 2, "village": 25}
    edges = (list(prov["edges"]) + [{"a": 0, "b": n0}]
             + [{"a": n0 + i, "b": n0 + i + 1} for i in range(39)] + [{"a": n0 + 39, "b": 14}])
    return load_game([{"boards": {"province_of_shadows": {"spaces": spaces, "edges": edges}}}])


def test_R6_heuristic_same_games_on_a_board_of_more_than_64_spaces(compiled):
    big = _chain_board_game()
    n = scale(12, 3)
    assert check_same_games(big, 4, "province", None, [H] * 4, None, 41, 0, n) == n
    m = Match(4, "province", ["random"] * 4, [bot_preset(H)] * 4)
    recs = play_block(big, m, 41, 0, n, record=range(n), workers=1)["records"]
    assert any(row[1] == 8 and row[2] == 1 and row[3] >= 64 for r in recs for row in r.decisions)


def test_E13_heuristic_cases_cover_every_decision_kind(game, compiled):
    """The CI cases ask every kind of decision of a 2-4 player game (contract.md section 3), so each
    of the bot's rules is compared at least once."""
    kinds = set()
    for _, n, side, advs, bots, tokens, count in CASES:
        m = Match(n, side, advs or ["random"] * n, [vector(b) for b in bots], start_tokens=tokens)
        c = scale(count, 2)
        for rec in play_block(game, m, 41, 0, c, record=range(c), workers=1)["records"]:
            kinds |= {row[1] for row in rec.decisions if vector(bots[row[0]])[1] > 0.5}
    assert kinds == {1, 2, 3, 4, 5, 6, 7, 8, 9, 11}


def test_bot_tables_are_the_kernel_tables(game):
    """The reference bot's numeric tables are the fast path's, bit for bit."""
    bt, K = bot_tables(game), ktables(game)
    assert np.array_equal(np.array(bt.surv), K.surv)
    assert np.array_equal(np.array(bt.reach), K.reach)
    assert np.array_equal(np.array(bt.face_p), K.facep)
    assert np.array_equal(np.array(bt.pdist), K.pdist)
    assert np.array_equal(np.array(bt.adist), K.adist)
    assert list(bt.villages) == list(K.setup[56:56 + K.setup[15]])


def test_int_power_is_numba_float_power():
    """numba computes float ** int by squaring (0.7 ** 4 differs from C's pow in the last
    bit); the reference bot does the same.  Without the JIT only closeness is checked."""
    from numba import njit

    from .conftest import JIT

    @njit
    def power(x, n):
        return x ** n

    assert int_power(0.7, 4) != 0.7 ** 4
    for x in (0.7, 0.93, 0.999, 1.0 - 1e-9, 0.123456789):
        for n in range(40):
            got = int_power(x, n)
            if JIT:
                assert got == power(x, np.int64(n)), (x, n)
            else:
                assert abs(got - x ** n) <= 1e-14 * x ** n, (x, n)


def test_bench_reference_side_plays_the_fast_workload(game, compiled):
    """`glowsim bench` times the reference engine on the very games the fast path plays."""
    from glowsim.bench import SIDES, reference_game, workload_match
    for side in SIDES:
        recs = play_block(game, workload_match(side, H), 1, 0, 2, record=range(2), workers=1)["records"]
        for rec in recs:
            ref = reference_game(game, side, rec.seed["game_index"], 1).record
            assert (rec.decisions, rec.dice, rec.final) == (ref.decisions, ref.dice, ref.final)
