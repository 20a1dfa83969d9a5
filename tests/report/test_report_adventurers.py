"""The report's adventurer section: the draft part (E19) with its table columns, findings and
figure when seats draft; 'not in this run' with the columns left out when none does."""
import pandas as pd
import pytest

from glowsim.report import write_report

from analysis.synth import tiny_tables, write_run
from analysis.test_adventurer_draft import DRAFT_GAMES, _tables


@pytest.fixture(scope="module")
def draft_report(tmp_path_factory):
    from glowsim.report import sections as S
    seen = []
    real = S.render

    def noting(fig, name, title, caption, dpi=100):
        axes = [ax for ax in fig.axes if ax.axison]
        seen.append((name, fig._suptitle.get_text() if fig._suptitle else "",
                     [(ax.get_title(), ax.get_xlabel(), ax.get_ylabel(),
                       [t.get_text() for t in ax.get_yticklabels()]) for ax in axes], caption))
        return real(fig, name, title, caption, dpi)

    d = tmp_path_factory.mktemp("draft")
    games = DRAFT_GAMES * 10          # 40 games: every rate has games behind it
    dealt = [(["taetyss", "braccio", "eoles"], [0.0, 1.0, 0.0]),
             (["braccio", "taetyss", "pocana"], [1.0, 0.0, 0.0])]
    run = write_run(d / "run", *_tables(games, remove_orium=False, dealt_games=dealt))
    S.render = noting
    try:
        res = write_report(run, d / "out")
    finally:
        S.render = real
    return res, {name: rest for name, *rest in seen}


def test_draft_part_table_findings_and_figure(draft_report):
    res, figs = draft_report
    t = pd.read_csv(res.out / "tables" / "adventurers.csv")
    assert set(t["assignment"]) == {"dealt", "draft: seats 1, 2"}
    d = t[t["assignment"] == "draft: seats 1, 2"].set_index("adventurer")
    assert d.loc["taetyss", "offered"] == 40 and d.loc["taetyss", "pick_rate"] == 0.75
    assert d.loc["orium", "offered"] == 80 and d.loc["orium", "drafted"] == 0
    md = (res.out / "summary.md").read_text()
    assert ("3 players, province, draft: seats 1, 2: seats that drafted "
            "Braccio won 100.0% of their games, seats that passed it 40.0%: improvement when "
            "drafted +60.0 points") in md
    # what the bots prefer (taetyss and eoles 75%, taetyss drafted as often, later by name)
    # against the dealt win rates: taetyss 0 of 2 (Wilson high 65.8%), braccio 2 of 2
    assert ("3 players, province, draft: seats 1, 2: the adventurer the bots take most often "
            "when offered, Taetyss (pick rate 75.0%), wins 0.0% (95% CI 0.0% to 65.8%) when "
            "dealt at random; the strongest dealt, Braccio (100.0%), has a pick rate of 16.7%."
            ) in md
    assert "(figures/adventurers_draft.png)" in md
    assert "Never drafted when offered, so not on the left: Moloc'h, Noctiluca, Orium." in md
    suptitle, axes, caption = figs["adventurers_draft"]
    assert suptitle and len(axes) == 2 and caption.endswith(".")
    (lt, lx, ly, _), (rt, rx, _, rticks) = axes
    assert lt.startswith("Pick rate and win rate") and "pick rate when offered" in lx
    assert "win rate when drafted" in ly and "percentage points" in rx
    assert "Taetyss (drafted 30 / passed 10)" in rticks
    # the forest has a panel per assignment
    _, faxes, fcap = figs["adventurers_forest"]
    assert [a[0].split("  ")[0] for a in faxes] == ["3 players, province, dealt",
                                                    "3 players, province, draft: seats 1, 2"]
    assert "and assignment (dealt or drafted)" in fcap
    html = (res.out / "report.html").read_text()
    for term in ("pick rate (adventurer)", "taken at (adventurer)", "win rate when drafted",
                 "win rate when passed (adventurer)", "improvement when drafted"):
        assert f"<dt>{term}</dt>" in html


def test_no_draft_seats_says_not_in_this_run(tmp_path):
    res = write_report(write_run(tmp_path / "tiny", *tiny_tables()), tmp_path / "out")
    t = pd.read_csv(res.out / "tables" / "adventurers.csv")
    assert "pick_rate" not in t.columns and "offered" not in t.columns
    assert set(t["assignment"]) == {"dealt"}
    md = (res.out / "summary.md").read_text()
    assert ("Pick rate when offered, taken at, win rate when drafted / when passed and "
            "improvement when drafted: not in this run, and left out of the table: no seat "
            "drafts its adventurer") in md
    assert not (res.out / "figures" / "adventurers_draft.png").exists()
    assert "Adventurer strength" not in res.missing        # the rest of the section is there
