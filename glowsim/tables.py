"""The report's tables as functions: each takes a run (a run folder's path, what
:func:`glowsim.load` or :func:`glowsim.run` returns, or a :class:`glowsim.analysis.Run`) and
returns the DataFrame the report writes as ``tables/<name>.csv``.

    >>> import glowsim
    >>> glowsim.tables.companion_strength("runs/demo")

The card, adventurer, board-side and balance tables read the variants that play the published
game; when none does, they are computed for each block of variants the report shows apart
(:func:`glowsim.analysis.variants.reference_groups`) and a ``variants`` column names the block.
``variant=NAME`` computes a table on that variant alone.
"""
from __future__ import annotations

import pandas as pd

from . import analysis as A
from .analysis import sides as _sides
from .analysis.load import Run
from .analysis.variants import check_variant, reference_groups


def _run(run) -> Run:
    if isinstance(run, Run):
        return run
    if hasattr(run, "run") and isinstance(run.run, Run):     # glowsim.load's Results
        return run.run
    return A.load_run(run)


def _names(run: Run) -> tuple[dict, dict]:
    from .report.sections import card_names
    return card_names(run)


def _per_block(run, variant, fn) -> pd.DataFrame:
    """``fn(sub_run)`` over the published-game variants, or per block with a ``variants``
    column when no variant plays the published game, or over ``variant`` alone."""
    r = _run(run)
    if variant is not None:
        return fn(r.subset([check_variant(r, variant)]))
    blocks = reference_groups(r)
    if len(blocks) == 1 and not blocks[0][0]:
        return fn(r.subset(blocks[0][1]))
    parts = [fn(r.subset(vs)).assign(variants=label) for label, vs in blocks]
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()


def _whole(run, variant) -> Run:
    r = _run(run)
    return r.subset([check_variant(r, variant)]) if variant is not None else r


# ---- run ----

def variants(run) -> pd.DataFrame:
    """One row per variant: its games, players and side (``tables/variants.csv``)."""
    return A.variant_counts(_run(run))


def variant_settings(run) -> pd.DataFrame:
    """One row per variant, one column per setting it was played with."""
    return A.variant_settings(_run(run))


# ---- cards and adventurers ----

def companion_strength(run, variant: str | None = None) -> pd.DataFrame:
    """Per player count, side and companion: pick rate, win rate when recruited / passed,
    improvement, bursts produced (``tables/cards.csv``); new cards named from their patch."""
    from .report.ranks import with_ranks
    r = _run(run)
    names = _names(r)[0]
    return _per_block(r, variant, lambda x: with_ranks(A.companion_strength(x, names=names), x,
                                                       "companion")[0])


def adventurer_strength(run, variant: str | None = None) -> pd.DataFrame:
    """Per player count, side, assignment and adventurer: win rate, improvement, mean score,
    and the draft columns when seats draft (``tables/adventurers.csv``)."""
    from .analysis.drafts import DRAFT_COLUMNS, draft_offers
    r = _run(run)
    names = _names(r)[1]

    def one(x):
        offers = draft_offers(x)
        from .report.ranks import with_ranks
        t = with_ranks(A.adventurer_strength(x, names=names, draft=True, offers=offers), x,
                       "adventurer", A.ADVENTURER_SLICE)[0]
        return t if not offers.empty else t.drop(columns=[c for c in DRAFT_COLUMNS
                                                          if c in t.columns])
    return _per_block(r, variant, one)


# ---- balance and board sides ----

def balance(run, variant: str | None = None) -> pd.DataFrame:
    """Per player count and side: seat gap, first-player advantage, tie rate, score spread,
    margin (``tables/balance.csv``)."""
    return _per_block(run, variant, A.seat_summary)


def seats(run, variant: str | None = None) -> pd.DataFrame:
    """Win rate per turn position (``tables/seats.csv``)."""
    return _per_block(run, variant, A.seat_win_rates)


def sides(run, variant: str | None = None) -> pd.DataFrame:
    """Per player count and side: scores, margin, journey share, spreads (``tables/sides.csv``)."""
    return _per_block(run, variant, A.side_summary)


def score_parts(run, variant: str | None = None) -> pd.DataFrame:
    """Mean of each part of the final score per player count and side."""
    return _per_block(run, variant, A.score_parts)


def side_differences(run, variant: str | None = None) -> pd.DataFrame:
    """Province minus archipelago of each balance figure, paired on the same seeds, per player
    count (``tables/side_differences.csv``)."""
    return _per_block(run, variant, _sides.side_differences)


def side_verdicts(run, variant: str | None = None) -> pd.DataFrame:
    """One line per player count: which side is more balanced, and on what
    (``tables/side_verdicts.csv``)."""
    return _per_block(run, variant,
                      lambda x: _sides.side_verdicts(_sides.side_differences(x)))


# ---- rerolls ----

def reroll_usage(run, variant: str | None = None) -> pd.DataFrame:
    """Rerolls spent per player and game by source, and the bursts of score a score-track
    reroll cost (``tables/reroll_usage.csv``)."""
    from .report.sections import usage_table
    return _per_block(run, variant, usage_table)


def reroll_value(run) -> pd.DataFrame:
    """Paired value of extra rerolls, per reroll variant against its baseline
    (``tables/reroll_value.csv``; empty without reroll variants)."""
    return A.reroll_experiments(_run(run))


def reroll_per_token(run) -> pd.DataFrame:
    """Value of one extra starting reroll token (``tables/reroll_per_token.csv``)."""
    return A.token_slopes(_run(run))


# ---- sweeps ----

def sweep_points(run) -> pd.DataFrame:
    """Each swept value's metric with its interval (``tables/sweep_points.csv``)."""
    return A.sweep_points(_run(run))


def sweep_crossings(run) -> pd.DataFrame:
    """Where each sweep meets the field average (``tables/sweep_crossings.csv``)."""
    return A.sweep_crossings(A.sweep_points(_run(run)))


def sweep_pick_values(run) -> pd.DataFrame:
    """A swept companion's pick value and pick rate per swept value, for runs with picks
    (``tables/sweep_pick_values.csv``)."""
    from .analysis.sweeps import PICK_POINT_COLUMNS, pick_sweep_points
    r = _run(run)
    if not getattr(r, "has_picks", False):
        return pd.DataFrame(columns=PICK_POINT_COLUMNS)
    return pick_sweep_points(r)


def sweep_pick_crossings(run) -> pd.DataFrame:
    """Where each swept companion's pick value crosses 0, when the slope is significant
    (``tables/sweep_pick_crossings.csv``)."""
    from .analysis.sweeps import pick_sweep_crossings
    return pick_sweep_crossings(sweep_pick_values(run))


# ---- bots and solo ----

def bot_duels(run, variant: str | None = None) -> pd.DataFrame:
    """Head-to-head duels of bots on complementary seatings (``tables/bot_duels.csv``)."""
    from .analysis import bots
    return bots.duels(_whole(run, variant))


def bot_card_metrics(run) -> pd.DataFrame:
    """The card metric under each self-play bot (``tables/bot_card_metrics.csv``)."""
    from .analysis import bots
    r = _run(run)
    return bots.card_metrics(r, bots.selfplay_variants(r))


def solo_win_rates(run) -> pd.DataFrame:
    """Win rate against Tom per side and adventurer (``tables/solo_win_rates.csv``)."""
    from .analysis import solo
    return solo.solo_win_rates(_run(run))


def solo_scores(run) -> pd.DataFrame:
    """Final scores, player and Tom, per side (``tables/solo_scores.csv``)."""
    from .analysis import solo
    return solo.solo_scores(_run(run))


__all__ = ["adventurer_strength", "balance", "bot_card_metrics", "bot_duels",
           "companion_strength", "reroll_per_token", "reroll_usage", "reroll_value",
           "score_parts", "seats", "side_differences", "side_verdicts", "sides",
           "solo_scores", "solo_win_rates", "sweep_crossings", "sweep_pick_crossings",
           "sweep_pick_values", "sweep_points", "variant_settings",
           "variants"]
