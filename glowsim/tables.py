"""The report's tables as functions: each takes a run (a run folder's path, what
:func:`glowsim.load` or :func:`glowsim.run` returns, or a :class:`glowsim.analysis.Run`) and
returns the DataFrame the report writes as ``tables/<name>.csv``.

    >>> import glowsim
    >>> glowsim.tables.companion_strength("runs/demo")

Each table is built in one place, :mod:`glowsim.report.tables`, which the report's sections
call too; the functions here only take the run in any of its forms and choose the variants
the report's section reads.  The card, adventurer, board-side and balance tables (and pick
values) read the variants that play the published game; when none does, they are computed
for each block of variants the report shows apart
(:func:`glowsim.analysis.variants.reference_groups`) and a ``variants`` column names the
block, or, for a run sweeping a card number, per variant with a column per swept field, as
the report gives them.  ``variant=NAME`` computes a table on that variant alone.
"""
from __future__ import annotations

import pandas as pd

from . import analysis as A
from .analysis.load import Run
from .analysis.names import card_names
from .analysis.variants import check_variant, reference_groups
from .report import tables as T


def _run(run) -> Run:
    if isinstance(run, Run):
        return run
    if hasattr(run, "run") and isinstance(run.run, Run):     # glowsim.load's Results
        return run.run
    return A.load_run(run)


def _per_block(run, variant, fn, by_value=None) -> pd.DataFrame:
    """``fn(sub_run)`` over the published-game variants, or per block with a ``variants``
    column when no variant plays the published game, or over ``variant`` alone; a run the
    report gives per swept value (:func:`glowsim.report.tables.reported_by_value`):
    ``by_value(sub_run)`` over its variants, as the report writes it."""
    r = _run(run)
    if variant is not None:
        return fn(r.subset([check_variant(r, variant)]))
    blocks = reference_groups(r)
    if len(blocks) == 1 and not blocks[0][0]:
        return fn(r.subset(blocks[0][1]))
    if by_value is not None and T.reported_by_value(r):
        return by_value(r.subset([v for _, vs in blocks for v in vs]))
    parts = [fn(r.subset(vs)).assign(variants=label) for label, vs in blocks]
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()


def _whole(run, variant) -> Run:
    r = _run(run)
    return r.subset([check_variant(r, variant)]) if variant is not None else r


# ---- run ----

def variants(run) -> pd.DataFrame:
    """One row per variant: its games, players and side (``tables/variants.csv``)."""
    return T.variants(_run(run))


def variant_settings(run) -> pd.DataFrame:
    """One row per variant, one column per setting it was played with."""
    return T.variant_settings(_run(run))


# ---- cards and adventurers ----

def companion_strength(run, variant: str | None = None) -> pd.DataFrame:
    """Per player count, side and companion: pick rate, win rate when recruited / passed,
    improvement, bursts produced (``tables/cards.csv``); new cards named from their patch."""
    r = _run(run)
    names = card_names(r)[0]
    return _per_block(r, variant, lambda x: T.companion_strength(x, names),
                      lambda x: T.companion_strength_by_value(x, names))


def adventurer_strength(run, variant: str | None = None) -> pd.DataFrame:
    """Per player count, side, assignment and adventurer: win rate, improvement, mean score,
    and the draft columns when seats draft (``tables/adventurers.csv``)."""
    r = _run(run)
    names = card_names(r)[1]
    return _per_block(r, variant, lambda x: T.adventurer_strength(x, names),
                      lambda x: T.adventurer_strength_by_value(x, names))


def pick_values(run, variant: str | None = None) -> pd.DataFrame:
    """Per player count, side and companion: pick value with its 95% interval and verdict, for
    runs with forked picks (``tables/pick_values.csv``)."""
    r = _run(run)
    names = card_names(r)[0]
    return _per_block(r, variant, lambda x: T.pick_values(x, names),
                      lambda x: T.pick_values_by_value(x, names))


def pick_values_by_stage(run, variant: str | None = None) -> pd.DataFrame:
    """Pick values per round stage (``tables/pick_values_by_stage.csv``)."""
    r = _run(run)
    names = card_names(r)[0]
    return _per_block(r, variant, lambda x: T.pick_values_by_stage(x, names))


# ---- Dawn's sets ----

def dawn_sets(run) -> pd.DataFrame:
    """Each variant playing Dawn against the base game and Dawn without a set, paired on common
    seeds (``tables/dawn_sets.csv``)."""
    return T.dawn_sets(_run(run))


# ---- balance and board sides ----

def balance(run, variant: str | None = None) -> pd.DataFrame:
    """Per player count and side: seat gap, first-player advantage, tie rate, score spread,
    margin (``tables/balance.csv``)."""
    return _per_block(run, variant, T.balance, T.balance_by_value)


def seats(run, variant: str | None = None) -> pd.DataFrame:
    """Win rate per turn position (``tables/seats.csv``)."""
    return _per_block(run, variant, T.seats)


def sides(run, variant: str | None = None) -> pd.DataFrame:
    """Per player count and side: scores, margin, journey share, spreads (``tables/sides.csv``)."""
    return _per_block(run, variant, T.sides, T.sides_by_value)


def score_parts(run, variant: str | None = None) -> pd.DataFrame:
    """Mean of each part of the final score per player count and side."""
    return _per_block(run, variant, T.score_parts)


def side_differences(run, variant: str | None = None) -> pd.DataFrame:
    """Province minus archipelago of each balance figure, paired on the same seeds, per player
    count (``tables/side_differences.csv``)."""
    return _per_block(run, variant, T.side_differences, T.side_differences_by_value)


def side_verdicts(run, variant: str | None = None) -> pd.DataFrame:
    """One line per player count: which side is more balanced, and on what
    (``tables/side_verdicts.csv``)."""
    return _per_block(run, variant, T.side_verdicts)


# ---- rerolls ----

def reroll_usage(run, variant: str | None = None) -> pd.DataFrame:
    """Rerolls spent per player and game by source, and the bursts of score a score-track
    reroll cost (``tables/reroll_usage.csv``; a sweep's pools its variants, as its report)."""
    return _per_block(run, variant, T.reroll_usage, T.reroll_usage)


def reroll_value(run) -> pd.DataFrame:
    """Paired value of extra rerolls, per reroll variant against its baseline
    (``tables/reroll_value.csv``; empty without reroll variants)."""
    return T.reroll_value(_run(run))


def reroll_per_token(run) -> pd.DataFrame:
    """Value of one extra starting reroll token (``tables/reroll_per_token.csv``)."""
    return T.reroll_per_token(_run(run))


def reroll_sources(run) -> pd.DataFrame:
    """Bursts per extra reroll spent, by source (``tables/reroll_sources.csv``)."""
    return T.reroll_sources(_run(run))


# ---- sweeps ----

def sweep_points(run) -> pd.DataFrame:
    """Each swept value's metric with its interval (``tables/sweep_points.csv``)."""
    return T.sweep_points(_run(run))


def sweep_crossings(run) -> pd.DataFrame:
    """Where each sweep meets the field average (``tables/sweep_crossings.csv``)."""
    return T.sweep_crossings(_run(run))


def sweep_pick_values(run) -> pd.DataFrame:
    """A swept companion's pick value and pick rate per swept value, for runs with picks
    (``tables/sweep_pick_values.csv``)."""
    return T.sweep_pick_values(_run(run))


def sweep_pick_crossings(run) -> pd.DataFrame:
    """Where each swept companion's pick value crosses 0, when the slope is significant
    (``tables/sweep_pick_crossings.csv``)."""
    return T.sweep_pick_crossings(_run(run))


# ---- bots ----

def bot_duels(run, variant: str | None = None) -> pd.DataFrame:
    """Head-to-head duels of bots on complementary seatings (``tables/bot_duels.csv``)."""
    return T.bot_duels(_whole(run, variant))


def bot_card_metrics(run) -> pd.DataFrame:
    """The card metric under each self-play bot (``tables/bot_card_metrics.csv``)."""
    return T.bot_card_metrics(_run(run))


def bot_rank_correlations(run) -> pd.DataFrame:
    """Rank correlations of the card metric between self-play bots
    (``tables/bot_rank_correlations.csv``)."""
    return T.bot_rank_correlations(_run(run))


def bot_verdict_flips(run) -> pd.DataFrame:
    """Cards whose verdict depends on the bot (``tables/bot_verdict_flips.csv``)."""
    return T.bot_verdict_flips(_run(run))


def pick_regret(run) -> pd.DataFrame:
    """Pick regret per player count, side, bot and stage, for runs with forked picks
    (``tables/pick_regret.csv``)."""
    return T.pick_regret(_run(run))


def bot_pick_values(run) -> pd.DataFrame:
    """Pick values of each bot's self-play games (``tables/bot_pick_values.csv``)."""
    r = _run(run)
    return T.bot_pick_values(r, card_names(r)[0])


def bot_pick_rank_correlations(run) -> pd.DataFrame:
    """Rank correlation of pick values between bots (``tables/bot_pick_rank_correlations.csv``)."""
    return T.bot_pick_rank_correlations(bot_pick_values(run))


def bot_pick_value_noise(run) -> pd.DataFrame:
    """How finely each bot's pick values are measured (``tables/bot_pick_value_noise.csv``)."""
    return T.bot_pick_value_noise(bot_pick_values(run))


def bot_pick_verdict_flips(run) -> pd.DataFrame:
    """Companions whose pick-value verdict depends on the bot
    (``tables/bot_pick_verdict_flips.csv``)."""
    return T.bot_pick_verdict_flips(bot_pick_values(run))


def bot_pick_value_differences(run) -> pd.DataFrame:
    """Pick value differences between bots, card by card, with 95% intervals
    (``tables/bot_pick_value_differences.csv``)."""
    return T.bot_pick_value_differences(bot_pick_values(run))


# ---- solo ----

def solo_win_rates(run) -> pd.DataFrame:
    """Win rate against Tom per side and adventurer (``tables/solo_win_rates.csv``)."""
    return T.solo_win_rates(_run(run))


def solo_scores(run) -> pd.DataFrame:
    """Final scores, player and Tom, per side (``tables/solo_scores.csv``)."""
    return T.solo_scores(_run(run))


def solo_tiles(run) -> pd.DataFrame:
    """Tom's tiles: bursts to Tom and the player's odds (``tables/solo_tiles.csv``)."""
    return T.solo_tiles(_run(run))


__all__ = ["adventurer_strength", "balance", "dawn_sets", "bot_card_metrics", "bot_duels",
           "bot_pick_rank_correlations", "bot_pick_value_differences", "bot_pick_value_noise",
           "bot_pick_values",
           "bot_pick_verdict_flips", "bot_rank_correlations", "bot_verdict_flips",
           "companion_strength", "pick_regret", "pick_values", "pick_values_by_stage",
           "reroll_per_token", "reroll_sources", "reroll_usage", "reroll_value",
           "score_parts", "seats", "side_differences", "side_verdicts", "sides",
           "solo_scores", "solo_tiles", "solo_win_rates", "sweep_crossings",
           "sweep_pick_crossings", "sweep_pick_values", "sweep_points", "variant_settings",
           "variants"]
