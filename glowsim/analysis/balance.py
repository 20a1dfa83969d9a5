"""Game-level balance figures per slice (n_players, side), as game-evaluation reports give them.

Seats are positions in the first round's turn order (``turn_pos``, 0 = first
player); the first-player token then passes to the left each round (R7).

* :func:`seat_win_rates` one row per slice and turn position: win rate (Wilson).
* :func:`balance_summary` one row per slice:
  ``seat_gap`` largest difference in win rate between two seats, with the
  Newcombe interval of that best-minus-worst difference (chosen after looking,
  so the interval is optimistic); ``first_player_advantage`` first player's
  win rate minus the fair share 1/n (Wilson interval shifted by 1/n);
  ``tie_rate`` games whose top score is tied before the tie-break (margin 0);
  ``shared_win_rate`` games still tied after the tie-break (E9: shared win);
  ``score_spread`` mean (highest - lowest final score) within a game;
  ``margin`` mean winner-minus-runner-up margin (t interval).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .cards import SLICE, _groups
from .intervals import interval_columns, mean_ci, newcombe_diff, wilson
from .load import Run

SEAT_COLUMNS = ["turn_pos", "games", "win_rate", "win_rate_low", "win_rate_high", "fair_share"]
SUMMARY_COLUMNS = ["games", "seat_gap", "seat_gap_low", "seat_gap_high", "best_seat", "worst_seat",
                   "first_player_advantage", "first_player_advantage_low",
                   "first_player_advantage_high", "tie_rate", "tie_rate_low", "tie_rate_high",
                   "shared_win_rate", "shared_win_rate_low", "shared_win_rate_high",
                   "score_spread", "score_spread_low", "score_spread_high",
                   "margin", "margin_low", "margin_high"]


def seat_win_rates(run: Run, by=SLICE) -> pd.DataFrame:
    by = list(by)
    players = run.with_game_keys("players", by)
    rows = []
    for key, p in _groups(players, by):
        for pos, s in p.groupby("turn_pos", sort=True):
            row = dict(zip(by, key))
            row.update(turn_pos=int(pos), games=len(s))
            row.update(interval_columns("win_rate", wilson(s["win_share"].sum(), len(s))))
            row["fair_share"] = 1.0 / key[by.index("n_players")] if "n_players" in by else np.nan
            rows.append(row)
    return pd.DataFrame(rows, columns=by + SEAT_COLUMNS)


def balance_summary(run: Run, by=SLICE) -> pd.DataFrame:
    by = list(by)
    seats = seat_win_rates(run, by)
    players = run.with_game_keys("players", by)
    rows = []
    for key, g in _groups(run.games, by):
        row = dict(zip(by, key))
        row["games"] = len(g)
        s = seats
        for k, v in zip(by, key):
            s = s[s[k] == v]
        p = players
        for k, v in zip(by, key):
            p = p[p[k] == v]
        if len(s) >= 2:
            best, worst = s.loc[s["win_rate"].idxmax()], s.loc[s["win_rate"].idxmin()]
            sb = p.loc[p["turn_pos"] == best["turn_pos"], "win_share"]
            sw = p.loc[p["turn_pos"] == worst["turn_pos"], "win_share"]
            row.update(interval_columns("seat_gap", newcombe_diff(sb.sum(), len(sb),
                                                                  sw.sum(), len(sw))))
            row.update(best_seat=int(best["turn_pos"]) + 1, worst_seat=int(worst["turn_pos"]) + 1)
        else:
            row.update(seat_gap=np.nan, seat_gap_low=np.nan, seat_gap_high=np.nan,
                       best_seat=np.nan, worst_seat=np.nan)
        n = int(g["n_players"].iloc[0]) if g["n_players"].nunique() == 1 else np.nan
        first = p.loc[p["turn_pos"] == 0, "win_share"]
        w = wilson(first.sum(), len(first))
        fair = 1.0 / n if n == n else np.nan
        row.update(first_player_advantage=w.estimate - fair, first_player_advantage_low=w.low - fair,
                   first_player_advantage_high=w.high - fair)
        row.update(interval_columns("tie_rate", wilson(int((g["margin"] == 0).sum()), len(g))))
        row.update(interval_columns("shared_win_rate",
                                    wilson(int((g["n_winners"] > 1).sum()), len(g))))
        score = p.groupby(["variant", "game_index"])["score"]
        spread = score.max() - score.min()
        row.update(interval_columns("score_spread", mean_ci(spread)))
        row.update(interval_columns("margin", mean_ci(g["margin"])))
        rows.append(row)
    return pd.DataFrame(rows, columns=by + SUMMARY_COLUMNS)
