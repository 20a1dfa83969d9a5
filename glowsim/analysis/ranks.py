"""Rank uncertainty of companions and adventurers: a bootstrap over blocks of games.

A card's rank (1 = strongest) orders the cards of one slice (n_players, side) by their
win rate: a companion's ``win_rate_recruited``, an adventurer's ``win_rate`` (summed win
shares over player-games, :mod:`glowsim.analysis.cards` and
:mod:`glowsim.analysis.adventurers`).  Only cards with at least ``MIN_GAMES`` player-games
in the slice are ranked.

The games are split into ``BLOCKS`` blocks (fewer when there are fewer game indices) of
consecutive ``game_index`` (every variant's
game of one index in the same block, so common seeds stay together); SQL sums each card's
win shares and player-games per block.  A bootstrap replicate draws the blocks with
replacement (multinomial counts from the bootstrap's counter-based stream of
glowsim/seeding.py, :func:`glowsim.analysis.bots.boot_weights`, stream ``RANK_STREAM``) and
ranks the cards by their rates in that replicate.  Per card:

* ``rank`` its rank on the whole run;
* ``rank_low`` / ``rank_high`` the 2.5% and 97.5% quantiles of its bootstrap ranks (a 95%
  interval of the rank);
* ``p_strongest`` / ``p_weakest`` the share of replicates in which it ranks first / last.

Replicates in which a ranked card has no player-game are left out (``replicates`` counts
the others).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .bots import boot_weights, ranks
from .cards import BLOCKS, SLICE, _groups, companion_aggregates
from .db import SHARE_SCALE, exact_sum, ident
from .drafts import assignments
from .load import Run
from .rows import player_rows

MIN_GAMES = 30
REPLICATES = 1000
RANK_STREAM = 0x7A4C          # the rank bootstrap's stream (another than the bots' 0xB007)
COLUMNS = ["rank", "rank_low", "rank_high", "p_strongest", "p_weakest", "replicates"]


def block_sums(run: Run, kind: str, by=SLICE) -> pd.DataFrame:
    """Per slice of ``by``, card and block: player-games ``n`` and summed win shares ``x``
    (columns ``by``, card, block, n, x)."""
    by = list(by)
    if kind == "companion":
        a = companion_aggregates(run, by)
        a = a[a["kind"] == "block"]
        return pd.DataFrame({**{k: a[k] for k in by}, "card": a["companion"],
                             "block": a["y"].astype(int), "n": a["n"], "x": a["x"]})
    if kind != "adventurer":
        raise ValueError(f"kind: {kind!r}; allowed: companion, adventurer")
    labels = {"assignment": assignments(run)} if "assignment" in by else None
    kl = "".join(f"{ident(k)}, " for k in by)
    return run.scope.df(f"""SELECT {kl}adventurer AS card, {run.scope.block_sql(BLOCKS)} AS block,
            count(*)::DOUBLE AS n, {exact_sum('win_share', SHARE_SCALE)} / {SHARE_SCALE} AS x
        FROM {player_rows(run, by, None, labels)} GROUP BY ALL""")


def rank_uncertainty(run: Run, kind: str = "companion", by=SLICE, replicates: int = REPLICATES,
                     seed: int = 0, min_games: int = MIN_GAMES) -> pd.DataFrame:
    """One row per (slice, card) ranked: columns ``by``, ``kind`` (the card id), then COLUMNS
    (see the module docstring).  Computed once per run and arguments (the report's table and
    its findings both read it)."""
    by = list(by)
    memo = ("rank_uncertainty", kind, tuple(by), replicates, seed, min_games)
    if memo not in run.memo:
        run.memo[memo] = _rank_uncertainty(run, kind, by, replicates, seed, min_games)
    return run.memo[memo].copy()


def _rank_uncertainty(run: Run, kind: str, by: list, replicates: int, seed: int,
                      min_games: int) -> pd.DataFrame:
    sums = block_sums(run, kind, by)
    blocks = run.scope.n_blocks(BLOCKS)
    W = boot_weights(blocks, replicates, seed, RANK_STREAM)
    rows = []
    for key, d in _groups(sums, by):
        cards = sorted(d["card"].dropna().unique())
        S = np.zeros((blocks, len(cards)))
        N = np.zeros((blocks, len(cards)))
        c = pd.Index(cards).get_indexer(d["card"])
        ok = c >= 0
        b = d["block"].to_numpy(int)[ok]
        np.add.at(N, (b, c[ok]), d["n"].to_numpy(float)[ok])
        np.add.at(S, (b, c[ok]), d["x"].to_numpy(float)[ok])
        keep = N.sum(0) >= min_games
        if not keep.any():
            continue
        S, N = S[:, keep], N[:, keep]
        kept = [x for x, k in zip(cards, keep) if k]
        est = S.sum(0) / N.sum(0)
        with np.errstate(invalid="ignore", divide="ignore"):
            boot = (W @ S) / (W @ N)
        good = np.isfinite(boot).all(1)
        boot = boot[good]
        r = ranks(-boot) if len(boot) else np.full((0, len(kept)), np.nan)
        point = ranks(-est[None, :])[0]
        best = boot == boot.max(1, keepdims=True)
        worst = boot == boot.min(1, keepdims=True)
        for j, card in enumerate(kept):
            row = dict(zip(by, key))
            row[kind] = card
            row["rank"] = float(point[j])
            if len(boot):
                lo, hi = np.quantile(r[:, j], [0.025, 0.975], method="inverted_cdf")
                row.update(rank_low=float(lo), rank_high=float(hi),
                           p_strongest=float(best[:, j].mean()),
                           p_weakest=float(worst[:, j].mean()))
            else:
                row.update(rank_low=np.nan, rank_high=np.nan, p_strongest=np.nan,
                           p_weakest=np.nan)
            row["replicates"] = int(len(boot))
            rows.append(row)
    return pd.DataFrame(rows, columns=by + [kind] + COLUMNS)
