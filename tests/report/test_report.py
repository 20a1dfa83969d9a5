"""`glowsim report`: files written, exact CLI messages, graceful sections, self-contained HTML."""
import base64
import contextlib
import io
import re

import pytest

from glowsim.cli.main import main
from glowsim.report import write_report

from analysis.synth import random_run, tiny_tables, write_run


@pytest.fixture(scope="module")
def full_run(tmp_path_factory):
    return random_run(tmp_path_factory.mktemp("full") / "run", games=40,
                      slices=((2, "province"), (4, "province"), (4, "archipelago")))


FIGURES_SEEN = []   # (name, titled, labelled, caption) of every figure the full report drew


@pytest.fixture(scope="module")
def full_report(full_run, tmp_path_factory):
    """The full report, noting for each figure whether it has a title and labelled axes."""
    from glowsim.report import sections as S
    real = S.render

    def noting(fig, name, title, caption, dpi=100):
        axes = [ax for ax in fig.axes if ax.axison]
        titled = bool(fig._suptitle and fig._suptitle.get_text()) or all(
            ax.get_title() for ax in axes)
        labelled = all(ax.get_xlabel() and (ax.get_ylabel() or ax.get_yticklabels())
                       for ax in axes)
        FIGURES_SEEN.append((name, titled, labelled, caption))
        return real(fig, name, title, caption, dpi)

    out = tmp_path_factory.mktemp("rep") / "out"
    S.render = noting
    try:
        return write_report(full_run, out)
    finally:
        S.render = real


def test_report_writes_every_artifact(full_report):
    out = full_report.out
    figs = sorted(p.name for p in (out / "figures").glob("*.png"))
    assert {"balance_seats.png", "balance_metrics.png", "cards_forest_4p_province.png",
            "cards_forest_2p_province.png", "cards_pick_vs_win.png", "adventurers_forest.png",
            "rerolls_usage.png", "rerolls_token_curve_0.png", "sides_scores.png",
            "sides_metrics.png", "sides_spread.png", "sides_score_parts.png",
            "sweep_0.png"} <= set(figs)
    assert len(figs) == full_report.figures
    tables = {p.name for p in (out / "tables").glob("*.csv")}
    assert {"cards.csv", "adventurers.csv", "balance.csv", "seats.csv", "sides.csv",
            "reroll_usage.csv", "reroll_value.csv", "sweep_points.csv",
            "sweep_crossings.csv", "variants.csv"} <= tables
    # no duels or self-play of several bots, no solo games in this run
    assert full_report.missing == ["Bot ladder", "Card rankings by bot", "Solo against Tom"]
    for p in (out / "figures").glob("*.png"):
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_companion_strength_names_the_bots_its_verdicts_assume(full_report):
    """The card verdicts hold for the bots that played: the section says which (here every
    seat of the synthetic run is `heuristic`)."""
    html = (full_report.out / "report.html").read_text()
    assert "These rates and verdicts assume the bots that play the run's games (heuristic)" in html


def test_html_is_self_contained(full_report):
    html = (full_report.out / "report.html").read_text()
    imgs = re.findall(r"<img [^>]*src='([^']+)'", html)
    assert len(imgs) == full_report.figures
    assert all(src.startswith("data:image/png;base64,") for src in imgs)
    base64.b64decode(imgs[0].split(",", 1)[1], validate=True)
    assert not re.search(r"(src|href)=['\"]https?:", html)
    # every figure has a caption; the glossary names the draft-analysis terms
    assert html.count("<figcaption>") == full_report.figures
    for term in ("pick rate", "taken at", "win rate when recruited", "win rate when passed",
                 "improvement when recruited"):
        assert f"<dt>{term}</dt>" in html


def test_summary_lists_findings_and_glossary(full_report):
    md = (full_report.out / "summary.md").read_text()
    for head in ("## Game balance", "## Companion strength", "## Adventurer strength",
                 "## Reroll value", "## Board sides", "## Sweeps", "## Glossary"):
        assert head in md
    assert "One extra starting reroll token is worth" in md
    assert "for seat(s) 0, pooled over 4 token variants and 40 paired games" in md
    # the cost of a score-track reroll and what it is worth, in one line, in bursts
    line = next(x for x in md.splitlines() if x.startswith("- A score-track reroll (4 players"))
    assert re.search(r"costs \d+\.\d bursts of score on average; an extra reroll token spent "
                     r"gains [\d.]+ \(95% CI [\d.]+ to [\d.]+\) bursts on average", line), line
    assert line.endswith("so one pays, on average, when it costs fewer bursts of score than that "
                         "(the break-even cost).")
    reroll = md.split("## Reroll value")[1].split("\n## ")[0]
    assert "points" not in reroll.replace("percentage points of win probability", "")
    assert "(figures/sweep_0.png)" in md


@pytest.fixture(scope="module")
def tiny_cli(tmp_path_factory):
    """`glowsim report RUN_DIR` (default --out) on the two-game run: exit code, stdout, folder."""
    d = write_run(tmp_path_factory.mktemp("tiny") / "run", *tiny_tables())
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(["report", str(d)])
    return code, buf.getvalue(), d


def test_cli_messages_exact(tiny_cli):
    code, stdout, d = tiny_cli
    out = d / "report"
    assert code == 0
    lines = stdout.splitlines()
    assert lines[0] == f"wrote {out / 'report.html'}"
    assert lines[1] == f"wrote {out / 'summary.md'}"
    assert re.fullmatch(rf"wrote 11 figures to {re.escape(str(out / 'figures'))} and 7 tables "
                        rf"to {re.escape(str(out / 'tables'))} in \d+\.\d s", lines[2])
    assert lines[3:] == ["note: section 'Reroll value': not in this run (see report)",
                         "note: section 'Sweeps': not in this run (see report)",
                         "note: section 'Bot ladder': not in this run (see report)",
                         "note: section 'Card rankings by bot': not in this run (see report)",
                         "note: section 'Solo against Tom': not in this run (see report)"]


def test_sections_degrade_when_run_lacks_them(tiny_cli):
    _, _, d = tiny_cli
    html = (d / "report" / "report.html").read_text()
    assert ("Paired reroll value: not in this run. It needs a scenario whose variants differ "
            "only in starting reroll tokens (`content.setup.last_player_reroll_tokens` or a "
            "seat&#x27;s `start_rerolls`), played on the same seeds: scenarios/reroll-value.yaml."
            ) in html
    assert "not in this run: it needs a scenario with a `sweep`" in html
    # the parts that the run does hold are still there
    assert "alt='Reroll use by source'" in html
    md = (d / "report" / "summary.md").read_text()
    assert "> Paired reroll value: not in this run." in md
    assert "Only the province side is in this run" in md


def test_cli_errors_name_the_file(tmp_path, capsys):
    assert main(["report", str(tmp_path / "nope")]) == 2
    err = capsys.readouterr().err
    assert err == (f"glowsim report: error: {tmp_path / 'nope'}: not a run folder (expected a "
                   f"folder with manifest.json and games/players/recruits Parquet tables, as "
                   f"written by `glowsim run`)\n")
    d = write_run(tmp_path / "tiny", *tiny_tables())
    (d / "players.parquet").unlink()
    assert main(["report", str(d)]) == 2
    assert capsys.readouterr().err == (
        f"glowsim report: error: {d}: table 'players' missing (expected players.parquet or "
        f"players/ with Parquet chunks)\n")
    g, p, r, m = tiny_tables()
    d3 = write_run(tmp_path / "running", g, p, r, dict(m, status="running"))
    assert main(["report", str(d3)]) == 2
    assert capsys.readouterr().err == (
        f"glowsim report: error: {d3}: the run is not complete (manifest status 'running'); "
        f"finish it by starting the same `glowsim run` again (it resumes)\n")
    d2 = write_run(tmp_path / "tiny2", *tiny_tables())
    (d2 / "manifest.json").write_text("{oops")
    assert main(["report", str(d2)]) == 2
    assert capsys.readouterr().err == (
        f"glowsim report: error: {d2 / 'manifest.json'}: not valid JSON (line 1: Expecting "
        f"property name enclosed in double quotes)\n")


def test_every_figure_has_title_axis_labels_and_caption(full_report):
    """Each figure: a title, every visible axes with labelled x and y (or category ticks), a
    caption sentence."""
    assert len(FIGURES_SEEN) == full_report.figures >= 13
    for name, titled, labelled, caption in FIGURES_SEEN:
        assert titled, f"{name}: no title"
        assert labelled, f"{name}: an axis without a label"
        assert caption.endswith(".") and len(caption.split()) >= 8, f"{name}: caption {caption!r}"


def test_one_page_builder_shows_some_tables_and_folds_the_others():
    import pandas as pd

    from glowsim.report.html import SHOWN_STYLE, build_html
    from glowsim.report.sections import Section, TableOut
    from glowsim.report.summary import build_summary
    s = Section("x", "A section", intro=["Why."], findings=["One finding."])
    s.tables = [TableOut("lead", "Lead table", pd.DataFrame({"a": [1]}), "what it says",
                         shown=True),
                TableOut("rest", "Other table", pd.DataFrame({"b": [2]}), "more")]
    page = build_html("T", [s], "made now", glossary=[("term", "meaning")])
    assert SHOWN_STYLE in page
    assert ("<h3>Lead table</h3><div class='shown'><table><tr><th>a</th></tr><tr><td>1</td>"
            "</tr></table></div><p>what it says</p>") in page
    assert "<summary>Table: Other table (tables/rest.csv) - more</summary>" in page
    assert "tables/lead.csv" not in page and "<dt>term</dt><dd>meaning</dd>" in page
    md = build_summary("T", [s], "made now", glossary=[("term", "meaning")])
    assert "### Lead table\n\n| a |\n| --- |\n| 1 |\n" in md
    assert "- table `tables/lead.csv`: Lead table" in md and "- **term**: meaning" in md
    # a page without shown tables keeps the style as it was
    s.tables = s.tables[1:]
    assert SHOWN_STYLE not in build_html("T", [s], "made now")
