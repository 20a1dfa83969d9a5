"""Slow, obviously correct Python versions of what the kernels compute, for checking them.

Each works on plain lists and the content's model-level facts (not the kernels'
packed tables), straight from docs/rules.md.
"""
from __future__ import annotations

from glowsim.content import codes as C


def remove_once(pool: list, wanted: list) -> list | None:
    """pool minus the multiset wanted, or None if wanted is not contained."""
    rest = list(pool)
    for w in wanted:
        if w not in rest:
            return None
        rest.remove(w)
    return rest


def trigger_count(trig, symbols: list) -> int:
    """R5 trigger count of a content Trigger over the shown symbols (names), by brute force:
    remove disjoint matching sets one by one."""
    if trig is None:
        return 0
    if trig.same is not None:
        total = 0
        for kind in C.SYMBOLS[:C.CURSE]:        # elements, footprint, burst; never curse
            pool = [s for s in symbols if s == kind]
            while len(pool) >= trig.same:
                pool = pool[trig.same:]
                total += 1
        return total
    if trig.symbols is not None:
        pool, n = list(symbols), 0
        while True:
            rest = remove_once(pool, list(trig.symbols))
            if rest is None:
                break
            pool, n = rest, n + 1
        if trig.absent is None:
            return n
        if n == 0:
            return 0
    return 0 if any(a in symbols for a in trig.absent) else 1


def effective_symbols(dice: list[tuple[str, str]]) -> list[str]:
    """R5: dice as (colour, symbol shown); the holder of the black die ignores every die
    showing its symbol (the black die too); on `curse` only the black die."""
    black = [s for c, s in dice if c == "black"]
    if not black:
        return [s for _, s in dice]
    b = black[0]
    if b == "curse":
        return [s for c, s in dice if c != "black"]
    return [s for c, s in dice if s != b]


def track_steps(score: int, rerolls: list[int], lapped: bool) -> list[int]:
    """R4: the scores visited by successive score-track rerolls (strictly lower reroll spaces)."""
    if lapped:
        return []
    out = []
    while True:
        lower = [v for v in rerolls if v < score]
        if not lower:
            return out
        score = max(lower)
        out.append(score)


def archi_k(symbols: list[str]) -> int:
    """R6: distinct elements among the effective dice."""
    return len({s for s in symbols if s in C.ELEMENTS})


def recruit_rows(rc: list, nrec: list, start: int, bursts: list) -> list[dict]:
    """Section 6: the recruits table's rows of a block, game after game, each game's first
    nrec[g] rows in order; printed bursts are the companion's when it never left (left < 0)."""
    rows = []
    for g, n in enumerate(nrec):
        for r in rc[g][:n]:
            rnd, pick, seat, comp, mask, left, effb, tile, mask2 = r
            rows.append(dict(game_index=start + g, round=rnd, pick=pick, seat=seat, companion=comp,
                             offered_mask=mask, left_round=left, effect_bursts=effb,
                             printed_bursts=bursts[comp] if left < 0 else 0, tile=tile,
                             offered_mask2=mask2))
    return rows
