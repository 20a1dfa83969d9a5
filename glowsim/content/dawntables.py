"""The Dawn parts of a content compiled for the reference engine (:class:`DawnTables`): what
the base tables (glowsim/content/arrays.py) have no column for, per catalog row and per game
size, as plain Python values (docs/rules.md D1..D18).

Only the reference engine plays Dawn; the fast path reads the base tables alone and refuses
Dawn content before it would read them.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import codes as C
from . import dawncodes as DC
from .dawncheck import game_deck
from .model import Content

# kinds of butterfly token (D14)
BF_COLOUR, BF_INSTANT, BF_ACTION = range(3)
USE_DISCARD, USE_IGNORE = "lose_companion_or_spell", "ignore_element"


@dataclass(frozen=True)
class Token:
    """One kind of butterfly token: a colour token, an instant token or an action token."""
    name: str
    kind: int                 # BF_COLOUR, BF_INSTANT, BF_ACTION
    copies: int
    colour: int = -1          # colour tokens: die colour code
    gain: tuple = (0, 0, 0, 0)  # instant tokens: bursts, footprints, fireflies, rerolls
    use: str = ""             # action tokens: USE_DISCARD or USE_IGNORE

    @property
    def returnable(self) -> bool:
        """Colour and action tokens stay with the player, pay costs and can be given back."""
        return self.kind != BF_INSTANT


@dataclass(frozen=True)
class Bag:
    """D14, D15: the butterfly bag's token kinds (index = token code) and its scoring."""
    tokens: tuple
    missing_token_bursts: int
    colour_bursts: tuple
    all_colours_bursts: int

    def full(self) -> list[int]:
        """Tokens per kind of a full bag."""
        return [t.copies for t in self.tokens]

    def colour_tokens(self) -> list[int]:
        return [i for i, t in enumerate(self.tokens) if t.kind == BF_COLOUR]


@dataclass(frozen=True)
class TableSize:
    """D4, D5: the meeting track of 5 or 6 players."""
    n_spaces: int             # main board's five plus the little board's
    little_space: tuple       # element -> space index (5.. ) on the little board
    turns: tuple              # turn positions of round 1 that play on the little board
    small_dice: tuple         # colour codes of the small dice added
    min_sets: int
    replace: str              # each, one_if_all, none


@dataclass(frozen=True)
class DawnTables:
    """Per catalog row (companions, adventurers, spells, as in the base tables) and per game."""
    elements: tuple           # (min, max) of an `elements` trigger (D6), None otherwise
    cost: tuple               # (resource code, n) of a trigger's cost (D7); (COST_NONE, 0)
    butterflies: tuple        # tokens drawn by an effect (D14)
    exchange: tuple           # tokens drawn, then given back, by an effect (D14)
    lose: tuple               # an effect's lose_companion_or_spell (D13)
    reroll_for_bursts: tuple  # bursts a reroll costs (D12), 0 for none
    adv_dice: tuple           # an adventurer's large dice colours (D2), () for other rows
    sets: tuple               # set ids, in content order (D1)
    set_solo: tuple           # ids of the sets solo play may use (D16)
    set_butterflies: tuple    # ids of the sets that bring the bag (D14)
    sizes: dict               # 5, 6 -> TableSize (D4)
    bag: Bag | None           # D14
    swap_deck_order: str      # D3
    solo_swap_deck: tuple     # companion rows (D16)
    solo_swap_deck_order: str
    closed_islands: tuple     # D16
    content: Content

    def deck(self, sets, replaced) -> list[str]:
        """D1: the companion ids of a multiplayer game with `sets` in play, `replaced` ones
        taking their `replaces` out."""
        return game_deck(self.content, sets, replaced)


def _color(name: str) -> int:
    return C.COLOR_CODE[name] if name in C.COLOR_CODE else DC.DAWN_COLOR_CODE[name]


def compile_dawn(content: Content, cat) -> DawnTables:
    """The Dawn tables of `content` (which has a ``dawn`` section) in the catalog's row order."""
    d = content.dawn
    rows = ([content.companions[c] for c in cat.companion_ids]
            + [content.adventurers[a] for a in cat.adventurer_ids]
            + [content.spells[s] for s in cat.spell_ids])
    elements, cost, bf, ex, lose, rfb, adv = [], [], [], [], [], [], []
    for r, item in enumerate(rows):
        trig, eff = item.trigger, item.effect
        elements.append(tuple(trig.elements) if trig is not None and trig.elements else None)
        if trig is not None and trig.cost is not None:
            name, n = trig.cost.resource()
            cost.append((DC.COST_NAMES.index(name), n))
        else:
            cost.append((DC.COST_NONE, 0))
        bf.append(eff.butterflies if eff is not None else 0)
        ex.append(eff.exchange_butterflies if eff is not None else 0)
        lose.append(bool(eff.lose_companion_or_spell) if eff is not None else False)
        rfb.append(getattr(item, "reroll_for_bursts", 0))
        if r >= cat.n_companions and r < cat.n_companions + cat.n_adventurers:
            if item.dice_colors:
                adv.append(tuple(_color(col) for col, k in item.dice_colors.items() for _ in range(k)))
            else:
                adv.append(tuple([_color(item.color)] * item.dice))
        else:
            adv.append(())
    sizes = {}
    for n, ts in d.players.items():
        little = [-1] * C.N_ELEMENTS
        for j, space in enumerate(ts.little_board):
            for e in space:
                little[C.SYMBOL_CODE[e]] = 5 + j
        sizes[n] = TableSize(n_spaces=5 + len(ts.little_board), little_space=tuple(little),
                             turns=tuple(ts.little_board_turns),
                             small_dice=tuple(C.COLOR_CODE[c] for c in ts.small_dice),
                             min_sets=ts.min_sets, replace=ts.replace)
    bag = None
    if d.butterflies is not None:
        b = d.butterflies
        tokens = [Token(name=col, kind=BF_COLOUR, copies=b.per_colour, colour=C.COLOR_CODE[col])
                  for col in b.colours]
        for name, tok in b.instant.items():
            g = tok.gain
            tokens.append(Token(name=name, kind=BF_INSTANT, copies=tok.copies,
                                gain=(g.get("bursts", 0), g.get("footprints", 0),
                                      g.get("fireflies", 0), g.get("rerolls", 0))))
        for name, tok in b.action.items():
            tokens.append(Token(name=name, kind=BF_ACTION, copies=tok.copies, use=tok.use))
        bag = Bag(tokens=tuple(tokens), missing_token_bursts=b.missing_token_bursts,
                  colour_bursts=tuple(b.colour_bursts), all_colours_bursts=b.all_colours_bursts)
    return DawnTables(
        elements=tuple(elements), cost=tuple(cost), butterflies=tuple(bf), exchange=tuple(ex),
        lose=tuple(lose), reroll_for_bursts=tuple(rfb), adv_dice=tuple(adv),
        sets=tuple(d.sets), set_solo=tuple(s for s, st in d.sets.items() if st.solo),
        set_butterflies=tuple(s for s, st in d.sets.items() if st.butterflies),
        sizes=sizes, bag=bag, swap_deck_order=d.swap_deck_order,
        solo_swap_deck=tuple(cat.companion_row(c) for c in d.solo.swap_deck),
        solo_swap_deck_order=d.solo.swap_deck_order,
        closed_islands=tuple(d.solo.closed_islands), content=content)
