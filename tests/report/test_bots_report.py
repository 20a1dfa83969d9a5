"""Report sections 'Bot ladder' and 'Card rankings by bot': drawn from duels and self-play
variants, every figure titled, labelled and captioned; 'not in this run' otherwise."""

from glowsim.analysis import bots as BA
from glowsim.report import write_report
from glowsim.report import bots as RB
from glowsim.report import sections as S

from analysis.bots_synth import DUELS, SELF, write_bot_run
from analysis.synth import tiny_tables, write_run

BOT_FIGURES = {"bot_ladder", "bot_companion_metric_2p_province", "bot_adventurer_metric_2p_province",
               "bot_rank_correlation_2p_province"}


def checked_render(seen):
    real = S.render

    def noting(fig, name, title, caption, dpi=100):
        axes = [ax for ax in fig.axes if ax.axison and ax.get_label() != "<colorbar>"]
        titled = bool(fig._suptitle and fig._suptitle.get_text()) or all(ax.get_title() for ax in axes)
        labelled = all(ax.get_xlabel() and (ax.get_ylabel() or ax.get_yticklabels()) for ax in axes)
        seen.append((name, titled, labelled, caption))
        return real(fig, name, title, caption, dpi)
    return real, noting


def report(path, monkeypatch, variants=DUELS + SELF):
    monkeypatch.setattr(BA, "MIN_GAMES", 1)      # the synthetic run has 3-4 games per variant
    seen = []
    real, noting = checked_render(seen)
    monkeypatch.setattr(RB, "render", noting)    # the bot sections import render by name
    d = write_bot_run(path / "run", variants)
    return write_report(d, path / "out"), seen


def test_bot_sections_render_with_titled_labelled_captioned_figures(tmp_path, monkeypatch):
    res, seen = report(tmp_path, monkeypatch)
    figs = {p.stem for p in (res.out / "figures").glob("bot_*.png")}
    assert figs == BOT_FIGURES
    assert {n for n, *_ in seen} == BOT_FIGURES
    for name, titled, labelled, caption in seen:
        assert titled and labelled, name
        assert caption.endswith(".") and len(caption) > 60, name
    tables = {p.name for p in (res.out / "tables").glob("bot_*.csv")}
    assert tables == {"bot_duels.csv", "bot_card_metrics.csv", "bot_rank_correlations.csv",
                      "bot_verdict_flips.csv"}
    md = (res.out / "summary.md").read_text()
    assert "## Bot ladder" in md and "## Card rankings by bot" in md
    assert ("Heuristic beats greedy in 41.7% (95% CI" in md)
    assert "not every rung is separated from the one below" in md
    assert ("Companions, 2 players, province, Spearman rank correlation (95% CI) over 3 cards: "
            "greedy-heuristic 0.50 (") in md
    assert ("Companions, 2 players, province: 2 card(s) change verdict from greedy to heuristic: "
            "A01 Likyar (neutral -> below); A03 Torke (neutral -> above).") in md
    assert ("Over all 2 bots, 2 card verdict(s) (per player count and side) depend on the bot, 0 "
            "of them reversals") in md
    assert ("Card rankings by bot: 2 players, province: greedy and heuristic rank the companions "
            "with Spearman 0.50") in md     # the headline in 'At a glance'


def test_single_bot_run_says_not_in_this_run(tmp_path, monkeypatch):
    res = write_report(write_run(tmp_path / "tiny", *tiny_tables()), tmp_path / "out")
    md = (res.out / "summary.md").read_text()
    assert "> " + RB.LADDER_HOWTO in md
    assert "> " + RB.RANKS_HOWTO.format(have="self-play games of one bot only (heuristic)") in md
    assert not list((res.out / "figures").glob("bot_*.png"))


def test_duels_without_self_play_show_the_ladder_only(tmp_path, monkeypatch):
    res, seen = report(tmp_path, monkeypatch, DUELS)
    assert {n for n, *_ in seen} == {"bot_ladder"}
    md = (res.out / "summary.md").read_text()
    assert "> " + RB.RANKS_HOWTO.format(have="no self-play variant") in md
