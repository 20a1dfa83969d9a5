"""Reroll value: what an extra reroll is worth, by source (R4).

Two views:

* :func:`reroll_usage` (every run) - per slice, rerolls spent per player and
  game from each source (Lumipili power, tokens, score track), the share of
  players using each, set-face uses, and the score-track points paid per
  track reroll.
* :func:`reroll_experiments` (runs with a reroll-value variant set) - variants
  that change a reroll source and nothing else, played on the same seeds.
  Tokens: variants differing in a seat's ``start_rerolls`` (focal: the seats
  whose start tokens change) or in ``setup.last_player_reroll_tokens`` (R2's
  tokens; focal: the player last in the first round's turn order).  Lumipili power: variants changing
  ``reroll_each_round``; score track: variants changing ``score_track_rerolls``
  (focal seats: all).  Against the variant with the fewest extra tokens (or
  the unpatched one), per shared game_index, for the focal seats:
  ``score_gain`` final-score (bursts) difference, ``win_gain`` win-share
  difference, ``rerolls_gain`` extra rerolls actually spent from that source,
  ``bursts_per_reroll`` = score gain / extra rerolls spent (delta-method
  interval), ``per_token`` score gain / extra tokens, and ``marginal_*`` the
  gain of this step over the previous one (the k-th token's own value).

:func:`track_break_even` turns the bursts per token reroll spent into "how many
points of score-track spending a reroll is worth".
"""
from __future__ import annotations

import re

import numpy as np
import pandas as pd

from .cards import SLICE, _groups
from .db import (RATIO_SCALE, SHARE_SCALE, combine_moments, exact_mean, ident, moments_sql,
                 quote, whole)
from .intervals import Interval, interval_columns, interval_of, ratio_of
from .load import Run
from .rows import player_rows
from .settings import is_number
from .variants import variant_settings

SOURCES = {"lumipili": "rerolls_spent_lumipili", "tokens": "rerolls_spent_token",
           "track": "rerolls_spent_track"}
SOURCE_LABELS = {"lumipili": "Lumipili power", "tokens": "reroll tokens",
                 "track": "score track"}
_FIELD_SOURCE = [(re.compile(r"start_rerolls$"), "tokens"),
                 (re.compile(r"last_player_reroll_tokens$"), "tokens"),
                 (re.compile(r"reroll_each_round"), "lumipili"),
                 (re.compile(r"score_track_rerolls"), "track")]

USAGE_COLUMNS = ["games", "players", "lumipili", "tokens", "track", "set_faces",
                 "uses_lumipili", "uses_tokens", "uses_track", "track_points", "points_per_track_reroll"]
EXP_COLUMNS = ["source", "variant", "amount", "baseline", "pairs",
               "score_gain", "score_gain_low", "score_gain_high",
               "win_gain", "win_gain_low", "win_gain_high",
               "rerolls_gain", "rerolls_gain_low", "rerolls_gain_high",
               "bursts_per_reroll", "bursts_per_reroll_low", "bursts_per_reroll_high",
               "per_token", "per_token_low", "per_token_high",
               "marginal_score", "marginal_score_low", "marginal_score_high",
               "marginal_win", "marginal_win_low", "marginal_win_high", "focal_seats"]


def reroll_usage(run: Run, by=SLICE) -> pd.DataFrame:
    by = list(by)
    kl = "".join(f"{ident(k)}, " for k in by)
    cols = list(SOURCES.values())

    def sql(part):
        # a block's distinct games per variant: set bits of a bitstring over its index range
        # (no hash table); the variants' counts are added up below
        lo, hi = part
        games = (f"bit_count(bitstring_agg(game_index, {lo}, {hi - 1}))" if hi > lo
                 else "count(DISTINCT game_index)")
        return f"""SELECT {kl}variant AS _variant, {games}::DOUBLE AS games,
                   count(*)::DOUBLE AS players,
                   {', '.join(f'sum({c})::DOUBLE AS {c}, count({c})::DOUBLE AS {c}_n, '
                              f'(count(*) FILTER (WHERE {c} > 0))::DOUBLE AS {c}_pos'
                              for c in cols)},
                   sum(set_faces)::DOUBLE AS set_faces, count(set_faces)::DOUBLE AS set_faces_n,
                   sum(track_points_spent)::DOUBLE AS track_points,
                   count(track_points_spent)::DOUBLE AS track_points_n
            FROM {player_rows(run, by, part)} GROUP BY ALL"""
    a = run.scope.each_part(sql)
    rows = []
    for key, p in _groups(a, by):
        t = p.drop(columns=by + ["_variant"]).sum()
        row = dict(zip(by, key), games=int(t["games"]), players=int(t["players"]))
        for src, col in SOURCES.items():
            row[src] = float(t[col] / t[f"{col}_n"]) if t[f"{col}_n"] else np.nan
            row[f"uses_{src}"] = float(t[f"{col}_pos"] / t["players"])
        row["set_faces"] = float(t["set_faces"] / t["set_faces_n"]) if t["set_faces_n"] else np.nan
        row["track_points"] = float(t["track_points"] / t["track_points_n"]) \
            if t["track_points_n"] else np.nan
        n_track = float(t["rerolls_spent_track"])
        row["points_per_track_reroll"] = float(t["track_points"]) / n_track if n_track else np.nan
        rows.append(row)
    return pd.DataFrame(rows, columns=by + USAGE_COLUMNS)


def source_of(field: str) -> str:
    for pat, src in _FIELD_SOURCE:
        if pat.search(field):
            return src
    return ""


LAST_SEAT = "last"   # focal = the player last in the first round's turn order


def focal_players(run: Run, seats) -> pd.DataFrame:
    """Rows of the players a reroll comparison is about: all, some seats, or the last seat
    (as a DataFrame: for small runs; the comparisons below select them in SQL)."""
    return run.scope.df(f"SELECT p.* FROM {_focal_rel(run, seats)} p")


def _focal_rel(run: Run, seats, variants=None) -> str:
    """SQL: the scope's players rows of ``variants`` (default all) that ``seats`` selects."""
    cond = ["TRUE"]
    if variants is not None:
        cond.append(f"p.variant IN ({', '.join(quote(v) for v in variants) or 'NULL'})")
    if seats == LAST_SEAT:
        g = run.scope.rel("games", None, ["variant", "game_index", "n_players"])
        return (f"(SELECT p.* FROM {run.scope.rel('players')} p JOIN {g} g "
                f"USING (variant, game_index) WHERE p.turn_pos = g.n_players - 1 "
                f"AND {' AND '.join(cond)})")
    if seats is not None:
        cond.append(f"p.seat IN ({', '.join(str(int(x)) for x in seats) or 'NULL'})")
    return f"(SELECT p.* FROM {run.scope.rel('players')} p WHERE {' AND '.join(cond)})"


def _per_game(run: Run, seats, variants, cols, part) -> str:
    """SQL: per (variant, game_index) of one block, the focal players' mean of ``cols``."""
    rel = _focal_rel(run, seats, variants)
    # exact means (the sums of whole multiples of 1/SHARE_SCALE): the same in any order
    return (f"(SELECT variant, game_index, "
            f"{', '.join(f'{exact_mean(c, SHARE_SCALE)} AS {c}' for c in cols)} "
            f"FROM {rel} WHERE game_index >= {int(part[0])} AND game_index < {int(part[1])} "
            f"GROUP BY ALL)")


def _paired(run: Run, seats, a: str, b: str, cols: list[str]) -> pd.DataFrame:
    """Paired differences (variant a - variant b, same game_index) of the focal players' per-game
    means of ``cols``: one row with pairs, and per column NAME_n/_mean/_sd, plus the co-moment
    of the first two columns (``cov``), merged over the blocks of games."""
    x, y = cols[0], cols[1]

    def sql(part):
        pg = _per_game(run, seats, [a, b], cols, part)
        d = ", ".join(f"va.{c} - vb.{c} AS {c}" for c in cols)
        return f"""WITH pg AS {pg},
            d AS (SELECT {d} FROM (SELECT * FROM pg WHERE variant = {quote(a)}) va
                  JOIN (SELECT * FROM pg WHERE variant = {quote(b)}) vb USING (game_index))
            SELECT count(*)::DOUBLE AS pairs,
                   {', '.join(moments_sql(c, c, SHARE_SCALE) for c in cols)},
                   {_co_moment(x, y)} AS cov_m, {exact_mean(x, SHARE_SCALE)}::DOUBLE AS cx,
                   {exact_mean(y, SHARE_SCALE)}::DOUBLE AS cy
            FROM d"""
    parts = run.scope.each_part(sql)
    out = combine_moments(parts, [], {c: (f"{c}_n", f"{c}_mean", f"{c}_m2") for c in cols}).iloc[0]
    out["pairs"] = int(parts["pairs"].sum())
    # co-moment of x and y merged as the M2s are (Chan et al.)
    n, mx, my, c = 0.0, 0.0, 0.0, 0.0
    for nb, xb, yb, cb in zip(parts["pairs"], parts["cx"], parts["cy"], parts["cov_m"]):
        if not nb or np.isnan(xb) or np.isnan(yb):
            continue
        tot = n + nb
        dx, dy = xb - mx, yb - my
        c += cb + dx * dy * n * nb / tot
        mx += dx * nb / tot
        my += dy * nb / tot
        n = tot
    out["cov"] = c / (n - 1) if n >= 2 else np.nan
    return out


def _co_moment(x: str, y: str) -> str:
    """SQL: the sum of (x - mean x)(y - mean y) over the rows, from exact sums of x, y and xy
    as whole multiples of 1/SHARE_SCALE (per-game means of whole numbers and win shares): the
    same for any order of the rows (covar_pop is not)."""
    wx, wy = whole(x, SHARE_SCALE), whole(y, SHARE_SCALE)
    n = f"nullif(count(*), 0)"
    return (f"coalesce((sum(({wx})::HUGEINT * ({wy})::HUGEINT)::DOUBLE - sum({wx})::DOUBLE * "
            f"sum({wy})::DOUBLE / {n}) / {SHARE_SCALE * SHARE_SCALE}, 0)::DOUBLE")


def _mean_iv(m, col) -> Interval:
    return interval_of(m[f"{col}_mean"], m[f"{col}_sd"], m[f"{col}_n"])


def focal_label(seats) -> str:
    if seats is None:
        return "all"
    if seats == LAST_SEAT:
        return "last in turn order"
    return ",".join(map(str, seats))


def _seat_of(field: str):
    m = re.search(r"seats\.(\d+)\.start_rerolls$", field)
    return int(m.group(1)) if m else None


def experiment_design(run: Run) -> list[dict]:
    """The reroll-value comparisons this run allows: one dict per source.

    ``{source, baseline, variants: [(name, amount)], seats: [..] | None}``;
    empty when no variant changes a reroll source alone.
    """
    s = variant_settings(run)
    if len(s) < 2:
        return []
    present = set(run.present_variants)
    s = s[s.index.isin(present)]
    varying = [c for c in s.columns
               if s[c].map(lambda x: repr(x)).nunique() > 1]
    by_source: dict[str, list[str]] = {}
    for c in varying:
        src = source_of(c)
        by_source.setdefault(src, []).append(c)
    other = by_source.pop("", [])
    designs = []
    tok = by_source.get("tokens", [])
    if tok:
        # variants that differ in something else too (side, players, content) are compared
        # only with variants that match them there: group by the other settings
        # (a variant changing the Lumipili power or the score track is another source's
        # experiment, never a token variant with 0 extra tokens)
        apart = other + by_source.get("lumipili", []) + by_source.get("track", [])
        keys = s[apart].map(repr).agg("|".join, axis=1) if apart else pd.Series("", index=s.index)
        for _, grp in s.groupby(keys, sort=False):
            cols = [c for c in tok if grp[c].map(repr).nunique() > 1]
            if len(grp) < 2 or not cols:
                continue
            if any(c.endswith("last_player_reroll_tokens") for c in cols):
                seats = LAST_SEAT   # R2's tokens go to the last player in turn order
            else:
                seats = sorted({_seat_of(c) for c in cols if _seat_of(c) is not None}) or None
            amount = grp[cols].apply(_amount, axis=1).sort_values(kind="stable")
            designs.append(dict(source="tokens", baseline=amount.index[0],
                                variants=[(v, float(a)) for v, a in amount.items()], seats=seats))
    for src in ("lumipili", "track"):
        cols = by_source.get(src, [])
        if not cols:
            continue
        ref = [v for v in run.reference_variants() if v in s.index]
        base = ref[0] if ref else s.index[0]
        changed = [v for v in s.index if v != base
                   and any(repr(s.at[v, c]) != repr(s.at[base, c]) for c in cols)]
        if changed:
            designs.append(dict(source=src, baseline=base,
                                variants=[(base, 0.0)] + [(v, np.nan) for v in changed],
                                seats=None))
    return designs


def _amount(row) -> float:
    vals = [v for v in row if is_number(v)]
    if not vals:
        vals = [0]
    return float(max(vals))


def reroll_experiments(run: Run) -> pd.DataFrame:
    rows = []
    for d in experiment_design(run):
        col = SOURCES[d["source"]]
        cols = ["score", col, "win_share"]
        base = d["baseline"]
        prev = base
        present = set(run.present_variants)
        for name, amount in d["variants"]:
            if name == base or name not in present or base not in present:
                continue
            m = _paired(run, d["seats"], name, base, cols)
            row = dict(source=d["source"], variant=name, amount=amount, baseline=base,
                       pairs=int(m["pairs"]), focal_seats=focal_label(d["seats"]))
            row.update(interval_columns("score_gain", _mean_iv(m, "score")))
            row.update(interval_columns("win_gain", _mean_iv(m, "win_share")))
            row.update(interval_columns("rerolls_gain", _mean_iv(m, col)))
            row.update(interval_columns("bursts_per_reroll", ratio_of(
                m["score_mean"], m[f"{col}_mean"], m["score_sd"] ** 2, m[f"{col}_sd"] ** 2,
                m["cov"], int(m["score_n"]))))
            base_amount = dict(d["variants"])[base]
            extra = amount - base_amount if is_number(amount) else np.nan
            if is_number(extra) and extra > 0:
                row.update(per_token=row["score_gain"] / extra,
                           per_token_low=row["score_gain_low"] / extra,
                           per_token_high=row["score_gain_high"] / extra)
            else:
                row.update(per_token=np.nan, per_token_low=np.nan, per_token_high=np.nan)
            pv = _paired(run, d["seats"], name, prev, ["score", "win_share"])
            row.update(interval_columns("marginal_score", _mean_iv(pv, "score")))
            row.update(interval_columns("marginal_win", _mean_iv(pv, "win_share")))
            if d["source"] == "tokens":
                prev = name
            rows.append(row)
    return pd.DataFrame(rows, columns=EXP_COLUMNS)


def token_slopes(run: Run) -> pd.DataFrame:
    """Bursts and win share per extra token, pooled over every token variant of a design.

    Per game index g: the least-squares slope through the origin of the paired
    differences d_k(g) = metric(variant k) - metric(baseline) against the extra
    tokens x_k, s_g = sum_k x_k d_k(g) / sum_k x_k^2; then the mean of s_g over
    games with its t interval (games are independent; the variants of one game
    are not, which the per-game slope keeps together).  Games where a variant or the
    baseline has no value are left out.
    """
    rows = []
    present = set(run.present_variants)
    for d in experiment_design(run):
        if d["source"] != "tokens":
            continue
        base = d["baseline"]
        amounts = dict(d["variants"])
        extra = {v: a - amounts[base] for v, a in d["variants"] if v != base}
        names = [v for v in extra if v in present]
        if not names or base not in present:
            continue
        x = np.array([extra[v] for v in names], dtype=float)
        xx = float(x @ x)
        row = dict(source="tokens", baseline=base, focal_seats=focal_label(d["seats"]),
                   variants=len(names))
        for metric in ("score", "win_share"):
            # token amounts are whole numbers: the weighted sum below is then exact
            wx = " ".join(f"WHEN {quote(v)} THEN "
                          f"{int(extra[v]) if float(extra[v]).is_integer() else repr(float(extra[v]))}"
                          for v in names)

            def sql(part, metric=metric, wx=wx):
                pg = _per_game(run, d["seats"], names + [base], [metric], part)
                return f"""WITH s AS (
                        SELECT game_index,
                               sum(CASE variant {wx} END * {whole(metric, SHARE_SCALE)})
                               / {SHARE_SCALE}.0 AS sxm,
                               max(CASE WHEN variant = {quote(base)} THEN {metric} END) AS mb,
                               count({metric}) FILTER (WHERE variant <> {quote(base)}) AS k,
                               count({metric}) FILTER (WHERE variant = {quote(base)}) AS kb
                        FROM {pg} GROUP BY game_index),
                    g AS (SELECT (sxm - mb * {float(x.sum())!r}) / {xx!r} AS slope FROM s
                          WHERE k = {len(names)} AND kb = 1)
                    SELECT count(*)::DOUBLE AS pairs, {moments_sql('slope', 's', RATIO_SCALE)}
                    FROM g"""
            parts = run.scope.each_part(sql)
            m = combine_moments(parts, [], {"s": ("s_n", "s_mean", "s_m2")}).iloc[0]
            key = "bursts_per_token" if metric == "score" else "win_per_token"
            row.update(interval_columns(key, interval_of(m["s_mean"], m["s_sd"], m["s_n"])))
            row["pairs"] = int(parts["pairs"].sum())
        rows.append(row)
    return pd.DataFrame(rows, columns=["source", "baseline", "focal_seats", "variants", "pairs",
                                       "bursts_per_token", "bursts_per_token_low",
                                       "bursts_per_token_high", "win_per_token",
                                       "win_per_token_low", "win_per_token_high"])


def track_break_even(experiments: pd.DataFrame) -> dict | None:
    """Score-track points a reroll is worth: bursts gained per extra token reroll actually spent.

    Taken from the variant with the fewest extra tokens (closest to the printed game).
    A reroll taken on the score track costs points; it pays on average when it costs
    fewer points than a spent token reroll gains.
    """
    t = experiments[experiments["source"] == "tokens"].dropna(subset=["bursts_per_reroll"])
    if t.empty:
        return None
    first = t.sort_values("amount").iloc[0]
    return dict(points=first["bursts_per_reroll"], low=first["bursts_per_reroll_low"],
                high=first["bursts_per_reroll_high"], variant=first["variant"])
