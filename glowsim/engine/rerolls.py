"""R4 Late morning: roll every die, then rerolls in any mix and order."""
from __future__ import annotations

from ..content import codes as C
from ..spec import decisions as D
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


def reroll_options(game, p) -> list[tuple]:
    n = len(p.dice)
    steps = track_steps(game, p)
    avail = {D.SRC_LUMIPILI: p.lumipili_left, D.SRC_TOKEN: p.tokens, D.SRC_TRACK: steps}
    legal = [D.pad(D.OP_STOP)]
    for src in (D.SRC_LUMIPILI, D.SRC_TOKEN, D.SRC_TRACK):
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
    return legal


def spend(game, p, src: int, n: int = 1) -> None:
    below = game.t.track_reroll_below
    if src == D.SRC_LUMIPILI:
        p.lumipili_left -= n
        p.stats["rerolls_spent_lumipili"] += n
    elif src == D.SRC_TOKEN:
        p.tokens -= n
        p.stats["rerolls_spent_token"] += n
    else:
        for _ in range(n):
            new = int(below[p.score])
            p.stats["track_points_spent"] += p.score - new
            p.score = new
        p.stats["rerolls_spent_track"] += n


def faces_text(game, p) -> str:
    return " ".join(C.SYMBOLS[game.symbol(d)] for d in p.dice)


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
            p.dice = canonical_dice(p, t)
            for d in p.dice:
                d.used = False
                d.gone = False
                game.roll(d, seat)
            p.lumipili_left = sum(int(t.item_reroll_each[r]) for r in p.companions)
            game.say(f"  P{seat} rolls: {faces_text(game, p)}")
        while True:
            op, a, b, c, e, f = game.ask(seat, D.REROLL, reroll_options(game, p))
            if op == D.OP_STOP:
                break
            if op == D.OP_REROLL:
                spend(game, p, a)
                for i in (b, c):
                    if i >= 0:
                        game.roll(p.dice[i], seat)
                game.say(f"    reroll ({D.SOURCE_NAMES[a]}) -> {faces_text(game, p)}"
                         + (f" [score {p.score}]" if a == D.SRC_TRACK else ""))
            else:
                spend(game, p, D.SRC_LUMIPILI, a)
                spend(game, p, D.SRC_TOKEN, b)
                spend(game, p, D.SRC_TRACK, c)
                p.dice[e].face = f
                p.stats["set_faces"] += 1
                game.say(f"    3 rerolls ({a} Lumipili, {b} tokens, {c} track) set die {e} to "
                         f"{C.SYMBOLS[game.symbol(p.dice[e])]} -> {faces_text(game, p)}")
