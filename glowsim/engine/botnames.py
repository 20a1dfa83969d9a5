"""The reference engine's bots by name (``random``, ``greedy``, ``heuristic``) or by a
parameter vector of glowsim/engine/botparams.py, each drawing from its seat's bot stream."""
from __future__ import annotations

from .. import seeding as S
from ..errors import UserError
from ..spec.botparams import NPARAM, PRESETS, searches
from .bots import GreedyBot, RandomBot
from .heuristic import HeuristicBot


def heuristic_bot(stream, params=None):
    """The fast path's bots by parameter vector (default: the `heuristic` preset)."""
    return HeuristicBot(stream, params)


BOTS = {"random": RandomBot, "greedy": GreedyBot, "heuristic": heuristic_bot}


def allowed_names() -> list:
    """The bot names the reference engine plays: its own, then the presets of
    glowsim/engine/botparams.py that do not search (as their vectors)."""
    return list(BOTS) + [p for p in PRESETS if p not in BOTS and not searches(PRESETS[p])]


def make_bot(name, root: int, game_index: int, seat: int):
    """A bot by name (its own, or a preset of glowsim/engine/botparams.py played as its
    vector, `expert` or `master`), or by a parameter vector (any tuned vector plays as in the
    fast path)."""
    stream = S.Stream(S.stream_key(S.game_key(root, game_index), S.STREAM_BOT + seat))
    if isinstance(name, str) and name not in BOTS and name in PRESETS:
        name = PRESETS[name]
    if not isinstance(name, str):
        if getattr(name, "__len__", None) and len(name) == NPARAM and searches(name):
            raise UserError("the search bot (rollout_budget > 0) plays in the fast path only: the "
                            "reference engine has no forks to play its continuations; it replays "
                            "such games from their records")
        return heuristic_bot(stream, name)
    if name not in BOTS:
        raise UserError(f"unknown reference-engine bot {name!r}; allowed: {', '.join(allowed_names())}")
    return BOTS[name](stream)
