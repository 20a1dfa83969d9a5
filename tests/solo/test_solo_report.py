"""Report section 'Solo against Tom': drawn for solo runs, 'not in this run' otherwise, and
solo games kept out of the multi-player sections."""
import pandas as pd
import pytest

from glowsim.report import write_report
from glowsim.report import sections as S
from glowsim.report import solo as SOLO

from analysis.synth import tiny_tables, write_run
from .solo_synth import solo_tables, write_solo_run

SOLO_FIGURES = {"solo_win_rates", "solo_scores", "solo_margin", "solo_tiles"}


def noting_render(seen):
    real = S.render

    def noting(fig, name, title, caption, dpi=100):
        axes = [ax for ax in fig.axes if ax.axison]
        titled = bool(fig._suptitle and fig._suptitle.get_text()) or all(ax.get_title() for ax in axes)
        labelled = all(ax.get_xlabel() and (ax.get_ylabel() or ax.get_yticklabels()) for ax in axes)
        seen.append((name, titled, labelled, caption))
        return real(fig, name, title, caption, dpi)
    return real, noting


@pytest.fixture(scope="module")
def solo_report(tmp_path_factory):
    d = write_solo_run(tmp_path_factory.mktemp("solo") / "run", *solo_tables())
    seen = []
    real, noting = noting_render(seen)
    # the solo section imports render by name: patch it where it is looked up
    S.render = SOLO.render = noting
    try:
        res = write_report(d, d / "report")
    finally:
        S.render = SOLO.render = real
    return res, seen


def test_solo_run_report_has_the_section_figures_and_tables(solo_report):
    res, seen = solo_report
    assert {p.stem for p in (res.out / "figures").glob("*.png")} == SOLO_FIGURES
    assert {"solo_win_rates.csv", "solo_scores.csv", "solo_tiles.csv"} <= {
        p.name for p in (res.out / "tables").glob("*.csv")}
    assert res.missing == []
    md = (res.out / "summary.md").read_text()
    assert "## Solo against Tom" in md
    # only solo games: the multi-player sections are left out rather than computed on them
    assert "## Companion strength" not in md and "## Game balance" not in md
    # pooled over the two variants: game index 0 and 1 each 1 win in 2 games, so the
    # delta-method interval over game-index clusters has no width; per adventurer Wilson 1/2
    assert ("province: the player beats Tom in 50.0% (95% CI 50.0% to 50.0%) of 4 games; best "
            "Pocana 50.0% (95% CI 9.5% to 90.5%), worst Eoles 50.0% (95% CI 9.5% to 90.5%).") in md
    assert "mean final score player 70.0, Tom 72.5" in md
    for term in ("win rate against Tom", "tile bursts to Tom", "tile taken more/less",
                 "game-index clusters"):
        assert f"**{term}**" in md


def test_every_solo_figure_has_title_axis_labels_and_caption(solo_report):
    _, seen = solo_report
    assert {s[0] for s in seen} == SOLO_FIGURES
    for name, titled, labelled, caption in seen:
        assert titled and labelled, name
        assert caption.endswith(".") and len(caption.split()) >= 8, name


def test_non_solo_run_says_the_section_is_not_in_this_run(tmp_path):
    d = write_run(tmp_path / "tiny", *tiny_tables())
    res = write_report(d, d / "report")
    assert "Solo against Tom" in res.missing
    html = (res.out / "report.html").read_text()
    assert ("not in this run: it needs solo games (`players: 1`, reference engine), e.g. "
            "`glowsim run scenarios/solo.yaml`.") in html


def test_mixed_run_keeps_solo_games_out_of_the_other_sections(tmp_path):
    g, p, r, _ = tiny_tables()
    duo = lambda rows: [dict(x, variant="duo") for x in rows]   # noqa: E731
    d = write_solo_run(tmp_path / "mixed", *solo_tables(duo(g), duo(p), duo(r)))
    res = write_report(d, d / "report")
    adv = pd.read_csv(res.out / "tables" / "adventurers.csv")
    assert set(adv["n_players"]) == {2}
    variants = pd.read_csv(res.out / "tables" / "variants.csv").set_index("variant")
    assert not variants.loc["prov-pocana", "in card/side/balance sections"]
    assert variants.loc["duo", "in card/side/balance sections"]
    assert "solo_win_rates.png" in {p.name for p in (res.out / "figures").glob("*.png")}
