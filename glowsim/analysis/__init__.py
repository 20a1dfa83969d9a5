"""Analysis of run folders: tidy pandas tables with 95% intervals.

    >>> from glowsim.analysis import load_run, companion_strength
    >>> run = load_run("runs/default")
    >>> companion_strength(run).head()

Every function takes a :class:`Run` and returns a DataFrame; rates carry
``_low`` / ``_high`` interval columns and the number of games behind them.
Definitions of every column: the module docstrings and
:mod:`glowsim.report.glossary`.
"""
from .adventurers import ADVENTURER_SLICE, adventurer_strength
from .cards import companion_strength, recruit_bursts
from .counts import slice_counts, variant_counts
from .drafts import draft_offers, draft_strength
from .intervals import Interval, mean_ci, newcombe_diff, paired_diff, ratio_ci, wilson
from .load import Run, RunError, Sweep, Variant, load_run
from .picks import pick_regret, pick_values, pick_values_by_stage
from .rerolls import reroll_experiments, reroll_usage, token_slopes, track_break_even
from .seats import seat_summary, seat_win_rates
from .sides import score_histogram, score_parts, side_summary
from .sweeps import sweep_crossings, sweep_points
from .variants import paired_gain, variant_settings, varying_fields

__all__ = ["ADVENTURER_SLICE", "Interval", "Run", "RunError", "Sweep", "Variant",
           "adventurer_strength", "companion_strength", "draft_offers",
           "draft_strength", "load_run", "mean_ci", "newcombe_diff",
           "paired_diff", "paired_gain", "pick_regret", "pick_values", "pick_values_by_stage", "ratio_ci", "recruit_bursts", "reroll_experiments",
           "reroll_usage", "score_histogram", "score_parts", "seat_summary", "slice_counts", "variant_counts", "seat_win_rates", "token_slopes", "side_summary", "sweep_crossings", "sweep_points",
           "track_break_even", "variant_settings", "varying_fields", "wilson"]
