"""Solo against Tom (R9): the player's odds per adventurer and side, the scores, Tom's tiles.

Only solo games are used: ``n_players == 1`` with Tom's columns on ``games``
(contract.md section 6); every function returns an empty table for a run without
them.  One slice is one board side.

* :func:`solo_games` one row per solo game: side, adventurer, the player's
  score, Tom's score and its parts, ``margin`` (player minus Tom) and ``win``
  (strictly more than Tom, R9).
* :func:`solo_win_rates` per side and adventurer: ``games``, ``wins``,
  ``win_rate`` (Wilson), mean ``margin``, player ``score`` and ``tom_score``
  (t intervals); plus one ``all`` row per side (see *clusters*).
* :func:`solo_scores` per side, for the player and for Tom: mean final score,
  SD and percentiles; Tom's rows also the means of his score parts.
* :func:`tile_takes` one row per tile taken (recruit rows with a ``tile``):
  the tile, its position ``k`` (0 = first tile of the game) among the ``K``
  tiles of the game, ``immediate`` = what Tom's score moved when it was taken
  (band after it plus its printed bursts) and ``attributed`` = its meeples times
  the tiles taken from it to the end (``K - k``: each meeple adds 1 to every
  later band score, this one included) plus its printed bursts.  Both add up,
  over a game, to Tom's points from tiles; the journey step (village or boat)
  is in neither.
* :func:`tile_impact` per side and tile: how often it was taken, the mean
  attributed bursts per take and per game, and the player's win rate in games
  where the tile was taken more often than its median per-game count against
  games where it was taken less (``more``/``less``, the counts in
  ``more_counts``/``less_counts``), with the difference.

Clusters: variants of a scenario share seeds, so on one side the games of
different variants with the same ``game_index`` are not independent (same deck,
same tiles).  Pooled quantities (``all`` rows, scores, tiles) are ratio
estimators over game-index clusters with delta-method 95% intervals
(:func:`glowsim.analysis.intervals.ratio_ci`); a difference of two such rates
uses the same linearisation of both.  Per-adventurer win rates come from one
variant each (independent games) and use Wilson intervals.
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from .intervals import interval_columns, mean_ci, ratio_ci, rate_diff_clustered, wilson
from .load import Run
from ..errors import UserError

TOM_COLUMNS = ["tom_score", "tom_track", "tom_journey", "tom_footprints", "tom_band",
               "tom_colors"]
GAME_COLUMNS = ["variant", "game_index", "side", "adventurer", "bot", "score", "tom_score",
                "tom_track", "tom_journey", "tom_footprints", "tom_band", "tom_colors", "margin",
                "win"]
WIN_COLUMNS = ["side", "adventurer", "games", "wins", "win_rate", "win_rate_low", "win_rate_high",
               "margin", "margin_low", "margin_high", "score", "score_low", "score_high",
               "tom_score", "tom_score_low", "tom_score_high"]
SCORE_COLUMNS = ["side", "who", "games", "mean", "mean_low", "mean_high", "sd", "p10", "p50",
                 "p90", "track", "journey", "footprints", "band"]
TAKE_COLUMNS = ["variant", "game_index", "side", "tile", "k", "K", "band", "bursts", "journey",
                "immediate", "attributed"]
TILE_COLUMNS = ["side", "tile", "band", "bursts", "journey", "games", "takes", "takes_per_game",
                "bursts_per_take", "bursts_per_take_low", "bursts_per_take_high",
                "immediate_per_take", "bursts_per_game", "bursts_per_game_low",
                "bursts_per_game_high", "median_count", "more_counts", "less_counts",
                "games_more", "games_less", "win_more", "win_more_low", "win_more_high",
                "win_less", "win_less_low", "win_less_high", "win_diff", "win_diff_low",
                "win_diff_high"]


_SIDE_ORDER = {"province": 0, "archipelago": 1}


def _by_side(df: pd.DataFrame):
    """Groups of ``df`` per side, province first."""
    for side in sorted(df["side"].unique(), key=lambda x: (_SIDE_ORDER.get(x, 2), x)):
        yield side, df[df["side"] == side]


def has_solo(run: Run) -> bool:
    """The run holds solo games with Tom's columns."""
    if not run.scope.has_column("games", "tom_score"):
        return False
    return bool(run.scope.rows(f"SELECT count(*) FROM {run.scope.rel('games')} "
                               f"WHERE n_players = 1 AND tom_score IS NOT NULL")[0][0])


def solo_variants(run: Run) -> list[str]:
    """Names of the variants whose games are solo games (in run order)."""
    solo = {r[0] for r in run.scope.rows(f"SELECT DISTINCT variant FROM "
                                          f"{run.scope.rel('games')} WHERE n_players = 1")}
    return [v for v in run.variant_names if v in solo]


def solo_games(run: Run) -> pd.DataFrame:
    if not has_solo(run):
        return pd.DataFrame(columns=GAME_COLUMNS)
    g = run.games[(run.games["n_players"] == 1) & run.games["tom_score"].notna()]
    g = g[["variant", "game_index", "side", *TOM_COLUMNS]]
    p = run.players[run.players["seat"] == 0][["variant", "game_index", "adventurer", "bot",
                                                "score"]]
    out = g.merge(p, on=["variant", "game_index"], how="inner", validate="one_to_one")
    for c in TOM_COLUMNS[:-1]:
        out[c] = out[c].astype(int)
    out["margin"] = out["score"] - out["tom_score"]
    out["win"] = out["margin"] > 0          # R9: strictly more than Tom
    return out[GAME_COLUMNS].sort_values(["variant", "game_index"], ignore_index=True)


def cluster_mean(df: pd.DataFrame, col: str, cluster: str = "game_index"):
    """Mean of ``col`` over rows, 95% interval with rows of one ``cluster`` value grouped."""
    c = df.groupby(cluster)[col].agg(["sum", "size"])
    return ratio_ci(c["sum"].to_numpy(float), c["size"].to_numpy(float))


def cluster_rate(df: pd.DataFrame, col: str, cluster: str = "game_index"):
    """A rate (mean of a 0/1 column) as :func:`cluster_mean`; at a rate of 0 or 1 the
    linearisation has no variance, so the Wilson interval (games independent) is used."""
    iv = cluster_mean(df, col, cluster)
    if len(df) and iv.estimate in (0.0, 1.0):
        return wilson(float(df[col].sum()), len(df))
    return iv


def solo_win_rates(run: Run) -> pd.DataFrame:
    sg = solo_games(run)
    rows = []
    for side, s in _by_side(sg):
        for adv, a in s.groupby("adventurer", sort=True):
            row = dict(side=side, adventurer=adv, games=len(a), wins=int(a["win"].sum()))
            row.update(interval_columns("win_rate", wilson(a["win"].sum(), len(a))))
            for c in ("margin", "score", "tom_score"):
                row.update(interval_columns(c, mean_ci(a[c])))
            rows.append(row)
        row = dict(side=side, adventurer="all", games=len(s), wins=int(s["win"].sum()))
        row.update(interval_columns("win_rate", cluster_rate(s.assign(win=s["win"].astype(float)),
                                                            "win")))
        for c in ("margin", "score", "tom_score"):
            row.update(interval_columns(c, cluster_mean(s, c)))
        rows.append(row)
    out = pd.DataFrame(rows, columns=WIN_COLUMNS)
    # sides in board order, adventurers by win rate (best first), the side's 'all' row last
    out["_s"] = out["side"].map(_SIDE_ORDER).fillna(len(_SIDE_ORDER))
    out["_a"] = out["adventurer"] == "all"
    return (out.sort_values(["_s", "side", "_a", "win_rate"], ascending=[True, True, True, False],
                            kind="stable").drop(columns=["_s", "_a"]).reset_index(drop=True))


def solo_scores(run: Run) -> pd.DataFrame:
    sg = solo_games(run)
    rows = []
    for side, s in _by_side(sg):
        for who, col in (("player", "score"), ("Tom", "tom_score")):
            v = s[col].to_numpy(float)
            iv = cluster_mean(s, col)
            row = dict(side=side, who=who, games=len(s), mean=iv.estimate, mean_low=iv.low,
                       mean_high=iv.high, sd=float(np.std(v, ddof=1)) if len(v) > 1 else math.nan,
                       p10=float(np.percentile(v, 10)), p50=float(np.percentile(v, 50)),
                       p90=float(np.percentile(v, 90)))
            if who == "Tom":
                row.update(track=float(s["tom_track"].mean()), journey=float(s["tom_journey"].mean()),
                           footprints=float(s["tom_footprints"].mean()),
                           band=float(s["tom_band"].mean()))
            rows.append(row)
    return pd.DataFrame(rows, columns=SCORE_COLUMNS)


def tile_content(run: Run) -> dict[str, pd.DataFrame]:
    """Tom's tiles (band = meeples, bursts, journey) per variant: the shipped tiles with the
    variant's content patch (``solo_tiles``) applied."""
    from ..content import load_content
    shipped = {k: v.model_dump() for k, v in load_content().solo_tiles.items()}
    out = {}
    for name in run.variant_names:
        tiles = {k: dict(v) for k, v in shipped.items()}
        v = run.variant(name)
        patch = (v.patch.get("solo_tiles") if v is not None and isinstance(v.patch, dict)
                 else None) or {}
        for tid, val in patch.items():
            if val is None:
                tiles.pop(tid, None)
            elif isinstance(val, dict):
                tiles.setdefault(tid, {}).update(val)
        out[name] = pd.DataFrame([dict(tile=k, band=int(t.get("band", 0)),
                                       bursts=int(t.get("bursts", 0)),
                                       journey=str(t.get("journey", "none")))
                                  for k, t in tiles.items()])
    return out


def tile_takes(run: Run, tiles: dict[str, pd.DataFrame] | None = None) -> pd.DataFrame:
    sg = solo_games(run)
    rec = run.recruits
    if sg.empty or "tile" not in rec.columns:
        return pd.DataFrame(columns=TAKE_COLUMNS)
    tiles = tiles if tiles is not None else tile_content(run)
    r = rec[rec["tile"].notna()][["variant", "game_index", "tile"]]
    r = r.merge(sg[["variant", "game_index", "side"]], on=["variant", "game_index"])
    if r.empty:
        return pd.DataFrame(columns=TAKE_COLUMNS)
    info = pd.concat([t.assign(variant=v) for v, t in tiles.items()], ignore_index=True)
    r = r.merge(info, on=["variant", "tile"], how="left", validate="many_to_one")
    if r["band"].isna().any():
        bad = sorted(set(r.loc[r["band"].isna(), "tile"]))
        raise UserError(f"recruits name tile(s) {', '.join(bad)} that the run's content does not have")
    grp = r.groupby(["variant", "game_index"], sort=False)
    r["k"] = grp.cumcount()
    r["K"] = grp["tile"].transform("size")
    r["immediate"] = grp["band"].cumsum() + r["bursts"]           # band after it + its bursts
    r["attributed"] = r["band"] * (r["K"] - r["k"]) + r["bursts"]  # meeples x tiles to the end
    for c in ("k", "K", "band", "bursts", "immediate", "attributed"):
        r[c] = r[c].astype(int)
    return r[TAKE_COLUMNS].reset_index(drop=True)


def _span(counts) -> str:
    counts = sorted(set(int(c) for c in counts))
    if not counts:
        return ""
    return str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"


def split_more_less(counts: pd.Series) -> tuple[pd.Series, pd.Series, float]:
    """Games where a tile was taken more / less often than its median per-game count m:
    more = count > m and less = count < m (games at m left out); when nothing lies below m
    (m is the lowest count) less = count <= m, when nothing lies above, more = count >= m."""
    m = float(np.floor(np.median(counts))) if len(counts) else math.nan
    more, less = counts > m, counts < m
    if not less.any():
        less = counts <= m
    if not more.any():
        more = counts >= m
    if (more & less).any():   # a single count value: no split
        more = less = pd.Series(False, index=counts.index)
    return more, less, m


def tile_impact(run: Run, tiles: dict[str, pd.DataFrame] | None = None) -> pd.DataFrame:
    sg = solo_games(run)
    if sg.empty:
        return pd.DataFrame(columns=TILE_COLUMNS)
    tiles = tiles if tiles is not None else tile_content(run)
    takes = tile_takes(run, tiles)
    if takes.empty:
        return pd.DataFrame(columns=TILE_COLUMNS)
    ids = list(dict.fromkeys(t for v in tiles.values() for t in v["tile"]))
    printed = pd.concat(list(tiles.values())).drop_duplicates("tile").set_index("tile")
    rows = []
    for side, s in _by_side(sg):
        keys = s[["variant", "game_index", "win"]].reset_index(drop=True)
        tk = takes[takes["side"] == side]
        count = (tk.groupby(["variant", "game_index", "tile"]).size().unstack("tile")
                 .reindex(columns=ids))
        burst = (tk.groupby(["variant", "game_index", "tile"])["attributed"].sum()
                 .unstack("tile").reindex(columns=ids))
        idx = pd.MultiIndex.from_frame(keys[["variant", "game_index"]])
        count = count.reindex(idx).fillna(0).astype(int)
        burst = burst.reindex(idx).fillna(0.0)
        for tid in ids:
            sel = tk[tk["tile"] == tid]
            c = count[tid].reset_index(drop=True)
            if len(sel) == 0 and not (tid in printed.index):
                continue
            row = dict(side=side, tile=tid, band=int(printed.loc[tid, "band"]),
                       bursts=int(printed.loc[tid, "bursts"]),
                       journey=str(printed.loc[tid, "journey"]), games=len(keys),
                       takes=int(c.sum()), takes_per_game=float(c.mean()))
            per_cluster = sel.groupby("game_index")["attributed"].agg(["sum", "size"])
            iv = ratio_ci(per_cluster["sum"].to_numpy(float), per_cluster["size"].to_numpy(float)) \
                if len(sel) else None
            row.update(interval_columns("bursts_per_take", iv) if iv else
                       dict(bursts_per_take=math.nan, bursts_per_take_low=math.nan,
                            bursts_per_take_high=math.nan))
            row["immediate_per_take"] = float(sel["immediate"].mean()) if len(sel) else math.nan
            g = keys.assign(b=burst[tid].to_numpy(float))
            row.update(interval_columns("bursts_per_game", cluster_mean(g, "b")))
            more, less, m = split_more_less(c)
            row.update(median_count=m, more_counts=_span(c[more]), less_counts=_span(c[less]),
                       games_more=int(more.sum()), games_less=int(less.sum()))
            w = keys["win"].astype(float)
            for name, mask in (("win_more", more), ("win_less", less)):
                part = keys[mask.to_numpy()].assign(w=w[mask.to_numpy()])
                row.update(interval_columns(name, cluster_rate(part, "w")) if len(part) else
                           {name: math.nan, f"{name}_low": math.nan, f"{name}_high": math.nan})
            d = rate_diff_clustered(w, more, less, keys["game_index"])
            row.update(win_diff=d[0], win_diff_low=d[1], win_diff_high=d[2])
            rows.append(row)
    return pd.DataFrame(rows, columns=TILE_COLUMNS)
