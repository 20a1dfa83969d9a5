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
from .db import combine_moments, ident, moments_sql
from .intervals import interval_columns, interval_of
from .load import Run
from .rows import player_rows

COLUMNS = ["games", "score", "score_low", "score_high", "score_sd", "score_p10", "score_p50",
           "score_p90", "top_score", "top_score_sd", "margin", "margin_low", "margin_high",
           "journey_share", "journey_share_low", "journey_share_high", "between_game_share",
           "adventurer_spread", "adventurer_sd", "seat_spread"]

# final score = score on the track before the count + the end-game parts (R8)
SCORE_PARTS = {"track": "score track (in-game bursts)", "cards_bursts": "printed card bursts",
               "journey_bursts": "journey", "firefly_bonus": "firefly bonus",
               "footprint_bursts": "footprints"}


def score_histogram(run: Run, by=SLICE) -> pd.DataFrame:
    """Players per final score: columns ``by``, score, count (sorted)."""
    by = list(by)
    kl = "".join(f"{ident(k)}, " for k in by)
    return run.scope.df(f"""SELECT {kl}score, count(*)::BIGINT AS count
        FROM {player_rows(run, by)} WHERE score IS NOT NULL GROUP BY ALL ORDER BY ALL""")


def hist_percentile(values, counts, q: float) -> float:
    """``np.percentile`` (linear) of the values repeated ``counts`` times, values sorted."""
    values = np.asarray(values, dtype=float)
    cum = np.cumsum(np.asarray(counts, dtype=np.int64))
    n = int(cum[-1]) if len(cum) else 0
    if n == 0:
        return np.nan
    h = q / 100 * (n - 1)
    lo = int(np.floor(h))
    a = values[np.searchsorted(cum, lo, side="right")]
    b = values[np.searchsorted(cum, min(lo + 1, n - 1), side="right")]
    t = h - lo
    return float(a + (b - a) * t) if t < 0.5 else float(b - (b - a) * (1 - t))


def _player_sums(run: Run, by: list[str]) -> pd.DataFrame:
    """Per slice, a block of games at a time: the moments of the score, of the per-game
    journey share and of each player's game mean score; per slice, adventurer and turn
    position the summed win shares."""
    kl = "".join(f"{ident(k)}, " for k in by)
    pk = "".join(f"pg.{ident(k)}, " for k in by)
    on = " AND ".join([f"pg.{ident(k)} IS NOT DISTINCT FROM pm.{ident(k)}" for k in by]) \
        or "TRUE"

    def sql(part):
        return f"""WITH p AS {player_rows(run, by, part)},
            pg AS (SELECT {kl}variant, game_index, count(score) AS n, avg(score) AS gm,
                          sum(journey_bursts) AS j, sum(score) AS sc FROM p GROUP BY ALL),
            pm AS (SELECT {kl}sum(n * gm) / sum(n) AS mu FROM pg GROUP BY ALL)
            SELECT 'score' AS kind, {kl}NULL AS sub, {moments_sql('score', 'a')},
                   NULL::DOUBLE AS b_n, NULL::DOUBLE AS b_mean, NULL::DOUBLE AS b_m2,
                   NULL::DOUBLE AS ws, NULL::DOUBLE AS n_ws
            FROM p GROUP BY ALL
            UNION ALL
            SELECT 'games', {pk}NULL,
                   {moments_sql('CASE WHEN sc <> 0 THEN j / sc END', 'a')},
                   sum(n)::DOUBLE, (sum(n * gm) / sum(n))::DOUBLE,
                   sum(n * (gm - pm.mu) * (gm - pm.mu))::DOUBLE, NULL, NULL
            FROM pg JOIN pm ON {on} GROUP BY ALL
            UNION ALL
            SELECT 'adventurer', {kl}adventurer, NULL, NULL, NULL, NULL, NULL, NULL,
                   coalesce(sum(win_share), 0)::DOUBLE, count(win_share)::DOUBLE
            FROM p GROUP BY ALL
            UNION ALL
            SELECT 'turn_pos', {kl}turn_pos::VARCHAR, NULL, NULL, NULL, NULL, NULL, NULL,
                   coalesce(sum(win_share), 0)::DOUBLE, count(win_share)::DOUBLE
            FROM p GROUP BY ALL"""
    return run.scope.each_part(sql)


def _game_moments(run: Run, by: list[str]) -> pd.DataFrame:
    gk = "".join(f"g.{ident(k)}, " for k in by)
    full = run.scope.rel("games", None, ["variant", "game_index", "top_score", "margin"])
    return run.scope.df(f"""SELECT {gk}count(*)::DOUBLE AS games, {moments_sql('top_score', 't')},
            {moments_sql('margin', 'm')}
        FROM {run.keyed_games(by)} g JOIN {full} f USING (variant, game_index)
        GROUP BY ALL""")


def side_summary(run: Run, by=SLICE) -> pd.DataFrame:
    by = list(by)
    sums = _player_sums(run, by)
    games = _game_moments(run, by)
    hist = score_histogram(run, by)
    rows = []
    for key, ps in _groups(sums, by):
        g, h = games, hist
        for k, v in zip(by, key):
            g, h = g[g[k] == v], h[h[k] == v]
        sc = combine_moments(ps[ps["kind"] == "score"], [], {"a": ("a_n", "a_mean", "a_m2")})
        gm = combine_moments(ps[ps["kind"] == "games"], [], {"a": ("a_n", "a_mean", "a_m2"),
                                                              "b": ("b_n", "b_mean", "b_m2")})
        sc, gm = sc.iloc[0], gm.iloc[0]
        tm = combine_moments(g, [], {"t": ("t_n", "t_mean", "t_m2"),
                                     "m": ("m_n", "m_mean", "m_m2")}).iloc[0]
        row = dict(zip(by, key), games=int(g["games"].sum()))
        row.update(interval_columns("score", interval_of(sc["a_mean"], sc["a_sd"], sc["a_n"])))
        row["score_sd"] = float(sc["a_sd"]) if sc["a_n"] > 1 else np.nan
        for q in (10, 50, 90):
            row[f"score_p{q}"] = hist_percentile(h["score"], h["count"], q)
        row["top_score"] = float(tm["t_mean"])
        row["top_score_sd"] = float(tm["t_sd"]) if tm["t_n"] > 1 else np.nan
        row.update(interval_columns("margin", interval_of(tm["m_mean"], tm["m_sd"], tm["m_n"])))
        row.update(interval_columns("journey_share",
                                    interval_of(gm["a_mean"], gm["a_sd"], gm["a_n"])))
        n = sc["a_n"]
        var_all = float(sc["a_sd"] ** 2 * (n - 1) / n) if n > 1 else 0.0
        var_games = float(gm["b_sd"] ** 2 * (gm["b_n"] - 1) / gm["b_n"]) if gm["b_n"] > 1 else 0.0
        row["between_game_share"] = var_games / var_all if var_all else np.nan
        for name, kind in (("adventurer", "adventurer"), ("seat", "turn_pos")):
            d = ps[ps["kind"] == kind].groupby("sub")[["ws", "n_ws"]].sum()
            means = (d["ws"] / d["n_ws"]).dropna()
            row[f"{name}_spread"] = float(means.max() - means.min()) if len(means) > 1 else np.nan
            if name == "adventurer":
                row["adventurer_sd"] = float(means.std(ddof=1)) if len(means) > 1 else np.nan
        rows.append(row)
    return pd.DataFrame(rows, columns=by + COLUMNS)


def score_parts(run: Run, by=SLICE) -> pd.DataFrame:
    """Mean of each part of the final score per slice (long form: slice, part, label, mean)."""
    by = list(by)
    kl = "".join(f"{ident(k)}, " for k in by)
    means = run.scope.df(f"""SELECT {kl}{', '.join(f'avg({c})::DOUBLE AS {c}' for c in SCORE_PARTS)}
        FROM {player_rows(run, by)} GROUP BY ALL""")
    rows = []
    for key, p in _groups(means, by):
        for col, label in SCORE_PARTS.items():
            rows.append(dict(zip(by, key), part=col, label=label, mean=float(p[col].iloc[0])))
    return pd.DataFrame(rows, columns=by + ["part", "label", "mean"])
