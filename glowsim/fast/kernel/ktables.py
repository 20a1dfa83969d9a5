"""Kernel tables: the content's :class:`~glowsim.content.arrays.Tables` packed into a few
2-d int arrays with named columns (few arrays keep numba compilation fast).

Built once per content in Python by :func:`kernel_tables`; kernels index them
with the ``IT_*``, ``SET_*``, ``ST_*``, ``PV_*``, ``PE_*``, ``AV_*``, ``AE_*`` constants below,
each declared with its width (:func:`~glowsim.fast.kernel.offsets.declare`), not counted.
"""
from __future__ import annotations

import threading
from typing import NamedTuple

import numpy as np

from ...content import codes as C
from ...content import arrays as CT
from ...errors import UserError
from ...spec.botmath import (ARCH_GAMMA, LSTEP, MAXK, MAX_VILLAGES, NFUT, NL, NREACH,
                             board_distances, face_probabilities, int_power, poisson_survival,
                             reach_table)
from .offsets import declare

# ---- item columns: K.item[r, IT_*] (companions, adventurers, spells; rows as in Tables) ----
NIT = declare(globals(), "K.item", [
    ("IT_KIND", 1), ("IT_BURSTS", 1), ("IT_FIRE", 1), ("IT_DECK", 1), ("IT_SKETAL", 1),
    ("IT_REROLL", 1), ("IT_BLACK", 1), ("IT_ADVCOL", 1), ("IT_ADVDICE", 1), ("IT_COPIES", 1),
    ("IT_TKIND", 1), ("IT_TSAME", 1), ("IT_FLAGS", 1),
    ("IT_AMT", C.N_AMOUNTS),     # bursts, footprints, fireflies, rerolls (C.EFF_*)
    ("IT_NEED", C.N_SYMBOLS),    # per symbol: the count a `symbols` trigger requires
    ("IT_ABS", C.N_ELEMENTS),    # per element: 1 where the element must be absent
    ("IT_SYM1", 1),   # the one symbol a trigger reads (`symbols` on one symbol, `absent` on one
                      # element), -1
    ("IT_DEPM", 1),   # bit mask of the symbols whose count the trigger count reads
                      # (trigger_dep_mask)
    ("IT_DEP1", 1),   # the symbol when IT_DEPM has exactly one (the count reads that symbol
                      # only), -1
    ("IT_PAIR", 1),   # a `symbols` trigger on exactly two symbols: its K.epair table (bots),
                      # else -1 (trigger_count reads the two symbols below for it)
    ("IT_PS1", 1),    # ... its first symbol (the lower), and the second
    ("IT_PS2", 1),
])

# ---- setup ints and short lists: K.setup[SET_*] ----
MAXTILES = 16      # solo: Tom's tiles (R9)
MAXLADDER = 16     # solo: villages on Tom's ladder (E17)
MAXCOMP = 64       # solo: companion rows
NSET = declare(globals(), "K.setup", [
    ("SET_NC", 1), ("SET_NA", 1), ("SET_NS", 1), ("SET_START", 1), ("SET_REMOVED", 1),
    ("SET_ROUNDS", 1), ("SET_LASTTOK", 1), ("SET_FFBONUS", 1), ("SET_TRACKLEN", 1),
    ("SET_PROVSTART", 1), ("SET_NRESERVE", 1), ("SET_NSMALL", 1), ("SET_NSPELLTOT", 1),
    ("SET_NPROV", 1), ("SET_NARCH", 1), ("SET_NVILL", 1),
    ("SET_RESERVE", 16),           # colours of the reserve large dice
    ("SET_SMALL", 16),             # colours of the small dice on the track
    ("SET_ELSPACE", 8),            # element -> meeting-track space (C.N_ELEMENTS used)
    ("SET_VILL", MAX_VILLAGES),    # province village spaces (bots)
    # solo mode (R9), from SET_SOLO on; ST_* are absolute indices into K.setup
    ("ST_NTILES", 1),
    ("ST_BAND", MAXTILES),         # meeples per tile
    ("ST_BURSTS", MAXTILES),       # bursts per tile
    ("ST_JOURNEY", MAXTILES),      # JOURNEY_* per tile
    ("ST_NLADDER", 1),             # villages on Tom's ladder
    ("ST_LADDER", MAXLADDER),      # village spaces sorted by (bursts, space) (E17)
    ("ST_REMOVED", MAXCOMP),       # 1 if the companion row is removed in solo mode (R9)
])
SET_SOLO = ST_NTILES
NSOLO = NSET - SET_SOLO

MAXDEG = 6
# ---- Province spaces: K.prov[v, PV_*] ----
NPV = declare(globals(), "K.prov", [
    ("PV_NEED", 1), ("PV_FORBID", 1), ("PV_FCOST", 1), ("PV_VILLAGE", 1),
    ("PV_GAIN", C.N_AMOUNTS),
    ("PV_LOSE", 1), ("PV_DEG", 1),
    ("PV_NB", MAXDEG),    # neighbours (sorted)
    ("PV_ED", MAXDEG),    # edge ids
    ("PV_RED", MAXDEG),   # bots: the edge id seen from neighbour a back to this space
    ("PV_GF", 1),         # bots: 1 when the space has a gain or a lose (its gain value can be
                          # non-zero)
    ("PV_EGF", MAXDEG),   # bots: 1 when edge PV_RED + a has a gain or a lose
    ("PV_NBP", MAXDEG),   # bots: neighbour a packed for the journey search, NBP_* fields
])
# bits of a packed neighbour (PV_NBP): what the search reads of a space it may enter
NBP_BITS = declare(globals(), "PV_NBP bits", [
    ("NBP_X", 8),         # the space
    ("NBP_NEED", 4),      # its needed element + 1 (0: none)
    ("NBP_FORBID", 4),    # its forbidden element + 1 (0: none, or it needs an element: a space
                          # that needs one is paid by die or footprint, its forbid unread, E7)
    ("NBP_FCOST", 8),     # its footprint cost
    ("NBP_VILL", 1),      # it is a village
    ("NBP_GF", 1),        # it has a gain or a lose (PV_GF)
    (None, 6),
    ("NBP_VB", 8),        # its village bursts + 1 (0: not a village)
])
assert NBP_BITS < 64   # one int64
# ---- Province edges: K.pedge[e, PE_*] ----
NPE = declare(globals(), "K.pedge", [("PE_GAIN", C.N_AMOUNTS), ("PE_LOSE", 1)])
# ---- Archipelago islands: K.arch[i, AV_*] ----
NAV = declare(globals(), "K.arch", [
    ("AV_BURSTS", 1), ("AV_RING", 1), ("AV_GAIN", C.N_AMOUNTS), ("AV_LOSE", 1), ("AV_DEG", 1),
    ("AV_NB", MAXDEG), ("AV_ED", MAXDEG),
])
# ---- Archipelago edges: K.aedge[e, AE_*] ----
NAE = declare(globals(), "K.aedge", [("AE_MIN", 1), ("AE_MAX", 1), ("AE_FCOST", 1)])


class KT(NamedTuple):
    item: np.ndarray     # int64[N, NIT]
    dsym: np.ndarray     # int64[8, 6] symbol of each colour's faces
    setup: np.ndarray    # int64[NSET]
    below: np.ndarray    # int64[L + 1] next score-track reroll space strictly below, -1
    prov: np.ndarray     # int64[S, NPV]
    pedge: np.ndarray    # int64[E, NPE]
    arch: np.ndarray     # int64[I, NAV]
    aedge: np.ndarray    # int64[E, NAE]
    pdist: np.ndarray    # int64[S, S] province step distances
    adist: np.ndarray    # int64[I, I] archipelago edge distances
    facep: np.ndarray    # float64[8, 8] probability of each symbol per colour
    surv: np.ndarray     # float64[NL, MAXK] Poisson survival
    reach: np.ndarray    # float64[NREACH, NFUT] bots: worth of a target d steps away with f rounds left
    pot: np.ndarray      # float64[NFUT, E, S] bots: province potential of space x for encampment worth e
    ecount: np.ndarray   # float64[2 N, NL] bots: expected trigger count of item r (capped c) at row 2 r + c
    esame: np.ndarray    # float64[n max + 1, NL] bots: E[N // n], one symbol's part of a `same: n` trigger
    smallpool: np.ndarray  # float64[8] bots: expected symbol counts of one pick's small dice
    apot: np.ndarray     # float64[I + 1, I, I] bots: island x's better islands in reach, best first
    apotj: np.ndarray    # int64[I + 1, I, I] bots: those islands (-1 after the last)
    quot: np.ndarray     # int64[Q, QC] c // n for every trigger divisor n < Q and count c < QC
    tsteps: np.ndarray   # int64[L + 1] score-track rerolls strictly below each score (R4)
    epair: np.ndarray    # float64[P, NL, NL] bots: uncapped expected count of a two-symbol trigger (IT_PAIR)


def _neighbours(ptr, to, edge, v):
    return [(int(to[a]), int(edge[a])) for a in range(ptr[v], ptr[v + 1])]


_MEMO: dict = {}
_MEMO_LOCK = threading.Lock()
_MEMO_MAX = 256   # entries kept; each is a few tables of one board or one set of triggers


def _once(key: tuple, make):
    """``make()``, computed once per process for each ``key`` (the bytes of the inputs it
    reads): a sweep of many contents rebuilds only the tables its changes reach.  The result
    is copied, so no two contents' tables share an array."""
    with _MEMO_LOCK:                    # the runner's threads build several contents' tables
        v = _MEMO.get(key)
    if v is None:
        v = make()
        with _MEMO_LOCK:
            while len(_MEMO) >= _MEMO_MAX:
                del _MEMO[next(iter(_MEMO))]
            _MEMO[key] = v
    return tuple(np.copy(a) for a in v) if isinstance(v, tuple) else np.copy(v)


def _bytes(*arrays) -> tuple:
    return tuple((a.dtype.str, a.shape, a.tobytes()) for a in map(np.asarray, arrays))


def kernel_tables(t: CT.Tables) -> KT:
    n = t.item_kind.shape[0]
    item = np.zeros((n, NIT), np.int64)
    item[:, IT_KIND] = t.item_kind
    item[:, IT_BURSTS] = t.item_bursts
    item[:, IT_FIRE] = t.item_fireflies
    item[:, IT_DECK] = t.item_deck
    item[:, IT_SKETAL] = t.item_sketal
    item[:, IT_REROLL] = t.item_reroll_each
    item[:, IT_BLACK] = t.item_black_die
    item[:, IT_ADVCOL] = t.item_adv_color
    item[:, IT_ADVDICE] = t.item_adv_dice
    item[:, IT_COPIES] = t.item_copies
    item[:, IT_TKIND] = t.trig_kind
    item[:, IT_TSAME] = t.trig_same
    item[:, IT_FLAGS] = t.eff_flags
    item[:, IT_AMT:IT_AMT + C.N_AMOUNTS] = t.eff_amount
    item[:, IT_NEED:IT_NEED + C.N_SYMBOLS] = t.trig_need
    item[:, IT_ABS:IT_ABS + C.N_ELEMENTS] = t.trig_absent

    si = t.setup_ints
    setup = np.zeros(NSET, np.int64)
    setup[SET_NC] = si[CT.SETUP_N_COMPANIONS]
    setup[SET_NA] = si[CT.SETUP_N_ADVENTURERS]
    setup[SET_NS] = si[CT.SETUP_N_SPELLS]
    setup[SET_START] = si[CT.SETUP_START_BURSTS]
    setup[SET_REMOVED] = si[CT.SETUP_REMOVED_PER_DECK]
    setup[SET_ROUNDS] = si[CT.SETUP_ROUNDS]
    setup[SET_LASTTOK] = si[CT.SETUP_LAST_PLAYER_REROLLS]
    setup[SET_FFBONUS] = si[CT.SETUP_FIREFLY_BONUS]
    setup[SET_TRACKLEN] = si[CT.SETUP_TRACK_LENGTH]
    setup[SET_PROVSTART] = si[CT.SETUP_PROV_START]
    if len(t.reserve_colors) > SET_SMALL - SET_RESERVE or len(t.small_dice) > SET_ELSPACE - SET_SMALL:
        raise UserError("content setup: the fast path allows at most 16 reserve dice and 15 small dice")
    setup[SET_NRESERVE] = len(t.reserve_colors)
    setup[SET_RESERVE:SET_RESERVE + len(t.reserve_colors)] = t.reserve_colors
    setup[SET_NSMALL] = len(t.small_dice)
    setup[SET_SMALL:SET_SMALL + len(t.small_dice)] = t.small_dice
    setup[SET_ELSPACE:SET_ELSPACE + C.N_ELEMENTS] = t.element_space
    base = int(si[CT.SETUP_N_COMPANIONS] + si[CT.SETUP_N_ADVENTURERS])
    setup[SET_NSPELLTOT] = int(t.item_copies[base:].sum())

    ns = len(t.prov_need)
    setup[SET_NPROV] = ns
    vill = [v for v in range(ns) if t.prov_village[v] >= 0][:MAX_VILLAGES]
    setup[SET_NVILL] = len(vill)
    setup[SET_VILL:SET_VILL + len(vill)] = vill
    setup[SET_SOLO:] = solo_tables(t)
    prov = np.zeros((ns, NPV), np.int64)
    prov[:, PV_NEED] = t.prov_need
    prov[:, PV_FORBID] = t.prov_forbid
    prov[:, PV_FCOST] = t.prov_fcost
    prov[:, PV_VILLAGE] = t.prov_village
    prov[:, PV_GAIN:PV_GAIN + C.N_AMOUNTS] = t.prov_gain
    prov[:, PV_LOSE] = t.prov_lose
    for v in range(ns):
        nb = _neighbours(t.prov_adj_ptr, t.prov_adj_to, t.prov_adj_edge, v)
        if len(nb) > MAXDEG:
            raise UserError(f"province board: space {v} has {len(nb)} neighbours; the fast path allows {MAXDEG}")
        prov[v, PV_DEG] = len(nb)
        for i, (w, e) in enumerate(nb):
            prov[v, PV_NB + i] = w
            prov[v, PV_ED + i] = e
    for u in range(ns):
        for a in range(prov[u, PV_DEG]):
            w = prov[u, PV_NB + a]
            e = prov[w, PV_ED]          # the search's rule: the last slot of w leading to u
            for q in range(prov[w, PV_DEG]):
                if prov[w, PV_NB + q] == u:
                    e = prov[w, PV_ED + q]
            prov[u, PV_RED + a] = e
    pedge = np.zeros((len(t.prov_edge_lose), NPE), np.int64)
    pedge[:, PE_GAIN:PE_GAIN + C.N_AMOUNTS] = t.prov_edge_gain
    pedge[:, PE_LOSE] = t.prov_edge_lose
    prov[:, PV_GF] = np.any(prov[:, PV_GAIN:PV_LOSE + 1] != 0, axis=1)
    for u in range(ns):
        for a in range(prov[u, PV_DEG]):
            prov[u, PV_EGF + a] = np.any(pedge[prov[u, PV_RED + a]] != 0)
            prov[u, PV_NBP + a] = pack_neighbour(prov[prov[u, PV_NB + a]], prov[u, PV_NB + a])

    ni = len(t.arch_bursts)
    setup[SET_NARCH] = ni
    arch = np.zeros((ni, NAV), np.int64)
    arch[:, AV_BURSTS] = t.arch_bursts
    arch[:, AV_RING] = t.arch_ring
    arch[:, AV_GAIN:AV_GAIN + C.N_AMOUNTS] = t.arch_gain
    arch[:, AV_LOSE] = t.arch_lose
    for v in range(ni):
        nb = _neighbours(t.arch_adj_ptr, t.arch_adj_to, t.arch_adj_edge, v)
        if len(nb) > MAXDEG:
            raise UserError(f"archipelago board: island {v} has {len(nb)} neighbours; the fast path allows {MAXDEG}")
        arch[v, AV_DEG] = len(nb)
        for i, (w, e) in enumerate(nb):
            arch[v, AV_NB + i] = w
            arch[v, AV_ED + i] = e
    aedge = np.zeros((len(t.arch_edge_min), NAE), np.int64)
    aedge[:, AE_MIN] = t.arch_edge_min
    aedge[:, AE_MAX] = t.arch_edge_max
    aedge[:, AE_FCOST] = t.arch_edge_fcost

    dsym = t.die_symbol.astype(np.int64)
    facep = face_probabilities(dsym)
    surv = _once(("surv",), poisson_survival)
    reach = _once(("reach",), reach_table)
    pdist = _once(("dist",) + _bytes(t.prov_adj_ptr, t.prov_adj_to),
                  lambda: board_distances(t.prov_adj_ptr, t.prov_adj_to))
    # what the trigger tables read of the items: trigger kind, `same` n, needs, absences
    trig = _bytes(item[:, [IT_TKIND, IT_TSAME] + list(range(IT_NEED, IT_ABS + C.N_ELEMENTS))])
    item[:, IT_SYM1], ecount = _once(("ecount",) + trig, lambda: expected_count_table(item, surv))
    item[:, IT_DEPM] = [trigger_dep_mask(item[r]) for r in range(n)]
    item[:, IT_DEP1] = [only_symbol(int(m)) for m in item[:, IT_DEPM]]
    item[:, IT_PAIR:IT_PS2 + 1], epair = _once(("epair",) + trig,
                                               lambda: pair_count_tables(item, surv))
    adist = _once(("dist",) + _bytes(t.arch_adj_ptr, t.arch_adj_to),
                  lambda: board_distances(t.arch_adj_ptr, t.arch_adj_to))
    apot, apotj = _once(("apot",) + _bytes(arch[:, AV_BURSTS], adist),
                        lambda: island_potential_table(arch[:, AV_BURSTS], adist))
    return KT(item=item, dsym=dsym, setup=setup, below=t.track_reroll_below.astype(np.int64),
              prov=prov, pedge=pedge, arch=arch, aedge=aedge,
              pdist=pdist,
              adist=adist,
              facep=facep, surv=surv, reach=reach,
              pot=_once(("pot",) + _bytes(prov, np.asarray(vill, np.int64), pdist),
                        lambda: potential_table(prov, vill, pdist, reach)),
              ecount=ecount,
              esame=_once(("esame",) + trig, lambda: same_count_table(item, surv)),
              smallpool=small_pool_table(setup, facep), apot=apot, apotj=apotj,
              quot=quotient_table(item), tsteps=track_steps_table(t.track_reroll_below.astype(np.int64)),
              epair=epair)


QC = 64   # counts a trigger may see: a player's dice (state.MAXD = 24), +2 in the bot's what-ifs


def quotient_table(item) -> np.ndarray:
    """c // n for the divisors of the triggers (the `need` of a symbol, the n of `same: n`)
    and the counts 0..QC-1, so trigger_count reads a quotient instead of dividing (an integer
    division costs tens of cycles; the same numbers)."""
    q = int(max(2, item[:, IT_TSAME].max(), item[:, IT_NEED:IT_NEED + C.N_SYMBOLS].max())) + 1
    return np.array([[c // n if n > 0 else 0 for c in range(QC)] for n in range(q)], np.int64)


def track_steps_table(below) -> np.ndarray:
    """steps[s]: the score-track rerolls strictly below score s, 0 <= s <= L (R4): the length
    of the chain s -> below[s] -> ... before -1, as legal.track_steps once walked it (a
    score past L counts as L)."""
    top = len(below) - 1
    steps = np.zeros(len(below), np.int64)
    for x in range(len(below)):
        n, s = 0, x
        while s > 0:
            b = int(below[min(s, top)])
            if b < 0:
                break
            s, n = b, n + 1
        steps[x] = n
    return steps


def island_potential_table(bursts, adist):
    """(value, island) tables of the heuristic bot's island potential (bots/journeys.py
    island_potential): for f moves left (f <= I: every island in reach is within I - 1
    moves) and island x, the islands j worth more than x within f moves, each with its
    value (bursts(j) - bursts(x)) * ARCH_GAMMA ** dist(x, j), best first.  The potential
    is the first of them whose island holds none of the player's boats (island 0 always
    counts): the maximum the bot's loop over islands finds, the very same product."""
    ni = len(bursts)
    val = np.zeros((ni + 1, ni, ni))
    isl = np.full((ni + 1, ni, ni), -1, np.int64)
    for f in range(1, ni + 1):
        for x in range(ni):
            cands = []
            for j in range(ni):
                g = int(bursts[j]) - int(bursts[x])
                d = int(adist[x, j])
                if g <= 0 or d > f:
                    continue
                cands.append((float(g) * int_power(ARCH_GAMMA, d), j))
            cands.sort(key=lambda c: -c[0])
            for r, (v, j) in enumerate(cands):
                val[f, x, r] = v
                isl[f, x, r] = j
    return val, isl


def pack_neighbour(pv: np.ndarray, x: int) -> int:
    """Space x (its K.prov row pv) as the search reads it from a neighbour slot (PV_NBP):
    the NBP_* fields in one int64.  Every field fits: spaces < MAXNODES, five elements, and
    the content model's ranges (footprint cost <= 20, village bursts <= 100)."""
    village = int(pv[PV_VILLAGE])
    fields = (("space", x, NBP_X, 255), ("needed element + 1", pv[PV_NEED] + 1, NBP_NEED, 15),
              ("forbidden element + 1", pv[PV_FORBID] + 1 if pv[PV_NEED] < 0 else 0, NBP_FORBID, 15),
              ("footprint cost", pv[PV_FCOST], NBP_FCOST, 255), ("village flag", int(village >= 0), NBP_VILL, 1),
              ("gain flag", pv[PV_GF], NBP_GF, 1), ("village bursts + 1", max(village, -1) + 1, NBP_VB, 255))
    q = 0
    for name, value, shift, top in fields:
        if not 0 <= value <= top:
            raise UserError(f"province board: space {x}'s {name} is {value}; the fast path's "
                             f"search allows 0..{top}")
        q |= int(value) << shift
    return q


def potential_table(prov, vill, pdist, reach) -> np.ndarray:
    """pot[f, e, x]: the best better village for a company on space x whose encampment is
    worth e, with f > 0 rounds left: max(0, max over villages v worth more than e of
    (worth(v) - e) * reach[dist(x, v), f]) (0 beyond NREACH steps).  Each entry is one
    product and comparisons, so it equals the bots' loop over villages bit for bit
    (bots/journeys.py potential)."""
    ns = prov.shape[0]
    emax = max([int(prov[v, PV_VILLAGE]) for v in vill] + [0])
    pot = np.zeros((NFUT, emax + 1, ns))
    for f in range(1, NFUT):
        for e in range(emax + 1):
            best = np.zeros(ns)
            for v in vill:
                gain = np.int64(prov[v, PV_VILLAGE]) - np.int64(e)
                if gain <= 0:
                    continue
                d = pdist[:, v]
                r = np.where(d < NREACH, reach[np.minimum(d, NREACH - 1), f], 0.0)
                val = np.float64(gain) * r
                best = np.where(val > best, val, best)
            pot[f, e] = best
    return pot


def _sv(surv, i, m):
    """P(N >= m) at Poisson index i (bots/values.py sv after the index)."""
    if m <= 0:
        return 1.0
    if m >= MAXK:
        return 0.0
    return float(surv[i, m])


def trigger_dep_mask(it) -> int:
    """Bit s set when the trigger count of item row `it` reads symbol s: a needed symbol,
    any symbol but the curse for a `same` trigger, an element that must be absent (the
    rule bots/heuristic.py prep_round applied item by item)."""
    m = 0
    for s in range(C.N_SYMBOLS):
        dep = it[IT_NEED + s] > 0
        if it[IT_TKIND] == C.TRIG_SAME and s < C.CURSE:
            dep = True
        if s < C.N_ELEMENTS and it[IT_ABS + s] != 0:
            dep = True
        if dep:
            m |= 1 << s
    return m


def only_symbol(mask: int) -> int:
    """The symbol of a dependency mask with exactly one bit set, else -1."""
    if mask == 0 or mask & (mask - 1):
        return -1
    return mask.bit_length() - 1


def expected_count_table(item, surv):
    """(symbol per item, table): for an item whose expected trigger count reads one symbol's
    Poisson index i only (a `symbols` trigger on one symbol, or an `absent` trigger on one
    element), the count for each i, uncapped (row 2 r) and capped (row 2 r + 1), by the very
    operations of bots/values.py expected_count in the same order (tests/fast check them
    equal bit for bit); symbol -1 for the other items."""
    n = item.shape[0]
    sym = np.full(n, -1, np.int64)
    tab = np.zeros((2 * n, NL))
    for r in range(n):
        it = item[r]
        kind = int(it[IT_TKIND])
        needs = [s for s in range(C.N_SYMBOLS) if it[IT_NEED + s] > 0]
        absent = [e for e in range(C.N_ELEMENTS) if it[IT_ABS + e] != 0]
        if kind == C.TRIG_SYMBOLS and len(needs) == 1:
            s, need = needs[0], int(it[IT_NEED + needs[0]])
            for capped in (0, 1):
                for i in range(NL):
                    tot = 0.0
                    t = 1
                    while True:
                        q = 1.0
                        q *= _sv(surv, i, need * t)
                        if t != 1 and q < 1e-4:
                            break
                        tot += q
                        if capped or q < 1e-4:
                            break
                        t += 1
                    tab[2 * r + capped, i] = tot
            sym[r] = s
        elif kind == C.TRIG_ABSENT and len(absent) == 1:
            for capped in (0, 1):
                for i in range(NL):
                    p_abs = 1.0
                    p_abs *= 1.0 - _sv(surv, i, 1)
                    tab[2 * r + capped, i] = 1.0 * p_abs
            sym[r] = absent[0]
    return sym, tab


def pair_count_tables(item, surv):
    """(columns, epair): epair[j, i1, i2] is the uncapped expected count of a `symbols`
    trigger on exactly two symbols, needing n1 of the first (the lower) and n2 of the second,
    at Poisson indices i1 and i2, for each distinct (n1, n2) j; columns (int64[N, 3]) are the
    items' IT_PAIR, IT_PS1, IT_PS2 (-1: not such a trigger).  The operations of bots/values.py
    expected_count_loop in the same order, elementwise: per t = 1, 2, ... the term
    (1.0 * P(N1 >= n1 t)) * P(N2 >= n2 t), summed from 0.0; the first term always, a later one
    only while it is at least 1e-4 (the sum stops at the first below, and after a first term
    below).  tests/fast check them equal bit for bit."""
    pairs: dict = {}
    cols = np.full((item.shape[0], 3), -1, np.int64)
    for r in range(item.shape[0]):
        needs = [s for s in range(C.N_SYMBOLS) if item[r, IT_NEED + s] > 0]
        if item[r, IT_TKIND] == C.TRIG_SYMBOLS and len(needs) == 2:
            key = (int(item[r, IT_NEED + needs[0]]), int(item[r, IT_NEED + needs[1]]))
            cols[r] = pairs.setdefault(key, len(pairs)), needs[0], needs[1]
    out = np.zeros((max(1, len(pairs)), NL, NL))

    def sv_col(m):   # _sv at every index i
        return np.ones(NL) if m <= 0 else np.zeros(NL) if m >= MAXK else surv[:, m]

    for (n1, n2), j in pairs.items():
        tot = np.zeros((NL, NL))
        alive = np.ones((NL, NL), bool)
        t = 1
        while alive.any():
            q = sv_col(n1 * t)[:, None] * sv_col(n2 * t)[None, :]   # (1.0 * a) * b is a * b
            if t > 1:
                alive &= q >= 1e-4
            tot = np.where(alive, tot + q, tot)
            alive &= q >= 1e-4
            t += 1
        out[j] = tot
    return cols, out


def same_count_table(item, surv) -> np.ndarray:
    """esame[n, i] = E[N // n] for N ~ Poisson(i * LSTEP), as bots/values.py and the reference
    bot sum it (one symbol's part of an uncapped `same: n` trigger): P(N >= n t) for t = 1, 2,
    ... while a term is at least 1e-4, summed from 0.0 in that order (tests/fast check the
    fast and reference numbers equal bit for bit)."""
    nmax = max(1, int(item[:, IT_TSAME].max()))
    tab = np.zeros((nmax + 1, NL))
    for n in range(1, nmax + 1):
        for i in range(NL):
            part = 0.0
            t = 1
            while True:
                q = _sv(surv, i, n * t)
                if q < 1e-4:
                    break
                part += q
                t += 1
            tab[n, i] = part
    return tab


def small_pool_table(setup, facep) -> np.ndarray:
    """Expected symbol counts of one pick's small dice, averaged over the five spaces: each
    small die adds 1/5 of its face probabilities, in setup order (bots/values.py small_pool,
    the same additions in the same order)."""
    lam = np.zeros(C.N_SYMBOLS)
    w = 1.0 / 5.0
    for i in range(int(setup[SET_NSMALL])):
        c = int(setup[SET_SMALL + i])
        for s in range(C.N_SYMBOLS):
            lam[s] += w * facep[c, s]
    return lam


def solo_tables(t) -> np.ndarray:
    """K.setup[SET_SOLO:] from the content tables: Tom's tiles, his village ladder, the
    companions removed in solo mode (a content solo cannot use leaves them 0, solo_problem)."""
    out = np.zeros(NSOLO, np.int64)
    nt = len(t.tile_band)
    nc = len(t.solo_removed)
    b = SET_SOLO
    out[ST_NTILES - b] = nt
    if 8 <= nt <= MAXTILES:
        out[ST_BAND - b:ST_BAND - b + nt] = t.tile_band
        out[ST_BURSTS - b:ST_BURSTS - b + nt] = t.tile_bursts
        out[ST_JOURNEY - b:ST_JOURNEY - b + nt] = t.tile_journey
    ladder = sorted((int(t.prov_village[s]), s) for s in range(len(t.prov_village)) if t.prov_village[s] >= 0)
    if len(ladder) <= MAXLADDER:
        out[ST_NLADDER - b] = len(ladder)
        out[ST_LADDER - b:ST_LADDER - b + len(ladder)] = [s for _, s in ladder]
    if nc <= MAXCOMP:
        out[ST_REMOVED - b:ST_REMOVED - b + nc] = t.solo_removed
    return out


def solo_problem(t) -> str:
    """Why this content cannot be played solo by the fast path ('' when it can)."""
    nt = len(t.tile_band)
    if not 8 <= nt <= MAXTILES:
        return (f"solo needs 8 to {MAXTILES} of Tom's tiles (solo_tiles; the first reshuffle takes 4 "
                f"discarded tiles, E14), the content has {nt}")
    nv = int((t.prov_village >= 0).sum())
    if nv > MAXLADDER:
        return (f"the fast path's solo mode allows {MAXLADDER} villages on Tom's ladder, the "
                f"content has {nv}")
    if len(t.solo_removed) > MAXCOMP:
        return f"the fast path's solo mode allows {MAXCOMP} companions, the content has {len(t.solo_removed)}"
    return ""

