"""Agreement of the fast path with the reference engine: play fast-path games with full
records, replay each through ``glowsim.engine.replay``, stop at the first divergence.

Games are spread over every (players, side, bots) configuration of
:func:`configs`, so a run of N games covers solo against Tom (R9) and 2-4 players,
both board sides and the four bot presets (random, greedy, heuristic, expert), alone and
mixed at one table; ``glowsim verify`` adds the learned policy `master` (every seat, 1-4
players) and the search bot (``SEARCH``: 2-4 players, search seats next to `expert` seats, a
small budget: the check is of its records, whose searched picks the reference engine replays
as rows of the record).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from itertools import product
from typing import Callable

from .play import FAST_SETS, Match, play_block
from ..spec.botparams import bot_preset

SIDES = ("province", "archipelago")
BOT_SETS = ("heuristic", "expert", "greedy", "random", "mixed")
MIXED = ("heuristic", "greedy", "random", "expert")


PLAYERS = (1, 2, 3, 4)   # 1: solo against Tom (R9), Tom's colours drawn per game (E15)
DAWN_PLAYERS = (1, 2, 3, 4, 5, 6)   # a Dawn content: solo (D16) and 2-6 players (D1, D4)


def dawn_set_choices(sets=FAST_SETS) -> list[tuple[str, ...]]:
    """Every choice of the Dawn sets among `sets` (D1), none first."""
    return [tuple(s for i, s in enumerate(sets) if (m >> i) & 1) for m in range(1 << len(sets))]
SEARCH = ("rollout", "expert")   # the search bot's tables: these two alternate
CLI_BOT_SETS = BOT_SETS + ("master", "rollout")


def seat_bot(name: str):
    """The vector a seat of a verified configuration plays: the preset, the search bot with
    2 continuations of at most 3 rows per pick."""
    if name == "rollout":
        return bot_preset("rollout", rollout_budget=2, rollout_options=3)
    return bot_preset(name)


def configs(bot_sets=BOT_SETS, players=PLAYERS) -> list[tuple[int, str, tuple[str, ...]]]:
    out = []
    for bots, n, side in product(bot_sets, players, SIDES):
        if bots in ("mixed", "rollout") and n == 1:
            continue   # one seat: nothing to mix; the search bot plays 2-4 players
        if bots == "rollout":
            seats = tuple(SEARCH[i % 2] for i in range(n))
        else:
            seats = tuple(MIXED[i % len(MIXED)] for i in range(n)) if bots == "mixed" else (bots,) * n
        out.append((n, side, seats))
    return out


@dataclass
class Divergence:
    n_players: int
    side: str
    bots: tuple
    game_index: int
    message: str
    fast_final: dict | None
    reference_final: dict | None
    record_json: str
    dawn_sets: tuple = ()

    def report(self) -> str:
        who = "solo against Tom" if self.n_players == 1 else f"{self.n_players} players"
        if self.record_json and '"dawn"' in self.record_json:
            who += f", Dawn with {'+'.join(self.dawn_sets) or 'no set'}"
        lines = [f"DIVERGENCE: {who}, {self.side}, bots {','.join(self.bots)}, "
                 f"game {self.game_index}", self.message.rstrip(), "",
                 "fast path final state:", json.dumps(self.fast_final, indent=1, sort_keys=True), "",
                 "reference engine final state:",
                 json.dumps(self.reference_final, indent=1, sort_keys=True)
                 if self.reference_final is not None else "(replay stopped before the end)"]
        return "\n".join(lines)


def verify(game, n_games: int, seed: int = 0, bot_sets=BOT_SETS, block: int = 200,
           progress: Callable[[int], None] | None = None,
           players=None) -> tuple[int, Divergence | None]:
    """Replay n_games fast-path games; returns (games checked, first divergence or None).
    ``players`` default: PLAYERS, or DAWN_PLAYERS for a Dawn content (docs/rules.md D1), whose
    games play the Dawn rules."""
    from ..engine import ReplayError, replay
    if players is None:
        players = PLAYERS if game.dawn is None else DAWN_PLAYERS
    def choices(n):
        if game.dawn is None:
            return [()]
        return dawn_set_choices(game.dawn.set_solo if n == 1 else FAST_SETS)

    cfgs = [c + (sets,) for c in configs(bot_sets, players) for sets in choices(c[0])]
    per = [n_games // len(cfgs) + (1 if i < n_games % len(cfgs) else 0) for i in range(len(cfgs))]
    done = 0
    for (n, side, seats, sets), count in zip(cfgs, per):
        m = Match(n_players=n, side=side, adventurers=[-1] * n,
                  bots=[seat_bot(b) for b in seats], bot_labels=list(seats),
                  dawn_sets=list(sets) if game.dawn is not None else None)
        start = 0
        while start < count:
            c = min(block, count - start)
            cols = play_block(game, m, seed, start, c, record=range(start, start + c))
            for rec in cols["records"]:
                try:
                    replay(game, rec)
                except ReplayError as e:
                    try:
                        ref = replay(game, rec, check_final=False)
                    except ReplayError:
                        ref = None
                    return done, Divergence(n, side, seats, rec.seed["game_index"], str(e),
                                            rec.final, ref, rec.to_json(), sets)
                done += 1
                if progress:
                    progress(done)
            start += c
    return done, None
