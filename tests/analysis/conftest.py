import pytest

from glowsim.analysis import load_run

from .synth import random_run, tiny_tables, write_run


@pytest.fixture
def tiny_run(tmp_path):
    return load_run(write_run(tmp_path / "tiny", *tiny_tables()))


@pytest.fixture(scope="session")
def random_run_dir(tmp_path_factory):
    return random_run(tmp_path_factory.mktemp("runs") / "random", games=120)
