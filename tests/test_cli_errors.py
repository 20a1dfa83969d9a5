"""How the command reports failures: a user error is one line and exit status 2; anything else
is a bug, reported as an internal error (exit status 70) with its traceback only on request."""
import pytest

from glowsim import errors
from glowsim.cli import cards, main as cli_main
from glowsim.content import ContentError
from glowsim.content.yamlio import YamlError
from glowsim.engine import IllegalDecision, ReplayError
from glowsim.records import RecordFormatError
from glowsim.rebalance.checkpoint import CheckpointError
from glowsim.runner.store import RunFolderError
from glowsim.scenarios import ScenarioError
from glowsim.scenarios.engines import EngineUnavailable
from glowsim.analysis.load import RunError


@pytest.mark.parametrize("cls", [ContentError, YamlError, ScenarioError, RunFolderError, RunError,
                                 RecordFormatError, ReplayError, CheckpointError, EngineUnavailable,
                                 errors.DiskError, cli_main.UserError])
def test_every_user_error_class_derives_from_the_one_base(cls):
    assert issubclass(cls, errors.UserError)


def test_an_illegal_bot_decision_is_not_a_user_error():
    assert not issubclass(IllegalDecision, errors.UserError)


def _raise(exc):
    def run(args):
        raise exc
    return run


def test_a_bug_is_an_internal_error_without_traceback(monkeypatch, capsys):
    monkeypatch.delenv("GLOWSIM_DEBUG", raising=False)
    monkeypatch.setattr(cards, "run", _raise(ValueError("an index went wrong")))
    assert cli_main.main(["cards"]) == cli_main.EXIT_INTERNAL == 70
    err = capsys.readouterr().err
    assert err.startswith("glowsim cards: internal error (please report): ValueError: an index went wrong")
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("how", ["option", "env"])
def test_debug_prints_the_traceback_of_a_bug(monkeypatch, capsys, how):
    monkeypatch.setattr(cards, "run", _raise(KeyError("oops")))
    if how == "env":
        monkeypatch.setenv("GLOWSIM_DEBUG", "1")
        argv = ["cards"]
    else:
        monkeypatch.delenv("GLOWSIM_DEBUG", raising=False)
        argv = ["--debug", "cards"]
    assert cli_main.main(argv) == 70
    err = capsys.readouterr().err
    assert "Traceback (most recent call last)" in err and "in run" in err
    assert "glowsim cards: internal error (please report): KeyError: 'oops'" in err


def test_a_user_error_is_one_line_without_traceback_even_with_debug(monkeypatch, capsys):
    monkeypatch.setattr(cards, "run", _raise(errors.UserError("x.yaml: players: must be 1..4")))
    assert cli_main.main(["--debug", "cards"]) == 2
    err = capsys.readouterr().err
    assert err == "glowsim cards: error: x.yaml: players: must be 1..4\n"


def test_disk_error_names_path_and_cause():
    import errno
    e = errors.disk_error("runs/x", OSError(errno.ENOSPC, "No space left on device"))
    assert isinstance(e, errors.UserError)
    assert str(e) == "runs/x: cannot write: no space left on the device (disk full)"
