"""The fast path's `heuristic` bot for the reference engine, in plain Python.

Same parameter vector (glowsim/engine/botparams.py), same choices, decision for
decision: the compiled bot is checked against this readable one
(tests/fast/test_same_games_as_engine_heuristic.py).

Modules: ``precomputed`` (content as plain values, the numeric tables), ``view`` (one
player's situation and parameters), ``values`` (what things are worth), ``draft``
(adventurer, recruit, discard, Sketal die), ``rerolls`` (late morning), ``noon``
(item order, Cromaug, losses), ``journeys`` (Province search, Archipelago moves),
``bot`` (the decision dispatch and the state kept between decisions).
"""
from .bot import HeuristicBot

__all__ = ["HeuristicBot"]
