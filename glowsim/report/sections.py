"""The report's sections: analysis tables -> figures, tables, captions and key findings.

Every section is built from the run alone; a section whose data the run does
not hold says so ("not in this run") and names what produces it.
"""
from __future__ import annotations

import html
import io
from dataclasses import dataclass, field

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from .. import analysis as A
from ..analysis import bots as BA
from ..analysis import dawnsets as DS
from ..analysis.cards import flag
from ..analysis.rerolls import SOURCE_LABELS, experiment_design
from ..analysis.sides import (PERCENT_FIGURES, SIDE_FIGURES, SIDE_UNITS, FIGURE_NAMES,
                              side_differences, side_verdicts)
from ..analysis.sweeps import card_sweeps, published_value
from ..content.describe import card_name
from . import figures as F
from . import tables as T
from .ranks import rank_findings
from .slices import headline_slice


@dataclass
class FigureOut:
    name: str          # file stem under figures/
    title: str
    caption: str
    png: bytes = b""


@dataclass
class TableOut:
    name: str          # file stem under tables/
    title: str
    df: pd.DataFrame
    caption: str = ""
    shown: bool = False   # shown in full on the page under its title (else folded)


@dataclass
class Section:
    key: str
    title: str
    intro: list[str] = field(default_factory=list)
    figures: list[FigureOut] = field(default_factory=list)
    tables: list[TableOut] = field(default_factory=list)
    findings: list[str] = field(default_factory=list)
    missing: str = ""
    headlines: list[str] = field(default_factory=list)   # for "At a glance"; else findings[:2]


def render(fig, name: str, title: str, caption: str, dpi: int = 100) -> FigureOut:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    plt.close(fig)
    return FigureOut(name, title, caption, buf.getvalue())


def _slices(df) -> list[tuple]:
    return [tuple(x) for x in df[["n_players", "side"]].drop_duplicates()
            .sort_values(["n_players", "side"]).itertuples(index=False)]


def _pct(x) -> str:
    return "n/a" if x is None or (isinstance(x, float) and np.isnan(x)) else f"{x:.1%}"


def _ci(est, low, high, pct=True, digits=1) -> str:
    if pct:
        return f"{est:.{digits}%} (95% CI {low:.{digits}%} to {high:.{digits}%})"
    return f"{est:.{digits}f} (95% CI {low:.{digits}f} to {high:.{digits}f})"


def _labelled(df: pd.DataFrame, id_col: str) -> pd.DataFrame:
    """A table of cards with each card's ``label`` for figures and text."""
    return df.assign(label=[card_name(id_col, i, n) for i, n in zip(df[id_col], df["name"])])


# ---- overview ----

def overview(run: A.Run, blocks: list[tuple[str, list[str]]], by_value: bool = False) -> Section:
    """The run in a few lines and its variants; ``by_value``: a sweep reported per swept
    value (glowsim/report/sweepvalues.py) rather than one block of variants at a time."""
    s = Section("overview", "Run")
    caption = ("Games per variant; the card, adventurer, board-side and balance sections use the "
               "variants that play the published game, or, when none does, are given for each "
               "variant (or each content shared by several variants) in turn, named in their "
               "titles.")
    if by_value:
        caption = ("Games per variant; the card, adventurer, board-side and balance sections "
                   "give every variant, a row each.")
        s.intro.append("No variant plays the published game: the run sweeps a card number, so "
                       "its answer comes first (the sweep's section), then the companion, "
                       "adventurer, balance and board-side sections, each one table with a row "
                       "per variant and a column per swept field.")
        blocks = [("", [v for _, vs in blocks for v in vs])]
    m = run.manifest
    g = T.variants(run, blocks)
    s.tables.append(TableOut("variants", "Variants in this run", g, caption))
    if blocks and blocks[0][0] and DS.plays_dawn(run):
        s.intro.append("The variants play " + ("these games" if len(blocks) > 1 else "this game")
                       + " (with Dawn, the sets chosen, docs/rules.md D1): the card, adventurer, "
                       "board-side and balance sections are given for each of: "
                       + "; ".join(html.escape(label) for label, _ in blocks) + ".")
    elif blocks and blocks[0][0]:
        s.intro.append("No variant plays the published game: the card, adventurer, board-side "
                       "and balance sections are given for "
                       + ("each of: " if len(blocks) > 1 else "")
                       + "; ".join(html.escape(label) for label, _ in blocks) + ".")
    ver = m.get("glowsim_version") or m.get("version") or "?"
    hashes = list(dict.fromkeys(v.spec.get("content_hash") for v in run.variants
                                if v.spec.get("content_hash")))
    if m.get("content_hash"):
        hashes = [m["content_hash"]]
    chash = ("content hash " + str(hashes[0])[:16] if len(hashes) == 1 else
             f"{len(hashes)} content versions" if hashes else "content hash not recorded")
    s.intro.append(f"Scenario <b>{html.escape(run.name)}</b>: {int(g['games'].sum()):,} games in "
                   f"{len(g)} variant(s); glowsim {html.escape(str(ver))}; "
                   f"{chash}.")
    desc = (m.get("scenario") or {}).get("description") if isinstance(m.get("scenario"), dict) \
        else ""
    if desc:
        s.intro.append(html.escape(desc))
    return s


# ---- cards ----

def cards(ref: A.Run, names: dict) -> Section:
    s = Section("cards", "Companion strength")
    t = T.companion_strength(ref, names)
    if t.empty:
        s.missing = ("not in this run: no companion was recruited (the recruits table is empty)")
        return s
    s.intro.append("Draft-style rates per companion, each with its 95% interval and the games "
                   "behind it. Win rates are only compared within one player count and board "
                   "side; the dashed line is the field average 1/n.")
    bots = sorted({b for x in BA.seatings(ref)["bots"] for b in x}, key=BA._order_key)
    if bots:
        s.intro.append(f"These rates and verdicts assume the bots that play the run's games "
                       f"({html.escape(', '.join(bots))}): a card is as strong as it plays in "
                       f"their hands.")
    s.tables.append(TableOut("cards", "Companion strength (all slices)", t,
                             "One row per player count, side and companion; rank columns: "
                             "rank by win rate when recruited (1 = strongest), its 95% "
                             "bootstrap interval and the chance of being the strongest or "
                             "the weakest (cards with 30 or more player-games)."))
    t = _labelled(t, "companion")
    ranked = rank_findings(ref, "companion", dict(zip(t["companion"], t["label"])))
    for n, side in _slices(t):
        d = t[(t["n_players"] == n) & (t["side"] == side)]
        fa = float(d["field_win_rate"].iloc[0])
        fig = F.forest(d, "win_rate_recruited", "label",
                       f"Companion win rate when recruited: {F.slice_label(n, side)}",
                       "win rate when recruited (% of games, 95% CI)", fa,
                       n_col="games_recruited")
        few = d.loc[d["games_recruited"] < F.MIN_GAMES, "companion"].tolist()
        if len(few) == len(d):
            left_out = f" Every companion has fewer than {F.MIN_GAMES} games here (grey): " \
                       f"do not rank them."
        elif few:
            left_out = (f" Left out with fewer than {F.MIN_GAMES} games: {', '.join(few)} "
                        f"(see tables/cards.csv).")
        else:
            left_out = ""
        s.figures.append(render(fig, f"cards_forest_{n}p_{side}",
                                f"Companions ranked, {F.slice_label(n, side)}",
                                f"Each companion's win rate when recruited in {n}-player {side} "
                                f"games with its 95% Wilson interval and the player-games behind "
                                f"it (n); green/red = interval wholly above/below the field "
                                f"average of {fa:.0%}.{left_out}"))
        # name only cards with enough games, as the figure shows them
        enough = d[d["games_recruited"] >= F.MIN_GAMES] if (
            d["games_recruited"] >= F.MIN_GAMES).any() else d
        above = enough[enough["flag"] == "above"].sort_values("win_rate_recruited",
                                                               ascending=False)
        below = enough[enough["flag"] == "below"].sort_values("win_rate_recruited")
        if len(above) or len(below):
            s.findings.append(
                f"{F.slice_label(n, side)}, win rate when recruited: {len(above)} companion(s) "
                f"above and {len(below)} below the field average" +
                (f"; strongest {above.iloc[0]['label']} "
                 f"{_ci(*above.iloc[0][['win_rate_recruited', 'win_rate_recruited_low', 'win_rate_recruited_high']])}"
                 if len(above) else "") +
                (f"; weakest {below.iloc[0]['label']} "
                 f"{_ci(*below.iloc[0][['win_rate_recruited', 'win_rate_recruited_low', 'win_rate_recruited_high']])}"
                 if len(below) else "") + ".")
        else:
            s.findings.append(f"{F.slice_label(n, side)}, win rate when recruited: no "
                              f"companion's interval lies wholly off the field average "
                              f"({len(d)} companions).")
    per_slice = A.slice_counts(ref)
    s.findings += ranked
    big = headline_slice(_slices(t), per_slice)       # the same rule in every section
    d = t[(t["n_players"] == big[0]) & (t["side"] == big[1])]
    s.headlines = [f for f in s.findings if f.startswith(F.slice_label(*big) + ", win rate")]
    few_big = d.loc[d["games_recruited"] < F.MIN_GAMES, "companion"].tolist()
    if len(few_big) == len(d):
        few_big = []
    fig = F.pick_vs_win(d, f"How often bots take a companion vs how it does: "
                           f"{F.slice_label(*big)}", float(d["field_win_rate"].iloc[0]))
    s.figures.append(render(fig, "cards_pick_vs_win", "Pick rate against win rate",
                            f"Each dot is a companion in {big[0]}-player {big[1]} games: how "
                            f"often it is taken when offered (x) against the win rate of those "
                            f"who recruited it (y, 95% interval); dots high on the left are "
                            f"strong cards the bots undervalue."
                            + (f" Left out with fewer than {F.MIN_GAMES} games: "
                               f"{', '.join(few_big)}." if few_big else "")))
    # bursts produced, against the mean bursts of all recruits in the same slice
    mean_bursts = A.recruit_bursts(ref, big)
    b = d.assign(flag=[flag(lo, hi, mean_bursts) for lo, hi in zip(d["bursts_low"],
                                                                     d["bursts_high"])])
    fig = F.forest(b, "bursts", "label", f"Bursts a recruited companion produced: "
                                         f"{F.slice_label(*big)}",
                   "bursts per recruit: triggered effects + printed if in play at the end "
                   "(95% CI)", mean_bursts, pct=False, n_col="taken")
    s.figures.append(render(fig, "cards_bursts", "Bursts produced per companion",
                            f"Mean bursts each companion brought its recruiter in {big[0]}-player "
                            f"{big[1]} games (its triggered effects plus its printed bursts if "
                            f"still in play at the end) with 95% t intervals and recruits (n); "
                            f"the dashed line is the mean over all recruits, "
                            f"{mean_bursts:.1f} bursts."))
    return s


# ---- adventurers ----

DRAFT_HOWTO = ("seats that draft their adventurer (`adventurer: draft`, E19), e.g. the `draft` "
               "variant of scenarios/adventurers-4p.yaml")


def adventurers(ref: A.Run, names: dict) -> Section:
    from ..analysis.drafts import DEALT, draft_offers, no_offers, offers_with_keys
    s = Section("adventurers", "Adventurer strength")
    try:
        offers, problem = draft_offers(ref), ""
    except A.RunError as e:          # tables that contradict E19: say so, keep the rest
        offers, problem = no_offers(), str(e)
    t = T.adventurer_strength(ref, names, offers)
    drafting = not offers.empty
    s.intro.append("Win rate, within-game improvement and mean score per adventurer, per player "
                   "count, side and assignment: <i>dealt</i> (at random, E13, or fixed) or "
                   "<i>draft</i> (the listed seats, numbered from 0, choose in seat order among "
                   "the adventurers left, E19). The two are not pooled: a drafted adventurer "
                   "meets other opponents than a dealt one.")
    if drafting:
        s.intro.append("Draft columns, for the drafting seats only: times offered, pick rate when "
                       "offered, taken at (draft position, 1 = first pick), win rate when drafted, "
                       "win rate when offered but passed (the passing seat's), improvement when "
                       "drafted (drafted minus passed: not paired, as a seat either takes or "
                       "passes; interval with each game one cluster). What a seat was offered is "
                       "rebuilt from the variant's adventurers, the seats' settings and who "
                       "played which adventurer.")
    else:
        why = (f"they could not be derived: {html.escape(problem)}" if problem else
               f"no seat drafts its adventurer, and dealt adventurers are not offered to "
               f"anyone. They need {DRAFT_HOWTO}")
        s.intro.append(f"Pick rate when offered, taken at, win rate when drafted / when passed and "
                       f"improvement when drafted: not in this run, and left out of the table: "
                       f"{why}.")
    s.tables.append(TableOut("adventurers", "Adventurer strength", t,
                             "One row per player count, side, assignment and adventurer."
                             + (" Draft columns are empty in dealt rows (nothing is offered) "
                                "and 0 offers for an adventurer no drafting seat could choose; "
                                "win rate when drafted is empty for one never taken, when "
                                "passed for one always taken." if drafting else "")))
    t = _labelled(t, "adventurer")
    ranked = rank_findings(ref, "adventurer", dict(zip(t["adventurer"], t["label"])),
                           A.ADVENTURER_SLICE)
    several = (t["assignment"] != DEALT).any()          # name the assignment when any drafts
    fig = F.adventurer_panels(t, "Adventurer win rates (95% CI) by player count and side"
                              + (" and assignment" if several else ""))
    s.figures.append(render(fig, "adventurers_forest", "Adventurers ranked",
                            "Each adventurer's win rate with its 95% Wilson interval and "
                            "player-games (n), one panel per player count and side"
                            + (" and assignment (dealt or drafted)" if several else "")
                            + "; the dashed line is the field average 1/n, green/red = wholly "
                              "above/below it."))
    adv_slices = _adv_slices(t)
    per_slice = A.slice_counts(ref)
    dealt = [k for k in adv_slices if k[2] == DEALT] or adv_slices
    head = headline_slice(dealt, per_slice) if dealt else None   # the companions' rule
    for n, side, how in adv_slices:
        d = t[(t["n_players"] == n) & (t["side"] == side) & (t["assignment"] == how)] \
            .sort_values("win_rate")
        lo, hi = d.iloc[0], d.iloc[-1]
        where = F.slice_label(n, side) + (f", {how}" if several else "")
        line = (f"{where}: adventurers range from {lo['label']} {_pct(lo['win_rate'])} to "
                f"{hi['label']} {_pct(hi['win_rate'])} (field average "
                f"{_pct(lo['field_win_rate'])}).")
        if (n, side, how) == head:
            s.headlines = [line]
        s.findings.append(line)
    s.findings += ranked
    if drafting:
        _draft_part(s, t, offers_with_keys(ref, offers, A.ADVENTURER_SLICE))
    return s


def _adv_slices(t) -> list[tuple]:
    return [tuple(x) for x in t[["n_players", "side", "assignment"]].drop_duplicates()
            .sort_values(["n_players", "side", "assignment"]).itertuples(index=False)]


def _pts(est, low, high) -> str:
    return (f"{est * 100:+.1f} points (95% CI {low * 100:+.1f} to {high * 100:+.1f})"
            if not np.isnan(low) else f"{est * 100:+.1f} points")


def _draft_part(s: Section, t: pd.DataFrame, offers: pd.DataFrame) -> None:
    """Findings and the figure of the draft slices (rows with offers)."""
    from ..analysis.drafts import DEALT, draft_order
    d = t[t["offered"] > 0]
    label = dict(zip(t["adventurer"], t["label"]))
    slices = _adv_slices(d)
    head, most = [], -1
    for n, side, how in slices:
        part = d[(d["n_players"] == n) & (d["side"] == side) & (d["assignment"] == how)]
        o = offers[(offers["n_players"] == n) & (offers["side"] == side) &
                   (offers["assignment"] == how)]
        where = f"{F.slice_label(n, side)}, {how}"
        lines = []
        order = draft_order(o)
        never = [label[a] for a in part.loc[part["drafted"] == 0, "adventurer"]]
        if order:
            lines.append(f"{where}: every pick follows one fixed order of preference, "
                         f"{' > '.join(label.get(a, a) for a in order)}"
                         + (f" (never taken when offered: {', '.join(never)})" if never else "")
                         + "; a pick rate then says how often the adventurers ranked above it "
                           "were gone.")
        dealt = t[(t["n_players"] == n) & (t["side"] == side) & (t["assignment"] == DEALT)]
        if len(dealt) and len(part):
            # what the bots prefer against how the adventurers do when dealt at random
            fav = part.sort_values(["pick_rate", "drafted", "adventurer"]).iloc[-1]
            strong = dealt.sort_values("win_rate").iloc[-1]
            fav_dealt = dealt[dealt["adventurer"] == fav["adventurer"]]
            strong_pick = part[part["adventurer"] == strong["adventurer"]]
            if len(fav_dealt) and len(strong_pick) and fav["adventurer"] != strong["adventurer"]:
                f = fav_dealt.iloc[0]
                lines.append(f"{where}: the adventurer the bots take most often when offered, "
                             f"{fav['label']} (pick rate {_pct(fav['pick_rate'])}), wins "
                             f"{_ci(f['win_rate'], f['win_rate_low'], f['win_rate_high'])} when "
                             f"dealt at random; the strongest dealt, {strong['label']} "
                             f"({_pct(strong['win_rate'])}), has a pick rate of "
                             f"{_pct(strong_pick.iloc[0]['pick_rate'])}.")
        rated = part.dropna(subset=["improvement_drafted"]).sort_values("improvement_drafted")
        for r in ([rated.iloc[-1], rated.iloc[0]] if len(rated) > 1 else
                  [rated.iloc[0]] if len(rated) else []):
            lines.append(f"{where}: seats that drafted {r['label']} won "
                         f"{_pct(r['win_rate_drafted'])} of their games, seats that passed it "
                         f"{_pct(r['win_rate_passed'])}: improvement when drafted "
                         f"{_pts(r['improvement_drafted'], r['improvement_drafted_low'], r['improvement_drafted_high'])}.")
        s.findings += lines
        compare = [x for x in lines if "when dealt at random" in x] or lines[:1]
        if len(o) >= most:          # headline: the draft slice with most offers
            most, head = len(o), compare
    s.headlines += head
    fig = F.draft_panels(d, slices, "Adventurer draft: how often bots take an adventurer and how "
                                    "it does")
    s.figures.append(render(fig, "adventurers_draft", "Adventurer draft",
                            "Left: each adventurer's pick rate when offered to a drafting seat "
                            "(x) against the win rate of the seats that drafted it (y), both "
                            "with 95% Wilson intervals; the dashed line is the field average "
                            "1/n. Right: improvement when drafted, the win rate of the seats "
                            "that drafted it minus that of the seats that were offered it and "
                            "took another (95% interval, games as clusters; green/red = "
                            "wholly above/below 0), with the drafts and passes behind it."
                            + (f" Never drafted when offered, so not on the left: "
                               f"{', '.join(sorted(set(label[a] for a in d.loc[d['drafted'] == 0, 'adventurer'])))}."
                               if (d["drafted"] == 0).any() else "")))


# ---- rerolls ----

REROLL_HOWTO = ("a scenario whose variants differ only in starting reroll tokens "
                "(`content.setup.last_player_reroll_tokens` or a seat's `start_rerolls`), "
                "played on the same seeds: scenarios/reroll-value.yaml")


def _who(focal: str) -> str:
    return {"all": "every player", "last in turn order": "the last player in turn order"}.get(
        focal, f"seat(s) {focal}")


def _source_finding(r) -> str:
    """One sentence on a Lumipili-power or score-track variant against its baseline."""
    what = {"lumipili": "the Lumipili power", "track": "the score track"}[r["source"]]
    more = r["rerolls_gain"] >= 0
    per = _ci(r["bursts_per_reroll"], r["bursts_per_reroll_low"], r["bursts_per_reroll_high"],
              False, 2)
    net = ", net of the bursts of score it costs" if r["source"] == "track" else ""
    return (f"{r['variant']} against '{r['baseline']}' ({r['pairs']:,} paired games): players "
            f"spent on average {abs(r['rerolls_gain']):.2f} {'more' if more else 'fewer'} rerolls from "
            f"{what} per game and scored "
            f"{r['score_gain']:+.2f} (95% CI {r['score_gain_low']:+.2f} to "
            f"{r['score_gain_high']:+.2f}) bursts; "
            f"one reroll from {what} is worth {per} bursts{net}.")


def _track_line(run: A.Run, usage: pd.DataFrame, tok, be: dict, track) -> str:
    """The cost of a score-track reroll and what it is worth, in one line: the bursts of score
    it costs in the experiment's player count and side, what the track rerolls the bots took
    were worth net of that cost (a variant without them, when the run has one), and the bursts
    an extra token reroll gains (paired), which is the break-even cost."""
    g = run.games[run.games["variant"].astype(str) == str(be["variant"])]
    n, side = int(g["n_players"].iloc[0]), str(g["side"].iloc[0])
    u = usage[(usage["n_players"] == n) & (usage["side"] == side)]
    cost = float(u["bursts_per_track_reroll"].iloc[0]) if len(u) else np.nan
    gain = _ci(be["points"], be["low"], be["high"], False, 2)
    token = (f"an extra reroll token spent gains {gain} bursts on average ('{be['variant']}', "
             f"paired; {tok['rerolls_gain']:.2f} more token rerolls per game)")
    where = F.slice_label(n, side)
    if not np.isfinite(cost):
        return (f"A score-track reroll ({where}): none was taken; {token}, so one pays, on "
                f"average, when it costs fewer bursts of score than that.")
    if track is None:
        return (f"A score-track reroll ({where}) costs {cost:.1f} bursts of score on average; "
                f"{token}, so one pays, on average, when it costs fewer bursts of score than "
                f"that (the break-even cost).")
    net, lo, hi = (track["bursts_per_reroll"], track["bursts_per_reroll_low"],
                   track["bursts_per_reroll_high"])
    gross = cost + net
    compare = ("more than" if gross > be["high"] else "less than" if gross < be["low"]
               else "about as much as")
    worth = ("pays" if lo > 0 else "costs more than it brings" if hi < 0
             else "is worth about its cost")
    return (f"A score-track reroll ({where}) costs {cost:.1f} bursts of score on average, and "
            f"those the bots took were worth {_ci(net, lo, hi, False, 2)} bursts net of that "
            f"cost ({track['variant']} against '{track['baseline']}', {track['pairs']:,} paired "
            f"games): a track reroll {worth}. Before its cost it brought about {gross:.1f} "
            f"bursts, {compare} an extra token reroll spent gains on average, {gain} bursts "
            f"('{be['variant']}', paired)"
            + (": the bots take a track reroll when the dice make it pay." if compare ==
               "more than" else "."))


def track_cost_findings(u) -> list:
    """The findings on what a score-track reroll cost, from the reroll usage table."""
    out = []
    ppr = u["bursts_per_track_reroll"]
    lo, hi = f"{ppr.min():.1f}", f"{ppr.max():.1f}"
    if ppr.notna().sum() > 1 and lo == hi:
        out.append(f"A score-track reroll cost {lo} bursts of score on average (the score moves "
                   f"back to the reroll space below it) at every player count and side.")
    elif ppr.notna().sum() > 2:
        out.append(f"A score-track reroll cost {lo} to {hi} bursts of score on average (the "
                   f"score moves back to the reroll space below it), depending on player count "
                   f"and side.")
    elif ppr.notna().any():
        out.append("A score-track reroll cost on average "
                   + ", ".join(f"{v:.1f} bursts of score ({F.slice_label(n, sd)})"
                               for n, sd, v in zip(u["n_players"], u["side"], ppr)
                               if not np.isnan(v))
                   + " (the score moves back to the reroll space below it).")
    if ppr.notna().sum() == 0:
        out.append("No player took a score-track reroll in this run (the bots never judged one "
                   "worth its cost in bursts).")
    return out


def rerolls(run: A.Run, ref: A.Run) -> Section:
    s = Section("rerolls", "Reroll value")
    u = T.reroll_usage(ref)
    s.tables.append(TableOut("reroll_usage", "Rerolls used per player and game, by source", u))
    fig = F.source_bars(u, "Rerolls spent per player and game, by source", "lumipili",
                        "rerolls spent per player per game")
    s.figures.append(render(fig, "rerolls_usage", "Reroll use by source",
                            "Mean number of rerolls each player spent in a game from each "
                            "source (Lumipili power, reroll tokens, score track), per player "
                            "count and side."))
    s.findings.extend(track_cost_findings(u))
    exp = T.reroll_value(run)
    if exp.empty:
        s.missing = f"Paired reroll value: not in this run. It needs {REROLL_HOWTO}."
        return s
    s.tables.append(TableOut("reroll_value", "Paired value of extra rerolls", exp,
                             "Per variant against its baseline, same game indices; focal seats "
                             "only."))
    designs = experiment_design(run)
    tok = exp[exp["source"] == "tokens"]
    for i, d in enumerate([d for d in designs if d["source"] == "tokens"]):
        part = tok[tok["baseline"] == d["baseline"]]
        if part.empty:
            continue
        base_amount = dict(d["variants"])[d["baseline"]]
        seats = ("all seats" if d["seats"] is None else "the last seat in turn order"
                 if d["seats"] == "last" else "seat " + ", ".join(str(x) for x in d["seats"]))
        fig = F.gain_curves(part, f"Gain from extra starting reroll tokens ({seats}, "
                                  f"paired on {int(part['pairs'].min()):,} games)", base_amount,
                            f"starting reroll tokens, printed {base_amount:g}," if base_amount
                            else "extra reroll tokens at the start")
        s.figures.append(render(fig, f"rerolls_token_curve_{i}", "Value of extra reroll tokens",
                                f"Final-score and win-probability gain of {seats} against "
                                f"'{d['baseline']}' for each number of extra starting tokens, "
                                f"computed game by game on the same seeds, with 95% bands."))
    slopes = T.reroll_per_token(run)
    if not slopes.empty:
        s.tables.append(TableOut("reroll_per_token", "Value of one extra reroll token", slopes,
                                 "Per-game least-squares slope over all token variants, "
                                 "averaged over games."))
    for _, r in slopes.iterrows():
        s.findings.append(
            f"One extra starting reroll token is worth "
            f"{_ci(r['bursts_per_token'], r['bursts_per_token_low'], r['bursts_per_token_high'], False, 2)}"
            f" bursts and {r['win_per_token'] * 100:+.1f} percentage points of win probability "
            f"({r['win_per_token_low'] * 100:+.1f} to {r['win_per_token_high'] * 100:+.1f}) for "
            f"{_who(r['focal_seats'])}, pooled over {r['variants']} token "
            f"variant{'s' if r['variants'] != 1 else ''} and "
            f"{r['pairs']:,} paired games.")
    s.headlines = list(s.findings[-len(slopes):]) if len(slopes) else []
    be = A.track_break_even(exp)
    track = exp[exp["source"] == "track"].dropna(subset=["bursts_per_reroll"])
    if be is not None:
        s.findings.append(_track_line(run, u, tok.set_index("variant").loc[be["variant"]], be,
                                      track.iloc[0] if len(track) else None))
        s.headlines.append(s.findings[-1])
    for _, r in exp[exp["source"] == "lumipili"].iterrows():
        s.findings.append(_source_finding(r))
    if be is None:
        for _, r in track.iterrows():
            s.findings.append(_source_finding(r))
    sources = T.reroll_sources(run, exp)
    if not sources.empty:
        s.tables.append(TableOut("reroll_sources", "Bursts per extra reroll spent, by source",
                                 sources))
        fig = F.source_value_bars(exp.dropna(subset=["bursts_per_reroll"]), SOURCE_LABELS)
        s.figures.append(render(fig, "rerolls_value_by_source", "Bursts per reroll, by source",
                                "For every reroll variant: the paired score gain of the focal "
                                "seats divided by the extra rerolls they actually spent from "
                                "that source, with a 95% delta-method interval."))
    howto = {"lumipili": "variants that change `reroll_each_round` of the Lumipili cards",
             "track": "a variant that changes the `score_track_rerolls` spaces"}
    for x in ("lumipili", "track"):
        if x not in set(exp["source"]):
            s.intro.append(f"Paired value of the {SOURCE_LABELS[x]}: not in this run (needs "
                           f"{howto[x]}, on the same seeds as the others).")
    return s


# ---- board sides ----

SIDE_METRICS = [("score", "mean final score (bursts)", False),
                ("margin", "mean win margin (bursts)", False),
                ("journey_share", "journey share of score", True),
                ("between_game_share", "between-game variance share", True)]
SPREAD_METRICS = [("adventurer_spread", "adventurer win-rate spread (% points)", True),
                  ("seat_spread", "seat win-rate spread (% points)", True),
                  ("top_score_sd", "SD of the winning score (bursts)", False)]


def _diff_text(r) -> str:
    """One figure's two sides and their paired difference, in its unit."""
    f = r["figure"]
    name = FIGURE_NAMES.get(f, f.replace("_", " "))
    d, lo, hi = r["difference"], r["difference_low"], r["difference_high"]
    if f == "tie_rate":
        return (f"tie rate {_pct(r['province'])} vs {_pct(r['archipelago'])} of games "
                f"(difference {d * 100:+.1f}% of games, 95% CI {lo * 100:+.1f} to "
                f"{hi * 100:+.1f})")
    if f in PERCENT_FIGURES:
        each = [f"{r[x] * 100:.1f} ({r[x + '_low'] * 100:.1f} to {r[x + '_high'] * 100:.1f})"
                for x in ("province", "archipelago")]
        return (f"{name} {each[0]} vs {each[1]} {SIDE_UNITS[f]} "
                f"(difference {d * 100:+.1f}, 95% CI {lo * 100:+.1f} to {hi * 100:+.1f})")
    return (f"{name} {r['province']:.1f} vs {r['archipelago']:.1f} bursts "
            f"(difference {d:+.1f}, 95% CI {lo:+.1f} to {hi:+.1f})")


def _paired_sides(s: Section, ref: A.Run) -> None:
    """The paired comparison of the two sides: table, figure, one verdict per player count."""
    diffs = T.side_differences(ref)
    if diffs.empty:
        s.intro.append("Paired comparison of the two sides: not in this run. It needs, at a "
                       "player count, a variant on each side that differ in nothing else, "
                       "played on the same seeds (scenarios/sides-compare.yaml, "
                       "scenarios/demo.yaml).")
        return
    verdicts = T.side_verdicts(ref, diffs)
    s.intro.append("Paired comparison: at each player count the province and archipelago "
                   "variants play the same game indices on the same seeds (same deal, first "
                   "player and adventurers), so every balance figure is compared game by game: "
                   "province minus archipelago, with a 95% interval (per-game figures: t "
                   "interval of the per-game differences; spreads between seats or "
                   "adventurers: bootstrap over blocks of games, the same blocks on both "
                   "sides). A side is called more balanced on a measure when its seat gap, "
                   "adventurer spread, size of the first-player advantage (its distance from "
                   "0 either way: the difference of the two absolute values, bootstrap) or "
                   "score spread relative to its mean score (bootstrap) is smaller, with an "
                   "interval of the difference that excludes 0; the verdict names the "
                   "measures that decided it. The signed first-player advantage, the tie rate, "
                   "the absolute score spread (it grows with the score level) and the mean "
                   "score are shown but not judged.")
    s.tables.append(TableOut("side_differences", "The two sides compared, paired on the same "
                             "seeds", diffs, "One row per player count and balance figure: "
                             "each side's value, province minus archipelago with its 95% "
                             "interval and how it was computed, and the side found more "
                             "balanced (empty: no clear difference, or not judged)."))
    s.tables.append(TableOut("side_verdicts", "Which side is more balanced, per player count",
                             verdicts))
    panels = [(f, lab.split(" (")[0] + ("" if judged else " (not judged)"))
              for f, lab, _, judged in SIDE_FIGURES]
    fig = F.side_difference_panels(diffs, panels,
                                   SIDE_UNITS, "Province minus archipelago, paired on the "
                                               "same seeds (95% CI)")
    s.figures.append(render(fig, "sides_differences", "The two sides compared",
                            "Each balance figure on the province minus the same on the "
                            "archipelago, per player count, with its 95% interval (paired over "
                            "the same games; seat gap, adventurer spread, size of the "
                            "first-player advantage and relative score spread by a bootstrap "
                            "over blocks of games). Coloured by the side found more balanced on "
                            "it (purple province, green archipelago); grey: no clear difference "
                            "or not judged (signed first-player advantage, tie rate, absolute "
                            "score spread, mean score)."))
    for _, v in verdicts.iterrows():
        n = int(v["n_players"])
        s.headlines.append(f"{n} players ({int(v['games']):,} paired games): {v['verdict']}.")
        d = diffs[(diffs["n_players"] == n) & (diffs["province_variant"] == v["province_variant"])]
        s.findings.append(f"{n} players, province vs archipelago: " +
                          "; ".join(_diff_text(r) for _, r in d.iterrows()) + ".")
    s.findings = s.headlines + s.findings


def sides(ref: A.Run) -> Section:
    s = Section("sides", "Board sides")
    t = T.sides(ref)
    s.tables.append(TableOut("sides", "Board sides by player count", t))
    present = set(t["side"])
    if present != {"province", "archipelago"}:
        s.intro.append(f"Only the {', '.join(sorted(present))} side is in this run; the side "
                       f"by side comparison needs both sides (a scenario with variants "
                       f"`side: province` and `side: archipelago` at the same player count, "
                       f"e.g. scenarios/sides-compare.yaml).")
    else:
        _paired_sides(s, ref)
    players = A.score_histogram(ref)
    fig = F.score_distributions(players, "Final score distribution by player count and side")
    s.figures.append(render(fig, "sides_scores", "Score distributions",
                            "Distribution of players' final scores (bursts) for each player "
                            "count, one line per board side, normalised so both sides compare "
                            "regardless of game counts."))
    fig = F.side_by_side_metrics(t, SIDE_METRICS, "Board sides compared (95% CI where shown)")
    s.figures.append(render(fig, "sides_metrics", "Side metrics",
                            "Mean final score, win margin, journey share of the score and the "
                            "share of score variance between games, per player count, the two "
                            "sides side by side."))
    fig = F.side_by_side_metrics(t, SPREAD_METRICS, "Spread between adventurers, seats and games")
    s.figures.append(render(fig, "sides_spread", "Spread",
                            "Highest minus lowest adventurer win rate, highest minus lowest seat "
                            "win rate, and game-to-game SD of the winning score, per player "
                            "count and side (point estimates; each side's seat gap and "
                            "adventurer spread with its 95% interval, and the paired "
                            "differences, are in tables/side_differences.csv)."))
    parts = T.score_parts(ref)
    fig = F.score_parts_bars(parts, "Where the final score comes from")
    s.figures.append(render(fig, "sides_score_parts", "Score parts",
                            "Mean final score per player split into its parts (score track "
                            "during play, printed card bursts, journey, firefly bonus, "
                            "footprints; in Dawn games the butterfly tokens, D15, when they "
                            "score), per player count and side."))
    for n in sorted(t["n_players"].unique()):
        d = t[t["n_players"] == n].set_index("side")
        if {"province", "archipelago"} <= set(d.index):
            p, a = d.loc["province"], d.loc["archipelago"]
            s.findings.append(f"{int(n)} players: mean score province {p['score']:.1f} vs "
                              f"archipelago {a['score']:.1f} bursts; journey share "
                              f"{_pct(p['journey_share'])} vs {_pct(a['journey_share'])}; "
                              f"margin {p['margin']:.1f} vs {a['margin']:.1f} bursts.")
    if not s.headlines:
        s.headlines = s.findings[:3]   # one line per player count
    return s


# ---- balance ----

BALANCE_METRICS = [("seat_gap", "largest seat gap (% points)", True),
                   ("first_player_advantage", "first-player advantage (% points)", True),
                   ("tie_rate", "tie rate (% of games)", True),
                   ("score_spread", "score spread (bursts)", False)]


def balance(ref: A.Run) -> Section:
    s = Section("balance", "Game balance")
    seats = T.seats(ref)
    b = T.balance(ref)
    s.tables.append(TableOut("balance", "Balance figures per player count and side", b))
    s.tables.append(TableOut("seats", "Win rate per seat", seats))
    fig = F.seat_bars(seats, "Win rate by seat (position in the first round's turn order)")
    s.figures.append(render(fig, "balance_seats", "Seat win rates",
                            "Win rate of each seat (1 = first player of the first round) with "
                            "95% Wilson intervals; the dashed line is the fair share 1/n."))
    fig = F.side_by_side_metrics(b, BALANCE_METRICS, "Balance figures (95% CI)")
    s.figures.append(render(fig, "balance_metrics", "Balance figures",
                            "Largest win-rate gap between seats, first player's win rate minus "
                            "1/n, share of games with a tied top score, and mean highest-minus-"
                            "lowest score, per player count and side."))
    head = headline_slice(list(zip(b["n_players"], b["side"])), A.slice_counts(ref)) \
        if len(b) else None
    for _, r in b.iterrows():
        s.findings.append(
            f"{F.slice_label(r['n_players'], r['side'])}: first-player advantage "
            f"{r['first_player_advantage'] * 100:+.1f} points "
            f"({r['first_player_advantage_low'] * 100:+.1f} to "
            f"{r['first_player_advantage_high'] * 100:+.1f}), seat gap "
            f"{r['seat_gap'] * 100:.1f} points, tie rate {_pct(r['tie_rate'])}.")
        if (r["n_players"], r["side"]) == head:
            s.headlines.append(s.findings[-1])
    if len(b) > 2:
        fpa = b.set_index(b["n_players"].astype(int).astype(str) + "p " + b["side"])
        lo, hi = fpa["first_player_advantage"].idxmin(), fpa["first_player_advantage"].idxmax()
        gap = fpa["seat_gap"].idxmax()
        s.headlines.append(
            f"Over {len(b)} player-count/side slices the first-player advantage runs from "
            f"{fpa.loc[lo, 'first_player_advantage'] * 100:+.1f} points ({lo}) to "
            f"{fpa.loc[hi, 'first_player_advantage'] * 100:+.1f} ({hi}); the largest seat gap is "
            f"{fpa.loc[gap, 'seat_gap'] * 100:.1f} points ({gap}); tie rates "
            f"{_pct(fpa['tie_rate'].min())} to {_pct(fpa['tie_rate'].max())}.")
    return s


# ---- sweeps ----

def sweeps(run: A.Run, names: dict, adv_names: dict, skip=()) -> Section:
    """The sweeps of card fields read from their observational metric (win rate when
    recruited, an adventurer's win rate, the mean score) and where a line through them meets
    the field average.  ``skip``: fields answered by their pick value
    (glowsim/report/sweepreport.py), which get no second, observational crossing."""
    s = Section("sweeps", "Sweeps")
    if not [w for w in card_sweeps(run) if w.field not in set(skip)]:
        s.missing = ("not in this run: it needs a scenario with a `sweep` over a card field "
                     "(e.g. `content.companions.A11.bursts` over 2..10), played on the same "
                     "seeds.")
        return s
    pts = T.sweep_points(run, skip)
    if pts.empty or pts.groupby(["field", "group"])["value"].nunique().max() < 2:
        s.missing = ("not in this run: a sweep needs two values or more of a card field "
                     "played on the same seeds (this run holds one).")
        return s
    s.intro.append("Observational: a swept card's win rate when recruited moves with the card "
                   "and with how often and when the bots take it; a sweep with forked recruit "
                   "picks (`counterfactual`) answers with the card's pick value instead.")
    cross = T.sweep_crossings(run, pts)
    s.tables.append(TableOut("sweep_points", "Sweep: each swept value", pts))
    s.tables.append(TableOut("sweep_crossings", "Where each sweep meets the field average", cross))
    for i, ((fld, group, subject, kind, metric), g) in enumerate(
            pts.groupby(["field", "group", "subject", "kind", "metric"], sort=False)):
        c = cross[(cross["field"] == fld) & (cross["group"] == group) &
                  (cross["metric"] == metric)]
        c = c.iloc[0].to_dict() if len(c) else None
        who = (card_name(kind, subject, (names if kind == "companion" else adv_names).get(subject))
               if kind in ("companion", "adventurer") else "all players")
        ylabel = {"win_rate_recruited": "win rate when recruited (% of games, 95% CI)",
                  "win_rate": "win rate (% of games, 95% CI)",
                  "score": "mean final score (bursts, 95% CI)"}[metric]
        short = fld.split(".")[-1]
        mname = {"win_rate_recruited": "win rate when recruited", "win_rate": "win rate",
                 "score": "mean final score"}[metric]
        where = f" ({group})" if group else ""
        fig = F.sweep_plot(g, c, f"{who}: {mname} against swept {short}{where}",
                           f"{short} ({fld})", ylabel, metric != "score",
                           published_value(fld))
        cap = (f"{who}'s {mname} for each swept value of {fld}{where}, with 95% "
               f"intervals; the dashed line is the field average")
        if c and not np.isnan(c["crossing"]):
            cap += (f", and the vertical line marks {c['crossing']:.1f}, where a line fitted "
                    f"through the swept values reaches it (shaded: its 95% interval, where bounded)."
                    if c["in_range"] else
                    f"; the fitted line reaches it only at {c['crossing']:.1f}, outside the "
                    f"swept range.")
            ci = ("interval unbounded: the slope is not clearly non-zero"
                  if np.isnan(c["crossing_low"]) else
                  f"95% CI {c['crossing_low']:.1f} to {c['crossing_high']:.1f}")
            s.findings.append(f"{who}{where}: {short} of about {c['crossing']:.1f} ({ci}) would "
                              f"bring it to the field average"
                              + ("" if c["in_range"] else " (extrapolated)") + ".")
        else:
            cap += "."
        s.figures.append(render(fig, f"sweep_{i}", f"Sweep of {fld}", cap))
    return s


# ---- Dawn's sets ----

def _set_line(rows: pd.DataFrame) -> str:
    """One comparison (a variant against a baseline): each metric's paired difference and
    interval, and what the sample supports."""
    r0 = rows.iloc[0]
    parts, shown = [], []
    for _, r in rows.iterrows():
        pct = r["metric"] == "first_win"
        k = 100 if pct else 1
        unit = " points" if pct else ""
        parts.append(f"{DS.METRIC_NAMES[r['metric']]} {r['diff'] * k:+.1f}{unit} "
                     f"({r['diff_low'] * k:+.1f} to {r['diff_high'] * k:+.1f})")
        if r["diff_low"] > 0 or r["diff_high"] < 0:
            shown.append(f"{DS.METRIC_NAMES[r['metric']]} {'up' if r['diff'] > 0 else 'down'}")
    verdict = ("the intervals show: " + ", ".join(shown) if shown
               else "no difference shown at this sample")
    return (f"{F.slice_label(r0['n_players'], r0['side'])}, {html.escape(str(r0['game']))} "
            f"against {html.escape(str(r0['baseline_game']))} ({int(r0['pairs'])} paired games): "
            + "; ".join(parts) + f"; {verdict}.")


def dawn_sets(run: A.Run) -> Section | None:
    """What Dawn and each choice of its sets change (D1), paired on common seeds; None when no
    variant of the run plays Dawn."""
    if not DS.plays_dawn(run):
        return None
    s = Section("dawn_sets", "Dawn's sets")
    t = T.dawn_sets(run)
    s.intro.append("Each variant that plays Dawn against the variant that plays the base game and, "
                   "when it chooses sets, against Dawn without a set chosen, at its player count "
                   "and side, game by game on the same seeds: differences of the players' mean "
                   "score, of the winning margin and of the first player's win share, each with "
                   "its paired 95% interval. At 5 and 6 players the sets not chosen are drawn per "
                   "game up to the count the table needs (D1; the games table's dawn_sets names "
                   "them).")
    s.tables.append(TableOut("dawn_sets", "Dawn's sets: paired differences", t, shown=True))
    if t.empty:
        s.missing = ("no Dawn variant has a baseline at its player count and side: add a variant "
                     "with `dawn: null` (the base game) or `dawn: {sets: []}` at the same players, "
                     "as in scenarios/dawn-sets.yaml")
        return s
    fig = F.set_difference_panels(
        t, [(m, DS.METRIC_NAMES[m], m == "first_win") for m in DS.METRIC_NAMES],
        "Dawn and its sets against their baselines, paired on the same seeds (95% CI)")
    s.figures.append(render(fig, "dawn_sets", "Dawn's sets compared",
                            "Each Dawn variant minus its baseline (the base game, or Dawn without "
                            "a set chosen) at the same player count and side, game by game on "
                            "the same seeds, with its paired 95% interval: the players' mean "
                            "score and the winning margin in bursts, the first player's win "
                            "share in percentage points. Green: the whole interval above 0; "
                            "red: below; grey: no difference shown at this sample."))
    for _, rows in t.groupby(["n_players", "side", "variant", "baseline"], sort=False):
        s.findings.append(_set_line(rows))
    return s
