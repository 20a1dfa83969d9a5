"""A whole report of a run with a picks table: pick value leads, pick regret and the sweep's
pick value are there, the tables match glowsim.tables; without picks one line says how."""
import pandas as pd
import pytest

import glowsim
from glowsim.report import write_report
from glowsim.report.pickvalue import PICKS_HOWTO

from analysis.synth import random_run
from analysis.synth_picks import add_picks


@pytest.fixture(scope="module")
def picked(tmp_path_factory):
    d = tmp_path_factory.mktemp("picked")
    run = add_picks(random_run(d / "run", games=60, with_rerolls=False,
                               slices=((3, "province"), (4, "province"))))
    return run, write_report(run, d / "rep")


def test_pick_value_parts_are_written(picked):
    run, rep = picked
    figs = {p.stem for p in (rep.out / "figures").glob("*.png")}
    assert {"cards_pick_value_3p_province", "cards_pick_value_4p_province",
            "bot_pick_regret_3p_province", "bot_pick_regret_4p_province",
            "sweep_companions-a11-bursts"} <= figs
    tables = {p.stem for p in (rep.out / "tables").glob("*.csv")}
    assert {"pick_values", "pick_values_by_stage", "pick_regret", "sweep_pick_values",
            "sweep_pick_crossings"} <= tables
    html = (rep.out / "report.html").read_text()
    assert PICKS_HOWTO not in html
    # the companion section: pick value first, then the sentence on the observational rates
    sec = html.split("<h2 id='cards'>")[1].split("<h2")[0]
    assert sec.index("<b>Pick value</b>") < sec.index("The rates below are observational")
    assert sec.index("alt='Pick value, 3 players, province") < sec.index("alt='Companions ranked")
    summary = (rep.out / "summary.md").read_text()
    assert "pick value of 12 companions against ±2 points" in summary
    # what the mean of the pick values is, said where they are shown
    from glowsim.report.pickvalue import MEANS
    assert "weighted by the picks that offered each average exactly 0" in MEANS
    assert MEANS in sec
    finding = next(x for x in summary.splitlines()
                   if x.startswith("- 4 players, province (bots: heuristic), pick value of"))
    assert "their plain mean is " in finding
    assert "their mean weighted by the picks that offered each +0.0 (0 by construction)" in finding
    glossary = summary.split("## Glossary")[1] if "## Glossary" in summary else summary
    assert "pick values weighted by the picks that offered each card average exactly 0" in glossary
    # the bot ladder shows pick regret and says only that its duels are not in this run
    ladder = summary.split("## Bot ladder")[1].split("\n## ")[0]
    assert "loses" in ladder and "points of win share per pick at the draft" in ladder
    assert "Head-to-head duels: not in this run: it needs duels" in ladder
    assert "\n> not in this run" not in ladder
    assert "Bot ladder" not in rep.missing
    glance = summary.split("## At a glance")[1].split("\n## ")[0]
    assert "- Bot ladder: " in glance
    assert not any("Bot ladder" in x for x in glance.splitlines() if "Not in this run" in x)


def test_pick_tables_are_the_analysis_tables(picked):
    run, rep = picked
    got = pd.read_csv(rep.out / "tables" / "pick_values.csv")
    from glowsim.analysis import load_run
    from glowsim.analysis.picks import pick_values
    r = load_run(run)
    want = pick_values(r.subset(r.reference_variants()), by=["n_players", "side"])
    assert len(got) == len(want)
    m = got.merge(want, on=["n_players", "side", "companion"], suffixes=("", "_a"))
    assert len(m) == len(want)
    assert (m["value"] - m["value_a"]).abs().max() < 1e-9
    assert (m["verdict"] == m["verdict_a"]).all()
    sweep = pd.read_csv(rep.out / "tables" / "sweep_pick_values.csv")
    api = pd.read_csv(__import__("io").StringIO(
        glowsim.tables.sweep_pick_values(run).to_csv(index=False)))
    pd.testing.assert_frame_equal(sweep, api, check_exact=False, rtol=1e-12)
    assert list(sweep["companions.A11.bursts"]) == [2, 4, 6, 8, 10]
    assert (sweep["subject"] == "A11").all()


def test_without_picks_the_report_says_how_to_get_them(tmp_path):
    run = random_run(tmp_path / "run", games=30, with_rerolls=False, with_sweep=False,
                     slices=((4, "province"),))
    rep = write_report(run, tmp_path / "rep")
    html = (rep.out / "report.html").read_text()
    assert html.count("counterfactual: {decisions: recruit, sample: 1.0}") == 1
    assert "cards_pick_value" not in html and "Pick regret" not in html


def test_pick_values_compared_across_bots_on_real_games(tmp_path):
    """Self-play of two bots with forked picks: the rankings-by-bot section compares their
    pick values (rank correlation, verdict flips) beside the improvement comparison."""
    from glowsim.analysis import load_run
    from glowsim.report.bots import rankings_section
    from glowsim.report.pickvalue import with_bot_pick_values
    from glowsim.report.tables import bot_pick_values
    glowsim.run({"name": "two-bots", "players": 3, "side": "archipelago", "seed": 2,
                 "games": 150, "counterfactual": {"decisions": "recruit", "sample": 0.5},
                 "variants": [{"name": "greedy", "seat": {"adventurer": "random", "bot": "greedy"}},
                              {"name": "heuristic",
                               "seat": {"adventurer": "random", "bot": "heuristic"}}]},
                games=150, out=tmp_path / "run")
    run = load_run(tmp_path / "run")
    v = bot_pick_values(run)
    assert set(v["bot"]) == {"greedy", "heuristic"}
    s = with_bot_pick_values(rankings_section(run, {}, {}), run, {}, values=v)
    names = [t.name for t in s.tables]
    assert {"bot_pick_values", "bot_pick_rank_correlations"} <= set(names)
    rc = next(t.df for t in s.tables if t.name == "bot_pick_rank_correlations")
    assert len(rc) == 1 and rc["companions"].iloc[0] >= 40
    assert -1 <= rc["spearman"].iloc[0] <= 1
    assert s.findings[0].startswith("3 players, archipelago, pick value under greedy vs "
                                    "heuristic: Spearman ")
    assert s.figures[0].name == "bot_pick_value_3p_archipelago"
