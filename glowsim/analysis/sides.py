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
from .db import (RATIO_SCALE, SHARE_SCALE, combine_moments, exact_mean, exact_sum, ident,
                 moments_sql)
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
    """Players per final score: columns ``by``, score, count (sorted; queried once per run
    and ``by``)."""
    by = list(by)
    memo = ("score_histogram", tuple(by))
    if memo not in run.memo:
        kl = "".join(f"{ident(k)}, " for k in by)
        run.memo[memo] = run.scope.df(f"""SELECT {kl}score, count(*)::BIGINT AS count
            FROM {player_rows(run, by)} WHERE score IS NOT NULL GROUP BY ALL ORDER BY ALL""")
    return run.memo[memo].copy()


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


def player_sums(run: Run, by: list[str]) -> pd.DataFrame:
    """Per slice, a block of games at a time: the moments of the score (kind ``score``), of
    the per-game journey share and of each player's game mean score (``games``), of the
    per-game score spread, highest minus lowest final score (``spread``, for
    :func:`glowsim.analysis.seats.seat_summary`); per slice, adventurer and turn
    position the summed win shares.  One scan of the players rows per block, queried once
    per run and ``by``."""
    memo = ("player_sums", tuple(by))
    if memo not in run.memo:
        run.memo[memo] = _player_sums(run, by)
    return run.memo[memo]


def _player_sums(run: Run, by: list[str]) -> pd.DataFrame:
    """Every sum is exact (whole numbers, win shares times SHARE_SCALE; db.moments_sql), so the
    table is the same for any number of DuckDB threads.  The per-game means' moments (kind
    "games", b): n = sum of a game's players, mean = sum(sc) / sum(n), M2 = sum(sc^2 / n) -
    sum(sc)^2 / sum(n), with sc^2 / n summed as the whole number 12 sc^2 / n (n = 1..4)."""
    kl = "".join(f"{ident(k)}, " for k in by)
    pk = "".join(f"pg.{ident(k)}, " for k in by)

    def sql(part):
        p = player_rows(run, by, part, columns=["score", "journey_bursts", "adventurer",
                                                 "turn_pos", "win_share"])
        return f"""WITH p AS {p},
            pg AS (SELECT {kl}variant, game_index, count(score) AS n,
                          sum(journey_bursts) AS j, sum(score) AS sc,
                          max(score) - min(score) AS spread FROM p GROUP BY ALL)
            SELECT 'score' AS kind, {kl}NULL AS sub, {moments_sql('score', 'a')},
                   NULL::DOUBLE AS b_n, NULL::DOUBLE AS b_mean, NULL::DOUBLE AS b_m2,
                   NULL::DOUBLE AS ws, NULL::DOUBLE AS n_ws
            FROM p GROUP BY ALL
            UNION ALL
            SELECT 'games', {pk}NULL,
                   {moments_sql('CASE WHEN sc <> 0 THEN j / sc END', 'a', RATIO_SCALE)},
                   sum(n)::DOUBLE, (sum(sc)::DOUBLE / sum(n))::DOUBLE,
                   greatest(sum(CASE WHEN n > 0 THEN (12 * sc * sc) // n END)::DOUBLE / 12
                            - sum(sc)::DOUBLE * sum(sc)::DOUBLE / sum(n), 0)::DOUBLE, NULL, NULL
            FROM pg GROUP BY ALL
            UNION ALL
            SELECT 'spread', {kl}NULL, {moments_sql('spread', 'a')}, NULL, NULL, NULL, NULL, NULL
            FROM pg GROUP BY ALL
            UNION ALL
            SELECT 'adventurer', {kl}adventurer, NULL, NULL, NULL, NULL, NULL, NULL,
                   {exact_sum('win_share', SHARE_SCALE)}, count(win_share)::DOUBLE
            FROM p GROUP BY ALL
            UNION ALL
            SELECT 'turn_pos', {kl}turn_pos::VARCHAR, NULL, NULL, NULL, NULL, NULL, NULL,
                   {exact_sum('win_share', SHARE_SCALE)}, count(win_share)::DOUBLE
            FROM p GROUP BY ALL"""
    return run.scope.each_part(sql)


def _game_moments(run: Run, by: list[str]) -> pd.DataFrame:
    kl = "".join(f"{ident(k)}, " for k in by)
    return run.scope.df(f"""SELECT {kl}count(*)::DOUBLE AS games, {moments_sql('top_score', 't')},
            {moments_sql('margin', 'm')}
        FROM {run.keyed_games(by, columns=["top_score", "margin"])} GROUP BY ALL""")


def side_summary(run: Run, by=SLICE) -> pd.DataFrame:
    by = list(by)
    sums = player_sums(run, by)
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
            means = (d["ws"] / SHARE_SCALE / d["n_ws"]).dropna()   # ws: exact, x SHARE_SCALE
            row[f"{name}_spread"] = float(means.max() - means.min()) if len(means) > 1 else np.nan
            if name == "adventurer":
                row["adventurer_sd"] = float(means.std(ddof=1)) if len(means) > 1 else np.nan
        rows.append(row)
    return pd.DataFrame(rows, columns=by + COLUMNS)


def score_parts(run: Run, by=SLICE) -> pd.DataFrame:
    """Mean of each part of the final score per slice (long form: slice, part, label, mean)."""
    by = list(by)
    kl = "".join(f"{ident(k)}, " for k in by)
    means = run.scope.df(f"""SELECT {kl}{', '.join(f'{exact_mean(c)}::DOUBLE AS {c}' for c in SCORE_PARTS)}
        FROM {player_rows(run, by)} GROUP BY ALL""")
    rows = []
    for key, p in _groups(means, by):
        for col, label in SCORE_PARTS.items():
            rows.append(dict(zip(by, key), part=col, label=label, mean=float(p[col].iloc[0])))
    return pd.DataFrame(rows, columns=by + ["part", "label", "mean"])


# ---- the two sides compared on the same seeds ----
#
# A variant on the province and one on the archipelago that differ in nothing else play game g
# from the same deal, first player and adventurers (same seed, same game index), so each figure
# is compared game by game.  The steps below are kept apart so that each can be computed
# elsewhere (e.g. in SQL) from the same inputs:
#   side_pairs(variants)                      which variants pair up, per player count
#   per_game_figures(games, players)          one row per (variant, game_index)
#   group_block_sums(players, column, ...)    per game block and group (seat, adventurer):
#                                             win_share sums and player-games
#   paired_side_differences(...)              the differences with their intervals

# balance figures, in report order: (figure, label, kind, judged)
#  kind "mean": a per-game quantity, paired t interval over games;
#  kind "spread": highest minus lowest group rate, bootstrap over blocks of game indices;
#  kind "size": |first player's win rate - 1/n|, bootstrap over blocks (sidemeasures.py);
#  kind "ratio": mean score spread / mean final score, bootstrap over blocks (sidemeasures.py).
#  judged: smaller is more balanced, and the verdict rests on these alone.  The signed
#  first-player advantage, the tie rate, the absolute score spread (it grows with the score
#  level) and the mean score are shown but not judged.
SIDE_FIGURES = [
    ("seat_gap", "seat gap (highest minus lowest seat win rate)", "spread", True),
    ("first_player_advantage", "first-player advantage (first player's win rate minus 1/n)",
     "mean", False),
    ("first_player_advantage_size", "size of the first-player advantage (its distance from 0, "
     "either way)", "size", True),
    ("adventurer_spread", "adventurer spread (highest minus lowest adventurer win rate)",
     "spread", True),
    ("relative_score_spread", "relative score spread (mean highest minus lowest final score in "
     "a game, over the mean final score)", "ratio", True),
    ("tie_rate", "tie rate (games with a tied top score)", "mean", False),
    ("score_spread", "score spread (highest minus lowest final score in a game)", "mean", False),
    ("score", "mean final score", "mean", False),
]
# each figure as the text names it
FIGURE_NAMES = {"seat_gap": "seat gap", "first_player_advantage": "first-player advantage",
                "first_player_advantage_size": "size of the first-player advantage",
                "adventurer_spread": "adventurer spread",
                "relative_score_spread": "score spread relative to the mean score",
                "tie_rate": "tie rate", "score_spread": "score spread", "score": "mean score"}
JUDGED = tuple(f for f, _, _, judged in SIDE_FIGURES if judged)
# unit of each figure: "points" of win rate, "% of games", "% of the mean score", "bursts"
SIDE_UNITS = {"seat_gap": "points", "first_player_advantage": "points",
              "first_player_advantage_size": "points", "adventurer_spread": "points",
              "relative_score_spread": "% of the mean score", "tie_rate": "% of games",
              "score_spread": "bursts", "score": "bursts"}
PERCENT_FIGURES = tuple(f for f, u in SIDE_UNITS.items() if u != "bursts")
DIFF_COLUMNS = ["n_players", "province_variant", "archipelago_variant", "figure", "label",
                "province", "province_low", "province_high", "archipelago", "archipelago_low",
                "archipelago_high", "difference", "difference_low", "difference_high",
                "games", "interval", "more_balanced"]
BOOT_BLOCKS = 200        # game indices grouped into at most this many consecutive blocks
BOOT_REPLICATES = 1000
BOOT_SEED = 0


def side_pairs(variants, games: pd.DataFrame) -> list[tuple[int, str, str]]:
    """(n_players, province variant, archipelago variant) for every two variants that differ
    only in the board side (their other settings equal) and share game indices."""
    from .settings import settings_frame
    if not variants:
        return []
    s = settings_frame(variants)
    side_of = games.groupby("variant", observed=True)["side"].first().astype(str).to_dict()
    n_of = games.groupby("variant", observed=True)["n_players"].first().to_dict()
    rest = [c for c in s.columns if c not in ("side", "sweep.side")]
    key = {v: repr([(c, repr(s.at[v, c])) for c in rest]) for v in s.index}
    groups: dict[str, dict[str, list]] = {}
    for v in s.index:
        if v in side_of:
            groups.setdefault(key[v], {}).setdefault(side_of[v], []).append(v)
    out = []
    for g in groups.values():
        p, a = g.get("province", []), g.get("archipelago", [])
        if len(p) == 1 and len(a) == 1 and n_of[p[0]] == n_of[a[0]]:
            out.append((int(n_of[p[0]]), p[0], a[0]))
    return sorted(out)


def per_game_figures(games: pd.DataFrame, players: pd.DataFrame) -> pd.DataFrame:
    """One row per (variant, game_index): n_players, first_win (the first player's win share),
    tie (top score tied before the tie-break, E9), score_spread (highest minus lowest final
    score) and score (mean final score)."""
    g = games[["variant", "game_index", "n_players", "margin"]].copy()
    g["variant"] = g["variant"].astype(str)
    p = players[["variant", "game_index", "turn_pos", "score", "win_share"]].copy()
    p["variant"] = p["variant"].astype(str)
    by = p.groupby(["variant", "game_index"])
    agg = pd.DataFrame({"score": by["score"].mean(),
                        "score_spread": by["score"].max() - by["score"].min()})
    first = p[p["turn_pos"] == 0].set_index(["variant", "game_index"])["win_share"]
    agg["first_win"] = first
    out = g.set_index(["variant", "game_index"]).join(agg, how="inner")
    out["tie"] = (out.pop("margin") == 0).astype(float)
    return out.reset_index()[["variant", "game_index", "n_players", "first_win", "tie",
                              "score_spread", "score"]]


def block_grid(game_index: np.ndarray, blocks: int = BOOT_BLOCKS) -> tuple[int, int, int]:
    """(first game index, game indices per block, blocks): consecutive game indices grouped
    into at most ``blocks`` blocks (a block holds the same games on both sides)."""
    from .bots import cluster_grid
    return cluster_grid(np.asarray(game_index, dtype=np.int64), blocks)


def group_block_sums(players: pd.DataFrame, column: str, grid: tuple, groups=None):
    """(S, N, groups): S[b, k] the win shares and N[b, k] the player-games of group k (a value
    of ``column``: turn_pos or adventurer) in block b of ``grid``."""
    lo, width, n = grid
    vals = players[column].astype(str) if column == "adventurer" else players[column]
    groups = sorted(vals.unique()) if groups is None else list(groups)
    b = (players["game_index"].to_numpy(np.int64) - lo) // width
    k = pd.Categorical(vals, categories=groups).codes
    ok = (k >= 0) & (b >= 0) & (b < n)
    S = np.zeros((n, len(groups)))
    N = np.zeros((n, len(groups)))
    np.add.at(S, (b[ok], k[ok]), players["win_share"].to_numpy(float)[ok])
    np.add.at(N, (b[ok], k[ok]), 1.0)
    return S, N, groups


def _spread(S, N) -> np.ndarray:
    """Highest minus lowest rate S/N over the groups with games (last axis)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        r = np.where(N > 0, S / np.where(N > 0, N, 1), np.nan)
    return np.nanmax(r, axis=-1) - np.nanmin(r, axis=-1)


def _percentiles(x) -> tuple[float, float]:
    x = x[np.isfinite(x)]
    if len(x) < 2:
        return np.nan, np.nan
    lo, hi = np.percentile(x, [2.5, 97.5])
    return float(lo), float(hi)


def spread_difference(sums_a, sums_b, weights) -> dict:
    """The spread of each side from its block sums (S, N) and of a - b, each with the 95%
    percentile interval over bootstrap replicates that resample the same blocks on both sides
    (``weights``: replicates x blocks, multinomial counts): keys a, a_low, a_high, b, b_low,
    b_high, d, d_low, d_high."""
    (Sa, Na), (Sb, Nb) = sums_a, sums_b
    a, b = float(_spread(Sa.sum(0), Na.sum(0))), float(_spread(Sb.sum(0), Nb.sum(0)))
    ra, rb = _spread(weights @ Sa, weights @ Na), _spread(weights @ Sb, weights @ Nb)
    out = dict(a=a, b=b, d=a - b)
    for k, r in (("a", ra), ("b", rb), ("d", ra - rb)):
        out[f"{k}_low"], out[f"{k}_high"] = _percentiles(r)
    return out


def _judge(a: float, b: float, lo: float, hi: float) -> str:
    """The side with the smaller figure when the interval of a - b excludes 0, else ''."""
    if not (np.isfinite(lo) and np.isfinite(hi)) or lo <= 0 <= hi:
        return ""
    return "province" if hi < 0 else "archipelago"


def paired_side_differences(per_game: pd.DataFrame, players: pd.DataFrame, pairs,
                            replicates: int = BOOT_REPLICATES, seed: int = BOOT_SEED,
                            blocks: int = BOOT_BLOCKS) -> pd.DataFrame:
    """Province minus archipelago of every figure of :data:`SIDE_FIGURES`, per pair of
    :func:`side_pairs`, over the game indices both variants played.

    ``per_game`` is :func:`per_game_figures`; ``players`` needs variant, game_index, turn_pos,
    adventurer and win_share.  Mean figures: mean of the per-game differences with its t
    interval.  Spread, size and ratio figures: percentile interval of ``replicates`` bootstrap
    resamples of blocks of consecutive game indices (the same blocks for both sides; the
    weights come from the counter-based stream of glowsim/seeding.py keyed by ``seed``); the
    size of the first-player advantage is compared as the difference of the two absolute
    values (glowsim/analysis/sidemeasures.py).  ``more_balanced``: the side whose figure is
    smaller when the interval excludes 0 (judged figures only)."""
    from . import sidemeasures as M
    from .bots import boot_weights
    from .intervals import mean_ci, paired_diff
    rows = []
    pg = per_game.assign(variant=per_game["variant"].astype(str))
    pl = players.assign(variant=players["variant"].astype(str))
    for n, vp, va in pairs:
        a = pg[pg["variant"] == vp].set_index("game_index")
        b = pg[pg["variant"] == va].set_index("game_index")
        common = a.index.intersection(b.index).sort_values()
        if len(common) == 0:
            continue
        a, b = a.loc[common], b.loc[common]
        pa = pl[(pl["variant"] == vp) & pl["game_index"].isin(common)]
        pb = pl[(pl["variant"] == va) & pl["game_index"].isin(common)]
        grid = block_grid(common.to_numpy())
        weights = boot_weights(grid[2], replicates, seed)
        for fig, label, kind, judged in SIDE_FIGURES:
            if kind == "mean":
                col = "first_win" if fig == "first_player_advantage" else (
                    "tie" if fig == "tie_rate" else fig)
                shift = 1.0 / n if fig == "first_player_advantage" else 0.0
                ia, ib = (mean_ci(x[col].to_numpy(float)) for x in (a, b))
                iv = paired_diff(a[col].to_numpy(float), b[col].to_numpy(float))
                r = dict(a=ia.estimate - shift, a_low=ia.low - shift, a_high=ia.high - shift,
                         b=ib.estimate - shift, b_low=ib.low - shift, b_high=ib.high - shift,
                         d=iv.estimate, d_low=iv.low, d_high=iv.high)
                how = "paired t over games"
            elif kind in ("size", "ratio"):
                cols, stat = ((["first_win"], M.first_player_size(n)) if kind == "size" else
                              (["score_spread", "score"], M.relative_spread))
                ga, gb = (M.game_block_sums(x.reset_index(), cols, grid) for x in (a, b))
                r = M.statistic_difference(ga, gb, weights, stat)
                how = f"bootstrap over {grid[2]} blocks of games"
            else:
                column = "turn_pos" if fig == "seat_gap" else "adventurer"
                groups = sorted(set(pa[column].astype(str) if column == "adventurer"
                                    else pa[column]) |
                                set(pb[column].astype(str) if column == "adventurer"
                                    else pb[column]))
                sa = group_block_sums(pa, column, grid, groups)[:2]
                sb = group_block_sums(pb, column, grid, groups)[:2]
                r = spread_difference(sa, sb, weights)
                how = f"bootstrap over {grid[2]} blocks of games"
            rows.append(dict(n_players=int(n), province_variant=vp, archipelago_variant=va,
                             figure=fig, label=label,
                             province=r["a"], province_low=r["a_low"], province_high=r["a_high"],
                             archipelago=r["b"], archipelago_low=r["b_low"],
                             archipelago_high=r["b_high"], difference=r["d"],
                             difference_low=r["d_low"], difference_high=r["d_high"],
                             games=len(common), interval=how,
                             more_balanced=_judge(r["a"], r["b"], r["d_low"], r["d_high"])
                             if judged else ""))
    return pd.DataFrame(rows, columns=DIFF_COLUMNS)


def side_differences(run: Run, replicates: int = BOOT_REPLICATES,
                     seed: int = BOOT_SEED) -> pd.DataFrame:
    """:func:`paired_side_differences` of every province/archipelago pair of the run."""
    sides = run.scope.df(f"""SELECT variant, first(side) AS side,
        first(n_players) AS n_players FROM {run.scope.rel('games')} GROUP BY variant""")
    pairs = side_pairs(run.variants, sides)     # one row a variant: no table is loaded
    if not pairs:
        return pd.DataFrame(columns=DIFF_COLUMNS)
    names = sorted({v for _, p, a in pairs for v in (p, a)})
    sub = run.subset(names)
    return paired_side_differences(per_game_figures(sub.games, sub.players), sub.players,
                                   pairs, replicates, seed)


def side_verdicts(diffs: pd.DataFrame) -> pd.DataFrame:
    """One row per (n_players, pair): ``verdict``, a sentence saying which side is more
    balanced and on which measures (those that decided it), or that no judged measure
    differs clearly (naming the measures judged)."""
    rows = []
    for (n, vp, va), d in diffs.groupby(["n_players", "province_variant",
                                         "archipelago_variant"], sort=True):
        on = {s: [r["figure"] for _, r in d.iterrows() if r["more_balanced"] == s]
              for s in ("province", "archipelago")}
        label = {f: FIGURE_NAMES.get(f, f.replace("_", " ")) for f in d["figure"]}
        sides = [s for s in on if on[s]]
        if not sides:
            judged = [label[f] for f in d["figure"] if f in JUDGED]
            verdict = "no clear difference" + (f" (judged on {', '.join(judged)})"
                                               if judged else "")
        elif len(sides) == 1:
            verdict = (f"{sides[0]} is more balanced "
                       f"({', '.join(label[f] for f in on[sides[0]])})")
        else:
            verdict = "mixed: " + "; ".join(
                f"{s} more balanced on {', '.join(label[f] for f in on[s])}" for s in sides)
        rows.append(dict(n_players=int(n), province_variant=vp, archipelago_variant=va,
                         games=int(d["games"].iloc[0]), verdict=verdict))
    return pd.DataFrame(rows, columns=["n_players", "province_variant", "archipelago_variant",
                                       "games", "verdict"])
