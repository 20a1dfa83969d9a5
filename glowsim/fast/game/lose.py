"""R6 `lose_companion_or_spell`, also a Dawn card's effect (D13): a companion discarded or a
spell cancelled, as the bot chooses."""
from __future__ import annotations

from ..bots.policy import choose_lose
from ..jit import kernel
from ..kernel.effects import find_companion, leave_play, remove_spell
from ..kernel.journal import log_decision
from ..kernel.state import P_NCOMP, P_NSPELL, PS_ROW
from ...spec.decisions import LOSE


@kernel
def lose_companion_or_spell(K, S, p):
    """R6: discard a companion in play (no effect) or cancel a held spell (LOSE decision);
    a spell row cancels the earliest-drawn token of that row."""
    if S.pl[p, P_NCOMP] == 0 and S.pl[p, P_NSPELL] == 0:
        return
    what, row = choose_lose(K, S, p)
    lose_row(S, p, what, row)


@kernel
def lose_row(S, p, what, row):
    """The LOSE row (what, row) taken: the companion of that row discarded (what 0) or the
    earliest-drawn spell token of that row cancelled."""
    log_decision(S, p, LOSE, what, row, -1, -1, -1, -1)
    if what == 0:
        leave_play(S, p, find_companion(S, p, row))
    else:
        for i in range(S.pl[p, P_NSPELL]):
            if S.ps[p, PS_ROW, i] == row:
                remove_spell(S, p, i)
                break
