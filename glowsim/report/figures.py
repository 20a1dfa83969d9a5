"""Matplotlib figures of the report (Agg backend). Each function takes analysis tables and
returns a Figure with a title and labelled axes; captions are written by the sections."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from matplotlib.ticker import FuncFormatter, MaxNLocator, PercentFormatter  # noqa: E402

ABOVE, BELOW, NEUTRAL, FEW = "#1a7f37", "#c0392b", "#44546a", "#b8bec6"
MIN_GAMES = 30   # rows with fewer games behind them are drawn faded in ranked plots
SIDE_COLORS = {"province": "#8e5ea2", "archipelago": "#2a9d8f"}
SOURCE_COLORS = {"lumipili": "#e9c46a", "tokens": "#264653", "track": "#e76f51"}
def pct_axis(axis):
    """Percent tick labels with as many decimals as the tick step needs (12.5%, never a
    rounded '12%' that hides the step)."""
    axis.set_major_formatter(PercentFormatter(1.0, decimals=None))


def pp_axis(axis):
    """Tick labels of a difference of probabilities in percentage points: +2.5, 0, -10 (the
    axis label says 'percentage points'; a '%' sign would read as a relative change)."""
    axis.set_major_formatter(FuncFormatter(lambda v, _: "0" if abs(v) < 1e-12 else f"{v * 100:+g}"))


def slice_label(n_players, side) -> str:
    return f"{int(n_players)} players, {side}"


def _dots(ax, x, y, low, high, colors):
    """Horizontal interval bars with a dot, one errorbar call per colour (fast)."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    lo = np.nan_to_num(np.clip(x - np.asarray(low, float), 0, None))
    hi = np.nan_to_num(np.clip(np.asarray(high, float) - x, 0, None))
    colors = np.asarray(colors)
    for c in dict.fromkeys(colors):
        m = colors == c
        ax.errorbar(x[m], y[m], xerr=[lo[m], hi[m]], fmt="o", color=c, ms=4, capsize=2, lw=1.2)


def forest(df: pd.DataFrame, est: str, label: str, title: str, xlabel: str,
           field: float | None, pct: bool = True, n_col: str | None = None):
    """Ranked point estimates with 95% intervals; flagged rows coloured."""
    d = df.dropna(subset=[est]).sort_values(est, ascending=True)
    if n_col and (d[n_col] >= MIN_GAMES).any():
        d = d[d[n_col] >= MIN_GAMES]   # too few games: left out, listed in the caption
    n = len(d)
    height = max(3.0, 0.24 * n + 1.9)
    fig, ax = plt.subplots(figsize=(8, height))
    # fixed margins (inches) instead of tight_layout: measuring 46 labels twice is slow;
    # the legend goes under the axis, where it cannot hide a card
    fig.subplots_adjust(left=2.3 / 8, right=0.97, top=1 - 0.45 / height, bottom=1.25 / height)
    y = np.arange(n)
    flags = d["flag"] if "flag" in d else pd.Series([""] * n)
    few = (d[n_col] < MIN_GAMES).to_numpy() if n_col else np.zeros(n, bool)
    colors = [FEW if k else ABOVE if f == "above" else BELOW if f == "below" else NEUTRAL
              for f, k in zip(flags, few)]
    _dots(ax, d[est], y, d[f"{est}_low"], d[f"{est}_high"], colors)
    labels = [f"{lab}  (n={int(k):,})" if n_col else lab
              for lab, k in zip(d[label], d[n_col] if n_col else [0] * n)]
    ax.set_yticks(y, labels, fontsize=8)
    ax.set_ylim(-0.7, n - 0.3)
    if field is not None and not np.isnan(field):
        ax.axvline(field, color="0.4", ls="--", lw=1)
    if pct:
        pct_axis(ax.xaxis)
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=11)
    ax.grid(axis="x", alpha=0.3)
    from matplotlib.lines import Line2D
    handles = [Line2D([], [], marker="o", ls="", color=ABOVE, label="interval wholly above average"),
               Line2D([], [], marker="o", ls="", color=BELOW, label="interval wholly below average"),
               Line2D([], [], marker="o", ls="", color=NEUTRAL, label="interval overlaps average")]
    if few.any():
        handles.append(Line2D([], [], marker="o", ls="", color=FEW,
                              label=f"fewer than {MIN_GAMES} games: do not rank"))
    if field is not None and not np.isnan(field):
        handles.append(Line2D([], [], color="0.4", ls="--",
                              label=f"field average {field:.0%}" if pct
                              else f"average of all {field:.1f}"))
    fig.legend(handles=handles, fontsize=7, loc="lower center", ncol=3, frameon=False,
               bbox_to_anchor=(0.6, 0.0))
    return fig


def pick_vs_win(df: pd.DataFrame, title: str, field: float):
    """Scatter: pick rate when offered against win rate when recruited."""
    fig, ax = plt.subplots(figsize=(8, 6))
    d = df.dropna(subset=["pick_rate", "win_rate_recruited"])
    if (d["games_recruited"] >= MIN_GAMES).any():
        d = d[d["games_recruited"] >= MIN_GAMES]   # as in the forest plots
    for few, g in d.groupby(d["games_recruited"] < MIN_GAMES):
        ax.errorbar(g["pick_rate"], g["win_rate_recruited"],
                    yerr=[(g["win_rate_recruited"] - g["win_rate_recruited_low"]).clip(lower=0),
                          (g["win_rate_recruited_high"] - g["win_rate_recruited"]).clip(lower=0)],
                    fmt="o", ms=4, color=FEW if few else NEUTRAL, ecolor="0.85", lw=1,
                    label=f"fewer than {MIN_GAMES} games" if few else "companion (95% CI)")
    for _, r in d.iterrows():
        ax.annotate(r["companion"], (r["pick_rate"], r["win_rate_recruited"]), fontsize=7,
                    xytext=(3, 2), textcoords="offset points",
                    color="0.6" if r["games_recruited"] < MIN_GAMES else "0.1")
    ax.axhline(field, color="0.4", ls="--", lw=1, label=f"field average {field:.0%}")
    pct_axis(ax.xaxis)
    pct_axis(ax.yaxis)
    ax.set_xlabel("pick rate when offered (% of picks)")
    ax.set_ylabel("win rate when recruited (% of games, 95% CI)")
    ax.set_title(title, fontsize=11)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    return fig


def adventurer_panels(df: pd.DataFrame, title: str):
    """One panel per slice (player count, side, and assignment when any seat drafts):
    adventurer win rates with intervals and the field average."""
    keys = ["n_players", "side"] + (["assignment"] if "assignment" in df and
                                    (df["assignment"] != "dealt").any() else [])
    slices = df[keys].drop_duplicates().sort_values(keys)
    k = len(slices)
    cols = min(k, 2)
    rows = int(np.ceil(k / cols))
    width = 5.2 * cols if cols > 1 else 7.5
    fig, axes = plt.subplots(rows, cols, figsize=(width, 2.9 * rows + 0.4), squeeze=False)
    for ax, (_, s) in zip(axes.flat, slices.iterrows()):
        m = np.ones(len(df), bool)
        for c in keys:
            m &= (df[c] == s[c]).to_numpy()
        d = df[m].sort_values("win_rate")
        y = np.arange(len(d))
        colors = [ABOVE if f == "above" else BELOW if f == "below" else NEUTRAL for f in d["flag"]]
        _dots(ax, d["win_rate"], y, d["win_rate_low"], d["win_rate_high"], colors)
        ax.set_yticks(y, [f"{a} (n={g:,})" for a, g in zip(d["label"], d["games"])], fontsize=8)
        fa = float(d["field_win_rate"].iloc[0])
        ax.axvline(fa, color="0.4", ls="--", lw=1)
        ax.xaxis.set_major_locator(MaxNLocator(6))
        pct_axis(ax.xaxis)
        ax.tick_params(axis="x", labelsize=8)
        ax.set_xlabel("win rate (% of games, 95% CI)", fontsize=8)
        extra = f", {s['assignment']}" if "assignment" in keys else ""
        ax.set_title(f"{slice_label(s['n_players'], s['side'])}{extra}  (dashed: {fa:.0%})",
                     fontsize=9)
        ax.grid(axis="x", alpha=0.3)
    for ax in list(axes.flat)[k:]:
        ax.axis("off")
    fig.suptitle(title, fontsize=11)
    fig.tight_layout()
    return fig


def _point_labels(ax, x, y, texts):
    """Labels next to scatter points, moved below their point when another label would
    overlap (points close in both axes), and to the left of points near the right edge."""
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    placed = []
    for i in np.argsort(-y):
        right = x[i] > x0 + 0.8 * (x1 - x0)
        dy = 4
        for px, py in placed:
            if abs(px - x[i]) < 0.3 * (x1 - x0) and abs(py - y[i]) < 0.06 * (y1 - y0):
                dy = -11
        placed.append((x[i], y[i]))
        ax.annotate(texts[i], (x[i], y[i]), fontsize=7, xytext=(-5 if right else 5, dy),
                    textcoords="offset points", ha="right" if right else "left",
                    bbox=dict(boxstyle="square,pad=0.1", fc="white", ec="none", alpha=0.8))


def draft_panels(df: pd.DataFrame, slices: list[tuple], title: str):
    """Adventurer draft, one row per draft slice (n_players, side, assignment): left, pick rate
    when offered against win rate when drafted (Wilson intervals both ways); right, improvement
    when drafted (drafted minus passed) per adventurer with its interval, or why it has none."""
    k = len(slices)
    n_adv = max(len(df[(df["n_players"] == n) & (df["side"] == sd) & (df["assignment"] == a)])
                for n, sd, a in slices)
    h = max(3.6, 0.42 * n_adv + 1.6)
    fig, axes = plt.subplots(k, 2, figsize=(11, h * k + 0.5), squeeze=False,
                             gridspec_kw={"width_ratios": [1, 1.15]})
    for (ax, bx), (n, side, asg) in zip(axes, slices):
        d = df[(df["n_players"] == n) & (df["side"] == side) & (df["assignment"] == asg)]
        where = f"{slice_label(n, side)}, {asg}"
        fa = float(d["field_win_rate"].iloc[0])
        p = d[d["drafted"] > 0]
        ax.errorbar(p["pick_rate"], p["win_rate_drafted"],
                    xerr=[(p["pick_rate"] - p["pick_rate_low"]).clip(lower=0),
                          (p["pick_rate_high"] - p["pick_rate"]).clip(lower=0)],
                    yerr=[(p["win_rate_drafted"] - p["win_rate_drafted_low"]).clip(lower=0),
                          (p["win_rate_drafted_high"] - p["win_rate_drafted"]).clip(lower=0)],
                    fmt="o", ms=5, color=NEUTRAL, ecolor="0.6", lw=1, capsize=2,
                    label="adventurer (95% CI both ways)")
        ax.set_xlim(-0.05, 1.05)
        lo = np.nanmin(np.r_[p["win_rate_drafted_low"].to_numpy(float), fa]) if len(p) else 0
        hi = np.nanmax(np.r_[p["win_rate_drafted_high"].to_numpy(float), fa]) if len(p) else 1
        pad = max(0.02, 0.15 * (hi - lo))
        ax.set_ylim(max(0.0, lo - pad), min(1.0, hi + pad))
        _point_labels(ax, p["pick_rate"].to_numpy(float), p["win_rate_drafted"].to_numpy(float),
                      [f"{lab} ({int(a):,} of {int(b):,})"
                       for lab, a, b in zip(p["label"], p["drafted"], p["offered"])])
        ax.axhline(fa, color="0.4", ls="--", lw=1, label=f"field average {fa:.0%}")
        pct_axis(ax.xaxis)
        pct_axis(ax.yaxis)
        ax.set_xlabel("pick rate when offered (% of offers taken; label: drafted of offered)",
                      fontsize=8)
        ax.set_ylabel("win rate when drafted (% of games)", fontsize=8)
        ax.set_title(f"Pick rate and win rate: {where}", fontsize=9)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7, loc="lower left")
        # right: improvement when drafted, every adventurer offered, in pick-rate order
        e = d.sort_values(["pick_rate", "label"], ascending=[True, False])
        y = np.arange(len(e))
        ok = e["improvement_drafted"].notna().to_numpy()
        est = e["improvement_drafted"].to_numpy(float)
        colors = np.where(e["improvement_drafted_low"] > 0, ABOVE,
                          np.where(e["improvement_drafted_high"] < 0, BELOW, NEUTRAL))
        _dots(bx, est[ok], y[ok], e["improvement_drafted_low"].to_numpy(float)[ok],
              e["improvement_drafted_high"].to_numpy(float)[ok], colors[ok])
        bx.axvline(0, color="0.4", ls="--", lw=1)
        span = np.nanmax(np.abs(np.r_[e["improvement_drafted_low"].to_numpy(float),
                                      e["improvement_drafted_high"].to_numpy(float), 0.05]))
        bx.set_xlim(-1.15 * span, 1.15 * span)
        for yi, (_, r) in zip(y, e.iterrows()):
            if np.isnan(r["improvement_drafted"]):
                why = ("always taken when offered: nothing to compare" if r["passed"] == 0
                       else "never taken when offered: nothing to compare")
                bx.text(0, yi, why, fontsize=7, color="0.35", ha="center", va="center",
                        bbox=dict(boxstyle="round,pad=0.2", fc="white", ec="0.8"))
        bx.set_yticks(y, [f"{lab} (drafted {int(a):,} / passed {int(b):,})"
                          for lab, a, b in zip(e["label"], e["drafted"], e["passed"])],
                      fontsize=8)
        bx.set_ylim(-0.7, len(e) - 0.3)
        pp_axis(bx.xaxis)
        bx.set_xlabel("improvement when drafted: drafted minus passed\n"
                      "(win rate, percentage points, 95% CI)", fontsize=8)
        bx.set_title(f"Drafted vs passed: {where}", fontsize=9)
        bx.grid(axis="x", alpha=0.3)
    fig.suptitle(title, fontsize=11)
    fig.tight_layout()
    return fig


def gain_curves(df: pd.DataFrame, title: str, base_amount: float = 0.0,
                xname: str = "extra reroll tokens at the start"):
    """Paired gains (score, win) against extra reroll tokens, with 95% bands."""
    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    d = df.sort_values("amount")
    x = np.concatenate([[base_amount], d["amount"].to_numpy(float)])  # baseline: gain 0
    for ax, col, lab, pp in ((axes[0], "score_gain", "final score gained (bursts)", False),
                             (axes[1], "win_gain", "win probability gained (percentage points)",
                              True)):
        est = np.concatenate([[0.0], d[col].to_numpy(float)])
        lo = np.concatenate([[0.0], d[f"{col}_low"].to_numpy(float)])
        hi = np.concatenate([[0.0], d[f"{col}_high"].to_numpy(float)])
        ax.fill_between(x, lo, hi, color=SOURCE_COLORS["tokens"], alpha=0.2, label="95% interval")
        ax.plot(x, est, "o-", color=SOURCE_COLORS["tokens"], label="paired mean gain")
        ax.axhline(0, color="0.5", lw=0.8)
        ax.set_xlabel(f"{xname} (tokens)")
        ax.set_ylabel(lab)
        if pp:
            pp_axis(ax.yaxis)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8, loc="upper left")
    axes[0].set_title("score", fontsize=10)
    axes[1].set_title("win probability", fontsize=10)
    fig.suptitle(title, fontsize=11)
    fig.tight_layout()
    return fig


def source_bars(df: pd.DataFrame, title: str, col: str, ylabel: str, pct: bool = False):
    """Grouped bars per slice and bar colour per reroll source (error bars when given)."""
    d = df.copy()
    d["slice"] = [slice_label(n, s) for n, s in zip(d["n_players"], d["side"])]
    sources = [s for s in ("lumipili", "tokens", "track") if s in d.columns]
    fig, ax = plt.subplots(figsize=(max(6, 1.3 * len(d) + 2), 4))
    x = np.arange(len(d))
    w = 0.8 / len(sources)
    from ..analysis.rerolls import SOURCE_LABELS
    for i, s in enumerate(sources):
        bars = ax.bar(x + (i - (len(sources) - 1) / 2) * w, d[s], w, color=SOURCE_COLORS[s],
                      label=SOURCE_LABELS[s])
        ax.bar_label(bars, fmt="%.2g", fontsize=7, padding=1)   # a zero bar still shows "0"
    ax.set_xticks(x, d["slice"], fontsize=8, rotation=20, ha="right")
    ax.set_xlabel("player count and board side")
    ax.set_ylabel(ylabel)
    if pct:
        pct_axis(ax.yaxis)
    ax.set_title(title, fontsize=11)
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def side_by_side_metrics(df: pd.DataFrame, metrics: list[tuple[str, str, bool]], title: str):
    """One panel per metric: x = player count, one bar per side, 95% error bars where known."""
    fig, axes = plt.subplots(1, len(metrics), figsize=(3.6 * len(metrics), 3.6), squeeze=False)
    counts = sorted(df["n_players"].unique())
    sides = [s for s in ("province", "archipelago") if s in set(df["side"])]
    w = 0.8 / max(len(sides), 1)
    for ax, (col, lab, pct) in zip(axes.flat, metrics):
        for j, side in enumerate(sides):
            d = df[df["side"] == side].set_index("n_players").reindex(counts)
            xs = np.arange(len(counts)) + (j - (len(sides) - 1) / 2) * w
            err = None
            if f"{col}_low" in d.columns:
                err = [(d[col] - d[f"{col}_low"]).clip(lower=0).fillna(0),
                       (d[f"{col}_high"] - d[col]).clip(lower=0).fillna(0)]
            ax.bar(xs, d[col], w, yerr=err, capsize=3, color=SIDE_COLORS.get(side, NEUTRAL),
                   label=side)
        ax.set_xticks(np.arange(len(counts)), [f"{int(c)}" for c in counts])
        ax.set_xlabel("players")
        ax.set_ylabel(lab, fontsize=9)
        if pct:
            pct_axis(ax.yaxis)
        ax.grid(axis="y", alpha=0.3)
    h, lab = axes.flat[0].get_legend_handles_labels()
    fig.suptitle(title, fontsize=11)
    fig.tight_layout(rect=(0, 0, 1, 0.9))
    fig.legend(h, [f"{x} side" for x in lab], loc="upper right", ncol=len(lab), fontsize=8,
               frameon=False)
    return fig


def score_distributions(players: pd.DataFrame, title: str):
    """Histograms of final scores: one panel per player count, the two sides overlaid.

    ``players``: rows with n_players, side and score, and optionally ``count`` (how many
    players had that score, as :func:`glowsim.analysis.sides.score_histogram` gives)."""
    from ..analysis.sides import hist_percentile
    if "count" not in players.columns:
        players = players.assign(count=1)
    counts = sorted(players["n_players"].unique())
    fig, axes = plt.subplots(1, len(counts), figsize=(4.2 * len(counts), 3.6), squeeze=False,
                             sharey=False)
    total = players.groupby("score")["count"].sum().sort_index()
    lo, hi = ((hist_percentile(total.index, total.to_numpy(), 0.5),
               hist_percentile(total.index, total.to_numpy(), 99.5)) if len(players) else (0, 1))
    width = max(1, int(np.ceil((hi - lo) / 40)))   # whole bursts per bin: no aliasing
    bins = np.arange(np.floor(lo) - 0.5, np.ceil(hi) + width + 0.5, width)
    for ax, n in zip(axes.flat, counts):
        for side in ("province", "archipelago"):
            s = players[(players["n_players"] == n) & (players["side"] == side)]
            k = s["count"].to_numpy(float)
            if k.sum():
                mean = float((s["score"].to_numpy(float) * k).sum() / k.sum())
                ax.hist(s["score"].to_numpy(float), bins=bins, density=True, histtype="step",
                        lw=1.6, color=SIDE_COLORS[side], label=f"{side} (mean {mean:.1f})",
                        weights=k * float(width))
        ax.set_title(f"{int(n)} players", fontsize=10)
        ax.set_xlabel("final score (bursts)")
        ax.set_ylabel(f"share of players per {width}-burst bin" if width > 1
                      else "share of players per burst")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    fig.suptitle(title, fontsize=11)
    fig.tight_layout()
    return fig


def score_parts_bars(parts: pd.DataFrame, title: str):
    """Stacked bars: mean of each part of the final score per slice."""
    d = parts.copy()
    d["slice"] = [slice_label(n, s) for n, s in zip(d["n_players"], d["side"])]
    wide = d.pivot_table(index="slice", columns="label", values="mean", sort=False)
    order = list(dict.fromkeys(d["label"]))
    wide = wide[order]
    fig, ax = plt.subplots(figsize=(max(6, 1.3 * len(wide) + 2.5), 4.2))
    bottom = np.zeros(len(wide))
    cmap = plt.get_cmap("Set2")
    for i, c in enumerate(order):
        ax.bar(np.arange(len(wide)), wide[c], bottom=bottom, color=cmap(i), label=c)
        bottom += wide[c].to_numpy()
    ax.set_xticks(np.arange(len(wide)), wide.index, fontsize=8, rotation=20, ha="right")
    ax.set_xlabel("player count and board side")
    ax.set_ylabel("mean final score per player (bursts)")
    ax.set_title(title, fontsize=11)
    h, lab = ax.get_legend_handles_labels()   # top of the stack first, as drawn
    ax.legend(h[::-1], lab[::-1], fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    return fig


def seat_bars(seats: pd.DataFrame, title: str):
    """Win rate per seat (turn position) per slice with 95% intervals and the fair share."""
    slices = seats[["n_players", "side"]].drop_duplicates().sort_values(["n_players", "side"])
    fig, ax = plt.subplots(figsize=(max(6, 1.6 * len(slices) + 2), 4))
    maxn = int(seats["turn_pos"].max()) + 1
    w = 0.8 / maxn
    cmap = plt.get_cmap("viridis")
    for i, (_, s) in enumerate(slices.iterrows()):
        d = seats[(seats["n_players"] == s["n_players"]) & (seats["side"] == s["side"])]
        k = int(s["n_players"])
        for _, r in d.iterrows():
            x = i + (r["turn_pos"] - (k - 1) / 2) * w
            ax.bar(x, r["win_rate"], w * 0.95, color=cmap(r["turn_pos"] / max(maxn - 1, 1)),
                   yerr=[[max(r["win_rate"] - r["win_rate_low"], 0)],
                         [max(r["win_rate_high"] - r["win_rate"], 0)]], capsize=2,
                   label=f"seat {int(r['turn_pos']) + 1}" if i == len(slices) - 1 or
                   (s["n_players"] == maxn and r["turn_pos"] >= 0) else None)
        fair = 1 / s["n_players"]
        ax.hlines(fair, i - 0.45, i + 0.45, colors="0.2", linestyles="--", lw=1)
    handles, labels = ax.get_legend_handles_labels()
    uniq = dict(zip(labels, handles))
    uniq["fair share 1/n"] = plt.Line2D([], [], color="0.2", ls="--")
    ax.legend(uniq.values(), uniq.keys(), fontsize=8, loc="upper left",
              bbox_to_anchor=(1.01, 1.0))   # outside: never over a bar
    ax.set_xticks(np.arange(len(slices)), [slice_label(n, sd) for n, sd in
                                           zip(slices["n_players"], slices["side"])],
                  fontsize=8, rotation=20, ha="right")
    ax.set_xlabel("player count and board side")
    pct_axis(ax.yaxis)
    ax.set_ylabel("win rate (% of games, 95% CI)")
    ax.set_title(title, fontsize=11)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    return fig


def sweep_plot(points: pd.DataFrame, cross: dict | None, title: str, xlabel: str, ylabel: str,
               pct: bool, published=None):
    fig, ax = plt.subplots(figsize=(9.5, 4.2))
    d = points.sort_values("value")
    x = d["value"].astype(float)
    ax.errorbar(x, d["estimate"], yerr=[(d["estimate"] - d["low"]).clip(lower=0),
                                        (d["high"] - d["estimate"]).clip(lower=0)],
                fmt="o-", color=NEUTRAL, capsize=3, label="estimate with 95% interval")
    fa = float(d["field_average"].mean())
    if not np.isnan(fa):
        ax.axhline(fa, color="0.4", ls="--", lw=1, label=f"field average {fa:.0%}")
    if cross and not np.isnan(cross["crossing"]):
        xc = cross["crossing"]
        span = x.max() - x.min()
        near = x.min() - span <= xc <= x.max() + span   # extrapolate the line this far only
        xs = np.array([min(x.min(), xc) if near else x.min(), max(x.max(), xc) if near
                       else x.max()])
        ax.plot(xs, fa + cross["slope"] * (xs - xc), color="0.6", lw=0.8, ls=":",
                label="weighted line fit")
        if cross["in_range"]:
            ax.axvline(xc, color=ABOVE, lw=1.2, label=f"reaches field average at {xc:.1f}")
            lo, hi = cross.get("crossing_low", np.nan), cross.get("crossing_high", np.nan)
            if not (np.isnan(lo) or np.isnan(hi)):
                ax.axvspan(max(lo, x.min()), min(hi, x.max()), color=ABOVE, alpha=0.1,
                           label=f"95% interval {lo:.1f} to {hi:.1f}")
        elif near:
            ax.axvline(xc, color=ABOVE, lw=1.2, ls=":",
                       label=f"line reaches it at {xc:.1f} (extrapolated)")
    if published is not None:
        ax.axvline(float(published), color="#8e5ea2", lw=1, ls="-.",
                   label=f"printed value {published:g}")
    if pct:
        pct_axis(ax.yaxis)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=11)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))   # never over the data
    fig.tight_layout()
    return fig


def source_value_bars(df: pd.DataFrame, labels: dict):
    """Bursts gained per extra reroll spent, one bar per reroll variant, coloured by source."""
    d = df.reset_index(drop=True)
    fig, ax = plt.subplots(figsize=(8, max(2.4, 0.45 * len(d) + 1.3)))
    y = np.arange(len(d))
    err = [(d["bursts_per_reroll"] - d["bursts_per_reroll_low"]).clip(lower=0).fillna(0),
           (d["bursts_per_reroll_high"] - d["bursts_per_reroll"]).clip(lower=0).fillna(0)]
    ax.barh(y, d["bursts_per_reroll"], xerr=err, capsize=3,
            color=[SOURCE_COLORS[s] for s in d["source"]])
    ax.set_yticks(y, [f"{labels[s]}: {v}" for s, v in zip(d["source"], d["variant"])],
                  fontsize=8)
    ax.axvline(0, color="0.4", lw=0.8)
    ax.set_xlabel("bursts gained per extra reroll spent (bursts, 95% CI)")
    ax.set_title("Value of a reroll, by source and variant", fontsize=11)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    return fig


def side_difference_panels(diffs: pd.DataFrame, figures: list[tuple[str, str]], units: dict,
                           title: str):
    """One panel per balance figure: province minus archipelago per side pair (y: the player
    count, or the pair's variants when a count has several pairs) with its 95% interval, coloured by the side found more balanced (grey: no clear difference).
    ``units``: figure -> "points" (of win rate), "% of games", "% of the mean score" or
    "bursts"."""
    cols = 3
    rows = -(-len(figures) // cols)
    keys = ["n_players", "province_variant", "archipelago_variant"]
    pairs = sorted(set(map(tuple, diffs[keys].itertuples(index=False))))
    height = max(2.3, 0.35 * len(pairs) + 0.9)
    fig, axes = plt.subplots(rows, cols, figsize=(4.0 * cols, 0.5 + height * rows), squeeze=False)
    per_count = pd.Series([p[0] for p in pairs]).value_counts()
    counts = [f"{int(n)} players" if per_count[n] == 1 else f"{vp} / {va}"
              for n, vp, va in pairs]        # a row per side pair (several at one count: named)
    for ax, (name, label) in zip(axes.flat, figures):
        d = diffs[diffs["figure"] == name].set_index(keys).reindex(pairs)
        colors = [SIDE_COLORS.get(s, NEUTRAL) if isinstance(s, str) and s else FEW
                  for s in d["more_balanced"]]
        _dots(ax, d["difference"], np.arange(len(counts)), d["difference_low"],
              d["difference_high"], colors)
        ax.axvline(0, color="#555", lw=0.8, ls="--")
        ax.set_yticks(np.arange(len(counts)), counts)
        ax.set_ylim(-0.7, len(counts) - 0.3)
        ax.set_title(label, fontsize=9)
        unit = units.get(name, "bursts")
        if unit != "bursts":
            pp_axis(ax.xaxis)
            unit = "percentage points of win rate" if unit == "points" else unit
        ax.set_xlabel(f"province minus archipelago ({unit})", fontsize=8)
        ax.grid(axis="x", alpha=0.3)
    for ax in list(axes.flat)[len(figures):]:
        ax.remove()            # an empty grid cell: no axes at all
    fig.suptitle(title, fontsize=11)
    fig.tight_layout(rect=(0, 0, 1, 0.94))
    return fig


def set_difference_panels(diffs: pd.DataFrame, metrics: list[tuple[str, str, bool]], title: str):
    """One panel per metric (name, label, in percentage points): each comparison of a Dawn
    variant with its baseline (y: "<player count>: <game> - <baseline>") with its paired 95%
    interval, green when the whole interval is above 0, red below, grey otherwise."""
    keys = ["n_players", "side", "game", "baseline_game"]
    rows = list(dict.fromkeys(map(tuple, diffs[keys].itertuples(index=False))))
    sides = {r[1] for r in rows}
    labels = [f"{int(n)}p{'' if len(sides) == 1 else ' ' + sd}: {g} - {b}"
              for n, sd, g, b in rows]
    height = max(2.3, 0.32 * len(rows) + 1.0)
    fig, axes = plt.subplots(1, len(metrics), figsize=(4.2 * len(metrics) + 2.2, height),
                             squeeze=False, sharey=True)
    y = np.arange(len(rows))[::-1]
    for ax, (name, label, points) in zip(axes.flat, metrics):
        d = diffs[diffs["metric"] == name].set_index(keys).reindex(rows)
        colors = [ABOVE if lo > 0 else BELOW if hi < 0 else NEUTRAL
                  for lo, hi in zip(d["diff_low"], d["diff_high"])]
        _dots(ax, d["diff"], y, d["diff_low"], d["diff_high"], colors)
        ax.axvline(0, color="#555", lw=0.8, ls="--")
        ax.set_yticks(y, labels)
        ax.set_ylim(-0.7, len(rows) - 0.3)
        ax.set_title(label, fontsize=9)
        if points:
            pp_axis(ax.xaxis)
        ax.set_xlabel("percentage points of win share" if points else "bursts", fontsize=8)
        ax.grid(axis="x", alpha=0.3)
    fig.suptitle(title, fontsize=11)
    fig.tight_layout(rect=(0, 0, 1, 0.93))
    return fig


VERDICT_COLORS = {"above": ABOVE, "below": BELOW, "within": NEUTRAL}


def pick_value_forest(df: pd.DataFrame, threshold: float, title: str, label: str = "label"):
    """Companions ranked by pick value (percentage points of win share, 95% interval), coloured
    by verdict, the band of +-threshold shaded; beside it, on the same rows, each companion's
    pick rate when offered at the forked picks (bars)."""
    d = df.dropna(subset=["value"]).sort_values("value", ascending=True)
    n = len(d)
    height = max(3.0, 0.24 * n + 1.9)
    fig, (ax, bx) = plt.subplots(1, 2, figsize=(10, height), sharey=True,
                                 gridspec_kw={"width_ratios": [3, 1]})
    fig.subplots_adjust(left=2.3 / 10, right=0.97, top=1 - 0.45 / height, bottom=1.25 / height,
                        wspace=0.05)
    y = np.arange(n)
    colors = [VERDICT_COLORS.get(v, FEW) for v in d["verdict"]]
    _dots(ax, d["value"], y, d["value_lo"], d["value_hi"], colors)
    ax.axvspan(-threshold, threshold, color="0.85", alpha=0.5, lw=0)
    ax.axvline(0, color="0.4", ls="--", lw=1)
    ax.set_yticks(y, [f"{lab}  (n={int(k):,})" for lab, k in zip(d[label], d["n_picks"])],
                  fontsize=8)
    ax.set_ylim(-0.7, n - 0.3)
    ax.set_xlabel("pick value: win share taking it minus the other offers\n"
                  "(percentage points, 95% CI)", fontsize=9)
    ax.set_title(title, fontsize=11, loc="left")
    ax.grid(axis="x", alpha=0.3)
    bx.barh(y, d["pick_rate"].to_numpy(float), color="0.65", height=0.6)
    bx.set_xlim(0, 1)
    pct_axis(bx.xaxis)
    bx.set_xlabel("pick rate when offered\n(% of forked picks)", fontsize=9)
    bx.grid(axis="x", alpha=0.3)
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    handles = [Line2D([], [], marker="o", ls="", color=ABOVE, label=f"above +{threshold:g}"),
               Line2D([], [], marker="o", ls="", color=NEUTRAL, label=f"within ±{threshold:g}"),
               Line2D([], [], marker="o", ls="", color=BELOW, label=f"below -{threshold:g}"),
               Line2D([], [], marker="o", ls="", color=FEW, label="unclear (interval crosses "
                                                                  f"±{threshold:g})"),
               Patch(color="0.85", alpha=0.5, label=f"band ±{threshold:g} points")]
    fig.legend(handles=handles, fontsize=7, loc="lower center", ncol=5, frameon=False,
               bbox_to_anchor=(0.6, 0.0))
    return fig


def regret_bars(df: pd.DataFrame, stages: list[str], title: str):
    """Pick regret per bot (rows) and stage (one dot per stage, offset), 95% intervals."""
    bots = list(dict.fromkeys(df["bot"]))
    n = len(bots)
    height = max(2.6, 0.55 * n + 1.6)
    fig, ax = plt.subplots(figsize=(8, height))
    fig.subplots_adjust(left=1.6 / 8, right=0.97, top=1 - 0.45 / height, bottom=1.1 / height)
    palette = {"all": "#264653", "early": "#e9c46a", "middle": "#f4a261", "late": "#e76f51"}
    step = 0.7 / max(len(stages), 1)
    for j, st in enumerate(stages):
        d = df[df["stage"] == st]
        yy = np.array([bots.index(b) for b in d["bot"]], float) + (j - (len(stages) - 1) / 2) * step
        x = d["regret"].to_numpy(float)
        lo = np.nan_to_num(np.clip(x - d["regret_lo"].to_numpy(float), 0, None))
        hi = np.nan_to_num(np.clip(d["regret_hi"].to_numpy(float) - x, 0, None))
        ax.errorbar(x, yy, xerr=[lo, hi], fmt="o", ms=4, lw=1, capsize=2,
                    color=palette.get(st, "0.3"), label=st)
    ax.axvline(0, color="0.4", ls="--", lw=1)
    ax.set_yticks(range(n), bots, fontsize=9)
    ax.set_ylim(-0.7, n - 0.3)
    ax.set_xlabel("pick regret: best offer's win share minus the bot's choice\n"
                  "(percentage points, 95% CI)", fontsize=9)
    ax.set_title(title, fontsize=11)
    ax.grid(axis="x", alpha=0.3)
    fig.legend(fontsize=8, loc="lower center", ncol=len(stages), frameon=False,
               bbox_to_anchor=(0.6, 0.0), title="picks in round stage", title_fontsize=8)
    return fig


def pick_value_by_bot(df: pd.DataFrame, bots: list, colors: dict, flipped: set, threshold: float,
                      title: str):
    """One row per companion, one dot per bot (pick value, 95% interval), sorted by the last
    bot's value; cards whose verdict differs between bots marked with * in bold."""
    piv = df.pivot_table(index="label", columns="bot", values="value")
    ref = bots[-1]
    cards = (piv[ref].sort_values().index.tolist() if ref in piv else list(piv.index))
    n = len(cards)
    height = max(3.2, 0.3 * n + 2.0)
    fig, ax = plt.subplots(figsize=(8.5, height))
    fig.subplots_adjust(left=2.4 / 8.5, right=0.97, top=1 - 0.5 / height, bottom=1.2 / height)
    y = {c: i for i, c in enumerate(cards)}
    step = 0.72 / max(len(bots), 1)
    for j, b in enumerate(bots):
        d = df[(df["bot"] == b) & df["label"].isin(y)]
        yy = np.array([y[c] for c in d["label"]], float) + (j - (len(bots) - 1) / 2) * step
        x = d["value"].to_numpy(float)
        lo = np.nan_to_num(np.clip(x - d["value_lo"].to_numpy(float), 0, None))
        hi = np.nan_to_num(np.clip(d["value_hi"].to_numpy(float) - x, 0, None))
        ax.errorbar(x, yy, xerr=[lo, hi], fmt="o", ms=3.2, lw=0.9, capsize=0,
                    color=colors.get(b, "0.3"), label=b)
    ax.axvspan(-threshold, threshold, color="0.85", alpha=0.5, lw=0)
    ax.axvline(0, color="0.4", ls="--", lw=1)
    ax.set_yticks(range(n), [("* " if c in flipped else "") + c for c in cards], fontsize=8)
    for t, c in zip(ax.get_yticklabels(), cards):
        if c in flipped:
            t.set_fontweight("bold")
    ax.set_ylim(-0.7, n - 0.3)
    ax.set_xlabel("pick value (percentage points of win share, 95% CI)", fontsize=9)
    ax.set_title(title, fontsize=11)
    ax.grid(axis="x", alpha=0.3)
    fig.legend(fontsize=8, loc="lower center", ncol=len(bots), frameon=False,
               bbox_to_anchor=(0.6, 0.0),
               title=f"deciding bot   (* bold: verdict differs; band ±{threshold:g} points)",
               title_fontsize=8)
    return fig


GROUP_COLORS = ["#1f6fb4", "#e07b20", "#2a9d8f", "#8e5ea2", "#c0392b", "#6b7f2a", "#7a5230"]


def pick_sweep_groups(groups: list[tuple[str, pd.DataFrame, dict | None]], threshold: float,
                      title: str, xlabel: str, published=None):
    """One swept card number: left, the card's pick value against the swept value for each
    group (player count, side; one colour each, 95% intervals; hollow markers: verdict
    unclear), the band +-threshold, each group's fitted line and, when its slope is
    significant, its crossing of 0 with the 95% interval (shaded), the printed value; right,
    the pick rate at the forked picks.  ``groups``: (label, points, crossing or None)."""
    fig, (ax, bx) = plt.subplots(1, 2, figsize=(11, 4.4), gridspec_kw={"width_ratios": [2, 1]})
    k = len(groups)
    step = 0.06 * (k > 1)
    for i, (label, pts, cross) in enumerate(groups):
        color = GROUP_COLORS[i % len(GROUP_COLORS)]
        d = pts.sort_values("value")
        x = d["value"].astype(float).to_numpy()
        dx = x + (i - (k - 1) / 2) * step          # side by side, not on top of each other
        y = d["pick_value"].to_numpy(float)
        lo = np.nan_to_num(np.clip(y - d["pick_value_lo"].to_numpy(float), 0, None))
        hi = np.nan_to_num(np.clip(d["pick_value_hi"].to_numpy(float) - y, 0, None))
        clear = (d["verdict"] != "unclear").to_numpy()
        for m, face in ((clear, color), (~clear, "white")):
            if m.any():
                ax.errorbar(dx[m], y[m], yerr=[lo[m], hi[m]], fmt="o", color=color,
                            mfc=face, ms=5, capsize=3, lw=1.2, zorder=3)
        ax.plot(dx, y, color=color, lw=0.6, alpha=0.5, zorder=2)
        xc = cross.get("crossing", np.nan) if cross else np.nan
        text = label
        if not np.isnan(xc):
            xs = np.array([min(x.min(), xc), max(x.max(), xc)])
            ax.plot(xs, cross["slope"] * (xs - xc), color=color, lw=0.9, ls=":", zorder=2)
            ax.axvline(xc, color=color, lw=1.4, zorder=1)
            clo, chi = cross.get("crossing_low", np.nan), cross.get("crossing_high", np.nan)
            if not (np.isnan(clo) or np.isnan(chi)):
                ax.axvspan(clo, chi, color=color, alpha=0.12, lw=0, zorder=0)
                text += f": crosses 0 at {xc:.1f} ({clo:.1f} to {chi:.1f})"
            else:
                text += f": crosses 0 at {xc:.1f}"
        elif cross is not None:
            text += ": no crossing (slope not clear of 0)"
        ax.plot([], [], "o-", color=color, label=text)
        bx.plot(x, d["pick_rate"], "o-", color=color, label=label)
    ax.axhspan(-threshold, threshold, color="0.85", alpha=0.5, lw=0,
               label=f"within ±{threshold:g} points")
    ax.axhline(0, color="0.4", ls="--", lw=1)
    if published is not None:
        ax.axvline(float(published), color="#444444", lw=1.2, ls="-.",
                   label=f"printed value {published:g}")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("pick value (percentage points of win share, 95% CI)", fontsize=9)
    ax.set_title(title, fontsize=11, loc="left")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, loc="upper left")
    bx.set_ylim(0, 1)
    pct_axis(bx.yaxis)
    bx.set_xlabel(xlabel)
    bx.set_ylabel("pick rate when offered (% of forked picks)", fontsize=9)
    bx.set_title("Pick rate", fontsize=10)
    bx.grid(alpha=0.3)
    bx.legend(fontsize=7, loc="upper left")
    fig.tight_layout()
    return fig
