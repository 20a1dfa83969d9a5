"""The demo's answer leads with pick value: "At a glance" names the strongest companions by
pick value first, the win rate when recruited after it labelled as observational, and every
line speaks of the same slice, chosen by one rule (glowsim/report/slices.py)."""
import re

import pytest

from glowsim.report import write_report
from glowsim.report.slices import RULE, headline_slice

from analysis.synth import random_run
from analysis.synth_picks import add_picks


@pytest.fixture(scope="module")
def demo_like(tmp_path_factory):
    """The published game at 4 players on both sides (same seeds), recruit picks forked."""
    d = tmp_path_factory.mktemp("demo")
    run = add_picks(random_run(d / "run", games=80, with_rerolls=False, with_sweep=False,
                               slices=((4, "archipelago"), (4, "province"))), rate=0.5)
    return write_report(run, d / "rep")


def _glance(rep) -> tuple[str, list[str]]:
    part = (rep.out / "summary.md").read_text().split("## At a glance")[1].split("\n## ")[0]
    return part, [x for x in part.splitlines() if x.startswith("- ")]


def test_companion_line_leads_with_pick_value(demo_like):
    _, lines = _glance(demo_like)
    comp = next(x for x in lines if x.startswith("- Companion strength: "))
    assert comp.startswith("- Companion strength: 4 players, province (bots: heuristic), pick value of 12 "
                           "companions against ±2 points: ")
    assert re.search(r"\(median 95% half-width ±[0-9.]+ points, median [0-9,]+ forked picks "
                     r"per companion\); highest ", comp)
    pick, observed = comp.split(" 4 players, province, win rate when recruited: ")
    assert "win rate" not in pick
    assert observed.endswith("(observational: it mixes the card's strength with when and why "
                             "the bots take it; pick value above does not).")


def test_every_line_speaks_of_one_slice(demo_like):
    part, lines = _glance(demo_like)
    assert (f"its line here speaks of {RULE}: <b>4 players, province</b>" in part
            or f"its line here speaks of {RULE}: 4 players, province" in part)
    for title in ("Game balance", "Companion strength", "Adventurer strength", "Bot ladder"):
        line = next(x for x in lines if x.startswith(f"- {title}: "))
        assert "archipelago" not in line, line
        assert line.startswith(f"- {title}: 4 players, province"), line


def test_headline_slice_rule():
    games = {(4, "archipelago"): 100, (4, "province"): 100, (3, "province"): 100}
    assert headline_slice(list(games), games) == (4, "province")       # tie: players, province
    games[(3, "province")] = 101
    assert headline_slice(list(games), games) == (3, "province")       # most games first
    assert headline_slice([(2, "archipelago", "dealt"), (2, "province", "dealt")],
                          {}) == (2, "province", "dealt")              # extra items kept


def test_the_card_answer_comes_first(demo_like):
    _, lines = _glance(demo_like)
    assert lines[0].startswith("- Companion strength: 4 players, province (bots: heuristic), pick value of")
