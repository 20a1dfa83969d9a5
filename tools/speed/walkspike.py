"""walkspike.py: the floor of a depth-first walk of the Province board, and two ways tried
to go under it (session 20).  Not the bot's search: a stripped walk over the same board
(`K.prov`'s packed neighbours; a step costs its footprint cost + 1, so depth is bounded by
random footprints 3..8; a space's value is random; budget 160 spaces, MAXDEPTH 24), 20,000
walks from random spaces, every variant checked to enter the same spaces and reach the same
total.  Prints ns per space entered for:
1. one walk per loop, its step an inlined function returning the walk's scalars, the frames
   in one interleaved array (`one_lane`), against two walks advanced in turn in one loop
   (`two_lanes`: can two independent chains of dependent steps overlap?);
2. the same walk with back-up and descent both computed and one selected, no branch
   (`one_lane_bf`), against the same walk branching (`one_lane_br4`);
3. the walk branching, frames in three arrays, in six forms: neighbours read from `K.prov`'s
   rows or a dense table of four slots, the loop over a space's degree or four fixed slots,
   the marks in one word or two.
Run with the project's Python, pinned: `taskset -c 1 .venv/bin/python tools/speed/walkspike.py`.
"""
import time, sys
import numpy as np
from numba import njit
from glowsim.content import load_game
from glowsim.fast.api import ktables
from glowsim.fast.ktables import PV_DEG, PV_NBP, NBP_FCOST

MAXD = 24

@njit(inline="always")
def enter_mask(prov, v, f, lo, hi):
    m = 0
    for a in range(prov[v, PV_DEG]):
        q = prov[v, PV_NBP + a]
        x = q & 255
        on = ((lo if x < 64 else hi) >> (x & 63)) & 1
        cost = ((q >> NBP_FCOST) & 255) + 1
        bad = on | int(f < cost)
        m |= (1 - bad) << a
    return m

@njit(inline="always")
def push_root(prov, st, start, f0):
    # st: [pos, mask, f] per depth at 3*d
    st[0] = start
    st[2] = f0
    lo = (1 << start) if start < 64 else 0
    hi = (1 << (start - 64)) if start >= 64 else 0
    st[1] = enter_mask(prov, start, f0, lo, hi)
    return lo, hi

@njit(inline="always")
def step(prov, val, st, depth, nodes, lo, hi, best, budget):
    """One turn of the walk: back up or enter the next child. Returns the new scalars."""
    pos = st[3 * depth]
    m = st[3 * depth + 1]
    if m == 0:
        if depth > 0:
            if pos < 64:
                lo &= ~(1 << pos)
            else:
                hi &= ~(1 << (pos - 64))
        return depth - 1, nodes, lo, hi, best
    low = m & -m
    st[3 * depth + 1] = m ^ low
    a = int(low > 1) + int(low > 2) + int(low > 4) + int(low > 8) + int(low > 16)
    q = prov[pos, PV_NBP + a]
    v = q & 255
    f = st[3 * depth + 2] - (((q >> NBP_FCOST) & 255) + 1)
    nd = depth + 1
    if v < 64:
        lo |= 1 << v
    else:
        hi |= 1 << (v - 64)
    st[3 * nd] = v
    st[3 * nd + 2] = f
    st[3 * nd + 1] = enter_mask(prov, v, f, lo, hi) if (nd < MAXD and nodes + 1 < budget) else 0
    x = val[v] - 0.5 * f
    if x > best:
        best = x
    return nd, nodes + 1, lo, hi, best

@njit
def one_lane(prov, val, starts, foots, budget):
    st = np.zeros(3 * (MAXD + 1), np.int64)
    tot = 0.0
    nn = 0
    for i in range(starts.shape[0]):
        lo, hi = push_root(prov, st, starts[i], foots[i])
        depth, nodes, best = 0, 0, -1e300
        while depth >= 0 and nodes < budget:
            depth, nodes, lo, hi, best = step(prov, val, st, depth, nodes, lo, hi, best, budget)
        tot += best
        nn += nodes
    return tot, nn

@njit
def two_lanes(prov, val, starts, foots, budget):
    # the two lanes' turns are written out, not folded into one helper: a helper returning a
    # lane's eight scalars read 52 ns a space here against 36-44, biasing the comparison
    sa = np.zeros(3 * (MAXD + 1), np.int64)
    sb = np.zeros(3 * (MAXD + 1), np.int64)
    tot = 0.0
    nn = 0
    n = starts.shape[0]
    ia, ib = 0, 1
    loa, hia = push_root(prov, sa, starts[ia], foots[ia])
    lob, hib = push_root(prov, sb, starts[ib], foots[ib])
    da, na, ba = 0, 0, -1e300
    db, nb, bb = 0, 0, -1e300
    while ia < n or ib < n:
        if ia < n:
            if da >= 0 and na < budget:
                da, na, loa, hia, ba = step(prov, val, sa, da, na, loa, hia, ba, budget)
            else:
                tot += ba
                nn += na
                ia += 2
                if ia < n:
                    loa, hia = push_root(prov, sa, starts[ia], foots[ia])
                    da, na, ba = 0, 0, -1e300
        if ib < n:
            if db >= 0 and nb < budget:
                db, nb, lob, hib, bb = step(prov, val, sb, db, nb, lob, hib, bb, budget)
            else:
                tot += bb
                nn += nb
                ib += 2
                if ib < n:
                    lob, hib = push_root(prov, sb, starts[ib], foots[ib])
                    db, nb, bb = 0, 0, -1e300
    return tot, nn

K = ktables(load_game())
prov = np.ascontiguousarray(K.prov)
ns = prov.shape[0]
rng = np.random.default_rng(7)
val = rng.random(ns)
N = 20000
starts = rng.integers(0, ns, N)
foots = rng.integers(3, 9, N)
budget = 160
r1 = one_lane(prov, val, starts, foots, budget)
r2 = two_lanes(prov, val, starts, foots, budget)
print("same totals:", r1, r2)
for rnd in range(5):
    t = time.perf_counter(); a = one_lane(prov, val, starts, foots, budget); t1 = time.perf_counter() - t
    t = time.perf_counter(); b = two_lanes(prov, val, starts, foots, budget); t2 = time.perf_counter() - t
    print(f"one lane {t1 / a[1] * 1e9:.1f} ns/space, two lanes {t2 / b[1] * 1e9:.1f} ns/space, spaces/search {a[1] / N:.1f}")

# ---- branch-free step: both outcomes computed, one selected ----
NS = 4

def padded(prov):
    """Per space: 4 packed neighbour slots (slots past the degree: an unaffordable cost)."""
    out = np.zeros((prov.shape[0], NS), np.int64)
    for v in range(prov.shape[0]):
        for a in range(NS):
            out[v, a] = prov[v, PV_NBP + a] if a < prov[v, PV_DEG] else (255 << NBP_FCOST)
    return out

@njit(inline="always")
def enter_mask4(nb, v, f, vis):
    m = 0
    for a in range(NS):
        q = nb[v, a]
        on = (vis >> (q & 63)) & 1
        bad = on | int(f < ((q >> NBP_FCOST) & 255) + 1)
        m |= (1 - bad) << a
    return m

@njit
def one_lane_bf(nb, val, starts, foots, budget):
    sp = np.zeros(MAXD + 2, np.int64)
    sm = np.zeros(MAXD + 2, np.int64)
    sf = np.zeros(MAXD + 2, np.int64)
    tot = 0.0
    nn = 0
    for i in range(starts.shape[0]):
        s0 = starts[i]
        sp[0] = s0
        sf[0] = foots[i]
        vis = 1 << s0
        sm[0] = enter_mask4(nb, s0, foots[i], vis)
        depth = 0
        nodes = 0
        best = -1e300
        while depth >= 0 and nodes < budget:
            pos = sp[depth]
            m = sm[depth]
            back = int(m == 0)
            low = m & -m
            sm[depth] = m ^ low
            a = int(low > 1) + int(low > 2) + int(low > 4)
            q = nb[pos, a]
            v = q & 63
            f = sf[depth] - (((q >> NBP_FCOST) & 255) + 1)
            vis_d = vis | (1 << v)
            vis_b = vis & ~((1 << pos) * int(depth > 0))
            nd = depth + 1
            sp[nd] = v
            sf[nd] = f
            cm = enter_mask4(nb, v, f, vis_d)
            sm[nd] = cm * int(nd < MAXD) * int(nodes + 1 < budget)
            x = val[v] - 0.5 * f
            x = -1e300 if back else x
            best = x if x > best else best
            vis = vis_b if back else vis_d
            depth = nd - 2 * back
            nodes += 1 - back
        tot += best
        nn += nodes
    return tot, nn

nb = padded(prov)
r3 = one_lane_bf(nb, val, starts, foots, budget)
print("branch-free same totals:", r3)
for rnd in range(5):
    t = time.perf_counter(); a = one_lane(prov, val, starts, foots, budget); t1 = time.perf_counter() - t
    t = time.perf_counter(); b = one_lane_bf(nb, val, starts, foots, budget); t2 = time.perf_counter() - t
    print(f"one lane {t1 / a[1] * 1e9:.1f} ns/space, branch-free {t2 / b[1] * 1e9:.1f} ns/space")


def make_variant(dense, fixed4, oneword):
    @njit(inline="always")
    def emask(tab, v, f, lo, hi):
        m = 0
        n = NS if (fixed4 or dense) else tab[v, PV_DEG]
        for a in range(n):
            q = tab[v, a] if dense else tab[v, PV_NBP + a]
            x = q & 255
            if oneword:
                on = (lo >> (x & 63)) & 1
            else:
                on = ((lo if x < 64 else hi) >> (x & 63)) & 1
            bad = on | int(f < ((q >> NBP_FCOST) & 255) + 1)
            m |= (1 - bad) << a
        return m
    @njit
    def run(tab, val, starts, foots, budget):
        sp = np.zeros(MAXD + 2, np.int64); sm = np.zeros(MAXD + 2, np.int64); sf = np.zeros(MAXD + 2, np.int64)
        tot = 0.0; nn = 0
        for i in range(starts.shape[0]):
            s0 = starts[i]; sp[0] = s0; sf[0] = foots[i]
            lo = 1 << s0; hi = 0
            sm[0] = emask(tab, s0, foots[i], lo, hi)
            depth = 0; nodes = 0; best = -1e300
            while depth >= 0 and nodes < budget:
                pos = sp[depth]; m = sm[depth]
                if m == 0:
                    if depth > 0:
                        if oneword or pos < 64:
                            lo &= ~(1 << pos)
                        else:
                            hi &= ~(1 << (pos - 64))
                    depth -= 1
                    continue
                low = m & -m
                sm[depth] = m ^ low
                a = int(low > 1) + int(low > 2) + int(low > 4) + int(low > 8) + int(low > 16)
                q = tab[pos, a] if dense else tab[pos, PV_NBP + a]
                v = q & 255
                f = sf[depth] - (((q >> NBP_FCOST) & 255) + 1)
                if oneword or v < 64:
                    lo |= 1 << v
                else:
                    hi |= 1 << (v - 64)
                nd = depth + 1
                sp[nd] = v; sf[nd] = f
                sm[nd] = emask(tab, v, f, lo, hi) if (nd < MAXD and nodes + 1 < budget) else 0
                x = val[v] - 0.5 * f
                if x > best:
                    best = x
                depth = nd; nodes += 1
            tot += best; nn += nodes
        return tot, nn
    return run

# a prov copy whose slots past the degree hold an unaffordable cost (for fixed4 over prov)
provp = prov.copy()
for v in range(ns):
    for a in range(provp[v, PV_DEG], NS):
        provp[v, PV_NBP + a] = 255 << NBP_FCOST
for dense in (False, True):
    for fixed4 in (False, True):
        for oneword in (False, True):
            if dense and not fixed4:
                continue
            f = make_variant(dense, fixed4, oneword)
            tab = nb if dense else provp
            r = f(tab, val, starts, foots, budget)
            ts = []
            for k in range(3):
                t = time.perf_counter(); r = f(tab, val, starts, foots, budget); ts.append(time.perf_counter() - t)
            print(f"dense={dense} fixed4={fixed4} oneword={oneword}: {min(ts) / r[1] * 1e9:.1f} ns/space", r)

# 2. the branch-free step against the same walk branching (dense four slots, one word of marks)
one_lane_br4 = make_variant(True, True, True)
one_lane_br4(nb, val, starts, foots, budget)   # compiled untimed
for rnd in range(4):
    t = time.perf_counter(); a = one_lane_br4(nb, val, starts, foots, budget); t1 = time.perf_counter() - t
    t = time.perf_counter(); b = one_lane_bf(nb, val, starts, foots, budget); t2 = time.perf_counter() - t
    assert a == b
    print(f"branching {t1 / a[1] * 1e9:.1f} ns/space, branch-free {t2 / b[1] * 1e9:.1f} ns/space")
