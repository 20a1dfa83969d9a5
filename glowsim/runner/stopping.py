"""Sequential stopping (`--precision P`): play chunks until every card win rate is known to +-P.

A *card win rate* is, per variant, the mean ``win_share`` of the player-games
that played the card: for a companion, the players who recruited it; for an
adventurer, the players who played it.  Its 95% interval is the Wilson score
interval on (summed win shares, player-games).  Cards never played in a
variant are not reported and do not hold the run back.

The rule is evaluated after each *chunk row* k (chunk k of every variant), in
order, so the number of games at which a run stops depends only on the games,
never on how many workers played them or in which order chunks finished.
"""
from __future__ import annotations

import math
from collections import defaultdict

import pyarrow as pa

Z95 = 1.959963984540054


def wilson_half_width(x: float, n: int, z: float = Z95) -> float:
    """Half the width of the Wilson score interval of the proportion x/n (inf when n = 0)."""
    if n <= 0:
        return math.inf
    p = min(max(x / n, 0.0), 1.0)
    z2 = z * z
    denom = 1.0 + z2 / n
    half = z / denom * math.sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n))
    centre = (p + z2 / (2 * n)) / denom
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    return (high - low) / 2.0


def chunk_counts(players: pa.Table, recruits: pa.Table) -> dict:
    """{(kind, card): [player-games, summed win share]} of one chunk of one variant."""
    share = {}
    out: dict = defaultdict(lambda: [0, 0.0])
    g = players.column("game_index").to_pylist()
    s = players.column("seat").to_pylist()
    a = players.column("adventurer").to_pylist()
    w = players.column("win_share").to_pylist()
    for gi, si, ai, wi in zip(g, s, a, w):
        share[(gi, si)] = wi
        c = out[("adventurer", ai)]
        c[0] += 1
        c[1] += wi
    seen = set()
    for gi, si, ci in zip(recruits.column("game_index").to_pylist(), recruits.column("seat").to_pylist(),
                          recruits.column("companion").to_pylist()):
        if (gi, si, ci) in seen:  # recruited twice in a game (Cromaug): one player-game
            continue
        seen.add((gi, si, ci))
        c = out[("companion", ci)]
        c[0] += 1
        c[1] += share[(gi, si)]
    return dict(out)


class Precision:
    """Running card counts per variant; ``widest()`` is the largest half-width reported."""

    def __init__(self):
        self.counts: dict = defaultdict(lambda: defaultdict(lambda: [0, 0.0]))

    def add(self, variant: str, counts: dict) -> None:
        mine = self.counts[variant]
        for key, (n, x) in counts.items():
            mine[key][0] += n
            mine[key][1] += x

    def widest(self) -> tuple[float, str]:
        """(largest half-width, 'variant: kind card') over every card played."""
        best, where = 0.0, ""
        for variant, cards in self.counts.items():
            for (kind, card), (n, x) in cards.items():
                h = wilson_half_width(x, n)
                if h > best:
                    best, where = h, f"{variant}: {kind} {card}"
        return best, where
