"""Adventurer strength: win rate and score per adventurer, each with a 95% interval.

One row per (slice, adventurer); a slice is one (n_players, side) pair.

* ``games`` player-games played with the adventurer.
* ``win_rate`` mean ``win_share`` (Wilson on the summed shares).
* ``improvement`` per player-game: the player's win share minus the mean win
  share of the other players of the same game, averaged (t interval of these
  within-game paired differences); 0 = as good as the average opponent.
* ``score`` mean final score (t interval); ``cards_bursts``,
  ``journey_bursts`` means of those score parts; ``journey_share`` the
  journey's share of the total score (sum journey / sum score).
* ``flag`` ``above`` / ``below`` when the win-rate interval lies wholly above /
  below ``field_win_rate`` (the slice's mean win share, 1/n).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .cards import SLICE, _groups, flag, win_share_lookup
from .intervals import interval_columns, mean_ci, wilson
from .load import Run

COLUMNS = ["adventurer", "name", "games", "win_rate", "win_rate_low", "win_rate_high",
           "improvement", "improvement_low", "improvement_high",
           "score", "score_low", "score_high", "cards_bursts", "journey_bursts", "journey_share",
           "field_win_rate", "flag"]


def adventurer_strength(run: Run, by=SLICE, names: dict | None = None) -> pd.DataFrame:
    by = list(by)
    players = run.with_game_keys("players", by)
    rows = []
    names = names or {}
    for key, p in _groups(players, by):
        ws = win_share_lookup(p)
        p = p.assign(diff=p["win_share"].to_numpy() - ws["others_win_share"].to_numpy())
        field = float(p["win_share"].mean())
        for adv, a in p.groupby("adventurer", sort=True, observed=True):
            row = dict(zip(by, key))
            row.update(adventurer=adv, name=names.get(adv, ""), games=len(a))
            row.update(interval_columns("win_rate", wilson(a["win_share"].sum(), len(a))))
            row.update(interval_columns("improvement", mean_ci(a["diff"])))
            row.update(interval_columns("score", mean_ci(a["score"])))
            row["cards_bursts"] = float(a["cards_bursts"].mean())
            row["journey_bursts"] = float(a["journey_bursts"].mean())
            total = float(a["score"].sum())
            row["journey_share"] = float(a["journey_bursts"].sum()) / total if total else np.nan
            row["field_win_rate"] = field
            row["flag"] = flag(row["win_rate_low"], row["win_rate_high"], field)
            rows.append(row)
    out = pd.DataFrame(rows, columns=by + COLUMNS)
    return out.sort_values(by + ["win_rate"], ascending=[True] * len(by) + [False],
                           ignore_index=True)
