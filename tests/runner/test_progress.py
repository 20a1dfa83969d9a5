"""The first run of a fresh tree says that it compiles the fast path, once, and keeps the
compilation out of the progress line."""
import io

import pytest

from glowsim.runner import RunOptions, run_scenario
from glowsim.runner import progress as P
from glowsim.scenarios import parse_scenario

ONE = "players: 2\nside: province\ngames: 4\nchunk_games: 2\nseed: 3\n"


def test_compile_first_announces_and_plays_one_game_when_not_compiled(monkeypatch):
    monkeypatch.setattr(P, "fast_path_compiled", lambda: False)
    played, err = [], io.StringIO()
    seconds = P.compile_first(lambda: played.append(1), True, err)
    lines = err.getvalue().splitlines()
    assert played == [1] and seconds >= 0
    assert lines[0] == (f"compiling the fast path, once, about {P.COMPILE_SECONDS} s (later "
                        f"commands start at once)...")
    assert lines[1].startswith("compiled in ") and lines[1].endswith(" s")
    # quiet: compiled all the same, nothing said
    err = io.StringIO()
    P.compile_first(lambda: played.append(2), False, err)
    assert played == [1, 2] and err.getvalue() == ""


def test_compile_first_is_silent_once_compiled(monkeypatch):
    monkeypatch.setattr(P, "fast_path_compiled", lambda: True)
    played, err = [], io.StringIO()
    assert P.compile_first(lambda: played.append(1), True, err) == 0.0
    assert played == [] and err.getvalue() == ""


def test_runner_compiles_before_the_progress_line(tmp_path, monkeypatch):
    """The one-game compilation runs before the progress bar exists, so the bar's rate and
    time left count games only; the run's tables are those of a run without it."""
    events = []
    real_progress = P.Progress

    class Noting(real_progress):
        def __init__(self, *a, **kw):
            events.append("progress")
            super().__init__(*a, **kw)

    import glowsim.runner.execute as E
    monkeypatch.setattr(E, "Progress", Noting)
    monkeypatch.setattr(E, "compile_first",
                        lambda play, enabled: events.append("compile") or play() or 1.0)
    sc = parse_scenario(ONE)
    a = run_scenario(sc, RunOptions(out=tmp_path / "a", progress=False))
    assert events == ["compile", "progress"]
    monkeypatch.setattr(E, "compile_first", lambda play, enabled: 0.0)
    b = run_scenario(sc, RunOptions(out=tmp_path / "b", progress=False))
    for name in ("games", "players", "recruits"):
        assert (tmp_path / "a" / f"{name}.parquet").read_bytes() == \
            (tmp_path / "b" / f"{name}.parquet").read_bytes()
    assert a.rows == b.rows


def test_fast_path_compiled_after_a_game():
    pytest.importorskip("numba")
    from numba.core import config
    if config.DISABLE_JIT:
        assert P.fast_path_compiled() is True
        return
    from glowsim.content import load_game
    from glowsim.fast import Match, bot_preset, play_block
    from glowsim.fast.game.loop import play_range
    play_block(load_game(), Match(2, "province", [-1, -1], [bot_preset("greedy")] * 2), 1, 0, 1)
    assert P.fast_path_compiled() is True
    # what it reads: numba's cache index of the game loop for the current sources (empty when
    # the sources changed or nothing was cached yet)
    cache_file = play_range._cache._cache_file
    real = cache_file._load_index
    try:
        cache_file._load_index = lambda: {}
        assert P.fast_path_compiled() is False
    finally:
        cache_file._load_index = real
