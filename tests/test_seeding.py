"""R-independent: the randomness scheme (glowsim.seeding)."""
import numpy as np
import pytest

from glowsim import seeding as S
from glowsim.fast.kernel import streams as FS

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


def test_fork_sampling_and_keys_agree_between_python_and_numba():
    """Forks (item 5): which decisions are forked, and a resampled continuation's key."""
    root = S.root_key(11)
    for q in (0.1, 0.5, 1.0):
        thr = S.fork_threshold(q)
        for g in (0, 3):
            for d in range(0, 400, 7):
                assert bool(FS.nb_fork_sampled(np.uint64(root), g, d, thr)) == S.fork_sampled(root, g, d, q)
    for g, d, c in ((0, 0, 0), (5, 37, 2), (123, 299, 7)):
        assert int(FS.nb_fork_key(np.uint64(root), g, d, c)) == S.fork_key(S.game_key(root, g), d, c)


def test_fork_sampling_rate():
    root = S.root_key(2)
    picked = [S.fork_sampled(root, g, d, 0.25) for g in range(40) for d in range(100)]
    assert 0.22 < np.mean(picked) < 0.28
    assert all(S.fork_sampled(root, g, d, 1.0) for g in range(3) for d in range(50))
