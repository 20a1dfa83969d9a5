"""The rebalance report section: proposed edits, why, before/after with intervals, and the
verification on fresh seeds; written as a self-contained HTML page and as markdown by the
report's page builders (glowsim/report/html.py, summary.py).

Tables (``tables/*.csv`` hold the raw numbers, the page shows them rounded):

* ``rebalance_edits``  one row per edited number: the card, the field, the value
  before and after, the card's metric and deviation from the field before and
  after on the search games and on the verification games, with 95% intervals,
  and the paired change on the verification games.
* ``rebalance_cards``  every card on the verification games, before and after.
* ``rebalance_search`` every proposal the search played, accepted or not, and why.
"""
from __future__ import annotations

import html
import math
from dataclasses import dataclass
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from ..content.describe import card_name  # noqa: E402
from ..report.html import build_html  # noqa: E402
from ..report.sections import FigureOut, Section, TableOut, render  # noqa: E402
from ..report.summary import build_summary  # noqa: E402
from .rebalancer import Rebalance  # noqa: E402
from .edits import FIELDS  # noqa: E402
from .evaluate import content_for  # noqa: E402
from .metrics import (MIN_GAMES, STATUS_ABOVE, STATUS_BELOW, STATUS_FEW, STATUS_UNCLEAR,  # noqa: E402
                      STATUS_WITHIN)

BEFORE_C, AFTER_C, EDITED_C, BAND_C, OUT_C = "#9aa3ad", "#1f6fb2", "#d35400", "#e6f2e6", "#b00020"
METRIC = {"companion": "improvement when recruited", "adventurer": "win rate"}
STATUS_TEXT = {STATUS_ABOVE: "too strong", STATUS_BELOW: "too weak", STATUS_WITHIN: "within",
               STATUS_UNCLEAR: "not significantly out", STATUS_FEW: "too few games"}


def pts(x, sign=True) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "n/a"
    v = round(100 * float(x), 1) + 0.0      # + 0.0: no "-0.0"
    return f"{v:+.1f}" if sign else f"{v:.1f}"


def with_ci(est, low, high, sign=True, unit="") -> str:
    if est is None or math.isnan(est):
        return "n/a"
    if low is None or math.isnan(low):
        return f"{pts(est, sign)}{unit}"
    return f"{pts(est, sign)}{unit} ({pts(low, sign)} to {pts(high, sign)})"


def metric_ci(kind, est, low, high, compact: bool = False) -> str:
    """A card's metric as the report prints it: improvement in signed points, win rate in %,
    then the 95% interval ('compact': the bare interval, for table cells)."""
    if est is None or math.isnan(est):
        return "n/a"
    adv = kind == "adventurer"
    e = f"{pts(est, False)}%" if adv else f"{pts(est)} pts"
    if low is None or math.isnan(low):
        return e
    if compact:
        e = f"{pts(est, False)}%" if adv else pts(est)
        return f"{e} ({pts(low, not adv)} to {pts(high, not adv)})"
    lo, hi = (f"{pts(low, False)}%", f"{pts(high, False)}%") if adv else (pts(low), pts(high))
    return f"{e} (95% CI {lo} to {hi})"


def scenario_names(res: Rebalance) -> dict:
    """{(kind, id): name} of the cards of the rebalanced scenario's content."""
    c = content_for(res.run, None).content
    out = {("companion", k): v.name for k, v in c.companions.items()}
    out.update({("adventurer", k): v.name for k, v in c.adventurers.items()})
    return out


def _stats_cols(prefix, st, T, i) -> dict:
    s = st.status(T)[i]
    return {f"{prefix}_metric": st.est[i], f"{prefix}_metric_low": st.est_low[i],
            f"{prefix}_metric_high": st.est_high[i], f"{prefix}_dev": st.dev[i],
            f"{prefix}_dev_low": st.dev_low[i], f"{prefix}_dev_high": st.dev_high[i],
            f"{prefix}_status": s, f"{prefix}_n": int(st.n[i])}


def cards_frame(res: Rebalance) -> pd.DataFrame:
    """Every card: before/after on the search games and on the verification games."""
    sr, ver, T = res.search, res.verification, res.options.tolerance
    names = scenario_names(res)
    edited = {}
    for e in sr.edits:
        edited.setdefault(e.card, []).append(e)
    rows = []
    for i, k in enumerate(sr.start.keys):
        row = {"kind": k.kind, "card": k.id, "name": names.get((k.kind, k.id), ""),
               "metric": METRIC[k.kind], "field_average": sr.start.field[i],
               "edit": "; ".join(f"{FIELDS[e.field][0]} {e.old} → {e.new}" for e in edited.get(k, [])),
               "edited": k in edited}
        row.update(_stats_cols("search_before", sr.start, T, i))
        row.update(_stats_cols("search_after", sr.final, T, i))
        if ver is not None:
            row.update(_stats_cols("verify_before", ver.before, T, i))
            row.update(_stats_cols("verify_after", ver.after, T, i))
            p = ver.paired
            row.update(verify_change=p.change[i], verify_change_low=p.change_low[i],
                       verify_change_high=p.change_high[i])
        row["not_fixed"] = sr.not_fixed_category.get(k, "")
        row["not_fixed_why"] = sr.not_fixed.get(k, "")
        rows.append(row)
    return pd.DataFrame(rows)


def edits_frame(res: Rebalance, cards: pd.DataFrame) -> pd.DataFrame:
    rows = []
    by = {(r["kind"], r["card"]): r for r in cards.to_dict("records")}
    for e in res.search.edits:
        r = dict(by[(e.card.kind, e.card.id)])
        r.update(field=e.field, field_label=FIELDS[e.field][0], before=e.old, after=e.new)
        rows.append(r)
    first = ["kind", "card", "name", "field", "field_label", "before", "after", "metric"]
    df = pd.DataFrame(rows)
    if df.empty:
        return pd.DataFrame(columns=first)
    return df[first + [c for c in df.columns if c not in first]]


def search_frame(res: Rebalance) -> pd.DataFrame:
    return pd.DataFrame(res.search.log, columns=[
        "round", "evaluation", "kind", "card", "field", "field_label", "old", "new",
        "dev_before", "predicted", "dev_after", "dev_after_low", "dev_after_high", "gain",
        "gain_low", "gain_high", "decision", "reason", "cause"])


# ---- figures ----

def deviation_figure(d: pd.DataFrame, T: float, title: str, xlabel: str):
    """Each card's deviation from the field before (grey) and after (blue) the edits on the
    verification games, 95% intervals, tolerance band shaded; edited cards named in orange."""
    d = d.dropna(subset=["verify_before_dev"]).sort_values("verify_before_dev")
    n = len(d)
    height = max(2.8, 0.27 * n + 1.9)
    fig, ax = plt.subplots(figsize=(9.6, height))
    fig.subplots_adjust(left=3.0 / 9.6, right=1 - 1.05 / 9.6, top=1 - 0.5 / height,
                        bottom=1.0 / height)
    y = np.arange(n)
    ax.axvspan(-100 * T, 100 * T, color=BAND_C, zorder=0)
    ax.axvline(0, color="0.35", lw=0.8, zorder=1)
    for col, color, off, lab in (("verify_before", BEFORE_C, 0.17, "scenario content"),
                                 ("verify_after", AFTER_C, -0.17, "with the proposed edits")):
        x = 100 * d[f"{col}_dev"].to_numpy(float)
        lo = np.clip(x - 100 * d[f"{col}_dev_low"].to_numpy(float), 0, None)
        hi = np.clip(100 * d[f"{col}_dev_high"].to_numpy(float) - x, 0, None)
        ax.errorbar(x, y + off, xerr=[np.nan_to_num(lo), np.nan_to_num(hi)], fmt="o", ms=3.5,
                    color=color, lw=1.1, capsize=1.5, label=lab, zorder=3)
    for yy, ed, b, a in zip(y, d["edited"], d["verify_before_dev"], d["verify_after_dev"]):
        if ed and not (math.isnan(a) or math.isnan(b)):
            ax.annotate("", xy=(100 * a, yy - 0.17), xytext=(100 * b, yy + 0.17), zorder=2,
                        arrowprops=dict(arrowstyle="->", color=EDITED_C, lw=1.2, alpha=0.8))
    labels = [card_name(k, c, nm) + (f"   [{ed}]" if ed else "")
              for k, c, nm, ed in zip(d["kind"], d["card"], d["name"], d["edit"])]
    ax.set_yticks(y, labels, fontsize=7.5)
    for tick, ed in zip(ax.get_yticklabels(), d["edited"]):
        if ed:
            tick.set_color(EDITED_C)
            tick.set_fontweight("bold")
    # what the search judges by: significantly beyond ±T for all cards at once (the
    # intervals drawn are per card, so a card outside the band is not necessarily "out")
    from matplotlib.transforms import blended_transform_factory
    tr = blended_transform_factory(ax.transAxes, ax.transData)
    marks = 0
    for yy, sb, sa in zip(y, d["verify_before_status"], d["verify_after_status"]):
        was, now = sb in (STATUS_ABOVE, STATUS_BELOW), sa in (STATUS_ABOVE, STATUS_BELOW)
        if now or was:
            txt = ("still out" if was else "newly out") if now else "no longer out"
            ax.text(1.015, yy, txt, transform=tr, fontsize=7, va="center",
                    color=OUT_C if now else "0.25", fontweight="bold" if now else "normal")
            marks += 1
    ax.text(1.015, n - 0.3, "significantly out\n(all cards at once)" if marks else
            "none significantly\nout, before or after", transform=tr, fontsize=7, va="bottom",
            color="0.3")
    ax.set_ylim(-0.7, n - 0.3)
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=10, loc="left")
    ax.grid(axis="x", alpha=0.3)
    from matplotlib.patches import Patch
    handles, _ = ax.get_legend_handles_labels()
    handles.append(Patch(color=BAND_C, label=f"tolerance ±{100 * T:g} points"))
    fig.legend(handles=handles, fontsize=7.5, loc="lower center", ncol=3, frameon=False)
    return fig


def trace_figure(res: Rebalance):
    """Cards significantly out of tolerance, and the total deviation beyond ±T, after each
    candidate play (search games)."""
    t = pd.DataFrame(res.search.trace)
    T = res.options.tolerance
    fig, axes = plt.subplots(1, 2, figsize=(9, 2.9))
    fig.subplots_adjust(left=0.07, right=0.98, top=0.83, bottom=0.19, wspace=0.28)
    ax = axes[0]
    ax.step(t["evaluations"], t["out"], where="post", color=EDITED_C, marker="o", ms=3)
    ax.set_ylabel("cards")
    ax.set_title("Cards significantly out of ±" + f"{100 * T:g} points", fontsize=9)
    ax.set_ylim(bottom=0)
    ax = axes[1]
    ax.step(t["evaluations"], 100 * t["excess"], where="post", color=AFTER_C, marker="s", ms=3)
    ax.set_ylabel("points")
    ax.set_title(f"Total deviation beyond ±{100 * T:g} points, all cards", fontsize=9)
    ax.set_ylim(bottom=0)
    for ax in axes:
        ax.set_xlabel("candidate plays spent")
        ax.xaxis.get_major_locator().set_params(integer=True)
        ax.grid(alpha=0.3)
    fig.suptitle("Search progress (search games, after each candidate play)", fontsize=10)
    return fig


# ---- the section ----

def _setting(res: Rebalance) -> str:
    r = res.run
    bots = sorted({s.label or s.bot for s in r.seats})
    advs = sorted({s.adventurer for s in r.seats})
    return (f"{r.players} players, {r.side}, {r.engine} engine, bots {', '.join(bots)}, "
            f"adventurers {', '.join(advs)}")


EDITS_NOTE = ("Cells: metric (95% interval); improvement and changes in percentage points, win "
              "rates in %. 'Search games: before' is the scenario's content at the start of the "
              "search, 'why' the card when it was edited (after earlier edits). Raw numbers: "
              "tables/rebalance_edits.csv; the patch: patch.yaml.")


def build_section(res: Rebalance, cards: pd.DataFrame, edits: pd.DataFrame) -> Section:
    sr, ver, o = res.search, res.verification, res.options
    T = o.tolerance
    s = Section("rebalance", "Rebalance: proposed edits")
    s.intro.append(
        f"Scenario <b>{html.escape(res.name)}</b> ({html.escape(_setting(res))}). The search "
        f"changes printed bursts and effect amounts (the numbers a reprint can change) so that "
        f"every companion's <i>improvement when recruited</i> and every adventurer's <i>win "
        f"rate</i> lie within ±{100 * T:g} points of the field average: for companions the "
        f"improvement pooled over all recruits ({pts(sr.start.field[0])} points), for "
        f"adventurers 1/n = {100 / res.run.players:.1f}%.")
    s.intro.append(
        f"Search: {o.games:,} games per play, seed {o.seed}; every candidate is played on the "
        f"same games as the current content (common random numbers) and kept only when its "
        f"card moves closer to the field by more than the noise (paired 95% interval above 0) "
        f"without pushing another card out. {sr.evaluations} of {o.budget} candidate plays "
        f"spent ({sr.plays} plays with the baseline), {sr.seconds:.0f} s; stopped: "
        f"{html.escape(sr.stop_reason)}.")
    if ver is not None:
        s.intro.append(
            f"Verification: the scenario's content and the edited content on {ver.games:,} "
            f"<b>fresh</b> games (seed {ver.seed}, never seen by the search), each on the same "
            f"games as the other; the figures and the 'fresh games' columns come from this run.")
    z = sr.start.z_simultaneous()
    m = int(sr.start.judged().sum())
    s.intro.append(
        f"How to read: a card is <i>too strong</i> / <i>too weak</i> when its deviation lies "
        f"beyond ±{100 * T:g} points with 95% confidence for all {m} cards at once (each "
        f"interval widened to ±{z:.2f} standard errors, Bonferroni: with this many cards, "
        f"plain 95% intervals would flag a balanced card or two by chance); <i>within</i> when "
        f"that interval lies inside ±{100 * T:g}; <i>not significantly out</i> when it "
        f"straddles the line (more games would decide; the search leaves such cards alone). "
        f"Figures and tables show the usual per-card 95% intervals. Points are percentage "
        f"points of win share.")
    s.findings += findings(res, cards, edits)
    for kind, title in (("companion", "Companions: improvement when recruited, minus the field"),
                        ("adventurer", "Adventurers: win rate minus 1/n")):
        d = cards[cards["kind"] == kind]
        if d.empty or ver is None:
            continue
        fig = deviation_figure(d, T, title + " (fresh games)",
                               "deviation from the field average (points, 95% CI)")
        s.figures.append(render(fig, f"rebalance_{kind}s", title,
                                f"Each {kind}'s {METRIC[kind]} minus the field average on the "
                                f"{ver.games:,} verification games: grey = the scenario's "
                                f"content, blue = with the proposed edits (same games); green "
                                f"band = ±{100 * T:g} points; cards in orange are edited (the "
                                f"edit in brackets, the arrow from before to after); the others "
                                f"move only through the edited cards. Sorted by the deviation "
                                f"before, strongest at the top. Bars are each card's own 95% "
                                f"interval; the right column says whether the card is "
                                f"significantly out of ±{100 * T:g} for all cards at once "
                                f"(Bonferroni, the search's rule) with the edits: a card whose "
                                f"dot lies outside the band but has no mark is not "
                                f"significantly out (more games would decide)."))
    if len(sr.trace) > 2:
        s.figures.append(render(trace_figure(res), "rebalance_search", "Search progress",
                                "Left: cards significantly out of tolerance for all cards at "
                                "once (the search's targets). Right: the sum over all cards of "
                                "each card's distance beyond the band (0 for a card inside), "
                                "point estimates. Both on the search games, after each "
                                "candidate play; flat steps are rejected candidates. A count "
                                "can rise after a kept edit: fixing a strong card shifts wins "
                                "to the others, and a card just inside the line before can "
                                "cross it."))
    s.tables.append(TableOut("rebalance_edits", "Proposed edits",
                             edits_display(edits, ver is not None, _why_edited(res)), EDITS_NOTE,
                             shown=True))
    s.tables.append(TableOut("rebalance_cards", "Every card before and after", _cards_display(cards),
                             "fresh games; raw numbers in the CSV"))
    s.tables.append(TableOut("rebalance_search", "Every candidate played", _search_display(res),
                             "search games; raw numbers in the CSV"))
    return s


def findings(res: Rebalance, cards: pd.DataFrame, edits: pd.DataFrame) -> list[str]:
    sr, ver, T = res.search, res.verification, res.options.tolerance
    out = []
    before_out = int(cards["search_before_status"].isin([STATUS_ABOVE, STATUS_BELOW]).sum())
    n_cards = len({(e.card.kind, e.card.id) for e in sr.edits})
    after_out = int(cards["search_after_status"].isin([STATUS_ABOVE, STATUS_BELOW]).sum())
    if sr.edits:
        out.append(f"{len(sr.edits)} number(s) changed on {n_cards} card(s); on the search games "
                   f"{before_out} card(s) were significantly out of ±{100 * T:g} points before, "
                   f"{after_out} after.")
    else:
        out.append(f"No edit proposed ({sr.stop_reason}); {before_out} card(s) were significantly "
                   f"out of ±{100 * T:g} points on the search games.")
    why = _why_edited(res)
    for r in edits.to_dict("records"):
        txt = (f"{card_name(r['kind'], r['card'], r['name'])}: {r['field_label']} "
               f"{r['before']} → {r['after']}")
        w = why.get((r["card"], r["field"]))
        txt += f" ({why_text(w)})." if w is not None else "."
        if ver is not None:
            txt += (f" Fresh games: {r['metric']} "
                    f"{metric_ci(r['kind'], r['verify_before_metric'], r['verify_before_metric_low'], r['verify_before_metric_high'])}"
                    f" → {metric_ci(r['kind'], r['verify_after_metric'], r['verify_after_metric_low'], r['verify_after_metric_high'])}.")
            if r["verify_after_status"] in (STATUS_ABOVE, STATUS_BELOW):
                txt += f" Still {STATUS_TEXT[r['verify_after_status']]} there."
            if w is not None and np.sign(w) * r["verify_before_dev"] <= T:
                txt += (f" The fresh games do not confirm that it was "
                        f"{'too strong' if w > 0 else 'too weak'} before the edit (deviation "
                        f"{with_ci(r['verify_before_dev'], r['verify_before_dev_low'], r['verify_before_dev_high'])}"
                        f" points): on the search games it may have looked out by chance or "
                        f"through earlier edits.")
        else:
            txt += (f" Search games: {r['metric']} "
                    f"{metric_ci(r['kind'], r['search_before_metric'], r['search_before_metric_low'], r['search_before_metric_high'])}"
                    f" → {metric_ci(r['kind'], r['search_after_metric'], r['search_after_metric_low'], r['search_after_metric_high'])}.")
        out.append(txt)
    if ver is not None:
        b = cards["verify_before_status"].isin([STATUS_ABOVE, STATUS_BELOW])
        a = cards["verify_after_status"].isin([STATUS_ABOVE, STATUS_BELOW])
        worse = cards[a & ~b]
        out.append(f"Fresh games: {int(b.sum())} card(s) significantly out of tolerance with the "
                   f"scenario's content, {int(a.sum())} with the edits"
                   + (f"; newly out: {', '.join(worse['card'])}" if len(worse) else "") + ".")
    names = scenario_names(res)
    few = [i for i, k in enumerate(sr.start.keys) if not sr.start.judged()[i]]
    if few:
        out.append(f"Not judged (recruited or played in fewer than {MIN_GAMES} player-games on the "
                   f"search games, so the metric says nothing; never edited): "
                   + ", ".join(f"{card_name(sr.start.keys[i].kind, sr.start.keys[i].id, names.get((sr.start.keys[i].kind, sr.start.keys[i].id), ''))}"
                               f" ({int(sr.start.n[i])})" for i in few) + ".")
    by_cat: dict = {}
    for k in sr.not_fixed:
        by_cat.setdefault(sr.not_fixed_category.get(k, "not fixed"), []).append(k)
    for cat, keys in by_cat.items():
        cards_txt = "; ".join(f"{card_name(k.kind, k.id, names.get((k.kind, k.id), ''))} "
                              f"({sr.not_fixed[k]})" for k in keys)
        out.append(f"Still out of tolerance on the search games, {cat}: {cards_txt}.")
    return out


def _cards_display(cards: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for r in cards.to_dict("records"):
        if "verify_before_dev" not in r:
            continue
        rows.append({
            "card": card_name(r["kind"], r["card"], r["name"]), "metric": r["metric"],
            "edit": r["edit"],
            "before": metric_ci(r["kind"], r["verify_before_metric"], r["verify_before_metric_low"], r["verify_before_metric_high"]),
            "deviation before": with_ci(r["verify_before_dev"], r["verify_before_dev_low"], r["verify_before_dev_high"]),
            "status before": STATUS_TEXT[r["verify_before_status"]],
            "after": metric_ci(r["kind"], r["verify_after_metric"], r["verify_after_metric_low"], r["verify_after_metric_high"]),
            "deviation after": with_ci(r["verify_after_dev"], r["verify_after_dev_low"], r["verify_after_dev_high"]),
            "status after": STATUS_TEXT[r["verify_after_status"]],
            "paired change": with_ci(r["verify_change"], r["verify_change_low"], r["verify_change_high"], unit=" pts"),
        })
    return pd.DataFrame(rows)


def _why_edited(res: Rebalance) -> dict:
    """(card, field) -> the card's deviation on the search games when the number was first
    changed (after any earlier edits): why the search changed it."""
    out = {}
    for e in res.search.log:
        key = (e["card"], e["field"])
        if e["decision"] == "accepted" and key not in out:
            out[key] = e["dev_before"]
    return out


def why_text(dev: float, short: bool = False) -> str:
    word = "too strong" if dev > 0 else "too weak"
    if short:
        return f"{word}: {pts(dev)} pts"
    return f"{word}: {pts(dev)} points from the field on the search games when edited"


def edits_display(edits: pd.DataFrame, verified: bool, why: dict | None = None) -> pd.DataFrame:
    rows = []
    why = why or {}
    for r in edits.to_dict("records"):
        row = {"card": card_name(r["kind"], r["card"], r["name"]), "what changes": r["field_label"],
               "printed": r["before"], "proposed": r["after"],
               "why (when edited)": why_text(why[(r["card"], r["field"])], short=True)
               if (r["card"], r["field"]) in why else "", "metric": r["metric"],
               "search games: before": metric_ci(r["kind"], r["search_before_metric"], r["search_before_metric_low"], r["search_before_metric_high"], True),
               "search games: after": metric_ci(r["kind"], r["search_after_metric"], r["search_after_metric_low"], r["search_after_metric_high"], True)}
        if verified:
            row.update({
                "fresh games: before": metric_ci(r["kind"], r["verify_before_metric"], r["verify_before_metric_low"], r["verify_before_metric_high"], True),
                "fresh games: after": metric_ci(r["kind"], r["verify_after_metric"], r["verify_after_metric_low"], r["verify_after_metric_high"], True),
                "fresh games: paired change": with_ci(r["verify_change"], r["verify_change_low"], r["verify_change_high"]),
                "status after": STATUS_TEXT[r["verify_after_status"]]})
        rows.append(row)
    return pd.DataFrame(rows)


def _search_display(res: Rebalance) -> pd.DataFrame:
    rows = []
    for r in res.search.log:
        rows.append({"play": r["evaluation"], "card": r["card"], "what changes": r["field_label"],
                     "change": f"{r['old']} → {r['new']}",
                     "deviation before": pts(r["dev_before"]),
                     "predicted after": pts(r["predicted"]),
                     "measured after": with_ci(r["dev_after"], r["dev_after_low"], r["dev_after_high"]),
                     "gain": with_ci(r["gain"], r["gain_low"], r["gain_high"]),
                     "decision": r["decision"], "why": r["reason"]})
    return pd.DataFrame(rows)


# ---- pages ----

GLOSSARY = [
    ("improvement when recruited", "For each player who recruited the companion: their win "
     "share minus the average win share of the other players of that game, averaged. Field "
     "average: the same pooled over every companion recruited (about 0)."),
    ("win rate", "Mean win share of the players who played the adventurer; a shared win "
     "counts 1/k (E9). Field average 1/n."),
    ("deviation", "The card's metric minus its field average, in percentage points."),
    ("95% interval", "From the per-game linearisation of the ratio (delta method, games "
     "independent); paired intervals use the per-game differences between two contents played "
     "on the same games."),
    ("gain", "How much closer to the field a candidate brings its card: |deviation before| - "
     "|deviation after|, with its paired 95% interval; a candidate is kept only when the whole "
     "interval is above 0."),
    ("predicted after", "The deviation the search expected before playing the candidate: the "
     "played games re-scored with the new number (same moves, winners by E9), scaled by what "
     "earlier tries of the card measured. n/a: a first step on a number that cannot be "
     "re-scored (footprints, fireflies, rerolls)."),
    ("fresh games", "Games of another seed than the search's: estimates there are not tuned "
     "to the luck of the search games."),
]


@dataclass
class ReportFiles:
    out: Path
    html: Path
    markdown: Path
    figures: int
    tables: int


def write_report(res: Rebalance, out, generated: str = "") -> ReportFiles:
    """report.html, summary.md, figures/*.png and tables/*.csv of a rebalance."""
    out = Path(out)
    cards = cards_frame(res)
    edits = edits_frame(res, cards)
    s = build_section(res, cards, edits)
    (out / "figures").mkdir(parents=True, exist_ok=True)
    (out / "tables").mkdir(parents=True, exist_ok=True)
    for f in s.figures:
        (out / "figures" / f"{f.name}.png").write_bytes(f.png)
    edits.to_csv(out / "tables" / "rebalance_edits.csv", index=False)
    cards.to_csv(out / "tables" / "rebalance_cards.csv", index=False)
    search_frame(res).to_csv(out / "tables" / "rebalance_search.csv", index=False)
    title = f"glowsim rebalance: {res.name}"
    (out / "report.html").write_text(build_html(title, [s], generated, GLOSSARY), encoding="utf-8")
    (out / "summary.md").write_text(build_summary(title, [s], generated, GLOSSARY),
                                    encoding="utf-8")
    return ReportFiles(out, out / "report.html", out / "summary.md", len(s.figures), 3)


__all__ = ["FigureOut", "ReportFiles", "build_section", "cards_frame", "edits_frame",
           "write_report"]
