"""GameState: a game of the reference engine stopped at a decision, to look at, answer, copy and
play on (a forward model: legal decisions, apply, clone, observation per player, hidden parts
redrawn).

The rules are played by the unchanged engine (glowsim/engine/play.py ``run`` / solo.py
``run_solo``), paused at each ``Game.ask`` (glowsim/engine/stepper.py).  A state is therefore
the setup, the dice faces drawn and the decisions taken so far, with the streams' positions for
the dice still to come: a clone plays that prefix again in a new engine thread (no rule is
written twice), then goes on from the same stream positions, so the original and the clone
draw the same future dice for the same decisions.  Chance: every future die comes from the
seat's or the track's stream (``glowsim/seeding.py``), never from a decision; with
``chance=True`` each one is a chance node of its own (kind 0, player -1) whose face is applied
like a decision or drawn from that stream.
"""
from __future__ import annotations

import copy
import dataclasses
import numbers
import weakref
from typing import NamedTuple

import numpy as np

from .. import seeding as S
from ..content import codes as C
from ..records import GameRecord
from . import describe as _describe
from . import observe as _observe
from . import resample as _resample
from .play import (_outcome, _solo_outcome, check_players, check_solo_agent, check_start_tokens,
                   new_game,
                   new_solo_game, resolve_adventurers, run, tom_color_codes)
from .botnames import make_bot
from ..spec.decisions import KIND_NAMES
from ..errors import UserError
from .errors import IllegalDecision, ReplayError, StateError
from .game import Game
from .solo import SoloGame, run_solo
from .sources import CHANCE, ForkDice
from .stepper import Seat, Stepper, stop

ROW = 8
NAMES = {**KIND_NAMES, CHANCE: "CHANCE"}


class Kind(NamedTuple):
    """A decision kind: its code (contract.md section 3) and name."""
    code: int
    name: str


@dataclasses.dataclass
class _Spec:
    """What starts the engine at a state: everything but the decisions and dice to come."""
    content: object
    solo: bool
    n_players: int
    side: int
    advs: list            # adventurer rows per seat as the game starts (-1: drafted, E19)
    colors: list | None   # Tom's dice colours (solo)
    setup: dict
    seed: dict | None
    chance: bool = False  # every die after the first decision is a chance node


def _checked(check, *args):
    """``check(*args)``, an argument it refuses (its UserError) raised as the StateError this
    API promises; any other error is not the caller's and goes on as it is."""
    try:
        return check(*args)
    except UserError as e:
        raise StateError(str(e)) from None


def _whole(x) -> bool:
    return isinstance(x, numbers.Integral) and not isinstance(x, bool) and x >= 0


def _clone_bot(bot):
    if bot is None:
        return None
    if hasattr(bot, "clone"):
        return bot.clone()
    return copy.deepcopy(bot)


class GameState:
    """One game of Glow (1-4 players, solo against Tom at 1; both board sides) stopped at a
    decision.

    Made like :func:`~glowsim.engine.play_game` (``n_players`` 2-4) or
    :func:`~glowsim.engine.play_solo` (``n_players=1``: ``adventurers`` a list of one,
    ``bots`` a list of one, ``tom_colors`` as there), or from a record cut at a decision
    (:meth:`from_record`).  ``bots`` (default ``greedy`` at every seat) play the seats in
    :meth:`step_bot` / :meth:`play_bots`; any decision may instead be given with :meth:`apply`.
    Stepped with the seats' bots, the game is the one ``play_game`` / ``play_solo`` plays for the
    same arguments (record and final state alike).  ``agents`` may give objects with
    ``decide(game, seat, kind, legal)`` instead of ``bots`` (copied by their ``clone()`` if they
    have one, else deep-copied, when the state is cloned).

    ``chance=True`` makes every die rolled after the first decision a chance node: player -1,
    kind 0 (CHANCE), rows ``(-1, 0, face, whose die (seat, -1 the track), -1, -1, -1, -1)``,
    each face with probability 1/6 (:meth:`chance_outcomes`); :meth:`apply` sets the face, and
    :meth:`step_bot` / :meth:`play_bots` draw it from the die's stream as ``play_game`` does.

    A state runs its game in a thread paused at the decision; it ends with the game, on
    :meth:`close`, or when the state is dropped.  Use one state from one thread at a time.
    """

    def __init__(self, content, n_players: int = 4, side: str = "province", adventurers=None,
                 bots=None, root_seed: int = 0, game_index: int = 0, start_tokens=None,
                 tom_colors=None, agents=None, chance: bool = False, dawn_sets=None):
        if bots is not None and agents is not None:
            raise StateError("give the seats either bots (names or vectors) or agents (objects), not both")
        if agents is not None and len(agents) != n_players:
            raise StateError(f"{len(agents)} agents given for {n_players} players")
        most = 6 if getattr(content, "dawn", None) is not None else 4     # D4
        if not isinstance(n_players, numbers.Integral) or not 1 <= n_players <= most:
            raise StateError(f"n_players must be 1 (solo against Tom), 2, 3 or 4"
                             f"{' (5 or 6 with Dawn)' if most == 6 else ''}, got {n_players!r}")
        if side not in C.SIDE_CODE:
            raise StateError(f"side must be 'province' or 'archipelago', got {side!r}")
        if not _whole(game_index):
            raise StateError(f"game_index must be a non-negative integer, got {game_index!r}")
        root = _checked(S.root_key, root_seed)
        # every argument checked before the engine starts: what it raises after is not the caller's
        if n_players > 1 and getattr(content, "dawn", None) is not None:
            _checked(check_players, content, n_players, dawn_sets)
        elif dawn_sets and getattr(content, "dawn", None) is None:
            raise StateError("dawn_sets need the Dawn content (load_game(dawn=True), D1)")
        if n_players == 1:
            if adventurers is not None and len(adventurers) != 1:
                raise StateError(f"{len(adventurers)} adventurers given for 1 player")
            if bots is not None and len(bots) != 1:
                raise StateError(f"{len(bots)} bots given for 1 player")
            if start_tokens is not None:
                raise StateError("start_tokens is for 2-4 player games (E18); the solo player "
                                 "gets no reroll tokens (E16)")
            adventurer = adventurers[0] if adventurers else None
            adv = _checked(resolve_adventurers, content, [adventurer], 1, root, game_index)[0]
            if tom_colors is not None:
                _checked(tom_color_codes, content, adv, tom_colors)
            agent = agents[0] if agents else _checked(make_bot, bots[0] if bots else "greedy",
                                                       root, game_index, 0)
            _checked(check_solo_agent, agent)
        else:
            if tom_colors is not None:
                raise StateError("tom_colors is for solo games (n_players=1) only")
            _checked(resolve_adventurers, content, adventurers, n_players, root, game_index)
            _checked(check_start_tokens, start_tokens, n_players)
            if agents is None:
                names = bots or ["greedy"] * n_players
                if len(names) != n_players:
                    raise StateError(f"{len(names)} bots given for {n_players} players")
                agents = [_checked(make_bot, b, root, game_index, s) for s, b in enumerate(names)]
        stepper = Stepper()
        made = {}

        def wrap(agents):
            made["bots"] = list(agents)
            return [Seat(stepper, a) for a in agents]

        dice = ForkDice.live(root, game_index)
        if n_players == 1:
            game, setup = _checked(lambda: new_solo_game(
                content, side, adventurer, None, root_seed, game_index, tom_colors, agent=agent,
                wrap_agents=wrap, dice=dice, dawn_sets=dawn_sets))
            colors = [d.color for d in game.tom.dice]
        else:
            game, setup = new_game(content, n_players, side, adventurers, None, root_seed,
                                   game_index, agents=agents, start_tokens=start_tokens,
                                   wrap_agents=wrap, dice=dice, dawn_sets=dawn_sets)
            colors = None
        spec = _Spec(content=content, solo=n_players == 1, n_players=n_players,
                     side=C.SIDE_CODE[side], advs=list(game.adventurers), colors=colors,
                     setup=copy.deepcopy(setup), seed=dict(game.record.seed), chance=bool(chance))
        self._begin(spec, game, stepper, made["bots"], dice)

    def __repr__(self) -> str:
        spec = self._spec
        what = "solo against Tom" if spec.solo else f"{spec.n_players} players"
        if self._stepper.error is not None:
            where = "stopped by an error"
        elif self.is_terminal:
            where = f"ended, scores {self.scores}"
        else:
            who = "chance" if self.current_player < 0 else f"P{self.current_player}"
            where = f"round {self.round}, {who} to decide {self.decision_kind.name}"
        return f"<GameState {what}, {C.SIDES[spec.side]}: {where}>"

    # ---- making states -------------------------------------------------------
    @classmethod
    def _start(cls, spec: _Spec, bots, dice, decisions, chance_now: bool = False,
               given: bool = True) -> "GameState":
        """A state from its spec, playing `decisions` (rows) first without pausing (chance
        nodes from the first die past the dice's faces if `chance_now`, else from the first
        pause on).  `given`: the setup and decisions are the caller's (a record, a position, a
        redrawn arrangement), not the state's own."""
        self = cls.__new__(cls)
        stepper = Stepper([list(r) for r in decisions])
        seats = [Seat(stepper, b) for b in bots]
        if spec.solo:
            game = SoloGame(spec.content, spec.side, spec.advs[0], spec.colors, seats[0], dice)
        else:
            game = Game(spec.content, spec.n_players, spec.side, list(spec.advs), seats, dice)
        game.record.seed = dict(spec.seed) if spec.seed else None
        self._begin(spec, game, stepper, bots, dice, chance_now, given)
        return self

    def _begin(self, spec, game, stepper, bots, dice, chance_now: bool = False,
               given: bool = False) -> None:
        """Start the game's thread up to its first decision.  With `given` setup and decisions
        (the caller's), those the rules refuse are a StateError; otherwise (a new game, a
        clone) the arguments were checked and an error is the engine's, raised as it is."""
        self._spec = spec
        self._game = game
        self._stepper = stepper
        self._bots = list(bots)
        self._dice = dice
        setup = copy.deepcopy(spec.setup)
        if spec.solo:
            def play():
                counts, tom = run_solo(game, setup)
                return _solo_outcome(game, counts, tom, None)
        else:
            def play():
                return _outcome(game, run(game, setup), None)
        self._finalizer = weakref.finalize(self, stop, stepper)
        if spec.chance and chance_now:
            dice.pause = stepper.pause
        try:
            stepper.start(play)
        except (IllegalDecision, ReplayError) as e:
            if not given:
                raise
            raise StateError(f"the decisions given do not replay: {e}") from None
        except (ValueError, IndexError, KeyError) as e:   # a record's setup the rules cannot deal
            if not given:
                raise
            raise StateError(f"the record does not fit the game: {e!s}") from None
        if spec.chance:
            dice.pause = stepper.pause

    @classmethod
    def from_record(cls, content, record: GameRecord, k: int, bots=None,
                    chance: bool = False) -> "GameState":
        """The game of `record` stopped before its decision `k` (0 = before the first; k =
        len(record.decisions): where the record ends).

        Dice to come: with the record's seed, the game's streams at the positions the record
        reached (checked: the seed must give the record's faces up to the cut), so the rest of
        the record's decisions play its game again and other decisions draw the dice those seats
        and the track would have drawn; a record without a seed (or whose seed does not give its
        faces) plays its own remaining faces in order (the state's record then has no seed) and
        a game needing more raises StateError.
        `bots` (default ``greedy`` per seat) start fresh at the cut, their streams those of the
        record's seed (seed 0, game 0 without one)."""
        if not isinstance(record, GameRecord):
            raise StateError(f"from_record needs a GameRecord, got {type(record).__name__}")
        if record.content_hash != content.hash:
            raise StateError(f"record was made with content {record.content_hash}, this content is "
                             f"{content.hash}")
        n_dec = len(record.decisions)
        if isinstance(k, bool) or not isinstance(k, numbers.Integral) or not 0 <= k <= n_dec:
            raise StateError(f"decision index k={k!r} is outside the record: allowed 0..{n_dec}")
        for i, row in enumerate(record.decisions):
            if len(row) != ROW:
                raise StateError(f"record decision {i} has {len(row)} ints, a row has {ROW}")
        spec = cls._record_spec(content, record)
        spec.chance = bool(chance)
        seed = record.seed or {}
        if not isinstance(seed, dict) or not all(_whole(seed.get(k, 0))
                                                 for k in ("root", "game_index")):
            raise StateError(f"record seed {record.seed!r} is not {{root, game_index}} of "
                             f"non-negative ints")
        root, gi = S.root_key(int(seed.get("root", 0))), int(seed.get("game_index", 0))
        names = bots if bots is not None else ["greedy"] * spec.n_players
        if len(names) != spec.n_players:
            raise StateError(f"{len(names)} bots given for {spec.n_players} players")
        made = [_checked(make_bot, b, root, gi, s) for s, b in enumerate(names)]
        prefix = record.decisions[:k]
        if record.seed:
            g = S.game_key(root, gi)
            dice = ForkDice(streams={sid: (S.stream_key(g, sid), 0) for sid in range(S.N_STREAMS)},
                            expect=record.dice)
            try:
                state = cls._start_checked(spec, made, dice, prefix, k)
            except StateError:
                if not dice.mismatch:
                    raise
                state = None     # the seed's dice are not the record's: play the record's faces
            dice.checking = False
            if not dice.mismatch:
                return state
            if state is not None:
                state.close()
            made = [make_bot(b, root, gi, s) for s, b in enumerate(names)]
        spec.seed = None
        return cls._start_checked(spec, made, ForkDice(faces=record.dice), prefix, k)

    @classmethod
    def from_position(cls, content, setup: dict, adventurers, side: str = "province", bots=None,
                      root_seed: int = 0, game_index: int = 0) -> "GameState":
        """A 2-4 player game started at a position (a recruit pick or a player's rerolls after
        their roll: a setup with ``position``, as
        glowsim/engine/position.py reads it; glowsim/position builds it from a position file),
        stopped at its first decision.  `adventurers`: ids per seat; `bots` as in the
        constructor; the dice to come are the streams of (`root_seed`, `game_index`), and the
        state's record has no seed."""
        if side not in C.SIDE_CODE:
            raise StateError(f"side must be 'province' or 'archipelago', got {side!r}")
        n = len(adventurers)
        if not 2 <= n <= 4:
            raise StateError(f"a position has 2-4 players, got {n}")
        cat = content.catalog
        unknown = [a for a in adventurers if a not in cat.adventurer_ids]
        if unknown:
            raise StateError(f"unknown adventurer {unknown[0]!r}; allowed: "
                             f"{', '.join(cat.adventurer_ids)}")
        if not _whole(game_index):
            raise StateError(f"game_index must be a non-negative integer, got {game_index!r}")
        advs = [cat.adventurer_row(a) for a in adventurers]
        root = _checked(S.root_key, root_seed)
        names = bots if bots is not None else ["greedy"] * n
        if len(names) != n:
            raise StateError(f"{len(names)} bots given for {n} players")
        made = [_checked(make_bot, b, root, game_index, s) for s, b in enumerate(names)]
        spec = _Spec(content=content, solo=False, n_players=n, side=C.SIDE_CODE[side],
                     advs=advs, colors=None, setup=copy.deepcopy(setup), seed=None)
        return cls._start(spec, made, ForkDice.live(root, game_index), [])

    @classmethod
    def _start_checked(cls, spec, bots, dice, prefix, k) -> "GameState":
        state = cls._start(spec, bots, dice, prefix)
        if state._stepper.prefix.pos != k:
            state.close()
            raise StateError(f"the record's game ends after {state._stepper.prefix.pos} decisions, "
                             f"before decision {k}")
        return state

    @staticmethod
    def _record_spec(content, record: GameRecord) -> _Spec:
        cat = content.catalog
        if record.side not in C.SIDE_CODE:
            raise StateError(f"record side {record.side!r} is not province or archipelago")
        if any(a not in cat.adventurer_ids for a in record.adventurers):
            raise StateError(f"record names unknown adventurers {record.adventurers}")
        advs = [cat.adventurer_row(a) for a in record.adventurers]
        setup = copy.deepcopy(record.setup)
        colors = None
        if record.solo:
            if len(advs) != 1:
                raise StateError(f"a solo record has one adventurer, this one {len(advs)}")
            try:
                colors = [C.COLOR_CODE[c] for c in setup["tom_colors"]]
            except (KeyError, TypeError):
                raise StateError("solo record setup: tom_colors must name two dice colours") from None
            n = 1
        else:
            for s in setup.get("draft") or []:
                if not 0 <= int(s) < len(advs):
                    raise StateError(f"record setup: draft names seat {s}, not a seat")
                advs[int(s)] = -1
            n = record.n_players
            most = 6 if getattr(content, "dawn", None) is not None else 4     # D4
            if not 2 <= n <= most or len(advs) != n:
                raise StateError(f"record has {n} players and {len(advs)} adventurers; allowed: "
                                 f"2-{most} players, one adventurer each")
        return _Spec(content=content, solo=bool(record.solo), n_players=n,
                     side=C.SIDE_CODE[record.side], advs=advs, colors=colors, setup=setup,
                     seed=dict(record.seed) if record.seed else None)

    def clone(self) -> "GameState":
        """An independent copy: the same game at the same decision, the same future dice and
        the seats' bots copied at their point; applying to one leaves the other as it is."""
        rec, d = self._game.record, self._dice
        # the faces drawn, then what the original still has to give: its record's faces not yet
        # played (a cut record without seed), then its streams from where they are
        dice = ForkDice(faces=rec.dice + d.faces[d.pos:], streams=d.positions())
        return GameState._start(self._spec, [_clone_bot(b) for b in self._bots], dice,
                                rec.decisions, chance_now=True, given=False)

    def close(self) -> None:
        """End the paused game's thread now (dropping the state does the same)."""
        self._finalizer()

    # ---- where the game is ---------------------------------------------------
    @property
    def game(self):
        """The engine's Game at this decision (glowsim/engine/game.py): read it, never change it."""
        return self._game

    @property
    def is_terminal(self) -> bool:
        """The game has ended (a game stopped by an error is not terminal: it cannot go on)."""
        return self._stepper.ended and self._stepper.error is None

    def _stopped(self) -> str:
        return f"the game cannot go on: {self._stepper.error}"

    @property
    def current_player(self) -> int | None:
        """The seat to decide (Tom's boat, solo: seat 0), -1 at a chance node, None at the end."""
        a = self._stepper.asked
        return None if a is None else a[0]

    @property
    def decision_kind(self) -> Kind | None:
        """The decision asked: ``Kind(code, name)``, e.g. ``Kind(1, 'RECRUIT')``; None at the end."""
        a = self._stepper.asked
        return None if a is None else Kind(a[1], NAMES[a[1]])

    @property
    def round(self) -> int:
        """The round being played (0 before setup: the adventurer draft)."""
        st = self._game.state
        return st.round if st is not None else 0

    def legal_decisions(self) -> list[tuple]:
        """The decision rows the rules allow now: ``(player, kind, a, b, c, d, e, f)``, in the
        engine's order (empty at the end)."""
        a = self._stepper.asked
        if a is None:
            return []
        seat, kind, legal = a
        return [(seat, kind, *x) for x in legal]

    @property
    def is_chance_node(self) -> bool:
        """A die is being rolled (states made with ``chance=True``): the rows are its faces."""
        a = self._stepper.asked
        return a is not None and a[1] == CHANCE

    def chance_outcomes(self) -> list[tuple]:
        """At a chance node: ``(row, probability)`` for each face (1/6 each)."""
        if not self.is_chance_node:
            raise StateError("not a chance node: chance_outcomes is asked where a die is rolled")
        return [(r, 1.0 / 6.0) for r in self.legal_decisions()]

    def describe(self, row) -> str:
        """A readable text of a decision row at this state, e.g. "P2 recruits B04 Torkos (space 3)"."""
        row = self._checked(row)
        return _describe.describe(self._game, row)

    # ---- playing on ----------------------------------------------------------
    def _checked(self, row) -> tuple:
        if self._stepper.error is not None:
            raise StateError(self._stopped())
        if self._stepper.ended:
            raise StateError(f"the game has ended: no decision can be applied (got {list(row)!r})"
                             if isinstance(row, (list, tuple)) else "the game has ended")
        try:
            vals = list(row)
        except TypeError:
            raise StateError(f"a decision is a row of {ROW} ints, got {row!r}") from None
        if len(vals) != ROW:
            raise StateError(f"a decision is a row of {ROW} ints [player, kind, a..f], got "
                             f"{len(vals)}: {vals}")
        if any(isinstance(v, bool) or not isinstance(v, numbers.Integral) for v in vals):
            raise StateError(f"a decision is a row of {ROW} ints, got {vals}")
        vals = tuple(int(v) for v in vals)
        seat, kind, legal = self._stepper.asked
        who = "chance" if seat < 0 else f"P{seat}"
        if vals[0] != seat:
            raise StateError(f"{list(vals)}: player {vals[0]} does not decide now; {who} decides "
                             f"({NAMES[kind]})")
        if vals[1] != kind:
            raise StateError(f"{list(vals)}: kind {vals[1]} ({NAMES.get(vals[1], 'no such kind')}) "
                             f"is not asked now; {who} decides {NAMES[kind]} ({kind})")
        if vals[2:] not in legal:
            shown = [list(x) for x in legal[:8]]
            raise StateError(f"{list(vals)}: not a legal {NAMES[kind]} for {who} in round "
                             f"{self.round}; {len(legal)} legal, e.g. "
                             f"{[[seat, kind, *x] for x in shown]}")
        return vals

    def apply(self, row) -> "GameState":
        """Take decision `row` (one of :meth:`legal_decisions`); the game plays on to the next
        decision or its end.  Returns the state itself (changed)."""
        vals = self._checked(row)
        try:
            self._stepper.answer(vals[2:])
        except ReplayError as e:
            raise StateError(str(e)) from None
        return self

    def step_bot(self) -> tuple:
        """The deciding seat's bot takes the decision; returns the row applied."""
        a = self._stepper.asked
        if a is None:
            raise StateError(self._stopped() if self._stepper.error is not None
                             else "the game has ended: no bot to step")
        seat, kind, legal = a
        if kind == CHANCE:   # the die's own stream gives the face, as in play_game
            streams = self._dice.streams
            if streams is None:
                raise StateError("a chance node of a record without seed: choose the face with apply")
            whose = legal[0][1]
            sid = S.STREAM_TRACK if whose < 0 else S.STREAM_SEAT_DICE + whose
            choice = (streams[sid].uniform_int(6), whose, -1, -1, -1, -1)
        else:
            choice = self._bots[seat].decide(self._game, seat, kind, legal)
        row = (seat, kind, *(int(v) for v in choice))
        self.apply(row)
        return row

    def play_bots(self, until=None, max_decisions: int | None = None) -> "GameState":
        """Let the seats' bots decide until the end, or until ``until(state)`` is true (checked
        before each decision), or `max_decisions` were taken.  Returns the state itself."""
        if until is None and max_decisions is None and not self._spec.chance \
                and not self._stepper.ended:
            # to the end: after this decision the bots decide in the engine thread (the same
            # calls as step_bot makes, without a thread hand-over per decision)
            self._stepper.free = True
            self.step_bot()
            return self
        n = 0
        while not self._stepper.ended and (until is None or not until(self)):
            if max_decisions is not None and n >= max_decisions:
                break
            self.step_bot()
            n += 1
        return self

    # ---- what the game holds -------------------------------------------------
    @property
    def record(self) -> GameRecord:
        """The game record so far (a copy; with ``final`` once the game has ended); it replays
        through ``glowsim.engine.replay`` when complete."""
        rec = self._game.record
        setup = rec.setup if rec.setup else self._spec.setup
        return dataclasses.replace(
            rec, adventurers=list(rec.adventurers), setup=copy.deepcopy(setup), dice=list(rec.dice),
            decisions=[list(r) for r in rec.decisions], final=copy.deepcopy(rec.final),
            seed=dict(rec.seed) if rec.seed else None)

    @property
    def outcome(self):
        """The GameOutcome (record, final state, table rows) of the ended game."""
        if self._stepper.error is not None:
            raise StateError(self._stopped())
        if not self._stepper.ended:
            raise StateError("the game has not ended: no outcome yet")
        return self._stepper.outcome

    @property
    def scores(self) -> list[int]:
        """Final score per seat (R8) once the game has ended (solo: Tom's is ``outcome.game['tom_score']``)."""
        return [p["score"] for p in self.outcome.players]

    @property
    def win_shares(self) -> list[float]:
        """Win share per seat (E9: 1/k among k tied winners; solo: 1.0 if more than Tom)."""
        return [p["win_share"] for p in self.outcome.players]

    # ---- what a player sees --------------------------------------------------
    def observation(self, player: int) -> dict:
        """What `player` may see now, as plain data (lists, dicts, ints, strings): the public
        board, every player's public holdings, the player's own spell tokens (others': only how
        many and from which round they are active), the sizes but not the order of the draw
        pile, decks, box and spell pile, and the decision asked (with its legal rows when it is
        the player's).  Never the order of a pile, another player's tokens or a die to come."""
        if not isinstance(player, numbers.Integral) or not 0 <= player < self._spec.n_players:
            raise StateError(f"player {player!r} is not a seat of this {self._spec.n_players}-player game")
        return _observe.observation(self, int(player))

    def resample_hidden(self, rng: np.random.Generator, player: int | None = None,
                        tries: int = 64) -> "GameState":
        """A new state equal in everything `player` (default: the one deciding) sees, with the
        hidden parts drawn again from `rng`: the order of the companions not yet seen (the draw
        pile and the box, each card within its deck A or B; solo: decks A and B, Tom's tile
        deck and reshuffle), the spell pile's order and the other players' spell tokens still
        held, and every die to come (new streams keyed by a draw of `rng`).

        Other players' tokens must fit what happened: the game is played again with them and
        kept only if `player`'s observation is unchanged (their RESOLVE/LOSE rows naming a
        token follow it); after `tries` misfits those tokens stay as they are and only the
        rest is redrawn.  `rng`: a numpy Generator, for reproducible results built from the
        seeding scheme: ``glowsim.seeding.resample_generator(seed, game_index, draw)``.
        The seats' bots are copied at their point, as in :meth:`clone`."""
        if not isinstance(rng, np.random.Generator):
            raise StateError(f"rng must be a numpy Generator (see glowsim.seeding.resample_generator), "
                             f"got {type(rng).__name__}")
        if player is None:
            player = self.current_player
            if player is None or player < 0:
                raise StateError("no player decides now (the end, or a chance node): give the "
                                 "player whose view to keep")
        want = self.observation(player)
        rec = self._game.record
        for attempt in range(tries + 1):
            swap_spells = attempt < tries
            setup, decisions = _resample.redraw(self, int(player), rng, swap_spells)
            g = int(rng.integers(0, 2**63))
            dice = ForkDice(faces=rec.dice,
                            streams={sid: (S.stream_key(g, sid), 0) for sid in range(S.N_STREAMS)})
            spec = dataclasses.replace(self._spec, setup=setup, seed=None)
            try:
                new = GameState._start(spec, [_clone_bot(b) for b in self._bots], dice, decisions,
                                       chance_now=True)
            except StateError:
                if not swap_spells:
                    raise
                continue
            if new._stepper.prefix.pos == len(decisions) and new._dice.pos == len(rec.dice) \
                    and new.observation(player) == want:
                return new
            new.close()
            if not swap_spells:
                raise StateError("the hidden parts cannot be redrawn consistently with this state")
        raise AssertionError("unreachable")
