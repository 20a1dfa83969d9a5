"""The search space of the bot tuner: which parameters move, within what range, how far.

A fast-path bot is a parameter vector (glowsim/engine/botparams.py).  The tuner
moves the *planning* bot's parameters only: ``random`` and ``plan`` pick which
policy plays (random / greedy / heuristic) and stay as they are.  Each tuned
parameter has a kind:

* ``log``: a positive weight; a step multiplies it by ``exp(sigma * step * z)``.
* ``lin``: a margin or penalty; a step adds ``sigma * step * z``.
* ``int``: a count (the kernels truncate it to an integer); a step adds a whole number,
  at least 1, of size about ``sigma * step * |z|``.
* ``choice``: one of a few values (``w_pair``: 0, 1, 2); a step picks another.

``search_nodes`` (the province search's budget) is not tuned: it trades strength for
CPU time, and the tuner measures only strength, so it could only push the budget up
(or accept noise); it keeps the start's value and the preset file records it when it
differs from the preset.  Its value is chosen by a measured study (docs/contract.md
section 8.4, *Bot presets and the search budget*).

``z`` is a standard normal draw from the tuner's own stream (glowsim/seeding.py).
Every value is clipped to its range, and the range keeps it where the kernels
read it sensibly (positive weights, non-negative counts).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..spec.botparams import PARAM_NAMES
from ..seeding import Stream
from ..errors import UserError

LOG, LIN, INT, CHOICE = "log", "lin", "int", "choice"


@dataclass(frozen=True)
class Dim:
    name: str
    kind: str
    low: float
    high: float
    step: float = 0.0              # log: sd of log-factor per sigma 1; lin: sd of the change
    choices: tuple = ()


SPACE = (
    Dim("w_footprint", LOG, 0.1, 6.0, 0.25),
    Dim("w_firefly", LOG, 0.1, 6.0, 0.25),
    Dim("w_token", LOG, 0.1, 8.0, 0.25),
    Dim("w_future", LOG, 0.05, 4.0, 0.25),
    Dim("w_journey", LOG, 0.1, 6.0, 0.25),
    Dim("track_margin", LIN, -1.0, 6.0, 0.4),
    Dim("reroll_margin", LIN, -0.5, 2.0, 0.1),
    Dim("black_penalty", LIN, -2.0, 10.0, 0.8),
    Dim("w_small_dice", LOG, 0.05, 6.0, 0.25),
    Dim("fp_reserve", INT, 0, 4, 1.0),
    Dim("track_floor", INT, 0, 60, 8.0),
    Dim("w_pair", CHOICE, 0, 2, choices=(0.0, 1.0, 2.0)),
)
TUNED = tuple(d.name for d in SPACE)
assert all(n in PARAM_NAMES for n in TUNED), "every tuned parameter is a bot parameter"


class Rng:
    """Uniform and normal draws from one counter-based stream (glowsim/seeding.py)."""

    def __init__(self, stream: Stream):
        self.s = stream

    def uniform(self) -> float:
        return (self.s.next_u64() >> 11) / float(1 << 53)

    def integer(self, n: int) -> int:
        return self.s.uniform_int(n)

    def normal(self) -> float:
        u1 = max(self.uniform(), 1e-300)
        u2 = self.uniform()
        return math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)


def clip(vec: np.ndarray) -> np.ndarray:
    """The vector with every tuned parameter put back into its range (ints rounded)."""
    v = np.asarray(vec, np.float64).copy()
    for d in SPACE:
        i = PARAM_NAMES.index(d.name)
        x = min(max(float(v[i]), d.low), d.high)
        if d.kind == INT:
            x = float(int(round(x)))
        elif d.kind == CHOICE:
            x = min(d.choices, key=lambda c: abs(c - x))
        v[i] = x
    return v


def dims_of(names=None) -> tuple:
    """The search dimensions of the given parameter names (all of SPACE when None), checked."""
    if names is None:
        return SPACE
    out = []
    for n in names:
        if n not in TUNED:
            from ..scenarios.load import suggest
            raise UserError(f"parameter {n!r} cannot be tuned{suggest(n, TUNED)}; allowed: "
                             f"{', '.join(TUNED)}")
        out.append(SPACE[TUNED.index(n)])
    if not out:
        raise UserError(f"no parameter to tune; allowed: {', '.join(TUNED)}")
    return tuple(out)


def perturb(vec: np.ndarray, rng: Rng, sigma: float, dims: int,
            space: tuple = SPACE) -> tuple[np.ndarray, np.ndarray]:
    """A neighbour of vec: `dims` parameters of `space` (chosen at random) moved by one step of
    size sigma.  Returns (neighbour, its mirror image): the mirror moves the continuous
    parameters by the opposite step (antithetic pair), the discrete ones the same way."""
    a = np.asarray(vec, np.float64).copy()
    b = a.copy()
    order = list(range(len(space)))
    for k in range(len(order) - 1, 0, -1):    # Fisher-Yates on the tuner's stream
        j = rng.integer(k + 1)
        order[k], order[j] = order[j], order[k]
    for k in order[:max(1, min(dims, len(space)))]:
        d = space[k]
        i = PARAM_NAMES.index(d.name)
        x = float(a[i])
        if d.kind == LOG:
            z = rng.normal() * sigma * d.step
            x = max(x, d.low)
            a[i], b[i] = x * math.exp(z), x * math.exp(-z)
        elif d.kind == LIN:
            z = rng.normal() * sigma * d.step
            a[i], b[i] = x + z, x - z
        elif d.kind == INT:
            z = rng.normal() * sigma * d.step
            size = max(1, int(round(abs(z))))
            sign = 1 if z >= 0 else -1
            a[i], b[i] = x + sign * size, x - sign * size
        else:
            others = [c for c in d.choices if c != x]
            c = others[rng.integer(len(others))]
            a[i] = b[i] = c
    return clip(a), clip(b)


def changed(a: np.ndarray, b: np.ndarray) -> dict[str, tuple[float, float]]:
    """{name: (value in a, value in b)} of the parameters that differ."""
    return {n: (float(a[i]), float(b[i])) for i, n in enumerate(PARAM_NAMES) if a[i] != b[i]}
