import pytest

from glowsim.analysis import load_run

from .synth import tiny_tables, write_run


@pytest.fixture
def tiny_run(tmp_path):
    return load_run(write_run(tmp_path / "tiny", *tiny_tables()))
