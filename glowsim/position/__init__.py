"""Position analysis: a decision of a game (a record cut at a decision, or a hand-written
position file) and the win share and mean final score of each legal option over rollouts by a
bot on redrawn hidden information (``glowsim analyze``).

    >>> from glowsim.content import load_game
    >>> from glowsim.position import read_record, record_state, analyze_state
    >>> state, key = record_state(load_game(), read_record("game.json"), 40, bot="expert")
    >>> res = analyze_state(state, bot="expert", rollouts=200, seed=1, key=key)
    >>> res.table          # one row per option, best first, with 95% intervals

The rollouts are played by the fast path where it can take the position (a base game, solo
or of 2-4 players, at any decision of its rounds; a Dawn game at a recruit pick, its rerolls
or an afternoon move: the state loaded into its arrays,
glowsim/position/fastload.py, the only module that reaches the fast path, through
glowsim/fast/positions.py), else by the reference engine (glowsim/engine), which is also the
check of the fast path's rollouts (``engine="reference"``).
"""
from .positions import PositionError, load_position, position_state
from .record import read_record, record_state
from .rollouts import (COLUMNS, Analysis, AnalysisError, analyze_state, position_key, resolve_bot,
                       rollout_engine)

__all__ = ["COLUMNS", "Analysis", "AnalysisError", "PositionError", "analyze_state", "load_position",
           "position_key", "position_state", "read_record", "record_state", "resolve_bot",
           "rollout_engine"]
