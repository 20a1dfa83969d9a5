"""The fast path compiles one core (glowsim/fast/entry/core.py) for the games, the solo games, the
forks, the search bot and the feature capture: once it is compiled, none of them compiles anything more; each
kernel is compiled once whatever constants its callers pass."""
from __future__ import annotations

import numpy as np
import pytest

from .conftest import JIT

pytestmark = pytest.mark.skipif(not JIT, reason="compiled code only")


class _Compiles:
    """numba's compile events of functions called from Python (nested ones not counted)."""

    def __init__(self):
        from numba.core import event
        self.names, self.depth = [], 0

        class L(event.Listener):
            def on_start(_, ev):
                self.depth += 1
                if self.depth == 1:
                    self.names.append(ev.data["dispatcher"].py_func.__qualname__)

            def on_end(_, ev):
                self.depth -= 1

        self.listener = L()

    def __enter__(self):
        from numba.core import event
        event.register("numba:compile", self.listener)
        return self

    def __exit__(self, *exc):
        from numba.core import event
        event.unregister("numba:compile", self.listener)


def test_every_operation_runs_on_the_one_compiled_core(game, compiled):
    from glowsim.compiling import compiled as is_compiled, prepare
    from glowsim.fast import Match, bot_preset, play_block
    from glowsim.fast.entries import FAST_RUN
    from glowsim.fast.fork_table import play_forks
    from glowsim.fast.learned_features import capture_features
    prepare(FAST_RUN, False)
    assert is_compiled("core") and is_compiled("tables")
    four = Match(4, "archipelago", bots=[bot_preset("heuristic")] * 4)
    search = Match(3, "province", bots=[bot_preset("rollout", rollout_budget=2)] + [bot_preset("greedy")] * 2)
    with _Compiles() as seen:
        play_block(game, four, 1, 0, 3, record=[1])
        play_block(game, Match(1, "province", bots=[bot_preset("heuristic")]), 1, 0, 2, record=[0])
        play_forks(game, four, 1, 0, 2, kind="reroll", sample=0.5, mode="resampled",
                   continuations=2, threads=1, record=True)
        play_block(game, search, 1, 0, 1, record=[0], workers=1)
        play_forks(game, search, 1, 0, 1, kind="recruit", sample=1.0, threads=1)
        master = Match(3, "archipelago", bots=[bot_preset("master")] * 3)
        t = capture_features(game, master, 1, 0, 2, kinds=("recruit", "reroll", "move"),
                             sample=0.5, threads=1)
    assert len(t["game"]) > 0
    assert seen.names == []


def test_a_kernel_is_compiled_once_for_every_constant_its_callers_pass():
    from numba import njit

    from glowsim.fast.jit import kernel

    @kernel
    def scaled(a, k):
        return a * k

    @njit
    def calls(a):
        return scaled(a, 2) + scaled(a, 3) + scaled(a, np.int64(4))

    assert calls(5) == 45
    assert len(scaled.overloads) == 1
    (sig,) = scaled.overloads
    assert [str(t) for t in sig] == ["int64", "int64"]
