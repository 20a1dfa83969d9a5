"""The hand-made bots' rules in a Dawn game (docs/rules.md D1-D18), compiled: the reference
engine's (glowsim/engine/dawnbots.py and the Dawn parts of its greedy bot), option for option
in the engine's order with the engine's scores and tie-breaks.

In a Dawn game of 2-6 players the planning bots (`heuristic`, `expert`) take the greedy bot's
rules at every decision but their recruit picks and rerolls (bots/dawnplan.py) and their
afternoon moves on either side (the heuristic's, bots/journeys.py); solo, the greedy rules
throughout.  `random` picks uniformly among the legal options listed as the engine lists them.
The rules that differ from the base game's greedy bot (bots/greedy.py):

- RECRUIT: an `elements` trigger (D6) counts as a trigger;
- REROLL: the noon's worth counts the active spells too, and is computed on the dice as they
  would show (every face of the rerolled die in turn);
- JOKER (D8): the element whose face gives the best noon;
- REROLL_NOW (D8): with the pink die, the die whose reroll gains most on average over its six
  faces, none when no die gains;
- SWAP (D10): the companion worth least to keep, when the swap deck's top card is worth more
  to take (:func:`keep_worth`); else skip;
- BUTTERFLY_GIVE (D7, D14): the token whose loss costs fewest end-game bursts (D15), an action
  token counted at 2;
- ACTION (D14): the discard token when a spell is held or a companion is worth less than
  nothing to keep; at noon, an ignore token on the element whose ignoring gives the best noon,
  when it beats the noon without; else none;
- LOSE (D13, D14, R6): a spell first, else the companion worth least to keep;
- REROLL: rerolls bought with bursts (D12) too, when the mean gain beats their price.
"""
from __future__ import annotations

from ...content import codes as C
from ...content.dawncodes import (BF_ACTION, BF_COLOUR, COST_FOOTPRINTS, COST_NONE,
                                 USE_DISCARD_CODE, USE_IGNORE_CODE)
from ..jit import kernel
from ..kernel.bag import colour_score
from ..kernel.dice import cursed_symbol, effective_counts, is_effective
from ..kernel.ktables import (IT_BF, IT_COSTN, IT_COSTR, IT_ELMAX, IT_ELMIN, IT_EX, IT_FLAGS,
                              IT_LOSE, IT_NEED, IT_TKIND, SET_BFALL, SET_BFKIND, SET_BFUSE,
                              SET_NBF, SET_ROUNDS)
from ..kernel.legal import bursts_price, recruit_options, reroll_options
from ..kernel.state import (BD_BF, BD_IGN, BD_TRC, BD_TRFP, CD_SWAP, DF_USED, G_ATNOON, G_NSD,
                            G_NSWAP, G_ROUND, MAXBF, P_ADV, P_NCOMP, P_ND, P_NSPELL, PC_DIE,
                            PC_ROW, PD_COL, PD_FACE, PD_FL, PS_FROM, PS_ROW, SD_COL, SD_LOC)
from ..kernel.triggers import applied_count
from ...spec.decisions import OP_REROLL, OP_STOP, SRC_LUMIPILI, SRC_TOKEN, SRC_TRACK
from .greedy import card_worth, value as base_value


@kernel
def resource_worth(resource):
    """What one token of a cost's resource is worth (D7): rerolls 1.5, footprints 1,
    fireflies 1.5, butterflies 1.5."""
    if resource == COST_FOOTPRINTS:
        return 1.0
    if resource == COST_NONE:
        return 0.0
    return 1.5


@kernel
def value(K, row):
    """Worth of one application of an item's effect, its Dawn parts included: butterfly draws
    and exchanges (D14), the discard (D13), the cost (D7)."""
    it = K.item[row]
    v = base_value(K, row)
    v += 1.5 * it[IT_BF] + 0.5 * it[IT_EX] - 3.0 * it[IT_LOSE]
    v -= resource_worth(it[IT_COSTR]) * it[IT_COSTN]
    return v


TRIGGER_SHARE = 0.5   # an effect's worth per noon to come, as the recruit rule weighs it
DIE_WORTH = 2.0       # a large die held (a Sketal's), as the adventurer draft counts one


@kernel
def count(K, S, p, row, counts):
    """How many times item row applies now on p's dice (counts: their symbol counts): an
    `elements` trigger counts the elements of the dice not yet used (D6)."""
    if K.item[row, IT_ELMIN] > 0:
        cs = cursed_symbol(K, S, p)
        seen = 0
        d = S.pd[p]
        for j in range(S.pl[p, P_ND]):
            if (d[PD_FL, j] & DF_USED) == 0 and is_effective(K, S, p, j, cs):
                s = K.dsym[d[PD_COL, j], d[PD_FACE, j]]
                if s < C.N_ELEMENTS:
                    seen |= 1 << s
        k = 0
        for e in range(C.N_ELEMENTS):
            k += (seen >> e) & 1
        return 1 if K.item[row, IT_ELMIN] <= k <= K.item[row, IT_ELMAX] else 0
    return applied_count(K, row, counts)


@kernel
def keep_worth(K, S, p, row):
    """What companion row is worth to p from this noon on (SWAP, LOSE): printed worth, its
    applications now on the dice shown, TRIGGER_SHARE of an application per later noon (one
    at most for a card that leaves play when it applies), DIE_WORTH for a Sketal's die."""
    counts = S.greedy[0].counts
    effective_counts(K, S, p, counts)
    v = value(K, row)
    now = count(K, S, p, row, counts)
    later = K.setup[SET_ROUNDS] - S.g[G_ROUND]
    if later < 0:
        later = 0
    if (K.item[row, IT_FLAGS] & C.FLAG_DISCARD_SELF) != 0:
        later = 0 if now else (later if later < 1 else 1)
    worth = card_worth(K, row) + now * v + TRIGGER_SHARE * v * later
    for k in range(S.pl[p, P_NCOMP]):
        if S.pc[p, PC_ROW, k] == row and S.pc[p, PC_DIE, k] >= 0:
            worth += DIE_WORTH
    return worth


@kernel
def noon_value(K, S, p):
    """The effects p's dice trigger now, summed: adventurer and companions, then the spells
    active this round (their sum added last, as the engine adds it)."""
    counts = S.greedy[0].counts    # not the noon's counts (S.work[0]), which a decision keeps
    effective_counts(K, S, p, counts)
    tot = 0.0
    tot += count(K, S, p, S.pl[p, P_ADV], counts) * value(K, S.pl[p, P_ADV])
    for k in range(S.pl[p, P_NCOMP]):
        r = S.pc[p, PC_ROW, k]
        tot += count(K, S, p, r, counts) * value(K, r)
    sp = 0.0
    for i in range(S.pl[p, P_NSPELL]):
        if S.ps[p, PS_FROM, i] <= S.g[G_ROUND]:
            r = S.ps[p, PS_ROW, i]
            sp += count(K, S, p, r, counts) * value(K, r)
    return tot + sp


@kernel
def recruit(K, S, p):
    """Printed worth + footprints + dice on the space, half the effect's worth when the card
    triggers (an `elements` trigger too, D6), the black die avoided."""
    n = recruit_options(K, S, p)
    nsd = S.g[G_NSD]
    best = 0
    best_v = -1e300
    for o in range(n):
        s = S.opts[o, 0]
        move = S.opts[o, 1]
        row = S.bd[BD_TRC + s]
        ndice = 0
        has_black = False
        for i in range(nsd):
            if S.sd[SD_LOC, i] == s:
                ndice += 1
                if S.sd[SD_COL, i] == C.BLACK:
                    has_black = True
        v = card_worth(K, row) + S.bd[BD_TRFP + s] + 0.6 * ndice
        if K.item[row, IT_TKIND] != C.TRIG_NONE or K.item[row, IT_ELMIN] > 0:
            v += 0.5 * value(K, row)
        if has_black:
            v -= 0.0 if move >= 0 else 2.0
        if v > best_v:
            best_v = v
            best = o
    return S.opts[best, 0], S.opts[best, 1]


@kernel
def needed(K, S, p, s):
    """Is symbol s needed by a `symbols` trigger of the adventurer or a companion?  A Dawn
    sixth face never is (D8)."""
    if s >= C.N_SYMBOLS:
        return False
    if K.item[S.pl[p, P_ADV], IT_NEED + s] > 0:
        return True
    for k in range(S.pl[p, P_NCOMP]):
        if K.item[S.pc[p, PC_ROW, k], IT_NEED + s] > 0:
            return True
    return False


@kernel
def mean_noon(K, S, p, j):
    """The noon's worth averaged over the six faces of die j (its face put back)."""
    d = S.pd[p]
    old = d[PD_FACE, j]
    total = 0.0
    for f in range(6):
        d[PD_FACE, j] = f
        total += noon_value(K, S, p)
    d[PD_FACE, j] = old
    return total


@kernel
def reroll(K, S, p):
    """Free, token and bought rerolls (D12) of one useless die when the expected gain is worth
    the price: the engine's single-die options (Lumipili, tokens, bursts; each die in list
    order)."""
    n = reroll_options(K, S, p)
    base = noon_value(K, S, p)
    price = float(bursts_price(K, S, p))
    d = S.pd[p]
    best = -1
    best_gain = 0.0
    for o in range(n):
        q = S.opts[o]
        if q[0] != OP_REROLL or q[3] != -1 or q[1] == SRC_TRACK:
            continue
        j = q[2]
        if needed(K, S, p, K.dsym[d[PD_COL, j], d[PD_FACE, j]]):
            continue
        cost = 0.0 if q[1] == SRC_LUMIPILI else (1.0 if q[1] == SRC_TOKEN else price)
        gain = mean_noon(K, S, p, j) / 6.0 - base - cost
        if gain > best_gain:
            best = o
            best_gain = gain
    if best < 0:
        return OP_STOP, -1, -1, -1, -1, -1
    q = S.opts[best]
    return q[0], q[1], q[2], q[3], q[4], q[5]


@kernel
def face_of(K, col, sym):
    """The first face of a die of colour col showing sym, -1 if none."""
    for f in range(6):
        if K.dsym[col, f] == sym:
            return f
    return -1


@kernel
def joker(K, S, p, j):
    """JOKER (D8): the element (first of the best) whose face gives the best noon."""
    d = S.pd[p]
    old = d[PD_FACE, j]
    best = -1
    best_v = 0.0
    for e in range(C.N_ELEMENTS):
        f = face_of(K, d[PD_COL, j], e)
        if f < 0:
            continue
        d[PD_FACE, j] = f
        v = noon_value(K, S, p)
        if best < 0 or v > best_v:
            best = e
            best_v = v
    d[PD_FACE, j] = old
    return best


@kernel
def reroll_now(K, S, p, pink):
    """REROLL_NOW (D8): the other die rerolled with the pink one, -1 for none."""
    base = noon_value(K, S, p)
    best = -1
    best_gain = 0.0
    for j in range(S.pl[p, P_ND]):
        if j == pink:
            continue
        gain = mean_noon(K, S, p, j) / 6.0 - base
        if gain > best_gain:
            best = j
            best_gain = gain
    return best


@kernel
def swap(K, S, p):
    """SWAP (D10): the companion worth least to keep (ties to the lower row) when the swap
    deck's top card is worth more to take; else -1 (skip)."""
    if S.pl[p, P_NCOMP] == 0 or S.g[G_NSWAP] == 0:
        return -1
    top = S.cd[CD_SWAP, 0]
    give = least_kept(K, S, p)
    if keep_worth(K, S, p, top) > keep_worth(K, S, p, give):
        return give
    return -1


@kernel
def least_kept(K, S, p):
    """The companion row p keeps worth least (:func:`keep_worth`), ties to the lower row."""
    give = -1
    gv = 0.0
    for k in range(S.pl[p, P_NCOMP]):
        r = S.pc[p, PC_ROW, k]
        w = keep_worth(K, S, p, r)
        if give < 0 or w < gv or (w == gv and r < give):
            give = r
            gv = w
    return give


@kernel
def lose(K, S, p):
    """LOSE in a Dawn game: (1, the lowest spell row) when a spell is held, else (0, the
    companion worth least to keep)."""
    if S.pl[p, P_NSPELL] > 0:
        lo = 1 << 62
        for i in range(S.pl[p, P_NSPELL]):
            if S.ps[p, PS_ROW, i] < lo:
                lo = S.ps[p, PS_ROW, i]
        return 1, lo
    return 0, least_kept(K, S, p)


ACTION_TOKEN_WORTH = 2.0


@kernel
def give_loss(K, S, p, code):
    """End-game bursts lost by giving back token `code` (D15); an action token: 2."""
    if K.setup[SET_BFKIND + code] == BF_ACTION:
        return ACTION_TOKEN_WORTH
    k = S.bd[BD_BF + MAXBF * p + code]
    loss = colour_score(K, k) - colour_score(K, k - 1)
    if k == 1:
        every = True
        for c in range(K.setup[SET_NBF]):
            if K.setup[SET_BFKIND + c] == BF_COLOUR and S.bd[BD_BF + MAXBF * p + c] <= 0:
                every = False
        if every:
            loss += K.setup[SET_BFALL]
    return float(loss)


@kernel
def butterfly_give(K, S, p):
    """BUTTERFLY_GIVE: the held token of least loss, ties to the lower code."""
    best = -1
    bv = 0.0
    for c in range(K.setup[SET_NBF]):
        if S.bd[BD_BF + MAXBF * p + c] <= 0:
            continue
        v = give_loss(K, S, p, c)
        if best < 0 or v < bv:
            best = c
            bv = v
    return best


@kernel
def action(K, S, p):
    """ACTION: (token code, element) or (-1, -1) for none."""
    worthless = False
    for k in range(S.pl[p, P_NCOMP]):
        if keep_worth(K, S, p, S.pc[p, PC_ROW, k]) < 0:
            worthless = True
    if S.pl[p, P_NSPELL] > 0 or worthless:
        for c in range(K.setup[SET_NBF]):
            if S.bd[BD_BF + MAXBF * p + c] > 0 and K.setup[SET_BFKIND + c] == BF_ACTION and \
                    K.setup[SET_BFUSE + c] == USE_DISCARD_CODE:
                return c, -1
    if S.g[G_ATNOON] == 0:
        return -1, -1      # ignoring an element is weighed at noon only
    base = noon_value(K, S, p)
    bc = -1
    be = -1
    bv = base
    ign = S.bd[BD_IGN + p]
    for c in range(K.setup[SET_NBF]):
        if S.bd[BD_BF + MAXBF * p + c] <= 0 or K.setup[SET_BFKIND + c] != BF_ACTION or \
                K.setup[SET_BFUSE + c] != USE_IGNORE_CODE:
            continue
        for e in range(C.N_ELEMENTS):
            if (ign >> e) & 1:
                continue
            S.bd[BD_IGN + p] = ign | (1 << e)
            v = noon_value(K, S, p)
            S.bd[BD_IGN + p] = ign
            if v > bv + 1e-9:
                bc = c
                be = e
                bv = v
    return bc, be
