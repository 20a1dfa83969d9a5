"""Play one content on a block of seeded games and keep what the card metrics need.

A scenario run (:class:`glowsim.scenarios.ResolvedRun`) fixes the match (players,
side, seats and bots) and the scenario's content patches; the rebalancer plays
it again with its own content patch on top, always on games ``0..games-1`` of
one root seed, so two contents are compared game by game (common random
numbers, glowsim/seeding.py).  The fast engine plays through
:func:`glowsim.fast.play_block` with numba threads; any other engine through the
runner's adapter (:func:`glowsim.runner.play_chunk`).

The result is a :class:`Games`: per game and seat the win share, final score,
end reroll tokens (E9 tie-break) and adventurer, and per game, seat and
companion whether it was recruited, whether it was in play at the end and the
bursts its effect produced (contract.md section 6 columns, as dense arrays).
"""
from __future__ import annotations

import sys
from dataclasses import dataclass

import numpy as np
import pandas as pd
from tqdm import tqdm

from ..scenarios.expand import ResolvedRun, game_for

BLOCK = 2000   # games per play_block call (progress granularity)


@dataclass
class Games:
    """Dense per-(game, seat[, card]) arrays of one played block."""
    n: int                       # players
    seed: int
    start: int
    ws: np.ndarray               # (G, n) float win share (E9)
    score: np.ndarray            # (G, n) final score
    tokens: np.ndarray           # (G, n) reroll tokens at the end (E9 tie-break)
    adv: np.ndarray              # (G, n) adventurer index into adventurer_ids
    rec: np.ndarray              # (G, n, K) companion recruited by the player (at least once)
    in_play: np.ndarray          # (G, n, K) companion in the player's play at the end
    eff_bursts: np.ndarray       # (G, n, K) bursts the companion's effect produced for the player
    companion_ids: tuple
    adventurer_ids: tuple

    @property
    def G(self) -> int:
        return self.ws.shape[0]


def content_for(run: ResolvedRun, patch: dict | None):
    """The GameContent of the scenario run with `patch` applied last (cached)."""
    extra = ((patch, "rebalance patch", {}),) if patch else ()
    return game_for(tuple(run.patches) + extra, dawn=run.dawn is not None)


def _match(run: ResolvedRun):
    from ..fast import Match, bot_preset
    seats = [s.to_json() for s in run.seats]
    return Match(n_players=run.players, side=run.side,
                 adventurers=[-1 if s["adventurer"] == "random" else s["adventurer"] for s in seats],
                 bots=[bot_preset(s["bot"], **s["params"]) for s in seats],
                 bot_labels=[s["label"] or s["bot"] for s in seats],
                 dawn_sets=list(run.dawn) if run.dawn is not None else None)   # D1


def _play(run: ResolvedRun, game, seed: int, start: int, count: int, workers):
    """(players, recruits) DataFrames of games start..start+count-1."""
    if run.engine == "fast":
        from ..fast import play_block
        cols = play_block(game, _match(run), seed, start, count, workers=workers,
                          tables=("players", "recruits"))
        rec = {k: v for k, v in cols["recruits"].items() if k in RECRUIT_COLUMNS}
        return pd.DataFrame(cols["players"]), pd.DataFrame(rec)
    from ..runner import play_chunk
    frames = play_chunk(run.engine, game, run.match_json(), seed, start, count)
    return frames["players"], frames["recruits"]


RECRUIT_COLUMNS = ("game_index", "seat", "companion", "left_round", "effect_bursts")


def play_games(run: ResolvedRun, patch: dict | None, seed: int, games: int, workers=None,
               progress: bool = False, desc: str = "games") -> Games:
    """Play `games` games of the run's match with `patch` on top of its content."""
    game = content_for(run, patch)
    players, recruits = [], []
    if run.engine == "fast":   # compiled before the bar: its rate counts games only
        from ..compiling import prepare
        from ..fast.entries import FAST_RUN
        prepare(FAST_RUN, progress)
    bar = tqdm(total=games, unit="game", desc=desc, leave=False, disable=not progress,
               file=sys.stderr, dynamic_ncols=True)
    try:
        for start in range(0, games, BLOCK):
            count = min(BLOCK, games - start)
            p, r = _play(run, game, seed, start, count, workers)
            players.append(p)
            recruits.append(r)
            bar.update(count)
    finally:
        bar.close()
    return to_games(game, run.players, seed, 0, games, pd.concat(players, ignore_index=True),
                    pd.concat(recruits, ignore_index=True))


def to_games(game, n: int, seed: int, start: int, count: int, players: pd.DataFrame,
             recruits: pd.DataFrame) -> Games:
    """Dense arrays from the `players` and `recruits` rows of games start..start+count-1."""
    cat = game.catalog
    comp_ids, adv_ids = tuple(cat.companion_ids), tuple(cat.adventurer_ids)
    p = players.sort_values(["game_index", "seat"], kind="stable")
    if len(p) != count * n:
        raise ValueError(f"expected {count * n} player rows, got {len(p)}")
    shape = (count, n)
    ws = p["win_share"].to_numpy(float).reshape(shape)
    score = p["score"].to_numpy(np.int64).reshape(shape)
    tokens = p["reroll_tokens"].to_numpy(np.int64).reshape(shape)
    adv_index = {a: i for i, a in enumerate(adv_ids)}
    adv = np.array([adv_index[a] for a in p["adventurer"].astype(str)], np.int64).reshape(shape)
    K = len(comp_ids)
    rec = np.zeros((count, n, K), bool)
    in_play = np.zeros((count, n, K), bool)
    eff = np.zeros((count, n, K), np.float32)
    if len(recruits):
        comp_index = {c: i for i, c in enumerate(comp_ids)}
        g = recruits["game_index"].to_numpy(np.int64) - start
        s = recruits["seat"].to_numpy(np.int64)
        k = np.array([comp_index[c] for c in recruits["companion"].astype(str)], np.int64)
        rec[g, s, k] = True
        end = recruits["left_round"].to_numpy(np.int64) < 0
        in_play[g[end], s[end], k[end]] = True
        np.add.at(eff, (g, s, k), recruits["effect_bursts"].to_numpy(np.float32))
    return Games(n, seed, start, ws, score, tokens, adv, rec, in_play, eff, comp_ids, adv_ids)
