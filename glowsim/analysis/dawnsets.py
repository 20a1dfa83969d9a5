"""What the Dawn sets change (docs/rules.md D1): paired differences between variants of a run
that play the game with different sets, on the same seeds.

Every variant of a run plays the same game indices, so a game of one variant and the game of
the same index in another start from the same seeds (common random numbers).  For each variant
that plays Dawn, at its player count and side, it is compared game by game with

* the variant that plays the base game (when the run has one), and
* when it chooses sets, the variant that plays Dawn without a set chosen (when the run has
  one): what the chosen sets add to Dawn alone.

Per game: the players' mean final score, the winning margin, and the first player's win
share (the player first in the first round's turn order); each difference has its paired
t interval (:func:`glowsim.analysis.intervals.paired_diff`).
"""
from __future__ import annotations

import pandas as pd

from .intervals import interval_columns, paired_diff
from .load import Run

METRICS = ("score", "margin", "first_win")
METRIC_NAMES = {"score": "mean score", "margin": "winning margin",
                "first_win": "first player's win share"}
COLUMNS = ["n_players", "side", "variant", "game", "baseline", "baseline_game", "metric",
           "pairs", "mean", "baseline_mean", "diff", "diff_low", "diff_high"]


def plays_dawn(run: Run) -> bool:
    """Whether a variant of the run plays Dawn."""
    return any(v.dawn_sets is not None for v in run.variants)


def _per_game(run: Run) -> pd.DataFrame:
    """One row per (variant, game): n_players, side and METRICS."""
    sc = run.scope
    return sc.df(f"""
        SELECT g.variant, g.game_index, g.n_players, g.side, g.margin::DOUBLE AS margin,
               avg(p.score)::DOUBLE AS score,
               sum(CASE WHEN p.turn_pos = 0 THEN p.win_share ELSE 0 END)::DOUBLE AS first_win
        FROM {sc.rel('games', columns=['variant', 'game_index', 'n_players', 'side', 'margin'])} g
        JOIN {sc.rel('players', columns=['variant', 'game_index', 'turn_pos', 'score', 'win_share'])} p
          USING (variant, game_index)
        GROUP BY ALL""")


def set_differences(run: Run) -> pd.DataFrame:
    """COLUMNS: one row per (Dawn variant, baseline variant, metric); empty when no variant
    plays Dawn or no variant has a baseline at its player count and side."""
    if not plays_dawn(run):
        return pd.DataFrame(columns=COLUMNS)
    per_game = _per_game(run)
    if per_game.empty:
        return pd.DataFrame(columns=COLUMNS)
    where = per_game.groupby("variant")[["n_players", "side"]].first()
    present = [v for v in run.variants if v.name in where.index]
    rows = []
    for v in present:
        if v.dawn_sets is None:
            continue
        at = tuple(where.loc[v.name])
        same = [b for b in present if b.name != v.name and tuple(where.loc[b.name]) == at]
        baselines = [b for b in same if b.dawn_sets is None][:1]
        if v.dawn_sets:
            baselines += [b for b in same if b.dawn_sets == ()][:1]
        for b in baselines:
            a = per_game[per_game.variant == v.name].set_index("game_index")
            c = per_game[per_game.variant == b.name].set_index("game_index")
            both = a.index.intersection(c.index)
            for metric in METRICS:
                x, y = a.loc[both, metric], c.loc[both, metric]
                row = dict(n_players=int(at[0]), side=at[1], variant=v.name, game=v.game_name,
                           baseline=b.name, baseline_game=b.game_name, metric=metric,
                           pairs=len(both), mean=float(x.mean()), baseline_mean=float(y.mean()))
                row.update(interval_columns("diff", paired_diff(x.to_numpy(), y.to_numpy())))
                rows.append(row)
    return pd.DataFrame(rows, columns=COLUMNS)
