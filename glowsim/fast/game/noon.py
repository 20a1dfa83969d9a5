"""R5 Noon: sixth faces and the curse, Cromaug first, then every item in the player's
chosen order (E3), with spells (E4) and Cromaug's resurrection (E12)."""
from __future__ import annotations

from ...content import codes as C
from ...content.dawncodes import COST_NONE
from ..bots.policy import choose_cromaug, choose_resolve
from ..kernel.dice import cursed_symbol, deciding_black, effective_counts, is_effective
from ..kernel.effects import (add_amounts, add_companion, add_score, bring_black_die,
                              find_companion, leave_play, remove_spell)
from ..jit import inline, kernel
from ...spec.decisions import CROMAUG, RESOLVE
from ..kernel.journal import log_decision
from ..kernel.ktables import IT_AMT, IT_BLACK, IT_COSTR, IT_FLAGS, IT_KIND, IT_SKETAL
from .morning import new_recruit_row, take_sketal_die
from ..kernel.state import (CD_CEM, CD_SPILE, DF_GONE, G_CNTP, G_N, G_ROUND, G_SPILE_LEN,
                            G_SPILE_POS, MAXSP, P_ADV, P_DICE_BURSTS, P_EFFECT_BURSTS, P_ND,
                            P_NCOMP, P_NSPELL, PC_APPL, PC_NOON, PC_REC, PC_ROW, PD_COL, PD_FACE, PD_FL,
                            PS_FROM, PS_NOON, PS_POS, PS_ROW, PS_TRIED, R_EFFB)
from ..kernel.triggers import applied_count

ITEM_ADVENTURER = -1
ITEM_SPELL = 100   # pending item code: 100 + spell index; companions: their position


@inline
def face_effects(K, S, p):
    """R1/E3: footprint +2 footprints, burst +3 bursts on effective dice; the deciding black
    die's curse -2 bursts (D9: another black die's curse face costs nothing); in canonical die
    order."""
    cs = cursed_symbol(K, S, p)
    black = deciding_black(K, S, p)
    d = S.pd[p]
    for j in range(S.pl[p, P_ND]):
        if (d[PD_FL, j] & DF_GONE) != 0:
            continue
        s = K.dsym[d[PD_COL, j], d[PD_FACE, j]]
        if j == black and s == C.CURSE:
            add_score(K, S, p, -2)
            S.pl[p, P_DICE_BURSTS] -= 2
        elif s == C.FOOTPRINT and is_effective(K, S, p, j, cs):
            add_amounts(K, S, p, 0, 2, 0, 0)
        elif s == C.BURST and is_effective(K, S, p, j, cs):
            add_score(K, S, p, 3)
            S.pl[p, P_DICE_BURSTS] += 3


@kernel
def cast_spells(S, p):
    """R5/E4: each other player, from the caster's left, draws a spell token (active next round)."""
    n = S.g[G_N]
    for i in range(1, n):
        o = (p + i) % n
        if S.g[G_SPILE_POS] >= S.g[G_SPILE_LEN]:
            continue
        at = S.g[G_SPILE_POS]
        row = S.cd[CD_SPILE, at]
        S.g[G_SPILE_POS] += 1
        m = S.pl[o, P_NSPELL]
        if m < MAXSP:
            S.ps[o, PS_ROW, m] = row
            S.ps[o, PS_FROM, m] = S.g[G_ROUND] + 1
            S.ps[o, PS_NOON, m] = 0
            S.ps[o, PS_POS, m] = at
            S.ps[o, PS_TRIED, m] = 0
            S.pl[o, P_NSPELL] = m + 1


@kernel
def resurrect(K, S, p, cromaug):
    """R5/E12: take a companion from the cemetery (not the resurrecting card itself)."""
    resurrect_row(K, S, p, choose_cromaug(K, S, p, cromaug))


@kernel
def resurrect_row(K, S, p, row):
    """The CROMAUG row taken: companion `row` back from the cemetery (-1: none), a Sketal's
    die (rolled from the next round) and Kaar's black die with it (E12)."""
    log_decision(S, p, CROMAUG, row, -1, -1, -1, -1, -1)
    if row < 0:
        return
    S.cd[CD_CEM, row] = 0
    rec = new_recruit_row(S, p, row, -1, 0)
    k = add_companion(S, p, row, rec)
    if K.item[row, IT_SKETAL] >= 0:
        take_sketal_die(K, S, p, k, True)
    if K.item[row, IT_BLACK] != 0:
        bring_black_die(K, S, False)


@kernel
def refresh_counts(K, S, p):
    """Effective symbol counts of p (R5) into S.work[0].counts, kept until a die goes."""
    if S.g[G_CNTP] != p:
        effective_counts(K, S, p, S.work[0].counts)
        S.g[G_CNTP] = p


@kernel
def resolve_item(K, S, p, row, spell_idx):
    """Apply one item: amounts times its count, then flags (E3 order)."""
    refresh_counts(K, S, p)
    n = applied_count(K, row, S.work[0].counts)
    if n == 0:
        return
    if spell_idx >= 0:
        remove_spell(S, p, spell_idx)
    it = K.item[row]
    b = it[IT_AMT + C.EFF_BURSTS] * n
    add_amounts(K, S, p, b, it[IT_AMT + C.EFF_FOOTPRINTS] * n,
                it[IT_AMT + C.EFF_FIREFLIES] * n, it[IT_AMT + C.EFF_REROLLS] * n)
    S.pl[p, P_EFFECT_BURSTS] += b
    if it[IT_KIND] == C.KIND_COMPANION:
        k = find_companion(S, p, row)
        if k >= 0 and S.pc[p, PC_REC, k] >= 0:
            S.rc[S.pc[p, PC_REC, k], R_EFFB] += b
    flags = it[IT_FLAGS]
    if (flags & C.FLAG_DISCARD_LAST) != 0:
        nc = S.pl[p, P_NCOMP]
        if nc > 0:
            leave_play(S, p, nc - 1)
    if (flags & C.FLAG_CAST_SPELLS) != 0:
        cast_spells(S, p)
    if (flags & C.FLAG_DISCARD_SELF) != 0:
        k = find_companion(S, p, row)
        if k >= 0:
            leave_play(S, p, k)
    if (flags & C.FLAG_RESURRECT) != 0:
        resurrect(K, S, p, row)


@inline
def pending_items(S, p, adv_done, items, rows):
    """Unresolved items in canonical order (E3): adventurer, companions, active spells by row."""
    n = 0
    if not adv_done:
        items[n] = ITEM_ADVENTURER
        rows[n] = S.pl[p, P_ADV]
        n += 1
    c = S.pc[p]
    for k in range(S.pl[p, P_NCOMP]):   # written always, kept while unresolved (no branch: data)
        items[n] = k
        rows[n] = c[PC_ROW, k]
        n += int(c[PC_NOON, k] == 0)
    # active spells sorted by row, ties in draw order (insertion sort is stable)
    first = n
    rnd = S.g[G_ROUND]
    s = S.ps[p]
    for i in range(S.pl[p, P_NSPELL]):
        if s[PS_NOON, i] == 0 and s[PS_FROM, i] <= rnd:
            r = s[PS_ROW, i]
            m = n
            while m > first and rows[m - 1] > r:
                items[m] = items[m - 1]
                rows[m] = rows[m - 1]
                m -= 1
            items[m] = ITEM_SPELL + i
            rows[m] = r
            n += 1
    return n


@kernel
def open_noon(K, S, p):
    """The opening of p's noon, the base game's and Dawn's (R5/E3): the face effects, the noon
    flags of p's companions and spells reset (the applications paid too, D7), then the rows of
    p's resurrect companions without a cost (D7), in recruitment order, into S.work[0].crom:
    Cromaug first.  Returns how many."""
    face_effects(K, S, p)
    S.g[G_CNTP] = -1
    for k in range(S.pl[p, P_NCOMP]):
        S.pc[p, PC_NOON, k] = 0
        S.pc[p, PC_APPL, k] = 0
    for i in range(S.pl[p, P_NSPELL]):
        S.ps[p, PS_NOON, i] = 0
        if S.ps[p, PS_FROM, i] <= S.g[G_ROUND]:
            S.ps[p, PS_TRIED, i] = 1
    crom = S.work[0].crom
    nr = 0
    for k in range(S.pl[p, P_NCOMP]):
        row = S.pc[p, PC_ROW, k]
        if ((K.item[row, IT_FLAGS] & C.FLAG_RESURRECT) != 0 and K.item[row, IT_COSTR] == COST_NONE
                and nr < 8):
            crom[nr] = row
            nr += 1
    return nr


@inline
def player_noon(K, S, p):
    """p's noon (R5/E3): face effects, then triggered resurrect companions in recruitment
    order, then the other triggered items one at a time in the order the bot chooses."""
    nr = open_noon(K, S, p)
    crom = S.work[0].crom
    adv_done = False
    # Cromaug first (R5/E3): every triggered resurrect item, in recruitment order
    for i in range(nr):
        k = find_companion(S, p, crom[i])
        if k < 0:
            continue
        refresh_counts(K, S, p)
        if applied_count(K, crom[i], S.work[0].counts) > 0:
            S.pc[p, PC_NOON, k] = 1
            resolve_item(K, S, p, crom[i], -1)
    resolve_pending(K, S, p, adv_done, -1)


@inline
def resolve_pending(K, S, p, adv_done, forced):
    """p's noon from its first RESOLVE on (R5/E3): the pending items (those unmarked in
    PC_NOON, PS_NOON; the adventurer unless ``adv_done``) one at a time in the order the bot
    chooses, the first choice `forced` when >= 0 (a game resumed there)."""
    items = S.work[0].items
    rows = S.work[0].rows
    while True:
        m = pending_items(S, p, adv_done, items, rows)
        if m == 0:
            break
        sel = 0
        if m > 1:
            if forced >= 0:
                row = forced
                forced = -1
            else:
                row = choose_resolve(K, S, p, items, rows, m)
            log_decision(S, p, RESOLVE, row, -1, -1, -1, -1, -1)
            while rows[sel] != row:
                sel += 1
        it = items[sel]
        row = rows[sel]
        if it == ITEM_ADVENTURER:
            adv_done = True
            resolve_item(K, S, p, row, -1)
        elif it >= ITEM_SPELL:
            S.ps[p, PS_NOON, it - ITEM_SPELL] = 1
            resolve_item(K, S, p, row, it - ITEM_SPELL)
        else:
            S.pc[p, PC_NOON, it] = 1
            resolve_item(K, S, p, row, -1)


@inline
def noon(K, S):
    """Every player's noon in turn order (R5)."""
    for pick in range(S.g[G_N]):
        player_noon(K, S, S.work[0].turn[pick])


@inline
def noon_from(K, S, first, adv_done, forced):
    """The noon resumed within the noon of turn position `first` (its sixth faces, Cromaug's
    first resolutions and the items marked in PC_NOON, PS_NOON resolved; ``adv_done``: its
    adventurer's too): its pending items, the first RESOLVE row `forced` when >= 0, then the
    noons of the players after it (R5)."""
    resolve_pending(K, S, S.work[0].turn[first], adv_done != 0, forced)
    for pick in range(first + 1, S.g[G_N]):
        player_noon(K, S, S.work[0].turn[pick])
