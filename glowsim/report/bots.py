"""Report sections "Bot ladder" and "Card rankings by bot" (glowsim/analysis/bots.py).

Figures are drawn here (only these sections use them); helpers and colours come from
:mod:`glowsim.report.figures`.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib.lines import Line2D

from ..analysis import bots as BA
from ..content.describe import card_name
from . import figures as F
from . import tables as T
from .figures import plt
from .sections import Section, TableOut, render

LADDER_HOWTO = ("not in this run: it needs duels, pairs of variants where two bots hold "
                "complementary seats on the same seeds (e.g. `A B A B` and `B A B A`), as in "
                "`glowsim run scenarios/bot-ladder.yaml`.")
RANKS_HOWTO = ("not in this run: it needs self-play variants (every seat the same bot) of the "
               "published game for at least two bots; this run has {have}. "
               "`glowsim run scenarios/bot-ladder.yaml` plays random, greedy, heuristic and expert.")
BOT_COLORS = {"random": "#9e9e9e", "greedy": "#e76f51", "heuristic": "#264653",
              "expert": "#2a9d8f", "master": "#6a4c93"}
OTHER_COLORS = ("#8e5ea2", "#e9c46a", "#3d85c6", "#a0522d")


def bot_color(bot: str, order: list) -> str:
    if bot in BOT_COLORS:
        return BOT_COLORS[bot]
    others = [b for b in order if b not in BOT_COLORS]
    return OTHER_COLORS[others.index(bot) % len(OTHER_COLORS)] if bot in others else "0.3"


def _ci(est, low, high) -> str:
    return f"{est:.1%} (95% CI {low:.1%} to {high:.1%})"


def _points(x) -> str:
    return f"{100 * x:+.1f}"


# ---- figures ----

def ladder_figure(rows: pd.DataFrame, title: str):
    """One row per duel, the first row at the bottom (a ladder: give the rows weakest rung
    first): the upper bot's head-to-head win rate with its 95% interval, value labels, the 50%
    line (equal bots)."""
    d = rows.reset_index(drop=True)
    n = len(d)
    height = 1.5 + 0.55 * n
    fig, ax = plt.subplots(figsize=(8, height))
    fig.subplots_adjust(left=0.36, right=0.95, top=1 - 0.45 / height, bottom=0.75 / height)
    y = np.arange(n)
    colors = [F.ABOVE if lo > 0.5 else F.BELOW if hi < 0.5 else F.NEUTRAL
              for lo, hi in zip(d["win_rate_low"], d["win_rate_high"])]
    F._dots(ax, d["win_rate"], y, d["win_rate_low"], d["win_rate_high"], colors)
    labels = []
    for _, r in d.iterrows():
        where = "" if r["pooled"] else f", {r['n_players']}p {r['side']}"
        labels.append(f"{r['upper']} vs {r['lower']}{where}\n{r['win_rate']:.1%} "
                      f"[{r['win_rate_low']:.1%}, {r['win_rate_high']:.1%}], "
                      f"{int(r['pairs']):,} game pairs")
    ax.set_yticks(y, labels, fontsize=8)
    ax.set_ylim(-0.7, n - 0.3)
    lo = min(0.45, float(np.nanmin(d["win_rate_low"])) - 0.02)
    ax.set_xlim(lo, 1.0 + 0.02 * (1.0 - lo))
    ax.axvline(0.5, color="0.4", ls="--", lw=1)
    F.pct_axis(ax.xaxis)
    ax.set_xlabel("head-to-head win rate of the first-named bot (% of games, 95% CI)")
    ax.set_title(title, fontsize=11)
    ax.grid(axis="x", alpha=0.3)
    handles = [Line2D([], [], color="0.4", ls="--", label="50%: as strong as the other bot"),
               Line2D([], [], marker="o", ls="", color=F.ABOVE, label="interval wholly above 50%"),
               Line2D([], [], marker="o", ls="", color=F.NEUTRAL, label="interval overlaps 50%")]
    fig.legend(handles=handles, fontsize=7, loc="lower center", ncol=3, frameon=False,
               bbox_to_anchor=(0.6, 0.0))
    return fig


def metric_figure(m: pd.DataFrame, kind: str, order: list, labels: dict, flipped: set,
                  title: str, flip_note: str = "verdict flips"):
    """One row per card, one marker per bot (95% interval), sorted by the strongest bot's
    improvement; flipped cards marked."""
    bots = [b for b in order if b in set(m["bot"])]
    ref = bots[-1]
    piv = m.pivot_table(index="card", columns="bot", values="improvement")
    cards = piv[ref].sort_values(ascending=True).index.tolist() if ref in piv else list(piv.index)
    n = len(cards)
    height = max(3.2, 0.3 * n + 2.0)
    fig, ax = plt.subplots(figsize=(8.5, height))
    fig.subplots_adjust(left=2.4 / 8.5, right=0.97, top=1 - 0.5 / height, bottom=1.2 / height)
    y = {c: i for i, c in enumerate(cards)}
    step = 0.72 / max(len(bots), 1)
    for j, b in enumerate(bots):
        d = m[m["bot"] == b]
        d = d[d["card"].isin(y)]
        off = (j - (len(bots) - 1) / 2) * step
        yy = np.array([y[c] for c in d["card"]]) + off
        x = d["improvement"].to_numpy(float)
        lo = np.nan_to_num(np.clip(x - d["improvement_low"].to_numpy(float), 0, None))
        hi = np.nan_to_num(np.clip(d["improvement_high"].to_numpy(float) - x, 0, None))
        ax.errorbar(x, yy, xerr=[lo, hi], fmt="o", ms=3.2, lw=0.9, capsize=0,
                    color=bot_color(b, order), label=b)
    field = m.groupby("bot")["field"].first()
    if kind == "adventurer" or (field.max() - field.min()) < 1e-3:
        ax.axvline(float(field.mean()), color="0.4", ls="--", lw=1)
    else:
        for b in bots:
            ax.axvline(float(field[b]), color=bot_color(b, order), ls="--", lw=0.8)
    ax.set_yticks(range(n), [("* " if c in flipped else "") + labels.get(c, c) for c in cards],
                  fontsize=8)
    for t, c in zip(ax.get_yticklabels(), cards):
        if c in flipped:
            t.set_fontweight("bold")
    ax.set_ylim(-0.7, n - 0.3)
    F.pp_axis(ax.xaxis)
    what = "recruited" if kind == "companion" else "played"
    ax.set_xlabel(f"improvement when {what} (percentage points of win share, 95% CI)",
                  fontsize=9)
    ax.set_title(title, fontsize=11)
    ax.grid(axis="x", alpha=0.3)
    handles = [Line2D([], [], marker="o", ls="", color=bot_color(b, order), label=b) for b in bots]
    handles.append(Line2D([], [], color="0.4", ls="--", label="field average"))
    fig.legend(handles=handles, fontsize=8, loc="lower center", ncol=len(handles), frameon=False,
               bbox_to_anchor=(0.6, 0.0), title=f"self-play bot   (* bold: {flip_note})",
               title_fontsize=8)
    return fig


def correlation_figure(rc: pd.DataFrame, order: list, title: str):
    """Per kind a matrix of Spearman correlations between bots, each cell annotated with its
    95% interval."""
    kinds = [k for k in ("companion", "adventurer") if k in set(rc["kind"])]
    bots = [b for b in order if b in set(rc["bot_a"]) | set(rc["bot_b"])]
    k = len(bots)
    fig, axes = plt.subplots(1, len(kinds), figsize=(4.4 * len(kinds) + 1.3, 4.9), squeeze=False)
    im = None
    for ax, kind in zip(axes.flat, kinds):
        mat = np.full((k, k), np.nan)
        txt = [["" for _ in bots] for _ in bots]
        for i in range(k):
            mat[i, i] = 1.0
            txt[i][i] = "1"
        d = rc[rc["kind"] == kind]
        ncards = int(d["cards"].max()) if len(d) else 0
        for _, r in d.iterrows():
            i, j = bots.index(r["bot_a"]), bots.index(r["bot_b"])
            mat[i, j] = mat[j, i] = r["spearman"]
            t = f"{r['spearman']:.2f}\n[{r['spearman_low']:.2f}, {r['spearman_high']:.2f}]"
            txt[i][j] = txt[j][i] = t
        im = ax.imshow(mat, vmin=-1, vmax=1, cmap="RdBu")
        for i in range(k):
            for j in range(k):
                if txt[i][j]:
                    v = mat[i, j]
                    ax.text(j, i, txt[i][j], ha="center", va="center", fontsize=8,
                            color="white" if abs(v) > 0.6 else "black")
        ax.set_xticks(range(k), bots, fontsize=8)
        ax.set_yticks(range(k), bots, fontsize=8)
        ax.set_xlabel("self-play bot")
        ax.set_ylabel("self-play bot")
        ax.set_title(f"{kind}s ({ncards} cards)", fontsize=10)
    fig.suptitle(title, fontsize=11)
    fig.tight_layout(rect=(0, 0, 0.9, 1))
    cax = fig.add_axes((0.91, 0.2, 0.02, 0.6), label="<colorbar>")
    fig.colorbar(im, cax=cax).set_label("Spearman rank correlation (-1 to 1)", fontsize=8)
    return fig


# ---- sections ----

def ladder_section(run) -> Section:
    s = Section("bot_ladder", "Bot ladder")
    d = T.bot_duels(run)
    if d.empty:
        s.missing = LADDER_HOWTO
        return s
    order, rungs = BA.ladder(d)
    s.intro.append(
        "Each duel plays two bots on the same seeds twice, the second time with every seat's "
        "bot swapped (A B A B, then B A B A): seat, turn order and adventurer advantages cancel "
        "and two equal bots score exactly 50%. A bot's head-to-head win rate is its win share "
        "over its seats in both games, halved, averaged over seeds (95% t interval; duels of "
        "the same two bots on several sides pool per seed).")
    s.tables.append(TableOut("bot_duels", "Head-to-head duels", d,
                             "One row per duel and, with several duels of the same two bots, a "
                             "pooled row (n_players and side 'all'); win rates of the first-named "
                             "('upper') bot."))
    chain = " < ".join(order)
    if len(rungs):
        fig = ladder_figure(rungs, f"Bot ladder: {chain}")
        s.figures.append(render(fig, "bot_ladder", "Bot ladder",
                                "Each rung's head-to-head win rate against the rung below it, in "
                                "% of games, with its 95% interval and the game pairs behind it "
                                "(a pair: one seed played with both seatings); 50% (dashed) means "
                                "as strong as the bot below."))
    per = d[~d["pooled"]]
    rank = {b: i for i, b in enumerate(order)}
    per = per.assign(_r=[(rank.get(u, -1), rank.get(lo, -1), str(n_), str(sd)) for u, lo, n_, sd in
                         zip(per["upper"], per["lower"], per["n_players"], per["side"])])
    per = per.sort_values("_r").drop(columns="_r")
    if len(per) > len(rungs):
        fig = ladder_figure(per, "Head-to-head duels per player count and side")
        s.figures.append(render(fig, "bot_duels", "Head-to-head duels",
                                "Every duel of the run on its own player count and side: the "
                                "first-named bot's head-to-head win rate in % of games with 95% "
                                "intervals; 50% (dashed) means equal."))
    sure = all(r["win_rate_low"] > 0.5 for _, r in rungs.iterrows()) and \
        len(rungs) == len(order) - 1
    parts = [f"{r['upper']} beats {r['lower']} in {_ci(r['win_rate'], r['win_rate_low'], r['win_rate_high'])} "
             f"of {int(r['pairs']):,} game pairs ({int(r['games']):,} games)"
             for _, r in rungs.iterrows()]
    if sure:
        s.findings.append(f"Ladder {chain}: every rung wins against the one below with its whole "
                          f"95% interval above 50%.")
    else:
        s.findings.append(f"Ladder by head-to-head wins: {chain}; not every rung is separated "
                          f"from the one below (an interval overlaps 50%, or two bots never met).")
    s.findings += [p[0].upper() + p[1:] + "." for p in parts]
    s.headlines = s.findings[:1] + s.findings[-1:] if parts else s.findings[:1]   # the top rung
    return s


def rankings_section(run, names: dict, adv_names: dict) -> Section:
    s = Section("bot_rankings", "Card rankings by bot")
    bots = BA.selfplay_variants(run)
    if len(bots) < 2:
        have = (f"self-play games of one bot only ({', '.join(bots)})" if bots
                else "no self-play variant")
        s.missing = RANKS_HOWTO.format(have=have)
        return s
    order = list(bots)
    diffs = BA.player_game_diffs(run, [v for vs in bots.values() for v in vs])
    m = T.bot_card_metrics(run, diffs)
    rc = T.bot_rank_correlations(run, diffs)
    del diffs
    fl = T.bot_verdict_flips(run, m)
    s.intro.append(
        f"The same card metric under each bot that played self-play games ({', '.join(order)}): "
        "improvement when recruited (companions) or played (adventurers), the player's win "
        "share minus the mean of the other players of the game, with its 95% t interval. A "
        "card is 'above' / 'below' when its interval lies wholly above / below the field "
        "average of its kind under that bot, else 'neutral'. Spearman and Kendall rank "
        "correlations between bots, with 95% basic bootstrap intervals over clusters of game "
        "indices (the same resampled seeds for every bot). A card flips when one bot calls it "
        "above or below and another does not agree. (The Companion and Adventurer strength "
        "sections pool the games of every bot.)")
    s.tables.append(TableOut("bot_card_metrics", "Card metric per bot", m,
                             "One row per kind, player count, side, bot and card."))
    s.tables.append(TableOut("bot_rank_correlations", "Rank correlations between bots", rc,
                             "Spearman and Kendall tau-b over the cards both bots judge "
                             f"(at least {BA.MIN_GAMES} player-games each)."))
    if not fl.empty:
        s.tables.append(TableOut("bot_verdict_flips", "Cards whose verdict depends on the bot", fl,
                                 "Verdict and improvement under each bot; reversal = above "
                                 "under one bot and below under another."))
    label = {**{k: card_name("companion", k, v) for k, v in names.items()},
             **{k: card_name("adventurer", k, v) for k, v in adv_names.items()}}
    slices = m[["n_players", "side"]].drop_duplicates().sort_values(["n_players", "side"])
    for _, sl in slices.iterrows():
        n, side = int(sl["n_players"]), sl["side"]
        where = F.slice_label(n, side)
        tag = f"{n}p_{side}"
        for kind in ("companion", "adventurer"):
            d = m[(m["kind"] == kind) & (m["n_players"] == n) & (m["side"] == side)]
            d = d[d["games"] >= BA.MIN_GAMES]
            if d.empty or d["bot"].nunique() < 2:
                continue
            top = [b for b in order if b in set(d["bot"])][-2:]
            f = BA.verdict_flips(d[d["bot"].isin(top)])
            flipped = set(f["card"]) if len(f) else set()
            note = f"verdict differs, {top[0]} vs {top[1]}"
            fig = metric_figure(d, kind, order, label, flipped,
                                f"{kind.capitalize()} strength under each bot: {where}", note)
            s.figures.append(render(
                fig, f"bot_{kind}_metric_{tag}", f"{kind.capitalize()} strength by bot, {where}",
                f"Improvement when {'recruited' if kind == 'companion' else 'played'} of each "
                f"{kind} under each self-play bot (percentage points of win share against the "
                f"other players of the game, 95% intervals), sorted by the {order[-1]} bot; "
                f"dashed: the field average. Cards in bold with * have another verdict "
                f"(above / neutral / below the field) under {top[0]} than under {top[1]}. "
                f"{kind.capitalize()}s with fewer than {BA.MIN_GAMES} player-games under a bot "
                f"are left out for that bot."))
        r = rc[(rc["n_players"] == n) & (rc["side"] == side)]
        if len(r):
            fig = correlation_figure(r, order, f"Rank agreement between bots: {where}")
            s.figures.append(render(
                fig, f"bot_rank_correlation_{tag}", f"Rank agreement between bots, {where}",
                "Spearman rank correlation of the card metric between each pair of bots "
                "(1: same order, 0: unrelated, -1: reversed), with its 95% basic bootstrap "
                "interval over clusters of game indices in brackets. With only a few cards (7 "
                "adventurers) a rank correlation takes few values, so an interval may end at "
                "the estimate."))
    top = [b for b in order if b in set(m["bot"])][-2:]
    for (kind, n, side), g in m.groupby(["kind", "n_players", "side"], sort=True):
        where = f"{kind}s, {F.slice_label(n, side)}"
        f2 = BA.verdict_flips(g[g["bot"].isin(top)])
        if len(top) == 2 and g["bot"].nunique() >= 2:
            if f2.empty:
                s.findings.append(f"{where.capitalize()}: no card changes verdict between {top[0]} "
                                  f"and {top[1]}.")
            else:
                each = "; ".join(
                    f"{label.get(r['card'], r['card'])} ({r[f'verdict_{top[0]}']} -> "
                    f"{r[f'verdict_{top[1]}']})" for _, r in f2.iterrows())
                s.findings.append(f"{where.capitalize()}: {len(f2)} card(s) change verdict from "
                                  f"{top[0]} to {top[1]}: {each}.")
        r = rc[(rc["kind"] == kind) & (rc["n_players"] == n) & (rc["side"] == side)]
        if len(r):
            pairs = "; ".join(f"{x['bot_a']}-{x['bot_b']} {x['spearman']:.2f} "
                              f"({x['spearman_low']:.2f} to {x['spearman_high']:.2f})"
                              for _, x in r.iloc[::-1].iterrows())
            s.findings.append(f"{where.capitalize()}, Spearman rank correlation (95% CI) over "
                              f"{int(r['cards'].max())} cards: {pairs}.")
    if not fl.empty:
        rev = fl[fl["reversal"]]
        s.findings.append(f"Over all {len(order)} bots, {len(fl)} card verdict(s) (per player count "
                          f"and side) depend on the bot, {len(rev)} of them reversals (above under "
                          f"one bot, below under another): table bot_verdict_flips.")
    else:
        s.findings.append("No card changes verdict between the bots.")
    if len(top) == 2:
        r = rc[(rc["bot_a"] == top[0]) & (rc["bot_b"] == top[1]) & (rc["kind"] == "companion")]
        for _, x in r.iterrows():
            g = m[(m["kind"] == "companion") & (m["n_players"] == x["n_players"])
                  & (m["side"] == x["side"])]
            nflip = len(BA.verdict_flips(g[g["bot"].isin(top)]))
            s.headlines.append(f"{F.slice_label(x['n_players'], x['side'])}: {top[0]} and "
                               f"{top[1]} rank the companions with Spearman "
                               f"{x['spearman']:.2f} (95% CI {x['spearman_low']:.2f} to "
                               f"{x['spearman_high']:.2f}); {nflip} companion(s) change verdict.")
    s.headlines = s.headlines or s.findings[:2]
    return s
