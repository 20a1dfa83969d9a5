"""Stopping on pick values (glowsim/runner/pickstop.py): the sums and half-widths are the
report's, the looks are spaced as documented, the runner stops at the first look that reaches
the target, and, by simulation, the 95% intervals reported under the rule hold the true pick
values about 95% of the time, where a rule without its guards falls short."""
import json
import math

import numpy as np
import pandas as pd
import pytest

from glowsim.analysis import load_run
from glowsim.analysis.picks import pick_values
from glowsim.cli.main import main
from glowsim.runner import pickstop as PS

from analysis.synth import random_run
from analysis.synth_picks import add_picks

from tests.runner.scenario_runs import run_text

# ---- the sums and half-widths are those of the report ----


@pytest.fixture(scope="module")
def synth(tmp_path_factory):
    path = random_run(tmp_path_factory.mktemp("pickstop") / "run", games=240,
                      with_rerolls=False, with_sweep=False,
                      slices=((3, "archipelago"), (4, "province")))
    return add_picks(path)


def test_half_widths_are_the_reports_and_sums_add_over_chunks(synth):
    picks = pd.read_parquet(synth / "picks.parquet")
    values = pick_values(load_run(synth))
    for variant, p in picks.groupby("variant"):
        whole = PS.chunk_pick_sums(p)
        # the same sums from chunks of 50 games, added
        acc = PS.PickPrecision()
        for lo in range(0, 240, 50):
            acc.add(variant, PS.chunk_pick_sums(p[(p.game_index >= lo) & (p.game_index < lo + 50)]))
        parts = acc.sums[variant].loc[whole.index]
        np.testing.assert_allclose(parts.to_numpy(), whole.to_numpy(), rtol=1e-12, atol=1e-9)
        h = PS.half_widths(*(whole[c] for c in PS.SUMS), min_games=2, min_picks=1)
        v = values[values.variant == variant].set_index("companion").loc[whole.index]
        np.testing.assert_allclose(h, (v.value_hi - v.value_lo) / 2, rtol=1e-9)
        assert whole["N"].to_numpy().tolist() == v["n_picks"].tolist()
        assert whole["G"].to_numpy().tolist() == v["n_games"].tolist()
        # the guards: a card with fewer games or picks than the minimum holds the run back
        guarded = PS.half_widths(*(whole[c] for c in PS.SUMS))
        few = (whole["G"] < PS.MIN_GAMES) | (whole["N"] < PS.MIN_PICKS)
        assert np.isinf(guarded[few.to_numpy()]).all()
        assert np.isfinite(guarded[~few.to_numpy()]).all()
        assert acc.widest()[0] == (np.inf if few.any() else guarded.max())


def test_looks_grow_by_a_quarter_from_the_first():
    rows = PS.look_rows(40, 400)
    assert rows[0] == 40 and rows[-1] == 400
    assert all(b >= math.ceil(a * PS.LOOK_RATIO) or b == 400 for a, b in zip(rows, rows[1:]))
    assert len(rows) == 12          # about ten looks per tenfold growth
    assert PS.look_rows(1, 5) == [1, 2, 3, 4, 5]    # at least one row more each time
    assert PS.look_rows(7, 3) == [3]


# ---- coverage of the reported intervals under the rule, by simulation ----

MAGNITUDE = (np.array([1.0, 2 / 3, 1 / 3]), np.array([0.7, 0.2, 0.1]))


def simulate(rng, reps, games, values, present=0.12, sensitive=0.3, nonzero=0.7):
    """Per replicate, game and card: the picks offering the card in that game (n, 0 in the
    games without it) and the sum S of their differences d.  A card is offered in a share
    ``present`` of the games, at 1-4 picks of a game; a game is one where its picks change the
    outcome with probability ``sensitive`` (then each pick's d is non-zero with probability
    ``nonzero``; otherwise every d is 0): the sparse, clustered differences of real picks.
    Returns n, S and the true pick values (points)."""
    values = np.asarray(values, float)
    k = len(values)
    mag, pm = MAGNITUDE
    emag = float(mag @ pm)
    p_up = (values / 100 / (sensitive * nonzero * emag) + 1) / 2     # P(d > 0 | d != 0)
    n = rng.choice([1, 2, 3, 4], size=(reps, games, k), p=[.2, .2, .2, .4])
    n = n * (rng.random((reps, games, k)) < present)
    hot = rng.random((reps, games, k)) < sensitive
    S = np.zeros((reps, games, k))
    for j in range(4):
        nz = hot & (n > j) & (rng.random((reps, games, k)) < nonzero)
        sign = np.where(rng.random((reps, games, k)) < p_up, 1.0, -1.0)
        S += nz * sign * rng.choice(mag, size=(reps, games, k), p=pm)
    return n.astype(float), S, values


def coverage(rng, target, chunk, first_games, looks=True, min_games=PS.MIN_GAMES,
             reps=1500, games=2000, values=(12.0, -5.0)):
    """Share of the reported 95% intervals holding the true pick value when each replicate
    stops by the rule (target ``target`` points, chunks of ``chunk`` games, first look after
    ``first_games``; ``looks`` False: after every chunk), and the median games at the stop."""
    n, S, truth = simulate(rng, reps, games, values)
    cum = {c: np.cumsum(x, axis=1) for c, x in (("G", n > 0), ("N", n), ("D", S), ("DD", S * S),
                                                 ("DN", S * n), ("NN", n * n))}
    first, last = math.ceil(first_games / chunk), games // chunk
    rows = PS.look_rows(first, last) if looks else list(range(first, last + 1))
    hits, stopped = [], []
    for r in range(reps):
        at = last
        for k in rows:
            h = PS.half_widths(*(cum[c][r, k * chunk - 1] for c in PS.SUMS), min_games=min_games)
            if PS.stops(k, rows, float(np.max(h)), target):
                at = k
                break
        sums = [cum[c][r, at * chunk - 1] for c in PS.SUMS]
        h = PS.half_widths(*sums, min_games=2, min_picks=1)          # the report's interval
        v = 100 * sums[2] / sums[1]
        hits.append(np.abs(v - truth) <= h)
        stopped.append(at * chunk)
    return float(np.mean(hits)), float(np.median(stopped))


def test_intervals_reported_under_the_rule_hold_the_truth_95_percent():
    # two cards offered in an eighth of the games; the rule's guards make the run wait for
    # about a thousand games, and the reported 95% intervals hold the true values ~95% of the time
    rng = np.random.default_rng(2024)
    hit, games = coverage(rng, target=10.0, chunk=10, first_games=100)
    assert hit > 0.93, hit
    assert games >= 800
    # as often as intervals of a sample fixed in advance at that size: stopping costs nothing
    fixed, _ = coverage(np.random.default_rng(2025), target=0.0, chunk=10, first_games=100,
                        games=int(games))
    assert abs(hit - fixed) < 0.01, (hit, fixed)


def test_a_rule_without_its_guards_reports_intervals_too_narrow():
    # the same cards and target, looked at after every chunk of 10 games and trusting an
    # interval from 2 games: it stops on a lucky streak (most differences are 0), early, and
    # its intervals miss the truth far more often than 5%; the simulation tells them apart
    rng = np.random.default_rng(2024)
    hit, games = coverage(rng, target=10.0, chunk=10, first_games=10, looks=False, min_games=2)
    assert hit < 0.915, hit
    assert games < 500


# ---- the runner ----

PICKED = """players: 3
side: province
seat: {adventurer: random, bot: heuristic}
games: 200
chunk_games: 100
seed: 3
counterfactual: {decisions: recruit, sample: 1.0}
"""


def widest_of(folder) -> float:
    v = pick_values(load_run(folder))
    return float(((v.value_hi - v.value_lo) / 2).max())


@pytest.fixture(scope="module")
def stopped(tmp_path_factory):
    d = tmp_path_factory.mktemp("pickprec")
    res = run_text(PICKED, "picked.yaml", d / "a", workers=1, precision_pick_value=3.5,
                   max_games=3000)
    return d, res


def test_the_run_stops_at_the_first_look_within_the_target(stopped):
    d, res = stopped
    assert res.pick_widest is not None and res.pick_widest <= 3.5
    m = json.loads((d / "a" / "manifest.json").read_text())
    stop = m["stopping"]["pick_value"]
    assert m["stopping"]["reached"] is True and stop["precision"] == 3.5
    assert stop["looks"][-1] == res.games_per_variant > 200
    assert stop["looks"] == [100 * k for k in PS.look_rows(2, 30) if 100 * k <= res.games_per_variant]
    # the report's widest interval is the rule's, within it
    assert widest_of(d / "a") == pytest.approx(res.pick_widest, rel=1e-9) and widest_of(d / "a") <= 3.5
    # at the look before, the same games played alone were not within
    before = stop["looks"][-2]
    run_text(PICKED, "picked.yaml", d / "before", workers=1, games=before)
    assert widest_of(d / "before") > 3.5


def test_the_stop_does_not_depend_on_the_workers(stopped):
    d, res = stopped
    two = run_text(PICKED, "picked.yaml", d / "b", workers=2, precision_pick_value=3.5,
                   max_games=3000)
    assert two.games_per_variant == res.games_per_variant
    assert (d / "a" / "picks.parquet").read_bytes() == (d / "b" / "picks.parquet").read_bytes()


def test_the_scenario_field_and_the_cap(tmp_path):
    text = PICKED + "precision: {pick_value: 0.5}\nmax_games: 300\n"
    res = run_text(text, "capped.yaml", tmp_path, workers=1)
    assert res.games_per_variant == 300 and res.precision_reached is False
    assert res.pick_widest > 0.5


def test_pick_value_precision_needs_forked_picks(tmp_path, capsys):
    sc = tmp_path / "plain.yaml"
    sc.write_text(PICKED.replace("counterfactual: {decisions: recruit, sample: 1.0}\n", ""))
    assert main(["run", str(sc), "--precision-pick-value", "2", "--out", str(tmp_path / "o"),
                 "--quiet"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"glowsim run: error: {sc}: --precision-pick-value needs forked recruit picks "
                   f"to measure pick values: add `counterfactual: {{decisions: recruit, sample: "
                   f"1.0}}` to the scenario"]
    assert main(["run", str(sc), "--precision-pick-value", "0"]) == 2
    assert capsys.readouterr().err.strip().splitlines()[-1] == (
        "glowsim run: error: argument --precision-pick-value: --precision-pick-value must be in "
        "0.0 (excluded)..50.0, got 0 (see glowsim run --help)")
