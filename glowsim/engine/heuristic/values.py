"""What things are worth to the heuristic bot, in bursts.

Expected trigger counts use a Poisson model of each symbol's count over a dice pool:
``lam[s]`` is the expected number of dice showing symbol s.  A `symbols` trigger
counts ``min_s floor(N_s / need_s)``, so its expectation is
``sum_t prod_s P(N_s >= need_s * t)``.  Every expression keeps the fast path's
operation order (glowsim/fast/bots/values.py), so both give the same floats.
"""
from __future__ import annotations

from ...content import codes as C
from ...spec.botmath import LSTEP, MAXK, NL, int_power

SPELL_HARM = 2.5   # what a cast spell costs each opponent, roughly (value of Xar'gok's cast)


def survival(bt, lam: float, m: int) -> float:
    """P(N >= m) for N ~ Poisson(lam), from the table (lam rounded to the LSTEP grid)."""
    if m <= 0:
        return 1.0
    if m >= MAXK:
        return 0.0
    i = int(lam / LSTEP + 0.5)
    if i >= NL:
        i = NL - 1
    return bt.surv[i][m]


def trigger_count(it, counts) -> int:
    """R5: how many times an item triggers on these symbol counts (before the caps)."""
    kind = it.trig_kind
    if kind == C.TRIG_NONE:
        return 0
    if kind == C.TRIG_SAME:
        return sum(counts[s] // it.trig_same for s in range(C.CURSE))
    if kind == C.TRIG_SYMBOLS or kind == C.TRIG_SYMBOLS_ABSENT:
        sets = 1 << 30
        for s in range(C.N_SYMBOLS):
            if it.need[s] > 0:
                sets = min(sets, counts[s] // it.need[s])
        if kind == C.TRIG_SYMBOLS:
            return sets
        if sets == 0:
            return 0
    for e in range(C.N_ELEMENTS):
        if it.absent[e] and counts[e] > 0:
            return 0
    return 1


def is_capped(it) -> bool:
    """Triggers at most once a noon: discard_self cards, spells, `absent` triggers."""
    return ((it.flags & C.FLAG_DISCARD_SELF) != 0 or it.kind == C.KIND_SPELL
            or it.trig_kind == C.TRIG_ABSENT or it.trig_kind == C.TRIG_SYMBOLS_ABSENT)


def expected_count(bt, it, lam, capped: bool) -> float:
    """E[trigger count] of an item over a pool with expected symbol counts lam (R5);
    ``capped``: at most once."""
    kind = it.trig_kind
    if kind == C.TRIG_NONE:
        return 0.0
    if kind == C.TRIG_SAME:
        n = it.trig_same
        if capped:
            miss = 1.0
            for s in range(C.CURSE):
                miss *= 1.0 - survival(bt, lam[s], n)
            return 1.0 - miss
        tot = 0.0
        for s in range(C.CURSE):   # E[N_s // n] for each symbol, then their sum
            part = 0.0
            t = 1
            while True:
                q = survival(bt, lam[s], n * t)
                if q < 1e-4:
                    break
                part += q
                t += 1
            tot += part
        return tot
    p_sym = 1.0
    tot = 0.0
    if kind == C.TRIG_SYMBOLS or kind == C.TRIG_SYMBOLS_ABSENT:
        t = 1
        while True:
            q = 1.0
            for s in range(C.N_SYMBOLS):
                if it.need[s] > 0:
                    q *= survival(bt, lam[s], it.need[s] * t)
            if t == 1:
                p_sym = q
            elif q < 1e-4:
                break
            tot += q
            if capped or kind == C.TRIG_SYMBOLS_ABSENT or q < 1e-4:
                break
            t += 1
        if kind == C.TRIG_SYMBOLS:
            return tot
    p_abs = 1.0
    for e in range(C.N_ELEMENTS):
        if it.absent[e]:
            p_abs *= 1.0 - survival(bt, lam[e], 1)
    return p_sym * p_abs


# ---- small values ----

def token_value(v) -> float:
    """A reroll token kept: worth w_token while rounds remain, nearly nothing in the last."""
    return v.w.w_token if v.rounds_after > 0 else 0.1


def footprint_value(v) -> float:
    """A footprint is 1 burst at the end (R8), more while it can still pay a way."""
    return v.w.w_footprint if v.rounds_after > 0 else 1.0


def firefly_value(v, extra_comp: int) -> float:
    """Marginal value of a firefly: the R8 bonus needs fireflies >= companions in play."""
    return firefly_value_for(v, v.p, extra_comp)


def firefly_value_for(v, q, extra_comp: int) -> float:
    """:func:`firefly_value` of player q's fireflies and companions, with v's weight."""
    have = q.fireflies
    for r in q.companions:
        have += v.item(r).fireflies
    end_comp = len(q.companions) + extra_comp + 0.7 * v.rounds_after
    deficit = end_comp - have
    w = v.w.w_firefly
    if deficit < -1.5:
        return 0.2 * w
    if deficit < 0.0:
        return 1.0 * w
    x = 10.0 / (deficit + 1.5)
    if x > 4.0:
        x = 4.0
    return w * x


def amount_value(v, it, ffv: float) -> float:
    """One application of an item's amounts (bursts, footprints, fireflies, tokens)."""
    a = it.amounts
    tokv = v.w.w_token if v.rounds_after > 0 else 0.1
    return float(a[0]) + v.w.w_footprint * a[1] + ffv * a[2] + tokv * a[3]


# ---- dice pools (expected symbol counts) ----

def add_die(bt, lam: list, color: int, weight: float) -> None:
    for s in range(C.N_SYMBOLS):
        lam[s] += weight * bt.face_p[color][s]


def fixed_pool(v) -> list:
    """The adventurer's and the Sketals' large dice (R1, R3)."""
    lam = [0.0] * C.N_SYMBOLS
    adv = v.item(v.p.adventurer)
    add_die(v.bt, lam, adv.adv_color, float(adv.adv_dice))
    for r in v.p.companions:
        c = v.die_color(r)
        if c >= 0:
            add_die(v.bt, lam, c, 1.0)
    return lam


def small_pool(bt) -> list:
    """One pick's small dice, averaged over the 5 spaces of the track."""
    lam = [0.0] * C.N_SYMBOLS
    w = 1.0 / 5.0
    for col in bt.small_dice:
        add_die(bt, lam, col, w)
    return lam


def future_pool(v) -> list:
    """A later round's pool: fixed dice plus an average pick's small dice."""
    lam = fixed_pool(v)
    ls = small_pool(v.bt)
    for s in range(C.N_SYMBOLS):
        lam[s] += ls[s]
    return lam


# ---- items ----

def round_value(v, row: int, lam, ffv: float) -> float:
    """Expected value of one round of an item's trigger over pool lam (discard_self items:
    only their amounts; keep_value counts the card itself)."""
    it = v.item(row)
    ec = expected_count(v.bt, it, lam, is_capped(it))
    if ec <= 0.0:
        return 0.0
    x = amount_value(v, it, ffv)
    if it.flags & C.FLAG_CAST_SPELLS:
        x += SPELL_HARM * (v.n_players - 1)
    if it.flags & C.FLAG_RESURRECT:
        x += 3.0
    return ec * x


def keep_value(v, row: int, lam, ffv: float, future: int) -> float:
    """Worth of holding companion `row` to the end: printed bursts and fireflies (a companion
    also needs one firefly for the R8 bonus), its triggers in `future` rounds, its powers."""
    it = v.item(row)
    w = v.w
    x = float(it.bursts) + (it.fireflies - 1.0) * ffv + it.black_die * 1.0
    wf = w.w_future
    if future > 0:
        if it.flags & C.FLAG_DISCARD_SELF:
            q = expected_count(v.bt, it, lam, True)
            p_end = 1.0 - int_power(1.0 - q, future)
            once = amount_value(v, it, ffv)
            if it.flags & C.FLAG_CAST_SPELLS:
                once += SPELL_HARM * (v.n_players - 1)
            if it.flags & C.FLAG_RESURRECT:
                once += 3.0
            # firing ends the card: its printed worth is lost
            x += wf * p_end * (once - x)
        else:
            x += wf * future * round_value(v, row, lam, ffv)
        if it.reroll_each > 0:
            x += wf * future * 0.6 * w.w_token * it.reroll_each
    return x


def die_value(v, color: int, lam, ffv: float) -> float:
    """One more large die of a colour for one round, over the player's current items."""
    lam2 = list(lam)
    add_die(v.bt, lam2, color, 1.0)
    adv = v.p.adventurer
    x = round_value(v, adv, lam2, ffv) - round_value(v, adv, lam, ffv)
    for r in v.p.companions:
        if not v.item(r).flags & C.FLAG_DISCARD_SELF:
            x += round_value(v, r, lam2, ffv) - round_value(v, r, lam, ffv)
    return x + 0.4 * lam2[C.BURST] - 0.4 * lam[C.BURST]


def cemetery_rows(v, exclude: int) -> list:
    """Companions in the cemetery, ascending, without `exclude` (the resurrecting card)."""
    return sorted(r for r in set(v.st.cemetery) if r != exclude)


def best_cemetery(v, rows, lam, ffv: float, future: int) -> tuple:
    """(row, keep value) of the best companion among `rows` (ascending), (-1, 0.0) if none."""
    best = -1
    bv = -1e300
    for r in rows:
        x = keep_value(v, r, lam, ffv, future)
        if v.item(r).sketal >= 0:
            x += 0.5 * v.w.w_future * future
        if x > bv:
            bv = x
            best = r
    if best < 0:
        return -1, 0.0
    return best, bv


def trigger_value(v, row: int, lam, ffv: float, future: int) -> float:
    """Value of one trigger of item `row` now (the card's own loss for discard cards)."""
    it = v.item(row)
    x = amount_value(v, it, ffv)
    f = it.flags
    if f & C.FLAG_CAST_SPELLS:
        x += SPELL_HARM * (v.n_players - 1)
    if f & C.FLAG_RESURRECT:
        _, bv = best_cemetery(v, cemetery_rows(v, row), lam, ffv, future)
        x += bv if bv > 0.0 else 0.0
    if f & C.FLAG_DISCARD_LAST:
        if v.p.companions:
            x -= keep_value(v, v.p.companions[-1], lam, ffv, future)
    if f & C.FLAG_DISCARD_SELF and it.kind == C.KIND_COMPANION:
        x -= keep_value(v, row, lam, ffv, future)
    return x
