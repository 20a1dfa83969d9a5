"""Cross-entry checks of the Dawn parts of the content (docs/rules.md D1..D18).

Like :func:`glowsim.content.model.check_consistency`, :func:`dawn_errors` returns
(path, message) pairs, each message saying what is allowed; the loader adds the file and line.
Checked: a companion's set exists; a set's `replaces` names base companions; the butterfly
bag exists for every card that draws or pays butterflies and comes with a set; the little
boards' turn positions and small dice; the solo swap deck and closed islands; and that every
deck a Dawn game can build (each player count, each choice of sets, D1) deals its rounds.
"""
from __future__ import annotations

import difflib
import itertools
from collections import Counter

from .dawnmodel import Dawn


def _suggest(word, choices) -> str:
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _cards(c):
    for section in ("adventurers", "companions", "spells"):
        for cid, card in getattr(c, section).items():
            yield section, cid, card


def _butterfly_paths(c) -> list[tuple]:
    """Paths of every trigger cost and effect that draws or pays butterfly tokens."""
    out = []
    for section, cid, card in _cards(c):
        t, e = card.trigger, card.effect
        if t is not None and t.cost is not None and t.cost.butterflies:
            out.append((section, cid, "trigger", "cost", "butterflies"))
        if e is not None:
            for f in ("butterflies", "exchange_butterflies"):
                if getattr(e, f):
                    out.append((section, cid, "effect", f))
    return out


def dawn_errors(c) -> list[tuple[tuple, str]]:
    d: Dawn | None = c.dawn
    errs: list = []
    sets = d.sets if d is not None else {}
    for cid, comp in c.companions.items():
        if comp.set is not None and comp.set not in sets:
            errs.append((("companions", cid, "set"),
                         f"{comp.set!r} is not a set" + _suggest(comp.set, sets) +
                         (f"; allowed: {', '.join(sets)}" if sets else
                          "; the content has no sets (dawn.sets: the Dawn content has them)")))
    bf_paths = _butterfly_paths(c)
    brought = d is not None and any(st.butterflies for st in d.sets.values())   # said below
    if (d is None or d.butterflies is None) and bf_paths and not brought:
        errs.append((bf_paths[0], "draws or pays butterfly tokens but the content has no butterfly "
                                  "bag (dawn.butterflies, D14)"))
    if d is None:
        return errs
    errs += _set_errors(c, d)
    errs += _table_errors(c, d)
    errs += _solo_errors(c, d)
    if not errs:
        errs += _deck_errors(c, d)
    return errs


def _set_errors(c, d) -> list:
    errs = []
    bringers = [s for s, st in d.sets.items() if st.butterflies]
    if d.butterflies is not None and not bringers:
        errs.append((("dawn", "sets"), "no set brings the butterfly bag (dawn.butterflies): give "
                                       "one set 'butterflies: true' (D1, D14)"))
    if bringers and d.butterflies is None:
        errs.append((("dawn", "butterflies"),
                     f"missing, but the set {bringers[0]!r} brings the butterfly bag (butterflies: "
                     f"true); give the bag or take it from the set (D14)"))
    for s, st in d.sets.items():
        for i, cid in enumerate(st.replaces):
            comp = c.companions.get(cid)
            if comp is None:
                errs.append((("dawn", "sets", s, "replaces", i), f"unknown companion {cid!r}"
                             + _suggest(cid, c.companions)))
            elif comp.set is not None:
                errs.append((("dawn", "sets", s, "replaces", i),
                             f"{cid} belongs to the set {comp.set!r}; a set replaces base "
                             f"companions only (D1)"))
    return errs


def _table_errors(c, d) -> list:
    errs = []
    base_small = Counter(c.setup.small_dice_on_track)
    for n, t in d.players.items():
        at = ("dawn", "players", n)
        spaces = 5 + len(t.little_board)
        if spaces < n:
            errs.append((at + ("little_board",), f"{spaces} meeting-track spaces cannot offer a "
                                                 f"companion to each of {n} players"))
        if any(p >= n for p in t.little_board_turns):
            errs.append((at + ("little_board_turns",), f"turn positions are 0..{n - 1}"))
        if t.min_sets > len(d.sets):
            errs.append((at + ("min_sets",), f"{t.min_sets} sets needed but the content has "
                                             f"{len(d.sets)}"))
        for col, k in (base_small + Counter(t.small_dice)).items():
            have = c.dice[col].small if col in c.dice else 0
            if k > have:
                errs.append((at + ("small_dice",), f"{k} small {col} dice on the boards at {n} "
                                                   f"players but dice.{col}.small is {have}"))
    return errs


def _solo_errors(c, d) -> list:
    errs = []
    removed = set(c.solo.removed)
    for i, cid in enumerate(d.solo.swap_deck):
        if cid not in removed:
            errs.append((("dawn", "solo", "swap_deck", i),
                         f"{cid!r} is not one of the companions solo play removes (solo.removed); "
                         f"the solo swap deck is made of those (D16)"))
    if len(set(d.solo.swap_deck)) != len(d.solo.swap_deck):
        errs.append((("dawn", "solo", "swap_deck"), "lists a companion more than once"))
    islands = c.boards.archipelago_of_darkness.islands
    for i, isl in enumerate(d.solo.closed_islands):
        if isl not in islands or isl == 0:
            errs.append((("dawn", "solo", "closed_islands", i),
                         f"island {isl} is not an island of the archipelago other than the start "
                         f"(1..{max(islands)})"))
    for s, st in d.sets.items():
        if st.solo and any(cid in removed for cid in st.replaces):
            cid = next(cid for cid in st.replaces if cid in removed)
            errs.append((("dawn", "sets", s, "replaces"),
                         f"the set may be used in solo but replaces {cid}, which solo play "
                         f"removes already"))
    return errs


def selections(d: Dawn, players: int) -> list[tuple[tuple, tuple]]:
    """D1: every (sets in play, sets whose `replaces` apply) a game of `players` can have."""
    names = list(d.sets)
    if players == 1:
        solo = [s for s in names if d.sets[s].solo]
        return [(sel, sel) for k in range(len(solo) + 1) for sel in itertools.combinations(solo, k)]
    if players <= 4:
        return [(sel, sel) for k in range(len(names) + 1) for sel in itertools.combinations(names, k)]
    t = d.players[players]
    out = []
    for k in range(max(t.min_sets, 0), len(names) + 1):
        for sel in itertools.combinations(names, k):
            if t.replace == "each":
                out.append((sel, sel))
            elif t.replace == "one_if_all" and k == len(names) and names:
                out += [(sel, (s,)) for s in sel]
            else:
                out.append((sel, ()))
    return out


def game_deck(c, sets, replaced) -> list[str]:
    """D1: the companions of a multiplayer game with `sets` in play whose `replaced` sets take
    their `replaces` lists out: the base companions left, then each set's own, in id order."""
    out = {cid for s in replaced for cid in c.dawn.sets[s].replaces}
    base = [cid for cid, cp in c.companions.items() if cp.set is None and cid not in out]
    return base + [cid for s in sets for cid, cp in c.companions.items() if cp.set == s]


def _deck_errors(c, d) -> list:
    """Every deck of D1 holds, after the 3+3 boxed cards, a companion per space each round."""
    errs = []
    rm, rounds = c.setup.removed_per_deck, c.setup.rounds
    for players in [2] + sorted(d.players):
        spaces = 5 if players <= 4 else 5 + len(d.players[players].little_board)
        for sel, replaced in selections(d, players):
            deck = game_deck(c, sel, replaced)
            per = Counter(c.companion_deck(cid) for cid in deck)
            short = [k for k in "AB" if per[k] < rm]
            need = spaces * rounds
            if short or len(deck) - 2 * rm < need:
                what = "+".join(sel) if sel else "no set"
                at = "2-4 players" if players <= 4 else f"{players} players"
                msg = (f"deck {short[0]} has {per[short[0]]} companions, fewer than "
                       f"removed_per_deck={rm}" if short else
                       f"{len(deck) - 2 * rm} companions remain after removal, fewer than {spaces} "
                       f"a round for {rounds} rounds ({need})")
                where = ("companions",) if players <= 4 else ("dawn", "players", players)
                errs.append((where, f"at {at} with {what}: {msg} (D1)"))
                return errs
    return errs
