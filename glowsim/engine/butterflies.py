"""The butterfly bag (docs/rules.md D14, D15): draws, exchanges, tokens paying a cost, the
action tokens, the end-of-round return and the end-game count.

The bag is a count per token code (glowsim/content/dawntables.py ``Bag``); a draw takes one
token uniformly among those in the bag, chosen with the meeting track's dice
(``Game.draw_index``).  Tokens given back, used or instant lie aside until the end of the
round, then go back into the bag.
"""
from __future__ import annotations

from ..content import codes as C
from ..content.dawntables import BF_ACTION, BF_INSTANT, USE_DISCARD, USE_IGNORE
from ..spec import decisions as D


def _bag(game):
    return game.dawn.bag


def returnable(game, p) -> int:
    """Colour and action tokens the player holds (they pay costs, D7)."""
    return sum(p.butterflies) if p.butterflies else 0


def draw_one(game, p) -> int:
    """Take one token from the bag (the bag holds one); an instant token's gain is taken at
    once and the token lies aside (D14). The token code."""
    st = game.state.dawn
    n = sum(st.bag)
    i = game.draw_index(n)
    code = 0
    while i >= st.bag[code]:
        i -= st.bag[code]
        code += 1
    st.bag[code] -= 1
    tok = _bag(game).tokens[code]
    p.stats["butterflies_drawn"] += 1
    if tok.kind == BF_INSTANT:
        st.aside[code] += 1
        b, f, ff, r = tok.gain
        game.add_amounts(p, bursts=b, footprints=f, fireflies=ff, rerolls=r)
        game.say(f"    P{p.seat} draws the butterfly token {tok.name} (instant: "
                 + ", ".join(x for x in (f"{b:+d} bursts" if b else "", f"{f:+d} footprints" if f else "",
                                         f"{ff:+d} fireflies" if ff else "",
                                         f"{r:+d} reroll tokens" if r else "") if x) + ")")
    else:
        p.butterflies[code] += 1
        game.say(f"    P{p.seat} draws the butterfly token {tok.name}")
    return code


def draw(game, p, n: int) -> None:
    """`butterflies: n` (D14): n draws; from a bag with fewer, all that are left and
    `missing_token_bursts` per token missing (no bag in the game: every token is missing,
    ruling 20)."""
    st = game.state.dawn
    left = sum(st.bag) if st.bag is not None else 0
    for _ in range(min(n, left)):
        draw_one(game, p)
    missing = n - min(n, left)
    if missing:
        bursts = missing * (_bag(game).missing_token_bursts if _bag(game) is not None else 1)
        game.add_score(p, bursts)
        game.say(f"    the bag is short of {missing} butterfly tokens: P{p.seat} gains {bursts} bursts")


def give_back(game, p, code: int) -> None:
    p.butterflies[code] -= 1
    game.state.dawn.aside[code] += 1


def exchange(game, p, n: int) -> None:
    """`exchange_butterflies: n` (D14): n draws, then n returnable tokens given back, chosen
    one at a time (all of them when fewer are held)."""
    draw(game, p, n)
    for _ in range(n):
        legal = give_options(p, D.GIVE_EXCHANGE)
        if not legal:
            break
        code = game.ask(p.seat, D.BUTTERFLY_GIVE, legal)[0]
        give_back(game, p, code)
        game.say(f"    P{p.seat} gives back the butterfly token {_bag(game).tokens[code].name}")


def give_options(p, why: int) -> list[tuple]:
    return [D.pad(c, why) for c, k in enumerate(p.butterflies or []) if k > 0]


def pay(game, p, n: int) -> None:
    """A butterfly cost (D7): n returnable tokens of the owner's choice, one at a time."""
    for _ in range(n):
        code = game.ask(p.seat, D.BUTTERFLY_GIVE, give_options(p, D.GIVE_COST))[0]
        give_back(game, p, code)
        game.say(f"    P{p.seat} pays the butterfly token {_bag(game).tokens[code].name}")


# ---- action tokens (D14) -----------------------------------------------------

def action_options(game, p) -> list[tuple]:
    """ACTION: none, or an action token held and usable: a discard with a companion or a
    spell to lose; an ignore token naming an element not yet ignored (ruling 18)."""
    bag = _bag(game)
    if bag is None or not p.butterflies:
        return []
    legal = []
    for code, k in enumerate(p.butterflies):
        tok = bag.tokens[code]
        if k <= 0 or tok.kind != BF_ACTION:
            continue
        if tok.use == USE_DISCARD and (p.companions or p.spells):
            legal.append(D.pad(code, -1))
        elif tok.use == USE_IGNORE:
            legal += [D.pad(code, e) for e in range(C.N_ELEMENTS) if e not in p.ignored]
    return [D.pad(-1, -1)] + legal if legal else []


def offer_actions(game, p) -> None:
    """A moment of noon or of the afternoon: the player may use action tokens, one after the
    other, until they use none."""
    while True:
        legal = action_options(game, p)
        if not legal:
            return
        code, element = game.ask(p.seat, D.ACTION, legal)[:2]
        if code < 0:
            return
        tok = _bag(game).tokens[code]
        give_back(game, p, code)
        if tok.use == USE_IGNORE:
            p.ignored.add(element)
            game.say(f"    P{p.seat} uses {tok.name}: every die showing {C.SYMBOLS[element]} is "
                     f"ignored this round")
        else:
            game.say(f"    P{p.seat} uses {tok.name}")
            game.lose_companion_or_spell(p)


def end_of_round(game) -> None:
    """D14: the tokens aside go back into the bag; ignored elements count again."""
    st = game.state
    if st.dawn.bag is not None:
        for code, k in enumerate(st.dawn.aside):
            st.dawn.bag[code] += k
            st.dawn.aside[code] = 0
    for p in st.players:
        p.ignored.clear()


def butterfly_bursts(game, p) -> int:
    """D15: per colour, `colour_bursts` for the colour tokens held; `all_colours_bursts` once
    for a token of every colour."""
    bag = _bag(game)
    if bag is None or not p.butterflies:
        return 0
    colours = bag.colour_tokens()
    top = len(bag.colour_bursts) - 1
    total = sum(bag.colour_bursts[min(p.butterflies[c], top)] for c in colours)
    if colours and all(p.butterflies[c] > 0 for c in colours):
        total += bag.all_colours_bursts
    return total
