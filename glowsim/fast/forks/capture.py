"""The feature capture's game loop: games played as their bots play them with the capture on
(glowsim/fast/kernel/learncontrol.py), the training data of the learned policy
(glowsim/fast/learned_features.py).  Beside the forks: the same sampled decisions.  Called
through the compiled core (glowsim/fast/entry/core.py, ``OP_CAPTURE``)."""
from __future__ import annotations

from ..game.loop import play_game
from ..jit import kernel
from ..kernel.learncontrol import LC_FULL, LC_N
from ..kernel.state import G_ERR

DONE, FULL, KERNEL_ERR = range(3)


@kernel
def capture_range(K, S, root, start, lo, hi, st):
    """Games start+lo .. start+hi-1 with the capture on; stops before a game whose rows do
    not fit (st: [next game, code])."""
    for i in range(lo, hi):
        k0 = S.ln.ctl[LC_N]
        play_game(K, S, root, start + i, False)
        if S.ln.ctl[LC_FULL] != 0:
            S.ln.ctl[LC_N] = k0
            S.ln.ctl[LC_FULL] = 0
            st[0] = i
            st[1] = FULL
            return
        if S.g[G_ERR] != 0:
            st[0] = i
            st[1] = KERNEL_ERR
            return
    st[0] = hi
    st[1] = DONE
