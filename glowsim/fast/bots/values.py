"""What things are worth to the heuristic bot, in bursts.

Expected trigger counts use a Poisson model of each symbol's count over a dice
pool: ``lam[s]`` is the expected number of dice showing s, and
``K.surv[i, m] = P(N >= m)`` for ``N ~ Poisson(i * LSTEP)``.  A `symbols`
trigger counts ``min_s floor(N_s / need_s)``, so its expectation is
``sum_t prod_s P(N_s >= need_s * t)``.

What a seat's bot keeps across decisions, ``S.bot[p]``, is the record :data:`SEAT`
named here.
"""
from __future__ import annotations

import numpy as np

from ...content import codes as C
from ..jit import inline, kernel
from ..kernel.ktables import (IT_ABS, IT_ADVCOL, IT_ADVDICE, IT_AMT, IT_BURSTS, IT_SYM1, IT_FIRE,
                              IT_FLAGS, IT_KIND, IT_NEED, IT_PAIR, IT_PS1, IT_PS2, IT_REROLL,
                              IT_SKETAL, IT_BLACK, IT_TKIND, IT_TSAME, SET_NC)
from ..kernel.state import (MAXC, CD_CEM, G_N, G_ROUND, G_ROUNDS, P_ADV, P_FIRE, P_NCOMP, PC_DIE,
                            PC_ROW, record)
from ...spec.botmath import LSTEP, MAXK, NL
from ...spec.botparams import BP_W_FIRE, BP_W_FOOT, BP_W_FUTURE, BP_W_TOKEN

i8, f8 = np.int64, np.float64

# ---- what a seat's bot keeps between decisions (S.bot[p]) ----
SEAT = record([
    ("lam", f8, 8),       # expected symbol counts of the fixed pool (adventurer + Sketal dice)
    ("lams", f8, 8),      # expected symbol counts of an average round's small dice
    ("ffv", f8),          # value of one firefly now
    ("itv", f8, 64),      # value per trigger of the items of this round's reroll table
    ("arch", f8, 6),      # archipelago: best move value with k = 0..5 distinct elements
    ("face", f8, 8),      # value of a sixth face showing symbol s (burst, footprint)
    ("routev", f8, 16),   # province: value of ending after i route steps
    ("lamf", f8, 8),      # scratch: expected symbol counts of a future round's pool
    ("lamt", f8, 8),      # scratch: another pool
    ("lamd", f8, 8),      # scratch of die_value
    ("dvb", f8, 1 + MAXC),  # round_value over die_value's base pool, adventurer then companions
    ("prep", i8),         # round whose reroll table is prepared
    ("nit", i8),          # items in the reroll table
    ("blackj", i8),       # index of the black die in the player's list, -1
    ("relmask", i8),      # symbols that matter to the journey proxy (bit per symbol)
    ("samem", i8),        # bit mask of the table items with a `same: n` trigger
    ("itrow", i8, 64),    # the reroll table's item rows
    ("itcap", i8, 64),    # caps on their counts (1: discard, spell, absent)
    ("dep", i8, 8),       # bit mask of the table items whose count depends on symbol s
    ("depx", i8, 8),      # dep without the one-symbol items (IT_DEP1 >= 0)
    ("nroute", i8),       # province route: length
    ("route", i8, 40),    # its spaces
    ("rstep", i8, 16),    # each step as its packed neighbour (ktables NBP_*)
    ("planr", i8),        # round of the current province plan
    ("nplan", i8),        # plan steps
    ("plani", i8),        # next step
    ("planend", i8),      # final op of the plan (0 end, 2 encamp)
    ("plan", i8, 64),     # 32 steps: (space, pay) pairs
])
RS_RANK = 48      # in an rstep step, 8 bits: its rank among the route's steps needing its element (0: none)

SPELL_HARM = 2.5  # what a cast spell costs each opponent, roughly (value of Xar'gok's cast)


@inline
def sv(K, lam, m):
    """P(N >= m) for N ~ Poisson(lam)."""
    if m <= 0:
        return 1.0
    if m >= MAXK:
        return 0.0
    i = int(lam / LSTEP + 0.5)
    if i >= NL:
        i = NL - 1
    return K.surv[i, m]


@inline
def sv_index(lam):
    """The row of K.surv that sv reads for lam (the same for every m)."""
    i = int(lam / LSTEP + 0.5)
    if i >= NL:
        i = NL - 1
    return i


@inline
def sv_at(K, i, m):
    """sv with its row i already known (sv_index): the same number as sv(K, lam, m)."""
    if m <= 0:
        return 1.0
    if m >= MAXK:
        return 0.0
    return K.surv[i, m]


@inline
def expected_count(K, row, lam, capped):
    """E[trigger count] of item row over a pool with expected symbol counts lam (R5);
    ``capped``: at most once (discard_self cards, spells, absent triggers).  Items whose
    count reads one symbol only are tabled by that symbol's Poisson index (K.ecount, built
    by ktables.expected_count_table with the operations of expected_count_loop), and
    `symbols` triggers on two symbols by both indices (K.epair, ktables.pair_count_tables;
    capped, the loop's first term).  Inlined: the table read is most calls and cheaper than
    a call; the loop stays a kernel."""
    s = K.item[row, IT_SYM1]
    if s >= 0:
        i = int(lam[s] / LSTEP + 0.5)
        if i >= NL:
            i = NL - 1
        return K.ecount[2 * row + (1 if capped else 0), i]
    j = K.item[row, IT_PAIR]
    if j >= 0:   # a `symbols` trigger on two symbols: uncapped tabled, capped its first term
        s1 = K.item[row, IT_PS1]
        s2 = K.item[row, IT_PS2]
        i1 = sv_index(lam[s1])
        i2 = sv_index(lam[s2])
        if capped:   # the loop's 0.0 + (1.0 * a) * b: the same number, a and b being >= 0
            return sv_at(K, i1, K.item[row, IT_NEED + s1]) * sv_at(K, i2, K.item[row, IT_NEED + s2])
        return K.epair[j, i1, i2]
    return expected_count_loop(K, row, lam, capped)


@kernel
def expected_count_loop(K, row, lam, capped):
    """expected_count by its definition (every item); sv's table row of a symbol is found
    once per call, not once per term (the same numbers: tests/fast/test_bot_tables.py)."""
    it = K.item[row]
    kind = it[IT_TKIND]
    if kind == C.TRIG_NONE:
        return 0.0
    if kind == C.TRIG_SAME:
        n = it[IT_TSAME]
        if capped:
            miss = 1.0
            for s in range(C.CURSE):
                miss *= 1.0 - sv(K, lam[s], n)
            return 1.0 - miss
        # E[N_s // n] summed over the symbols; each symbol's part tabled by its Poisson
        # index (ktables.same_count_table)
        tot = 0.0
        part = K.esame[n]
        for s in range(C.CURSE):
            tot += part[sv_index(lam[s])]
        return tot
    p_sym = 1.0
    tot = 0.0
    if kind == C.TRIG_SYMBOLS or kind == C.TRIG_SYMBOLS_ABSENT:
        # the first two needed symbols with their sv rows, once for every t (more: sv)
        s1 = -1
        s2 = -1
        n1 = 0
        n2 = 0
        i1 = 0
        i2 = 0
        more = False
        for s in range(C.N_SYMBOLS):
            need = it[IT_NEED + s]
            if need > 0:
                if s1 < 0:
                    s1 = s
                    n1 = need
                    i1 = sv_index(lam[s])
                elif s2 < 0:
                    s2 = s
                    n2 = need
                    i2 = sv_index(lam[s])
                else:
                    more = True
        t = 1
        while True:
            q = 1.0
            if s1 >= 0:
                q *= sv_at(K, i1, n1 * t)
                if s2 >= 0:
                    q *= sv_at(K, i2, n2 * t)
                if more:
                    for s in range(s2 + 1, C.N_SYMBOLS):
                        need = it[IT_NEED + s]
                        if need > 0:
                            q *= sv(K, lam[s], need * t)
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
        if it[IT_ABS + e] != 0:
            p_abs *= 1.0 - sv(K, lam[e], 1)
    return p_sym * p_abs


@inline
def is_capped(K, row):
    """Whether item row triggers at most once a round: discard_self cards, spells and
    `absent` triggers."""
    it = K.item[row]
    return ((it[IT_FLAGS] & C.FLAG_DISCARD_SELF) != 0 or it[IT_KIND] == C.KIND_SPELL
            or it[IT_TKIND] == C.TRIG_ABSENT or it[IT_TKIND] == C.TRIG_SYMBOLS_ABSENT)


@inline
def rounds_after(S):
    """Rounds still to play after the current one."""
    return S.g[G_ROUNDS] - S.g[G_ROUND]


@kernel
def firefly_value(K, S, p, extra_comp):
    """Marginal value of a firefly: the R8 bonus needs fireflies >= companions in play."""
    have = S.pl[p, P_FIRE]
    for k in range(S.pl[p, P_NCOMP]):
        have += K.item[S.pc[p, PC_ROW, k], IT_FIRE]
    end_comp = S.pl[p, P_NCOMP] + extra_comp + 0.7 * rounds_after(S)
    deficit = end_comp - have
    w = S.bp[p, BP_W_FIRE]
    if deficit < -1.5:
        return 0.2 * w
    if deficit < 0.0:
        return 1.0 * w
    v = 10.0 / (deficit + 1.5)
    if v > 4.0:
        v = 4.0
    return w * v


@inline
def amount_value(K, S, p, row, ffv):
    """Value of one application of an item's amounts (bursts, footprints, fireflies, tokens)
    (inlined: a few products, called about 1000 times a game)."""
    it = K.item[row]
    tokv = S.bp[p, BP_W_TOKEN] if rounds_after(S) > 0 else 0.1
    return (float(it[IT_AMT]) + S.bp[p, BP_W_FOOT] * it[IT_AMT + 1] + ffv * it[IT_AMT + 2]
            + tokv * it[IT_AMT + 3])


@inline
def add_die_lam(K, lam, color, w):
    """lam += w times the expected symbol counts of one die of a colour (K.facep)."""
    for s in range(C.N_SYMBOLS):
        lam[s] += w * K.facep[color, s]


@kernel
def fixed_pool(K, S, p, lam):
    """Expected symbol counts of the adventurer's and Sketals' large dice (R1)."""
    for s in range(C.N_SYMBOLS):
        lam[s] = 0.0
    adv = S.pl[p, P_ADV]
    add_die_lam(K, lam, K.item[adv, IT_ADVCOL], float(K.item[adv, IT_ADVDICE]))
    for k in range(S.pl[p, P_NCOMP]):
        c = S.pc[p, PC_DIE, k]
        if c >= 0:
            add_die_lam(K, lam, c, 1.0)


@kernel
def small_pool(K, S, lam):
    """Expected symbol counts of one pick's small dice, averaged over the track."""
    for s in range(C.N_SYMBOLS):
        lam[s] = K.smallpool[s]   # ktables.small_pool_table: the sum over the track's small dice


@inline
def round_value(K, S, p, row, lam, ffv):
    """Expected value of one round of item row's trigger for player p over pool lam
    (discard_self items: only their amounts, see keep_value for the card itself).  Inlined
    into its callers (several hundred calls a game, most of them a table read)."""
    ec = expected_count(K, row, lam, is_capped(K, row))
    if ec <= 0.0:
        return 0.0
    return ec * round_amount(K, S, p, row, ffv)


@inline
def trigger_base(K, S, p, row, ffv):
    """The value of one trigger of item row the same for any pool: its amounts and a cast
    spell's harm to the others (trigger_value's start, round_amount's but a resurrection)."""
    v = amount_value(K, S, p, row, ffv)
    if (K.item[row, IT_FLAGS] & C.FLAG_CAST_SPELLS) != 0:
        v += SPELL_HARM * (S.g[G_N] - 1)
    return v


@inline
def round_amount(K, S, p, row, ffv):
    """round_value's value of one trigger of item row: its amounts, a cast spell's harm to
    the others, a resurrection (the same for any pool)."""
    v = trigger_base(K, S, p, row, ffv)
    if (K.item[row, IT_FLAGS] & C.FLAG_RESURRECT) != 0:
        v += 3.0
    return v


@inline
def printed_value(K, row, ffv):
    """keep_value's start: the companion's printed bursts and fireflies (a companion also
    needs one firefly for the R8 bonus) and its black power."""
    it = K.item[row]
    return float(it[IT_BURSTS]) + (it[IT_FIRE] - 1.0) * ffv + it[IT_BLACK] * 1.0


@inline
def reroll_keep(K, S, p, row, future):
    """keep_value's term for the reroll tokens companion row gives in `future` rounds
    (added where it gives some: IT_REROLL > 0)."""
    return S.bp[p, BP_W_FUTURE] * future * 0.6 * S.bp[p, BP_W_TOKEN] * K.item[row, IT_REROLL]


@inline
def discard_keep(v, q, once, wf, future):
    """keep_value of a discard_self companion (future > 0, before its reroll term): printed
    worth v, lost when it fires (probability q a round, at most once), worth `once` then."""
    p_end = 1.0 - (1.0 - q) ** future
    return v + wf * p_end * (once - v)


@kernel
def keep_value(K, S, p, row, lam, ffv, future):
    """Worth of holding companion row to the end: printed bursts and fireflies (a companion
    also needs one firefly for the R8 bonus), its triggers in `future` rounds, its powers."""
    it = K.item[row]
    v = printed_value(K, row, ffv)
    wf = S.bp[p, BP_W_FUTURE]
    if future > 0:
        if (it[IT_FLAGS] & C.FLAG_DISCARD_SELF) != 0:
            # firing ends the card: its printed worth is lost
            v = discard_keep(v, expected_count(K, row, lam, True), round_amount(K, S, p, row, ffv),
                             wf, future)
        else:
            v += wf * future * round_value(K, S, p, row, lam, ffv)
        if it[IT_REROLL] > 0:
            v += reroll_keep(K, S, p, row, future)
    return v


@kernel
def die_value_base(K, S, p, lam, ffv):
    """The round values over pool lam that die_value subtracts, for every colour: stored in
    S.bot[p].dvb (adventurer, then each companion)."""
    bot = S.bot[p]
    bot.dvb[0] = round_value(K, S, p, S.pl[p, P_ADV], lam, ffv)
    for k in range(S.pl[p, P_NCOMP]):
        r = S.pc[p, PC_ROW, k]
        if (K.item[r, IT_FLAGS] & C.FLAG_DISCARD_SELF) == 0:
            bot.dvb[1 + k] = round_value(K, S, p, r, lam, ffv)


@kernel
def die_value(K, S, p, color, lam, ffv):
    """Value of one more large die of a colour for one round, over p's current items (after
    die_value_base on the same lam, ffv and items)."""
    bot = S.bot[p]
    lam2 = bot.lamd
    for s in range(C.N_SYMBOLS):
        lam2[s] = lam[s]
    add_die_lam(K, lam2, color, 1.0)
    adv = S.pl[p, P_ADV]
    v = round_value(K, S, p, adv, lam2, ffv) - bot.dvb[0]
    for k in range(S.pl[p, P_NCOMP]):
        r = S.pc[p, PC_ROW, k]
        if (K.item[r, IT_FLAGS] & C.FLAG_DISCARD_SELF) == 0:
            v += round_value(K, S, p, r, lam2, ffv) - bot.dvb[1 + k]
    return v + 0.4 * lam2[C.BURST] - 0.4 * lam[C.BURST]


@kernel
def best_cemetery(K, S, p, exclude, lam, ffv, future):
    """(row, keep value) of the best companion in the cemetery for p, (-1, 0) if none."""
    best = -1
    bv = -1e300
    cem = S.cd[CD_CEM]
    for r in range(K.setup[SET_NC]):
        if cem[r] != 0 and r != exclude:
            v = keep_value(K, S, p, r, lam, ffv, future)
            if K.item[r, IT_SKETAL] >= 0:
                v += 0.5 * S.bp[p, BP_W_FUTURE] * future
            if v > bv:
                bv = v
                best = r
    if best < 0:
        return -1, 0.0
    return best, bv
