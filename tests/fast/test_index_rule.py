"""The index rule of the fast path's kernels (glowsim/fast/numba_patches.py, the index hook):
in the kernels (functions of the fast path's decorators) a signed runtime index is used as it
is (no negative-index wraparound); elsewhere numba's rule is kept; with NUMBA_BOUNDSCHECK=1 a negative index in
the package is an IndexError, so a bounds-checked run proves the kernels never use one."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from numba import njit
from numba.core import config

import glowsim

ROOT = Path(glowsim.__file__).resolve().parent.parent
JIT = not config.DISABLE_JIT

PROBE = textwrap.dedent("""
    from numba import njit
    from glowsim.fast.jit import entry

    @entry
    def get(a, i):
        return a[i]

    @njit
    def get_plain(a, i):
        return a[i]
""")


def _run(tmp_path, code: str, timeout: int = 300, **env) -> subprocess.CompletedProcess:
    """Python code in a fresh process with a module `glowsim_index_probe`: `get`, made by the
    fast path's decorator (the hook applies to it), and `get_plain`, numba's own njit (its name
    holds "glowsim" too, but it is not a registered kernel)."""
    (tmp_path / "glowsim_index_probe.py").write_text(PROBE)
    e = {k: v for k, v in os.environ.items() if k not in ("NUMBA_DISABLE_JIT", "NUMBA_BOUNDSCHECK")}
    e.update(PYTHONPATH=os.pathsep.join([str(ROOT), str(tmp_path)]), **env)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=e, cwd=tmp_path,
                          capture_output=True, text=True, timeout=timeout)


@pytest.mark.skipif(os.environ.get("NUMBA_DISABLE_JIT", "0") != "0", reason="compiled code only")
def test_numba_keeps_wraparound_outside_the_package():
    @njit
    def get(a, i):
        return a[i]

    assert get(np.arange(10), -1) == 9


def test_package_function_uses_a_negative_index_as_it_is(tmp_path):
    # a view starting at a[5]: index -1 reads a[4] without wraparound (a[9] with it)
    r = _run(tmp_path, """
        import numpy as np, glowsim_index_probe as g
        a = np.arange(10)
        print(g.get(a[5:], 2), g.get(a[5:], -1))
    """)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["7", "4"]


def test_numba_keeps_wraparound_for_unregistered_functions(tmp_path):
    # the hook is keyed on the registry of kernels, not on a name: get_plain wraps around
    r = _run(tmp_path, """
        import numpy as np, glowsim_index_probe as g
        a = np.arange(10)
        print(g.get(a[5:], -1), g.get_plain(a[5:], -1), g.get_plain(a[5:], 2))
    """)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["4", "9", "7"]


def test_boundscheck_turns_a_negative_index_into_an_error(tmp_path):
    r = _run(tmp_path, """
        import numpy as np, glowsim_index_probe as g
        try:
            g.get(np.arange(5), -1)
            print("no error")
        except IndexError:
            print("IndexError")
    """, NUMBA_BOUNDSCHECK="1")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "IndexError"


BOUNDSCHECK = os.environ.get("NUMBA_BOUNDSCHECK", "0") not in ("", "0")


@pytest.mark.boundscheck_ci
@pytest.mark.skipif(not BOUNDSCHECK or not JIT, reason="needs NUMBA_BOUNDSCHECK=1 and its own "
                    "NUMBA_CACHE_DIR (the bounds-checked step of `make test`)")
def test_R1_R9_a_bounds_checked_block_indexes_in_bounds():
    """In this process every kernel is compiled with bounds checks: 200 games of each side and
    player count, solo included, raise no IndexError (a negative index too)."""
    from glowsim.content import load_game
    from glowsim.fast import Match, bot_preset, play_block
    game = load_game()
    for side in ("province", "archipelago"):
        for players in (1, 2, 3, 4):
            m = Match(players, side, ["random"] * players, [bot_preset("heuristic")] * players)
            out = play_block(game, m, 7, 0, 200, workers=1, record=[0])
            assert len(out["games"]["game_index"]) == 200 and len(out["records"]) == 1


@pytest.mark.slow
def test_R1_R9_games_never_index_out_of_bounds(tmp_path):
    """Every kernel compiled with bounds checks (its own cache): games of both sides, 1-4
    players, every bot preset, solo included, raise no IndexError (a negative index too)."""
    r = _run(tmp_path, """
        from glowsim.content import load_game
        from glowsim.fast import Match, bot_preset, play_block
        game = load_game()
        n = 0
        for side in ("province", "archipelago"):
            for players in (1, 2, 3, 4):
                for preset in ("random", "greedy", "heuristic"):
                    m = Match(players, side, ["random"] * players, [bot_preset(preset)] * players)
                    out = play_block(game, m, 7, 0, 150, workers=1, record=[0, 1])
                    n += 150
        print(n)
    """, timeout=3600, NUMBA_BOUNDSCHECK="1", NUMBA_CACHE_DIR=str(tmp_path / "nbc"))
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout.strip() == str(2 * 4 * 3 * 150)


@pytest.mark.boundscheck_ci
@pytest.mark.skipif(not BOUNDSCHECK or not JIT, reason="needs NUMBA_BOUNDSCHECK=1 and its own "
                    "NUMBA_CACHE_DIR (the bounds-checked step of `make test`)")
def test_D1_D18_a_bounds_checked_dawn_block_indexes_in_bounds():
    """Dawn games (docs/rules.md D1-D18) with every kernel compiled with bounds checks: both
    sides, solo and 2-6 players, the sets each count allows, random and hand-made bots at one
    table, raise no IndexError (a negative index too)."""
    from glowsim.content import load_game
    from glowsim.fast import Match, bot_preset, play_block
    dawn = load_game(dawn=True)
    for side in ("province", "archipelago"):
        for players in (1, 2, 3, 4, 5, 6):
            sets = ["anibloom"] if players == 1 else ["elemental", "anibloom", "draconic"]
            bots = [bot_preset("random" if s % 2 else "heuristic") for s in range(players)]
            m = Match(players, side, ["random"] * players, bots, dawn_sets=sets)
            out = play_block(dawn, m, 7, 0, 60, workers=1, record=[0])
            assert len(out["games"]["game_index"]) == 60 and len(out["records"]) == 1
