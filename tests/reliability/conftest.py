"""Fixtures of the reliability tests."""
import shutil

import pytest

from .helpers import run


@pytest.fixture(scope="session")
def quick_run(tmp_path_factory):
    """A complete run (2 variants x 20 games, chunks of 5, a record every 3 games)."""
    out = tmp_path_factory.mktemp("quick") / "run"
    run(out, record_every=3)
    return out


@pytest.fixture
def run_copy(quick_run, tmp_path):
    """A copy of the quick run that a test may damage."""
    dst = tmp_path / "run"
    shutil.copytree(quick_run, dst)
    return dst
