"""The heuristic bot's draft: adventurer (E19), recruit (R3), the 2-player discard, the
colour of an `any` Sketal's die.

RECRUIT: each companion on offer is worth its keep value (printed bursts and fireflies,
its triggers over the rounds left for this player's dice pool, Sketal die, Lumipili
reroll) plus this round's expected noon value with the space's small dice, the
footprints lying there, minus the black die's curse risk (a Kaar holder moves the black
die away instead, onto the space whose companion is printed best).
"""
from __future__ import annotations

from ...content import codes as C
from ...spec import decisions as D
from ..morning import black_space, has_kaar
from .values import (add_die, amount_value, die_value, expected_count, firefly_value, fixed_pool,
                     future_pool, keep_value, round_value, small_pool, trigger_value)


def adventurer(v, legal) -> tuple:
    """ADVENTURER (E19): the free adventurer with the most printed bursts plus eight rounds of
    its own trigger on its own dice and an average pick's small dice."""
    bt = v.bt
    ls = small_pool(bt)
    best = -1
    bv = -1e300
    for (row, *_) in legal:   # catalog order
        it = v.item(row)
        lam = list(ls)
        add_die(bt, lam, it.adv_color, float(it.adv_dice))
        x = it.bursts + v.game.rounds * (
            round_value(v, row, lam, 1.0) + 3.0 * lam[C.BURST] + 2.0 * lam[C.FOOTPRINT])
        if x > bv:
            bv = x
            best = row
    return D.pad(best)


def space_pool(v, s: int, base) -> tuple:
    """(pool, small dice): base plus the small dice lying on space s (not the black die),
    added in the content's small-dice order."""
    lam = list(base)
    dice = sorted((d for d in v.st.track.dice[s] if d.color != C.BLACK),
                  key=lambda d: v.bt.small_die_order(d.color))
    for d in dice:
        add_die(v.bt, lam, d.color, 1.0)
    return lam, len(dice)


def noon_value_now(v, lam, ffv: float, future: int, extra_row: int) -> float:
    """Expected noon value this round over pool lam of the player's items and of
    `extra_row` (the companion recruited)."""
    p = v.p
    x = round_value(v, p.adventurer, lam, ffv)
    for r in p.companions:
        it = v.item(r)
        if it.flags & C.FLAG_DISCARD_SELF:
            x += expected_count(v.bt, it, lam, True) * trigger_value(v, r, lam, ffv, future)
        else:
            x += round_value(v, r, lam, ffv)
    if extra_row >= 0:
        it = v.item(extra_row)
        if it.flags & C.FLAG_DISCARD_SELF:
            once = amount_value(v, it, ffv)
            x += expected_count(v.bt, it, lam, True) * (once - float(it.bursts))
        else:
            x += round_value(v, extra_row, lam, ffv)
    x += 3.0 * lam[C.BURST] + 2.0 * v.w.w_footprint * lam[C.FOOTPRINT]
    return x


def reserve_colors(v) -> list:
    """Colours with a large die in the reserve, ascending."""
    return sorted(set(v.st.reserve))


def offer_value(v, s: int, ffv: float, future: int, lam_fixed, lam_future, with_black: bool) -> float:
    """What taking space s is worth to the player (R3)."""
    st, w = v.st, v.w
    row = st.track.companion[s]
    lam, ndice = space_pool(v, s, lam_fixed)
    sk = v.item(row).sketal
    kv = keep_value(v, row, lam_future, ffv, future)
    if sk >= 0:
        col = -1
        if sk == C.ANY_COLOR:
            bestc = -1e300
            for c in reserve_colors(v):
                dv = die_value(v, c, lam_future, ffv)
                if dv > bestc:
                    bestc = dv
                    col = c
        elif sk in st.reserve:
            col = sk
        if col >= 0:
            kv += w.w_future * future * die_value(v, col, lam_future, ffv)
            add_die(v.bt, lam, col, 1.0)
    x = kv + noon_value_now(v, lam, ffv, future, row)
    x += w.w_footprint * st.track.footprints[s]
    x += w.w_small_dice * 0.3 * ndice
    if with_black:
        x -= w.black_penalty
    return x


def worth_to_others(v, s: int) -> float:
    """Printed worth of the companion on space s (where Kaar sends the black die)."""
    r = v.st.track.companion[s]
    if r < 0:
        return -1e300
    it = v.item(r)
    return float(it.bursts) + 1.5 * it.fireflies


def recruit(v) -> tuple:
    """RECRUIT: the space worth most; with Kaar, the black die moves off it (E5)."""
    ffv = firefly_value(v, 1)
    future = v.rounds_after
    lam_fixed = fixed_pool(v)
    lam_future = future_pool(v)
    bs = black_space(v.st)
    kaar = bs >= 0 and has_kaar(v.game, v.p)
    best = -1e300
    choice = None
    for s in range(5):
        if v.st.track.companion[s] < 0:
            continue
        move = -1
        if s == bs and kaar:
            tv = -1e300
            for t in range(5):
                if t != s and worth_to_others(v, t) > tv:
                    tv = worth_to_others(v, t)
                    move = t
        x = offer_value(v, s, ffv, future, lam_fixed, lam_future, s == bs and move < 0)
        if x > best:
            best = x
            choice = D.pad(s, move)
    return choice


def discard2p(v_opponent, legal) -> tuple:
    """DISCARD_2P: send to the cemetery the companion the opponent would value most
    (valued with the opponent's own parameters, as the fast path does)."""
    v = v_opponent
    ffv = firefly_value(v, 1)
    future = v.rounds_after
    lam = future_pool(v)
    best = -1e300
    choice = None
    for s in range(5):
        r = v.st.track.companion[s]
        if r < 0:
            continue
        x = keep_value(v, r, lam, ffv, future) + v.st.track.footprints[s]
        if x > best:
            best = x
            choice = D.pad(s)
    return choice


def sketal_die(v, legal) -> tuple:
    """SKETAL_DIE: the reserve colour that adds most to the player's triggers."""
    ffv = firefly_value(v, 0)
    lam = future_pool(v)
    best = -1e300
    bc = -1
    for (c, *_) in legal:   # reserve colours, ascending
        x = die_value(v, c, lam, ffv)
        if x > best:
            best = x
            bc = c
    return D.pad(bc)
