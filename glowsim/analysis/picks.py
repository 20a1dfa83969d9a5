"""Pick value and pick regret: what taking a card is worth, from the ``picks`` table.

A run whose scenario has ``counterfactual: {decisions: recruit, sample: R}`` holds, for a
sampled share of the recruit picks, every card on offer taken in turn and the game played on
to its end by the bots on the game's own future (common random numbers, docs/forks.md;
contract.md section 6).  Per pick, each card offered then has the deciding seat's final win
share (E9) and score when it is taken.  Win shares in the outputs are in percentage points
(x100); scores in bursts.

* **Pick value** of a companion (:func:`pick_values`): over the picks where it was offered with
  at least one other card, d = its win share when taken minus the mean win share of the other
  cards offered at that pick, averaged.  0: taking it is worth as much as the average card it
  was offered beside; +5: five points of win share more.  ``value_bursts`` the same in final
  score.  Two legal rows that take the same card (Kaar may also move the black die) count
  as that card once, with their mean win share and score.
* **Pick regret** of a bot (:func:`pick_regret`): per forked pick, the best row's win share
  minus that of the row the bot took (>= 0), averaged: what the bot loses at the draft.
  The best row is judged on the one future each pick plays (the dice and cards to come are
  the same for every row), so the regret also holds what no player could know at the pick:
  it is an upper bound, for comparing bots and stages on equal terms, not a reachable gain.

**Intervals.** 95% normal intervals of these means, clustered by game: the picks of one game
are not independent (every alternative at every pick of the game plays that game's dice and
cards, and one card is often on offer at several picks of a round, to one seat after
another), so the variance is the cluster-robust one of a ratio mean over games,
G/(G-1) * sum_g (S_g - v n_g)^2 / N^2 (S_g the sum of d over the game's n_g picks, N = sum n_g,
v the value).  The differences inside a pick are paired (the same future for every card), which
is what makes the intervals narrow.

**Means over the cards.**  At every pick the values of the cards offered sum to 0 (sum over c
of ws_c minus the mean of the others is S - (m S - S)/(m - 1) = 0), so a slice's values
weighted by ``n_picks`` average exactly 0: pick value is relative to the cards offered beside.
The plain mean over the companions is not 0: cards are offered at different numbers of picks,
and those the bots leave on the track, often the weak ones, are offered at more of them and
weigh more in the weighted mean (:func:`value_means` gives both).

**Verdict** (threshold T, default 2 points): ``above`` the interval entirely above +T,
``below`` entirely below -T, ``within`` the interval inside [-T, +T] (as glowsim rebalance
judges a card); otherwise ``unclear``, the ``note`` saying why (the interval crosses +T or -T,
or fewer than ``MIN_PICKS`` picks offered it).

**Stages**: rounds split in thirds by the game's number of rounds R: a pick of round r is
``early`` when (r - 1) * 3 // R is 0, ``middle`` when 1, ``late`` when 2 (8 rounds: 1-3, 4-6, 7-8).

Aggregated in SQL (DuckDB, glowsim/analysis/db.py) a block of games at a time: per slice,
card and game the sums behind the means, merged over blocks (a game never spans two).  A
forked game has about 125 picks rows at 4 players, so a block holds at most ``PART_GAMES``
games (``GLOWSIM_PART_GAMES`` when set, as for the other tables).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from ..environment import whole_number
from .db import SHARE_SCALE, ident, whole
from .intervals import Z95
from .load import Run
from .names import card_names

SLICE = ["variant", "n_players", "side"]   # a pick value never mixes contents or player counts
STAGES = ("early", "middle", "late")
MIN_PICKS = 30          # a card offered at fewer forked picks gets no verdict
THRESHOLD = 2.0         # points of win share
PART_GAMES = 20_000     # games a block of the picks table (about 2.5 million rows at 4 players)

VALUE_COLUMNS = ["n_picks", "n_games", "pick_rate", "value", "value_lo", "value_hi",
                 "value_bursts", "value_bursts_lo", "value_bursts_hi"]
COLUMNS = ["companion", "name"] + VALUE_COLUMNS + ["verdict", "note"]
REGRET_COLUMNS = ["bot", "stage", "n_picks", "n_games", "regret", "regret_lo", "regret_hi"]


def pick_values(run: Run, by=SLICE, threshold: float = THRESHOLD, names: dict | None = None,
                labels: dict | None = None) -> pd.DataFrame:
    """One row per slice of ``by`` and companion offered at a forked pick: ``companion``,
    ``name``, ``n_picks`` (picks where it was offered with another card), ``n_games`` (games
    holding them), ``pick_rate`` (share of those picks where the bot took it), ``value`` with
    ``value_lo``/``value_hi`` (points of win share), ``value_bursts`` with its interval,
    ``verdict`` and ``note`` (module docstring).  ``by``: columns of ``games`` (or keys of
    ``labels``); ``names``: {companion id: name} (default: the content's and the variants'
    patches')."""
    by = list(by)
    sums = _value_sums(run, by, False, labels)
    out = _values(sums, by, threshold, _names(run, names))
    return out.sort_values(by + ["value"], ascending=[True] * len(by) + [False], ignore_index=True)


def pick_values_by_stage(run: Run, by=SLICE, threshold: float = THRESHOLD, names: dict | None = None,
                         labels: dict | None = None) -> pd.DataFrame:
    """:func:`pick_values` split by ``stage`` (early, middle, late: the round in thirds)."""
    by = list(by)
    sums = _value_sums(run, by, True, labels)
    out = _values(sums, by + ["stage"], threshold, _names(run, names))
    out["stage"] = pd.Categorical(out["stage"], STAGES, ordered=True)
    out = out.sort_values(by + ["companion", "stage"], ignore_index=True)
    out["stage"] = out["stage"].astype(str)
    return out


def pick_regret(run: Run, by=SLICE, labels: dict | None = None) -> pd.DataFrame:
    """Per slice of ``by``, ``bot`` and ``stage`` ("all", "early", "middle", "late"):
    ``n_picks``, ``n_games``, ``regret`` (best row's win share minus the bot's row's, points,
    mean over forked picks) with ``regret_lo``/``regret_hi`` (module docstring)."""
    by = list(by)
    keys = by + ["bot", "stage"]
    parts = run.scope.each_part(lambda part: _regret_sql(run, by, part, labels), _part_games())
    if not len(parts):
        return pd.DataFrame(columns=by + REGRET_COLUMNS)
    sums = parts.groupby(keys, sort=True, observed=True, dropna=False)[_SUMS].sum().reset_index()
    rows = []
    for rec in sums.to_dict("records"):
        v, lo, hi = _clustered(rec["G"], rec["N"], *_unscaled(rec["D"], rec["DD"], rec["DN"]),
                               rec["NN"])
        rows.append({**{k: rec[k] for k in keys}, "n_picks": int(rec["N"]), "n_games": int(rec["G"]),
                     "regret": 100 * v, "regret_lo": 100 * lo, "regret_hi": 100 * hi})
    out = pd.DataFrame(rows, columns=by + REGRET_COLUMNS)
    out["stage"] = pd.Categorical(out["stage"], ("all",) + STAGES, ordered=True)
    out = out.sort_values(by + ["bot", "stage"], ignore_index=True)
    out["stage"] = out["stage"].astype(str)
    return out


def value_means(values: pd.DataFrame, by=SLICE) -> pd.DataFrame:
    """Per slice of ``by`` of a :func:`pick_values` table: ``n_cards``, ``mean`` (plain mean of
    the companions' pick values, points) and ``weighted_mean`` (weighted by ``n_picks``: 0 by
    construction, module docstring)."""
    by = [k for k in by if k in values.columns]
    rows = []
    for key, d in (values.groupby(by, sort=True, observed=True) if by else [((), values)]):
        d = d.dropna(subset=["value"])
        key = key if isinstance(key, tuple) else (key,)
        w = d["n_picks"].to_numpy(float)
        rows.append({**dict(zip(by, key)), "n_cards": len(d),
                     "mean": float(d["value"].mean()) if len(d) else np.nan,
                     "weighted_mean": float((d["value"] * w).sum() / w.sum()) if w.sum() else np.nan})
    return pd.DataFrame(rows, columns=by + ["n_cards", "mean", "weighted_mean"])


# ---- SQL ----

def _part_games() -> int:
    return whole_number("GLOWSIM_PART_GAMES", PART_GAMES)


_SUMS = ["G", "N", "D", "DD", "DN", "NN"]
_VALUE_SUMS = _SUMS + ["T", "B", "BB", "BN"]


def _stage_sql(rnd: str, rounds: str) -> str:
    return (f"CASE (({rnd}) - 1) * 3 // ({rounds}) WHEN 0 THEN 'early' WHEN 1 THEN 'middle' "
            f"ELSE 'late' END")


def _rows_sql(run: Run, by: list[str], part, labels) -> tuple[str, list[str]]:
    """SQL of the scope's picks rows of one block, with the slice keys ``by`` and the game's
    ``rounds``; and the key columns (quoted) to group by."""
    keys = [k for k in dict.fromkeys(by) if k not in ("variant", "game_index")]
    extra = [] if "rounds" in by else ["rounds"]
    g = run.keyed_games(by + extra, part, labels)
    p = run.scope.rel("picks", part, ["variant", "game_index", "decision", "round", "bot",
                                      "companion", "chosen", "win_share", "score"])
    sel = [f"g.{ident(k)} AS {ident(k)}" for k in keys] + ["g.rounds AS rounds"] * bool(extra)
    sel += ["p.variant", "p.game_index", "p.decision", 'p."round" AS rnd', "p.bot", "p.companion",
            "p.chosen", "p.win_share", "p.score"]
    sql = (f"(SELECT {', '.join(sel)} FROM {p} p JOIN {g} g ON p.variant = g.variant "
           f"AND p.game_index = g.game_index)")
    return sql, [ident(k) for k in keys]


def _final_keys(by: list[str]) -> str:
    """The slice keys of a final SELECT (variant among them when it is a key)."""
    return "".join(ident(k) + ", " for k in dict.fromkeys(by) if k != "game_index")


def _value_sql(run: Run, by: list[str], part, stage: bool, labels) -> str:
    """Per slice and companion: the sums of the clustered ratio (module docstring).  A pick's
    differences dw (win share) and db (score) are rounded to whole multiples of 1/SHARE_SCALE
    (exact for win shares, E9, and scores: their means over the other cards have denominators
    dividing SHARE_SCALE), so every sum is a sum of whole numbers: the same for any order
    DuckDB's threads add the rows in.  D, DD, DN, B, BB, BN are in those units."""
    x, keys = _rows_sql(run, by, part, labels)
    kl, kf = "".join(k + ", " for k in keys), _final_keys(by)
    st = f"{_stage_sql('rnd', 'rounds')} AS stage, " if stage else ""
    sk = "stage, " if stage else ""
    return f"""
    WITH c AS (SELECT {kl}variant, game_index, decision, companion, any_value(rnd) AS rnd,
                      any_value(rounds) AS rounds, avg(win_share) AS ws, avg(score::DOUBLE) AS sc,
                      bool_or(chosen) AS taken
               FROM {x} GROUP BY ALL),
    k AS (SELECT *, count(*) OVER w AS m, sum(ws) OVER w AS sws, sum(sc) OVER w AS ssc
          FROM c WINDOW w AS (PARTITION BY variant, game_index, decision)),
    d AS (SELECT {kl}{st}variant, game_index, companion, taken,
                 {whole('ws - (sws - ws) / (m - 1)', SHARE_SCALE)} AS dw,
                 {whole('sc - (ssc - sc) / (m - 1)', SHARE_SCALE)} AS db
          FROM k WHERE m >= 2),
    cl AS (SELECT {kl}{sk}variant, game_index, companion, count(*) AS n,
                  sum(dw) AS sw, sum(db) AS sb, count(*) FILTER (WHERE taken) AS t
           FROM d GROUP BY ALL)
    SELECT {kf}{sk}companion, count(*)::DOUBLE AS G, sum(n)::DOUBLE AS N, sum(sw)::DOUBLE AS D,
           sum(sw * sw)::DOUBLE AS DD, sum(sw * n)::DOUBLE AS DN, sum(n * n)::DOUBLE AS NN,
           sum(t)::DOUBLE AS T, sum(sb)::DOUBLE AS B, sum(sb * sb)::DOUBLE AS BB,
           sum(sb * n)::DOUBLE AS BN
    FROM cl GROUP BY ALL
    """


def _regret_sql(run: Run, by: list[str], part, labels) -> str:
    """As :func:`_value_sql`: a pick's regret is a whole multiple of 1/SHARE_SCALE, its sums
    exact; D, DD, DN in those units."""
    x, keys = _rows_sql(run, by, part, labels)
    kl, kf = "".join(k + ", " for k in keys), _final_keys(by)
    return f"""
    WITH p AS (SELECT {kl}variant, game_index, decision, bot, any_value(rnd) AS rnd,
                      any_value(rounds) AS rounds,
                      {whole('max(win_share) - max(win_share) FILTER (WHERE chosen)', SHARE_SCALE)}
                      AS r
               FROM {x} GROUP BY ALL),
    s AS (SELECT *, {_stage_sql('rnd', 'rounds')} AS stage FROM p),
    cl AS (SELECT {kl}bot, stage, variant, game_index, count(*) AS n, sum(r) AS s
           FROM s GROUP BY ALL
           UNION ALL
           SELECT {kl}bot, 'all', variant, game_index, count(*), sum(r)
           FROM s GROUP BY ALL)
    SELECT {kf}bot, stage, count(*)::DOUBLE AS G, sum(n)::DOUBLE AS N, sum(s)::DOUBLE AS D,
           sum(s * s)::DOUBLE AS DD, sum(s * n)::DOUBLE AS DN, sum(n * n)::DOUBLE AS NN
    FROM cl GROUP BY ALL
    """


def _value_sums(run: Run, by: list[str], stage: bool, labels) -> pd.DataFrame:
    keys = by + (["stage"] if stage else []) + ["companion"]
    parts = run.scope.each_part(lambda part: _value_sql(run, by, part, stage, labels), _part_games())
    if not len(parts):
        return pd.DataFrame(columns=keys + _VALUE_SUMS)
    return parts.groupby(keys, sort=True, observed=True, dropna=False)[_VALUE_SUMS].sum().reset_index()


# ---- estimates ----

def _unscaled(D, DD, DN) -> tuple[float, float, float]:
    """Sums of whole multiples of 1/SHARE_SCALE (the SQL's units) in the values' units."""
    return D / SHARE_SCALE, DD / (SHARE_SCALE * SHARE_SCALE), DN / SHARE_SCALE


def _clustered(G, N, D, DD, DN, NN) -> tuple[float, float, float]:
    """Ratio mean D/N and its 95% normal interval, clustered (G clusters; DD, DN, NN the sums
    of S_g^2, S_g n_g, n_g^2)."""
    if N <= 0:
        return np.nan, np.nan, np.nan
    v = D / N
    if G < 2:
        return v, np.nan, np.nan
    var = G / (G - 1) * max(DD - 2 * v * DN + v * v * NN, 0.0) / (N * N)
    h = Z95 * np.sqrt(var)
    return v, v - h, v + h


def verdict(lo: float, hi: float, n: int, threshold: float) -> tuple[str, str]:
    """(verdict, note) of an interval in points (module docstring)."""
    if n < MIN_PICKS or not np.isfinite(lo) or not np.isfinite(hi):
        return "unclear", f"offered at {n} forked picks, fewer than {MIN_PICKS}"
    if lo > threshold:
        return "above", ""
    if hi < -threshold:
        return "below", ""
    if lo >= -threshold and hi <= threshold:
        return "within", ""
    side = "+" if hi > threshold else "-"
    if lo < -threshold and hi > threshold:
        return "unclear", f"the interval crosses both -{threshold:g} and +{threshold:g}: more games needed"
    return "unclear", f"the interval crosses {side}{threshold:g}: more games needed"


def _values(sums: pd.DataFrame, keys: list[str], threshold: float, names: dict) -> pd.DataFrame:
    rows = []
    for rec in sums.to_dict("records"):
        v, lo, hi = _clustered(rec["G"], rec["N"], *_unscaled(rec["D"], rec["DD"], rec["DN"]),
                               rec["NN"])
        b, blo, bhi = _clustered(rec["G"], rec["N"], *_unscaled(rec["B"], rec["BB"], rec["BN"]),
                                 rec["NN"])
        n = int(rec["N"])
        vd, note = verdict(100 * lo, 100 * hi, n, threshold)
        rows.append({**{k: rec[k] for k in keys}, "companion": rec["companion"],
                     "name": names.get(rec["companion"], rec["companion"]),
                     "n_picks": n, "n_games": int(rec["G"]), "pick_rate": rec["T"] / rec["N"],
                     "value": 100 * v, "value_lo": 100 * lo, "value_hi": 100 * hi,
                     "value_bursts": b, "value_bursts_lo": blo, "value_bursts_hi": bhi,
                     "verdict": vd, "note": note})
    return pd.DataFrame(rows, columns=keys + COLUMNS)


def _names(run: Run, names: dict | None) -> dict:
    """Companion names: ``names`` when given, else the run's (:func:`card_names`)."""
    return dict(names) if names is not None else card_names(run)[0]
