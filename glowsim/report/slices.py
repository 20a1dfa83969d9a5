"""The one slice (player count, board side) a report's headlines speak of.

A run can hold several slices; every section gives each of them in its body, and its
headline in "At a glance" speaks of one, chosen by one rule for every section: the slice
with the most games, on a tie the one with more players, then the province side before the
archipelago.  :data:`RULE` says it in words for the page.
"""
from __future__ import annotations

SIDE_ORDER = {"province": 0, "archipelago": 1}
RULE = ("the slice with the most games (on a tie: more players, then the province before the "
        "archipelago)")


def slice_key(n_players, side, games: dict) -> tuple:
    """Sort key of a slice: the headline slice sorts first."""
    return (-int(games.get((int(n_players), str(side)), 0)), -int(n_players),
            SIDE_ORDER.get(str(side), len(SIDE_ORDER)), str(side))


def headline_slice(slices, games: dict) -> tuple:
    """The headline slice among ``slices`` ((n_players, side, ...) tuples; extra items are
    kept), given ``games``: {(n_players, side): games} (:func:`glowsim.analysis.slice_counts`)."""
    slices = list(slices)
    if not slices:
        raise ValueError("no slice to choose from")
    return min(slices, key=lambda k: slice_key(k[0], k[1], games))


def is_headline(n_players, side, games: dict) -> bool:
    """Whether (n_players, side) is the headline slice of the slices in ``games``."""
    return (int(n_players), str(side)) == tuple(headline_slice(list(games), games))[:2]


__all__ = ["RULE", "headline_slice", "is_headline", "slice_key"]
