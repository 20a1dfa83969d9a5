"""The hand-made bots' rules for the decisions only a Dawn game asks (docs/rules.md D8-D14),
shared by `greedy` and the parameter bots (`heuristic`, `expert`); `random` picks uniformly.

Each rule takes the choice worth most now, valued as the greedy bot values a noon (the
effects the player's dice trigger, glowsim/engine/bots.py) and a card (printed bursts,
fireflies, rerolls, its effect):

- JOKER (D8): the element whose face gives the best noon;
- REROLL_NOW (D8): with the pink die, the die of the player's whose reroll gains most on
  average over its six faces, none when no die gains;
- SWAP (D10): the companion worth least, when the swap deck's top card is worth more; else skip;
- BUTTERFLY_GIVE (D7, D14): the token whose loss costs fewest end-game bursts (D15), an action
  token counted at 2;
- ACTION (D14): the discard token on a held spell; at noon, an ignore token on the element
  whose ignoring gives the best noon, when it beats the noon without; else none.
"""
from __future__ import annotations

from ..content import codes as C
from ..content.dawntables import BF_ACTION, USE_DISCARD
from ..spec import decisions as D
from .dawnnoon import count

ACTION_TOKEN_WORTH = 2.0
RESOURCE_WORTH = (0.0, 1.5, 1.0, 1.5, 1.5)   # none, rerolls, footprints, fireflies, butterflies


def value(game, row: int) -> float:
    """Worth of one application of an item's effect, Dawn parts included."""
    t = game.t
    a = t.eff_amount[row]
    v = float(a[0]) + float(a[1]) + 1.5 * float(a[2]) + 1.5 * float(a[3])
    dt = game.dawn
    if dt is not None:
        v += 1.5 * dt.butterflies[row] + 0.5 * dt.exchange[row] - 3.0 * dt.lose[row]
        resource, n = dt.cost[row]
        v -= RESOURCE_WORTH[resource] * n
    return v


def card_worth(game, row: int) -> float:
    t = game.t
    return float(t.item_bursts[row]) + 1.5 * float(t.item_fireflies[row]) + 2.0 * float(t.item_reroll_each[row])


def noon_value(game, p) -> float:
    """The effects the player's dice trigger now, summed (a noon's immediate worth)."""
    items = [p.adventurer] + p.companions
    total = sum(count(game, p, r) * value(game, r) for r in items)
    total += sum(count(game, p, s.row) * value(game, s.row) for s in p.spells
                 if s.active_from <= game.state.round)
    return total


def joker(game, p, legal):
    die = p.dice[legal[0][0]]
    old = die.face
    best, best_v = legal[0], None
    for opt in legal:
        die.face = next(f for f in range(6) if int(game.t.die_symbol[die.color, f]) == opt[1])
        v = noon_value(game, p)
        if best_v is None or v > best_v:
            best, best_v = opt, v
    die.face = old
    return best


def reroll_now(game, p, legal):
    base = noon_value(game, p)
    best, best_gain = legal[0], 0.0
    for opt in legal:
        j = opt[1]
        if j < 0:
            continue
        die = p.dice[j]
        old = die.face
        total = 0.0
        for f in range(6):
            die.face = f
            total += noon_value(game, p)
        die.face = old
        gain = total / 6.0 - base
        if gain > best_gain:
            best, best_gain = opt, gain
    return best


def swap(game, p, legal):
    deck = game.state.dawn.swap_deck
    if not deck or len(legal) == 1:
        return legal[0]
    top = deck[0]
    worth = lambda r: card_worth(game, r) + value(game, r)
    give = min((o for o in legal if o[0] >= 0), key=lambda o: (worth(o[0]), o[0]))
    return give if worth(top) > worth(give[0]) else legal[0]


def give_loss(game, p, code: int) -> float:
    bag = game.dawn.bag
    tok = bag.tokens[code]
    if tok.kind == BF_ACTION:
        return ACTION_TOKEN_WORTH
    k = p.butterflies[code]
    top = len(bag.colour_bursts) - 1
    loss = bag.colour_bursts[min(k, top)] - bag.colour_bursts[min(k - 1, top)]
    colours = bag.colour_tokens()
    if k == 1 and all(p.butterflies[c] > 0 for c in colours):
        loss += bag.all_colours_bursts
    return float(loss)


def butterfly_give(game, p, legal):
    return min(legal, key=lambda o: (give_loss(game, p, o[0]), o[0]))


def action(game, p, legal):
    bag = game.dawn.bag
    if p.spells:
        for o in legal:
            if o[0] >= 0 and bag.tokens[o[0]].use == USE_DISCARD:
                return o
    if not getattr(game, "at_noon", False):
        return legal[0]     # ignoring an element is weighed at noon only
    base = noon_value(game, p)
    best, best_v = legal[0], base
    for o in legal:
        if o[0] < 0 or o[1] < 0:
            continue
        p.ignored.add(o[1])
        v = noon_value(game, p)
        p.ignored.discard(o[1])
        if v > best_v + 1e-9:
            best, best_v = o, v
    return best


RULES = {D.JOKER: joker, D.REROLL_NOW: reroll_now, D.SWAP: swap,
         D.BUTTERFLY_GIVE: butterfly_give, D.ACTION: action}


def decide(game, seat: int, kind: int, legal):
    """The choice of the Dawn decision `kind` by the rules above."""
    return RULES[kind](game, game.state.players[seat], legal)
