"""A sweep's report answers first: one section per swept card number (its pick value per
swept value, the crossing of 0 per player count with its interval and what it means for the
printed value), one figure per swept number, long-form tables with a column per swept field,
and no observational second crossing (glowsim/report/sweepreport.py, sweepvalues.py)."""
import re

import numpy as np
import pandas as pd
import pytest

from glowsim.report import write_report
from glowsim.report.sweepreport import answer_line

from report.sweep_synth import sweep_run

VALUES = (0, 2, 4, 6, 8)


@pytest.fixture(scope="module")
def swept(tmp_path_factory):
    d = tmp_path_factory.mktemp("sweep")
    run = sweep_run(d / "run", values=VALUES)
    return run, write_report(run, d / "rep")


def _glance(summary: str) -> list[str]:
    part = summary.split("## At a glance")[1].split("\n## ")[0]
    return [x for x in part.splitlines() if x.startswith("- ")]


def test_at_a_glance_opens_with_the_sweeps_answer(swept):
    _, rep = swept
    lines = _glance((rep.out / "summary.md").read_text())
    first = lines[0]
    assert first.startswith("- Sweep of A11 Briki bursts: 3 players, province: pick value "
                            "crosses 0 at bursts ")
    # one answer per player count, each with its interval and what it means for print 6
    for n in (3, 4):
        m = re.search(rf"{n} players, province: pick value crosses 0 at bursts ([0-9.]+) "
                      rf"\(95% CI ([0-9.]+) to ([0-9.]+)\): the printed 6 lies (above|below|inside)",
                      first)
        assert m, first
        x, lo, hi = map(float, m.groups()[:3])
        assert lo < x < hi and 2 < x < 6.5
        assert m.group(4) == "above" and "stronger than an average pick at print" in first
    # each section once: no block of sections per variant
    assert len(lines) <= 10
    assert not any("players=3" in x for x in lines)


def test_one_figure_per_swept_number_and_long_tables(swept):
    run, rep = swept
    figs = sorted(p.name for p in (rep.out / "figures").glob("*.png"))
    assert [f for f in figs if f.startswith("sweep")] == ["sweep_companions-a11-bursts.png"]
    assert not any(f.startswith(("cards_forest", "adventurers_forest", "sides_")) for f in figs)
    tables = sorted(p.stem for p in (rep.out / "tables").glob("*.csv"))
    assert not any("players" in t for t in tables)          # no file per variant
    assert "sweep_crossings" not in tables and "sweep_points" not in tables   # no 2nd answer
    pts = pd.read_csv(rep.out / "tables" / "sweep_pick_values.csv")
    assert list(pts.columns[:5]) == ["field", "subject", "n_players", "side",
                                     "companions.A11.bursts"]
    assert len(pts) == 2 * len(VALUES) and set(pts["n_players"]) == {3, 4}
    assert sorted(pts.loc[pts["n_players"] == 3, "companions.A11.bursts"]) == list(VALUES)
    cross = pd.read_csv(rep.out / "tables" / "sweep_pick_crossings.csv")
    assert list(cross["n_players"]) == [3, 4] and (cross["printed"] == 6).all()
    assert (cross["crossing_low"] < cross["crossing"]).all()
    cards = pd.read_csv(rep.out / "tables" / "cards.csv")
    assert {"variant", "n_players", "companions.A11.bursts", "win_rate_recruited"} <= set(cards)
    assert cards["variant"].nunique() == 2 * len(VALUES)
    for name in ("pick_values", "adventurers", "balance", "sides"):
        t = pd.read_csv(rep.out / "tables" / f"{name}.csv")
        assert "companions.A11.bursts" in t.columns and t["variant"].nunique() == 10, name


def test_sections_by_swept_value_not_by_variant(swept):
    _, rep = swept
    md = (rep.out / "summary.md").read_text()
    heads = re.findall(r"^## (.+)$", md, re.M)
    assert heads[:4] == ["Run", "At a glance", "Sweep of A11 Briki bursts",
                         "Companion strength per swept value"]
    assert not any("players=" in h for h in heads)
    assert "## Sweeps\n" not in md         # the observational crossing is not a second answer
    assert "sweep_crossings" not in md and "reaches the field average" not in md.split("## Glossary")[0]
    html = (rep.out / "report.html").read_text()
    assert "sweep_companions-a11-bursts" in html or "Sweep of content.companions.A11.bursts" in html


def _pts(values, est, half=1.0):
    return pd.DataFrame(dict(value=values, pick_value=est,
                             pick_value_lo=[y - half for y in est],
                             pick_value_hi=[y + half for y in est],
                             verdict=["unclear"] * len(values)))


def _cross(x, lo, hi, slope=1.5, sig=True):
    return dict(crossing=x, crossing_low=lo, crossing_high=hi, in_range=True, slope=slope,
                significant=sig, values_used="0, 1, 2, 3, 4", note="")


def test_answer_line_says_what_the_crossing_means_for_the_printed_value():
    pts = _pts([0, 1, 2, 3, 4], [-3.0, -1.5, 0.0, 1.5, 3.0])
    pts.loc[2, "verdict"] = "within"
    c = _cross(2.0, 1.6, 2.4)
    assert answer_line("3 players, province", "bursts", c, pts, None, 2.0, detail=False) == (
        "3 players, province: pick value crosses 0 at bursts 2.0 (95% CI 1.6 to 2.4): a new "
        "card (no printed value): the whole value nearest it is bursts 2, pick value there "
        "+0.0 points (95% CI -1.0 to +1.0), within ±2.")
    assert answer_line("X", "bursts", c, pts, 2, 2.0, detail=False).endswith(
        ": the printed 2 lies inside the interval: balanced at print (pick value there +0.0 "
        "points (95% CI -1.0 to +1.0), within ±2).")
    assert answer_line("X", "bursts", c, pts, 4, 2.0, detail=False).endswith(
        ": the printed 4 lies above it: stronger than an average pick at print (pick value "
        "there +3.0 points (95% CI +2.0 to +4.0), unclear against ±2); the whole value "
        "nearest it is bursts 2, pick value there +0.0 points (95% CI -1.0 to +1.0), within "
        "±2.")
    assert "the printed 0 lies below it: weaker than an average pick at print" in answer_line(
        "X", "bursts", c, pts, 0, 2.0)
    assert answer_line("X", "bursts", c, pts, 0, 2.0).startswith(
        "X: pick value crosses 0 at bursts 2.0 (95% CI 1.6 to 2.4; line through bursts "
        "0, 1, 2, 3, 4): ")
    flat = dict(_cross(np.nan, np.nan, np.nan, sig=False), note="the slope is not clear of 0")
    assert answer_line("X", "bursts", flat, pts, 4, 2.0) == (
        "X: no crossing of 0 is given: the slope is not clear of 0.")


def test_a_sweep_on_both_sides_compares_them_per_swept_value(tmp_path):
    run = sweep_run(tmp_path / "run", values=(0, 4, 8), players=(4,), games=40,
                    sides=("province", "archipelago"))
    rep = write_report(run, tmp_path / "rep")
    d = pd.read_csv(rep.out / "tables" / "side_differences.csv")
    assert sorted(set(d["companions.A11.bursts"])) == [0, 4, 8]
    assert set(d["province_variant"].str.split(" ").str[0]) == {"side=province"}
    md = (rep.out / "summary.md").read_text()
    assert re.search(r"^- Board sides per swept value: Which side is more balanced, over 3 "
                     r"paired settings of the swept fields: ", md, re.M)
    for b in (0, 4, 8):
        assert re.search(rf"^- 4 players, companions\.A11\.bursts {b}: ", md, re.M)
    first = _glance(md)[0]
    assert "4 players, province: pick value crosses 0" in first
    assert "4 players, archipelago: pick value crosses 0" in first


def test_each_table_of_a_sweep_is_its_table_function(swept):
    from report.test_tables_api import same_as_csv
    run, rep = swept
    seen = same_as_csv(run, rep)
    assert {"cards", "adventurers", "pick_values", "balance", "sides", "sweep_pick_values",
            "sweep_pick_crossings"} <= set(seen)


def test_one_variant_of_a_sweep_has_no_sweep_answer(swept, tmp_path):
    run, _ = swept
    rep = write_report(run, tmp_path / "one", variant="players=3 companions.A11.bursts=4")
    md = (rep.out / "summary.md").read_text()
    heads = re.findall(r"^## (.+)$", md, re.M)
    assert not any(h.startswith("Sweep of") for h in heads)
    assert "\n> not in this run: a sweep needs two values or more" in md
    assert "Sweeps" in next(x for x in _glance(md) if x.startswith("- Not in this run"))
