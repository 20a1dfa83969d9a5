"""The heuristic bot's journey: a real search of the Province board for the best place to
stop or camp with the dice and footprints it has, and the best boat move on the
Archipelago; plus cheap journey values used while planning rerolls.

Province: a depth-first search over simple paths from the company (E7 costs:
an unused die of the needed element, else a footprint; forbidden elements and
village costs in footprints) scores every reachable end: gains on the way,
footprints spent, the village camped on, and the potential of the end space
(the better villages still reachable in the rounds left).  A search enters at most the
bot's `search_nodes` spaces (params.py); the best path is stored and followed step by
step (re-planned if a step became illegal).
"""
from __future__ import annotations

import numpy as np

from ...content import codes as C
from ..kernel.dice import cursed_symbol, is_effective
from ..kernel.bits import bit_index, int64_bits
from ..jit import inline, kernel
from ..kernel.ktables import (AE_FCOST, AE_MAX, AE_MIN, AV_BURSTS, AV_DEG, AV_ED, AV_GAIN, AV_LOSE,
                              AV_NB, NBP_FCOST, NBP_FORBID, NBP_GF, NBP_NEED, NBP_VB, NBP_VILL,
                              PE_LOSE, PV_DEG, PV_GAIN, PV_LOSE, PV_EGF, PV_NB, PV_NBP, PV_RED,
                              PV_VILLAGE, SET_NARCH, SET_NVILL, SET_VILL)
from ..kernel.legal import archi_k, step_cost
from ...spec.decisions import MOVE_ENCAMP, MOVE_END, MOVE_STEP, PAY_DIE, PAY_FOOTPRINT
from ..kernel.state import (BD_ENT, DF_USED, G_DAWN, G_ROUND, MAXNODES, NBOATS, P_BOAT, P_COMPANY, P_ENCAMP,
                            P_FOOT, P_NCOMP, P_ND, P_NSPELL, PC_ROW, PD_COL, PD_FACE, PD_FL, record)
from ...spec.botmath import NFUT, NREACH
from ...spec.botparams import BP_FP_RESERVE, BP_SEARCH_NODES, BP_W_FOOT, BP_W_JOURNEY, BP_W_TOKEN
from .stepmask import SLOTS, enterable4
from . import dawnvalues as DV
from .values import (RS_RANK, SPELL_HARM, fixed_pool, keep_value, rounds_after)

MAXDEPTH = 24

# the search's work scratch (S.journeys[0]), nothing kept between decisions
JOURNEYS = record([
    # Province search: per frame (MAXDEPTH + 1 frames)
    ("pos", np.int64, MAXDEPTH + 1),     # the path's space
    ("pay", np.int64, MAXDEPTH + 1),     # how it was entered
    ("fleft", np.int64, MAXDEPTH + 1),   # footprints left
    ("gain", np.float64, MAXDEPTH + 1),  # gains so far
    ("nb", np.int64, MAXDEPTH + 1),      # neighbour slots not tried yet that the path can enter
    ("anc", np.int64, MAXDEPTH + 1),     # the nearest frame below it with a child left (-1: none)
    ("vlo", np.int64, MAXDEPTH + 1),     # the path's marks (vis_lo, vis_hi) and the unused
    ("vhi", np.int64, MAXDEPTH + 1),     # dice (unused) as they were when the frame was pushed
    ("un", np.int64, MAXDEPTH + 1),
    ("lose_lam", np.float64, 8),  # lose_value's pool
    # Archipelago
    ("boat", np.int64, MAXNODES),     # boat flag per island
    ("ipot", np.float64, MAXNODES),   # island_potential per island
    ("abest", np.float64, 8),         # best move value per k
    ("abu", np.int64, 8),             # ... its island per k
    ("abv", np.int64, 8),             # ... its destination per k
])


@inline
def fp_value(S, p):
    """A footprint is 1 burst at the end (R8), more while it can still pay a way."""
    return S.bp[p, BP_W_FOOT] if rounds_after(S) > 0 else 1.0


@inline
def token_value(S, p):
    """A reroll token's worth: the bot's w_token while rounds follow, little in the last."""
    return S.bp[p, BP_W_TOKEN] if rounds_after(S) > 0 else 0.1


@kernel
def lose_value(K, S, p):
    """Value of the best answer to a `lose_companion_or_spell` gain (often negative); in a Dawn
    game valued over Dawn's dice and cards (dawnvalues.lose_value)."""
    if S.g[G_DAWN] != 0:
        return DV.lose_value(K, S, p, S.bot[p].ffv)
    if S.pl[p, P_NSPELL] > 0:
        return SPELL_HARM
    if S.pl[p, P_NCOMP] == 0:
        return 0.0
    lam = S.journeys[0].lose_lam
    fixed_pool(K, S, p, lam)
    ffv = S.bot[p].ffv
    best = -1e300
    for k in range(S.pl[p, P_NCOMP]):
        v = -keep_value(K, S, p, S.pc[p, PC_ROW, k], lam, ffv, rounds_after(S))
        if v > best:
            best = v
    return best


@inline
def gain_value(S, p, g, lose, ffv, tokv, fpv, losev):
    """Worth of a board gain g (bursts, footprints, fireflies, tokens) and of its `lose`
    (losev, the best answer's value)."""
    return g[0] + fpv * g[1] + ffv * g[2] + tokv * g[3] + (losev if lose != 0 else 0.0)


# ---- Province of Shadows ----

@inline
def village_value(K, v):
    """Bursts of village v (0 for a space that is no village)."""
    b = K.prov[v, PV_VILLAGE]
    return b if b > 0 else 0


@inline
def reach_factor(K, d, future):
    """How likely a village d steps away is reached in the rounds left (K.reach; 0 beyond
    the table or with no round left)."""
    if d >= NREACH or future <= 0:
        return 0.0
    if future >= NFUT:
        future = NFUT - 1
    return K.reach[d, future]


@inline
def potential(K, x, enc, future):
    """Worth of the company standing on x for the rounds after this one: the best better
    village, discounted by how far it is against the steps still to come (max over villages
    v worth more than enc of the gain times reach_factor; tabled in K.pot, ktables.py)."""
    use, row = potential_row(K, enc, future)
    return row[x] if use else 0.0


@inline
def potential_row(K, enc, future):
    """(False, any row) when every space's potential is 0.0 (no round after this one, or no
    village worth more than enc), else (True, K.pot's row of every space's potential)."""
    use = future > 0 and enc < K.pot.shape[1]
    return use, K.pot[(future if future < NFUT else NFUT - 1) if use else 0, enc if use else 0]


@inline
def step_footprints(q, unused, show):
    """Footprints entering packed neighbour q costs (E7): its footprint cost, one more when
    it needs an element no unused die shows (slot 0, no element, always holds a die), or
    when it forbids an element an effective die shows (NBP_FORBID is 0 for a space that
    needs an element: its forbid is not read, as in legal.step_cost)."""
    return fixed_footprints(q, show) + int((unused >> (8 * ((q >> NBP_NEED) & 15))) & 255 == 0)


@inline
def fixed_footprints(q, show):
    """The part of step_footprints that does not depend on the dice left: packed neighbour
    q's footprint cost, one more when it forbids an element an effective die shows."""
    return ((q >> NBP_FCOST) & 255) + ((show >> ((q >> NBP_FORBID) & 15)) & 1)


@inline
def enterable(row, f0, vis_lo, vis_hi, unused, show, reserve):
    """Bit a set for each neighbour slot a of the space (its K.prov row) the path can enter
    with f0 footprints: not on the path nor entered this afternoon, affordable, and not
    spending into the bot's footprint reserve unless it is a village.  Computed without a
    branch per neighbour (which ones pass is data the processor cannot predict).  With no
    reserve (reserve <= 0, the presets) the reserve test is implied by affordability, so
    that case leaves it out, and tests a space's slots in one vector (stepmask.py) when it
    has at most four."""
    mask = 0
    if reserve > 0:
        for a in range(row[PV_DEG]):
            q = row[PV_NBP + a]
            cost = step_footprints(q, unused, show)
            fleft = f0 - cost
            bad = (on_path(q, vis_lo, vis_hi) | int(fleft < 0)
                   | (int(cost > 0) & int(fleft < reserve) & (1 - ((q >> NBP_VILL) & 1))))
            mask |= (1 - bad) << a
    elif row[PV_DEG] <= SLOTS:   # every space of the shipped board: its slots in one vector
        mask = enterable4(row, f0, vis_lo, vis_hi, unused, show) & ((1 << row[PV_DEG]) - 1)
    else:
        for a in range(row[PV_DEG]):
            q = row[PV_NBP + a]
            bad = on_path(q, vis_lo, vis_hi) | int(f0 < step_footprints(q, unused, show))
            mask |= (1 - bad) << a
    return mask


@inline
def on_path(q, vis_lo, vis_hi):
    """1 if packed neighbour q's space is marked in the bits vis_lo (spaces 0..63) / vis_hi."""
    x = int(q & 255)   # int(): Python ints as bits without the JIT
    return ((vis_lo if x < 64 else vis_hi) >> (x & 63)) & 1


@inline
def path_dice(K, S, p):
    """(show, unused) of p's dice for the search: per element e, in slot e + 1 (slot 0: no
    element, as in NBP_NEED and NBP_FORBID), an effective die shows it (bit e + 1 of show),
    and the unused dice showing it (8 bits at 8 * (e + 1) of unused; a step paid with a die
    takes one, given back when the search backs up); slot 0 of unused holds 1 (never "no die
    left"), of show 0."""
    cs = cursed_symbol(K, S, p)
    d = S.pd[p]
    show = 0
    unused = 1
    for j in range(S.pl[p, P_ND]):
        if is_effective(K, S, p, j, cs):
            s = K.dsym[d[PD_COL, j], d[PD_FACE, j]]
            if s < C.N_ELEMENTS:
                show |= 1 << (s + 1)
                if (d[PD_FL, j] & DF_USED) == 0:
                    unused += 1 << (8 * (s + 1))
    return show, unused


@inline
def mark(vis_lo, vis_hi, v):
    """The marks (vis_lo, vis_hi) with space v's bit set."""
    if v < 64:
        vis_lo |= 1 << v
    else:
        vis_hi |= 1 << (v - 64)
    return vis_lo, vis_hi


@inline
def store_steps(jw, bot, same, nd):
    """The path of frames 1..nd as the player's plan (bot: its seat's record, plan), its
    first `same` steps already stored."""
    for i in range(same + 1, nd + 1):
        bot.plan[2 * (i - 1)] = jw.pos[i]
        bot.plan[2 * (i - 1) + 1] = jw.pay[i]


@inline
def closed_spaces(K, S, pos0):
    """(vis_lo, vis_hi): the spaces a path from pos0 may not enter, as bits (spaces 0..63,
    64..127): pos0 and those another company entered this afternoon (BD_ENT)."""
    vis_lo, vis_hi = mark(0, 0, pos0)
    for v in range(K.prov.shape[0]):
        if S.bd[BD_ENT + v] != 0:
            vis_lo, vis_hi = mark(vis_lo, vis_hi, v)
    return vis_lo, vis_hi


@inline
def push_frame(jw, nd, v, pay, fleft, g, vis_lo, vis_hi, unused, anc, nb):
    """Frame nd of the search: the path's space v entered paying pay, the footprints left,
    the gains so far, the path's marks and unused dice, the nearest frame below with a child
    left (anc) and the neighbour slots it can enter (nb)."""
    jw.pos[nd] = v
    jw.pay[nd] = pay
    jw.fleft[nd] = fleft
    jw.gain[nd] = g
    jw.vlo[nd] = int64_bits(vis_lo)
    jw.vhi[nd] = int64_bits(vis_hi)
    jw.un[nd] = unused
    jw.anc[nd] = anc
    jw.nb[nd] = nb


@inline
def step_pay(q, unused):
    """How entering packed neighbour q is paid: -1 when it needs no element, else PAY_DIE
    while an unused die shows it, else PAY_FOOTPRINT (arithmetic, not a branch: which
    neighbours need an element is not predictable)."""
    need1 = (q >> NBP_NEED) & 15
    die = int((unused >> (8 * need1)) & 255 != 0)
    return int(need1 != 0) * (1 + PAY_FOOTPRINT - die * (PAY_FOOTPRINT - PAY_DIE)) - 1


@inline
def step_gain(K, S, p, row, a, q, v, g, ffv, tokv, fpv, losev, have_losev):
    """g plus what stepping through neighbour slot a of the space (its K.prov row) into v
    gains: the edge's gains (PV_EGF), then the space's (NBP_GF), a zero term left out.
    lose_value is computed when a `lose` gain is first met; returns (g, losev, have_losev)."""
    pv = K.prov[v]   # read only where the space or its edge has a gain (NBP_GF, PV_EGF)
    if row[PV_EGF + a] != 0:
        pe = K.pedge[row[PV_RED + a]]   # the edge v -> pos (ktables.py)
        if not have_losev and (pe[PE_LOSE] != 0 or pv[PV_LOSE] != 0):
            losev = lose_value(K, S, p)
            have_losev = True
        g += gain_value(S, p, pe[0:4], pe[PE_LOSE], ffv, tokv, fpv, losev)
    if (q >> NBP_GF) & 1 != 0:
        if not have_losev and pv[PV_LOSE] != 0:
            losev = lose_value(K, S, p)
            have_losev = True
        g += gain_value(S, p, pv[PV_GAIN:PV_GAIN + 4], pv[PV_LOSE], ffv, tokv, fpv, losev)
    return g, losev, have_losev


@inline
def end_value(K, v, q, here, wj, pot_v, enc, future):
    """(value, final move) of ending the path on v (packed neighbour q) worth `here`: its
    potential pot_v, or camping when v is a better village than enc (MOVE_ENCAMP) and that
    is worth more."""
    val = here + wj * pot_v
    end = MOVE_END
    vb = ((q >> NBP_VB) & 255) - 1   # its village bursts (-1: not a village)
    if vb > enc:
        val2 = here + (vb - enc) + wj * potential(K, v, vb, future)
        if val2 > val:
            val = val2
            end = MOVE_ENCAMP
    return val, end


@kernel
def search_province(K, S, p):
    """Depth-first search of the company's paths this afternoon; stores the best plan
    (steps and final op) in the bot scratch and returns its value.

    Kept cheap without changing a number: a gain term is added only where the space or
    edge has a gain or a lose (NBP_GF, PV_EGF; a zero term adds 0.0), the potential's row
    for this search is found once, the footprints spent on the path are the footprints at
    the start minus those left, and a new best plan copies only the steps that differ
    from the stored one.  Backing up from a frame with no child left goes straight to the
    nearest frame below it that has one (anc, set when a frame is pushed: no frame in
    between can gain a child while the path runs through it), and restores the marks and
    unused dice saved with that frame, instead of a loop turn per frame."""
    bot = S.bot[p]
    jw = S.journeys[0]
    future = rounds_after(S)
    wj = S.bp[p, BP_W_JOURNEY]
    ffv = S.bot[p].ffv
    tokv = token_value(S, p)
    fpv = fp_value(S, p)
    losev = 0.0            # lose_value, computed when a `lose` gain is first met
    have_losev = False
    enc = village_value(K, S.pl[p, P_ENCAMP])
    use_pot, pot_row = potential_row(K, enc, future)   # potential(K, x, enc, future) of every x
    pos0 = int(S.pl[p, P_COMPANY])   # int(): Python ints as bits without the JIT
    foot0 = S.pl[p, P_FOOT]
    show, unused = path_dice(K, S, p)
    vis_lo, vis_hi = closed_spaces(K, S, pos0)   # each frame keeps the marks of its path
    reserve = int(S.bp[p, BP_FP_RESERVE])
    budget = int(S.bp[p, BP_SEARCH_NODES])   # spaces this search may enter
    push_frame(jw, 0, pos0, -1, foot0, 0.0, vis_lo, vis_hi, unused, -1,
               enterable(K.prov[pos0], foot0, vis_lo, vis_hi, unused, show, reserve))
    best_v = wj * (pot_row[pos0] if use_pot else 0.0)
    best_len = 0
    best_end = MOVE_END
    same = 0   # the stored plan's first `same` steps are the path's (the rest differ)
    bot.nplan = 0
    depth = 0
    nodes = 0
    # the budget spent, the search stops (backing up would change nothing kept); a frame
    # at MAXDEPTH has no child (pushed with no neighbours)
    while depth >= 0 and nodes < budget:
        m = jw.nb[depth]   # the frame's neighbours not tried yet that the path can enter
        if m == 0:   # no child here: back up to the nearest frame with one (-1: the end)
            depth = int(jw.anc[depth])
            if depth >= 0:
                vis_lo = int(jw.vlo[depth])   # int(): Python ints as bits without the JIT
                vis_hi = int(jw.vhi[depth])
                unused = int(jw.un[depth])
            if same > depth:
                same = depth
            continue
        # the next child: the lowest neighbour slot left
        row = K.prov[int(jw.pos[depth])]
        rest = m & (m - 1)
        jw.nb[depth] = rest
        a = bit_index(m)
        q = row[PV_NBP + a]
        v = int(q & 255)
        pay = step_pay(q, unused)
        fleft = jw.fleft[depth] - step_footprints(q, unused, show)
        g, losev, have_losev = step_gain(K, S, p, row, a, q, v, jw.gain[depth], ffv, tokv, fpv,
                                         losev, have_losev)
        nd = depth + 1
        unused -= int(pay == PAY_DIE) << (8 * ((q >> NBP_NEED) & 15))
        vis_lo, vis_hi = mark(vis_lo, vis_hi, v)
        # the child's enterable neighbours: fixed while it is on the path (what its
        # descendants take is given back when the search backs up to it)
        push_frame(jw, nd, v, pay, fleft, g, vis_lo, vis_hi, unused,
                   depth if rest != 0 else jw.anc[depth],
                   enterable(K.prov[v], fleft, vis_lo, vis_hi, unused, show, reserve)
                   if nd < MAXDEPTH and nodes + 1 < budget else 0)
        depth = nd
        nodes += 1
        val, end = end_value(K, v, q, g - fpv * (foot0 - fleft), wj,
                             pot_row[v] if use_pot else 0.0, enc, future)
        if val > best_v + 1e-9:
            best_v = val
            best_len = nd
            best_end = end
            store_steps(jw, bot, same, nd)
            same = nd
    bot.nplan = best_len
    bot.plani = 0
    bot.planend = best_end
    bot.planr = S.g[G_ROUND]
    return best_v


@kernel
def province_move(K, S, p, moved):
    """Follow the searched plan; search again at the start of the afternoon or when the
    next planned step is no longer legal."""
    bot = S.bot[p]
    if not moved or bot.planr != S.g[G_ROUND]:
        search_province(K, S, p)
    for attempt in range(2):
        i = bot.plani
        if i < bot.nplan:
            v = bot.plan[2 * i]
            pay = bot.plan[2 * i + 1]
            ok = S.bd[BD_ENT + v] == 0
            if ok:
                pos = S.pl[p, P_COMPANY]
                adj = False
                for a in range(K.prov[pos, PV_DEG]):
                    if K.prov[pos, PV_NB + a] == v:
                        adj = True
                ok = adj and step_cost(K, S, p, v, pay, cursed_symbol(K, S, p)) >= 0
            if ok:
                bot.plani = i + 1
                return MOVE_STEP, v, pay
            search_province(K, S, p)
            continue
        if bot.planend == MOVE_ENCAMP and moved and K.prov[S.pl[p, P_COMPANY], PV_VILLAGE] >= 0:
            return MOVE_ENCAMP, -1, -1
        return MOVE_END, -1, -1
    return MOVE_END, -1, -1


@kernel
def province_route(K, S, p):
    """A route toward the best village for the reroll proxy: (spaces in route, and for
    each prefix its value in S.bot[p].routev[i]); returns the route length."""
    bot = S.bot[p]
    future = rounds_after(S)
    enc = village_value(K, S.pl[p, P_ENCAMP])
    pos = S.pl[p, P_COMPANY]
    target = -1
    best = 0.0
    for i in range(K.setup[SET_NVILL]):
        v = K.setup[SET_VILL + i]
        gain = K.prov[v, PV_VILLAGE] - enc
        d = K.pdist[pos, v]
        if gain <= 0 or d == 0:
            continue
        val = gain * reach_factor(K, d, future + 1)
        if val > best:
            best = val
            target = v
    n = 0
    ranks = 0   # steps so far needing each element: 8 bits at 8 * (element + 1)
    if target >= 0:
        x = pos
        while x != target and n < 12:
            nxt = -1
            q = 0
            for a in range(K.prov[x, PV_DEG]):
                y = K.prov[x, PV_NB + a]
                if K.pdist[target, y] == K.pdist[target, x] - 1:
                    nxt = y
                    q = K.prov[x, PV_NBP + a]
                    break
            if nxt < 0:
                break
            bot.route[n] = nxt
            # the step as the search reads it (packed neighbour, NBP_*) and its rank among
            # the route's steps needing its element (RS_RANK; 0: it needs none)
            e1 = int((q >> NBP_NEED) & 15)   # int(): Python ints as bits without the JIT
            ranks += int(e1 != 0) << (8 * e1)
            bot.rstep[n] = q | (int(e1 != 0) * ((ranks >> (8 * e1)) & 255)) << RS_RANK
            n += 1
            x = nxt
    bot.nroute = n
    return n


@kernel
def route_values(K, S, p, out):
    """out[i]: value of ending this afternoon after i steps of the route (camping on a
    better village when it is one)."""
    bot = S.bot[p]
    wj = S.bp[p, BP_W_JOURNEY]
    future = rounds_after(S)
    enc = village_value(K, S.pl[p, P_ENCAMP])
    pos = S.pl[p, P_COMPANY]
    base = potential(K, pos, enc, future)
    out[0] = 0.0
    for i in range(bot.nroute):
        x = bot.route[i]
        v = potential(K, x, enc, future)
        vb = K.prov[x, PV_VILLAGE]
        if vb > enc:
            v2 = (vb - enc) + potential(K, x, vb, future)
            if v2 > v:
                v = v2
        out[i + 1] = wj * (v - base)


@inline
def route_counts(h):
    """(have, show) of route_scan for the element counts h: the dice of each element e, 8 bits
    at 8 * (e + 1) (capped at 255), and bit e + 1 set when some die shows e."""
    have = 0
    show = 0
    for e in range(5):
        c = h[e]
        have |= (c if c < 255 else 255) << (8 * (e + 1))
        show |= int(c > 0) << (e + 1)
    return have, show


@inline
def route_scan(bot, have, show, foot, routev, fpv):
    """route_walk's walk of the route, on the counts already packed (route_counts)."""
    n = bot.nroute
    best = 0.0
    spent = 0
    for i in range(n):
        q = bot.rstep[i]
        spent += (fixed_footprints(q, show)
                  + int(((q >> RS_RANK) & 255) > ((have >> (8 * ((q >> NBP_NEED) & 15))) & 255)))
        if spent > foot:
            break
        v = routev[i + 1] - fpv * spent
        if v > best:
            best = v
    return best


@kernel
def route_walk(K, S, p, h, foot, routev, fpv):
    """Journey proxy for a dice outcome: the best prefix of the route reachable with the
    element counts h (dice still unused) and footprints.

    A route step that needs element e is paid with a die of e while fewer of the steps
    before it needed e than h[e], else with a footprint (E7, as step_footprints along the
    route): so its cost reads its rank among the route's steps needing e (rstep's
    RS_RANK, set with the route) against h[e], and no step waits for the dice the steps
    before it took.  The counts are held in one int, 8 bits per element e at 8 * (e + 1)
    (slot 0, no element: rank 0 never exceeds it), the elements shown as bits e + 1 of
    another (route_counts)."""
    have, show = route_counts(h)
    return route_scan(S.bot[p], have, show, foot, routev, fpv)


# ---- Archipelago of Darkness ----

@inline
def island_potential(K, boat, x, future):
    """Best island within the boat moves left, discounted per move (boat[j] != 0: the player
    has a boat on island j): the best of K.apot's islands for x that holds no boat of the
    player (island 0 always counts), 0 if none (ktables.island_potential_table)."""
    if future <= 0:
        return 0.0
    nf = K.apot.shape[0]
    f = future if future < nf else nf - 1
    for r in range(K.apot.shape[2]):
        j = K.apotj[f, x, r]
        if j < 0:
            break
        if j == 0 or boat[j] == 0:
            return K.apot[f, x, r]
    return 0.0


@kernel
def archi_prepare(K, S, p):
    """Before choosing a boat move (the boats stay put meanwhile): boat flags per island in
    S.journeys[0].boat[island] and island_potential of every island in S.journeys[0].ipot[island]."""
    ni = K.setup[SET_NARCH]
    boat = S.journeys[0].boat[:MAXNODES]
    for j in range(ni):
        boat[j] = 0
    for b in range(NBOATS):
        isl = S.pl[p, P_BOAT + b]
        if 0 <= isl < ni:
            boat[isl] = 1
    future = rounds_after(S)
    ipot = S.journeys[0].ipot[:MAXNODES]
    for x in range(ni):
        ipot[x] = island_potential(K, boat, x, future)


@kernel
def archi_lose_value(K, S, p):
    """lose_value when a boat can reach an island with a `lose` gain (else never used: 0).
    Each boat's island is read from its slot (every boat lies on an island), not found by
    testing every island for a boat."""
    for b in range(NBOATS):
        u = S.pl[p, P_BOAT + b]
        for a in range(K.arch[u, AV_DEG]):
            if K.arch[K.arch[u, AV_NB + a], AV_LOSE] != 0:
                return lose_value(K, S, p)
    return 0.0


@kernel
def archi_scan(K, S, p, losev, kmin, kmax):
    """For each k in kmin..kmax (distinct elements), the best boat move: its value in
    S.journeys[0].abest[k] (0 if none is worth it), from / to islands in S.journeys[0].abu[k] /
    S.journeys[0].abv[k] (-1).  One pass over the moves (after archi_prepare); each k keeps
    the first best move in (island, neighbour) order, as a scan per k would."""
    ffv = S.bot[p].ffv
    tokv = token_value(S, p)
    fpv = fp_value(S, p)
    wj = S.bp[p, BP_W_JOURNEY]
    foot = S.pl[p, P_FOOT]
    boat = S.journeys[0].boat[:MAXNODES]
    ipot = S.journeys[0].ipot[:MAXNODES]
    for k in range(kmin, kmax + 1):
        S.journeys[0].abest[k] = 0.0
        S.journeys[0].abu[k] = -1
        S.journeys[0].abv[k] = -1
    for u in range(K.setup[SET_NARCH]):
        if boat[u] == 0:
            continue
        for a in range(K.arch[u, AV_DEG]):
            v = K.arch[u, AV_NB + a]
            if v != 0 and boat[v] != 0:
                continue
            ae = K.aedge[K.arch[u, AV_ED + a]]
            av = K.arch[v]
            # the move's value with cost c: (bursts gained - fpv * c + gains) + journey
            gained = float(av[AV_BURSTS] - K.arch[u, AV_BURSTS])
            gains = gain_value(S, p, av[AV_GAIN:AV_GAIN + 4], av[AV_LOSE], ffv, tokv, fpv, losev)
            journey = wj * (ipot[v] - ipot[u])
            for k in range(kmin, kmax + 1):
                if k > ae[AE_MAX]:
                    continue
                cost = ae[AE_FCOST] + (ae[AE_MIN] - k if k < ae[AE_MIN] else 0)
                if cost > foot:
                    continue
                val = gained - fpv * cost + gains
                val += journey
                if val > S.journeys[0].abest[k] + 1e-9:
                    S.journeys[0].abest[k] = val
                    S.journeys[0].abu[k] = u
                    S.journeys[0].abv[k] = v


@kernel
def archi_values(K, S, p):
    """arch[k]: best boat move value with k distinct elements (reroll proxy)."""
    losev = archi_lose_value(K, S, p)
    archi_prepare(K, S, p)
    archi_scan(K, S, p, losev, 0, 5)
    for k in range(6):
        S.bot[p].arch[k] = S.journeys[0].abest[k]


@kernel
def archi_move(K, S, p):
    """The best boat move for the k elements p's dice show: (island, destination), -1 for
    none."""
    k = archi_k(K, S, p)
    losev = archi_lose_value(K, S, p)
    archi_prepare(K, S, p)
    archi_scan(K, S, p, losev, k, k)
    return S.journeys[0].abu[k], S.journeys[0].abv[k]
