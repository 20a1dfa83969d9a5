"""The value where a swept card's pick value crosses 0, given only when the slope is significant."""
import numpy as np
import pytest
from hypothesis import given, strategies as st

from glowsim.analysis.sweeps import pick_crossing


def test_a_clear_line_crosses_where_it_should():
    x = np.arange(0, 7)
    y = 4.0 * (x - 2.5)               # pick value -10 .. +14 points, crossing at 2.5
    c = pick_crossing(x, y, y - 1.0, y + 1.0)
    assert c["significant"] and c["in_range"]
    assert c["crossing"] == pytest.approx(2.5)
    assert c["crossing_low"] < 2.5 < c["crossing_high"]
    assert c["crossing_high"] - c["crossing_low"] < 1.0
    assert c["slope"] == pytest.approx(4.0) and c["slope_low"] > 0
    assert c["note"] == ""


def test_a_flat_noisy_sweep_gives_no_crossing_and_says_why():
    x = np.arange(0, 7)
    y = np.array([0.5, -0.3, 0.2, 0.1, -0.4, 0.3, 0.0])
    c = pick_crossing(x, y, y - 3.0, y + 3.0)
    assert not c["significant"]
    assert np.isnan(c["crossing"]) and np.isnan(c["crossing_low"])
    assert "is not clearly away from 0" in c["note"]
    assert c["slope_low"] < 0 < c["slope_high"]


def test_outside_the_swept_values_is_extrapolated():
    x = np.arange(0, 5)
    y = 2.0 * x + 20.0                 # crosses 0 at -10
    c = pick_crossing(x, y, y - 1, y + 1)
    assert c["significant"] and not c["in_range"]
    assert c["crossing"] == pytest.approx(-10.0)
    assert "outside the swept values" in c["note"]


def test_too_few_points():
    c = pick_crossing([3], [1.0], [0.0], [2.0])
    assert np.isnan(c["crossing"]) and not c["significant"] and "fewer than two" in c["note"]


@given(st.floats(-8, 8), st.floats(0.5, 5), st.floats(0.2, 2))
def test_crossing_interval_holds_the_crossing(x0, slope, half):
    x = np.arange(0.0, 7.0)
    y = slope * (x - x0)
    c = pick_crossing(x, y, y - half, y + half)
    assert c["significant"]
    assert c["crossing"] == pytest.approx(x0, abs=1e-9)
    assert c["crossing_low"] <= x0 <= c["crossing_high"]
