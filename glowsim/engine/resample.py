"""Hidden parts of a game stopped at a decision, drawn again (GameState.resample_hidden).

A candidate is a new setup (the same cards and tokens, the hidden ones in other places) and
the decisions so far with other players' token rows renamed to the tokens they now hold; the
caller plays it again and keeps it only if the observing player sees the same game.

Hidden to `player`: the companions not yet dealt (draw pile and box, each card staying in its
deck A or B, as the card backs show; solo: decks A and B; a Dawn game's box is the swap deck,
whose top card its owner looks at, and keeps its order), Tom's tile deck and the order of its
reshuffle (solo), the spell pile and the spell tokens other players still hold.  Everything
dealt, drawn by `player` or spent stays where it is.  The hidden cards and tokens are sorted
before they are permuted, so a redraw depends on `rng` and on what `player` sees, never on
the true hidden order.
"""
from __future__ import annotations

import copy

from ..spec import decisions as D


def permute_by_deck(rng, slots, deck_of):
    """Permute the cards in `slots` (list of (list, index)) among themselves, within each deck."""
    by_deck: dict = {}
    for lst, i in slots:
        by_deck.setdefault(deck_of(lst[i]), []).append((lst, i))
    for deck in sorted(by_deck):
        group = by_deck[deck]
        cards = sorted(lst[i] for lst, i in group)   # the draw never depends on the hidden order
        order = rng.permutation(len(cards))
        for (lst, i), j in zip(group, order):
            lst[i] = cards[int(j)]


def permute_tail(rng, lst: list, start: int) -> None:
    """Permute ``lst[start:]`` (sorted first: the draw never depends on the hidden order)."""
    tail = sorted(lst[start:])
    lst[start:] = [tail[int(j)] for j in rng.permutation(len(tail))]


def redraw(state, player: int, rng, swap_spells: bool) -> tuple[dict, list]:
    game = state.game
    st = game.state
    cat, t = game.cat, game.t
    setup = copy.deepcopy(state._spec.setup)
    decisions = [list(r) for r in game.record.decisions]

    def deck_of(cid):
        return int(t.item_deck[cat.companion_row(cid)])

    if game.record.solo:
        tom = game.tom
        deck_a, deck_b = setup["deck_a"], setup["deck_b"]
        if tom.deck == "A":
            dealt_a, dealt_b = len(deck_a) - len(st.pile), 0
        else:
            dealt_a = len(deck_a) - (len(st.box) - len(setup["box"]))
            dealt_b = len(deck_b) - len(st.pile)
        permute_tail(rng, deck_a, dealt_a)
        permute_tail(rng, deck_b, dealt_b)
        tiles = setup["tiles"]
        if tom.reshuffles == 0:
            permute_tail(rng, tiles, len(tiles) - len(tom.tile_deck))
            setup["tile_reshuffle"] = [int(x) for x in rng.permutation(len(setup["tile_reshuffle"]))]
        elif tom.reshuffles == 1:
            order = setup["tile_reshuffle"]
            permute_tail(rng, order, len(order) - len(tom.tile_deck))
            setup["tile_reshuffle"] = [int(x) for x in order]
        return setup, decisions

    pile, box = setup["draw_pile"], setup["box"]
    dealt = len(pile) - len(st.pile) if st is not None else 0
    slots = [(pile, i) for i in range(dealt, len(pile))]
    if game.dawn is None:   # a Dawn game's box is Hulios's swap deck (D10): it keeps its order
        slots += [(box, i) for i in range(len(box))]
    permute_by_deck(rng, slots, deck_of)

    spells = setup["spell_pile"]
    drawn = len(spells) - len(st.spell_pile) if st is not None else 0
    hidden = list(range(drawn, len(spells)))
    held = []
    if swap_spells and st is not None:
        held = [(q.seat, s.index) for q in st.players if q.seat != player for s in q.spells]
        hidden = [i for _, i in held] + hidden
    old = list(spells)
    tokens = sorted(spells[i] for i in hidden)
    for i, j in zip(hidden, rng.permutation(len(tokens))):
        spells[i] = tokens[int(j)]
    renames: dict = {}
    for seat, i in held:
        if old[i] != spells[i]:
            renames.setdefault(seat, {}).setdefault(cat.spell_row(old[i]), cat.spell_row(spells[i]))
    for r in decisions:
        names = renames.get(r[0])
        if not names:
            continue
        if r[1] == D.RESOLVE and r[2] in names:
            r[2] = names[r[2]]
        elif r[1] == D.LOSE and r[2] == D.LOSE_SPELL and r[3] in names:
            r[3] = names[r[3]]
    return setup, decisions
