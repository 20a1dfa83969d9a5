"""One crossing: `glowsim balance` and a sweep's report estimate where a card's pick value
crosses 0 the same way, so the same values give the same crossing
(glowsim/analysis/sweeps.py pick_value_crossing; glowsim/rebalance/balance.py)."""
import math

import numpy as np
import pytest

from glowsim.analysis import load_run
from glowsim.analysis.picks import pick_values
from glowsim.analysis.sweeps import pick_sweep_crossings, pick_sweep_points, pick_value_crossing
from glowsim.rebalance.edits import CardKey
from glowsim.rebalance.balance import balance_card, crossing_of, point_from_values

from analysis.synth import random_run
from analysis.synth_picks import add_picks

VALUES = tuple(range(0, 9))


@pytest.fixture(scope="module")
def sweep_run(tmp_path_factory):
    """A sweep of A11's printed bursts over 0..8 whose pick value rises with them: taking A11
    wins 4 points more per burst (less the card's built-in worth, 10 points above the
    average card), so it crosses the other cards between 3 and 4."""
    path = random_run(tmp_path_factory.mktemp("cross") / "run", games=150, with_rerolls=False,
                      slices=((4, "province"),), sweep_values=VALUES)
    return load_run(add_picks(path, rate=1.0, extra=lambda v, c: (
        0.04 * (int(v.rsplit("-", 1)[1]) - 7) if c == "A11" and v.startswith("A11-") else 0.0)))


def same(a: dict, b: dict):
    """Equal, floats to rounding (the pick values' sums in SQL may be added in any order)."""
    for k in a:
        if isinstance(a[k], float) and math.isnan(a[k]):
            assert isinstance(b[k], float) and math.isnan(b[k]), k
        elif isinstance(a[k], float):
            assert a[k] == pytest.approx(b[k], rel=1e-9, abs=1e-12), k
        else:
            assert a[k] == b[k], k


def evaluator(run, played):
    def evaluate(v):
        played.append(v)
        return point_from_values(pick_values(run.subset([f"A11-bursts-{v}"])), "A11", v)
    return evaluate


def test_balance_and_the_sweep_give_one_crossing_on_the_same_values(sweep_run):
    pts = pick_sweep_points(sweep_run)
    assert list(pts["value"]) == list(VALUES)
    sweep = pick_sweep_crossings(pts).iloc[0].to_dict()
    assert sweep["significant"] and 1 < sweep["crossing"] < 6
    assert sweep["values_used"] == ", ".join(map(str, VALUES))     # a line fits them all
    # balance searching the same run from 8: each value it plays reads that variant's picks
    played = []
    res = balance_card(evaluator(sweep_run, played), CardKey("companion", "A11"), "bursts", 8,
                       2.0, budget=8, max_change=8)
    assert len(played) >= 3 and len(played) < len(VALUES)
    on_same = pick_sweep_crossings(pts[pts["value"].isin(played)]).iloc[0].to_dict()
    assert res.crossing["values_used"] == on_same["values_used"]
    same(res.crossing, on_same)
    # balance's estimate through every swept value is the sweep's
    every = [point_from_values(pick_values(sweep_run.subset([f"A11-bursts-{b}"])), "A11", b)
             for b in VALUES]
    same(crossing_of(every), sweep)


def saturating(x):
    """A pick value that saturates far from 0: about 5 points per unit near 3, flat beyond."""
    return 15 * np.tanh((np.asarray(x, float) - 3) / 3)


def test_values_that_bend_away_from_the_line_are_left_out():
    x = np.arange(-6, 13)
    y = saturating(x)
    c = pick_value_crossing(x, y, y - 0.5, y + 0.5)
    used = [int(v) for v in c["values_used"].split(", ")]
    assert 3 in used and -6 not in used and 12 not in used
    assert c["lack_of_fit_p"] >= 0.05 and "left out of the line" in c["note"]
    assert c["crossing"] == pytest.approx(3.0, abs=0.05)
    assert c["crossing_low"] <= 3.0 <= c["crossing_high"]
    # with every value the line is pulled off by the flat ends: its slope is far too small
    from glowsim.analysis.sweeps import pick_crossing
    every = pick_crossing(x, y, y - 0.5, y + 0.5)
    assert every["slope"] < 0.6 * c["slope"]


def test_a_straight_line_keeps_every_value():
    x = np.arange(0, 7)
    rng = np.random.default_rng(4)
    y = 1.6 * (x - 2.8) + rng.normal(0, 0.7, x.size)
    c = pick_value_crossing(x, y, y - 1.4, y + 1.4)
    assert c["values_used"] == "0, 1, 2, 3, 4, 5, 6" and "left out" not in c["note"]
    assert c["crossing_low"] < 2.8 < c["crossing_high"]


def coverage(truth, x, x0, n=400, seed=12):
    """Shares of n redrawn noisy sweeps (sd 1 point) whose 95% crossing interval holds x0: by
    :func:`pick_value_crossing`, and by a line through every value."""
    from glowsim.analysis.sweeps import pick_crossing
    rng = np.random.default_rng(seed)
    hit = every = 0
    for _ in range(n):
        y = truth + rng.normal(0, 1.0, x.size)
        c = pick_value_crossing(x, y, y - 1.96, y + 1.96)
        hit += c["crossing_low"] <= x0 <= c["crossing_high"]
        a = pick_crossing(x, y, y - 1.96, y + 1.96)
        every += a["crossing_low"] <= x0 <= a["crossing_high"]
    return hit / n, every / n


def test_the_crossing_interval_covers_a_line_and_guards_against_saturation():
    x = np.arange(-2, 13)
    # a straight line: every value is kept and the interval holds the crossing 95% of the time
    hit, every = coverage(1.6 * (x - 3), x, 3.0)
    assert hit > 0.93 and every > 0.93
    # saturating far from 0: a line through every value is bent by the flat ends and its
    # narrow interval almost never holds the crossing; leaving them out restores most of it
    hit, every = coverage(saturating(x), x, 3.0)
    assert hit > 0.85 and every < 0.2
