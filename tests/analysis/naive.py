"""Obvious pandas versions of the analysis tables, for tests only.

Each reads the whole run folder into memory with pandas and computes a table the slow,
plain way (merges, explode, groupby), written from the definitions in the analysis
modules' docstrings, not from their SQL.  The tests compare them with the DuckDB
versions at rtol 1e-9.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd

from glowsim.analysis.intervals import mean_ci, newcombe_diff, paired_diff, ratio_ci, wilson

GAME = ["variant", "game_index"]
PG = GAME + ["seat"]


def tables(path) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    path = Path(path)
    out = []
    for name in ("games", "players", "recruits"):
        df = pd.read_parquet(path / f"{name}.parquet")
        for c in df.columns:
            if c != "offered" and (df[c].dtype == object or str(df[c].dtype).startswith("str")):
                df[c] = df[c].astype(object)
        out.append(df)
    return tuple(out)


def _players(path, keys=("n_players", "side")) -> pd.DataFrame:
    g, p, _ = tables(path)
    p = p.merge(g[list(dict.fromkeys(GAME + list(keys)))], on=GAME)
    tot = p.groupby(GAME)["win_share"].transform("sum")
    cnt = p.groupby(GAME)["win_share"].transform("count")
    p["others"] = np.where(cnt > 1, (tot - p["win_share"]) / (cnt - 1).clip(lower=1), np.nan)
    return p


def companion_strength(path, by=("n_players", "side")) -> pd.DataFrame:
    by = list(by)
    g, _, r = tables(path)
    p = _players(path, by)
    cols = list(dict.fromkeys(GAME + by))
    r = r.merge(g[cols], on=GAME)
    o = r[list(dict.fromkeys(cols + ["seat", "companion", "offered"]))].explode("offered")
    o = o[o["offered"].notna()]
    o["offered"] = o["offered"].str.strip()
    o["taken"] = o["offered"] == o["companion"]
    rows = []
    for key, s in r.groupby(by):
        key = key if isinstance(key, tuple) else (key,)
        so = o.loc[(o[by] == pd.Series(key, index=by)).all(axis=1)]
        sp = p.loc[(p[by] == pd.Series(key, index=by)).all(axis=1)]
        rec = s[s["companion"].notna()].drop_duplicates(PG + ["companion"])
        rec = rec[PG + ["companion"]].merge(sp[PG + ["win_share", "others"]], on=PG, how="left")
        so = so.loc[:, ~so.columns.duplicated()]
        passed = so[~so["taken"]].drop_duplicates(PG + ["offered"])
        passed = passed.merge(rec[PG + ["companion"]].rename(columns={"companion": "offered"}),
                              on=PG + ["offered"], how="left", indicator=True)
        passed = passed[passed["_merge"] == "left_only"].merge(sp[PG + ["win_share"]], on=PG,
                                                               how="left")
        field = sp["win_share"].mean()
        cards = sorted(set(so["offered"]) | set(s["companion"].dropna()))
        for c in cards:
            co, cr, rr, pp = (so[so["offered"] == c], rec[rec["companion"] == c],
                              s[s["companion"] == c], passed[passed["offered"] == c])
            row = dict(zip(by, key), companion=c, offered=len(co), taken=int(co["taken"].sum()),
                       games=co[GAME].drop_duplicates().shape[0])
            row["pick_rate"] = wilson(row["taken"], row["offered"]).estimate
            row["taken_at"] = mean_ci(rr["pick"] + 1).estimate
            row["games_recruited"] = len(cr)
            w = wilson(cr["win_share"].sum(), len(cr))
            row.update(win_rate_recruited=w.estimate, win_rate_recruited_low=w.low,
                       win_rate_recruited_high=w.high)
            row["games_passed"] = len(pp)
            row["win_rate_passed"] = wilson(pp["win_share"].sum(), len(pp)).estimate
            iv = mean_ci(cr["win_share"] - cr["others"])
            row.update(improvement=iv.estimate, improvement_low=iv.low, improvement_high=iv.high)
            iv = mean_ci(rr["effect_bursts"] + rr["printed_bursts"])
            row.update(bursts=iv.estimate, bursts_low=iv.low, bursts_high=iv.high)
            row["left_early"] = wilson(int((rr["left_round"] >= 0).sum()), len(rr)).estimate
            row["field_win_rate"] = field
            rows.append(row)
    return pd.DataFrame(rows)


def adventurer_strength(path, by=("n_players", "side")) -> pd.DataFrame:
    by = list(by)
    p = _players(path, by)
    rows = []
    for key, s in p.groupby(by):
        key = key if isinstance(key, tuple) else (key,)
        for adv, a in s.groupby("adventurer"):
            w = wilson(a["win_share"].sum(), len(a))
            imp = mean_ci(a["win_share"] - a["others"])
            sc = mean_ci(a["score"])
            rows.append(dict(zip(by, key), adventurer=adv, games=len(a), win_rate=w.estimate,
                             win_rate_low=w.low, win_rate_high=w.high, improvement=imp.estimate,
                             improvement_low=imp.low, improvement_high=imp.high,
                             score=sc.estimate, score_low=sc.low, score_high=sc.high,
                             cards_bursts=a["cards_bursts"].mean(),
                             journey_bursts=a["journey_bursts"].mean(),
                             journey_share=a["journey_bursts"].sum() / a["score"].sum(),
                             field_win_rate=s["win_share"].mean()))
    return pd.DataFrame(rows)


def seat_summary(path) -> pd.DataFrame:
    g, _, _ = tables(path)
    p = _players(path)
    rows = []
    for (n, side), gg in g.groupby(["n_players", "side"]):
        pp = p[(p["n_players"] == n) & (p["side"] == side)]
        seat = pp.groupby("turn_pos")["win_share"].agg(["sum", "size", "mean"])
        b, w = seat["mean"].idxmax(), seat["mean"].idxmin()
        gap = newcombe_diff(seat.loc[b, "sum"], seat.loc[b, "size"], seat.loc[w, "sum"],
                            seat.loc[w, "size"])
        first = wilson(seat.loc[0, "sum"], seat.loc[0, "size"])
        spread = pp.groupby(GAME)["score"].agg(lambda x: x.max() - x.min())
        sp, mg = mean_ci(spread), mean_ci(gg["margin"])
        rows.append(dict(n_players=n, side=side, games=len(gg), seat_gap=gap.estimate,
                         seat_gap_low=gap.low, seat_gap_high=gap.high,
                         first_player_advantage=first.estimate - 1 / n,
                         tie_rate=wilson(int((gg["margin"] == 0).sum()), len(gg)).estimate,
                         shared_win_rate=wilson(int((gg["n_winners"] > 1).sum()),
                                                len(gg)).estimate,
                         score_spread=sp.estimate, score_spread_low=sp.low,
                         score_spread_high=sp.high, margin=mg.estimate, margin_low=mg.low))
    return pd.DataFrame(rows)


def side_summary(path) -> pd.DataFrame:
    g, _, _ = tables(path)
    p = _players(path)
    rows = []
    for (n, side), pp in p.groupby(["n_players", "side"]):
        gg = g[(g["n_players"] == n) & (g["side"] == side)]
        sc = mean_ci(pp["score"])
        per_game = pp.groupby(GAME)[["journey_bursts", "score"]].sum()
        share = mean_ci(per_game["journey_bursts"] / per_game["score"])
        gm = pp.groupby(GAME)["score"].transform("mean")
        adv = pp.groupby("adventurer")["win_share"].mean()
        seat = pp.groupby("turn_pos")["win_share"].mean()
        rows.append(dict(n_players=n, side=side, games=len(gg), score=sc.estimate,
                         score_low=sc.low, score_sd=pp["score"].std(),
                         score_p10=np.percentile(pp["score"], 10),
                         score_p50=np.percentile(pp["score"], 50),
                         score_p90=np.percentile(pp["score"], 90),
                         top_score=gg["top_score"].mean(), top_score_sd=gg["top_score"].std(),
                         margin=gg["margin"].mean(), journey_share=share.estimate,
                         journey_share_low=share.low,
                         between_game_share=gm.var(ddof=0) / pp["score"].var(ddof=0),
                         adventurer_spread=adv.max() - adv.min(), adventurer_sd=adv.std(),
                         seat_spread=seat.max() - seat.min()))
    return pd.DataFrame(rows)


def reroll_usage(path) -> pd.DataFrame:
    p = _players(path)
    rows = []
    for (n, side), pp in p.groupby(["n_players", "side"]):
        rows.append(dict(n_players=n, side=side, games=pp[GAME].drop_duplicates().shape[0],
                         players=len(pp), tokens=pp["rerolls_spent_token"].mean(),
                         uses_track=(pp["rerolls_spent_track"] > 0).mean(),
                         points_per_track_reroll=pp["track_points_spent"].sum()
                         / pp["rerolls_spent_track"].sum()))
    return pd.DataFrame(rows)


def token_gains(path, seat: int, baseline: str, variants) -> pd.DataFrame:
    """Per token variant: the paired score/win gains of ``seat`` and bursts per token reroll."""
    _, p, _ = tables(path)
    p = p[p["seat"] == seat].set_index(GAME)
    rows = []
    for v in variants:
        a, b = p.loc[v], p.loc[baseline]
        j = a.add_suffix("_v").join(b.add_suffix("_b"), how="inner")
        ds = j["score_v"] - j["score_b"]
        du = j["rerolls_spent_token_v"] - j["rerolls_spent_token_b"]
        s, w = paired_diff(j["score_v"], j["score_b"]), paired_diff(j["win_share_v"],
                                                                   j["win_share_b"])
        r = ratio_ci(ds, du)
        rows.append(dict(variant=v, pairs=len(j), score_gain=s.estimate, score_gain_low=s.low,
                         score_gain_high=s.high, win_gain=w.estimate, win_gain_low=w.low,
                         bursts_per_reroll=r.estimate, bursts_per_reroll_low=r.low,
                         bursts_per_reroll_high=r.high))
    return pd.DataFrame(rows)


def block_sums(path, blocks: int, kind: str) -> pd.DataFrame:
    """Per (n_players, side, card, block): player-games and summed win shares (companions:
    distinct recruiting player-games)."""
    g, _, r = tables(path)
    p = _players(path)
    lo, hi = g["game_index"].min(), g["game_index"].max()
    if kind == "companion":
        rec = r[r["companion"].notna()].drop_duplicates(PG + ["companion"])
        d = rec[PG + ["companion"]].merge(p[PG + ["n_players", "side", "win_share"]], on=PG)
        d = d.rename(columns={"companion": "card"})
    else:
        d = p.rename(columns={"adventurer": "card"})
    blocks = min(blocks, hi - lo + 1)
    d["block"] = (d["game_index"] - lo) * blocks // (hi - lo + 1)
    return (d.groupby(["n_players", "side", "card", "block"])["win_share"]
            .agg(n="size", x="sum").reset_index())


def manifest(path) -> dict:
    return json.loads((Path(path) / "manifest.json").read_text())


# ---- pick value and pick regret (glowsim/analysis/picks.py) ----

def _picks(path, by) -> pd.DataFrame:
    """The picks rows with the games' keys ``by`` and ``rounds``, and each pick's stage."""
    g = pd.read_parquet(Path(path) / "games.parquet")
    p = pd.read_parquet(Path(path) / "picks.parquet")
    keys = [k for k in dict.fromkeys(list(by) + ["rounds"]) if k not in GAME]
    p = p.drop(columns=[k for k in keys if k in p.columns]).merge(g[GAME + keys], on=GAME)
    third = (p["round"] - 1) * 3 // p["rounds"]
    p["stage"] = third.map({0: "early", 1: "middle", 2: "late"})
    return p


def _clustered_mean(d: pd.DataFrame, col: str) -> tuple[float, float, float]:
    """Mean of `col` over rows, 95% normal interval clustered by game (variant, game_index)."""
    n = len(d)
    v = d[col].mean()
    per_game = d.groupby(GAME)[col].agg(["sum", "count"])
    G = len(per_game)
    if G < 2:
        return v, np.nan, np.nan
    resid = per_game["sum"] - v * per_game["count"]
    se = np.sqrt(G / (G - 1) * (resid ** 2).sum() / n ** 2)
    return v, v - 1.959963984540054 * se, v + 1.959963984540054 * se


def pick_differences(path, by=("variant", "n_players", "side")) -> pd.DataFrame:
    """One row per (forked pick, card offered): the card's win share and score at that pick
    (mean over the rows taking it) minus the mean of the other cards offered."""
    p = _picks(path, by)
    pick = GAME + ["decision"]
    cards = (p.groupby(pick + ["companion"], sort=False)
             .agg(ws=("win_share", "mean"), sc=("score", "mean"), taken=("chosen", "any"),
                  round=("round", "first"), stage=("stage", "first"),
                  **{k: (k, "first") for k in by if k not in GAME}).reset_index())
    grp = cards.groupby(pick, sort=False)
    m = grp["ws"].transform("count")
    sw, sc = grp["ws"].transform("sum"), grp["sc"].transform("sum")
    cards["dw"] = cards.ws - (sw - cards.ws) / (m - 1)
    cards["db"] = cards.sc - (sc - cards.sc) / (m - 1)
    return cards[m >= 2].reset_index(drop=True)


def pick_values(path, by=("variant", "n_players", "side"), stage: bool = False) -> pd.DataFrame:
    d = pick_differences(path, by)
    keys = list(by) + (["stage"] if stage else []) + ["companion"]
    rows = []
    for key, c in d.groupby(keys):
        v, lo, hi = _clustered_mean(c, "dw")
        b, blo, bhi = _clustered_mean(c, "db")
        rows.append({**dict(zip(keys, key)), "n_picks": len(c), "n_games": c.groupby(GAME).ngroups,
                     "pick_rate": c.taken.mean(), "value": 100 * v, "value_lo": 100 * lo,
                     "value_hi": 100 * hi, "value_bursts": b, "value_bursts_lo": blo,
                     "value_bursts_hi": bhi})
    return pd.DataFrame(rows)


def pick_regret(path, by=("variant", "n_players", "side")) -> pd.DataFrame:
    p = _picks(path, by)
    pick = GAME + ["decision"]
    p["chosen_ws"] = p.win_share.where(p.chosen)
    r = p.groupby(pick, sort=False).agg(
        **{k: (k, "first") for k in list(by) + ["bot", "stage"] if k not in GAME},
        best=("win_share", "max"), chosen=("chosen_ws", "max")).reset_index()
    r["r"] = r.best - r.chosen
    out = []
    for stage in ("all", "early", "middle", "late"):
        s = r if stage == "all" else r[r.stage == stage]
        for key, c in s.groupby(list(by) + ["bot"]):
            v, lo, hi = _clustered_mean(c, "r")
            out.append({**dict(zip(list(by) + ["bot"], key)), "stage": stage, "n_picks": len(c),
                        "n_games": c.groupby(GAME).ngroups, "regret": 100 * v,
                        "regret_lo": 100 * lo, "regret_hi": 100 * hi})
    return pd.DataFrame(out)
