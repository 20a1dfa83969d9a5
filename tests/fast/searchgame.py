"""Games of a match with search seats played one at a time, with the search's arrays at
hand (the search bot's tests): a game, its replay from its list of searched picks, the search of
one pick from a round state (glowsim/fast/forks/searchplay.py, roll_op)."""
from __future__ import annotations

import numpy as np

from glowsim import seeding
from glowsim.fast.play import MAX_RECORD_DECISIONS, MAX_RECORD_DICE, _max_recruits, _n_spells_total, ktables, new_out
from glowsim.fast.game.loop import Snap
from glowsim.fast.kernel.ktables import IT_DECK
from glowsim.fast.search_bot import search_arrays
from glowsim.fast.corecall import roll
from glowsim.fast.forks.searchplay import OP_DECIDE, OP_ONE, OP_REPLAY
from glowsim.fast.kernel.state import MAXC, MAXP, MAXSD, MAXSP, NBD, NCD, NG, NPC, NPF, NPS, NSDF


class SearchGame:
    """One game thread's arrays for games of a match with search seats, game by game (tests,
    analysis): :meth:`play` a game, :meth:`replay` it from its list of picks, :meth:`decide`
    a round's first unlisted pick from the round states kept."""

    def __init__(self, game, match, root_seed: int, record: bool = False):
        mt, bp = match.kernel(game)
        self.K = ktables(game)
        self.root = np.uint64(seeding.root_key(root_seed))
        width = max(game.catalog.n_companions, _n_spells_total(game)) + 1
        self.S, self.R, self.W = search_arrays(
            self.K, self.root, width, _max_recruits(game), MAX_RECORD_DICE if record else 1,
            MAX_RECORD_DECISIONS if record else 1, mt, bp)
        self.slots = np.array([0 if record else -1], np.int64)
        self.out = new_out(1, _max_recruits(game))
        i64 = np.int64
        self.snap = Snap(g=np.zeros((0, NG), i64), pl=np.zeros((0, MAXP, NPF), i64),
                         pc=np.zeros((0, MAXP, NPC, MAXC), i64), ps=np.zeros((0, MAXP, NPS, MAXSP), i64),
                         sd=np.zeros((0, NSDF, MAXSD), i64), bd=np.zeros((0, NBD), i64),
                         cd=np.zeros((0, NCD, width), i64), dice=np.zeros((0, 1), np.int8),
                         dec=np.zeros((0, 1, 8), np.int32))   # the types of api._Block's

    def _call(self, op: int, gi: int, arg: int) -> int:
        return int(roll(self.K, self.S, self.R, self.W, self.root, gi, 0, 1, self.slots,
                        self.out, self.snap, op, arg))

    def play(self, gi: int) -> int:
        """Game gi, searched; its number of winners."""
        return self._call(OP_ONE, gi, 0)

    def replay(self, gi: int, n_listed: int) -> int:
        """Game gi with the first n_listed picks of the list in S given, nothing searched."""
        return self._call(OP_REPLAY, gi, n_listed)

    def decide(self, r: int) -> int:
        """The search of round r's first unlisted pick from the round state R[r] (index of
        the pick in the list, -1 when the round has none)."""
        return self._call(OP_DECIDE, 0, r)


def shuffle_within_decks(K, cd, places, rng) -> int:
    """Cards at `places` ((row of cd, index) pairs) shuffled among the places of their own
    deck, a permutation per deck drawn from `rng` in order of first appearance; returns how
    many cards moved."""
    deck = {}
    for where, i in places:
        deck.setdefault(int(K.item[cd[where, i], IT_DECK]), []).append((where, i))
    moved = 0
    for spots in deck.values():
        cards = [cd[w, i] for w, i in spots]
        perm = rng.permutation(len(cards))
        for (w, i), j in zip(spots, perm):
            cd[w, i] = cards[j]
        moved += sum(1 for k, j in enumerate(perm) if k != j)
    return moved
