"""The ``picks`` table of a chunk: its games' recruit picks forked (docs/forks.md).

A scenario with ``counterfactual: {decisions: recruit, sample: R}`` makes every chunk also
call :func:`glowsim.fast.fork_table.play_forks` (kind ``recruit``, mode ``common``, one
continuation) on the chunk's games: each recruit pick drawn by the sampling hash (root seed,
game, decision; never the worker) with more than one legal row is played once per legal row,
on the game's own future, to the end.  One row per (pick, alternative); columns in
contract.md section 6.  A row's ``pick`` (order of the pick in its round) is read from the
chunk's ``recruits`` rows of the same game, round and seat (a seat recruits once a round;
a Cromaug take, pick -1, is no recruit pick).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

KINDS = {"recruit": "recruit"}   # scenario `counterfactual.decisions` -> play_forks kind


def pick_rows(game, match, labels: list[str], root_seed: int, start: int, count: int,
              decisions: str, sample: float, recruits: pd.DataFrame) -> pd.DataFrame:
    """The picks rows of games start..start+count-1 (without ``variant``): ``match`` the fast
    path's Match, ``labels`` the bot column of each seat, ``recruits`` the chunk's rows."""
    from ..fast.fork_table import play_forks
    t = play_forks(game, match, root_seed, start, count, kind=KINDS[decisions], sample=sample,
                   mode="common", continuations=1, threads=1)
    n = len(t["game"])
    g = np.asarray(t["game"], np.int64)
    rnd = np.asarray(t["round"], np.int64)
    seat = np.asarray(t["seat"], np.int64)
    return pd.DataFrame({
        "game_index": g,
        "n_players": np.full(n, int(match.n_players), np.int64),
        "side": np.full(n, match.side, dtype=object),
        "round": rnd,
        "pick": _pick_order(recruits, g, rnd, seat),
        "decision": np.asarray(t["decision"], np.int64),
        "seat": seat,
        "bot": np.asarray(labels, dtype=object)[seat] if n else np.zeros(0, dtype=object),
        "n_offered": np.asarray(t["n_alternatives"], np.int64),
        "alternative": np.asarray(t["alternative"], np.int64),
        "companion": np.asarray(t["companion"], dtype=object),
        "chosen": np.asarray(t["chosen_by_bot"], bool),
        "win_share": np.asarray(t["win_share"], np.float64),
        "score": np.asarray(t["score"], np.int64),
    })


def _pick_order(recruits: pd.DataFrame, g, rnd, seat) -> np.ndarray:
    """Each fork row's ``pick``: that of the recruits row of its game, round and seat."""
    r = recruits[recruits["pick"] >= 0]
    key = pd.MultiIndex.from_arrays([r["game_index"].to_numpy(np.int64), r["round"].to_numpy(np.int64),
                                     r["seat"].to_numpy(np.int64)])
    if not key.is_unique:
        raise RuntimeError("recruits: a seat recruited twice in one round; the picks table needs one "
                           "recruit pick per seat and round")
    at = key.get_indexer(pd.MultiIndex.from_arrays([g, rnd, seat]))
    if (at < 0).any():
        i = int(np.flatnonzero(at < 0)[0])
        raise RuntimeError(f"forks: game {g[i]} round {rnd[i]} seat {seat[i]} forked a recruit pick "
                           f"the recruits rows do not hold")
    return r["pick"].to_numpy(np.int64)[at]
