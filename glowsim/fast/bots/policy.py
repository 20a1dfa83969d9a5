"""Decision dispatch of the fast-path bots: one function per decision kind (contract.md section 3).

Three policies share one parameter vector (glowsim/engine/botparams.py):

- ``random`` (``random`` = 1): the reference engine's RandomBot: uniform among
  the legal options of :mod:`glowsim.fast.kernel.legal` (same order as the engine's)
  with the seat's bot stream; REROLL first uniform over the kinds of action.
- ``greedy`` (``plan`` = 0): the engine's GreedyBot, :mod:`.greedy`.
- ``heuristic`` (``plan`` = 1): the planning bot, :mod:`.heuristic`; with ``learned`` > 0
  the learned policy (:mod:`.learned`, preset ``master``) takes the recruit picks, rerolls
  and Archipelago moves its bits name.  In a Dawn game of 2-6 players its recruit picks
  and rerolls are :mod:`.dawnplan`'s (the recruit picks :mod:`.dawnlearned`'s with ``learned``
  bit 8), its afternoon moves its own, its other decisions the
  greedy rules (:mod:`.dawn`).

Each function returns a choice that is legal by construction.  The decisions a fork can
start at (RECRUIT, REROLL, PROVINCE_MOVE, ARCHI_MOVE) then pass the bot's choice through
the fork control (glowsim/fast/kernel/forkcontrol.py), or in a game with search seats the
search bot's (glowsim/fast/bots/search.py); both leave it alone in normal play.  RECRUIT,
REROLL and ARCHI_MOVE decisions also pass the feature capture
(glowsim/fast/kernel/learncontrol.py), idle in normal play.
"""
from __future__ import annotations

from ...seeding import STREAM_BOT
from ..kernel.forkcontrol import FC_MODE, fork_point
from ..kernel.learncontrol import BIT_DAWN, BIT_MOVE, BIT_RECRUIT, BIT_REROLL, LC_MODE
from ...spec.decisions import (ARCHI_MOVE, OP_REROLL, OP_SET, OP_SET_BOUGHT, OP_STOP, PROVINCE_MOVE,
                               RECRUIT, REROLL)
from .search import ROLL_PLAY, roll_point
from ..kernel.streams import nb_uniform_int
from ..jit import inline
from ..kernel.ktables import SET_NA, SET_NBF, SET_NC
from ..kernel.legal import (action_options, archi_options, lose_options, province_options,
                            recruit_options, reroll_options)
from ..kernel.state import (BD_BF, BD_RES, BD_TRC, CD_CEM, G_DAWN, G_N, MAXBF, NSPACE, P_NCOMP, P_ND,
                            PC_ROW, PD_COL)
from . import dawn as DB
from . import dawnlearned as DL
from . import dawnplan as DP
from . import greedy as G
from . import heuristic as H
from . import learned as L
from ...spec.botparams import BP_LEARNED, BP_PLAN, BP_RANDOM


@inline
def _rnd(S, p, n):
    """A uniform draw in 0..n-1 from seat p's bot stream."""
    return nb_uniform_int(S.streams, STREAM_BOT + p, n)


@inline
def is_random(S, p):
    """Whether seat p plays the random bot."""
    return S.bp[p, BP_RANDOM] > 0.5


@inline
def plans(S, p):
    """Whether seat p plays the heuristic (planning) bot rather than the greedy one; in a
    Dawn game never: its recruit picks are the Dawn planner's (plans_dawn), its other
    decisions the greedy rules (bots/dawn.py)."""
    return S.bp[p, BP_PLAN] > 0.5 and S.g[G_DAWN] == 0


@inline
def plans_dawn(S, p):
    """Whether seat p's recruit picks and rerolls (bots/dawnplan.py) and afternoon moves (the
    heuristic's) in a Dawn game of 2-6 players are the planner's (solo, R9 and D16: the greedy
    rules)."""
    return S.bp[p, BP_PLAN] > 0.5 and S.g[G_DAWN] != 0 and S.g[G_N] > 1


@inline
def learns(S, p, bit):
    """Whether seat p's learned policy takes the decisions of `bit` (botparams: learned)."""
    return (int(S.bp[p, BP_LEARNED]) & bit) != 0


@inline
def new_game_bots(K, S):
    """The bots' hook at a game's start."""
    H.new_game(K, S)


@inline
def new_round_bots(K, S):
    """The bots' hook at a round's start."""
    H.new_round(K, S)


@inline
def choose_adventurer(K, S, p):
    """ADVENTURER (E19): an adventurer row not taken yet, catalog order."""
    nc = K.setup[SET_NC]
    na = K.setup[SET_NA]
    if is_random(S, p):
        m = 0
        for a in range(na):
            if S.work[0].used[a] == 0:
                m += 1
        k = _rnd(S, p, m)
        for a in range(na):
            if S.work[0].used[a] == 0:
                if k == 0:
                    return nc + a
                k -= 1
    if plans(S, p):
        return H.adventurer(K, S, p)
    return G.adventurer(K, S, p)


@inline
def choose_recruit(K, S, p, pick):
    """RECRUIT: (space, where Kaar moves the black die or -1)."""
    a, b = bot_recruit(K, S, p, pick)
    if S.ln.ctl[LC_MODE] != 0:
        if S.g[G_DAWN] != 0:
            DL.capture_recruit(K, S, p, a, b)
        else:
            L.capture_recruit(K, S, p, a, b)
    if S.fk.ctl[FC_MODE] != 0:
        if S.fk.ctl[FC_MODE] >= ROLL_PLAY:
            a, b, _, _, _, _ = roll_point(K, S, p, RECRUIT, 1, a, b, -1, -1, -1, -1)
        else:
            a, b, _, _, _, _ = fork_point(K, S, p, RECRUIT, 1, a, b, -1, -1, -1, -1)
    return a, b


@inline
def bot_recruit(K, S, p, pick):
    """The seat's bot's choice (before the fork control sees it)."""
    if is_random(S, p):
        n = recruit_options(K, S, p)
        k = _rnd(S, p, n)
        return S.opts[k, 0], S.opts[k, 1]
    if plans_dawn(S, p):
        if learns(S, p, BIT_DAWN):
            return DL.recruit(K, S, p)
        return DP.recruit(K, S, p)
    if plans(S, p):
        if learns(S, p, BIT_RECRUIT):
            return L.recruit(K, S, p, pick)
        return H.recruit(K, S, p, pick)
    if S.g[G_DAWN] != 0:
        return DB.recruit(K, S, p)
    return G.recruit(K, S, p)


@inline
def choose_discard2p(K, S, p):
    """DISCARD_2P (2 players, R7): the space whose companion goes to the cemetery."""
    if is_random(S, p):
        n = 0
        for s in range(NSPACE):
            if S.bd[BD_TRC + s] >= 0:
                n += 1
        k = _rnd(S, p, n)
        for s in range(NSPACE):
            if S.bd[BD_TRC + s] >= 0:
                if k == 0:
                    return s
                k -= 1
    if plans(S, p):
        return H.discard2p(K, S, p)
    return G.discard2p(K, S, p)


@inline
def choose_sketal_die(K, S, p, row):
    """SKETAL_DIE among the reserve colours (ascending, as the engine lists them)."""
    if is_random(S, p) or not plans(S, p):
        n = 0
        for c in range(9):
            if S.bd[BD_RES + c] > 0:
                n += 1
        k = _rnd(S, p, n) if is_random(S, p) else 0
        for c in range(9):
            if S.bd[BD_RES + c] > 0:
                if k == 0:
                    return c
                k -= 1
    return H.sketal_die(K, S, p, row)


@inline
def choose_reroll(K, S, p):
    """REROLL: (op, b, c, d, e, f) fields a..f of the row."""
    a, b, c, d, e, f = bot_reroll(K, S, p)
    if S.ln.ctl[LC_MODE] != 0:
        L.capture_reroll(K, S, p, a, b, c, d, e, f)
    if S.fk.ctl[FC_MODE] != 0:
        if S.fk.ctl[FC_MODE] >= ROLL_PLAY:
            a, b, c, d, e, f = roll_point(K, S, p, REROLL, 0, a, b, c, d, e, f)
        else:
            a, b, c, d, e, f = fork_point(K, S, p, REROLL, 0, a, b, c, d, e, f)
    return a, b, c, d, e, f


@inline
def bot_reroll(K, S, p):
    """The seat's bot's choice (before the fork control sees it)."""
    if is_random(S, p):
        n = reroll_options(K, S, p)
        # uniform over the kinds of action present, then uniform within (engine RandomBot)
        # (Dawn, D12: set-face changes paid with bought rerolls are a fourth kind)
        has1 = False
        has2 = False
        has3 = False
        for o in range(n):
            if S.opts[o, 0] == OP_REROLL:
                has1 = True
            elif S.opts[o, 0] == OP_SET:
                has2 = True
            elif S.opts[o, 0] == OP_SET_BOUGHT:
                has3 = True
        nops = 1 + (1 if has1 else 0) + (1 if has2 else 0) + (1 if has3 else 0)
        i = _rnd(S, p, nops)
        op = OP_STOP
        if i > 0 and has1:
            i -= 1
            op = OP_REROLL
        if i > 0 and has2:
            i -= 1
            op = OP_SET
        if i > 0 and has3:
            op = OP_SET_BOUGHT
        m = 0
        for o in range(n):
            if S.opts[o, 0] == op:
                m += 1
        k = _rnd(S, p, m)
        for o in range(n):
            if S.opts[o, 0] == op:
                if k == 0:
                    q = S.opts[o]
                    return q[0], q[1], q[2], q[3], q[4], q[5]
                k -= 1
    if plans_dawn(S, p):
        return DP.reroll(K, S, p)
    if plans(S, p):
        if learns(S, p, BIT_REROLL):
            return L.reroll(K, S, p)
        return H.reroll(K, S, p)
    if S.g[G_DAWN] != 0:
        return DB.reroll(K, S, p)
    return G.reroll(K, S, p)


@inline
def choose_resolve(K, S, p, items, rows, m):
    """RESOLVE: the row of the item to resolve next among the m pending ones; the engine
    lists the distinct rows sorted."""
    if is_random(S, p):
        nd = 0
        last = -1
        while True:
            nxt = 1 << 62
            for i in range(m):
                if rows[i] > last and rows[i] < nxt:
                    nxt = rows[i]
            if nxt == 1 << 62:
                break
            nd += 1
            last = nxt
        k = _rnd(S, p, nd)
        last = -1
        while True:
            nxt = 1 << 62
            for i in range(m):
                if rows[i] > last and rows[i] < nxt:
                    nxt = rows[i]
            if k == 0:
                return nxt
            k -= 1
            last = nxt
    if plans(S, p):
        return H.resolve(K, S, p, items, rows, m)
    return G.resolve(K, S, p, rows, m)


@inline
def choose_cromaug(K, S, p, cromaug):
    """CROMAUG: the cemetery row to resurrect, -1 to decline (the random bot lists
    declining first)."""
    if is_random(S, p):
        n = 1
        cem = S.cd[CD_CEM]
        for r in range(K.setup[SET_NC]):
            if cem[r] != 0 and r != cromaug:
                n += 1
        k = _rnd(S, p, n)
        if k == 0:
            return -1
        k -= 1
        for r in range(K.setup[SET_NC]):
            if cem[r] != 0 and r != cromaug:
                if k == 0:
                    return r
                k -= 1
    if plans(S, p):
        return H.cromaug(K, S, p, cromaug)
    return G.cromaug(K, S, p, cromaug)


@inline
def choose_lose(K, S, p):
    """LOSE: (1, spell row) to cancel a spell or (0, companion row) to lose a companion."""
    if is_random(S, p):
        n = lose_options(S, p)
        k = _rnd(S, p, n)
        return S.opts[k, 0], S.opts[k, 1]
    if plans(S, p):
        return H.lose(K, S, p)
    if S.g[G_DAWN] != 0:
        return DB.lose(K, S, p)
    return G.lose(K, S, p)


@inline
def choose_province_move(K, S, p, moved):
    """PROVINCE_MOVE: (MOVE_*, space, PAY_*)."""
    a, b, c = bot_province_move(K, S, p, moved)
    if S.fk.ctl[FC_MODE] != 0:
        if S.fk.ctl[FC_MODE] >= ROLL_PLAY:
            a, b, c, _, _, _ = roll_point(K, S, p, PROVINCE_MOVE, 0 if moved else 1, a, b, c,
                                          -1, -1, -1)
        else:
            a, b, c, _, _, _ = fork_point(K, S, p, PROVINCE_MOVE, 0 if moved else 1, a, b, c,
                                          -1, -1, -1)
    return a, b, c


@inline
def bot_province_move(K, S, p, moved):
    """The seat's bot's choice (before the fork control sees it)."""
    if is_random(S, p):
        n = province_options(K, S, p, moved)
        k = _rnd(S, p, n)
        return S.opts[k, 0], S.opts[k, 1], S.opts[k, 2]
    if plans(S, p) or plans_dawn(S, p):
        return H.province_move(K, S, p, moved)
    return G.province_move(K, S, p, moved)


@inline
def choose_archi_move(K, S, p):
    """ARCHI_MOVE: (island, destination), -1 for no move."""
    a, b = bot_archi_move(K, S, p)
    if S.ln.ctl[LC_MODE] != 0:
        L.capture_archi(K, S, p, a, b)
    if S.fk.ctl[FC_MODE] != 0:
        if S.fk.ctl[FC_MODE] >= ROLL_PLAY:
            a, b, _, _, _, _ = roll_point(K, S, p, ARCHI_MOVE, 1, a, b, -1, -1, -1, -1)
        else:
            a, b, _, _, _, _ = fork_point(K, S, p, ARCHI_MOVE, 1, a, b, -1, -1, -1, -1)
    return a, b


@inline
def bot_archi_move(K, S, p):
    """The seat's bot's choice (before the fork control sees it)."""
    if is_random(S, p):
        n = archi_options(K, S, p)
        k = _rnd(S, p, n)
        return S.opts[k, 0], S.opts[k, 1]
    if plans_dawn(S, p):   # a Dawn game: the heuristic's move (learned moves are not fitted on Dawn)
        return H.archi_move(K, S, p)
    if plans(S, p):
        if learns(S, p, BIT_MOVE):
            return L.archi_move(K, S, p)
        return H.archi_move(K, S, p)
    return G.archi_move(K, S, p)


# ---- the decisions of a Dawn game (docs/rules.md D8, D10) ----

@inline
def choose_joker(K, S, p, j):
    """JOKER (D8): the element multi die j is turned to (the engine lists the elements the
    die shows, in order)."""
    if is_random(S, p):
        m = 0
        for e in range(5):
            if DB.face_of(K, S.pd[p, PD_COL, j], e) >= 0:
                m += 1
        k = _rnd(S, p, m)
        for e in range(5):
            if DB.face_of(K, S.pd[p, PD_COL, j], e) >= 0:
                if k == 0:
                    return e
                k -= 1
    return DB.joker(K, S, p, j)


@inline
def choose_reroll_now(K, S, p, pink):
    """REROLL_NOW (D8): the other die rerolled with pink die `pink`, -1 for none (the engine
    lists none first, then the other dice in order)."""
    if is_random(S, p):
        k = _rnd(S, p, S.pl[p, P_ND])
        if k == 0:
            return -1
        return k - 1 if k - 1 < pink else k
    return DB.reroll_now(K, S, p, pink)


@inline
def choose_swap(K, S, p):
    """SWAP (D10): the companion row sent under the swap deck, -1 to skip (the engine lists
    skipping first, then the companions in recruitment order)."""
    if is_random(S, p):
        k = _rnd(S, p, 1 + S.pl[p, P_NCOMP])
        return -1 if k == 0 else S.pc[p, PC_ROW, k - 1]
    return DB.swap(K, S, p)


@inline
def choose_give(K, S, p):
    """BUTTERFLY_GIVE (D7, D14): the code of a held token to give back (the engine lists the
    held codes in order)."""
    if is_random(S, p):
        m = 0
        for c in range(K.setup[SET_NBF]):
            if S.bd[BD_BF + MAXBF * p + c] > 0:
                m += 1
        k = _rnd(S, p, m)
        for c in range(K.setup[SET_NBF]):
            if S.bd[BD_BF + MAXBF * p + c] > 0:
                if k == 0:
                    return c
                k -= 1
    return DB.butterfly_give(K, S, p)


@inline
def choose_action(K, S, p):
    """ACTION (D14): (token code, element) of an action token used, (-1, -1) for none; the
    engine lists none first, then per held action token in code order the discard, or the
    ignore token with each element not ignored yet."""
    if is_random(S, p):
        n = action_options(K, S, p)
        k = _rnd(S, p, n)
        return S.opts[k, 0], S.opts[k, 1]
    return DB.action(K, S, p)
