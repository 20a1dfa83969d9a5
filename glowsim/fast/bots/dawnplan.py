"""The planner's recruit pick and rerolls in a Dawn game (docs/rules.md D1-D18), compiled: the
reference engine's glowsim/engine/heuristic/dawnplan.py, the same numbers in the same order.

A pick is valued as the heuristic values one (keep value, this round's expected noon,
footprints, small dice, the black die) over Dawn's dice and cards (dawnvalues.py); a reroll of
one die by the mean noon over its faces at the planner's values, the applications its owner
can pay (dice_value), against its price.

The same numbers, computed once: a reroll's applications before its faces (they do not depend
on the dice), each die's six faces once for all the sources that reroll it, a face showing
the symbol of an earlier face not again, a face whose counts another die's face showed
already not again (memo_noon), the dice's counts and elements in one pass, the one-die rows
walked without listing the set-face ones; a pick's applications of the seat's items once
for every space on offer (item_applications).

Scratch: the seat's pools in S.bot[p] (lam: fixed dice, lamf: a later round's pool, lamt: the
space's pool, lamd: a Sketal die's pool); a reroll's in S.greedy[0] (memv: the applications
and a die's face values, tot: each die's sum over its faces, counts: the dice's symbols,
memo / nvals: the noon values by symbol change, memo_noon).
"""
from __future__ import annotations

from ...content import codes as C
from ...content.dawncodes import JOKER
from ..jit import kernel
from ..kernel.bag import held
from ..kernel.dice import cursed_symbol, is_effective
from ..kernel.ktables import (IT_BURSTS, IT_COSTN, IT_COSTR, IT_ELMAX, IT_ELMIN, IT_FIRE, IT_FLAGS,
                              IT_SKETAL, SET_NSMALL, SET_SMALL)
from ..kernel.legal import black_space, bursts_price, recruit_options, track_steps
from ..kernel.state import (BD_RES, BD_TRC, BD_TRFP, DF_USED, G_NSD, G_ROUND, G_SIDE, MAXC,
                            MAXSP, P_ADV, P_LAPPED, P_LUMI, P_NCOMP, P_ND, P_NSPELL, P_SCORE, P_TOK,
                            PC_ROW, PD_COL, PD_FACE, PD_FL, PS_FROM, PS_ROW, SD_COL, SD_LOC)
from ..kernel.triggers import applied_count
from ...spec.botparams import (BP_BLACK_PENALTY, BP_REROLL_MARGIN, BP_TRACK_FLOOR,
                               BP_TRACK_MARGIN, BP_W_FOOT, BP_W_FUTURE, BP_W_SMALL, BP_W_TOKEN)
from ...spec.decisions import OP_REROLL, OP_STOP, SRC_LUMIPILI, SRC_TOKEN, SRC_TRACK
from . import journeys as J
from .dawnvalues import (SMALL_SHARE, add_die, application, butterfly_value, count, fixed_pool,
                         keep_value, noon_term)
from .values import firefly_value, is_capped, rounds_after

APP_SPELL = 1 + MAXC            # S.greedy[0].memv during a reroll: the spells' applications,
APP_FACE = APP_SPELL + MAXSP    # then the values of a die's six faces


@kernel
def item_applications(K, S, p, ffv, tokv, bfv):
    """application() of p's adventurer and companions, the same for every pool a recruit
    pick looks at, into S.greedy[0].memv (0: the adventurer, 1 + k: companion k)."""
    app = S.greedy[0].memv
    app[0] = application(K, S, p, S.pl[p, P_ADV], ffv, tokv, bfv)
    for k in range(S.pl[p, P_NCOMP]):
        app[1 + k] = application(K, S, p, S.pc[p, PC_ROW, k], ffv, tokv, bfv)


@kernel
def held_term(K, S, p, row, lam, app):
    """noon_term of an item p holds, its application app given."""
    if (K.item[row, IT_FLAGS] & C.FLAG_DISCARD_SELF) != 0:
        return count(K, row, lam, True) * (app - float(K.item[row, IT_BURSTS]))
    ec = count(K, row, lam, is_capped(K, row))
    if ec <= 0.0:
        return 0.0
    return ec * app


@kernel
def held_items(K, S, p, lam):
    """items_value over pool lam with the applications item_applications left in
    S.greedy[0].memv: the same number."""
    app = S.greedy[0].memv
    x = held_term(K, S, p, S.pl[p, P_ADV], lam, app[0])
    for k in range(S.pl[p, P_NCOMP]):
        x += held_term(K, S, p, S.pc[p, PC_ROW, k], lam, app[1 + k])
    return x + 3.0 * lam[C.BURST] + 2.0 * S.bp[p, BP_W_FOOT] * lam[C.FOOTPRINT]


@kernel
def offer_value(K, S, p, s, ffv, tokv, bfv, future, base_items, with_black):
    """What taking space s is worth to p."""
    item_applications(K, S, p, ffv, tokv, bfv)
    return offer_worth(K, S, p, s, ffv, tokv, bfv, future, base_items, with_black)


@kernel
def offer_parts(K, S, p, s, ffv, tokv, bfv, future, base_items):
    """The parts of what taking space s is worth to p, the applications of p's items as
    item_applications left them: (keep value, a Sketal's die, p's items this round, the
    companion's own noon, the space's footprints, its small dice), at the vector's weights."""
    bot = S.bot[p]
    fixed = bot.lam
    future_lam = bot.lamf
    lam = bot.lamt
    for q in range(C.N_SYMBOLS):
        lam[q] = fixed[q]
    ndice = 0
    for c in range(C.N_COLORS):
        if c == C.BLACK:
            continue
        m = 0
        for i in range(S.g[G_NSD]):
            if S.sd[SD_LOC, i] == s and S.sd[SD_COL, i] == c:
                m += 1
        if m > 0:
            add_die(K, lam, c, float(m))
            ndice += m
    row = S.bd[BD_TRC + s]
    kv = keep_value(K, S, p, row, future_lam, ffv, tokv, bfv, future)
    die = 0.0
    sk = K.item[row, IT_SKETAL]
    if sk >= 0:
        col = -1
        dvc = -1e300
        lam2 = bot.lamd
        for c in range(9):
            if (sk == C.ANY_COLOR or sk == c) and S.bd[BD_RES + c] > 0:
                for q in range(C.N_SYMBOLS):
                    lam2[q] = future_lam[q]
                add_die(K, lam2, c, 1.0)
                dv = held_items(K, S, p, lam2) - base_items
                if dv > dvc:
                    dvc = dv
                    col = c
        if col >= 0:
            die = S.bp[p, BP_W_FUTURE] * future * dvc
            add_die(K, lam, col, 1.0)
    items = held_items(K, S, p, lam)
    noon = noon_term(K, S, p, row, lam, ffv, tokv, bfv)
    return (kv, die, items, noon, S.bp[p, BP_W_FOOT] * S.bd[BD_TRFP + s],
            S.bp[p, BP_W_SMALL] * 0.3 * ndice)


@kernel
def offer_worth(K, S, p, s, ffv, tokv, bfv, future, base_items, with_black):
    """offer_value with the applications of p's items as item_applications left them: its
    parts (offer_parts) summed in order, less black_penalty for the black die."""
    kv, die, items, noon, fp, dice = offer_parts(K, S, p, s, ffv, tokv, bfv, future, base_items)
    x = kv + die + items + noon
    x += fp
    x += dice
    if with_black:
        x -= S.bp[p, BP_BLACK_PENALTY]
    return x


@kernel
def worth_to_others(K, S, s):
    """Printed worth of the companion on space s, -1000 for an empty space."""
    r = S.bd[BD_TRC + s]
    if r < 0:
        return -1000.0
    return float(K.item[r, IT_BURSTS]) + 1.5 * K.item[r, IT_FIRE]


@kernel
def pick_prep(K, S, p):
    """A recruit pick's preparation: the seat's fixed pool (S.bot[p].lam), a later round's
    pool (lamf), the applications of its items (item_applications); returns (ffv, tokv, bfv,
    future, base_items)."""
    future = rounds_after(S)
    ffv = firefly_value(K, S, p, 1)
    tokv = S.bp[p, BP_W_TOKEN] if future > 0 else 0.1
    bfv = butterfly_value(K, S, p, ffv, tokv)
    bot = S.bot[p]
    fixed_pool(K, S, p, bot.lam)
    for q in range(C.N_SYMBOLS):
        bot.lamf[q] = bot.lam[q]
    for i in range(K.setup[SET_NSMALL]):
        add_die(K, bot.lamf, K.setup[SET_SMALL + i], SMALL_SHARE)
    item_applications(K, S, p, ffv, tokv, bfv)
    return ffv, tokv, bfv, future, held_items(K, S, p, bot.lamf)


@kernel
def recruit(K, S, p):
    """RECRUIT in a Dawn game: (space, where Kaar moves the black die or -1) of the legal row
    worth most; between rows of equal worth the one sending the black die onto the companion
    printed best; then the first."""
    ffv, tokv, bfv, future, base_items = pick_prep(K, S, p)
    bs = black_space(S)
    n = recruit_options(K, S, p)
    best = -1
    bv = -1e300
    bt = -1e300
    for o in range(n):
        s = S.opts[o, 0]
        move = S.opts[o, 1]
        x = offer_worth(K, S, p, s, ffv, tokv, bfv, future, base_items, s == bs and move < 0)
        tb = worth_to_others(K, S, move) if move >= 0 else 0.0
        if best < 0 or x > bv or (x == bv and tb > bt):
            best = o
            bv = x
            bt = tb
    return S.opts[best, 0], S.opts[best, 1]


@kernel
def paid_count(K, S, p, row, counts, k):
    """The applications of item row now that p can pay (D7: each takes the whole cost): an
    `elements` trigger (D6) by k, the elements of the effective dice not yet used (bots/dawn.py
    count), another by the symbol counts."""
    if K.item[row, IT_ELMIN] > 0:
        n = 1 if K.item[row, IT_ELMIN] <= k <= K.item[row, IT_ELMAX] else 0
    else:
        n = applied_count(K, row, counts)
    cost = K.item[row, IT_COSTN]
    if cost > 0 and n > 0:
        can = held(K, S, p, K.item[row, IT_COSTR]) // cost
        if can < n:
            n = can
    return n


@kernel
def applications(K, S, p, ffv, tokv, bfv):
    """application() of p's adventurer, companions and spells, the same for every face a
    reroll looks at, into S.greedy[0].memv (0: the adventurer, 1 + k: companion k,
    APP_SPELL + i: spell i)."""
    app = S.greedy[0].memv
    app[0] = application(K, S, p, S.pl[p, P_ADV], ffv, tokv, bfv)
    for k in range(S.pl[p, P_NCOMP]):
        app[1 + k] = application(K, S, p, S.pc[p, PC_ROW, k], ffv, tokv, bfv)
    for i in range(S.pl[p, P_NSPELL]):
        app[APP_SPELL + i] = application(K, S, p, S.ps[p, PS_ROW, i], ffv, tokv, bfv)


@kernel
def scan_dice(K, S, p, skip, cs):
    """The symbol counts of p's effective dice but die skip (-1: none) into S.greedy[0].counts
    (effective_counts); returns the elements not yet used (bots/dawn.py count) and the
    elements shown (archi_k), as bit masks."""
    counts = S.greedy[0].counts
    for s in range(C.N_SYMBOLS):
        counts[s] = 0
    d = S.pd[p]
    unused = 0
    shown = 0
    for j in range(S.pl[p, P_ND]):
        if j != skip and is_effective(K, S, p, j, cs):
            s = K.dsym[d[PD_COL, j], d[PD_FACE, j]]
            if s < C.N_SYMBOLS:
                counts[s] += 1
            if s < C.N_ELEMENTS:
                shown |= 1 << s
                if (d[PD_FL, j] & DF_USED) == 0:
                    unused |= 1 << s
    return unused, shown


@kernel
def noon_value(K, S, p, unused, shown, archi):
    """dice_value over the counts in S.greedy[0].counts and the element masks of scan_dice."""
    counts = S.greedy[0].counts
    ku = 0
    ks = 0
    for e in range(C.N_ELEMENTS):
        ku += (unused >> e) & 1
        ks += (shown >> e) & 1
    app = S.greedy[0].memv
    tot = paid_count(K, S, p, S.pl[p, P_ADV], counts, ku) * app[0]
    for k in range(S.pl[p, P_NCOMP]):
        tot += paid_count(K, S, p, S.pc[p, PC_ROW, k], counts, ku) * app[1 + k]
    sp = 0.0
    for i in range(S.pl[p, P_NSPELL]):
        if S.ps[p, PS_FROM, i] <= S.g[G_ROUND]:
            sp += paid_count(K, S, p, S.ps[p, PS_ROW, i], counts, ku) * app[APP_SPELL + i]
    x = tot + sp + 3.0 * counts[C.BURST] + 2.0 * S.bp[p, BP_W_FOOT] * counts[C.FOOTPRINT]
    if archi:
        x += S.journeys[0].abest[ks]
    return x


@kernel
def change_key(so, sn):
    """The slot in S.greedy[0].memo of the dice's symbol counts with one die's counted symbol
    so turned to sn (-1: not counted): (so + 1) * 9 + sn + 1, 0 for no change."""
    if so == sn:
        return 0
    return (so + 1) * 9 + sn + 1


@kernel
def memo_noon(K, S, p, key, unused, shown, archi):
    """noon_value, kept for the reroll decision under key (change_key) and the numbers of
    elements not yet used and shown, the only other things it reads of the dice: the dice of
    the same key show the same counts, so a key seen before with the same numbers gives the
    value computed then (S.greedy[0].memo holds 1 + the numbers' tag, 0 for none)."""
    ku = 0
    ks = 0
    for e in range(C.N_ELEMENTS):
        ku += (unused >> e) & 1
        ks += (shown >> e) & 1
    tag = 1 + ku * 6 + ks
    memo = S.greedy[0].memo
    vals = S.greedy[0].nvals
    if memo[key] == tag:
        return vals[key]
    x = noon_value(K, S, p, unused, shown, archi)
    memo[key] = tag
    vals[key] = x
    return x


@kernel
def dice_value(K, S, p, archi):
    """The noon on the dice shown, to the planner: the adventurer's and companions'
    applications now at application() (as :func:`applications` left them), then the active
    spells' (summed apart), the burst and footprint faces, on the Archipelago (archi) the best
    boat move for the elements shown (S.journeys[0].abest, archi_scan).  One pass over the
    dice gives the symbol counts (effective_counts), the elements not yet used (bots/dawn.py
    count) and the elements shown (archi_k)."""
    unused, shown = scan_dice(K, S, p, -1, cursed_symbol(K, S, p))
    return noon_value(K, S, p, unused, shown, archi)


@kernel
def faces_total(K, S, p, j, archi):
    """The sum over die j's six faces of dice_value with the die on that face, in face order;
    a face showing the symbol of an earlier face repeats that face's value (the dice read a
    face only through its symbol), kept in S.greedy[0].memv from APP_FACE on.  A die not
    black curses no one (R5): the other dice are scanned once and die j added face by face,
    each face's counts the dice's counts with one symbol changed, so the values are kept by
    that change (memo_noon) for every die of the decision."""
    d = S.pd[p]
    col = d[PD_COL, j]
    seen = S.greedy[0].memv
    counts = S.greedy[0].counts
    old = d[PD_FACE, j]
    alone = col != C.BLACK
    cs = cursed_symbol(K, S, p)
    unused = 0
    shown = 0
    so = -1
    if alone:
        unused, shown = scan_dice(K, S, p, j, cs)
        s0 = K.dsym[col, old]
        if s0 < C.N_SYMBOLS and is_effective(K, S, p, j, cs):
            so = s0
    total = 0.0
    for f in range(6):
        g = 0
        while g < f and K.dsym[col, g] != K.dsym[col, f]:
            g += 1
        if g < f:
            x = seen[APP_FACE + g]
        else:
            d[PD_FACE, j] = f
            if alone:
                s = K.dsym[col, f]
                u = unused
                w = shown
                on = is_effective(K, S, p, j, cs)
                if on and s < C.N_ELEMENTS:
                    w |= 1 << s
                    if (d[PD_FL, j] & DF_USED) == 0:
                        u |= 1 << s
                sn = s if on and s < C.N_SYMBOLS else -1
                if sn >= 0:
                    counts[sn] += 1
                x = memo_noon(K, S, p, change_key(so, sn), u, w, archi)
                if sn >= 0:
                    counts[sn] -= 1
            else:
                x = dice_value(K, S, p, archi)
        seen[APP_FACE + f] = x
        total += x
    d[PD_FACE, j] = old
    return total


@kernel
def reroll(K, S, p):
    """REROLL in a Dawn game: the one-die reroll (Lumipili's, a token's, one bought with
    bursts, D12) gaining most over its price, when it gains more than `reroll_margin`; else
    stop.  A multi die showing the joker is not rerolled (D8: turned for free)."""
    future = rounds_after(S)
    ffv = firefly_value(K, S, p, 0)
    S.bot[p].ffv = ffv
    tokv = S.bp[p, BP_W_TOKEN] if future > 0 else 0.1
    bfv = butterfly_value(K, S, p, ffv, tokv)
    archi = S.g[G_SIDE] == C.ARCHIPELAGO
    if archi:
        J.archi_prepare(K, S, p)
        J.archi_scan(K, S, p, J.archi_lose_value(K, S, p), 0, C.N_ELEMENTS)
    applications(K, S, p, ffv, tokv, bfv)
    memo = S.greedy[0].memo
    for key in range(memo.shape[0]):
        memo[key] = 0
    unused, shown = scan_dice(K, S, p, -1, cursed_symbol(K, S, p))
    base = memo_noon(K, S, p, 0, unused, shown, archi)
    iprice = bursts_price(K, S, p)
    price = float(iprice)
    track_ok = False    # a score-track reroll (R4): its points and track_margin, the score
    step = 0.0          # kept at track_floor or above
    sc = S.pl[p, P_SCORE]
    if S.pl[p, P_LAPPED] == 0 and sc > 0:
        top = K.below.shape[0] - 1
        b = K.below[sc if sc < top else top]
        if b >= 0 and b >= S.bp[p, BP_TRACK_FLOOR]:
            track_ok = True
            step = float(sc - b) + S.bp[p, BP_TRACK_MARGIN]
    steps = track_steps(K, S, p)
    bought = sc // iprice if iprice > 0 else 0
    d = S.pd[p]
    nd = S.pl[p, P_ND]
    bsrc = -1
    bj = -1
    best_gain = S.bp[p, BP_REROLL_MARGIN]
    totals = S.greedy[0].tot   # a die's faces_total, once per die (done: the dice computed)
    done = 0
    for src in range(4):   # reroll_options' one-die rows, in its order
        if src == SRC_LUMIPILI:
            av = S.pl[p, P_LUMI]
            cost = 0.0
        elif src == SRC_TOKEN:
            av = S.pl[p, P_TOK]
            cost = tokv
        elif src == SRC_TRACK:
            av = steps if track_ok else 0
            cost = step
        else:
            av = bought
            cost = price
        if av <= 0:
            continue
        for j in range(nd):
            if K.dsym[d[PD_COL, j], d[PD_FACE, j]] == JOKER:
                continue
            if ((done >> j) & 1) == 0:
                totals[j] = faces_total(K, S, p, j, archi)
                done |= 1 << j
            gain = totals[j] / 6.0 - base - cost
            if gain > best_gain:
                bsrc = src
                bj = j
                best_gain = gain
    if bsrc < 0:
        return OP_STOP, -1, -1, -1, -1, -1
    return OP_REROLL, bsrc, bj, -1, -1, -1
