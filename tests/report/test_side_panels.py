"""The sides figure when one player count has several province/archipelago pairs (a ladder of
duels seated on both sides): one row per pair, each named."""
import matplotlib
import numpy as np
import pandas as pd

matplotlib.use("Agg")

from glowsim.analysis.sides import DIFF_COLUMNS
from glowsim.report import figures as F


def _diffs(pairs, figure="seat_gap"):
    rows = []
    for k, (n, vp, va) in enumerate(pairs):
        row = {c: np.nan for c in DIFF_COLUMNS}
        row.update(n_players=n, province_variant=vp, archipelago_variant=va, figure=figure,
                   label="seat gap", difference=float(k), difference_low=k - 0.5,
                   difference_high=k + 0.5, more_balanced="")
        rows.append(row)
    return pd.DataFrame(rows, columns=DIFF_COLUMNS)


def test_two_pairs_at_one_player_count_get_a_row_each_named_by_their_variants():
    diffs = _diffs([(4, "vs expert province", "vs expert archipelago"),
                    (4, "vs rollout province", "vs rollout archipelago"),
                    (3, "3p province", "3p archipelago")])
    fig = F.side_difference_panels(diffs, [("seat_gap", "seat gap")], {}, "sides")
    ax = fig.axes[0]
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels == ["3 players", "vs expert province / vs expert archipelago",
                      "vs rollout province / vs rollout archipelago"]
    # each pair's own difference on its own row: the input gave 0 to the expert pair, 1 to
    # the rollout pair and 2 to 3 players; rows are sorted by player count, then variant
    dots = sorted((float(y), float(x)) for line in ax.get_lines() if line.get_marker() == "o"
                  for x, y in zip(line.get_xdata(), line.get_ydata()))
    assert dots == [(0.0, 2.0), (1.0, 0.0), (2.0, 1.0)]
