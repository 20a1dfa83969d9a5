"""The report's tables: one function per table, the one place each is built.

Each function takes the analysis :class:`~glowsim.analysis.Run` a section reads (the report
passes the variants of one block, see glowsim/report/assemble.py) and returns the DataFrame
written as ``tables/<name>.csv``: :data:`FILES` maps each file to its function (the name of
the function where the two differ).  The report's sections call these functions, and so does
the notebook API :mod:`glowsim.tables`, which re-exports them with the run given as a path, a
loaded run or a variant name.  Column definitions: the analysis module each table reads
(named in the docstrings) and glowsim/report/glossary.py.

Some functions take what another table already computed (``differences``, ``points``,
``experiments``, ``diffs``, ``noise``) so that a section does not compute it twice; left out,
they compute it.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .. import analysis as A
from ..analysis import bots as BA
from ..analysis import solo as SA
from ..analysis.cards import SLICE
from ..analysis.dawnsets import set_differences
from ..analysis.drafts import DRAFT_COLUMNS, draft_offers
from ..analysis.intervals import Z95
from ..analysis.picks import THRESHOLD, pick_regret as _pick_regret
from ..analysis.picks import pick_values as _pick_values
from ..analysis.picks import pick_values_by_stage as _pick_values_by_stage
from ..analysis.rerolls import SOURCE_LABELS
from ..analysis.sides import side_differences as _side_differences
from ..analysis.sides import side_verdicts as _side_verdicts
from ..analysis.sweeps import (PICK_CROSS_COLUMNS, PICK_POINT_COLUMNS, axis_label,
                               pick_sweep_crossings, pick_sweep_points, published_value,
                               swept_fields, sweep_axes, with_axes)
from ..analysis.sweeps import reported_by_value as _reported_by_value
from ..analysis.variants import reference_groups
from . import botdiffs as BD
from . import convergence as CV
from .ranks import with_ranks

# tables/<file>.csv -> the function that builds it, where the names differ
FILES = {"cards": "companion_strength", "adventurers": "adventurer_strength"}

# the usage table's columns in the report's words: a score-track reroll is paid in bursts
USAGE_WORDS = {"track_points": "track_bursts_paid",
               "points_per_track_reroll": "bursts_per_track_reroll"}


def function_of(file: str) -> str:
    """The name of the function that builds ``tables/<file>.csv`` (a block's suffix, as in
    ``cards-<block>``, left out)."""
    return FILES.get(file, file)


# ---- run ----

def variants(run: A.Run, blocks: list[tuple[str, list[str]]] | None = None) -> pd.DataFrame:
    """One row per variant: its games, players and side (:func:`glowsim.analysis.variant_counts`);
    with the report's ``blocks`` (label, variants) also whether the card, side and balance
    sections read it and, when no variant plays the published game, under which name."""
    g = A.variant_counts(run)
    games = {v.name: v.game_name for v in run.variants}
    if any(v.dawn_sets is not None for v in run.variants):   # the game each plays: Dawn's sets
        g.insert(1, "game", [games.get(str(v), "") for v in g["variant"]])
    if blocks is None:
        return g
    where = {v: label for label, vs in blocks for v in vs}
    g["in card/side/balance sections"] = [str(v) in where for v in g["variant"]]
    if blocks and blocks[0][0]:        # no published game: the sections' names for each
        g["sections named"] = [where.get(str(v), "") for v in g["variant"]]
    return g


def variant_settings(run: A.Run) -> pd.DataFrame:
    """One row per variant, one column per setting it was played with."""
    return A.variant_settings(run)


# ---- cards and adventurers ----

def companion_strength(run: A.Run, names: dict | None = None) -> pd.DataFrame:
    """``cards``: per player count, side and companion, pick rate, win rate when recruited /
    passed, improvement, bursts produced (:mod:`glowsim.analysis.cards`) and the rank columns
    (:mod:`glowsim.analysis.ranks`); ``names``: {id: name} (the content's by default)."""
    return with_ranks(A.companion_strength(run, names=names), run, "companion")


def adventurer_strength(run: A.Run, names: dict | None = None,
                        offers: pd.DataFrame | None = None) -> pd.DataFrame:
    """``adventurers``: per player count, side, assignment and adventurer, win rate,
    improvement, mean score (:mod:`glowsim.analysis.adventurers`), the rank columns, and the
    draft columns when seats draft.  ``offers``: the run's draft offers
    (:func:`glowsim.analysis.drafts.draft_offers`, which raises RunError when the tables
    contradict E19), derived when not given."""
    offers = draft_offers(run) if offers is None else offers
    t = with_ranks(A.adventurer_strength(run, names=names, draft=True, offers=offers), run,
                   "adventurer", A.ADVENTURER_SLICE)
    if offers.empty:
        t = t.drop(columns=[c for c in DRAFT_COLUMNS if c in t.columns])
    return t


# ---- Dawn's sets ----

def dawn_sets(run: A.Run) -> pd.DataFrame:
    """``dawn_sets``: each variant playing Dawn against the base game and against Dawn without
    a set, at its player count and side, paired on common seeds: mean score, winning margin,
    first player's win share (:func:`glowsim.analysis.dawnsets.set_differences`)."""
    return set_differences(run)


# ---- balance and board sides ----

def balance(run: A.Run) -> pd.DataFrame:
    """Per player count and side: seat gap, first-player advantage, tie rate, score spread,
    margin (:func:`glowsim.analysis.seat_summary`)."""
    return A.seat_summary(run)


def seats(run: A.Run) -> pd.DataFrame:
    """Win rate per turn position (:func:`glowsim.analysis.seat_win_rates`)."""
    return A.seat_win_rates(run)


def sides(run: A.Run) -> pd.DataFrame:
    """Per player count and side: scores, margin, journey share, spreads
    (:func:`glowsim.analysis.side_summary`)."""
    return A.side_summary(run)


def score_parts(run: A.Run) -> pd.DataFrame:
    """Mean of each part of the final score per player count and side (the board-side
    section's figure; no file)."""
    return A.score_parts(run)


def side_differences(run: A.Run) -> pd.DataFrame:
    """Province minus archipelago of each balance figure, paired on the same seeds, per player
    count (:func:`glowsim.analysis.sides.side_differences`)."""
    return _side_differences(run)


def side_verdicts(run: A.Run, differences: pd.DataFrame | None = None) -> pd.DataFrame:
    """One line per player count: which side is more balanced, and on what
    (:func:`glowsim.analysis.sides.side_verdicts` of :func:`side_differences`)."""
    return _side_verdicts(side_differences(run) if differences is None else differences)


# ---- rerolls ----

def reroll_usage(run: A.Run) -> pd.DataFrame:
    """Rerolls spent per player and game by source, and the bursts of score a score-track
    reroll cost (:func:`glowsim.analysis.reroll_usage` in the report's words)."""
    return A.reroll_usage(run).rename(columns=USAGE_WORDS)


def reroll_value(run: A.Run) -> pd.DataFrame:
    """Paired value of extra rerolls, per reroll variant against its baseline
    (:func:`glowsim.analysis.reroll_experiments`; empty without reroll variants)."""
    return A.reroll_experiments(run)


def reroll_per_token(run: A.Run) -> pd.DataFrame:
    """Value of one extra starting reroll token (:func:`glowsim.analysis.token_slopes`)."""
    return A.token_slopes(run)


def reroll_sources(run: A.Run, experiments: pd.DataFrame | None = None) -> pd.DataFrame:
    """Bursts per extra reroll spent, by source: of each source, the variant with the most
    paired games (then the smallest amount) among :func:`reroll_value`'s rows with a value
    (empty when none has one)."""
    exp = reroll_value(run) if experiments is None else experiments
    rows = []
    for src, g in exp.dropna(subset=["bursts_per_reroll"]).groupby("source"):
        r = g.sort_values(["pairs", "amount"], ascending=[False, True]).iloc[0]
        rows.append(dict(source=SOURCE_LABELS[src], variant=r["variant"],
                         bursts_per_reroll=r["bursts_per_reroll"],
                         low=r["bursts_per_reroll_low"], high=r["bursts_per_reroll_high"]))
    return pd.DataFrame(rows)


# ---- a sweep, per swept value ----
# A run that sweeps a card number and holds no variant of the published game writes these in
# place of cards, adventurers, pick_values, balance, sides and side_differences (same files):
# one row per variant, a column per swept field (glowsim/report/sweepvalues.py).

BY_VALUE = ["variant", "n_players", "side"]


def reported_by_value(run: A.Run) -> bool:
    """Whether the report gives the run's card, adventurer, balance and side tables per swept
    value (:func:`glowsim.analysis.sweeps.reported_by_value`)."""
    return _reported_by_value(run)


def companion_strength_by_value(run: A.Run, names: dict | None = None) -> pd.DataFrame:
    """``cards`` of a sweep: :func:`companion_strength` per variant, long form."""
    return with_axes(A.companion_strength(run, by=BY_VALUE, names=names), sweep_axes(run))


def adventurer_strength_by_value(run: A.Run, names: dict | None = None) -> pd.DataFrame:
    """``adventurers`` of a sweep: win rate, improvement, mean score per variant, assignment
    and adventurer, long form (no draft columns)."""
    return with_axes(A.adventurer_strength(run, by=BY_VALUE + ["assignment"], names=names,
                                           draft=False), sweep_axes(run))


def pick_values_by_value(run: A.Run, names: dict | None = None, threshold: float = THRESHOLD,
                         values: pd.DataFrame | None = None) -> pd.DataFrame:
    """``pick_values`` of a sweep: every companion's pick value per variant, long form
    (``values``: :func:`glowsim.analysis.pick_values` by variant, when made)."""
    if values is None:
        if not getattr(run, "has_picks", False):
            return pd.DataFrame()
        values = _pick_values(run, by=BY_VALUE, threshold=threshold)
    return with_axes(named(values, names or {}), sweep_axes(run))


def balance_by_value(run: A.Run) -> pd.DataFrame:
    """``balance`` of a sweep: :func:`balance` per variant, long form."""
    return with_axes(A.seat_summary(run, by=BY_VALUE), sweep_axes(run))


def sides_by_value(run: A.Run) -> pd.DataFrame:
    """``sides`` of a sweep: :func:`sides` per variant, long form."""
    return with_axes(A.side_summary(run, by=BY_VALUE), sweep_axes(run))


def side_differences_by_value(run: A.Run,
                              differences: pd.DataFrame | None = None) -> pd.DataFrame:
    """``side_differences`` of a sweep: :func:`side_differences` with a column per swept field
    (the province variant's settings)."""
    d = side_differences(run) if differences is None else differences
    if d.empty:
        return d
    d = with_axes(d.rename(columns={"province_variant": "variant"}), sweep_axes(run))
    return d.rename(columns={"variant": "province_variant"})


# ---- sweeps ----

def sweep_points(run: A.Run, skip=()) -> pd.DataFrame:
    """Each swept value's metric with its interval (:func:`glowsim.analysis.sweep_points`;
    ``skip``: fields left out)."""
    return A.sweep_points(run, skip)


def sweep_crossings(run: A.Run, points: pd.DataFrame | None = None) -> pd.DataFrame:
    """Where each sweep meets the field average (:func:`glowsim.analysis.sweep_crossings` of
    :func:`sweep_points`)."""
    return A.sweep_crossings(sweep_points(run) if points is None else points)


def sweep_pick_values(run: A.Run, threshold: float = THRESHOLD,
                      points: pd.DataFrame | None = None,
                      axes: pd.DataFrame | None = None) -> pd.DataFrame:
    """``sweep_pick_values``: each swept companion's pick value per swept value, long form
    (a column per swept field; :func:`glowsim.analysis.sweeps.pick_sweep_points` and
    :func:`glowsim.analysis.sweeps.with_axes`; empty without picks)."""
    if points is None:
        if not getattr(run, "has_picks", False):
            return pd.DataFrame(columns=PICK_POINT_COLUMNS)
        points = pick_sweep_points(run, threshold)
    return with_axes(points, sweep_axes(run) if axes is None else axes, ("group", "value"))


def sweep_pick_crossings(run: A.Run, points: pd.DataFrame | None = None,
                         axes: pd.DataFrame | None = None) -> pd.DataFrame:
    """``sweep_pick_crossings``: where each swept companion's pick value crosses 0, per player
    count and side, long form, with the printed value
    (:func:`glowsim.analysis.sweeps.pick_sweep_crossings` of the points of
    :func:`glowsim.analysis.sweeps.pick_sweep_points`)."""
    if points is None:
        if not getattr(run, "has_picks", False):
            return pd.DataFrame(columns=PICK_CROSS_COLUMNS)
        points = pick_sweep_points(run)
    cross = pick_sweep_crossings(points)
    axes = sweep_axes(run) if axes is None else axes
    # the swept fields other than the card's own number, as the group fixed them
    first = points.drop_duplicates(["field", "group"])[["field", "group", "variant"]]
    cross = cross.merge(first, on=["field", "group"], how="left")
    cross["printed"] = [published_value(f) for f in cross["field"]]
    out = with_axes(cross, axes)
    own = {axis_label(f, lab) for f, lab in swept_fields(run)} & set(out.columns)
    for f in set(cross["field"]):           # the card's own number is the line's x, not fixed
        col = axis_label(f, dict(swept_fields(run)).get(f))
        if col in own:
            out.loc[out["field"] == f, col] = None
    return out.drop(columns=["variant"])


def named(df: pd.DataFrame, names: dict) -> pd.DataFrame:
    """A pick-value table with each companion's ``name`` from `names` (the one it has when
    `names` has none)."""
    df = df.copy()
    given = df["name"] if "name" in df else pd.Series([""] * len(df), index=df.index)
    df["name"] = [names.get(c) or (n if isinstance(n, str) else "") for c, n in
                  zip(df["companion"], given)]
    return df


def pick_values(run: A.Run, names: dict | None = None,
                threshold: float = THRESHOLD) -> pd.DataFrame:
    """Per player count, side and companion: forked picks, pick rate, pick value in points of
    win share and in bursts with 95% paired intervals, verdict
    (:func:`glowsim.analysis.pick_values`; empty without picks)."""
    if not getattr(run, "has_picks", False):
        return pd.DataFrame()
    return named(_pick_values(run, by=SLICE, threshold=threshold), names or {})


def pick_values_by_stage(run: A.Run, names: dict | None = None) -> pd.DataFrame:
    """:func:`pick_values` per round stage: early, middle and late thirds of the game
    (:func:`glowsim.analysis.pick_values_by_stage`; empty without picks)."""
    if not getattr(run, "has_picks", False):
        return pd.DataFrame()
    return named(_pick_values_by_stage(run, by=SLICE), names or {})


def regret_run(run: A.Run) -> A.Run:
    """The variants pick regret reads: those the card and balance sections read
    (:func:`glowsim.analysis.variants.reference_groups`), so that its slices and its headline
    slice are theirs; a variant with changed content or extra tokens is not pooled in."""
    blocks = reference_groups(run)
    names = [v for _, vs in blocks for v in vs]
    return run.subset(names) if names else run


def pick_regret(run: A.Run) -> pd.DataFrame:
    """Pick regret per player count, side, bot and stage ('all' and the three thirds of the
    game) over :func:`regret_run`'s variants (:func:`glowsim.analysis.pick_regret`; empty
    without picks)."""
    if not getattr(run, "has_picks", False):
        return pd.DataFrame()
    return _pick_regret(regret_run(run), by=SLICE)


# ---- bots ----

def bot_duels(run: A.Run) -> pd.DataFrame:
    """Head-to-head duels of bots on complementary seatings, one row per duel and a pooled row
    per pair of bots met on several sides (:func:`glowsim.analysis.bots.duels`)."""
    return BA.duels(run)


def _selfplay_diffs(run: A.Run, diffs):
    bots = BA.selfplay_variants(run)
    if diffs is None:
        diffs = BA.player_game_diffs(run, [v for vs in bots.values() for v in vs])
    return bots, diffs


def bot_card_metrics(run: A.Run, diffs=None) -> pd.DataFrame:
    """The card metric under each self-play bot, per kind, player count, side, bot and card
    (:func:`glowsim.analysis.bots.card_metrics`; ``diffs``: its player-game differences,
    :func:`glowsim.analysis.bots.player_game_diffs` of the self-play variants)."""
    bots, diffs = _selfplay_diffs(run, diffs)
    return BA.card_metrics(run, bots, diffs)


def bot_rank_correlations(run: A.Run, diffs=None) -> pd.DataFrame:
    """Spearman and Kendall tau-b rank correlations of the card metric between self-play bots
    (:func:`glowsim.analysis.bots.rank_correlations`; ``diffs`` as in
    :func:`bot_card_metrics`)."""
    bots, diffs = _selfplay_diffs(run, diffs)
    return BA.rank_correlations(run, bots, diffs=diffs)


def bot_verdict_flips(run: A.Run, metrics: pd.DataFrame | None = None) -> pd.DataFrame:
    """Cards whose verdict depends on the bot (:func:`glowsim.analysis.bots.verdict_flips` of
    :func:`bot_card_metrics`)."""
    return BA.verdict_flips(bot_card_metrics(run) if metrics is None else metrics)


def bot_pick_values(run: A.Run, names: dict | None = None,
                    threshold: float = THRESHOLD) -> pd.DataFrame:
    """Pick values per bot: of each bot's self-play variants with picks (empty when fewer than
    two bots have them)."""
    if not getattr(run, "has_picks", False):
        return pd.DataFrame()
    rows = []
    for bot, vs in BA.selfplay_variants(run).items():
        sub = run.subset(vs)
        if not getattr(sub, "has_picks", False):
            continue
        v = _pick_values(sub, by=SLICE, threshold=threshold)
        if len(v):
            rows.append(v.assign(bot=bot))
    if len(rows) < 2:
        return pd.DataFrame()
    return named(pd.concat(rows, ignore_index=True), names or {})


def bot_slices(values: pd.DataFrame) -> list[tuple[int, str, pd.DataFrame, list[str]]]:
    """(n_players, side, the slice's rows, its bots in the table's order) of every slice of a
    :func:`bot_pick_values` table that two bots or more share."""
    order = list(dict.fromkeys(values["bot"])) if len(values) else []
    out = []
    for n, side in [tuple(x) for x in values[SLICE].drop_duplicates().sort_values(SLICE)
                    .itertuples(index=False)] if len(values) else []:
        d = values[(values["n_players"] == n) & (values["side"] == side)]
        bots = [b for b in order if b in set(d["bot"])]
        if len(bots) >= 2:
            out.append((n, side, d, bots))
    return out


def bot_pick_value_noise(values: pd.DataFrame) -> pd.DataFrame:
    """How finely each bot's pick values are measured, per slice of :func:`bot_pick_values`:
    median half-width of the 95% intervals and reliability
    (:func:`glowsim.report.convergence.bot_noise`)."""
    parts = [CV.bot_noise(d, bots).assign(n_players=n, side=side)
             for n, side, d, bots in bot_slices(values)]
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()


def spearman_interval(a, b) -> tuple[float, float, float, int]:
    """(rho, low, high, n): Spearman's rank correlation of two value lists (nan dropped) with
    an approximate 95% interval (Fisher z with the Bonett-Wright standard error
    sqrt((1 + rho^2 / 2) / (n - 3)))."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    ok = ~np.isnan(a) & ~np.isnan(b)
    n = int(ok.sum())
    if n < 4:
        return np.nan, np.nan, np.nan, n
    rho = float(BA.spearman(a[ok], b[ok]))
    if abs(rho) >= 1:
        return rho, rho, rho, n
    se = np.sqrt((1 + rho * rho / 2) / (n - 3))
    z = np.arctanh(rho)
    return rho, float(np.tanh(z - Z95 * se)), float(np.tanh(z + Z95 * se)), n


def bot_pick_rank_correlations(values: pd.DataFrame,
                               noise: pd.DataFrame | None = None) -> pd.DataFrame:
    """Per slice and pair of bots of :func:`bot_pick_values`: Spearman's rank correlation of
    their pick values over the companions both judge, with its 95% interval, and the noise
    ceiling of :func:`bot_pick_value_noise` (``noise``)."""
    noise = bot_pick_value_noise(values) if noise is None else noise
    rows = []
    for n, side, d, bots in bot_slices(values):
        nz = noise[(noise["n_players"] == n) & (noise["side"] == side)]
        for i, a in enumerate(bots):
            for b in bots[i + 1:]:
                pa = d[d["bot"] == a].set_index("companion")["value"]
                pb = d[d["bot"] == b].set_index("companion")["value"]
                common = pa.index.intersection(pb.index)
                rho, lo, hi, k = spearman_interval(pa[common], pb[common])
                rows.append(dict(n_players=n, side=side, bot_a=a, bot_b=b, companions=k,
                                 spearman=rho, spearman_low=lo, spearman_high=hi,
                                 noise_ceiling=CV.ceiling(nz, a, b)))
    return pd.DataFrame(rows)


def pick_flips(v: pd.DataFrame, a: str, b: str) -> pd.DataFrame:
    """Companions whose definite verdict (above / within / below) differs between bots a and b
    (a card unclear under either bot is not counted); ``reversal``: above under one, below
    under the other."""
    keys = SLICE + ["companion"]
    x = v[v["bot"] == a].set_index(keys)
    y = v[v["bot"] == b].set_index(keys)
    both = x.index.intersection(y.index)
    rows = []
    for k in both:
        va, vb = x.at[k, "verdict"], y.at[k, "verdict"]
        if va != vb and va != "unclear" and vb != "unclear":
            rows.append(dict(zip(keys, k), **{
                "name": x.at[k, "name"] if "name" in x else "",
                f"verdict_{a}": va, f"verdict_{b}": vb,
                f"value_{a}": x.at[k, "value"], f"value_{b}": y.at[k, "value"],
                "reversal": {va, vb} == {"above", "below"}}))
    return pd.DataFrame(rows, columns=keys + ["name", f"verdict_{a}", f"verdict_{b}",
                                              f"value_{a}", f"value_{b}", "reversal"])


def bot_pick_verdict_flips(values: pd.DataFrame) -> pd.DataFrame:
    """Companions whose pick-value verdict depends on the bot: :func:`pick_flips` of every
    pair of bots in every slice of :func:`bot_pick_values`, the pair in ``bot_a``/``bot_b``."""
    parts = [pick_flips(d, a, b).assign(bot_a=a, bot_b=b)
             for _, _, d, bots in bot_slices(values)
             for i, a in enumerate(bots) for b in bots[i + 1:]]
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()


def bot_pick_value_differences(values: pd.DataFrame) -> pd.DataFrame:
    """Card by card, the difference of two bots' pick values with its 95% interval and
    whether it is beyond noise (:func:`glowsim.report.botdiffs.differences`), for every pair of
    bots in every slice of :func:`bot_pick_values`."""
    parts = [BD.differences(d, a, b).assign(n_players=n, side=side)
             for n, side, d, bots in bot_slices(values)
             for i, a in enumerate(bots) for b in bots[i + 1:]]
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()


# ---- solo ----

def solo_win_rates(run: A.Run) -> pd.DataFrame:
    """Win rate against Tom per side and adventurer (:func:`glowsim.analysis.solo.solo_win_rates`)."""
    return SA.solo_win_rates(run)


def solo_scores(run: A.Run) -> pd.DataFrame:
    """Final scores, player and Tom, per side (:func:`glowsim.analysis.solo.solo_scores`)."""
    return SA.solo_scores(run)


def solo_tiles(run: A.Run) -> pd.DataFrame:
    """Tom's tiles: bursts to Tom and the player's odds, per side and tile
    (:func:`glowsim.analysis.solo.tile_impact`)."""
    return SA.tile_impact(run)
