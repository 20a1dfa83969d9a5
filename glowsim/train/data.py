"""One generation's training data: forks under the current policy joined with the features
of every alternative (docs/bots.md, *How it is trained*).

For each table of the training scenario (a run: players, side, adventurers; every seat
plays the current vector), games ``start .. start+count-1`` of the root seed are played
twice by the fast path: once forked (glowsim/fast/fork_table.py, common mode: each legal row of
a sampled decision taken in turn and the game played on by the bots), once with the
feature capture on (glowsim/fast/learned_features.py, the same sampling draw).  The two tables
join on (game, decision, alternative).  Nothing here depends on the number of threads.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..spec.botparams import NLD, NLM, NLQ, NLR
from ..fast.fork_table import game_equivalents, play_forks
from ..fast.learned_features import capture_features

# decision name -> (fork kind, kind code of the capture, number of features); "dawn": the recruit
# picks of Dawn games (their own features, glowsim/fast/bots/dawnlearned.py)
DECISIONS = {"recruit": ("recruit", 1, NLR), "reroll": ("reroll", 4, NLQ), "move": ("move", 9, NLM),
             "dawn": ("recruit", 1, NLD)}
SIDES = {"move": ("archipelago",)}   # the learned moves are the Archipelago's (ARCHI_MOVE)


@dataclass
class Batch:
    """Joined rows of one decision kind: one per (forked decision, alternative)."""
    x: np.ndarray          # float64[n, k] the alternative's features
    y: np.ndarray          # float64[n] the deciding seat's win share in points (x100, E9)
    group: np.ndarray      # int64[n] the decision (rows of one decision are consecutive)
    game: np.ndarray       # int64[n] the game (rows of one game are consecutive)
    chosen: np.ndarray     # bool[n] the row the bot took
    continuations: int     # fork continuations played (the chosen rows included)
    game_equivalents: float

    @staticmethod
    def empty(k: int) -> "Batch":
        return Batch(np.zeros((0, k)), np.zeros(0), np.zeros(0, np.int64), np.zeros(0, np.int64),
                     np.zeros(0, bool), 0, 0.0)


def _key(game, decision, alt) -> np.ndarray:
    return (np.asarray(game, np.int64) << 34) + (np.asarray(decision, np.int64) << 14) + np.asarray(alt, np.int64)


def join(forks: dict, cap: dict, k: int, offset: int) -> Batch:
    """The fork table's rows of decisions with two legal rows or more, with the features of
    their alternative; ``offset`` is added to the game indices (tables numbered apart)."""
    played, equivalents = len(forks["game"]), game_equivalents(forks)
    keep = np.asarray(forks["n_alternatives"]) >= 2   # one legal row: nothing to compare
    forks = {c: np.asarray(v)[keep] for c, v in forks.items()}
    fk = _key(forks["game"], forks["decision"], forks["alternative"])
    ck = _key(cap["game"], cap["decision"], cap["alternative"])
    order = np.argsort(ck, kind="stable")
    at = np.searchsorted(ck[order], fk)
    ok = (at < len(ck)) & (ck[order][np.minimum(at, len(ck) - 1)] == fk) if len(ck) else np.zeros(len(fk), bool)
    if not np.all(ok):
        raise RuntimeError(f"training data: {int((~ok).sum())} forked alternatives have no captured "
                           f"features (the two plays of a game differ)")
    idx = order[at]
    for f in "abcdef":
        if not np.array_equal(np.asarray(forks[f]), cap[f][idx]):
            raise RuntimeError("training data: a forked alternative is not the captured legal row")
    group = _key(forks["game"], forks["decision"], 0)
    _, gid = np.unique(group, return_inverse=True)
    return Batch(cap["features"][idx, :k].copy(), 100.0 * np.asarray(forks["win_share"], np.float64),
                 gid.astype(np.int64), np.asarray(forks["game"], np.int64) + offset,
                 np.asarray(forks["chosen_by_bot"], bool), played, equivalents)


def reroll_candidates(b: Batch) -> Batch:
    """The rows of each forked REROLL decision the learned policy chooses among
    (glowsim/fast/bots/learned.py): stopping; per source the one-die reroll and the two-dice
    reroll with the largest gain; per split of three rerolls the set face with the largest
    gain (the first on a tie).  The fit then ranks what the policy can take."""
    if len(b.y) == 0:
        return b
    x = b.x
    lumi, tok, steps, pair, st = x[:, 2], x[:, 3], x[:, 5], x[:, 9], x[:, 10]
    stop = (lumi == 0) & (tok == 0) & (steps == 0)
    src = np.where(lumi > 0, 0, np.where(tok > 0, 1, 2))
    split = np.round(lumi).astype(np.int64) * 100 + np.round(steps).astype(np.int64)
    cls = np.where(stop, 0, np.where(st > 0, 1000 + split, np.where(pair > 0, 10 + src, 1 + src)))
    order = np.lexsort((np.arange(len(x)), -x[:, 0], cls, b.group))
    g, c = b.group[order], cls[order]
    first = np.r_[True, (g[1:] != g[:-1]) | (c[1:] != c[:-1])]
    keep = np.sort(order[first])
    return Batch(x[keep], b.y[keep], b.group[keep], b.game[keep], b.chosen[keep], b.continuations,
                 b.game_equivalents)


def concat(batches: list, k: int) -> Batch:
    """Batches end to end (decision ids renumbered apart)."""
    batches = [b for b in batches if len(b.y)]
    if not batches:
        return Batch.empty(k)
    groups, base = [], 0
    for b in batches:
        groups.append(b.group + base)
        base += int(b.group.max()) + 1
    return Batch(np.concatenate([b.x for b in batches]), np.concatenate([b.y for b in batches]),
                 np.concatenate(groups), np.concatenate([b.game for b in batches]),
                 np.concatenate([b.chosen for b in batches]),
                 sum(b.continuations for b in batches), sum(b.game_equivalents for b in batches))


def collect(table, vec, decision: str, seed: int, start: int, count: int, sample: float,
            threads=None, offset: int = 0) -> Batch:
    """The joined rows of `decision` ("recruit", "reroll": its candidates, "move"; "dawn": the
    recruit picks of a Dawn table) of one table's games start .. start+count-1, every seat
    playing `vec`."""
    kind, _, k = DECISIONS[decision]
    match = table.match([vec] * table.players)
    forks = play_forks(table.game, match, seed, start, count, kind=kind, sample=sample,
                       mode="common", threads=threads)
    cap = capture_features(table.game, match, seed, start, count, kinds=(decision,),
                           sample=sample, threads=threads)
    b = join(forks, cap, k, offset)
    return reroll_candidates(b) if decision == "reroll" else b
