"""The learned policy (preset `master`) for the reference engine: recruit picks and rerolls
and Archipelago moves scored by the weights of the parameter vector (``lr_*``, ``lq_*``,
``lm_*``, glowsim/spec/botparams.py LEARNED_FEATURES), as the fast path's
glowsim/fast/bots/learned.py scores them.

A legal row's score is the sum over its features of weight x feature, in the features'
order; the row with the highest score is taken, the first on a tie.  RECRUIT scores every
legal row; REROLL scores stopping (0), then per source with rerolls left the reroll of the
die with the best expected gain and of the two best dice, then per split of three rerolls
the best face to set; ARCHI_MOVE scores not moving (0), then every legal move.  Every feature is computed with the fast path's operations in its
order (the heuristic's valuations of values.py, draft.py and rerolls.py), so both engines
take the same rows (tests/fast/test_same_games_as_engine_heuristic.py).  docs/bots.md
describes the features.
"""
from __future__ import annotations

from ...content import codes as C
from ...spec import decisions as D
from ...spec.botparams import BP_LM, BP_LQ, BP_LR, LR_PAIRS, NLM, NLQ, NLR
from ..morning import black_space
from .draft import noon_value_now, reserve_colors, space_pool, worth_to_others
from .rerolls import best_dice, reroll_scan
from ..dice import distinct_elements, effective_dice
from .journeys import gain_value, island_potential, lose_value
from .values import (add_die, die_value, expected_count, firefly_value, firefly_value_for,
                     fixed_pool, footprint_value, future_pool, is_capped, keep_value,
                     token_value)
from .view import View

LEAD_SCALE = 25.0


def score(weights, phi) -> float:
    """Sum of weight x feature, in order."""
    x = 0.0
    for w, f in zip(weights, phi):
        x += w * f
    return x


def weights(params, base: int, n: int) -> list:
    return [float(params[base + k]) for k in range(n)]


def game_share(v) -> float:
    """The share of the game still to come after this round: rounds after / rounds."""
    return v.rounds_after / v.game.rounds


# ---- RECRUIT ----

def firefly_value_as(v, o: int, extra_comp: int) -> float:
    """values.firefly_value of player o's fireflies and companions with this player's weight
    (w_firefly): what the player reckons a firefly is worth to o."""
    return firefly_value_for(v, v.st.players[o], extra_comp)


def kaar_worth(v, t: int) -> float:
    """The printed worth of the companion on space t, 0.0 for an empty space."""
    return worth_to_others(v, t) if v.st.track.companion[t] >= 0 else 0.0


def space_features(v, s: int, ffv: float, future: int, lam_fixed, lam_future, t: float,
                   share: float, arch: float, other) -> list:
    """The features of taking space s (black and kaar_move 0: they depend on the row)."""
    st, w = v.st, v.w
    row = st.track.companion[s]
    it = v.item(row)
    lam, ndice = space_pool(v, s, lam_fixed)
    kv = keep_value(v, row, lam_future, ffv, future)
    die = 0.0
    sk = it.sketal
    if sk >= 0:
        col = -1
        dvc = -1e300
        if sk == C.ANY_COLOR:
            for c in reserve_colors(v):
                dv = die_value(v, c, lam_future, ffv)
                if dv > dvc:
                    dvc = dv
                    col = c
        elif sk in st.reserve:
            col = sk
            dvc = die_value(v, col, lam_future, ffv)
        if col >= 0:
            die = w.w_future * future * dvc
            add_die(v.bt, lam, col, 1.0)
    noon = noon_value_now(v, lam, ffv, future, row)
    fp = float(st.track.footprints[s])
    nd = float(ndice)
    ec = expected_count(v.bt, it, lam_future, is_capped(it))
    fe = future * ec
    a = it.amounts
    deny_next = keep_value(v, row, other[0], other[1], future) if other is not None else 0.0
    return [kv, die, noon, fp, nd, 0.0, float(it.bursts), float(it.fireflies),
            fe * a[0], fe * a[1], fe * a[2], fe * a[3],
            kv * t, noon * t, fp * t, nd * t, worth_to_others(v, s) * share, 0.0,
            deny_next, kv * arch, noon * arch, fp * arch, nd * arch]


def recruit_features(v, legal) -> list:
    """The features of each legal RECRUIT row (space, where Kaar moves the black die): the
    space's, the row's two, then the products of the pairs LR_PAIRS."""
    ffv = firefly_value(v, 1)
    future = v.rounds_after
    lam_fixed = fixed_pool(v)
    lam_future = future_pool(v)
    t = game_share(v)
    n = v.n_players
    pos = (v.seat - v.st.first_player) % n
    share = (n - 1 - pos) / (n - 1) if n > 1 else 0.0
    arch = 1.0 if v.side == C.ARCHIPELAGO else 0.0
    other = None
    if pos + 1 < n:   # the next player to pick this round (E1): its pool, its firefly value
        nxt = (v.seat + 1) % n
        other = (future_pool(View(v.bt, v.game, nxt, v.w)), firefly_value_as(v, nxt, 1))
    per_space = {}
    bs = black_space(v.st)
    out = []
    for row in legal:
        s, move = row[0], row[1]
        if s not in per_space:
            per_space[s] = space_features(v, s, ffv, future, lam_fixed, lam_future, t, share,
                                          arch, other)
        phi = list(per_space[s])
        phi[5] = 1.0 if (s == bs and move < 0) else 0.0
        phi[17] = kaar_worth(v, move) if move >= 0 else 0.0
        phi += [phi[i] * phi[j] for i, j in LR_PAIRS]
        out.append(phi)
    return out


def recruit(v, params, legal) -> tuple:
    """RECRUIT: the legal row with the highest score."""
    wr = weights(params, BP_LR, NLR)
    best = -1e300
    choice = None
    for row, phi in zip(legal, recruit_features(v, legal)):
        x = score(wr, phi)
        if x > best:
            best = x
            choice = D.pad(row[0], row[1])
    return choice


# ---- REROLL ----

def lead_of(v) -> float:
    """(the player's score - the best other score) / LEAD_SCALE, within -1..1."""
    best = max(q.score for q in v.st.players if q.seat != v.seat)
    x = (v.p.score - best) / LEAD_SCALE
    return 1.0 if x > 1.0 else (-1.0 if x < -1.0 else x)


def track_points(v, steps: int) -> int:
    """Score points `steps` score-track rerolls cost from the player's score (R4)."""
    below = v.bt.below
    s = v.p.score
    for _ in range(steps):
        s = below[s]
    return v.p.score - s


def reroll_row(v, x, ev, row, t: float, lead: float) -> list:
    """The features of a REROLL row (op, b, c, d, e, f)."""
    phi = [0.0] * NLQ
    op, b, c, d, e, f = row[:6]
    if op == D.OP_STOP:
        return phi
    lumi = tok = steps = 0
    if op == D.OP_REROLL:
        gain = ev[c]
        if d >= 0:
            gain = gain + ev[d]
            phi[9] = 1.0
        if b == D.SRC_LUMIPILI:
            lumi = 1
        elif b == D.SRC_TOKEN:
            tok = 1
        else:
            steps = 1
    else:
        gain = x[e][f]
        lumi, tok, steps = b, c, d
        phi[10] = 1.0
    pts = float(track_points(v, steps)) if steps > 0 else 0.0
    tv = tok * token_value(v)
    phi[0] = gain
    phi[1] = gain * t
    phi[2] = float(lumi)
    phi[3] = tv
    phi[4] = tv * t
    phi[5] = float(steps)
    phi[6] = pts
    phi[7] = pts * t
    phi[8] = pts * lead
    arch = 1.0 if v.side == C.ARCHIPELAGO else 0.0
    phi[11] = gain * arch
    phi[12] = pts * arch
    return phi


def reroll_features(v, table, legal) -> list:
    """The features of each legal REROLL row (what the training captures)."""
    x, ev, *_ = reroll_scan(v, table)
    nd = len(v.p.dice)
    if x is None:
        x, ev = [[0.0] * 6 for _ in range(nd)], [0.0] * nd
    t, lead = game_share(v), lead_of(v)
    return [reroll_row(v, x, ev, row, t, lead) for row in legal]


def reroll(v, table, params) -> tuple:
    """REROLL: the candidate with the highest score, stopping first (module docstring)."""
    x, ev, lumi, tok, ok_steps, _, _ = reroll_scan(v, table)
    if x is None:
        return D.pad(D.OP_STOP)
    g1, j1, g2, j2, gs, js, fs = best_dice(v, x, ev)
    t = game_share(v)
    lead = lead_of(v)
    wq = weights(params, BP_LQ, NLQ)
    best = 0.0
    choice = D.pad(D.OP_STOP)
    avail = {D.SRC_LUMIPILI: lumi, D.SRC_TOKEN: tok, D.SRC_TRACK: ok_steps}
    for src in (D.SRC_LUMIPILI, D.SRC_TOKEN, D.SRC_TRACK):
        if avail[src] <= 0 or j1 < 0:
            continue
        row = D.pad(D.OP_REROLL, src, j1, -1)
        s = score(wq, reroll_row(v, x, ev, row, t, lead))
        if s > best:
            best, choice = s, row
        if j2 >= 0:
            row = D.pad(D.OP_REROLL, src, min(j1, j2), max(j1, j2))
            s = score(wq, reroll_row(v, x, ev, row, t, lead))
            if s > best:
                best, choice = s, row
    if js >= 0 and lumi + tok + ok_steps >= 3:
        for b in range(min(3, lumi) + 1):
            for c in range(min(3 - b, tok) + 1):
                dd = 3 - b - c
                if dd > ok_steps:
                    continue
                row = D.pad(D.OP_SET, b, c, dd, js, fs)
                s = score(wq, reroll_row(v, x, ev, row, t, lead))
                if s > best:
                    best, choice = s, row
    return choice


# ---- ARCHI_MOVE ----

def archi_features(v, legal) -> list:
    """The features of each legal ARCHI_MOVE row (u, w): the first, no move, all 0."""
    bt = v.bt
    ffv = firefly_value(v, 0)
    losev = lose_value(v, ffv)
    k = distinct_elements(v.game.t, effective_dice(v.game.t, v.p))
    fpv = footprint_value(v)
    tokv = token_value(v)
    future = v.rounds_after
    t = game_share(v)
    out = []
    for row in legal:
        u, w = row[0], row[1]
        phi = [0.0] * NLM
        if u >= 0:
            edge = next(e for x, e in bt.arch_nbrs[u] if x == w)
            lo = bt.arch_edge_min[edge]
            cost = bt.arch_edge_fcost[edge] + (lo - k if k < lo else 0)
            gained = float(bt.arch_bursts[w] - bt.arch_bursts[u])
            gains = gain_value(bt.arch_gain[w], bt.arch_lose[w], ffv, tokv, fpv, losev)
            journey = island_potential(v, w, future) - island_potential(v, u, future)
            spent = fpv * cost
            g = bt.arch_gain[w]
            phi = [gained, spent, gains, float(g[1]), float(g[2]), float(g[3]), journey,
                   gained * t, spent * t, journey * t]
        out.append(phi)
    return out


def archi_move(v, params, legal) -> tuple:
    """ARCHI_MOVE: the legal boat move with the highest score, if above the score 0 of not
    moving (the first on a tie)."""
    wm = weights(params, BP_LM, NLM)
    best = 0.0
    choice = D.pad(-1, -1)
    for row, phi in zip(legal[1:], archi_features(v, legal)[1:]):
        x = score(wm, phi)
        if x > best:
            best = x
            choice = D.pad(row[0], row[1])
    return choice
