"""Re-scoring played games under an edit (glowsim/rebalance/predict.py): winners by E9 and the
predicted deviations."""
import numpy as np
import pytest

from glowsim.content import load_game
from glowsim.rebalance.edits import CardKey
from glowsim.rebalance.predict import Predictor, win_shares

from .synth import games


def test_E9_highest_score_then_most_tokens_then_shared():
    score = np.array([[30, 28, 30], [30, 30, 12], [25, 25, 25]])
    tokens = np.array([[1, 5, 2], [3, 3, 9], [0, 1, 1]])
    ws = win_shares(score, tokens)
    assert ws.tolist() == [[0, 0, 1], [0.5, 0.5, 0], [0, 0.5, 0.5]]


def test_E9_agrees_with_the_fast_engine(planted_block):
    g = planted_block
    assert np.array_equal(win_shares(g.score, g.tokens), g.ws)


def _losing_by_two():
    # 2 players, 4 games: seat 0 always scores 20, seat 1 22; seat 0 holds more tokens.
    # seat 0 recruits A01 (in play at the end in games 0-1, discarded in 2-3; its effect
    # triggered 3 times for 2 bursts each in game 3), seat 1 recruits A02.
    G = 4
    score = np.tile([20, 22], (G, 1))
    tokens = np.tile([3, 1], (G, 1))
    ws = win_shares(score, tokens)
    rec = np.zeros((G, 2, 2), bool)
    rec[:, 0, 0] = rec[:, 1, 1] = True
    in_play = rec.copy()
    in_play[2:, 0, 0] = False
    eff = np.zeros((G, 2, 2))
    eff[3, 0, 0] = 6
    return games(ws, rec, np.tile([0, 1], (G, 1)), score, tokens, in_play, eff)


def test_printed_bursts_count_only_when_the_card_is_in_play_at_the_end():
    g = _losing_by_two()
    content = load_game().content
    p = Predictor(g, content)
    a01 = CardKey("companion", "A01")
    # +2: games 0-1 tie on score, seat 0 wins on tokens (E9); games 2-3 unchanged
    curve = p.curve(a01, "bursts", [0, 1, 2])
    # improvement of A01 = mean(ws0 - ws1); field = 0 (the two cards mirror each other)
    assert curve.tolist() == pytest.approx([-1.0, -1.0, 0.0])
    p.add(a01, "bursts", 2)
    assert p.stats().dev[p.g.companion_ids.index("A01")] == pytest.approx(0.0)


def test_effect_bursts_scale_with_the_times_it_triggered():
    g = _losing_by_two()
    content = load_game().content      # A01 Likyar: effect bursts 1 per trigger
    p = Predictor(g, content)
    w = p.weights(CardKey("companion", "A01"), "effect.bursts")
    assert w[:, 0].tolist() == [0, 0, 0, 6]     # 6 effect bursts / 1 per trigger
    # +1 burst per trigger: game 3 becomes 26 to 22, seat 0 wins it
    assert p.curve(CardKey("companion", "A01"), "effect.bursts", [1])[0] == pytest.approx(-0.5)
    assert p.weights(CardKey("companion", "A01"), "effect.rerolls") is None


def test_adventurer_printed_bursts_count_in_every_game():
    g = _losing_by_two()
    p = Predictor(g, load_game().content)
    braccio = CardKey("adventurer", "braccio")
    assert p.curve(braccio, "bursts", [0, 2, 3]).tolist() == pytest.approx([-0.5, 0.5, 0.5])


def test_reference_engine_blocks_give_the_same_arrays(planted_run):
    """A scenario on the reference engine is played through the runner's adapter (E9 again)."""
    from dataclasses import replace

    from glowsim.rebalance.evaluate import play_games
    from glowsim.rebalance.metrics import card_stats
    ref = replace(planted_run, engine="reference",
                  seats=tuple(replace(s, bot="greedy", label="greedy") for s in planted_run.seats))
    g = play_games(ref, None, seed=4, games=12)
    assert g.ws.shape == (12, 3) and np.allclose(g.ws.sum(axis=1), 1)
    assert np.array_equal(win_shares(g.score, g.tokens), g.ws)
    assert g.rec.sum() == 12 * 3 * 4            # 4 rounds, one recruit per player a round (R3)
    s = card_stats(g)
    assert s.n[s.index(CardKey("companion", "A24"))] == g.rec[:, :, 0].sum()
