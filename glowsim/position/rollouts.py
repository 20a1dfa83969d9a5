"""Rollout analysis of one decision: every legal option of the player to move, played out N
times by a bot at every seat, on hidden information drawn again for each rollout.

Rollout ``i`` starts from ``state.resample_hidden(rng_i)``: the deciding player's view of the
game with the draw pile, the box, the other players' spell tokens and every die to come drawn
again (the true hidden parts are never used).  ``rng_i`` is
``glowsim.seeding.resample_generator(seed, position_key, i)``: a pure function of the seed, the
position and the rollout.  The same world ``i`` is played for every option (common random
numbers: each option is applied to a copy of that one redrawn state), so the differences
between options are paired and their intervals are those of the per-rollout differences.

The rollouts are played by the fast path where it can take the position (the state loaded
into its arrays, glowsim/position/fastload.py), else by the reference engine
(:func:`rollout_engine`); both draw world ``i`` with the same generator calls.

Per option: the deciding player's win share (E9: 1/k among k tied winners; solo: a win is
strictly more than Tom) with a Wilson interval, the mean final score with a Student-t
interval, and the paired differences to the best option (highest mean win share, then
highest mean score) in win share and in score with Student-t intervals of the differences.
"""
from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

import numpy as np
import pandas as pd

from .. import seeding as S
from ..analysis.intervals import mean_ci, wilson
from ..engine import GameState
from ..errors import UserError
from ..spec.botparams import PRESETS, bot_preset, searches

REFERENCE_BOTS = ("random", "greedy")      # reference-engine bots by name
MAX_ROLLOUTS = 1_000_000
ENGINES = ("auto", "fast", "reference")
FAST_BLOCK = 2048      # rollouts x options the fast path plays between two progress calls

COLUMNS = ["rank", "option", "row", "rows", "win", "win_low", "win_high", "score", "score_low",
           "score_high", "win_diff", "win_diff_low", "win_diff_high", "score_diff",
           "score_diff_low", "score_diff_high", "rollouts"]


class AnalysisError(UserError):
    """A position, bot or budget the analysis cannot take (one line naming what and why)."""


@dataclass
class Analysis:
    """The result of :func:`analyze_state`.

    ``table``: one row per option, best first (columns ``COLUMNS``: ``rank`` 1 = best,
    ``option`` its description, ``row`` the decision row played, ``rows`` every legal row
    that is this option (two dice of the same colour showing the same face: rerolling either
    is one option, glowsim/position/options.py), ``win``/``score`` means with
    ``_low``/``_high`` 95% bounds, ``win_diff``/``score_diff`` the paired differences to the
    best option with their bounds, ``rollouts`` per option).  ``wins`` and ``scores``: the
    per-rollout values, arrays [option, rollout] in the engine's order of the options.
    ``engine``: who played the rollouts (``fast`` or ``reference``); ``engine_note``: why
    ``auto`` fell back to the reference engine (None otherwise)."""
    table: pd.DataFrame
    player: int
    round: int
    kind: str
    bot: str
    rollouts: int
    seed: int
    position_key: int
    seconds: float
    wins: np.ndarray
    scores: np.ndarray
    engine: str = "reference"
    engine_note: str | None = None

    @property
    def rollouts_per_second(self) -> float:
        n = self.wins.size
        return n / self.seconds if self.seconds > 0 else float("nan")

    def to_dict(self) -> dict:
        """Plain data for ``--json``: the settings and one mapping per option, best first."""
        rows = []
        for r in self.table.to_dict("records"):
            r = {k: (int(v) if k in ("rank", "rollouts") else v) for k, v in r.items()}
            r["row"] = [int(x) for x in r["row"]]
            r["rows"] = [[int(x) for x in row] for row in r["rows"]]
            rows.append({k: (None if isinstance(v, float) and np.isnan(v) else v)
                         for k, v in r.items()})
        return {"player": self.player, "round": self.round, "decision": self.kind,
                "bot": self.bot, "rollouts": self.rollouts, "seed": self.seed,
                "position_key": self.position_key, "engine": self.engine,
                "engine_note": self.engine_note, "seconds": round(self.seconds, 3),
                "rollouts_per_second": round(self.rollouts_per_second, 2), "options": rows}


def resolve_bot(name: str):
    """A bot for every seat of the rollouts: ``random`` or ``greedy`` by name, or a preset of
    glowsim/engine/botparams.py (``heuristic``, ``expert``, ...) as its parameter vector."""
    if name in REFERENCE_BOTS:
        return name
    allowed = sorted(set(REFERENCE_BOTS) | {p for p in PRESETS if not searches(PRESETS[p])})
    if name in PRESETS and searches(PRESETS[name]):
        raise AnalysisError(f"bot {name!r} searches with fast-path forks of its own game from "
                            f"the start of a round, which a rollout started at a position cannot "
                            f"play (in either engine); allowed: {', '.join(allowed)}")
    if name in PRESETS:
        return bot_preset(name)
    raise AnalysisError(f"unknown bot {name!r}; allowed: {', '.join(allowed)}")


def check_bot_for(name: str, n_players: int) -> None:
    """Solo games (R9) are played by ``greedy`` or ``random`` only (the planning bot has no
    solo mode)."""
    if n_players == 1 and name not in REFERENCE_BOTS:
        raise AnalysisError(f"bot {name!r} plays 2-4 player games only; a solo position takes "
                            f"{' or '.join(REFERENCE_BOTS)}")


def position_key(*parts) -> int:
    """A 63-bit key of a position from its describing texts (a record and a decision index,
    or a position file's content): the ``game_index`` the rollouts' redraws are keyed by."""
    h = hashlib.sha256()
    for p in parts:
        h.update(str(p).encode())
        h.update(b"\0")
    return int.from_bytes(h.digest()[:8], "little") >> 1


def _check_budget(rollouts) -> int:
    if isinstance(rollouts, bool) or not isinstance(rollouts, (int, np.integer)) \
            or not 2 <= rollouts <= MAX_ROLLOUTS:
        raise AnalysisError(f"rollouts must be a whole number 2..{MAX_ROLLOUTS}, got {rollouts!r}")
    return int(rollouts)


def play_rollout(state: GameState, options, player: int, seed: int, key: int, i: int):
    """Rollout `i` of every option: (win shares, scores) of `player`, one per option."""
    k = len(options)
    wins, scores = np.zeros(k), np.zeros(k)
    world = state.resample_hidden(S.resample_generator(seed, key, i))
    for j, row in enumerate(options):
        s = world if j == k - 1 else world.clone()
        s.apply(row)
        s.play_bots()
        wins[j] = s.win_shares[player]
        scores[j] = s.scores[player]
        s.close()
    return wins, scores


def rollout_engine(state: GameState, engine: str = "auto") -> tuple[str, str | None]:
    """The engine that plays the rollouts of `state` (``fast`` or ``reference``) and, when
    ``auto`` falls back to the reference engine, why in one line (the fast path resumes a base
    game, solo or of 2-4 players, at any decision of its rounds, a Dawn game at a recruit pick,
    its rerolls or an afternoon move: glowsim/position/fastload.py).
    ``engine`` ``fast`` on a position the fast path cannot take is an AnalysisError."""
    if engine not in ENGINES:
        raise AnalysisError(f"engine {engine!r}; allowed: {', '.join(ENGINES)}")
    if engine == "reference":
        return "reference", None
    from .fastload import fast_refusal
    why = fast_refusal(state)
    if why is None:
        return "fast", None
    if engine == "fast":
        raise AnalysisError(f"the fast path cannot play this position: {why}; use --engine "
                            f"reference (or auto)")
    return "reference", why


def analyze_state(state: GameState, bot: str = "expert", rollouts: int = 200, seed: int = 0,
                  key: int = 0, progress=None, workers: int = 1, source=None,
                  engine: str = "auto") -> Analysis:
    """Analyse the decision `state` stops at: each legal option of the deciding player played
    out `rollouts` times by the seats' bots of `state` (build it with `bot` at every seat, as
    :func:`glowsim.position.record_state` and :func:`glowsim.position.load_position` do;
    `bot` is the name shown).  Rollout ``i`` of every option starts from the same redraw of the
    hidden parts, ``resample_generator(seed, key, i)`` (`key`: :func:`position_key`).
    `progress(done, total)` is called as rollouts of all options finish.

    ``engine``: ``fast`` plays the rollouts in the fast path (the position loaded into its
    arrays and every rollout compiled, glowsim/position/fastload.py), ``reference`` in the
    reference engine, ``auto`` (default) the fast path where it can take the position
    (:func:`rollout_engine`).  Both draw rollout i's hidden parts from the same generator
    in the same way, and their bots decide alike, so they give the same table but where
    another player holds a spell token that was active at an earlier noon (the fast path
    keeps it, fastload.py).

    ``workers`` > 1 plays the rollouts in that many threads (fast path) or, with a `source`
    (:class:`glowsim.position.source.Source`, which builds this state again in a worker
    process), processes (reference engine); each rollout is keyed by its index, so the
    result is the same for any number of workers.

    Interrupted (Ctrl-C, or SIGTERM in the command), the KeyboardInterrupt goes on with
    ``partial``: the analysis of the rollouts every option finished (None below 2), so nothing
    computed is lost."""
    n = _check_budget(rollouts)
    if state.is_terminal:
        raise AnalysisError("the game has ended at this point: there is no decision to analyse")
    player = state.current_player
    if player is None or player < 0:
        raise AnalysisError("no player decides at this point (a die is being rolled)")
    which, note = rollout_engine(state, engine)
    options, rows, names = distinct_options(state)
    k = len(options)
    wins = np.zeros((k, n))
    scores = np.zeros((k, n))
    finished = np.zeros(n, bool)
    start = time.perf_counter()

    def result() -> Analysis:
        w, sc = wins[:, finished].copy(), scores[:, finished].copy()
        return Analysis(table=summarise(options, names, w, sc, rows), player=int(player),
                        round=int(state.round), kind=state.decision_kind.name, bot=str(bot),
                        rollouts=int(finished.sum()), seed=int(seed), position_key=int(key),
                        seconds=time.perf_counter() - start, wins=w, scores=sc,
                        engine=which, engine_note=note)

    try:
        if which == "fast":
            _fast_rollouts(state, options, seed, key, workers, wins, scores, finished, progress)
        elif workers > 1 and source is not None and n > 1:
            from ..runner.backends import LocalBackend
            size = max(1, -(-n // (4 * workers)))
            tasks = [(source, seed, key, list(range(a, min(n, a + size))))
                     for a in range(0, n, size)]
            for idx, w, sc in LocalBackend(workers).imap(_play_block, tasks):
                wins[:, idx], scores[:, idx] = w, sc
                finished[idx] = True
                if progress is not None:
                    progress(int(finished.sum()), n)
        else:
            for i in range(n):
                wins[:, i], scores[:, i] = play_rollout(state, options, player, seed, key, i)
                finished[i] = True
                if progress is not None:
                    progress(i + 1, n)
    except KeyboardInterrupt as e:
        e.partial = result() if finished.sum() >= 2 else None
        raise
    return result()


def _fast_rollouts(state, options, seed, key, workers, wins, scores, finished, progress):
    """The rollouts in the fast path, in blocks of about FAST_BLOCK games (a Ctrl-C between
    two keeps the blocks finished): each block's worlds drawn here, played in `workers`
    threads."""
    from .fastload import load, play_worlds
    pos = load(state)
    k, n = wins.shape
    rows = np.array([[int(x) for x in o] for o in options], np.int32)
    step = max(workers, -(-FAST_BLOCK // k))
    for a in range(0, n, step):
        idx = np.arange(a, min(n, a + step))
        w, sc = play_worlds(pos, rows, [pos.world(seed, key, int(i)) for i in idx], workers)
        wins[:, idx], scores[:, idx] = w, sc
        finished[idx] = True
        if progress is not None:
            progress(int(finished.sum()), n)


def _play_block(task):
    """In a worker process: the state built again from its source, rollouts `idx` played."""
    source, seed, key, idx = task
    state, _ = source.build()
    options = distinct_options(state)[0]
    out = [play_rollout(state, options, state.current_player, seed, key, i) for i in idx]
    state.close()
    return idx, np.array([w for w, _ in out]).T, np.array([s for _, s in out]).T


def distinct_options(state: GameState) -> tuple[list, list, list]:
    """(options, rows, names): one legal row per distinct option (the first of its rows),
    every legal row of each, and each option's description."""
    from .options import merged_name, option_groups
    legal = state.legal_decisions()
    groups = option_groups(state, legal)
    rows = [[tuple(int(x) for x in legal[j]) for j in g] for g in groups]
    names = [merged_name([state.describe(r) for r in rs], rs) for rs in rows]
    return [legal[g[0]] for g in groups], rows, names


def summarise(options, names, wins: np.ndarray, scores: np.ndarray,
              rows=None) -> pd.DataFrame:
    """The table of :class:`Analysis` from per-rollout win shares and scores [option, rollout];
    ``rows``: every legal row of each option (default: its own row alone)."""
    rows = rows if rows is not None else [[tuple(int(v) for v in o)] for o in options]
    k, n = wins.shape
    mean_win = wins.mean(axis=1)
    mean_score = scores.mean(axis=1)
    # best first: highest win share, then highest score, then the engine's order
    order = sorted(range(k), key=lambda j: (-mean_win[j], -mean_score[j], j))
    best = order[0]
    out = []
    for rank, j in enumerate(order, start=1):
        w = wilson(float(wins[j].sum()), n)
        s = mean_ci(scores[j])
        if j == best:
            dw = ds = (0.0, 0.0, 0.0)
        else:
            iw = mean_ci(wins[j] - wins[best])
            isc = mean_ci(scores[j] - scores[best])
            # a difference of win shares lies in -1..1 (a t interval of few rollouts may not)
            dw = (iw.estimate, max(-1.0, iw.low), min(1.0, iw.high))
            ds = (isc.estimate, isc.low, isc.high)
        out.append({"rank": rank, "option": names[j], "row": tuple(int(v) for v in options[j]),
                    "rows": tuple(tuple(r) for r in rows[j]),
                    "win": w.estimate, "win_low": w.low, "win_high": w.high,
                    "score": s.estimate, "score_low": s.low, "score_high": s.high,
                    "win_diff": dw[0], "win_diff_low": dw[1], "win_diff_high": dw[2],
                    "score_diff": ds[0], "score_diff_low": ds[1], "score_diff_high": ds[2],
                    "rollouts": n})
    return pd.DataFrame(out, columns=COLUMNS)
