"""glowsim/compiling.py: a compile is announced, with its estimate, before it starts; what is
cached is loaded silently; a compile nothing prepared is announced all the same."""
from __future__ import annotations

import io
import os

import pytest

from glowsim import compiling as C

JIT = os.environ.get("NUMBA_DISABLE_JIT", "0") in ("", "0")
needs_jit = pytest.mark.skipif(not JIT, reason="numba compiles only with the JIT on")


@pytest.fixture
def probe(tmp_path, monkeypatch):
    """A cached numba function (its cache in a fresh folder) registered as entry "probe"."""
    pytest.importorskip("numba")
    from numba import njit
    from numba.core import config
    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path))

    def double(x):
        return 2 * x

    fn = njit(cache=True)(double)
    calls = []
    monkeypatch.setitem(C.ENTRIES, "probe", C.Entry(
        "probe", "the probe", (f"{__name__}:_probe_fn",), lambda: calls.append(fn(3)), 7.0))
    monkeypatch.setitem(globals(), "_probe_fn", fn)
    monkeypatch.setattr(C, "_announced", set())
    return fn, calls


@needs_jit
def test_a_cold_entry_is_announced_with_its_estimate_then_compiled(probe):
    fn, calls = probe
    assert C.cold(["probe", "probe"]) == ["probe"]
    err = io.StringIO()
    seconds = C.prepare(["probe"], True, err)
    lines = err.getvalue().splitlines()
    assert calls == [6] and seconds > 0
    assert lines[0].startswith("compiling the probe, once, about 7 s")
    assert lines[1].startswith("compiled in ") and len(lines) == 2
    # numba wrote it to its cache: the next command loads it, silently
    assert C.compiled("probe") and C.cold(["probe"]) == []
    err = io.StringIO()
    assert C.prepare(["probe"], True, err) == 0.0
    assert err.getvalue() == "" and calls == [6]


@needs_jit
def test_quiet_compiles_all_the_same_and_says_nothing(probe):
    fn, calls = probe
    err = io.StringIO()
    C.prepare(["probe"], False, err)
    assert calls == [6] and err.getvalue() == "" and C.compiled("probe")


@needs_jit
def test_a_compile_nothing_prepared_is_announced_once(probe, monkeypatch):
    fn, calls = probe
    from numba.core import event
    err = io.StringIO()
    monkeypatch.setattr(C, "_watching", False)
    listeners = list(event._registered["numba:compile"])
    event._registered["numba:compile"][:] = []   # this test's announcer alone
    try:
        C.watch(err)
        assert fn(5) == 10 and fn(6) == 12 and fn(2.5) == 5.0   # the float compiles again
    finally:
        event._registered["numba:compile"][:] = listeners
    lines = err.getvalue().splitlines()
    assert lines[0].startswith("compiling the probe, once, about 7 s") and lines[1].startswith("compiled in ")
    assert len(lines) == 2


def test_numba_off_compiles_nothing(monkeypatch):
    pytest.importorskip("numba")
    from numba.core import config
    monkeypatch.setattr(config, "DISABLE_JIT", True)
    monkeypatch.setitem(C.ENTRIES, "never", C.Entry("never", "x", (), lambda: 1 / 0, 1.0))
    assert C.compiled("never") and C.prepare(["never"], True, io.StringIO()) == 0.0


def test_the_estimate_says_when_the_machine_is_busy(monkeypatch):
    monkeypatch.setattr(os, "getloadavg", lambda: (0.5, 0.5, 0.5))
    assert C.estimate(54.6) == "about 55 s"
    monkeypatch.setattr(os, "getloadavg", lambda: (64.0, 9.0, 9.0))
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert C.estimate(54.6) == "about 55 s on an idle machine, longer now (load 64 on 2 cores)"


@needs_jit
def test_the_fast_path_core_is_compiled_once_a_game_is_played():
    """What compiled("core") reads: numba's cache index of the core for the current sources
    (empty when the sources changed or nothing was cached yet)."""
    from glowsim.content import load_game
    from glowsim.fast import Match, bot_preset, play_block
    from glowsim.fast.entry.core import core
    play_block(load_game(), Match(2, "province", [-1, -1], [bot_preset("greedy")] * 2), 1, 0, 1)
    assert C.compiled("core")
    cache_file = core._cache._cache_file
    real = cache_file._load_index
    try:
        cache_file._load_index = lambda: {}
        assert not C.compiled("core") and C.cold(["core", "core"]) == ["core"]
    finally:
        cache_file._load_index = real
