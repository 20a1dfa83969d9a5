"""Pick value in the report: the companion strength section leads with it, the bot ladder
section gains pick regret per bot and stage, the card-rankings-by-bot section compares pick
values across bots (glowsim/analysis/picks.py computes them from the run's ``picks`` table).

A run without the table gets the sections as before, and the companion strength section one
line saying how to get pick values (:data:`PICKS_HOWTO`).
"""
from __future__ import annotations

import html
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..analysis import bots as BA
from ..analysis.cards import SLICE
from ..analysis.intervals import Z95
from . import botdiffs as BD
from . import convergence as CV
from . import figures as F
from .bots import bot_color
from .sections import Section, TableOut, render

THRESHOLD = 2.0       # points of win share: the verdict band +-T
STAGES = ["early", "middle", "late"]
PICKS_HOWTO = ("Pick value (what taking a companion is worth against the other cards offered, "
               "measured by forking sampled recruit picks and playing every offered card to the "
               "end on the same future): not in this run. It needs the scenario field "
               "<code>counterfactual: {decisions: recruit, sample: 1.0}</code>, as in "
               "scenarios/pick-value.yaml.")
OBSERVED = ("The rates below are observational: they mix the card's strength with when and why "
            "the bots take it (a card the bots take when they are already ahead looks strong), "
            "which pick value above separates by comparing, at the same picks, the cards that "
            "were not taken.")


def has_picks(run) -> bool:
    """Whether the run holds a ``picks`` table (a scenario with ``counterfactual``)."""
    return bool(getattr(run, "has_picks", False))


@dataclass
class PickTables:
    values: pd.DataFrame      # pick_values: slice, companion, value..., verdict
    stages: pd.DataFrame      # pick_values_by_stage
    regret: pd.DataFrame      # pick_regret: slice, bot, stage


def pick_tables(run, threshold: float = THRESHOLD) -> PickTables | None:
    """The pick-value tables of a run, or None when it holds no picks."""
    if not has_picks(run):
        return None
    from ..analysis.picks import pick_regret, pick_values, pick_values_by_stage
    return PickTables(pick_values(run, by=SLICE, threshold=threshold),
                      pick_values_by_stage(run, by=SLICE), pick_regret(run, by=SLICE))


def _label(df: pd.DataFrame, names: dict) -> pd.DataFrame:
    df = df.copy()
    given = df["name"] if "name" in df else pd.Series([""] * len(df), index=df.index)
    df["name"] = [names.get(c) or (n if isinstance(n, str) else "") for c, n in
                  zip(df["companion"], given)]
    df["label"] = [f"{c} {n}".strip() for c, n in zip(df["companion"], df["name"])]
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
    t = tables if tables is not None else pick_tables(ref, threshold)
    if t is None or t.values.empty:
        s.intro.append(PICKS_HOWTO)
        return s
    v = _label(t.values, names)
    intro = [f"<b>Pick value</b> of a companion: at sampled recruit picks the game was forked "
             f"and every offered card played to the end on the same dice (common randomness); "
             f"its pick value is the deciding seat's win share when taking it minus the mean "
             f"win share over the other cards offered at the same pick, in percentage points "
             f"of win share, averaged over the picks where it was offered with another card "
             f"(95% paired interval). Verdict: <i>above</i> / <i>below</i> when the interval "
             f"lies wholly beyond +{threshold:g} / -{threshold:g} points, <i>within</i> when "
             f"the whole interval lies inside ±{threshold:g}, otherwise <i>unclear</i> (more "
             f"games decide it). Pick rate: how often the bot took it at those picks."]
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
        heads.append((int(d["n_picks"].sum()), n, findings[-1]))
    tabs = [TableOut("pick_values", "Pick value per companion", v.drop(columns="label"),
                     "One row per player count, side and companion: forked picks where it was "
                     "offered with another card, pick rate, pick value in points of win share "
                     "and in bursts of final score with 95% paired intervals, verdict.")]
    if not t.stages.empty:
        tabs.append(TableOut("pick_values_by_stage", "Pick value per companion and round stage",
                             _label(t.stages, names).drop(columns="label"),
                             "The same, split by the round of the pick: early, middle and late "
                             "thirds of the game."))
        findings += _stage_findings(_label(t.stages, names))
    s.intro = intro + [OBSERVED] + s.intro
    s.figures = figures + s.figures
    s.tables = tabs + s.tables
    head = max(heads, key=lambda h: (h[0], h[1]))[2] if heads else None
    s.findings = findings + s.findings
    s.headlines = ([head] if head else []) + s.headlines[:1]
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


def _slice_finding(d: pd.DataFrame, where: str, threshold: float) -> str:
    count = d["verdict"].value_counts()
    parts = [f"{int(count.get(k, 0))} {k}" for k in ("above", "within", "below", "unclear")]
    line = (f"{where}, pick value of {len(d)} companions against ±{threshold:g} points: "
            + ", ".join(parts))
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
    t = tables if tables is not None else pick_tables(run)
    if t is None or t.regret.empty:
        return s
    r = t.regret
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
        s.headlines = lines[:2]
    return s


# ---- card rankings by bot ----

def bot_pick_values(run, threshold: float = THRESHOLD) -> pd.DataFrame:
    """Pick values per bot: of each bot's self-play variants of the published game (empty
    when fewer than two bots have picks)."""
    if not has_picks(run):
        return pd.DataFrame()
    from ..analysis.picks import pick_values
    rows = []
    for bot, variants in BA.selfplay_variants(run).items():
        sub = run.subset(variants)
        if not has_picks(sub):
            continue
        v = pick_values(sub, by=SLICE, threshold=threshold)
        if len(v):
            rows.append(v.assign(bot=bot))
    if len(rows) < 2:
        return pd.DataFrame()
    return pd.concat(rows, ignore_index=True)


def spearman_interval(a, b) -> tuple[float, float, float, int]:
    """(rho, low, high, n): Spearman's rank correlation of two value lists (nan dropped) with
    an approximate 95% interval (Fisher z with the Bonett-Wright standard error
    sqrt((1 + rho^2 / 2) / (n - 3)))."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    ok = ~np.isnan(a) & ~np.isnan(b)
    n = int(ok.sum())
    if n < 4:
        return np.nan, np.nan, np.nan, n
    rho = float(BA.spearman(a[ok], b[ok]))
    if abs(rho) >= 1:
        return rho, rho, rho, n
    se = np.sqrt((1 + rho * rho / 2) / (n - 3))
    z = np.arctanh(rho)
    return rho, float(np.tanh(z - Z95 * se)), float(np.tanh(z + Z95 * se)), n


def pick_flips(v: pd.DataFrame, a: str, b: str) -> pd.DataFrame:
    """Companions whose definite verdict (above / within / below) differs between bots a and b
    (a card unclear under either bot is not counted); ``reversal``: above under one, below
    under the other."""
    keys = SLICE + ["companion"]
    x = v[v["bot"] == a].set_index(keys)
    y = v[v["bot"] == b].set_index(keys)
    both = x.index.intersection(y.index)
    rows = []
    for k in both:
        va, vb = x.at[k, "verdict"], y.at[k, "verdict"]
        if va != vb and va != "unclear" and vb != "unclear":
            rows.append(dict(zip(keys, k), **{
                "name": x.at[k, "name"] if "name" in x else "",
                f"verdict_{a}": va, f"verdict_{b}": vb,
                f"value_{a}": x.at[k, "value"], f"value_{b}": y.at[k, "value"],
                "reversal": {va, vb} == {"above", "below"}}))
    return pd.DataFrame(rows, columns=keys + ["name", f"verdict_{a}", f"verdict_{b}",
                                              f"value_{a}", f"value_{b}", "reversal"])


def with_bot_pick_values(s: Section, run, names: dict, threshold: float = THRESHOLD,
                         values: pd.DataFrame | None = None) -> Section:
    """The card-rankings-by-bot section with pick values compared across bots: per slice a
    figure, Spearman's rank correlation of every pair of bots and the verdicts that flip."""
    v = values if values is not None else bot_pick_values(run, threshold)
    if v is None or v.empty:
        return s
    v = _label(v, names)
    order = list(dict.fromkeys(v["bot"]))
    colors = {b: bot_color(b, order) for b in order}
    rows, flips, lines, figures, noises, answers = [], [], [], [], [], []
    diffs, dlines = [], []
    for n, side in _slices(v):
        d = v[(v["n_players"] == n) & (v["side"] == side)]
        bots = [b for b in order if b in set(d["bot"])]
        if len(bots) < 2:
            continue
        where = F.slice_label(n, side)
        noise = CV.bot_noise(d, bots)
        noises.append(noise.assign(n_players=n, side=side))
        first = len(rows)
        for i, a in enumerate(bots):
            for b in bots[i + 1:]:
                pa = d[d["bot"] == a].set_index("companion")["value"]
                pb = d[d["bot"] == b].set_index("companion")["value"]
                common = pa.index.intersection(pb.index)
                rho, lo, hi, k = spearman_interval(pa[common], pb[common])
                rows.append(dict(n_players=n, side=side, bot_a=a, bot_b=b, companions=k,
                                 spearman=rho, spearman_low=lo, spearman_high=hi,
                                 noise_ceiling=CV.ceiling(noise, a, b)))
                f = pick_flips(d, a, b).assign(bot_a=a, bot_b=b)
                flips.append(f)
                dd = BD.differences(d, a, b)
                diffs.append(dd.assign(n_players=n, side=side))
                dlines.append(BD.summary_line(dd, a, b, where))
                lines.append(f"{where}, pick value under {a} vs {b}: Spearman "
                             + (f"{rho:.2f} (95% CI {lo:.2f} to {hi:.2f})" if not np.isnan(rho)
                                else "n/a") + f" over {k} companions; "
                             + (f"{len(f)} verdict(s) flip ({int(f['reversal'].sum())} "
                                f"reversal(s)): " + "; ".join(
                                    f"{r['companion']} {r['name']} ({r[f'verdict_{a}']} -> "
                                    f"{r[f'verdict_{b}']})".replace("  ", " ")
                                    for _, r in f.iterrows())
                                if len(f) else "no verdict flips") + ".")
        answers.append(CV.answer(pd.DataFrame(rows[first:]), noise, bots, where))
        answers.append(BD.dependence_answer(BD.differences(d, bots[-2], bots[-1]), bots[-2],
                                            bots[-1], where))
        f2 = pick_flips(d, bots[-2], bots[-1])
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
    if not rows:
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
                     pd.DataFrame(rows)),
            TableOut("bot_pick_value_noise", "How finely each bot's pick values are measured",
                     pd.concat(noises, ignore_index=True),
                     "Median half-width of the 95% intervals (points of win share) and "
                     "reliability (1 - mean squared standard error / variance of the values).")]
    tabs.append(TableOut("bot_pick_value_differences",
                         "Pick value differences between bots, card by card",
                         pd.concat(diffs, ignore_index=True),
                         "diff: the second bot's pick value minus the first's (points of win "
                         "share) with its 95% interval (the two values' standard errors "
                         "combined); beyond_noise: the interval leaves out 0."))
    fl = pd.concat(flips, ignore_index=True) if flips else pd.DataFrame()
    if len(fl):
        tabs.append(TableOut("bot_pick_verdict_flips",
                             "Companions whose pick-value verdict depends on the bot", fl))
    s.tables = tabs + s.tables
    s.figures = figures + s.figures
    s.findings = lines + dlines + s.findings + answers
    s.headlines = answers[:1] + lines[:1] + s.headlines
    return s


# ---- sweeps ----

def sweep_value_line(r) -> str:
    """'3: -1.2 (95% CI -2.9 to +0.5) within, pick rate 31%' of a swept value."""
    if np.isnan(r["pick_value"]):
        return f"{r['value']:g}: no forked pick offered it with another card"
    return (f"{r['value']:g}: {r['pick_value']:+.1f} (95% CI {r['pick_value_lo']:+.1f} to "
            f"{r['pick_value_hi']:+.1f}) {r['verdict']}, pick rate {r['pick_rate']:.0%}")


def crossing_text(c: dict, short: str) -> str:
    """The crossing of 0 with its interval when the slope is significant, else why not."""
    if not c["significant"] or np.isnan(c["crossing"]):
        return f"no crossing of 0 is given: {c['note']}"
    ci = (f"95% CI {c['crossing_low']:.1f} to {c['crossing_high']:.1f}"
          if not np.isnan(c["crossing_low"]) else "interval unbounded")
    return (f"its pick value crosses 0 at {short} of about {c['crossing']:.1f} ({ci}; slope "
            f"{c['slope']:+.2f} points per unit, 95% CI {c['slope_low']:+.2f} to "
            f"{c['slope_high']:+.2f})" + ("" if c["in_range"] else ", extrapolated beyond the "
                                                                    "swept values"))


def with_pick_sweeps(s: Section, run, names: dict, threshold: float = THRESHOLD,
                     points: pd.DataFrame | None = None) -> Section:
    """The sweeps section with, for every swept companion whose variants hold picks, its pick
    value and pick rate per swept value and the value where the pick value crosses 0, first."""
    from ..analysis.sweeps import pick_sweep_crossings, pick_sweep_points, published_value
    if points is None:
        if s.missing or not has_picks(run):
            return s
        points = pick_sweep_points(run, threshold)
    if points.empty:
        return s
    cross = pick_sweep_crossings(points)
    figures, lines = [], []
    for i, ((fld, group, subject), g) in enumerate(
            points.groupby(["field", "group", "subject"], sort=False)):
        c = cross[(cross["field"] == fld) & (cross["group"] == group) &
                  (cross["subject"] == subject)]
        c = c.iloc[0].to_dict() if len(c) else None
        who = f"{subject} {names.get(subject, '')}".strip()
        short = fld.split(".")[-1]
        where = f" ({group})" if group else ""
        fig = F.pick_sweep_plot(g, c, threshold, f"{who}: pick value against swept "
                                                   f"{short}{where}", f"{short} ({fld})",
                                published_value(fld))
        cap = (f"{who}'s pick value for each swept value of {fld}{where} (percentage points of "
               f"win share, 95% paired intervals, coloured by verdict against ±{threshold:g}; "
               f"grey band: within), and its pick rate at the forked picks (right)")
        if c and c["significant"] and not np.isnan(c["crossing"]):
            cap += (f"; the vertical line marks {c['crossing']:.1f}, where the line fitted "
                    f"through the points (inverse-variance weights) crosses 0, shaded: its 95% "
                    f"interval.")
        else:
            cap += "; no crossing is marked: the fitted slope is not significant."
        figures.append(render(fig, f"sweep_pick_value_{i}", f"Pick value over the sweep of "
                                                              f"{fld}", cap))
        lines.append(f"{who}{where}, pick value per {short}: "
                     + "; ".join(sweep_value_line(r) for _, r in g.sort_values("value")
                                 .iterrows()) + ".")
        if c:
            lines.append(f"{who}{where}: " + crossing_text(c, short) + ".")
    s.intro.insert(0, "For a swept companion with picks in its variants: its pick value (what "
                      "taking it is worth against the other cards offered, at the same forked "
                      "picks) per swept value, its pick rate, and the value where a line "
                      "fitted through the pick values crosses 0, given only when the slope is "
                      "significant. The win rate when recruited further down is observational: "
                      "it also moves with how often and when the bots take the card.")
    s.tables[:0] = [TableOut("sweep_pick_values", "Sweep: pick value per swept value", points),
                    TableOut("sweep_pick_crossings", "Where each sweep's pick value crosses 0",
                             cross)]
    s.figures = figures + s.figures
    s.findings = lines + s.findings
    s.headlines = [x for x in lines if "crosses 0" in x or "no crossing" in x][:2]
    return s
