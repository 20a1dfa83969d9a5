"""Setup of a Dawn game (docs/rules.md D1, D3, D4; solo: D16): the sets in play, the deck they
build, Hulios's swap deck, the spell pile of eleven tokens, the little board of 5 and 6
players and the butterfly bag.

The draws come from the setup stream in this order: the sets added or replacing at random
(D1), deck A's shuffle, deck B's, the spell pile, the first player: the order of R2 (E11)
with the set draws in front.
"""
from __future__ import annotations

from ..content import codes as C
from ..content.arrays import SETUP_REMOVED_PER_DECK
from ..errors import UserError
from .state import DawnState, Die


def check_sets(dt, n_players: int, chosen) -> list[str]:
    """The chosen set ids, checked against the content and the player count (D1, D16); a
    UserError of one line otherwise."""
    chosen = list(chosen or [])
    for s in chosen:
        if s not in dt.sets:
            raise UserError(f"dawn.sets: {s!r} is not a set; allowed: {', '.join(dt.sets)}")
    if len(set(chosen)) != len(chosen):
        raise UserError(f"dawn.sets: each set once, got {chosen}")
    if n_players == 1:
        bad = [s for s in chosen if s not in dt.set_solo]
        if bad:
            raise UserError(f"dawn.sets: {bad[0]!r} cannot be played solo (D16); allowed solo: "
                            f"{', '.join(dt.set_solo) or 'no set'}")
    if n_players > 4 and n_players not in dt.sizes:
        raise UserError(f"{n_players} players: the content has no table of {n_players} players "
                        f"(dawn.players)")
    return [s for s in dt.sets if s in chosen]     # content order


def draw_sets(dt, n_players: int, chosen, stream) -> tuple[list, list]:
    """D1: (sets in play, sets whose `replaces` apply) for `chosen`, the random draws made."""
    sets = check_sets(dt, n_players, chosen)
    if n_players <= 4:
        return sets, list(sets)
    size = dt.sizes[n_players]
    while len(sets) < size.min_sets:
        others = [s for s in dt.sets if s not in sets]
        sets.append(others[stream.uniform_int(len(others))])
    sets = [s for s in dt.sets if s in sets]
    if size.replace == "each":
        return sets, list(sets)
    if size.replace == "one_if_all" and len(sets) == len(dt.sets) and sets:
        return sets, [sets[stream.uniform_int(len(sets))]]
    return sets, []


def draw_dawn_setup(game, stream, chosen) -> dict:
    """D1, D3: the sets, the deck (A above B, 3+3 boxed as the swap deck), 11 spell tokens and
    the first player, as ids."""
    t, cat, dt = game.t, game.cat, game.dawn
    sets, replaced = draw_sets(dt, game.n_players, chosen, stream)
    deck = [cat.companion_row(c) for c in dt.deck(sets, replaced)]
    deck.sort()
    k = int(t.setup_ints[SETUP_REMOVED_PER_DECK])
    piles, boxed = [], []
    for d in (C.DECK_A, C.DECK_B):
        rows = [r for r in deck if t.item_deck[r] == d]
        stream.shuffle(rows)
        boxed.append(rows[:k])
        piles.append(rows[k:])
    swap = boxed[0] + boxed[1] if dt.swap_deck_order == "a_above_b" else boxed[1] + boxed[0]
    spells = shuffled_spells(cat, t, stream)
    first = stream.uniform_int(game.n_players)
    return {
        "first_player": first,
        "draw_pile": [cat.item_id(r) for r in piles[0] + piles[1]],
        "box": [cat.item_id(r) for r in swap],
        "spell_pile": [cat.item_id(r) for r in spells],
        "dawn": {"sets": sets, "replaced": replaced},
    }


def game_rows(game, setup: dict) -> list[int]:
    """The companion rows of a Dawn game's deck (D1) named by its setup; a UserError when the
    setup's sets cannot be those of this player count."""
    dt, cat = game.dawn, game.cat
    d = setup.get("dawn")
    if not isinstance(d, dict) or not isinstance(d.get("sets"), list) \
            or not isinstance(d.get("replaced"), list):
        raise UserError("record setup: a Dawn game's setup names its sets: dawn: {sets: [...], "
                        "replaced: [...]}")
    sets = check_sets(dt, game.n_players, d["sets"])
    if sets != list(d["sets"]) or any(s not in sets for s in d["replaced"]):
        raise UserError(f"record setup: dawn sets {d['sets']} / replaced {d['replaced']} are not "
                        f"sets in play in content order")
    legal = _possible(dt, game.n_players, sets)
    if (tuple(sets), tuple(d["replaced"])) not in legal:
        raise UserError(f"record setup: sets {d['sets']} with {d['replaced']} replacing is not a "
                        f"choice of {game.n_players} players (D1)")
    return sorted(cat.companion_row(c) for c in dt.deck(sets, d["replaced"]))


def _possible(dt, n, sets) -> set:
    from ..content.dawncheck import selections
    return {(tuple(a), tuple(b)) for a, b in selections(dt.content.dawn, n)}


def dawn_table(game, setup: dict, track, players) -> DawnState:
    """The Dawn parts of the starting table (D3, D4, D14): the swap deck, the little board's
    players and small dice, the butterfly bag."""
    t, dt, cat = game.t, game.dawn, game.cat
    n = game.n_players
    d = setup["dawn"]
    swap = [cat.companion_row(c) for c in setup["box"]]
    st = DawnState(sets=list(d["sets"]), replaced=list(d["replaced"]), swap_deck=swap)
    if any(s in dt.set_butterflies for s in st.sets) and dt.bag is not None:
        st.bag = dt.bag.full()
        st.aside = [0] * len(st.bag)
        for p in players:
            p.butterflies = [0] * len(st.bag)
    if n > 4:
        size = dt.sizes[n]
        st.n_spaces = size.n_spaces
        first = int(setup["first_player"])
        for pos in size.turns:
            players[(first + pos) % n].little_board = True
    return st


def roll_little_board_dice(game, track) -> None:
    """D4: the small dice of 5 and 6 players, rolled (a purple footprint again) onto the little
    board's space of the element shown."""
    size = game.dawn.sizes.get(game.n_players)
    if size is None:
        return
    for color in size.small_dice:
        d = Die(color=int(color), small=True)
        game.roll_until_element(d, -1)
        track.dice[size.little_space[game.symbol(d)]].append(d)


def space_of(game, p, element: int) -> int:
    """The space a small die showing `element` goes back to for player p (R7, D5)."""
    if p.little_board:
        return game.dawn.sizes[game.n_players].little_space[element]
    return int(game.t.element_space[element])


def space_label(game, s: int) -> str:
    """The element(s) a meeting-track space takes: "leaf", or "water+fire+rock" (D4)."""
    if s < 5:
        return C.SYMBOLS[int(game.t.space_element[s])]
    size = game.dawn.sizes[game.n_players]
    return "+".join(C.SYMBOLS[e] for e in range(C.N_ELEMENTS) if size.little_space[e] == s)


def shuffled_spells(cat, t, stream) -> list:
    """The spell pile's rows, every copy of each spell, shuffled on the setup stream (shared by
    the base game and Dawn)."""
    spells = []
    base = cat.n_companions + cat.n_adventurers
    for i in range(len(cat.spell_ids)):
        spells += [base + i] * int(t.item_copies[base + i])
    stream.shuffle(spells)
    return spells
