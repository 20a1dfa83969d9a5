"""Limits of the numbers a user gives, shared by the scenario schema, the command line and the
run folder checks (one table, so an option and the scenario field it overrides allow the same).

This module imports nothing (the command line reads it while building its help).
"""
from __future__ import annotations

MAX_GAMES = 100_000_000          # games per variant (scenario `games`, `max_games`; --games)
MAX_CHUNK_GAMES = 1_000_000      # games per chunk (scenario `chunk_games`)
MAX_SEED = 2**63 - 1             # root seeds and game indices
MAX_WORKERS = 1024               # --workers
MAX_RECORD_EVERY = MAX_GAMES     # a run folder's `record_every`
PRECISION_OPEN = (0.0, 0.5)      # `precision` / --precision: strictly between these
PICK_PRECISION = (0.0, 50.0)     # `precision.pick_value` / --precision-pick-value (points): above
                                 # the first, at most the second
MAX_REPLAY_GAMES = 10_000_000    # glowsim verify --games
DASK_WAIT_SECONDS = 60.0         # default wait for a dask cluster's first worker (--dask-wait)
MAX_DASK_WAIT_SECONDS = 86_400.0
COUNTERFACTUAL_DECISIONS = ("recruit",)   # scenario `counterfactual.decisions`: decisions forked
COUNTERFACTUAL_SAMPLE = (0.0, 1.0)         # `counterfactual.sample`: a rate above the first, at most the second
