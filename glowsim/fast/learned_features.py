"""The learned policy's training data from Python: the features of every legal row of the
sampled decisions of games played as their bots play them (glowsim/fast/kernel/learncontrol.py,
the game loop in glowsim/fast/forks/capture.py, called through the compiled core).

    >>> from glowsim.fast.learned_features import capture_features
    >>> t = capture_features(game, match, root_seed=7, start=0, count=100, kinds=("recruit",),
    ...                      sample=1.0)
    >>> t["decision"], t["alternative"], t["features"]

The decisions captured are those a fork of the same games (glowsim/fast/fork_table.py) forks
at the same rate (the same draw of seeding.fork_sampled), so the two tables join on (game,
decision, alternative); a REROLL is captured at every sampled reroll decision, of which the
forks keep the first of each late morning.  Every game depends only on (root seed, game
index): the table does not depend on how the games are split over threads.
"""
from __future__ import annotations

import numpy as np

from .. import seeding
from ..errors import UserError
from .bots.heuristic import HEURISTIC
from .bots.journeys import JOURNEYS
from .bots.learned import LEARN
from .bots.values import SEAT
from .corecall import capture_games
from .forks.capture import FULL, KERNEL_ERR
from .game.loop import alloc_state
from .kernel.learncontrol import (BIT_DAWN, BIT_MOVE, BIT_RECRUIT, BIT_REROLL, CAPTURE_ON, CI_ALT, CI_CHOSEN,
                                  CI_DEC, CI_GAME, CI_KIND, CI_NALT, CI_ROUND, CI_ROW, CI_SEAT,
                                  LC_KINDS, LC_MODE, LC_N, LC_THR, NCF, NCI, NLC, Learn)
from .parallel import play_parts
from .play import Match, _max_recruits, _n_spells_total, ktables

# the decisions captured: "dawn" is a Dawn game's RECRUIT (glowsim/fast/bots/dawnlearned.py's
# features), "recruit" a base game's
KINDS = {"recruit": BIT_RECRUIT, "reroll": BIT_REROLL, "move": BIT_MOVE, "dawn": BIT_DAWN}
ROWS = 1 << 16          # captured rows one call holds at first (grows when a game needs more)


def _learn(root: np.uint64, kinds: int, thr: int, rows: int) -> Learn:
    ctl = np.zeros(NLC, np.int64)
    ctl[LC_MODE] = CAPTURE_ON
    ctl[LC_KINDS] = kinds
    ctl[LC_THR] = thr
    key = np.zeros(1, np.uint64)
    key[0] = root
    return Learn(ctl, key, np.zeros((rows, NCI), np.int64), np.zeros((rows, NCF), np.float64),
                 np.zeros(1, LEARN), np.zeros(1, SEAT), np.zeros(1, HEURISTIC), np.zeros(1, JOURNEYS))


def capture_features(game, match: Match, root_seed: int, start: int, count: int,
                     kinds=("recruit",), sample: float = 1.0, threads: int | None = None) -> dict:
    """The features of the legal rows of the sampled decisions of `kinds` ("recruit",
    "reroll", "move": the Archipelago's ARCHI_MOVE; "dawn": a Dawn game's RECRUIT) in games
    start .. start+count-1 (module docstring).

    Returns a dict of arrays, one entry per legal row, ordered by game, decision,
    alternative: game, decision, round, seat, kind (1 RECRUIT, 4 REROLL, 9 ARCHI_MOVE),
    alternative (index among the legal rows, glowsim/fast/kernel/legal.py), n_alternatives,
    chosen (the row the bot took), the row's fields a..f, and ``features`` (float64[rows,
    NCF]: a RECRUIT row's first NLR columns (NLD in a Dawn game), a REROLL row's first NLQ, an
    ARCHI_MOVE row's first NLM, glowsim/spec/botparams.py LEARNED_FEATURES)."""
    bad = [k for k in kinds if k not in KINDS]
    if bad or not kinds:
        raise UserError(f"capture_features: kinds {list(kinds)!r}; allowed: {', '.join(KINDS)}")
    if not 0.0 < float(sample) <= 1.0:
        raise UserError(f"capture_features: sample must be a rate in (0, 1], got {sample!r}")
    mt, bp = match.kernel(game)
    if int(match.n_players) < 2:
        raise UserError("capture_features: the learned policy's data come from games of 2 players or more")
    K = ktables(game)
    root = np.uint64(seeding.root_key(root_seed))
    bits = sum(KINDS[k] for k in set(kinds))
    thr = seeding.fork_threshold(sample)
    width = max(game.catalog.n_companions, _n_spells_total(game)) + 1
    maxrec = _max_recruits(game)
    start = int(start)

    def part(lo: int, hi: int):
        rows = ROWS
        S = alloc_state(width, maxrec, 1, 1, mt, bp)
        S = S._replace(ln=_learn(root, bits, thr, rows))
        st = np.zeros(4, np.int64)
        ci, cf = [], []
        while lo < hi:
            S.ln.ctl[LC_N] = 0
            capture_games(K, S, root, start, lo, hi, st)
            n = int(S.ln.ctl[LC_N])
            if n:
                ci.append(S.ln.ci[:n].copy())
                cf.append(S.ln.cf[:n].copy())
            code, nxt = int(st[1]), int(st[0])
            if code == KERNEL_ERR:
                raise RuntimeError(f"fast path: game {start + nxt} stopped with a kernel error")
            if code == FULL and nxt == lo:   # one game needs more room
                rows *= 2
                S = S._replace(ln=_learn(root, bits, thr, rows))
            lo = nxt
        return ci, cf

    parts = play_parts(part, int(count), threads)
    ci = [a for p in parts for a in p[0]]
    cf = [a for p in parts for a in p[1]]
    ci = np.concatenate(ci) if ci else np.zeros((0, NCI), np.int64)
    cf = np.concatenate(cf) if cf else np.zeros((0, NCF), np.float64)
    out = {"game": ci[:, CI_GAME], "decision": ci[:, CI_DEC], "round": ci[:, CI_ROUND],
           "seat": ci[:, CI_SEAT], "kind": ci[:, CI_KIND], "alternative": ci[:, CI_ALT],
           "n_alternatives": ci[:, CI_NALT], "chosen": ci[:, CI_CHOSEN]}
    for j, f in enumerate("abcdef"):
        out[f] = ci[:, CI_ROW + j]
    out["features"] = cf
    return out
