"""Bots compared: the head-to-head ladder, and whether card rankings depend on the bot.

**Duels** (:func:`duels`, :func:`ladder`).  A duel is a pair of variants of the same
match (players, side, content) whose seats hold two bots, A and B, the second
variant with every seat's bot swapped (the complement seating, e.g. ``A B A B``
and ``B A B A``).  Both play the same game indices (common random numbers).  Per
game index, A's head-to-head score is its win share summed over its seats in
both games, halved; it is exactly 1/2 when A and B decide alike, whatever the
seat, turn-order and adventurer advantages.  The head-to-head win rate is the
mean score over game indices with a Student-t interval; several duels of the
same two bots (other sides or player counts, same seeds) are pooled per game
index (each game index one cluster).

The ladder orders the bots by head-to-head wins (known presets break ties:
random, greedy, heuristic, expert) and shows each rung against the one below.

**Card rankings by bot** (:func:`card_metrics`, :func:`rank_correlations`,
:func:`verdict_flips`).  Self-play variants (every seat the same bot) of the
published game are grouped by bot.  Per bot and slice (players, side) the
metric of each card is its *improvement*: over the player-games that recruited
the companion (or played the adventurer), the player's win share minus the mean
win share of the other players of that game.  The field average is the same
quantity pooled over every card of the kind (0 for adventurers).  A card's
verdict is ``above`` / ``below`` when its 95% interval lies wholly above / below
the field average, else ``neutral``.  Rank correlations (Spearman, Kendall tau-b)
between two bots' metrics over the cards both judge, with basic bootstrap
intervals from a bootstrap over clusters of game indices (the same resampled
indices for every bot, so the correlation between bots on common seeds is kept).  A card
*flips* when one bot calls it above or below and another does not agree.
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd
from scipy.special import stdtrit

from .cards import GAME, win_share_lookup
from .db import RATIO_SCALE, SHARE_SCALE, combine_moments, moments_sql, quote, whole
from .intervals import interval_of
from .keys import distinct_rows, is_in
from .load import Run, join_game_columns

PRESET_ORDER = ("random", "greedy", "heuristic", "expert", "master")
MIN_GAMES = 30           # a card with fewer player-games is not judged
BOOT_CLUSTERS = 2000     # game indices are grouped into at most this many clusters
VERDICTS = ("above", "neutral", "below")


# ---- seatings ----

def seatings(run: Run) -> pd.DataFrame:
    """One row per variant: n_players, side, content hash, and its bot label per seat
    (queried once per run: several sections ask)."""
    if "seatings" not in run.memo:
        run.memo["seatings"] = _seatings(run)
    return run.memo["seatings"].copy()


def _seatings(run: Run) -> pd.DataFrame:
    first = run.scope.df(f"""SELECT variant, seat, arg_min(bot, game_index) AS bot
        FROM {run.scope.rel('players')} GROUP BY variant, seat ORDER BY variant, seat""")
    if first.empty:
        return pd.DataFrame(columns=["variant", "n_players", "side", "content", "bots"])
    order = {v: i for i, v in enumerate(run.variant_names)}
    first = first.assign(_o=first["variant"].map(order)).sort_values(["_o", "variant", "seat"],
                                                                     kind="stable")
    bots = first.groupby("variant", sort=False)["bot"].apply(lambda s: tuple(str(b) for b in s))
    g = run.scope.df(f"""SELECT variant, arg_min(n_players, game_index) AS n_players,
        arg_min(side, game_index) AS side FROM {run.scope.rel('games')}
        GROUP BY variant""").set_index("variant")
    rows = []
    for v, b in bots.items():
        if v not in g.index:
            continue
        spec = run.variant(v)
        content = (spec.spec.get("content_hash") if spec else None) or ""
        published = spec.is_published_game if spec else True
        rows.append({"variant": v, "n_players": int(g.loc[v, "n_players"]),
                     "side": str(g.loc[v, "side"]), "content": content,
                     "published": published, "bots": b})
    return pd.DataFrame(rows)


def _order_key(label: str):
    return (PRESET_ORDER.index(label) if label in PRESET_ORDER else len(PRESET_ORDER), label)


# ---- duels and the ladder ----

def duel_pairs(run: Run) -> list[tuple]:
    """[(variant 1, variant 2, bot A, bot B)]: complement seatings of two bots, A the lower
    of the two in preset order."""
    s = seatings(run)
    out, used = [], set()
    for i, a in s.iterrows():
        labels = sorted(set(a["bots"]), key=_order_key)
        if len(labels) != 2 or a["variant"] in used:
            continue
        swap = {labels[0]: labels[1], labels[1]: labels[0]}
        comp = tuple(swap[b] for b in a["bots"])
        for j, b in s.iterrows():
            if (b["variant"] not in used and b["variant"] != a["variant"] and b["bots"] == comp
                    and b["n_players"] == a["n_players"] and b["side"] == a["side"]
                    and b["content"] == a["content"]):
                out.append((a["variant"], b["variant"], labels[0], labels[1]))
                used |= {a["variant"], b["variant"]}
                break
    return out


def _duel_sql(run: Run, v1: str, v2: str, bot: str, part) -> str:
    """SQL: per game index of the block present in both variants, ``bot``'s head-to-head
    score (its win shares over both games, halved)."""
    p = run.scope.rel("players", part, ["variant", "game_index", "bot", "win_share"])
    # x: the win shares times SHARE_SCALE, an exact sum (the same in any order of the rows)
    return f"""(SELECT game_index, x / {2 * SHARE_SCALE}.0 AS score, x FROM
            (SELECT game_index, coalesce(sum({whole('win_share', SHARE_SCALE)})
                    FILTER (WHERE bot = {quote(bot)}), 0) AS x
             FROM {p} WHERE variant IN ({quote(v1)}, {quote(v2)})
             GROUP BY game_index HAVING count(DISTINCT variant) = 2))"""


def duel_scores(run: Run, v1: str, v2: str, bot: str) -> pd.Series:
    """Per game index present in both variants: `bot`'s head-to-head score (see the module
    docstring)."""
    d = run.scope.df(f"SELECT game_index, score FROM {_duel_sql(run, v1, v2, bot, None)} "
                     f"ORDER BY game_index")
    return pd.Series(d["score"].to_numpy(float), index=pd.Index(d["game_index"],
                                                                name="game_index"))


def _duel_moments(run: Run, duels_of: list[tuple]) -> pd.Series:
    """Count, mean and SD of the per-game-index scores, pooled over the duels (the mean of
    the duels' scores of a game index), a block of games at a time."""
    def sql(part):
        u = " UNION ALL ".join(f"SELECT game_index, x FROM {_duel_sql(run, v1, v2, b, part)}"
                               for v1, v2, b in duels_of)
        # a game index's mean over the duels from the exact sum of x: the same in any order
        return f"""SELECT {moments_sql('score', 's', RATIO_SCALE)} FROM
            (SELECT game_index, sum(x)::DOUBLE / count(*) / {2 * SHARE_SCALE} AS score
             FROM ({u}) GROUP BY game_index)"""
    parts = run.scope.each_part(sql)
    return combine_moments(parts, [], {"s": ("s_n", "s_mean", "s_m2")}).iloc[0]


def duels(run: Run) -> pd.DataFrame:
    """Head-to-head win rate of the stronger-ordered bot B against A, per duel and pooled per bot
    pair (``side`` / ``n_players`` = "all" when pooled over several duels)."""
    rows = []
    pairs = duel_pairs(run)
    s = seatings(run).set_index("variant")
    by_bots: dict = {}
    for v1, v2, a, b in pairs:
        by_bots.setdefault((a, b), []).append((v1, v2, b))
        m = _duel_moments(run, [(v1, v2, b)])
        iv = interval_of(m["s_mean"], m["s_sd"], m["s_n"])
        rows.append({"upper": b, "lower": a, "n_players": str(s.loc[v1, "n_players"]),
                     "side": s.loc[v1, "side"], "variants": f"{v1} / {v2}", "pairs": iv.n,
                     "games": 2 * iv.n, "win_rate": iv.estimate, "win_rate_low": iv.low,
                     "win_rate_high": iv.high, "pooled": False})
    for (a, b), ds in by_bots.items():
        if len(ds) < 2:
            continue
        m = _duel_moments(run, ds)                       # each game index one cluster
        iv = interval_of(m["s_mean"], m["s_sd"], m["s_n"])
        n = int(sum(r["pairs"] for r in rows if not r["pooled"] and r["upper"] == b
                    and r["lower"] == a))
        rows.append({"upper": b, "lower": a, "n_players": "all", "side": "all",
                     "variants": f"{len(ds)} duels", "pairs": n, "games": 2 * n,
                     "win_rate": iv.estimate, "win_rate_low": iv.low, "win_rate_high": iv.high,
                     "pooled": True})
    cols = ["upper", "lower", "n_players", "side", "variants", "pairs", "games", "win_rate",
            "win_rate_low", "win_rate_high", "pooled"]
    return pd.DataFrame(rows, columns=cols)


def ladder(d: pd.DataFrame) -> tuple[list[str], pd.DataFrame]:
    """(bots from weakest to strongest, one row per rung: the duel of each bot against the one
    below, pooled when there are several).  A bot comes after every bot it beats (win rate
    above 1/2 with the whole interval); among the bots that may come next, the one with the
    fewest duels won, then preset order, then name (a cycle of wins is cut the same way)."""
    if d.empty:
        return [], d
    top = d[d["pooled"]] if d["pooled"].any() else d.iloc[0:0]
    single = d[~d["pooled"]]
    best = pd.concat([top, single[~single.set_index(["upper", "lower"]).index.isin(
        top.set_index(["upper", "lower"]).index)]])
    bots = sorted(set(best["upper"]) | set(best["lower"]), key=_order_key)
    beats: dict = {b: set() for b in bots}
    for _, r in best.iterrows():
        if r["win_rate_low"] > 0.5:
            beats[r["upper"]].add(r["lower"])
        elif r["win_rate_high"] < 0.5:
            beats[r["lower"]].add(r["upper"])
    order: list = []
    left = list(bots)
    while left:
        free = [b for b in left if not beats[b] & set(left)] or left
        nxt = min(free, key=lambda b: (len(beats[b]),) + _order_key(b))
        order.append(nxt)
        left.remove(nxt)
    rungs = []
    for lo, hi in zip(order, order[1:]):
        m = best[((best["upper"] == hi) & (best["lower"] == lo))]
        if not m.empty:
            rungs.append(m.iloc[0])
        else:
            m = best[((best["upper"] == lo) & (best["lower"] == hi))]
            if not m.empty:   # stored the other way round: flip to "hi against lo"
                r = m.iloc[0].copy()
                r["upper"], r["lower"] = hi, lo
                r["win_rate"], r["win_rate_low"], r["win_rate_high"] = (
                    1 - r["win_rate"], 1 - r["win_rate_high"], 1 - r["win_rate_low"])
                rungs.append(r)
    return order, pd.DataFrame(rungs, columns=d.columns).reset_index(drop=True)


# ---- card metrics per bot ----

def selfplay_variants(run: Run) -> dict:
    """{bot label: [variants]} of self-play variants (one bot at every seat) of the published
    game."""
    s = seatings(run)
    out: dict = {}
    for _, r in s.iterrows():
        if len(set(r["bots"])) == 1 and r["published"]:
            out.setdefault(r["bots"][0], []).append(r["variant"])
    return {k: out[k] for k in sorted(out, key=_order_key)}


def player_game_diffs(run: Run, variants=None) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(companion player-games, adventurer player-games) of `variants` (default all): variant,
    game_index, n_players, side, card, diff = own win share minus the mean of the other
    players of the game."""
    players, recruits = run.players, run.recruits
    if variants is not None:             # as run.subset, without filtering the offers
        players, recruits = (df[is_in(df["variant"], variants)].reset_index(drop=True)
                             for df in (players, recruits))
    players = join_game_columns(run.games, players, ["n_players", "side"])
    ws = win_share_lookup(players)
    players = players.assign(diff=players["win_share"].to_numpy() - ws["others_win_share"].to_numpy())
    keys = GAME + ["seat"]
    rec = distinct_rows(recruits, keys + ["companion"])
    comp = rec.merge(players[keys + ["n_players", "side", "diff"]], on=keys, how="left")
    comp = comp.rename(columns={"companion": "card"})
    adv = players[keys + ["n_players", "side", "adventurer", "diff"]].rename(
        columns={"adventurer": "card"})
    return comp, adv


def cluster_grid(game_index: np.ndarray, n_clusters: int = BOOT_CLUSTERS) -> tuple[int, int, int]:
    """(first game index, indices per cluster, clusters): consecutive game indices grouped into
    at most n_clusters clusters (a cluster holds whole games of every variant)."""
    lo, hi = int(game_index.min()), int(game_index.max())
    width = max(1, math.ceil((hi - lo + 1) / n_clusters))
    return lo, width, (hi - lo) // width + 1


def card_sums(df: pd.DataFrame, cards: list, grid: tuple) -> tuple[np.ndarray, np.ndarray]:
    """(S, N) of shape (clusters, cards): sum of ``diff`` and player-games per cluster and card."""
    lo, width, n = grid
    c = (df["game_index"].to_numpy(np.int64) - lo) // width
    k = pd.Categorical(df["card"], categories=cards).codes
    ok = k >= 0
    S = np.zeros((n, len(cards)))
    N = np.zeros((n, len(cards)))
    np.add.at(S, (c[ok], k[ok]), df["diff"].to_numpy(float)[ok])
    np.add.at(N, (c[ok], k[ok]), 1.0)
    return S, N


def _diffs(run: Run, bots: dict, diffs):
    return diffs if diffs is not None else player_game_diffs(
        run, [v for vs in bots.values() for v in vs])


def card_metrics(run: Run, bots: dict | None = None, diffs=None) -> pd.DataFrame:
    """One row per (kind, n_players, side, bot, card): improvement with its 95% t interval,
    player-games, the field average of the kind and the verdict.  ``diffs``: the
    :func:`player_game_diffs` of the bots' variants when already computed."""
    bots = selfplay_variants(run) if bots is None else bots
    comp, adv = _diffs(run, bots, diffs)
    rows = []
    for kind, df in (("companion", comp), ("adventurer", adv)):
        for bot, vs in bots.items():
            d = df[df["variant"].isin(vs)]
            for (n, side), g in d.groupby(["n_players", "side"], sort=True):
                field = float(g["diff"].mean()) if kind == "companion" else 0.0
                st = g.groupby("card")["diff"].agg(["mean", "std", "count"])
                for card, r in st.iterrows():
                    cnt = int(r["count"])
                    half = (float(stdtrit(cnt - 1, 0.975)) * r["std"] / math.sqrt(cnt)
                            if cnt >= 2 else np.nan)
                    lo, hi = r["mean"] - half, r["mean"] + half
                    verdict = ("" if cnt < MIN_GAMES or np.isnan(half) else
                               "above" if lo > field else "below" if hi < field else "neutral")
                    rows.append({"kind": kind, "n_players": int(n), "side": side, "bot": bot,
                                 "card": card, "games": cnt, "improvement": r["mean"],
                                 "improvement_low": lo, "improvement_high": hi,
                                 "field": field, "verdict": verdict})
    cols = ["kind", "n_players", "side", "bot", "card", "games", "improvement",
            "improvement_low", "improvement_high", "field", "verdict"]
    return pd.DataFrame(rows, columns=cols)


# ---- rank correlation ----

def ranks(x: np.ndarray) -> np.ndarray:
    """Average ranks (1-based) along the last axis, ties sharing their mean rank (nan: nan)."""
    x = np.asarray(x, float)
    if np.isnan(x).any():                   # pandas keeps a missing value out of the ranks
        return np.apply_along_axis(lambda row: pd.Series(row).rank().to_numpy(), -1, x)
    n = x.shape[-1]
    order = np.argsort(x, axis=-1, kind="stable")
    s = np.take_along_axis(x, order, -1)
    pos = np.broadcast_to(np.arange(n), x.shape)
    starts = np.ones(x.shape, dtype=bool)   # first of its run of equal values
    starts[..., 1:] = s[..., 1:] != s[..., :-1]
    ends = np.ones(x.shape, dtype=bool)     # last of its run
    ends[..., :-1] = starts[..., 1:]
    first = np.maximum.accumulate(np.where(starts, pos, 0), axis=-1)
    last = np.flip(np.minimum.accumulate(np.flip(np.where(ends, pos, n), -1), axis=-1), -1)
    out = np.empty_like(x)
    np.put_along_axis(out, order, (first + last) / 2 + 1, -1)
    return out


def spearman(a, b) -> np.ndarray:
    """Spearman's rho of a and b along the last axis (Pearson correlation of average ranks)."""
    ra, rb = ranks(a), ranks(b)
    ra = ra - ra.mean(-1, keepdims=True)
    rb = rb - rb.mean(-1, keepdims=True)
    den = np.sqrt((ra ** 2).sum(-1) * (rb ** 2).sum(-1))
    with np.errstate(invalid="ignore", divide="ignore"):
        return (ra * rb).sum(-1) / den


def kendall(a, b) -> np.ndarray:
    """Kendall's tau-b of a and b along the last axis (ties counted as in tau-b)."""
    a = np.asarray(a, float)
    b = np.asarray(b, float)
    da = np.sign(a[..., :, None] - a[..., None, :])
    db = np.sign(b[..., :, None] - b[..., None, :])
    iu = np.triu_indices(a.shape[-1], 1)
    da, db = da[..., iu[0], iu[1]], db[..., iu[0], iu[1]]
    num = (da * db).sum(-1)
    den = np.sqrt((da != 0).sum(-1) * (db != 0).sum(-1).astype(float))
    with np.errstate(invalid="ignore", divide="ignore"):
        return num / den


BOOT_STREAM = 0xB007     # the bootstrap's stream of game 0 (glowsim/seeding.py)


def boot_weights(n_clusters: int, replicates: int, seed: int,
                 stream: int = BOOT_STREAM) -> np.ndarray:
    """(replicates, n_clusters) multinomial counts of a cluster bootstrap: draw k of the
    bootstrap's own counter-based stream (glowsim/seeding.py, SplitMix64 as
    :class:`glowsim.seeding.Stream` computes it, vectorised) picks cluster
    ``uniform_int(n_clusters)``."""
    from ..seeding import GOLDEN, M1, M2, game_key, root_key, stream_key
    key = np.uint64(stream_key(game_key(root_key(seed), 0), stream))
    k = np.arange(1, replicates * n_clusters + 1, dtype=np.uint64)
    with np.errstate(over="ignore"):
        z = key + k * np.uint64(GOLDEN)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(M1)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(M2)
        z = z ^ (z >> np.uint64(31))
        idx = ((z >> np.uint64(11)) * np.uint64(n_clusters)) >> np.uint64(53)
    idx = idx.astype(np.int64).reshape(replicates, n_clusters)
    w = np.zeros((replicates, n_clusters))
    np.add.at(w, (np.repeat(np.arange(replicates), n_clusters), idx.ravel()), 1.0)
    return w


def basic_interval(est: float, replicates: np.ndarray) -> tuple[float, float]:
    """Basic (reverse percentile) bootstrap 95% interval of a correlation, clipped to [-1, 1]:
    ``[2 est - q97.5, 2 est - q2.5]``.  Noise in the per-card estimates pulls a correlation
    towards 0, and a bootstrap replicate adds that noise once more; reflecting the
    replicates around the estimate corrects this shift, where plain percentiles would
    sit below the estimate."""
    if len(replicates) < 2 or not np.isfinite(est):
        return (np.nan, np.nan)
    q_lo, q_hi = np.percentile(replicates, [2.5, 97.5])
    return (float(max(-1.0, 2 * est - q_hi)), float(min(1.0, 2 * est - q_lo)))


def rank_correlations(run: Run, bots: dict | None = None, replicates: int = 400,
                      seed: int = 0, n_clusters: int = BOOT_CLUSTERS, diffs=None) -> pd.DataFrame:
    """One row per (kind, n_players, side, bot a, bot b): Spearman and Kendall correlation of the
    improvement over the cards both bots judge (>= MIN_GAMES player-games each), with basic
    bootstrap 95% intervals (:func:`basic_interval`) over clusters of game indices."""
    bots = selfplay_variants(run) if bots is None else bots
    comp, adv = _diffs(run, bots, diffs)
    rows = []
    names = list(bots)
    for kind, df in (("companion", comp), ("adventurer", adv)):
        df = df[df["variant"].isin([v for vs in bots.values() for v in vs])]
        if df.empty:
            continue
        grid = cluster_grid(df["game_index"].to_numpy(np.int64), n_clusters)
        for (n, side), g in df.groupby(["n_players", "side"], sort=True):
            cards = sorted(g["card"].unique())
            sums = {b: card_sums(g[g["variant"].isin(bots[b])], cards, grid) for b in names
                    if g["variant"].isin(bots[b]).any()}
            present = [b for b in names if b in sums]
            if len(present) < 2:
                continue
            W = boot_weights(grid[2], replicates, seed)
            for i, a in enumerate(present):
                for b in present[i + 1:]:
                    (Sa, Na), (Sb, Nb) = sums[a], sums[b]
                    keep = (Na.sum(0) >= MIN_GAMES) & (Nb.sum(0) >= MIN_GAMES)
                    if keep.sum() < 3:
                        continue
                    ma = Sa.sum(0)[keep] / Na.sum(0)[keep]
                    mb = Sb.sum(0)[keep] / Nb.sum(0)[keep]
                    with np.errstate(invalid="ignore", divide="ignore"):
                        ba = (W @ Sa[:, keep]) / (W @ Na[:, keep])
                        bb = (W @ Sb[:, keep]) / (W @ Nb[:, keep])
                    ok = np.isfinite(ba).all(1) & np.isfinite(bb).all(1)
                    row = {"kind": kind, "n_players": int(n), "side": side, "bot_a": a,
                           "bot_b": b, "cards": int(keep.sum()), "replicates": int(ok.sum())}
                    for name, fn in (("spearman", spearman), ("kendall", kendall)):
                        est = float(fn(ma, mb))
                        bs = fn(ba[ok], bb[ok]) if ok.any() else np.array([np.nan])
                        bs = bs[np.isfinite(bs)]
                        row[name] = est
                        lo, hi = basic_interval(est, bs)
                        row[f"{name}_low"], row[f"{name}_high"] = lo, hi
                    rows.append(row)
    cols = ["kind", "n_players", "side", "bot_a", "bot_b", "cards", "replicates",
            "spearman", "spearman_low", "spearman_high", "kendall", "kendall_low", "kendall_high"]
    return pd.DataFrame(rows, columns=cols)


# ---- verdict flips ----

def verdict_flips(metrics: pd.DataFrame) -> pd.DataFrame:
    """Cards whose verdict differs between bots where at least one bot calls it above or below:
    one row per (kind, n_players, side, card) with the verdict and improvement under each bot,
    ``reversal`` True when one bot says above and another below."""
    m = metrics[metrics["verdict"] != ""]
    rows = []
    for (kind, n, side, card), g in m.groupby(["kind", "n_players", "side", "card"], sort=True):
        if g["bot"].nunique() < 2:
            continue
        v = dict(zip(g["bot"], g["verdict"]))
        kinds = set(v.values())
        if len(kinds) < 2:
            continue
        row = {"kind": kind, "n_players": n, "side": side, "card": card,
               "reversal": {"above", "below"} <= kinds}
        for b, x in sorted(v.items(), key=lambda kv: _order_key(kv[0])):
            row[f"verdict_{b}"] = x
        for b, x in zip(g["bot"], g["improvement"]):
            row[f"improvement_{b}"] = x
        rows.append(row)
    return pd.DataFrame(rows)
