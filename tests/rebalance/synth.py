"""Hand-made played blocks (Games) for the rebalance unit tests."""
import numpy as np

from glowsim.rebalance.evaluate import Games


def games(ws, rec, adv, score=None, tokens=None, in_play=None, eff=None,
          companions=("A01", "A02"), adventurers=("braccio", "pocana")):
    ws = np.asarray(ws, float)
    G, n = ws.shape
    rec = np.asarray(rec, bool)
    score = np.zeros((G, n), np.int64) if score is None else np.asarray(score, np.int64)
    tokens = np.zeros((G, n), np.int64) if tokens is None else np.asarray(tokens, np.int64)
    in_play = rec.copy() if in_play is None else np.asarray(in_play, bool)
    eff = np.zeros(rec.shape, np.float32) if eff is None else np.asarray(eff, np.float32)
    return Games(n, 0, 0, ws, score, tokens, np.asarray(adv, np.int64), rec, in_play, eff,
                 tuple(companions), tuple(adventurers))


def two_player(wins0):
    """2 players; seat 0 recruits A01, seat 1 recruits A02 and plays pocana in every game;
    seat 0 wins the games where wins0 is 1."""
    w = np.asarray(wins0, float)
    ws = np.stack([w, 1 - w], axis=1)
    G = len(w)
    rec = np.zeros((G, 2, 2), bool)
    rec[:, 0, 0] = True
    rec[:, 1, 1] = True
    adv = np.tile([0, 1], (G, 1))
    return games(ws, rec, adv)
