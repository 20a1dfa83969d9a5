"""Hundreds of malformed inputs, each refused cleanly: a non-zero exit status, one message naming
the file, field or option at fault, no traceback, no internal error, within a time limit.

Scenarios, content patches and command lines are run through ``main(argv)`` in this process;
tampered run folders through ``glowsim verify`` and a resumed ``glowsim run``.  The cases are
listed in tests/fuzz/cases.py and tests/fuzz/folders.py.
"""
import signal
import time

import pytest

from glowsim.cli.main import main

from .cases import cli_cases, patch_cases, scenario_cases

LIMIT = 60   # seconds a refusal may take (a hang is a failure, not a stuck suite)


class TooSlow(BaseException):
    """Raised by the alarm: not an Exception, so the command cannot report it as its own."""


def _alarm(signum, frame):
    raise TooSlow()


def refuse(argv, capsys, names, limit=LIMIT):
    """Run the command; assert it is refused cleanly and its message names every word of names."""
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(limit)
    t0 = time.monotonic()
    try:
        rc = main(argv)
    except TooSlow:
        pytest.fail(f"{argv}: still running after {limit} s")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    out, err = capsys.readouterr()
    text = out + err
    assert rc not in (0, None), f"{argv}: accepted (exit 0)\n{text}"
    assert "Traceback" not in text and "internal error" not in text, text
    assert err.strip() or out.strip(), f"{argv}: refused without a message"
    for n in names:
        assert n in text, f"{argv}: the message does not name {n!r}:\n{text}"
    assert time.monotonic() - t0 < limit
    return rc, text


def _materialise(case, tmp_path):
    cid, files, argv, names = case
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    d = str(tmp_path)
    return [a.replace("{d}", d) for a in argv], [n.replace("{d}", d) for n in names]


SCENARIOS = scenario_cases()
PATCHES = patch_cases()
CLI = cli_cases()


@pytest.mark.parametrize("case", SCENARIOS, ids=[c[0] for c in SCENARIOS])
def test_malformed_scenario_is_refused(case, tmp_path, capsys):
    argv, names = _materialise(case, tmp_path)
    rc, _ = refuse(argv, capsys, names)
    assert rc == 2
    assert not (tmp_path / "out").exists(), "a refused scenario touched the run folder"


@pytest.mark.parametrize("case", PATCHES, ids=[c[0] for c in PATCHES])
def test_malformed_content_patch_is_refused(case, tmp_path, capsys):
    argv, names = _materialise(case, tmp_path)
    rc, _ = refuse(argv, capsys, names)
    assert rc == 2


@pytest.mark.parametrize("case", CLI, ids=[c[0] for c in CLI])
def test_malformed_command_line_is_refused(case, tmp_path, capsys):
    argv, names = _materialise(case, tmp_path)
    rc, _ = refuse(argv, capsys, names)
    assert rc == (1 if case[0] == "cli-verify-not-run" else 2)   # verify: 1 = not consistent


def test_the_suite_has_at_least_300_cases():
    from .folders import TAMPERS
    counts = {"scenarios": len(SCENARIOS), "patches": len(PATCHES), "command lines": len(CLI),
              "run folders": len(TAMPERS)}
    assert sum(counts.values()) >= 300, counts


# ---- tampered run folders ----

from .folders import QUICK, TAMPERS  # noqa: E402


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory):
    d = tmp_path_factory.mktemp("fuzz-run")
    (d / "s.yaml").write_text(QUICK)
    assert main(["run", str(d / "s.yaml"), "--out", str(d / "run"), "--quiet", "--workers", "1"]) == 0
    assert main(["verify", str(d / "run"), "--games", "1"]) == 0
    return d


@pytest.mark.parametrize("case", TAMPERS, ids=[c[0] for c in TAMPERS])
def test_tampered_run_folder_is_reported(case, finished_run, tmp_path, capsys):
    import shutil
    cid, tamper, names, resume_refused = case
    capsys.readouterr()
    run = tmp_path / "run"
    shutil.copytree(finished_run / "run", run)
    tamper(run)
    refuse(["verify", str(run), "--games", "1"], capsys, names)
    if resume_refused:   # the same command started again: refused, nothing rewritten
        before = (run / "manifest.json").read_bytes()
        rc, _ = refuse(["run", str(finished_run / "s.yaml"), "--out", str(run), "--quiet", "--workers", "1"],
                       capsys, ("manifest.json",))
        assert rc == 2 and (run / "manifest.json").read_bytes() == before
        # a report reads only some fields: it either works or refuses cleanly, never crashes
        rc = main(["report", str(run), "--out", str(tmp_path / "report")])
        text = "".join(capsys.readouterr())
        assert rc in (0, 2) and "Traceback" not in text and "internal error" not in text, text
        assert rc == 0 or f"glowsim report: error: {run}" in text
    assert not list(run.rglob("*.tmp"))
