"""Seat balance per slice (n_players, side): win rate per seat, and the game-level fairness
figures beside the seat gap, as game-evaluation reports give them.

Seats are positions in the first round's turn order (``turn_pos``, 0 = first
player); the first-player token then passes to the left each round (R7).

* :func:`seat_win_rates` one row per slice and turn position: win rate (Wilson).
* :func:`seat_summary` one row per slice:
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
from .db import SHARE_SCALE, combine_moments, exact_sum, ident, moments_sql
from .intervals import interval_columns, interval_of, newcombe_diff, wilson
from .load import Run
from .rows import player_rows
from .sides import player_sums

SEAT_COLUMNS = ["turn_pos", "games", "win_rate", "win_rate_low", "win_rate_high", "fair_share"]
SUMMARY_COLUMNS = ["games", "seat_gap", "seat_gap_low", "seat_gap_high", "best_seat", "worst_seat",
                   "first_player_advantage", "first_player_advantage_low",
                   "first_player_advantage_high", "tie_rate", "tie_rate_low", "tie_rate_high",
                   "shared_win_rate", "shared_win_rate_low", "shared_win_rate_high",
                   "score_spread", "score_spread_low", "score_spread_high",
                   "margin", "margin_low", "margin_high"]


def _seat_sums(run: Run, by: list[str]) -> pd.DataFrame:
    """Per slice and turn position: player-games and summed win shares times SHARE_SCALE (an
    exact sum, the same for any number of threads; SQL, once per run and ``by``)."""
    memo = ("seat_sums", tuple(by))
    if memo not in run.memo:
        kl = "".join(f"{ident(k)}, " for k in by)
        run.memo[memo] = run.scope.df(f"""SELECT {kl}turn_pos, count(*)::DOUBLE AS n,
            {exact_sum('win_share', SHARE_SCALE)} AS ws FROM {player_rows(run, by)}
            GROUP BY ALL ORDER BY ALL""")
    return run.memo[memo].copy()


def seat_win_rates(run: Run, by=SLICE) -> pd.DataFrame:
    by = list(by)
    rows = []
    for key, p in _groups(_seat_sums(run, by), by):
        for _, s in p.sort_values("turn_pos").iterrows():
            row = dict(zip(by, key))
            row.update(turn_pos=int(s["turn_pos"]), games=int(s["n"]))
            row.update(interval_columns("win_rate", wilson(s["ws"] / SHARE_SCALE, int(s["n"]))))
            row["fair_share"] = 1.0 / key[by.index("n_players")] if "n_players" in by else np.nan
            rows.append(row)
    return pd.DataFrame(rows, columns=by + SEAT_COLUMNS)


def _game_sums(run: Run, by: list[str]) -> pd.DataFrame:
    """Per slice: games, ties, shared wins, n_players seen and the moments of the margin
    (kind ``games``, from ``games``), and the moments of the per-game score spread (kind
    ``spread``, from :func:`glowsim.analysis.sides.player_sums`)."""
    kl = "".join(f"{ident(k)}, " for k in by)
    g = run.keyed_games(by, None, columns=["n_players", "margin", "n_winners"])
    games = run.scope.df(f"""SELECT 'games' AS kind, {kl}count(*)::DOUBLE AS games,
               (count(*) FILTER (WHERE margin = 0))::DOUBLE AS ties,
               (count(*) FILTER (WHERE n_winners > 1))::DOUBLE AS shared,
               min(n_players)::DOUBLE AS n_lo, max(n_players)::DOUBLE AS n_hi,
               {moments_sql('margin', 'm')}
        FROM {g} GROUP BY ALL""")
    ps = player_sums(run, by)
    sp = ps.loc[ps["kind"] == "spread", ["kind"] + by + ["a_n", "a_mean", "a_m2"]]
    sp = sp.rename(columns={"a_n": "m_n", "a_mean": "m_mean", "a_m2": "m_m2"})
    return pd.concat([games, sp], ignore_index=True)


def seat_summary(run: Run, by=SLICE) -> pd.DataFrame:
    by = list(by)
    seats = seat_win_rates(run, by)
    sums = _seat_sums(run, by)
    games = _game_sums(run, by)
    rows = []
    for key, gg in _groups(games[games["kind"] == "games"], by):
        row = dict(zip(by, key))
        n_games = int(gg["games"].sum())
        row["games"] = n_games
        s, p, sp = seats, sums, games[games["kind"] == "spread"]
        for k, v in zip(by, key):
            s, p, sp = s[s[k] == v], p[p[k] == v], sp[sp[k] == v]
        if len(s) >= 2:
            best, worst = s.loc[s["win_rate"].idxmax()], s.loc[s["win_rate"].idxmin()]
            sb = p[p["turn_pos"] == best["turn_pos"]]
            sw = p[p["turn_pos"] == worst["turn_pos"]]
            row.update(interval_columns("seat_gap", newcombe_diff(
                sb["ws"].sum() / SHARE_SCALE, int(sb["n"].sum()), sw["ws"].sum() / SHARE_SCALE,
                int(sw["n"].sum()))))
            row.update(best_seat=int(best["turn_pos"]) + 1, worst_seat=int(worst["turn_pos"]) + 1)
        else:
            row.update(seat_gap=np.nan, seat_gap_low=np.nan, seat_gap_high=np.nan,
                       best_seat=np.nan, worst_seat=np.nan)
        n = int(gg["n_lo"].min()) if gg["n_lo"].min() == gg["n_hi"].max() else np.nan
        first = p[p["turn_pos"] == 0]
        w = wilson(first["ws"].sum() / SHARE_SCALE, int(first["n"].sum()))
        fair = 1.0 / n if n == n else np.nan
        row.update(first_player_advantage=w.estimate - fair, first_player_advantage_low=w.low - fair,
                   first_player_advantage_high=w.high - fair)
        row.update(interval_columns("tie_rate", wilson(int(gg["ties"].sum()), n_games)))
        row.update(interval_columns("shared_win_rate", wilson(int(gg["shared"].sum()), n_games)))
        for name, d in (("score_spread", sp), ("margin", gg)):
            m = combine_moments(d, [], {"m": ("m_n", "m_mean", "m_m2")}).iloc[0]
            row.update(interval_columns(name, interval_of(m["m_mean"], m["m_sd"], m["m_n"])))
        rows.append(row)
    return pd.DataFrame(rows, columns=by + SUMMARY_COLUMNS)
