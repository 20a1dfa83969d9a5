"""Pick value in the report: the companion strength section leads with it, the bot ladder
section gains pick regret per bot and stage, the card-rankings-by-bot section compares pick
values across bots (glowsim/analysis/picks.py computes them from the run's ``picks`` table);
a sweep's pick values are glowsim/report/sweepreport.py.

A run without the table gets the sections as before, and the companion strength section one
line saying how to get pick values (:data:`PICKS_HOWTO`).
"""
from __future__ import annotations

import html
from dataclasses import dataclass

import numpy as np
import pandas as pd

from .. import analysis as A
from ..analysis.cards import SLICE
from ..analysis.picks import THRESHOLD
from ..content.describe import card_name
from ..analysis import bots as BA
from . import botdiffs as BD
from . import convergence as CV
from . import figures as F
from . import tables as T
from .bots import bot_color
from .sections import Section, TableOut, render
from .slices import headline_slice

STAGES = ["early", "middle", "late"]
PICKS_HOWTO = ("Pick value (what taking a companion is worth against the other cards offered, "
               "measured by forking sampled recruit picks and playing every offered card to the "
               "end on the same future): not in this run. It needs the scenario field "
               "<code>counterfactual: {decisions: recruit, sample: 1.0}</code>, as in "
               "scenarios/pick-value.yaml.")
MEANS = ("Pick value is relative to the cards offered beside: at every forked pick the "
         "values of the cards offered sum to 0, so the companions' pick values weighted by the "
         "picks that offered each average exactly 0. Their plain mean is not 0 (it is given "
         "below per player count and side): the cards the bots leave on the track, often weak "
         "ones, are offered at more picks and weigh more in the weighted mean, so the others "
         "average above 0.")
OBSERVED_SHORT = ("observational: it mixes the card's strength with when and why the bots "
                  "take it; pick value above does not")
OBSERVED = ("The rates below are observational: they mix the card's strength with when and why "
            "the bots take it (a card the bots take when they are already ahead looks strong), "
            "which pick value above separates by comparing, at the same picks, the cards that "
            "were not taken.")


def has_picks(run) -> bool:
    """Whether the run holds a ``picks`` table (a scenario with ``counterfactual``)."""
    return bool(getattr(run, "has_picks", False))


@dataclass
class PickTables:
    """Pick-value tables given to the sections instead of those of the run (tests)."""
    values: pd.DataFrame      # pick_values: slice, companion, value..., verdict
    stages: pd.DataFrame      # pick_values_by_stage
    regret: pd.DataFrame      # pick_regret: slice, bot, stage


def _label(df: pd.DataFrame, names: dict) -> pd.DataFrame:
    """A pick-value table named from `names`, with each companion's ``label`` for the text."""
    df = T.named(df, names)
    df["label"] = [card_name("companion", c, n) for c, n in zip(df["companion"], df["name"])]
    return df


def _slices(df: pd.DataFrame) -> list[tuple]:
    return [tuple(x) for x in df[SLICE].drop_duplicates().sort_values(SLICE)
            .itertuples(index=False)]


def value_text(r, unit: str = "points") -> str:
    """'+3.1 points (95% CI +1.2 to +5.0)' of a pick-value row."""
    if np.isnan(r["value_lo"]):
        return f"{r['value']:+.1f} {unit}"
    return f"{r['value']:+.1f} {unit} (95% CI {r['value_lo']:+.1f} to {r['value_hi']:+.1f})"


# ---- companion strength ----

def lead_with_pick_values(s: Section, ref, names: dict, threshold: float = THRESHOLD,
                          tables: PickTables | None = None) -> Section:
    """The companion strength section with pick value first (figure per slice, tables,
    findings), then the observational rates introduced by what they mix; without picks the
    section as it was plus one line on how to get pick values."""
    values = tables.values if tables is not None else T.pick_values(ref, names, threshold)
    if values.empty:
        s.intro.append(PICKS_HOWTO)
        return s
    v = _label(values, names)
    intro = [f"<b>Pick value</b> of a companion: at sampled recruit picks the game was forked "
             f"and every offered card played to the end on the same dice (common randomness); "
             f"its pick value is the deciding seat's win share when taking it minus the mean "
             f"win share over the other cards offered at the same pick, in percentage points "
             f"of win share, averaged over the picks where it was offered with another card "
             f"(95% paired interval). Verdict: <i>above</i> / <i>below</i> when the interval "
             f"lies wholly beyond +{threshold:g} / -{threshold:g} points, <i>within</i> when "
             f"the whole interval lies inside ±{threshold:g}, otherwise <i>unclear</i> (more "
             f"games decide it). Pick rate: how often the bot took it at those picks.",
             MEANS]
    who = slice_bots(ref) if ref is not None else {}
    every = sorted({b for x in who.values() for b in x.split(", ")}, key=BA._order_key)
    if every:
        intro.append(f"The pick values and their verdicts assume the bots that play the run's "
                     f"games ({html.escape(', '.join(every))}): a card is worth what it wins with "
                     f"those players at the table (the card-rankings-by-bot section compares bots).")
    figures, findings, heads = [], [], []
    for n, side in _slices(v):
        d = v[(v["n_players"] == n) & (v["side"] == side)]
        where = F.slice_label(n, side)
        if who.get((n, side)):
            where = f"{where} (bots: {who[(n, side)]})"
        fig = F.pick_value_forest(d, threshold, f"Pick value: {where}")
        figures.append(render(fig, f"cards_pick_value_{n}p_{side}",
                              f"Pick value, {where}",
                              f"Each companion's pick value in {n}-player {side} games: the "
                              f"win share of the deciding seat when it takes the card minus "
                              f"the mean over the other cards offered at the same forked pick "
                              f"(percentage points, 95% paired interval; n = forked picks "
                              f"where it was offered with another card); grey band ±"
                              f"{threshold:g} points; green above, red below, dark within, "
                              f"light grey unclear. Right: its pick rate at those picks."))
        findings.append(_slice_finding(d, where, threshold))
        heads.append(((n, side), _slice_finding(d, where, threshold, means=False)))
    tabs = [TableOut("pick_values", "Pick value per companion", v.drop(columns="label"),
                     "One row per player count, side and companion: forked picks where it was "
                     "offered with another card, pick rate, pick value in points of win share "
                     "and in bursts of final score with 95% paired intervals, verdict.")]
    stages = tables.stages if tables is not None else T.pick_values_by_stage(ref, names)
    if not stages.empty:
        stages = _label(stages, names)
        tabs.append(TableOut("pick_values_by_stage", "Pick value per companion and round stage",
                             stages.drop(columns="label"),
                             "The same, split by the round of the pick: early, middle and late "
                             "thirds of the game."))
        findings += _stage_findings(stages)
    s.intro = intro + [OBSERVED] + s.intro
    s.figures = figures + s.figures
    s.tables = tabs + s.tables
    s.findings = findings + s.findings
    if heads:
        games = (A.slice_counts(ref) if ref is not None else
                 {(int(n), str(side)): int(d["n_picks"].sum())
                  for (n, side), d in v.groupby(["n_players", "side"])})
        key = headline_slice([k for k, _ in heads], games)   # the rule of every section
        observed = [h[:-1] + f" ({OBSERVED_SHORT})." if h.endswith(".") else h
                    for h in s.headlines[:1]]
        s.headlines = [dict(heads)[key]] + observed
    return s


def slice_bots(run) -> dict:
    """{(n_players, side): "bot, bot"}: the bot labels seated in each slice's variants, weakest
    first (the verdicts of that slice assume them)."""
    s = BA.seatings(run)
    out = {}
    for (n, side), g in s.groupby(["n_players", "side"]) if len(s) else []:
        labels = sorted({b for bots in g["bots"] for b in bots}, key=BA._order_key)
        out[(int(n), str(side))] = ", ".join(labels)
    return out


def _slice_finding(d: pd.DataFrame, where: str, threshold: float, means: bool = True) -> str:
    """One slice's pick values in a line: the verdicts counted, the median half-width of the
    intervals, the plain and weighted means (``means``), the highest and the lowest."""
    from ..analysis.picks import value_means
    count = d["verdict"].value_counts()
    parts = [f"{int(count.get(k, 0))} {k}" for k in ("above", "within", "below", "unclear")]
    half = ((d["value_hi"] - d["value_lo"]) / 2).dropna()
    line = (f"{where}, pick value of {len(d)} companions against ±{threshold:g} points: "
            + ", ".join(parts)
            + (f" (median 95% half-width ±{half.median():.1f} points, median "
               f"{int(d['n_picks'].median()):,} forked picks per companion)" if len(half)
               else ""))
    m = value_means(d, by=[]) if means else pd.DataFrame()
    if len(m) and np.isfinite(m["mean"].iloc[0]):
        line += (f"; their plain mean is {m['mean'].iloc[0]:+.1f} points, their mean weighted "
                 f"by the picks that offered each {round(m['weighted_mean'].iloc[0], 1) + 0.0:+.1f} (0 by "
                 f"construction)")
    d = d.dropna(subset=["value"]).sort_values("value")
    if len(d):
        top, low = d.iloc[-1], d.iloc[0]
        line += (f"; highest {top['label']} {value_text(top)} (pick rate "
                 f"{top['pick_rate']:.0%}), lowest {low['label']} {value_text(low)} (pick rate "
                 f"{low['pick_rate']:.0%})")
    return line + "."


def _stage_findings(st: pd.DataFrame) -> list[str]:
    """Companions whose pick value changes sign between early and late picks with both
    intervals clear of 0 (one line per slice)."""
    out = []
    for n, side in _slices(st):
        d = st[(st["n_players"] == n) & (st["side"] == side)]
        e = d[d["stage"] == "early"].set_index("companion")
        la = d[d["stage"] == "late"].set_index("companion")
        both = e.index.intersection(la.index)
        turn = [c for c in both
                if (e.at[c, "value_lo"] > 0 and la.at[c, "value_hi"] < 0)
                or (e.at[c, "value_hi"] < 0 and la.at[c, "value_lo"] > 0)]
        if turn:
            out.append(f"{F.slice_label(n, side)}: pick value turns between early and late "
                       f"picks for " + "; ".join(
                           f"{e.at[c, 'label']} ({e.at[c, 'value']:+.1f} early, "
                           f"{la.at[c, 'value']:+.1f} late)" for c in turn) + ".")
    return out


# ---- bot ladder: pick regret ----

def with_pick_regret(s: Section, run, tables: PickTables | None = None) -> Section:
    """The bot section with pick regret per bot and stage when the run holds picks."""
    r = tables.regret if tables is not None else T.pick_regret(run)
    if r.empty:
        return s
    s.intro.append("<b>Pick regret</b> of a bot: at its forked recruit picks, the win share of "
                   "the best card offered minus that of the card it took, in percentage points "
                   "(95% interval over picks), for all picks and for early, middle and late "
                   "rounds (thirds of the game): how much the bot loses at the draft. 0 = it "
                   "always took the best card for it. The best card is judged on the one future "
                   "each pick plays, which no player could know at the pick: an upper bound, "
                   "for comparing bots and stages on equal terms.")
    s.tables.append(TableOut("pick_regret", "Pick regret per bot and round stage", r,
                             "One row per player count, side, bot and stage ('all' and the "
                             "three thirds of the game)."))
    stages = [x for x in ["all"] + STAGES if x in set(r["stage"])]
    lines = []
    for n, side in _slices(r):
        d = r[(r["n_players"] == n) & (r["side"] == side)]
        where = F.slice_label(n, side)
        fig = F.regret_bars(d, stages, f"Pick regret per bot: {where}")
        s.figures.append(render(fig, f"bot_pick_regret_{n}p_{side}", f"Pick regret, {where}",
                                f"Each bot's pick regret in {n}-player {side} games: the best "
                                f"offered card's win share minus its choice's, at its forked "
                                f"recruit picks (percentage points, 95% interval), over all "
                                f"picks and by stage of the game."))
        for _, x in d[d["stage"] == "all"].iterrows():
            by_stage = d[(d["bot"] == x["bot"]) & (d["stage"] != "all")]
            worst = (by_stage.sort_values("regret").iloc[-1] if len(by_stage) else None)
            lines.append(f"{where}: {x['bot']} loses {x['regret']:.1f} points of win share per "
                         f"pick at the draft (95% CI {x['regret_lo']:.1f} to "
                         f"{x['regret_hi']:.1f}, {int(x['n_picks']):,} forked picks)"
                         + (f", most in {worst['stage']} picks ({worst['regret']:.1f})"
                            if worst is not None else "") + ".")
    s.findings += lines
    s.headlines = s.headlines or s.findings[:1]
    if s.missing:
        # the section has pick regret: only its head-to-head part is not in this run, and
        # it says so as one part of the section, not as the whole section's absence
        s.intro.append(f"Head-to-head duels: {s.missing}")
        s.missing = ""
        slices = _slices(r)
        games = (A.slice_counts(T.regret_run(run)) if run is not None else
                 {(int(n), str(sd)): int(d["n_picks"].sum())
                  for (n, sd), d in r[r["stage"] == "all"].groupby(["n_players", "side"])})
        head = F.slice_label(*headline_slice(slices, games)) + ":"   # the rule of every section
        s.headlines = [x for x in lines if x.startswith(head)] or lines[:1]
    return s


# ---- card rankings by bot ----

def with_bot_pick_values(s: Section, run, names: dict, threshold: float = THRESHOLD,
                         values: pd.DataFrame | None = None) -> Section:
    """The card-rankings-by-bot section with pick values compared across bots: per slice a
    figure, Spearman's rank correlation of every pair of bots and the verdicts that flip."""
    v = values if values is not None else T.bot_pick_values(run, names, threshold)
    if v is None or v.empty:
        return s
    v = _label(v, names)
    noise = T.bot_pick_value_noise(v)
    corr = T.bot_pick_rank_correlations(v, noise)
    flips = T.bot_pick_verdict_flips(v)
    diffs = T.bot_pick_value_differences(v)
    order = list(dict.fromkeys(v["bot"]))
    colors = {b: bot_color(b, order) for b in order}
    lines, dlines, deps, figures, answers = [], [], [], [], []
    for n, side, d, bots in T.bot_slices(v):
        where = F.slice_label(n, side)
        rc = corr[(corr["n_players"] == n) & (corr["side"] == side)].reset_index(drop=True)
        for _, x in rc.iterrows():
            a, b, rho, lo, hi = x["bot_a"], x["bot_b"], x["spearman"], x["spearman_low"], \
                x["spearman_high"]
            f = flips[(flips["n_players"] == n) & (flips["side"] == side) &
                      (flips["bot_a"] == a) & (flips["bot_b"] == b)]
            lines.append(f"{where}, pick value under {a} vs {b}: Spearman "
                         + (f"{rho:.2f} (95% CI {lo:.2f} to {hi:.2f})" if not np.isnan(rho)
                            else "n/a") + f" over {x['companions']} companions; "
                         + (f"{len(f)} verdict(s) flip ({int(f['reversal'].sum())} "
                            f"reversal(s)): " + "; ".join(
                                f"{card_name('companion', r['companion'], r['name'])} "
                                f"({r[f'verdict_{a}']} -> {r[f'verdict_{b}']})"
                                for _, r in f.iterrows())
                            if len(f) else "no verdict flips") + ".")
            dd = diffs[(diffs["n_players"] == n) & (diffs["side"] == side) &
                       (diffs["bot_a"] == a) & (diffs["bot_b"] == b)]
            dlines.append(BD.summary_line(dd, a, b, where))
        nz = noise[(noise["n_players"] == n) & (noise["side"] == side)]
        last = diffs[(diffs["n_players"] == n) & (diffs["side"] == side) &
                     (diffs["bot_a"] == bots[-2]) & (diffs["bot_b"] == bots[-1])]
        deps.append(BD.dependence_answer(last, bots[-2], bots[-1], where))
        answers.append(CV.answer(rc, nz, bots, where))
        f2 = T.pick_flips(d, bots[-2], bots[-1])
        flipped = {lab for lab, c in zip(d["label"], d["companion"]) if c in set(f2["companion"])}
        fig = F.pick_value_by_bot(d, bots, colors, flipped, threshold,
                                  f"Pick value under each bot: {where}")
        figures.append(render(fig, f"bot_pick_value_{n}p_{side}",
                                f"Pick value by bot, {where}",
                                f"Each companion's pick value at the forked picks of each "
                                f"bot's self-play games in {n}-player {side} games "
                                f"(percentage points of win share, 95% paired intervals), "
                                f"sorted by {bots[-1]}; bold with *: a definite verdict "
                                f"(above / within / below ±{threshold:g}) that differs "
                                f"between {bots[-2]} and {bots[-1]}."))
    if corr.empty:
        return s
    s.intro.insert(0, f"<b>Pick value by bot</b>: each bot's own forked picks in its self-play "
                   f"games ({html.escape(', '.join(order))}), compared card by card. Unlike the "
                   f"improvement when recruited below, a pick value compares the card taken "
                   f"with the cards left at the same pick, so a bot's habits of when to take a "
                   f"card do not enter it. Spearman's rank correlation with an approximate 95% "
                   f"interval (Fisher z); a verdict flips when two bots give a card different "
                   f"definite verdicts. Noise alone lowers a rank correlation: per bot, the "
                   f"median half-width of its pick values' intervals and their reliability (the "
                   f"share of their spread across companions that is not their own noise); "
                   f"noise_ceiling, sqrt of the two bots' reliabilities, is about the correlation "
                   f"two bots that ordered the cards alike would show through that noise. Card "
                   f"by card, the difference of two bots' pick values with its 95% interval: a "
                   f"card whose interval leaves out 0 depends on the bot beyond noise (about 5% "
                   f"of the cards would by chance alone). The section ends with the answer to: "
                   f"do stronger bots agree more?")
    tabs = [TableOut("bot_pick_values", "Pick value per bot", v.drop(columns="label")),
            TableOut("bot_pick_rank_correlations", "Rank correlation of pick values between bots",
                     corr),
            TableOut("bot_pick_value_noise", "How finely each bot's pick values are measured",
                     noise,
                     "Median half-width of the 95% intervals (points of win share) and "
                     "reliability (1 - mean squared standard error / variance of the values).")]
    tabs.append(TableOut("bot_pick_value_differences",
                         "Pick value differences between bots, card by card", diffs,
                         "diff: the second bot's pick value minus the first's (points of win "
                         "share) with its 95% interval (the two values' standard errors "
                         "combined); beyond_noise: the interval leaves out 0."))
    if len(flips):
        tabs.append(TableOut("bot_pick_verdict_flips",
                             "Companions whose pick-value verdict depends on the bot", flips))
    s.tables = tabs + s.tables
    s.figures = figures + s.figures
    s.findings = lines + dlines + deps + s.findings + answers
    s.headlines = answers[:1] + lines[:1] + s.headlines
    return s
