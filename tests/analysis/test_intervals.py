"""Interval formulas against published worked examples and hand computation."""
import math

import numpy as np
import pytest

from glowsim.analysis.intervals import mean_ci, newcombe_diff, paired_diff, ratio_ci, wilson


def test_wilson_newcombe_1998_example():
    # Newcombe (1998), Stat Med 17:857, example 81/263: Wilson score 0.2553 to 0.3662
    iv = wilson(81, 263)
    assert iv.estimate == pytest.approx(81 / 263)
    assert (round(iv.low, 4), round(iv.high, 4)) == (0.2553, 0.3662)
    assert iv.n == 263


def test_wilson_edges_hand_computed():
    # x = 0, n = 10: upper = z^2/n / (1 + z^2/n) = 3.8415/10 / 1.38415 = 0.27754
    iv = wilson(0, 10)
    assert iv.low == 0.0 and iv.high == pytest.approx(0.27754, abs=1e-5)
    iv = wilson(5, 10)
    assert (round(iv.low, 4), round(iv.high, 4)) == (0.2366, 0.7634)
    iv = wilson(0, 0)
    assert math.isnan(iv.estimate) and iv.n == 0


def test_newcombe_difference_1998_example():
    # Newcombe (1998), Stat Med 17:873, 56/70 - 48/80: method 10 gives 0.0524 to 0.3339
    iv = newcombe_diff(56, 70, 48, 80)
    assert iv.estimate == pytest.approx(0.2)
    assert (round(iv.low, 4), round(iv.high, 4)) == (0.0524, 0.3339)


def test_paired_difference_hand_computed():
    # diffs 1, 3, 0: mean 4/3, sd sqrt(7/3), t(0.975, 2) = 4.302653
    iv = paired_diff([11, 15, 14], [10, 12, 14])
    half = 4.302653 * math.sqrt(7 / 3) / math.sqrt(3)
    assert iv.estimate == pytest.approx(4 / 3)
    assert iv.low == pytest.approx(4 / 3 - half, rel=1e-6)
    assert iv.high == pytest.approx(4 / 3 + half, rel=1e-6)
    with pytest.raises(ValueError, match="pairs must match"):
        paired_diff([1, 2], [1])


def test_mean_ci_single_value_has_no_interval():
    iv = mean_ci([3.0])
    assert iv.estimate == 3.0 and math.isnan(iv.low) and iv.n == 1


def test_ratio_delta_method_hand_computed():
    num, den = np.array([2.0, 4.0, 6.0]), np.array([1.0, 1.0, 2.0])
    r = 4.0 / (4.0 / 3)
    # var(num)=4, var(den)=1/3, cov=1 -> (4 - 2*3*1 + 9/3) / (3 * (4/3)^2) = 1/(16/3) = 0.1875
    iv = ratio_ci(num, den)
    assert iv.estimate == pytest.approx(r)
    assert iv.high - r == pytest.approx(1.959964 * math.sqrt(0.1875), rel=1e-6)
