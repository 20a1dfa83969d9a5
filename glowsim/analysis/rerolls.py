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
from .intervals import interval_columns, mean_ci, paired_diff, ratio_ci
from .load import Run
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
    players = run.with_game_keys("players", by)
    rows = []
    for key, p in _groups(players, by):
        row = dict(zip(by, key), games=p[["variant", "game_index"]].drop_duplicates().shape[0],
                   players=len(p))
        for src, col in SOURCES.items():
            row[src] = float(p[col].mean())
            row[f"uses_{src}"] = float((p[col] > 0).mean())
        row["set_faces"] = float(p["set_faces"].mean())
        row["track_points"] = float(p["track_points_spent"].mean())
        n_track = float(p["rerolls_spent_track"].sum())
        row["points_per_track_reroll"] = float(p["track_points_spent"].sum()) / n_track \
            if n_track else np.nan
        rows.append(row)
    return pd.DataFrame(rows, columns=by + USAGE_COLUMNS)


def source_of(field: str) -> str:
    for pat, src in _FIELD_SOURCE:
        if pat.search(field):
            return src
    return ""


LAST_SEAT = "last"   # focal = the player last in the first round's turn order


def focal_players(run: Run, seats) -> pd.DataFrame:
    """Rows of the players a reroll comparison is about: all, some seats, or the last seat."""
    p = run.players
    if seats is None:
        return p
    if seats == LAST_SEAT:
        n = run.with_game_keys("players", ["n_players"])["n_players"]
        return p[p["turn_pos"].to_numpy() == n.to_numpy() - 1]
    return p[p["seat"].isin(list(seats))]


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
    present = set(run.games["variant"])
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
        p = focal_players(run, d["seats"])
        per_game = p.groupby(["variant", "game_index"])[
            ["score", "win_share", SOURCES[d["source"]]]].mean()
        base = d["baseline"]
        prev = base
        for name, amount in d["variants"]:
            if name == base:
                continue
            a = per_game.loc[name] if name in per_game.index.get_level_values(0) else None
            b = per_game.loc[base]
            if a is None:
                continue
            joined = a.add_suffix("_v").join(b.add_suffix("_b"), how="inner")
            ds = joined["score_v"] - joined["score_b"]
            dw = joined["win_share_v"] - joined["win_share_b"]
            col = SOURCES[d["source"]]
            du = joined[f"{col}_v"] - joined[f"{col}_b"]
            row = dict(source=d["source"], variant=name, amount=amount, baseline=base,
                       pairs=len(joined),
                       focal_seats=focal_label(d["seats"]))
            row.update(interval_columns("score_gain", mean_ci(ds)))
            row.update(interval_columns("win_gain", mean_ci(dw)))
            row.update(interval_columns("rerolls_gain", mean_ci(du)))
            row.update(interval_columns("bursts_per_reroll", ratio_ci(ds, du)))
            base_amount = dict(d["variants"])[base]
            extra = amount - base_amount if is_number(amount) else np.nan
            if is_number(extra) and extra > 0:
                row.update(per_token=row["score_gain"] / extra,
                           per_token_low=row["score_gain_low"] / extra,
                           per_token_high=row["score_gain_high"] / extra)
            else:
                row.update(per_token=np.nan, per_token_low=np.nan, per_token_high=np.nan)
            pv = per_game.loc[prev].add_suffix("_p").join(a.add_suffix("_v"), how="inner")
            row.update(interval_columns("marginal_score",
                                        paired_diff(pv["score_v"], pv["score_p"])))
            row.update(interval_columns("marginal_win",
                                        paired_diff(pv["win_share_v"], pv["win_share_p"])))
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
    are not, which the per-game slope keeps together).
    """
    rows = []
    for d in experiment_design(run):
        if d["source"] != "tokens":
            continue
        p = focal_players(run, d["seats"])
        per_game = p.groupby(["variant", "game_index"])[["score", "win_share"]].mean()
        base = d["baseline"]
        amounts = dict(d["variants"])
        extra = {v: a - amounts[base] for v, a in d["variants"] if v != base}
        names = [v for v in extra if v in per_game.index.get_level_values(0)]
        if not names or base not in per_game.index.get_level_values(0):
            continue
        b = per_game.loc[base]
        row = dict(source="tokens", baseline=base, focal_seats=focal_label(d["seats"]),
                   variants=len(names))
        for metric in ("score", "win_share"):
            wide = pd.concat({v: per_game.loc[v, metric] - b[metric] for v in names},
                             axis=1).dropna()
            x = np.array([extra[v] for v in names], dtype=float)
            slopes = wide.to_numpy() @ x / float(x @ x)
            key = "bursts_per_token" if metric == "score" else "win_per_token"
            row.update(interval_columns(key, mean_ci(slopes)))
            row["pairs"] = len(wide)
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
