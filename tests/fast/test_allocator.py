"""The allocator policy for streamed blocks (glowsim/fast/allocator.py): with glibc, arrays a
block frees are reused by the next block instead of being faulted in again from the
operating system.  Each case runs in a fresh interpreter, so the policy of this test process
(set or not) does not count."""
from __future__ import annotations

import platform
import subprocess
import sys

import pytest

GLIBC = platform.libc_ver()[0] == "glibc"

# a stream of blocks, each a recruits-table-sized array, a players table's columns and an
# object column; prints the minor page faults of twenty blocks after two untimed ones
STREAM = """
import resource, sys
import numpy as np
if sys.argv[1] == "keep":
    from glowsim.fast.allocator import keep_freed_blocks
    assert keep_freed_blocks()
def block(rows):
    t = np.empty((10, rows), np.int64)
    t[:] = 1
    cols = [np.arange(rows * 4) for _ in range(8)]
    o = np.empty(rows, object)
    o[:] = "x"
    return t.sum() + sum(c[-1] for c in cols)
for _ in range(2):
    block(160_000)
f0 = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
for _ in range(20):
    block(160_000)
print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - f0)
"""


def _faults(mode: str) -> int:
    out = subprocess.run([sys.executable, "-c", STREAM, mode], capture_output=True, text=True,
                         check=True)
    return int(out.stdout.split()[-1])


@pytest.mark.skipif(not GLIBC, reason="the policy is glibc's mallopt")
def test_freed_block_arrays_are_reused_not_faulted_in_again():
    default, keep = _faults("default"), _faults("keep")
    # twenty blocks of about 25 MiB: their pages fresh each time by default (about 94,000
    # faults here), reused when kept (none here)
    assert default > 20_000 and keep * 20 < default, (default, keep)


@pytest.mark.skipif(not GLIBC, reason="the policy is glibc's mallopt")
def test_the_policy_takes_once_per_process():
    out = subprocess.run([sys.executable, "-c",
                          "from glowsim.fast.allocator import keep_freed_blocks as k; "
                          "print(k(), k(), k.cache_info().misses)"],
                         capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "True", "1"]
