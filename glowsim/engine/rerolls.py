"""R4 Late morning: roll every die, then rerolls in any mix and order."""
from __future__ import annotations

from ..content import codes as C
from ..spec import decisions as D
from ..content import dawncodes as DC
from .dawndice import canonical, face_of
from .dice import canonical_dice


def track_steps(game, p) -> int:
    """How many score-track rerolls are available: reroll spaces strictly below the score (R4)."""
    if p.lapped:
        return 0
    below = game.t.track_reroll_below
    n, s = 0, p.score
    while s > 0 and below[min(s, len(below) - 1)] >= 0:
        s = int(below[min(s, len(below) - 1)])
        n += 1
    return n


def bursts_price(game, p) -> int:
    """D12: bursts a reroll costs with a `reroll_for_bursts` card in play (the cheapest), 0
    without one."""
    if game.dawn is None:
        return 0
    prices = [game.dawn.reroll_for_bursts[r] for r in p.companions if game.dawn.reroll_for_bursts[r] > 0]
    return min(prices) if prices else 0


def reroll_options(game, p) -> list[tuple]:
    n = len(p.dice)
    steps = track_steps(game, p)
    price = bursts_price(game, p)
    bought = p.score // price if price else 0    # the score stays at 0 or above (D12)
    avail = {D.SRC_LUMIPILI: p.lumipili_left, D.SRC_TOKEN: p.tokens, D.SRC_TRACK: steps,
             D.SRC_BURSTS: bought}
    legal = [D.pad(D.OP_STOP)]
    for src in (D.SRC_LUMIPILI, D.SRC_TOKEN, D.SRC_TRACK, D.SRC_BURSTS):
        if avail[src] <= 0:
            continue
        for i in range(n):
            legal.append(D.pad(D.OP_REROLL, src, i, -1))
            for j in range(i + 1, n):
                legal.append(D.pad(D.OP_REROLL, src, i, j))
    for b in range(min(3, avail[D.SRC_LUMIPILI]) + 1):
        for c in range(min(3 - b, avail[D.SRC_TOKEN]) + 1):
            d = 3 - b - c
            if d > avail[D.SRC_TRACK]:
                continue
            for die in range(n):
                for face in range(6):
                    legal.append(D.pad(D.OP_SET, b, c, d, die, face))
    # D12: a face change paid partly with bought rerolls, the rest from Lumipili and tokens
    for b in range(min(3, avail[D.SRC_LUMIPILI]) + 1):
        for c in range(min(3 - b, avail[D.SRC_TOKEN]) + 1):
            d = 3 - b - c
            if d < 1 or d > bought:
                continue
            for die in range(n):
                for face in range(6):
                    legal.append(D.pad(D.OP_SET_BOUGHT, b, c, d, die, face))
    return legal


def spend(game, p, src: int, n: int = 1) -> None:
    below = game.t.track_reroll_below
    if src == D.SRC_LUMIPILI:
        p.lumipili_left -= n
        p.stats["rerolls_spent_lumipili"] += n
    elif src == D.SRC_TOKEN:
        p.tokens -= n
        p.stats["rerolls_spent_token"] += n
    elif src == D.SRC_BURSTS:
        p.score -= n * bursts_price(game, p)
        p.stats["rerolls_spent_bursts"] += n
    else:
        for _ in range(n):
            new = int(below[p.score])
            p.stats["track_points_spent"] += p.score - new
            p.score = new
        p.stats["rerolls_spent_track"] += n


def faces_text(game, p) -> str:
    names = C.SYMBOLS if game.dawn is None else DC.DAWN_SYMBOLS
    return " ".join(names[game.symbol(d)] for d in p.dice)


def reroll_now(game, p) -> None:
    """D8: while a pink die shows `reroll_now` (one at a time, the first in the dice list),
    it is rerolled at once, free, with one other die of the player's choice or none."""
    while True:
        pink = next((i for i, d in enumerate(p.dice) if game.symbol(d) == DC.REROLL_NOW), -1)
        if pink < 0:
            return
        legal = [D.pad(pink, -1)] + [D.pad(pink, j) for j in range(len(p.dice)) if j != pink]
        other = game.ask(p.seat, D.REROLL_NOW, legal)[1]
        for i in (pink, other):
            if i >= 0:
                game.roll(p.dice[i], p.seat)
        game.say(f"    reroll now (pink die {pink}) -> {faces_text(game, p)}")


def set_jokers(game, p) -> bool:
    """D8: every effective multi die showing the joker is turned, free, to an element of the
    player's choice, before the reroll step ends; whether any was."""
    t = game.t
    any_set = False
    for i, d in enumerate(p.dice):
        if d.color != DC.MULTI or game.symbol(d) != DC.JOKER or \
                not any(x is d for x in game.effective(p)):
            continue
        legal = [D.pad(i, e) for e in range(C.N_ELEMENTS) if face_of(t, d.color, e) >= 0]
        e = game.ask(p.seat, D.JOKER, legal)[1]
        d.face = face_of(t, d.color, e)
        any_set = True
        game.say(f"    joker: die {i} set to {C.SYMBOLS[e]} -> {faces_text(game, p)}")
    return any_set


def late_morning(game, first: int = 0, rolled: bool = False) -> None:
    """Each player in turn order rolls, then rerolls (R4).  A game started at a position may
    begin with the player at turn position `first`, whose dice are already rolled if
    `rolled` (the players before have finished)."""
    st = game.state
    t = game.t
    for i, seat in enumerate(st.turn_order()):
        if i < first:
            continue
        p = st.players[seat]
        if not (rolled and i == first):
            p.dice = canonical(t, game.dawn, p) if game.dawn is not None else canonical_dice(p, t)
            for d in p.dice:
                d.used = False
                d.gone = False
                game.roll(d, seat)
            p.lumipili_left = sum(int(t.item_reroll_each[r]) for r in p.companions)
            game.say(f"  P{seat} rolls: {faces_text(game, p)}")
            if game.dawn is not None:
                reroll_now(game, p)
        while True:
            op, a, b, c, e, f = game.ask(seat, D.REROLL, reroll_options(game, p))
            if op == D.OP_STOP:
                if game.dawn is not None and set_jokers(game, p):
                    continue     # D8: the jokers set, the player may still reroll
                break
            if op == D.OP_REROLL:
                spend(game, p, a)
                for i in (b, c):
                    if i >= 0:
                        game.roll(p.dice[i], seat)
                game.say(f"    reroll ({D.SOURCE_NAMES[a]}) -> {faces_text(game, p)}"
                         + (f" [score {p.score}]" if a in (D.SRC_TRACK, D.SRC_BURSTS) else ""))
                if game.dawn is not None:
                    reroll_now(game, p)
            else:
                spend(game, p, D.SRC_LUMIPILI, a)
                spend(game, p, D.SRC_TOKEN, b)
                spend(game, p, D.SRC_BURSTS if op == D.OP_SET_BOUGHT else D.SRC_TRACK, c)
                p.dice[e].face = f
                p.stats["set_faces"] += 1
                names = C.SYMBOLS if game.dawn is None else DC.DAWN_SYMBOLS
                game.say(f"    3 rerolls ({a} Lumipili, {b} tokens, {c} "
                         f"{'bought' if op == D.OP_SET_BOUGHT else 'track'}) set die {e} to "
                         f"{names[game.symbol(p.dice[e])]} -> {faces_text(game, p)}")
