"""Run the unchanged reference engine as a coroutine: a game is played in its own thread that
pauses at every decision (``Game.ask``) until the caller answers.

The engine thread and the caller never run at once: the engine blocks in :meth:`Seat.decide`
while the caller reads the game and chooses; the caller blocks in :meth:`Stepper.answer` while
the engine plays on to its next decision or end.  A queue hands each message over, so what one
side wrote is seen by the other.

Decisions already known (a record's prefix, when a state is cloned or cut from a record) are
answered inside the engine thread without pausing (:class:`Prefix`); a game played out to its
end by the seats' bots (``Stepper.free``) has them decide in the engine thread too, the same
calls with the same arguments as from the caller, without a hand-over per decision.

A stepper that is dropped or closed before its game ends tells its thread to stop: the thread
raises :class:`Stopped` out of the paused ``ask`` and ends.  The thread holds no reference to
the object that owns the stepper, so dropping that object is enough (``weakref.finalize``).
"""
from __future__ import annotations

import queue
import threading

from ..spec.decisions import KIND_NAMES
from .errors import ReplayError

_STOP = object()


class Stopped(BaseException):
    """Raised in the engine thread to end a game nobody will play on (not an error)."""


class Interrupted(Exception):
    """A step stopped half-way (the caller was interrupted): the game cannot go on."""


class Prefix:
    """Decision rows answered without pausing, in order, each checked for its player and kind."""

    def __init__(self, rows):
        self.rows = rows
        self.pos = 0

    def next(self, seat: int, kind: int):
        if self.pos >= len(self.rows):
            return None
        row = self.rows[self.pos]
        if int(row[0]) != seat or int(row[1]) != kind:
            raise ReplayError(
                f"decision {self.pos}: the record has {KIND_NAMES.get(row[1], row[1])} by seat {row[0]}, "
                f"the game asks {KIND_NAMES.get(kind, kind)} by seat {seat}")
        self.pos += 1
        return tuple(int(v) for v in row[2:])


class Seat:
    """The agent the engine sees for one seat: answers from the prefix, else pauses the engine
    until the caller answers.  Other attributes (a bot's ``params``, ``name``, ``plays_solo``)
    are the seat's bot's, so bots that look at each other (2-player discard) see the bots."""

    def __init__(self, stepper: "Stepper", bot):
        self._stepper = stepper
        self.bot = bot

    def decide(self, game, seat, kind, legal):
        known = self._stepper.prefix.next(seat, kind)
        if known is not None:
            return known
        if self._stepper.free:      # played out to the end by the bots, in this thread
            return self.bot.decide(game, seat, kind, legal)
        return self._stepper.pause(seat, kind, legal)

    def __getattr__(self, name):
        bot = self.__dict__.get("bot")
        if bot is None:
            raise AttributeError(name)
        return getattr(bot, name)


class Stepper:
    """Plays ``play()`` (a function that runs a whole game and returns its outcome) in a thread.

    After :meth:`start` and each :meth:`answer`, exactly one of ``asked`` (seat, kind, legal)
    or ``ended`` (with ``outcome``, or ``error`` when an exception stopped the game: it is
    raised to the caller) holds.
    """

    def __init__(self, prefix_rows=()):
        self.prefix = Prefix(prefix_rows)
        self._to_engine: queue.SimpleQueue = queue.SimpleQueue()
        self._to_caller: queue.SimpleQueue = queue.SimpleQueue()
        self.asked = None
        self.ended = False
        self.outcome = None
        self.error = None       # the exception that stopped the game, if one did
        self.free = False       # seats' bots decide in the engine thread without pausing
        self._thread = None

    # ---- engine side ---------------------------------------------------------
    def pause(self, seat, kind, legal):
        self._to_caller.put(("ask", (seat, kind, legal)))
        msg = self._to_engine.get()
        if msg is _STOP:
            raise Stopped()
        return msg

    @staticmethod
    def _main(play, to_caller):
        try:
            out = play()
        except Stopped:
            return
        except BaseException as e:   # handed to the caller, raised there
            to_caller.put(("error", e))
            return
        to_caller.put(("end", out))

    # ---- caller side ---------------------------------------------------------
    def start(self, play) -> None:
        self._thread = threading.Thread(target=self._main, args=(play, self._to_caller),
                                        name="glowsim-gamestate", daemon=True)
        self._thread.start()
        self._wait()

    def answer(self, choice: tuple) -> None:
        self.asked = None
        self._to_engine.put(choice)
        self._wait()

    def _wait(self) -> None:
        try:
            what, payload = self._to_caller.get()
        except BaseException:
            # interrupted (Ctrl-C) while the engine plays on: it stops at its next pause
            self.ended = True
            self.error = Interrupted("a step was interrupted before the engine reached its next "
                                     "decision")
            self._to_engine.put(_STOP)
            raise
        if what == "ask":
            self.asked = payload
        elif what == "end":
            self.ended = True
            self.outcome = payload
            self._thread.join()
        else:
            self.ended = True
            self.error = payload
            self._thread.join()
            raise payload

    def close(self) -> None:
        """Stop a paused game (nothing happens to one that ended)."""
        if self.asked is not None and not self.ended:
            self.asked = None
            self.ended = True
            self._to_engine.put(_STOP)


def stop(stepper_ref) -> None:
    """Finaliser of a dropped game state: stop its paused thread."""
    stepper_ref.close()
