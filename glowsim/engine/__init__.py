"""Reference engine: plain Python, the executable spec of docs/rules.md (R1-R9) and docs/contract.md (E1-E19).

    >>> from glowsim.content import load_game
    >>> from glowsim.engine import play_game, replay
    >>> out = play_game(load_game(), n_players=3, side="archipelago", root_seed=7)
    >>> replay(load_game(), out.record) == out.final
    True

:class:`GameState` stops a game at a decision to list, apply, clone and observe it (the
forward model, docs/forward-model.md).
"""
from ..records import GameRecord
from .play import GameOutcome, diff_states, play_game, play_solo, replay
from .errors import IllegalDecision, ReplayError, StateError
from .gamestate import GameState

__all__ = ["GameOutcome", "GameRecord", "GameState", "IllegalDecision", "ReplayError", "StateError",
           "diff_states", "play_game", "play_solo", "replay"]
