"""The index rule of the fast path's kernels (glowsim/fast/jit.py, _install_index_hook):
in functions of the package a signed runtime index is used as it is (no negative-index
wraparound); elsewhere numba's rule is kept; with NUMBA_BOUNDSCHECK=1 a negative index in
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

import glowsim
from glowsim.fast import jit  # noqa: F401  (installs the hook)

ROOT = Path(glowsim.__file__).resolve().parent.parent

PROBE = textwrap.dedent("""
    import glowsim.fast.jit  # the hook
    from numba import njit

    @njit
    def get(a, i):
        return a[i]
""")


def _run(tmp_path, code: str, timeout: int = 300, **env) -> subprocess.CompletedProcess:
    """Python code in a fresh process with a module `glowsim_index_probe` (its compiled
    function's name holds the package mark, so the hook applies to it)."""
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
