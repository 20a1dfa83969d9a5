"""A run compiles what it needs before its progress line (glowsim/compiling.py says so), so
the line's rate and time left count games only."""
from glowsim.runner import RunOptions, run_scenario
from glowsim.runner import progress as P
from glowsim.scenarios import parse_scenario

ONE = "players: 2\nside: province\ngames: 4\nchunk_games: 2\nseed: 3\n"


def test_runner_compiles_before_the_progress_line(tmp_path, monkeypatch):
    """The compile (of the fast path's core and tables' passes) runs before the progress bar
    exists, so the bar's rate and time left count games only; the run's tables are those of a
    run without it."""
    events = []
    real_progress = P.Progress

    class Noting(real_progress):
        def __init__(self, *a, **kw):
            events.append("progress")
            super().__init__(*a, **kw)

    import glowsim.runner.execute as E
    monkeypatch.setattr(E, "Progress", Noting)
    monkeypatch.setattr(E, "prepare", lambda names, enabled: events.append(tuple(names)) or 1.0)
    sc = parse_scenario(ONE)
    a = run_scenario(sc, RunOptions(out=tmp_path / "a", progress=False))
    assert events == [("core", "tables"), "progress"]
    monkeypatch.setattr(E, "prepare", lambda names, enabled: 0.0)
    b = run_scenario(sc, RunOptions(out=tmp_path / "b", progress=False))
    for name in ("games", "players", "recruits"):
        assert (tmp_path / "a" / f"{name}.parquet").read_bytes() == \
            (tmp_path / "b" / f"{name}.parquet").read_bytes()
    assert a.rows == b.rows
