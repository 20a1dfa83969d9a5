"""Reports that answer what they were run for: every variant reported when none is the
published game, `--variant`, new cards named from their patch, the two sides compared with a
verdict, "At a glance" naming each section once."""
import contextlib
import io
import re

import numpy as np
import pandas as pd
import pytest

from glowsim.cli.main import main
from glowsim.report import write_report

from analysis.synth import player_row, recruit_row, write_run
from analysis.test_sides import ARCH, PROV

TORCH = {"companions": {"B24": {"name": "Torch", "bursts": 1, "trigger": {"symbols": ["fire"]},
                                "effect": {"bursts": 2}}}}
BRIKI = {"companions": {"A11": {"bursts": 4}}}


def variant(name, side, patch, chash):
    return {"name": name, "variant": name, "players": 2, "side": side, "engine": "fast",
            "content_hash": chash,
            "seats": [{"adventurer": "random", "bot": "heuristic", "start_rerolls": 0}] * 2,
            "patch": patch, "content": [{"source": "s.yaml", "patch": patch}]}


def tables(variants):
    """Each variant plays PROV (province) or ARCH (archipelago) ten times over; the winner of
    every game recruited B24, the other A11."""
    G, P, R = [], [], []
    for v, side in variants:
        games = PROV if side == "province" else ARCH
        for g in range(40):
            seats = games[g % 4]
            scores = sorted((s for _, _, s, _ in seats), reverse=True)
            G.append(dict(variant=v, game_index=g, n_players=2, side=side, first_player=0,
                          n_winners=1, top_score=scores[0], margin=scores[0] - scores[1],
                          rounds=8))
            for seat, (pos, adv, score, w) in enumerate(seats):
                P.append(player_row(v, g, seat, pos, adv, score, w > 0, w))
                R.append(recruit_row(v, g, 1, seat, seat, "B24" if w else "A11", ["B24", "A11"]))
    return G, P, R


@pytest.fixture(scope="module")
def patched(tmp_path_factory):
    """Two variants, each with its own content patch: no variant plays the published game."""
    d = tmp_path_factory.mktemp("patched")
    manifest = {"scenario": {"name": "patched"}, "sweeps": [],
                "variants": [variant("torch", "province", TORCH, "h1"),
                             variant("briki-4", "province", BRIKI, "h2")]}
    return write_run(d / "run", *tables([("torch", "province"), ("briki-4", "province")]),
                     manifest)


@pytest.fixture(scope="module")
def patched_report(patched, tmp_path_factory):
    return write_report(patched, tmp_path_factory.mktemp("out") / "rep")


def test_every_variant_reported_when_none_is_the_published_game(patched_report):
    md = (patched_report.out / "summary.md").read_text()
    for v in ("torch", "briki-4"):
        for title in ("Game balance", "Companion strength", "Adventurer strength",
                      "Board sides"):
            assert f"## {title}: {v}\n" in md
    figs = {p.name for p in (patched_report.out / "figures").glob("*.png")}
    assert {"cards_forest_2p_province-torch.png", "cards_forest_2p_province-briki-4.png"} <= figs
    assert len(figs) == patched_report.figures          # no block overwrote another's file
    tabs = {p.name for p in (patched_report.out / "tables").glob("*.csv")}
    assert {"cards-torch.csv", "cards-briki-4.csv"} <= tabs
    assert "No variant plays the published game" in md


def test_new_card_named_from_its_patch(patched_report):
    md = (patched_report.out / "summary.md").read_text()
    # B24 won every game it was recruited in: the strongest card, named as printed cards are
    assert "strongest B24 Torch" in md
    cards = pd.read_csv(patched_report.out / "tables" / "cards-torch.csv")
    assert cards.set_index("companion").loc["B24", "name"] == "Torch"


def run_cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["report", *map(str, argv)])
    return code, out.getvalue(), err.getvalue()


def test_variant_option_selects_one_and_names_the_allowed_ones(patched, tmp_path):
    code, out, err = run_cli(patched, "--out", tmp_path / "one", "--variant", "torch")
    assert code == 0, err
    md = (tmp_path / "one" / "summary.md").read_text()
    assert md.startswith("# glowsim report: patched, variant torch")
    assert "## Companion strength\n" in md and "briki-4" not in md.split("## Glossary")[0]
    code, out, err = run_cli(patched, "--out", tmp_path / "none", "--variant", "torch2")
    assert code == 2 and out == ""
    assert err == (f"glowsim report: error: {patched}: no variant 'torch2' in this run; its "
                   f"variants: 'torch', 'briki-4'\n")
    assert not (tmp_path / "none").exists()


@pytest.fixture(scope="module")
def sides_report(tmp_path_factory):
    d = tmp_path_factory.mktemp("sides")
    manifest = {"scenario": {"name": "sides"}, "sweeps": [],
                "variants": [variant("province", "province", {}, "pub"),
                             variant("archipelago", "archipelago", {}, "pub")]}
    run = write_run(d / "run", *tables([("province", "province"),
                                        ("archipelago", "archipelago")]), manifest)
    return write_report(run, d / "rep")


def test_sides_section_gives_differences_and_a_verdict(sides_report):
    md = (sides_report.out / "summary.md").read_text()
    sides = md.split("## Board sides")[1].split("\n## ")[0]
    assert "- 2 players (40 paired games): " in sides
    diffs = pd.read_csv(sides_report.out / "tables" / "side_differences.csv")
    assert diffs["figure"].tolist() == ["seat_gap", "first_player_advantage",
                                        "first_player_advantage_size", "adventurer_spread",
                                        "relative_score_spread", "tie_rate", "score_spread",
                                        "score"]
    assert diffs[["difference_low", "difference_high"]].notna().all().all()
    # the province's first player wins 3 games in 4, the archipelago's 1 in 4: +/-25 points,
    # the same distance from the fair share, so no side is closer on it
    fpa = diffs.set_index("figure").loc["first_player_advantage"]
    assert fpa["difference"] == pytest.approx(0.5) and fpa["difference_low"] > 0
    assert pd.isna(fpa["more_balanced"])
    size = diffs.set_index("figure").loc["first_player_advantage_size"]
    assert size["difference"] == pytest.approx(0.0) and pd.isna(size["more_balanced"])
    assert "size of the first-player advantage 25.0 (" in sides
    verdict = pd.read_csv(sides_report.out / "tables" / "side_verdicts.csv")["verdict"].iloc[0]
    assert f"- 2 players (40 paired games): {verdict}." in sides
    glance = md.split("## At a glance")[1].split("\n## ")[0]
    assert f"Board sides: 2 players (40 paired games): {verdict}." in glance


def test_at_a_glance_names_each_section_once(sides_report, patched_report):
    for rep in (sides_report, patched_report):
        md = (rep.out / "summary.md").read_text()
        glance = md.split("## At a glance")[1].split("\n## ")[0]
        lines = [x for x in glance.splitlines() if x.startswith("- ")]
        headings = re.findall(r"^## (.+)$", md.split("## At a glance")[1], re.M)
        for h in headings:
            assert sum(x.startswith(f"- {h}: ") for x in lines) <= 1, h
        missing = [x for x in lines if x.startswith("- Not in this run")]
        assert len(missing) == 1 and "Solo against Tom" in missing[0]
        assert not any(x.startswith("- Solo against Tom") for x in lines)
        assert len(lines) == len(set(lines))


def test_track_reroll_line_joins_cost_net_worth_and_break_even():
    from types import SimpleNamespace

    from glowsim.report.sections import _track_line
    games = pd.DataFrame({"variant": ["tokens+2"], "game_index": [0], "n_players": [4],
                          "side": ["province"]})
    run = SimpleNamespace(games=games)      # the line reads the games table only
    usage = pd.DataFrame({"n_players": [4], "side": ["province"],
                          "bursts_per_track_reroll": [2.0]})
    be = dict(points=1.31, low=1.14, high=1.47, variant="tokens+2")
    tok = pd.Series({"rerolls_gain": 2.04})
    track = pd.Series({"variant": "track-off", "baseline": "province", "pairs": 4000,
                       "bursts_per_reroll": 1.10, "bursts_per_reroll_low": 1.04,
                       "bursts_per_reroll_high": 1.17})
    line = _track_line(run, usage, tok, be, track)
    assert line == (
        "A score-track reroll (4 players, province) costs 2.0 bursts of score on average, and "
        "those the bots took were worth 1.10 (95% CI 1.04 to 1.17) bursts net of that cost "
        "(track-off against 'province', 4,000 paired games): a track reroll pays. Before its "
        "cost it brought about 3.1 bursts, more than an extra token reroll spent gains on "
        "average, 1.31 (95% CI 1.14 to 1.47) bursts ('tokens+2', paired): the bots take a "
        "track reroll when the dice make it pay.")
    # without the variant: the cost and the break-even, no net worth claimed
    line = _track_line(run, usage, tok, be, None)
    assert "net" not in line and line.endswith("(the break-even cost).")
    assert "points" not in line


def test_reroll_usage_table_speaks_of_bursts(sides_report):
    cols = pd.read_csv(sides_report.out / "tables" / "reroll_usage.csv").columns
    assert {"track_bursts_paid", "bursts_per_track_reroll"} <= set(cols)
    assert not [c for c in cols if "point" in c]


def test_variants_table_names_the_sections_of_each_variant(patched_report):
    v = pd.read_csv(patched_report.out / "tables" / "variants.csv").set_index("variant")
    assert v["in card/side/balance sections"].tolist() == [True, True]
    assert v["sections named"].to_dict() == {"torch": "torch", "briki-4": "briki-4"}


def test_reroll_use_says_which_variants_it_pools(patched_report):
    md = (patched_report.out / "summary.md").read_text()
    assert ("Rerolls used by source: the games of every variant named in the sections above "
            "pooled per player count and side (torch, briki-4).") in md


def test_a_track_reroll_cost_the_same_everywhere_is_said_once():
    from glowsim.report.sections import track_cost_findings
    same = pd.DataFrame({"n_players": [4, 5, 6], "side": ["province"] * 3,
                         "bursts_per_track_reroll": [1.52, 1.49, 1.5]})
    assert track_cost_findings(same) == [
        "A score-track reroll cost 1.5 bursts of score on average (the score moves back to the "
        "reroll space below it) at every player count and side."]
    spread = same.assign(bursts_per_track_reroll=[1.2, 1.5, 2.0])
    assert track_cost_findings(spread)[0].startswith("A score-track reroll cost 1.2 to 2.0 bursts")
    two = same.iloc[:2].assign(bursts_per_track_reroll=[1.8, 1.84])
    assert track_cost_findings(two)[0].startswith("A score-track reroll cost 1.8 bursts of score "
                                                  "on average (the score moves back")
    none = same.assign(bursts_per_track_reroll=[np.nan] * 3)
    assert track_cost_findings(none)[0].startswith("No player took a score-track reroll")
