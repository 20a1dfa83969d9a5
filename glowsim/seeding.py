"""The one randomness scheme of glowsim: counter-based streams keyed by game.

Nothing in glowsim uses global random state.  Every random draw of a game is a
pure function of ``(root seed, game index, stream, counter)``:

1. ``root_key(seed)`` turns the scenario seed (any non-negative int) into a
   64-bit key with ``numpy.random.SeedSequence(seed)`` (well mixed even for
   seeds 0, 1, 2...).
2. ``game_key(root, g) = mix(root ^ mix(g + 1))`` gives game ``g`` its own key.
   The game index is global to the scenario (0 .. n_games-1), never a worker or
   thread id, so results do not depend on how games are split across workers.
   Variants of a scenario reuse the same game keys: comparisons are paired on
   common random numbers.
3. ``stream_key(game, s) = mix(game ^ mix(s + 0x5151))`` splits a game into
   independent streams, so a change in one player's choices does not shift the
   dice of the others:

   ========================  ==============================================
   ``STREAM_SETUP``          deck shuffles, first player, spell pile
   ``STREAM_TRACK``          meeting-track dice: setup roll, black die
                             placement, evening re-rolls, Tom's dice (solo)
   ``STREAM_SEAT_DICE + p``  every roll and reroll of seat ``p``'s dice
   ``STREAM_BOT + p``        the random choices of seat ``p``'s bot
   ``STREAM_ADVENTURERS``    random adventurers
   ``STREAM_TOM``            Tom's dice colours (solo mode)
   ``STREAM_RESAMPLE``       redrawing the hidden parts of a game state
                             (:func:`resample_generator`); never used by a
                             game as it is played
   ========================  ==============================================

4. Draw ``k`` of a stream is ``mix(stream_key + (k + 1) * GOLDEN)`` (SplitMix64
   as a counter-based generator); ``uniform_int(n)`` maps the top 53 bits to
   ``0..n-1`` (bias below 2**-47 for n <= 64).

5. Forks (:mod:`glowsim.fast.fork_table`) name a decision by its index ``d`` in the game's
   decision list.  Whether decision ``d`` of game ``g`` is forked at sampling rate ``q`` is
   ``(fork_draw(game, d) >> 11) < floor(q * 2**53)`` with
   ``fork_draw(game, d) = mix(game ^ mix(d + FORK_SAMPLE_SALT))``: the same decisions
   for any split of the games.  A *resampled* continuation ``c`` of decision ``d`` gets
   ``fork_key(game, d, c) = mix(mix(game ^ mix(d + FORK_SALT)) ^ mix(c + 1))``; from the
   decision on, its streams ``STREAM_SETUP`` (the redraw of the hidden cards),
   ``STREAM_TRACK`` and ``STREAM_SEAT_DICE + p`` are ``stream_key(fork_key, s)`` with
   their counters at 0 (every alternative of one continuation gets the same ones); the
   bots' streams go on unchanged.  A *common* continuation keeps every stream as the
   game had it at the decision.

``mix`` is the SplitMix64 finaliser.  The same scheme exists twice: plain Python
integers here (:class:`Stream`, used by the reference engine) and numba-compiled
functions over a ``uint64[2]`` state ``(key, counter)`` in :mod:`glowsim.fast.kernel.streams`
(used by the kernels); tests check that both produce identical draws.  This module
imports no numba.
"""
from __future__ import annotations

import numpy as np

from .errors import UserError

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
M1 = 0xBF58476D1CE4E5B9
M2 = 0x94D049BB133111EB

STREAM_SETUP = 0
STREAM_TRACK = 1
STREAM_SEAT_DICE = 2     # + seat (0..5)
STREAM_BOT = 8           # + seat (0..5)
STREAM_ADVENTURERS = 14
STREAM_TOM = 15
N_STREAMS = 16
FORK_SAMPLE_SALT = 0x5A3 << 40   # fork_draw: which decisions are forked
FORK_SALT = 0xF0 << 40           # fork_key: the streams of a resampled continuation
STREAM_RESAMPLE = 16     # outside the N_STREAMS a game plays with


def resample_generator(seed: int, game_index: int, draw: int = 0) -> np.random.Generator:
    """A numpy Generator for redrawing hidden parts of game ``game_index`` of scenario seed
    ``seed`` (``GameState.resample_hidden``): PCG64 seeded by the key of the game's
    ``STREAM_RESAMPLE`` stream mixed with ``draw`` (0, 1, 2... for independent redraws), so
    it depends on the game and the draw only, never on a thread or worker."""
    key = stream_key(game_key(root_key(seed), game_index), STREAM_RESAMPLE)
    return np.random.Generator(np.random.PCG64([key, mix(key ^ mix(int(draw) + 1))]))


def mix(z: int) -> int:
    """SplitMix64 finaliser on Python ints."""
    z &= MASK
    z = ((z ^ (z >> 30)) * M1) & MASK
    z = ((z ^ (z >> 27)) * M2) & MASK
    return z ^ (z >> 31)


def root_key(seed: int) -> int:
    """64-bit root key of a scenario seed."""
    if not isinstance(seed, (int, np.integer)) or seed < 0:
        raise UserError(f"seed must be a non-negative integer, got {seed!r}")
    return int(np.random.SeedSequence(int(seed)).generate_state(1, np.uint64)[0])


def game_key(root: int, game_index: int) -> int:
    return mix(root ^ mix(int(game_index) + 1))


def stream_key(gkey: int, stream: int) -> int:
    return mix(gkey ^ mix(int(stream) + 0x5151))


class Stream:
    """One counter-based random stream (pure Python; the reference engine's)."""
    __slots__ = ("key", "counter")

    def __init__(self, key: int, counter: int = 0):
        self.key = key & MASK
        self.counter = counter

    def next_u64(self) -> int:
        self.counter += 1
        return mix((self.key + self.counter * GOLDEN) & MASK)

    def uniform_int(self, n: int) -> int:
        """Uniform integer in 0..n-1."""
        return ((self.next_u64() >> 11) * n) >> 53

    def shuffle(self, items: list) -> list:
        """Fisher-Yates shuffle in place (same draw order as the kernels)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.uniform_int(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


def fork_draw(gkey: int, decision: int) -> int:
    """The draw that decides whether decision `decision` of the game keyed `gkey` is forked."""
    return mix(gkey ^ mix(int(decision) + FORK_SAMPLE_SALT))


def fork_threshold(sample: float) -> int:
    """The bound on ``fork_draw >> 11`` below which a decision is forked (rate `sample`)."""
    return int(float(sample) * (1 << 53))


def fork_sampled(root: int, game_index: int, decision: int, sample: float) -> bool:
    return (fork_draw(game_key(root, game_index), decision) >> 11) < fork_threshold(sample)


def fork_key(gkey: int, decision: int, continuation: int) -> int:
    """Key of the streams of resampled continuation `continuation` of a decision."""
    return mix(mix(gkey ^ mix(int(decision) + FORK_SALT)) ^ mix(int(continuation) + 1))


def game_streams(root: int, game_index: int, n_streams: int = 16) -> np.ndarray:
    """uint64[n_streams, 2] states (key, counter=0) of all streams of one game."""
    g = game_key(root, game_index)
    out = np.zeros((n_streams, 2), np.uint64)
    for s in range(n_streams):
        out[s, 0] = stream_key(g, s)
    return out
