"""The learned policy (preset `master`, docs/bots.md): recruit picks, rerolls and the
Archipelago's moves scored by weights fitted on forks (glowsim/train), the heuristic's kernels
for everything else.

A legal row's score is the sum over its features f of ``weight[f] * feature[f]``, the
weights being the seat's parameters ``lr_*`` (RECRUIT), ``lq_*`` (REROLL) and ``lm_*``
(ARCHI_MOVE, the Archipelago's afternoon move; the Province's moves stay the heuristic's) in
``LEARNED_FEATURES`` order (glowsim/spec/botparams.py); the row with the highest score is
taken, the first one on a tie.  The features are what the deciding player sees: its own
cards, dice and tokens, the meeting track, every score, the round; never the draw pile,
the box, other players' spell tokens or dice to come.  Most are the heuristic's own
valuations (bots/heuristic.py, bots/values.py), computed by the same kernels in the same
order, so that the reference engine's mirror (glowsim/engine/heuristic/learned.py) gets
the same floats and makes the same choices.

- RECRUIT: every legal row (glowsim/fast/kernel/legal.py's order) is scored.
- REROLL: the rows scored are stopping (score 0), then for each source with rerolls left
  (Lumipili, tokens, score-track steps the heuristic may pay) the reroll of the die with
  the best expected gain and of the two best dice, then for each split of three rerolls the
  best face to set; the first row with a strictly higher score is kept.
- ARCHI_MOVE: not moving (score 0), then every legal boat move.

The capture of the training data (glowsim/fast/kernel/learncontrol.py) scores nothing: it
writes the features of every legal row of a sampled decision and puts the bots' scratch back.
"""
from __future__ import annotations

import numpy as np

from ...content import codes as C
from ...spec.botparams import (BP_LM, BP_LQ, BP_LR, BP_W_FIRE, BP_W_FUTURE, LR_PAIRS, NLM, NLQ,
                               NLR, NLR_BASE)
from ...spec.decisions import (ARCHI_MOVE, OP_REROLL, OP_SET, OP_STOP, RECRUIT, REROLL,
                               SRC_LUMIPILI, SRC_TOKEN, SRC_TRACK)
from ..jit import inline, kernel
from ..kernel.ktables import (AE_FCOST, AE_MIN, AV_BURSTS, AV_DEG, AV_ED, AV_GAIN, AV_LOSE, AV_NB,
                              IT_AMT, IT_BURSTS, IT_FIRE, IT_SKETAL)
from ..kernel.learncontrol import (BIT_MOVE, BIT_RECRUIT, BIT_REROLL, CI_ALT, CI_CHOSEN, CI_DEC,
                                   CI_GAME, CI_KIND, CI_NALT, CI_ROUND, CI_ROW, CI_SEAT, LC_FULL,
                                   LC_KINDS, LC_N, LC_THR, NCF)
from ..kernel.legal import (archi_k, archi_options, black_space, recruit_options, reroll_options,
                            track_cost)
from ..kernel.state import (BD_RES, BD_TRC, BD_TRFP, DF_GONE, G_DECN, G_FIRST, G_GAME, G_N,
                            G_ROUND, G_ROUNDS, G_SIDE, MAXD, NSPACE, P_FIRE, P_LUMI, P_NCOMP, P_ND,
                            P_SCORE, P_TOK, PC_ROW, PD_COL, PD_FACE, PD_FL, record)
from ..kernel.streams import nb_fork_sampled
from . import heuristic as H
from . import journeys as J
from .values import (add_die_lam, die_value, die_value_base, expected_count, firefly_value,
                     fixed_pool, is_capped, keep_value, rounds_after, small_pool)

# RECRUIT features (botparams.LEARNED_FEATURES["lr"], in order)
(R_KEEP, R_DIE, R_NOON, R_FOOT, R_DICE, R_BLACK, R_BURSTS, R_FIRE, R_TB, R_TF, R_TFF, R_TT,
 R_KEEP_E, R_NOON_E, R_FOOT_E, R_DICE_E, R_DENY, R_KAAR, R_DENY_NEXT, R_KEEP_A, R_NOON_A, R_FOOT_A,
 R_DICE_A) = range(23)
# REROLL features (botparams.LEARNED_FEATURES["lq"], in order)
(Q_GAIN, Q_GAIN_E, Q_LUMI, Q_TOK, Q_TOK_E, Q_STEPS, Q_PTS, Q_PTS_E, Q_PTS_LEAD, Q_PAIR,
 Q_SET, Q_GAIN_A, Q_PTS_A) = range(13)
# ARCHI_MOVE features (botparams.LEARNED_FEATURES["lm"], in order)
(M_BURSTS, M_SPENT, M_GAINS, M_GF, M_GFF, M_GT, M_JOURNEY, M_BURSTS_E, M_SPENT_E,
 M_JOURNEY_E) = range(10)
LEAD_SCALE = 25.0   # score points of a full lead (points_lead)
PAIRS = np.array(LR_PAIRS, np.int64)   # RECRUIT: the features whose products follow them

# the learned policy's work scratch (S.ln.w[0]), nothing kept between decisions
LEARN = record([
    ("rf", np.float64, (NSPACE, NCF)),   # RECRUIT: the features of taking each space
    ("phi", np.float64, NCF),            # the features of the row being scored
    ("x", np.float64, (MAXD, 6)),        # REROLL: value change of die j set to face f
    ("ev", np.float64, MAXD),            # ... its mean over the faces (a reroll of die j)
    ("live", np.int64, MAXD),            # ... 1 for a die still in play (not gone)
    ("lamo", np.float64, 8),             # RECRUIT: the next player's expected pool (deny_next)
    ("lams", np.float64, 8),             # ... an average pick's small dice
])


@inline
def score(S, p, base, n, phi):
    """The sum of weight x feature over the n features (weights from S.bp[p, base])."""
    v = 0.0
    for k in range(n):
        v += S.bp[p, base + k] * phi[k]
    return v


@inline
def game_share(S):
    """The share of the game still to come after this round: rounds after / rounds."""
    return rounds_after(S) / S.g[G_ROUNDS]


# ---- RECRUIT ----

@kernel
def firefly_value_as(K, S, o, p, extra_comp):
    """values.firefly_value of player o's fireflies and companions with player p's weight
    (w_firefly): what p reckons a firefly is worth to o."""
    have = S.pl[o, P_FIRE]
    for k in range(S.pl[o, P_NCOMP]):
        have += K.item[S.pc[o, PC_ROW, k], IT_FIRE]
    end_comp = S.pl[o, P_NCOMP] + extra_comp + 0.7 * rounds_after(S)
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
def kaar_worth(K, S, t):
    """The printed worth of the companion on space t (heuristic.worth_to_others), 0.0 for an
    empty space."""
    return H.worth_to_others(K, S, t) if S.bd[BD_TRC + t] >= 0 else 0.0


@kernel
def recruit_prep(K, S, p):
    """The features of taking each space with a companion into S.ln.w[0].rf[space] (black
    and kaar_move left 0: they depend on the row).  The heuristic's draft preparation first
    (bots/heuristic.py recruit), then per space its offer value's parts as offer_value
    computes them."""
    ffv = firefly_value(K, S, p, 1)
    S.bot[p].ffv = ffv
    future = rounds_after(S)
    lam_fixed = S.bot[p].lam
    fixed_pool(K, S, p, lam_fixed)
    lam_future = S.bot[p].lamf
    H.future_from_fixed(K, S, p, lam_future, lam_fixed)
    for s in range(NSPACE):
        if S.bd[BD_TRC + s] >= 0 and K.item[S.bd[BD_TRC + s], IT_SKETAL] >= 0:
            die_value_base(K, S, p, lam_future, ffv)   # for die_value
            break
    H.noon_prep(K, S, p, ffv, future)   # for noon_value_now
    H.space_masks(S)   # for space_pool
    t = game_share(S)
    n = S.g[G_N]
    pos = (p - S.g[G_FIRST] + n) % n
    share = (n - 1 - pos) / (n - 1) if n > 1 else 0.0
    arch = 1.0 if S.g[G_SIDE] == C.ARCHIPELAGO else 0.0
    w = S.ln.w[0]
    nxt = (p + 1) % n if pos + 1 < n else -1   # the next player to pick this round (E1)
    ffo = 0.0
    if nxt >= 0:
        fixed_pool(K, S, nxt, w.lamo)
        small_pool(K, S, w.lams)
        for q in range(C.N_SYMBOLS):
            w.lamo[q] += w.lams[q]
        ffo = firefly_value_as(K, S, nxt, p, 1)
    for s in range(NSPACE):
        row = S.bd[BD_TRC + s]
        if row < 0:
            continue
        f = w.rf[s]
        lam = S.bot[p].lamt
        ndice = H.space_pool(K, S, s, lam, lam_fixed)
        kv = keep_value(K, S, p, row, lam_future, ffv, future)
        die = 0.0
        sk = K.item[row, IT_SKETAL]
        if sk >= 0:
            col = -1
            dvc = -1e300
            if sk == C.ANY_COLOR:
                for c in range(9):
                    if S.bd[BD_RES + c] > 0:
                        dv = die_value(K, S, p, c, lam_future, ffv)
                        if dv > dvc:
                            dvc = dv
                            col = c
            elif S.bd[BD_RES + sk] > 0:
                col = sk
                dvc = die_value(K, S, p, col, lam_future, ffv)
            if col >= 0:
                die = S.bp[p, BP_W_FUTURE] * future * dvc
                add_die_lam(K, lam, col, 1.0)
        noon = H.noon_value_now(K, S, p, lam, ffv, future, row)
        fp = float(S.bd[BD_TRFP + s])
        nd = float(ndice)
        ec = expected_count(K, row, lam_future, is_capped(K, row))
        fe = future * ec
        bursts = float(K.item[row, IT_BURSTS])
        fire = float(K.item[row, IT_FIRE])
        f[R_KEEP] = kv
        f[R_DIE] = die
        f[R_NOON] = noon
        f[R_FOOT] = fp
        f[R_DICE] = nd
        f[R_BLACK] = 0.0
        f[R_BURSTS] = bursts
        f[R_FIRE] = fire
        f[R_TB] = fe * K.item[row, IT_AMT]
        f[R_TF] = fe * K.item[row, IT_AMT + 1]
        f[R_TFF] = fe * K.item[row, IT_AMT + 2]
        f[R_TT] = fe * K.item[row, IT_AMT + 3]
        f[R_KEEP_E] = kv * t
        f[R_NOON_E] = noon * t
        f[R_FOOT_E] = fp * t
        f[R_DICE_E] = nd * t
        f[R_DENY] = H.worth_to_others(K, S, s) * share
        f[R_KAAR] = 0.0
        f[R_DENY_NEXT] = keep_value(K, S, p, row, w.lamo, ffo, future) if nxt >= 0 else 0.0
        f[R_KEEP_A] = kv * arch
        f[R_NOON_A] = noon * arch
        f[R_FOOT_A] = fp * arch
        f[R_DICE_A] = nd * arch


@inline
def recruit_row(K, S, s, move, bs, phi):
    """The features of RECRUIT row (s, move) into phi (after recruit_prep): the space's, the
    row's two, then the products of the pairs PAIRS (botparams.LR_PAIRS)."""
    f = S.ln.w[0].rf[s]
    for k in range(NLR_BASE):
        phi[k] = f[k]
    phi[R_BLACK] = 1.0 if (s == bs and move < 0) else 0.0
    phi[R_KAAR] = kaar_worth(K, S, move) if move >= 0 else 0.0
    for k in range(NLR - NLR_BASE):
        phi[NLR_BASE + k] = phi[PAIRS[k, 0]] * phi[PAIRS[k, 1]]


@kernel
def recruit(K, S, p, pick):
    """RECRUIT: the legal row with the highest score (module docstring); solo games (R9)
    are the heuristic's (it prices Tom's tile)."""
    if S.g[G_N] == 1:
        return H.recruit(K, S, p, pick)
    recruit_prep(K, S, p)
    bs = black_space(S)
    n = recruit_options(K, S, p)
    phi = S.ln.w[0].phi
    best = -1e300
    ba = -1
    bb = -1
    for i in range(n):
        s = S.opts[i, 0]
        move = S.opts[i, 1]
        recruit_row(K, S, s, move, bs, phi)
        v = score(S, p, BP_LR, NLR, phi)
        if v > best:
            best = v
            ba = s
            bb = move
    return ba, bb


# ---- REROLL ----

@kernel
def reroll_prep(K, S, p):
    """The value change of every die set to every face (S.ln.w[0].x) and of rerolling it
    (ev: the mean over its faces), as the heuristic's reroll planner computes them
    (bots/heuristic.py reroll: the round's table, the decision's start counts); returns
    (lumi, tokens, track steps the bot may pay)."""
    if S.bot[p].prep != S.g[G_ROUND]:
        H.prep_round(K, S, p)
    H.new_decision(S)
    jb = S.bot[p].blackj
    bsym = H.dice_counts(K, S, p, jb)
    h = S.heuristic[0].h
    lumi = S.pl[p, P_LUMI]
    tok = S.pl[p, P_TOK]
    ok_steps = H.track_rerolls(K, S, p)
    w = S.ln.w[0]
    d = S.pd[p]
    for j in range(S.pl[p, P_ND]):
        w.live[j] = 0
        w.ev[j] = 0.0
        for f in range(6):
            w.x[j, f] = 0.0
    if lumi + tok + ok_steps == 0:
        return lumi, tok, ok_steps
    fpv = J.fp_value(S, p)
    cursed = bsym if 0 <= bsym < C.N_ELEMENTS else -1
    H.start_counts(K, S, p, h, cursed, fpv)
    v0full = H.outcome_value(K, S, p, h, bsym, fpv) if jb >= 0 else 0.0
    for j in range(S.pl[p, P_ND]):
        if (d[PD_FL, j] & DF_GONE) != 0:
            continue
        w.live[j] = 1
        col = d[PD_COL, j]
        ev = 0.0
        if j == jb:
            for f in range(6):
                x = H.outcome_value(K, S, p, h, K.dsym[col, f], fpv) - v0full
                w.x[j, f] = x
                ev += x
        else:
            so = K.dsym[col, d[PD_FACE, j]]
            if so == cursed:
                so = -1
            for f in range(6):
                sn = K.dsym[col, f]
                if sn == cursed:
                    sn = -1
                x = H.single_delta(K, S, p, so, sn, fpv)
                w.x[j, f] = x
                ev += x
        w.ev[j] = ev / 6.0
    return lumi, tok, ok_steps


@inline
def lead_of(S, p):
    """The player's lead: (its score - the best other score) / LEAD_SCALE, within -1..1."""
    best = -(1 << 40)
    for o in range(S.g[G_N]):
        if o != p and S.pl[o, P_SCORE] > best:
            best = S.pl[o, P_SCORE]
    x = (S.pl[p, P_SCORE] - best) / LEAD_SCALE
    if x > 1.0:
        return 1.0
    if x < -1.0:
        return -1.0
    return x


@kernel
def reroll_row(K, S, p, op, b, c, d, e, f, t, lead, phi):
    """The features of REROLL row (op, b, c, d, e, f) into phi (after reroll_prep)."""
    for k in range(NLQ):
        phi[k] = 0.0
    if op == OP_STOP:
        return
    w = S.ln.w[0]
    lumi = 0
    tok = 0
    steps = 0
    if op == OP_REROLL:
        gain = w.ev[c]
        if d >= 0:
            gain = gain + w.ev[d]
            phi[Q_PAIR] = 1.0
        if b == SRC_LUMIPILI:
            lumi = 1
        elif b == SRC_TOKEN:
            tok = 1
        else:
            steps = 1
    else:
        gain = w.x[e, f]
        lumi = b
        tok = c
        steps = d
        phi[Q_SET] = 1.0
    pts = float(track_cost(K, S, p, steps)) if steps > 0 else 0.0
    phi[Q_GAIN] = gain
    phi[Q_GAIN_E] = gain * t
    tv = tok * J.token_value(S, p)
    phi[Q_LUMI] = float(lumi)
    phi[Q_TOK] = tv
    phi[Q_TOK_E] = tv * t
    phi[Q_STEPS] = float(steps)
    phi[Q_PTS] = pts
    phi[Q_PTS_E] = pts * t
    phi[Q_PTS_LEAD] = pts * lead
    arch = 1.0 if S.g[G_SIDE] == C.ARCHIPELAGO else 0.0
    phi[Q_GAIN_A] = gain * arch
    phi[Q_PTS_A] = pts * arch


@kernel
def reroll(K, S, p):
    """REROLL (late morning): the candidate with the highest score, stopping first
    (module docstring).  Returns the row (op, b, c, d, e, f)."""
    lumi, tok, ok_steps = reroll_prep(K, S, p)
    if lumi + tok + ok_steps == 0:
        return OP_STOP, -1, -1, -1, -1, -1
    w = S.ln.w[0]
    # the two dice with the best expected gain (the heuristic's order), the best face to set
    g1 = -1e300
    g2 = -1e300
    j1 = -1
    j2 = -1
    gs = -1e300
    js = -1
    fs = -1
    for j in range(S.pl[p, P_ND]):
        if w.live[j] == 0:
            continue
        for f in range(6):
            if w.x[j, f] > gs:
                gs = w.x[j, f]
                js = j
                fs = f
        ev = w.ev[j]
        if ev > g1:
            g2 = g1
            j2 = j1
            g1 = ev
            j1 = j
        elif ev > g2:
            g2 = ev
            j2 = j
    t = game_share(S)
    lead = lead_of(S, p)
    phi = w.phi
    best = 0.0
    ra = OP_STOP
    rb = -1
    rc = -1
    rd = -1
    re = -1
    rf = -1
    for src in range(3):
        avail = lumi if src == SRC_LUMIPILI else (tok if src == SRC_TOKEN else ok_steps)
        if avail <= 0 or j1 < 0:
            continue
        reroll_row(K, S, p, OP_REROLL, src, j1, -1, -1, -1, t, lead, phi)
        v = score(S, p, BP_LQ, NLQ, phi)
        if v > best:
            best = v
            ra, rb, rc, rd, re, rf = OP_REROLL, src, j1, -1, -1, -1
        if j2 >= 0:
            lo = min(j1, j2)
            hi = max(j1, j2)
            reroll_row(K, S, p, OP_REROLL, src, lo, hi, -1, -1, t, lead, phi)
            v = score(S, p, BP_LQ, NLQ, phi)
            if v > best:
                best = v
                ra, rb, rc, rd, re, rf = OP_REROLL, src, lo, hi, -1, -1
    if js >= 0 and lumi + tok + ok_steps >= 3:
        for b in range(min(3, lumi) + 1):
            for c in range(min(3 - b, tok) + 1):
                dd = 3 - b - c
                if dd > ok_steps:
                    continue
                reroll_row(K, S, p, OP_SET, b, c, dd, js, fs, t, lead, phi)
                v = score(S, p, BP_LQ, NLQ, phi)
                if v > best:
                    best = v
                    ra, rb, rc, rd, re, rf = OP_SET, b, c, dd, js, fs
    return ra, rb, rc, rd, re, rf


# ---- ARCHI_MOVE ----

@kernel
def archi_prep(K, S, p):
    """What every boat move's features read, as the heuristic's archi_move prepares it: the
    firefly's value, the boat flags and every island's potential (journeys.archi_prepare);
    returns the value of answering a `lose` gain (0.0 when no boat can reach one)."""
    S.bot[p].ffv = firefly_value(K, S, p, 0)
    losev = J.archi_lose_value(K, S, p)
    J.archi_prepare(K, S, p)
    return losev


@kernel
def archi_row(K, S, p, u, v, k, losev, t, phi):
    """The features of ARCHI_MOVE row (u, v) into phi (after archi_prep; k: the distinct
    elements of the player's dice); the row without a move has every feature 0."""
    for j in range(NLM):
        phi[j] = 0.0
    if u < 0:
        return
    ed = -1
    for a in range(K.arch[u, AV_DEG]):
        if K.arch[u, AV_NB + a] == v:
            ed = K.arch[u, AV_ED + a]
            break
    ae = K.aedge[ed]
    cost = ae[AE_FCOST] + (ae[AE_MIN] - k if k < ae[AE_MIN] else 0)
    fpv = J.fp_value(S, p)
    tokv = J.token_value(S, p)
    av = K.arch[v]
    gained = float(av[AV_BURSTS] - K.arch[u, AV_BURSTS])
    gains = J.gain_value(S, p, av[AV_GAIN:AV_GAIN + 4], av[AV_LOSE], S.bot[p].ffv, tokv, fpv, losev)
    ipot = S.journeys[0].ipot
    journey = ipot[v] - ipot[u]
    spent = fpv * cost
    phi[M_BURSTS] = gained
    phi[M_SPENT] = spent
    phi[M_GAINS] = gains
    phi[M_GF] = float(av[AV_GAIN + 1])
    phi[M_GFF] = float(av[AV_GAIN + 2])
    phi[M_GT] = float(av[AV_GAIN + 3])
    phi[M_JOURNEY] = journey
    phi[M_BURSTS_E] = gained * t
    phi[M_SPENT_E] = spent * t
    phi[M_JOURNEY_E] = journey * t


@kernel
def archi_move(K, S, p):
    """ARCHI_MOVE: the legal boat move with the highest score, if above the score 0 of not
    moving (the first on a tie)."""
    losev = archi_prep(K, S, p)
    n = archi_options(K, S, p)
    k = archi_k(K, S, p)
    t = game_share(S)
    phi = S.ln.w[0].phi
    best = 0.0
    bu = -1
    bv = -1
    for i in range(1, n):   # row 0: no move
        u = S.opts[i, 0]
        v = S.opts[i, 1]
        archi_row(K, S, p, u, v, k, losev, t, phi)
        x = score(S, p, BP_LM, NLM, phi)
        if x > best:
            best = x
            bu = u
            bv = v
    return bu, bv


# ---- capture (glowsim/fast/kernel/learncontrol.py) ----

@inline
def sampled(S, bit):
    """Whether the decision about to be taken is captured."""
    ln = S.ln
    return ((ln.ctl[LC_KINDS] & bit) != 0
            and nb_fork_sampled(ln.key[0], S.g[G_GAME], S.g[G_DECN], ln.ctl[LC_THR]))


@inline
def keep_scratch(S, p):
    S.ln.sb[0] = S.bot[p]
    S.ln.sh[0] = S.heuristic[0]
    S.ln.sj[0] = S.journeys[0]


@inline
def put_back_scratch(S, p):
    S.bot[p] = S.ln.sb[0]
    S.heuristic[0] = S.ln.sh[0]
    S.journeys[0] = S.ln.sj[0]


@kernel
def capture_rows(S, p, kind, n, chosen_row):
    """Room for the n legal rows of the decision (S.opts) in S.ln: the first row's index, or
    -1 when they do not fit (LC_FULL set); their ci rows written."""
    ln = S.ln
    k0 = ln.ctl[LC_N]
    if k0 + n > ln.ci.shape[0]:
        ln.ctl[LC_FULL] = 1
        return -1
    for i in range(n):
        r = ln.ci[k0 + i]
        r[CI_GAME] = S.g[G_GAME]
        r[CI_DEC] = S.g[G_DECN]
        r[CI_ROUND] = S.g[G_ROUND]
        r[CI_SEAT] = p
        r[CI_KIND] = kind
        r[CI_ALT] = i
        r[CI_NALT] = n
        r[CI_CHOSEN] = chosen_row
        for j in range(6):
            r[CI_ROW + j] = S.opts[i, j]
        for j in range(NCF):
            ln.cf[k0 + i, j] = 0.0
    ln.ctl[LC_N] = k0 + n
    return k0


@kernel
def chosen_index(S, n, a, b, c, d, e, f):
    """The index of row (a..f) among the n rows of S.opts (-1: none)."""
    for i in range(n):
        o = S.opts[i]
        if o[0] == a and o[1] == b and o[2] == c and o[3] == d and o[4] == e and o[5] == f:
            return i
    return -1


@kernel
def capture_recruit(K, S, p, a, b):
    """A sampled RECRUIT decision's legal rows and their features (the bot chose (a, b))."""
    if S.g[G_N] == 1 or not sampled(S, BIT_RECRUIT):
        return
    n = recruit_options(K, S, p)
    if n < 2:
        return
    keep_scratch(S, p)
    k0 = capture_rows(S, p, RECRUIT, n, chosen_index(S, n, a, b, -1, -1, -1, -1))
    if k0 >= 0:
        recruit_prep(K, S, p)
        bs = black_space(S)
        for i in range(n):
            recruit_row(K, S, S.opts[i, 0], S.opts[i, 1], bs, S.ln.cf[k0 + i])
    put_back_scratch(S, p)


@kernel
def capture_reroll(K, S, p, a, b, c, d, e, f):
    """A sampled REROLL decision's legal rows and their features (the bot chose a..f)."""
    if not sampled(S, BIT_REROLL):
        return
    n = reroll_options(K, S, p)
    if n < 2:
        return
    keep_scratch(S, p)
    k0 = capture_rows(S, p, REROLL, n, chosen_index(S, n, a, b, c, d, e, f))
    if k0 >= 0:
        reroll_prep(K, S, p)   # leaves S.opts alone
        t = game_share(S)
        lead = lead_of(S, p)
        for i in range(n):
            o = S.opts[i]
            reroll_row(K, S, p, o[0], o[1], o[2], o[3], o[4], o[5], t, lead, S.ln.cf[k0 + i])
    put_back_scratch(S, p)


@kernel
def capture_archi(K, S, p, a, b):
    """A sampled ARCHI_MOVE decision's legal rows and their features (the bot chose (a, b))."""
    if not sampled(S, BIT_MOVE):
        return
    n = archi_options(K, S, p)
    if n < 2:
        return
    keep_scratch(S, p)
    k0 = capture_rows(S, p, ARCHI_MOVE, n, chosen_index(S, n, a, b, -1, -1, -1, -1))
    if k0 >= 0:
        losev = archi_prep(K, S, p)   # leaves S.opts alone
        k = archi_k(K, S, p)
        t = game_share(S)
        for i in range(n):
            archi_row(K, S, p, S.opts[i, 0], S.opts[i, 1], k, losev, t, S.ln.cf[k0 + i])
    put_back_scratch(S, p)
