"""The randomness scheme of glowsim/seeding.py compiled for the kernels: a stream's state is
a ``uint64[2]`` array ``(key, counter)``, one row per stream of a game
(tests/test_seeding.py checks that these draw what :class:`glowsim.seeding.Stream` draws)."""
from __future__ import annotations

import numpy as np

from ...seeding import FORK_SALT, FORK_SAMPLE_SALT, GOLDEN, M1, M2
from ..jit import entry

_GOLDEN = np.uint64(GOLDEN)
_M1 = np.uint64(M1)
_M2 = np.uint64(M2)


@entry
def nb_mix(z):
    z = np.uint64(z)
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


@entry
def nb_game_key(root, game_index):
    return nb_mix(np.uint64(root) ^ nb_mix(np.uint64(game_index) + np.uint64(1)))


@entry
def nb_stream_key(gkey, stream):
    return nb_mix(np.uint64(gkey) ^ nb_mix(np.uint64(stream) + np.uint64(0x5151)))


@entry
def nb_init_streams(root, game_index, states):
    """Fill states (uint64[n, 2]) with the streams of one game."""
    g = nb_game_key(root, game_index)
    for s in range(states.shape[0]):
        states[s, 0] = nb_stream_key(g, s)
        states[s, 1] = np.uint64(0)


@entry
def nb_uniform_int(states, s, n):
    """Uniform integer in 0..n-1 from stream s of states (advances its counter)."""
    states[s, 1] += np.uint64(1)
    x = nb_mix(states[s, 0] + states[s, 1] * _GOLDEN)
    return np.int64(((x >> np.uint64(11)) * np.uint64(n)) >> np.uint64(53))


@entry
def nb_shuffle(states, s, arr, n):
    """Fisher-Yates on arr[:n] with stream s of states (seeding.Stream.shuffle's draw order)."""
    for i in range(n - 1, 0, -1):
        j = nb_uniform_int(states, s, i + 1)
        t = arr[i]
        arr[i] = arr[j]
        arr[j] = t


@entry
def nb_fork_sampled(root, game_index, decision, threshold):
    """Whether a decision is forked (seeding.fork_sampled; threshold: seeding.fork_threshold)."""
    g = nb_game_key(root, game_index)
    x = nb_mix(g ^ nb_mix(np.uint64(decision) + np.uint64(FORK_SAMPLE_SALT)))
    return np.int64(x >> np.uint64(11)) < threshold


@entry
def nb_fork_key(root, game_index, decision, continuation):
    """seeding.fork_key of game game_index's key."""
    g = nb_game_key(root, game_index)
    d = nb_mix(g ^ nb_mix(np.uint64(decision) + np.uint64(FORK_SALT)))
    return nb_mix(d ^ nb_mix(np.uint64(continuation) + np.uint64(1)))
