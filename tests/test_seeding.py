"""R-independent: the randomness scheme (glowsim.seeding)."""
import numpy as np
import pytest

from glowsim import seeding as S
from glowsim.fast import streams as FS

pytestmark = pytest.mark.nojit_ci   # also run with numba off in CI (make test)


def test_python_and_numba_streams_agree():
    root = S.root_key(7)
    states = np.zeros((16, 2), np.uint64)
    for g in (0, 1, 12345):
        FS.nb_init_streams(np.uint64(root), g, states)
        for s in (0, 1, 5, 9):
            py = S.Stream(S.stream_key(S.game_key(root, g), s))
            a = [py.uniform_int(6) for _ in range(50)]
            b = [int(FS.nb_uniform_int(states, s, 6)) for _ in range(50)]
            assert a == b


def test_streams_depend_on_game_not_worker():
    root = S.root_key(1)
    a = S.game_streams(root, 41)
    b = S.game_streams(root, 41)
    c = S.game_streams(root, 42)
    assert (a == b).all() and not (a[:, 0] == c[:, 0]).any()


def test_uniform_int_is_uniform():
    st = S.Stream(S.stream_key(S.game_key(S.root_key(3), 0), 2))
    counts = np.bincount([st.uniform_int(6) for _ in range(60000)], minlength=6)
    # chi-square with 5 dof: 20.5 is the 0.1% critical value
    chi2 = ((counts - 10000) ** 2 / 10000).sum()
    assert chi2 < 20.5, counts


def test_shuffle_is_a_permutation_and_seeded():
    a = S.Stream(123).shuffle(list(range(40)))
    b = S.Stream(123).shuffle(list(range(40)))
    assert a == b and sorted(a) == list(range(40)) and a != list(range(40))


def test_bad_seed():
    with pytest.raises(ValueError, match="non-negative"):
        S.root_key(-1)
