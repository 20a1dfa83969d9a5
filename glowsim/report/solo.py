"""Report section "Solo against Tom" (R9): odds per adventurer and side, scores, Tom's tiles.

Figures are drawn here (they are only used by this section); helpers and colours come
from :mod:`glowsim.report.figures`.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib.lines import Line2D

from ..analysis import solo as SA
from ..analysis.cards import flag
from ..content.describe import card_name
from . import figures as F
from . import tables as T
from .figures import plt
from .sections import Section, TableOut, render

TITLE = "Solo against Tom"
SIDES = ("province", "archipelago")
PLAYER_COLOR, TOM_COLOR = "#264653", "#e76f51"
HOWTO = ("not in this run: it needs solo games (`players: 1`, reference engine), e.g. "
         "`glowsim run scenarios/solo.yaml`.")


def _sides(df) -> list[str]:
    present = set(df["side"])
    return [s for s in SIDES if s in present] + sorted(present - set(SIDES))


def _pct(x) -> str:
    return f"{x:.1%}"


def _ci_pct(est, low, high) -> str:
    return f"{est:.1%} (95% CI {low:.1%} to {high:.1%})"


# ---- figures ----

def win_rate_panels(wr: pd.DataFrame, names: dict):
    """One panel per side: each adventurer's win rate against Tom with its 95% Wilson interval;
    dashed: the side's rate over all its games, dotted: even odds (50%)."""
    sides = _sides(wr)
    fig, axes = plt.subplots(1, len(sides), figsize=(5.6 * len(sides), 3.9), squeeze=False)
    even = False
    for ax, side in zip(axes.flat, sides):
        d = wr[(wr["side"] == side) & (wr["adventurer"] != "all")].sort_values("win_rate")
        allrow = wr[(wr["side"] == side) & (wr["adventurer"] == "all")].iloc[0]
        base = float(allrow["win_rate"])
        colors = [F.ABOVE if f == "above" else F.BELOW if f == "below" else F.NEUTRAL
                  for f in (flag(a, b, base) for a, b in zip(d["win_rate_low"], d["win_rate_high"]))]
        y = np.arange(len(d))
        F._dots(ax, d["win_rate"], y, d["win_rate_low"], d["win_rate_high"], colors)
        ax.set_yticks(y, [f"{card_name('adventurer', a, names.get(a))} (n={int(n):,})" for a, n in zip(d["adventurer"],
                                                                              d["games"])],
                      fontsize=8)
        ax.set_ylim(-0.7, len(d) - 0.3)
        ax.axvline(base, color="0.4", ls="--", lw=1)
        top = float(np.nanmax(d["win_rate_high"]))
        right = min(1.0, top * 1.25 + 0.01)      # each side its own scale: low rates stay readable
        # room right of the highest interval for its value label (never across the frame)
        label_room = max(right, top + 0.085 * right)
        if right >= 0.5:
            ax.axvline(0.5, color="0.6", ls=":", lw=1)
            even = True
        for yy, (est, h) in enumerate(zip(d["win_rate"], d["win_rate_high"])):
            ax.annotate(f"{est:.1%}", (h, yy), xytext=(4, 0), textcoords="offset points",
                        va="center", fontsize=7, color="0.25")
        ax.set_xlim(0, label_room)
        ax.set_xticks([t for t in ax.get_xticks() if 0 <= t <= right + 1e-9])
        F.pct_axis(ax.xaxis)
        ax.set_xlabel("player's win rate against Tom (% of games, 95% CI)", fontsize=8)
        ax.set_title(f"{side} (all adventurers: {base:.1%})", fontsize=10)
        ax.grid(axis="x", alpha=0.3)
    handles = [Line2D([], [], color="0.4", ls="--", label="the side's win rate, all adventurers"),
               *([Line2D([], [], color="0.6", ls=":", label="even odds (50%)")] if even else []),
               Line2D([], [], marker="o", ls="", color=F.ABOVE, label="interval wholly above the side's rate"),
               Line2D([], [], marker="o", ls="", color=F.BELOW, label="interval wholly below"),
               Line2D([], [], marker="o", ls="", color=F.NEUTRAL, label="interval overlaps it")]
    fig.suptitle("Win rate against Tom by adventurer and board side", fontsize=11)
    fig.legend(handles=handles, fontsize=7, loc="lower center", ncol=3, frameon=False)
    fig.tight_layout(rect=(0, 0.1, 1, 1))
    return fig


def score_panels(sg: pd.DataFrame):
    """One panel per side: the player's and Tom's final scores (step histograms, same bins)."""
    sides = _sides(sg)
    fig, axes = plt.subplots(1, len(sides), figsize=(5.4 * len(sides), 3.8), squeeze=False,
                             sharey=True)
    both = np.concatenate([sg["score"].to_numpy(float), sg["tom_score"].to_numpy(float)])
    lo, hi = both.min(), both.max()
    width = max(1, int(np.ceil((hi - lo) / 40)))
    bins = np.arange(np.floor(lo) - 0.5, np.ceil(hi) + width + 0.5, width)
    for ax, side in zip(axes.flat, sides):
        s = sg[sg["side"] == side]
        for col, who, color in (("score", "player", PLAYER_COLOR), ("tom_score", "Tom", TOM_COLOR)):
            v = s[col].to_numpy(float)
            ax.hist(v, bins=bins, histtype="step", lw=1.6, color=color,
                    weights=np.full(len(v), 1.0 / len(v)),
                    label=f"{who} (mean {v.mean():.1f}, median {np.median(v):.0f})")
        ax.set_title(f"{side} ({len(s):,} games)", fontsize=10)
        ax.set_xlabel("final score (bursts)")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7, loc="upper left")
        F.pct_axis(ax.yaxis)
    peak = max(p.get_path().vertices[:, 1].max() for ax in axes.flat for p in ax.patches)
    axes.flat[0].set_ylim(0, peak * 1.3)   # headroom: the legend never hides a peak
    axes.flat[0].set_ylabel(f"share of games per {width}-burst bin" if width > 1
                            else "share of games per burst")
    fig.suptitle("Final scores: the player against Tom", fontsize=11)
    fig.tight_layout()
    return fig


def margin_plot(sg: pd.DataFrame):
    """The player's score minus Tom's, one step histogram per side; the player wins right of
    the line (a tie is Tom's)."""
    fig, ax = plt.subplots(figsize=(8, 3.8))
    m = sg["margin"].to_numpy(float)
    lo, hi = m.min(), m.max()
    width = max(1, int(np.ceil((hi - lo) / 50)))
    first = 0.5 - width * np.ceil((0.5 - np.floor(lo)) / width)   # 0.5 (win / loss) is an edge
    bins = np.arange(first, np.ceil(hi) + width + 0.5, width)
    for side in _sides(sg):
        v = sg.loc[sg["side"] == side, "margin"].to_numpy(float)
        ax.hist(v, bins=bins, histtype="step", lw=1.6, color=F.SIDE_COLORS.get(side, F.NEUTRAL),
                weights=np.full(len(v), 1.0 / len(v)),
                label=f"{side} (mean {v.mean():+.1f}, player ahead in {np.mean(v > 0):.1%})")
    ax.axvline(0.5, color="0.2", lw=1, ls="--", label="player wins right of this line (a tie is Tom's)")
    ax.set_xlabel("margin: player's final score minus Tom's (bursts)")
    ax.set_ylabel(f"share of games per {width}-burst bin" if width > 1 else "share of games per burst")
    F.pct_axis(ax.yaxis)
    ax.set_title("Margin against Tom", fontsize=11)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.tight_layout()
    return fig


def _tile_label(r) -> str:
    j = "" if r["journey"] == "none" else f", journey {r['journey']}"
    m, b = int(r["band"]), int(r["bursts"])
    return f"{r['tile']}: {m} meeple{'' if m == 1 else 's'}, {b} burst{'' if b == 1 else 's'}{j}"


def tile_panels(ti: pd.DataFrame):
    """Left: Tom's bursts per take of each tile (attributed, 95% CI). Right: the player's win
    rate when the tile was taken more often minus less often (95% CI), one colour per side."""
    tiles = list(dict.fromkeys(ti["tile"]))
    sides = _sides(ti)
    fig, axes = plt.subplots(1, 2, figsize=(11, max(3.4, 0.42 * len(tiles) + 1.8)),
                             gridspec_kw={"width_ratios": [1.15, 1]})
    y0 = np.arange(len(tiles))[::-1]       # first tile on top
    off = (np.arange(len(sides)) - (len(sides) - 1) / 2) * 0.22
    for j, side in enumerate(sides):
        d = ti[ti["side"] == side].set_index("tile").reindex(tiles)
        y = y0 + off[j]
        c = F.SIDE_COLORS.get(side, F.NEUTRAL)
        for ax, col in ((axes[0], "bursts_per_take"), (axes[1], "win_diff")):
            est = d[col].to_numpy(float)
            err = [np.nan_to_num(np.clip(est - d[f"{col}_low"].to_numpy(float), 0, None)),
                   np.nan_to_num(np.clip(d[f"{col}_high"].to_numpy(float) - est, 0, None))]
            ax.errorbar(est, y, xerr=err, fmt="o", ms=4, capsize=2, lw=1.2, color=c,
                        label=f"{side} side" if ax is axes[0] else None)
    first = ti.drop_duplicates("tile").set_index("tile").reindex(tiles).reset_index()
    axes[0].set_yticks(y0, [_tile_label(r) for _, r in first.iterrows()], fontsize=8)
    splits = ti.groupby("tile")[["more_counts", "less_counts"]].agg(lambda x: set(x))
    axes[1].set_yticks(y0, [f"{t}: {min(splits.loc[t, 'more_counts'])} vs "
                            f"{min(splits.loc[t, 'less_counts'])} takes"
                            if len(splits.loc[t, "more_counts"]) == 1
                            and len(splits.loc[t, "less_counts"]) == 1
                            and min(splits.loc[t, "more_counts"]) else t for t in tiles],
                        fontsize=8)
    axes[0].set_xlabel("Tom's score-track bursts per take: printed + meeples x tiles to the end\n"
                       "(the journey step is not counted; 95% CI)", fontsize=8)
    axes[0].set_title("What a tile gives Tom on the score track", fontsize=10)
    axes[1].axvline(0, color="0.4", lw=1, ls="--")
    F.pp_axis(axes[1].xaxis)
    axes[1].set_xlabel("player's win rate, tile taken more minus less often\n"
                       "(percentage points, 95% CI)", fontsize=8)
    axes[1].set_title("Player's win rate and the tile", fontsize=10)
    for ax in axes:
        ax.grid(axis="x", alpha=0.3)
        ax.set_ylim(-0.7, len(tiles) - 0.3)
    h, lab = axes[0].get_legend_handles_labels()
    fig.suptitle("Tom's tiles: bursts to Tom and the player's odds", fontsize=11)
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    fig.legend(h, lab, fontsize=8, loc="lower center", ncol=len(lab), frameon=False)
    return fig


# ---- the section ----

def solo_section(run, names: dict) -> Section:
    """The section; "not in this run" without solo games. `names`: adventurer id -> name."""
    s = Section("solo", TITLE)
    if not SA.has_solo(run):
        s.missing = HOWTO
        return s
    sg = SA.solo_games(run)
    wr = T.solo_win_rates(run)
    sc = T.solo_scores(run)
    ti = T.solo_tiles(run)
    bots = ", ".join(sorted(set(sg["bot"])))
    s.intro.append(f"{len(sg):,} solo games against Tom (R9), played by the {bots} bot; the "
                   f"player wins with a final score strictly above Tom's. Tom's dice colours: "
                   + ("drawn per game (E15)." if sg["tom_colors"].nunique() > 1
                      else f"{sg['tom_colors'].iloc[0]} in every game."))
    s.tables.append(TableOut("solo_win_rates", "Win rate against Tom per side and adventurer", wr,
                          "Wilson intervals per adventurer; the 'all' row of a side pools its "
                          "games with game-index clusters."))
    s.tables.append(TableOut("solo_scores", "Final scores, player and Tom, per side", sc,
                          "Tom's rows add the means of his score track, journey, footprints "
                          "and band token."))
    fig = win_rate_panels(wr, names)
    s.figures.append(render(fig, "solo_win_rates", "Win rate against Tom",
                            "Each adventurer's win rate against Tom on each side with its 95% "
                            "Wilson interval and the games behind it (n); the dashed line is the "
                            "side's rate over all its games. Each side has its own scale."))
    fig = score_panels(sg)
    s.figures.append(render(fig, "solo_scores", "Final scores against Tom",
                            "Distribution of the player's and Tom's final scores on each side, "
                            "all adventurers together, as a share of the games."))
    fig = margin_plot(sg)
    s.figures.append(render(fig, "solo_margin", "Margin against Tom",
                            "The player's final score minus Tom's in each game, one line per "
                            "side; right of the dashed line the player wins (a tie is Tom's, R9)."))
    if not ti.empty:
        s.tables.append(TableOut("solo_tiles", "Tom's tiles: bursts to Tom and the player's odds", ti,
                              "Per side and tile; the estimators are in the glossary "
                              "('tile bursts to Tom', 'tile taken more/less')."))
        fig = tile_panels(ti)
        s.figures.append(render(fig, "solo_tiles", "Tom's tiles",
                                "Left: the bursts each tile gave Tom per take (its printed bursts "
                                "plus its meeples times the tiles taken from it to the end) with "
                                "95% intervals. Right: the player's win rate in games where the "
                                "tile was taken more often than its median count minus where "
                                "it was taken less often (95% intervals; the tick labels give the "
                                "takes per game compared, e.g. 2 vs 0); the random and greedy "
                                "bots pick companions without looking at Tom's tiles, the "
                                "heuristic bot weighs what each tile gives Tom."))
    # findings
    for side in _sides(wr):
        d = wr[(wr["side"] == side) & (wr["adventurer"] != "all")].sort_values("win_rate")
        a = wr[(wr["side"] == side) & (wr["adventurer"] == "all")].iloc[0]
        best, worst = d.iloc[-1], d.iloc[0]
        best_name, worst_name = (card_name("adventurer", r["adventurer"], names.get(r["adventurer"]))
                                 for r in (best, worst))
        s.findings.append(
            f"{side}: the player beats Tom in {_ci_pct(a['win_rate'], a['win_rate_low'], a['win_rate_high'])} "
            f"of {int(a['games']):,} games; best {best_name} "
            f"{_ci_pct(best['win_rate'], best['win_rate_low'], best['win_rate_high'])}, worst "
            f"{worst_name} "
            f"{_ci_pct(worst['win_rate'], worst['win_rate_low'], worst['win_rate_high'])}.")
    s.headlines = list(s.findings)
    for side in _sides(sc):
        p = sc[(sc["side"] == side) & (sc["who"] == "player")].iloc[0]
        t = sc[(sc["side"] == side) & (sc["who"] == "Tom")].iloc[0]
        m = SA.cluster_mean(sg[sg["side"] == side], "margin")
        s.findings.append(
            f"{side}: mean final score player {p['mean']:.1f}, Tom {t['mean']:.1f} (his track "
            f"{t['track']:.1f}, journey {t['journey']:.1f}, footprints {t['footprints']:.1f}); "
            f"mean margin {m.estimate:+.1f} bursts (95% CI {m.low:+.1f} to {m.high:+.1f}).")
    if not ti.empty:
        for side in _sides(ti):
            d = ti[ti["side"] == side].sort_values("bursts_per_take")
            top, low = d.iloc[-1], d.iloc[0]
            d = d.sort_values("win_diff", ascending=False)
            up = d[d["win_diff_low"] > 0]
            down = d[d["win_diff_high"] < 0]
            each = lambda x: ", ".join(f"{r['tile']} ({r['win_diff'] * 100:+.1f} points)"  # noqa: E731
                                       for _, r in x.iterrows())
            parts = []
            if len(up):
                parts.append(f"higher when {each(up)} was taken more often")
            if len(down):
                parts.append(f"lower when {each(down)} was taken more often")
            s.findings.append(
                f"{side}: per take, {top['tile']} gives Tom the most score-track bursts "
                f"({top['bursts_per_take']:.1f}) and {low['tile']} the least "
                f"({low['bursts_per_take']:.1f}). The player's win rate is clearly "
                + ("; ".join(parts) + " (95% intervals off 0; the others overlap 0)."
                   if parts else "the same whichever tile was taken more often (every "
                   "interval overlaps 0)."))
    return s
