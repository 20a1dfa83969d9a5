"""Board sides (province / archipelago) compared for each player count.

:func:`side_summary` gives one row per (n_players, side):

* ``score`` mean final score (t interval), ``score_sd`` its standard deviation,
  ``score_p10`` / ``score_p50`` / ``score_p90`` quantiles;
* ``top_score`` mean winning score, ``top_score_sd`` its game-to-game SD;
* ``margin`` mean winner-minus-runner-up margin (t interval);
* ``journey_share`` journey bursts / final score per game (sums over the
  game's players), averaged over games (t interval);
* ``between_game_share`` share of the score variance that lies between games
  (variance of game mean scores / variance of scores): high = the deal decides
  more than the players do;
* ``adventurer_spread`` highest minus lowest adventurer win rate,
  ``adventurer_sd`` SD of the adventurer win rates;
* ``seat_spread`` highest minus lowest win rate over turn positions.

:func:`score_parts` gives the mean of each part of the final score
(track, cards, journey, fireflies, footprints) per slice.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .cards import SLICE, _groups
from .intervals import interval_columns, mean_ci
from .load import Run

COLUMNS = ["games", "score", "score_low", "score_high", "score_sd", "score_p10", "score_p50",
           "score_p90", "top_score", "top_score_sd", "margin", "margin_low", "margin_high",
           "journey_share", "journey_share_low", "journey_share_high", "between_game_share",
           "adventurer_spread", "adventurer_sd", "seat_spread"]

# final score = score on the track before the count + the end-game parts (R8)
SCORE_PARTS = {"track": "score track (in-game bursts)", "cards_bursts": "printed card bursts",
               "journey_bursts": "journey", "firefly_bonus": "firefly bonus",
               "footprint_bursts": "footprints"}


def side_summary(run: Run, by=SLICE) -> pd.DataFrame:
    by = list(by)
    players = run.with_game_keys("players", by)
    rows = []
    for key, p in _groups(players, by):
        g = run.games
        for k, v in zip(by, key):
            g = g[g[k] == v]
        row = dict(zip(by, key), games=len(g))
        row.update(interval_columns("score", mean_ci(p["score"])))
        row["score_sd"] = float(p["score"].std(ddof=1)) if len(p) > 1 else np.nan
        for q in (10, 50, 90):
            row[f"score_p{q}"] = float(np.percentile(p["score"], q))
        row["top_score"] = float(g["top_score"].mean())
        row["top_score_sd"] = float(g["top_score"].std(ddof=1)) if len(g) > 1 else np.nan
        row.update(interval_columns("margin", mean_ci(g["margin"])))
        per_game = p.groupby(["variant", "game_index"])[["journey_bursts", "score"]].sum()
        share = per_game["journey_bursts"] / per_game["score"].where(per_game["score"] != 0)
        row.update(interval_columns("journey_share", mean_ci(share)))
        game_means = p.groupby(["variant", "game_index"])["score"].transform("mean")
        var_all = float(p["score"].var(ddof=0))
        row["between_game_share"] = float(game_means.var(ddof=0)) / var_all if var_all else np.nan
        adv = p.groupby("adventurer", observed=True)["win_share"].mean()
        row["adventurer_spread"] = float(adv.max() - adv.min()) if len(adv) > 1 else np.nan
        row["adventurer_sd"] = float(adv.std(ddof=1)) if len(adv) > 1 else np.nan
        seat = p.groupby("turn_pos")["win_share"].mean()
        row["seat_spread"] = float(seat.max() - seat.min()) if len(seat) > 1 else np.nan
        rows.append(row)
    return pd.DataFrame(rows, columns=by + COLUMNS)


def score_parts(run: Run, by=SLICE) -> pd.DataFrame:
    """Mean of each part of the final score per slice (long form: slice, part, label, mean)."""
    by = list(by)
    players = run.with_game_keys("players", by)
    rows = []
    for key, p in _groups(players, by):
        for col, label in SCORE_PARTS.items():
            rows.append(dict(zip(by, key), part=col, label=label, mean=float(p[col].mean())))
    return pd.DataFrame(rows, columns=by + ["part", "label", "mean"])
