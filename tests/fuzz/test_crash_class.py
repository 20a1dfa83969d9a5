"""Inputs that used to kill the process (a bot parameter of NaN, infinity or 1e308 reached the
kernels and ended in a segmentation fault): played in a child process, so a crash is seen as
one (a negative exit status) instead of taking the test run with it."""
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from glowsim.errors import UserError
from glowsim.fast import Match, bot_preset
from glowsim.spec.botparams import NPARAM, PARAM_NAMES, PARAM_RANGES, check_vector, param_problem

ROOT = Path(__file__).resolve().parents[2]


def _glowsim(*args, cwd=None, timeout=300):
    return subprocess.run([sys.executable, "-m", "glowsim", *args], cwd=cwd or ROOT, capture_output=True,
                          text=True, timeout=timeout)


@pytest.mark.parametrize("value", [".nan", ".inf", "-.inf", "1.0e+308"])
def test_a_bad_bot_parameter_is_refused_before_any_game(tmp_path, value):
    sc = tmp_path / "s.yaml"
    sc.write_text(f"engine: fast\ngames: 4\nseat: {{bot: {{preset: heuristic, params: {{w_token: {value}}}}}}}\n")
    p = _glowsim("run", str(sc), "--out", str(tmp_path / "out"), "--quiet")
    assert p.returncode == 2, (p.returncode, p.stderr)
    assert p.stderr.startswith(f"glowsim run: error: {sc}, line 3: seat.bot.params.w_token: bot 'heuristic': ")
    assert "is not allowed; allowed: a number -1000..1000" in p.stderr
    assert "Traceback" not in p.stderr and not (tmp_path / "out").exists()


def test_the_python_api_refuses_a_nan_vector_in_the_child_too():
    code = textwrap.dedent("""
        import numpy as np
        from glowsim.content import load_game
        from glowsim.errors import UserError
        from glowsim.fast import Match, bot_preset, play_block
        v = bot_preset("heuristic"); v[4] = np.nan
        try:
            play_block(load_game(), Match(2, "province", [-1, -1], [v, v]), 1, 0, 2)
        except UserError as e:
            print("refused:", e)
    """)
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "refused: Match.bots[0]: bot parameter w_token: nan is not allowed; " \
                               "allowed: a number -1000..1000"


@pytest.mark.slow
def test_every_parameter_at_its_bounds_plays_without_a_crash():
    """The ranges are safe: vectors with every parameter at its lowest or highest value play
    whole games on both sides (in a child process: a crash fails the test, not the suite)."""
    code = textwrap.dedent("""
        import numpy as np
        from glowsim.content import load_game
        from glowsim.fast import Match, play_block
        from glowsim.spec.botparams import PARAM_RANGES, PRESETS
        g = load_game()
        at = {name: i for i, name in enumerate(PARAM_RANGES)}   # by name: the order may change
        lo = np.array([r[0] for r in PARAM_RANGES.values()]); hi = np.array([r[1] for r in PARAM_RANGES.values()])
        # their top values are only slower: the search's spaces, the search bot's continuations
        hi[at["search_nodes"]] = 200
        hi[at["rollout_budget"]] = 2
        for side in ("province", "archipelago"):
            for v in (lo, hi, PRESETS["heuristic"]):
                for plan in (0.0, 1.0):
                    w = v.copy(); w[at["random"]] = 0.0; w[at["plan"]] = plan
                    cols = play_block(g, Match(4, side, [-1] * 4, [w, lo, hi, w]), 5, 0, 6)
                    assert len(cols["games"]["game_index"]) == 6
        print("ok")
    """)
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=1800)
    assert p.returncode == 0 and p.stdout.strip() == "ok", (p.returncode, p.stderr[-2000:])


def test_every_parameter_has_a_finite_range_that_holds_its_presets():
    from glowsim.spec.botparams import PRESETS
    assert tuple(PARAM_RANGES) == PARAM_NAMES
    for name, (lo, hi, whole) in PARAM_RANGES.items():
        assert np.isfinite([lo, hi]).all() and lo < hi
        for bad in (np.nan, np.inf, -np.inf, 1e308, lo - 1, hi + 1, True):
            assert param_problem(name, bad), (name, bad)
        assert param_problem(name, lo) == "" == param_problem(name, hi)
    for v in PRESETS.values():
        check_vector(v, "preset")   # raises when a preset leaves its ranges


@pytest.mark.parametrize("bad", [np.nan, np.inf, 1e308, -5.0])
def test_match_refuses_a_vector_out_of_range(bad):
    from glowsim.content import load_game
    v = bot_preset("heuristic")
    v[PARAM_NAMES.index("fp_reserve")] = bad
    with pytest.raises(UserError, match=r"Match.bots\[1\]: bot parameter fp_reserve: .* allowed: a number 0..100"):
        Match(2, "province", [-1, -1], [bot_preset("greedy"), v]).kernel(load_game())
    with pytest.raises(UserError, match="a bot is a preset name or"):
        Match(2, "province", [-1, -1], [["x"] * NPARAM, v]).kernel(load_game())
