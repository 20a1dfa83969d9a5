"""The parameter bot of the reference engine: the fast path's bots (glowsim/fast/bots) in
plain Python, configured by the same parameter vector (glowsim/engine/botparams.py).

As in the fast path's dispatch (glowsim/fast/bots/policy.py): ``random`` > 0.5 plays as
the `random` bot, else ``plan`` <= 0.5 as the `greedy` bot, else the planning heuristic
of this package, whose recruit picks, rerolls and Archipelago moves the learned policy
(``learned.py``, preset `master`; in a Dawn game its recruit picks, ``dawnlearned.py``) takes
when ``learned`` names them.  Given the same seed,
every decision is the kernel's (tests/fast/test_same_games_as_engine_heuristic.py).

State kept between decisions of one game, as the kernel keeps it: the reroll table of the
round (built at the first REROLL decision), the Province plan of the afternoon and the
spaces entered.
"""
from __future__ import annotations

import copy

import numpy as np

from ...seeding import Stream
from ...spec.botparams import LEARNED_BITS, PRESETS
from ...spec import decisions as D
from ..bots import GreedyBot, RandomBot
from . import dawnlearned, dawnplan, draft, journeys, learned, noon, rerolls
from .precomputed import bot_tables
from .view import View, params_from


def agent_params(agent):
    """The parameter vector another seat plays with: its own, else its preset's
    (a reference `random` or `greedy` bot is the fast path's preset of that name)."""
    vec = getattr(agent, "params", None)
    if vec is not None:
        return vec
    return PRESETS.get(getattr(agent, "name", ""), PRESETS["heuristic"])


class HeuristicBot:
    """``decide(game, seat, kind, legal)`` with a parameter vector (default: `heuristic`)."""
    name = "heuristic"

    def __init__(self, stream, params=None):
        self.params = np.array(PRESETS["heuristic"] if params is None else params, np.float64)
        self.w = params_from(self.params)
        self.rng = stream
        self.delegate = None
        if self.w.random > 0.5:
            self.delegate = RandomBot(stream)
        elif self.w.plan <= 0.5:
            self.delegate = GreedyBot(stream)
        self.plays_solo = self.delegate is not None   # the planner has no solo mode (R9)
        self.learns = int(self.w.learned)             # botparams LEARNED_BITS
        self.table = None                  # rerolls.RoundTable of the current round
        self.plan = journeys.ProvincePlan()

    def clone(self):
        """The same bot at the same point of its game: its own stream copy (shared with its
        delegate as here), the round's reroll table (read-only once built) and a copy of the
        afternoon's plan."""
        new = copy.copy(self)
        new.rng = Stream(self.rng.key, self.rng.counter)
        if self.delegate is not None:
            new.delegate = type(self.delegate)(new.rng)
        new.plan = copy.deepcopy(self.plan)
        return new

    def decide(self, game, seat, kind, legal):
        if self.delegate is not None:
            return self.delegate.decide(game, seat, kind, legal)
        if game.dawn is not None:
            # a Dawn game (D1-D18): the recruit picks and rerolls are the planner's over
            # Dawn's dice and cards (dawnplan.py), the afternoon the planner's (journeys.py);
            # every other decision takes the greedy bot's rules (the Dawn ones: dawnbots.py)
            if kind == D.RECRUIT:
                v = View(bot_tables(game.content), game, seat, self.w)
                if self.learns & LEARNED_BITS["dawn"]:
                    return dawnlearned.recruit(v, self.params, legal)
                return dawnplan.recruit(v, legal)
            if kind == D.REROLL:
                return dawnplan.reroll(View(bot_tables(game.content), game, seat, self.w), legal)
            if kind == D.PROVINCE_MOVE:
                return journeys.province_move(View(bot_tables(game.content), game, seat, self.w),
                                              self.plan, legal)
            if kind == D.ARCHI_MOVE:
                return journeys.archi_move(View(bot_tables(game.content), game, seat, self.w))
            return GreedyBot(self.rng).decide(game, seat, kind, legal)
        v = View(bot_tables(game.content), game, seat, self.w)
        if kind == D.ADVENTURER:
            return draft.adventurer(v, legal)
        if kind == D.RECRUIT:
            if self.learns & LEARNED_BITS["recruit"]:
                return learned.recruit(v, self.params, legal)
            return draft.recruit(v)
        if kind == D.DISCARD_2P:
            other = 1 - seat
            return draft.discard2p(View(v.bt, game, other, params_from(agent_params(game.agents[other]))),
                                   legal)
        if kind == D.SKETAL_DIE:
            return draft.sketal_die(v, legal)
        if kind == D.REROLL:
            if self.table is None or self.table.round != v.round:
                self.table = rerolls.RoundTable(v)
            if self.learns & LEARNED_BITS["reroll"]:
                return learned.reroll(v, self.table, self.params)
            return rerolls.choose_reroll(v, self.table)
        if kind == D.RESOLVE:
            return noon.resolve(v, legal)
        if kind == D.CROMAUG:
            return noon.cromaug(v, legal)
        if kind == D.LOSE:
            return noon.lose(v)
        if kind == D.PROVINCE_MOVE:
            return journeys.province_move(v, self.plan, legal)
        if kind == D.ARCHI_MOVE:
            if self.learns & LEARNED_BITS["move"]:
                return learned.archi_move(v, self.params, legal)
            return journeys.archi_move(v)
        raise ValueError(f"the heuristic bot cannot answer a {D.KIND_NAMES.get(kind, kind)} decision "
                         f"(it plays 2-4 player games; solo games take `greedy` or `random`)")
