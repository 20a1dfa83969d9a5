"""The C allocator's policy for streamed blocks: keep freed large arrays for the next block.

A stream of blocks (:func:`glowsim.fast.play.iter_blocks`, the runner's chunks) allocates the
same large arrays block after block: each block's tables (the recruits table's columns, a
few MiB for 5,000 games), its `offered` column, the players table.  glibc's malloc serves an
array over its mmap threshold (128 KiB at first, raised as such arrays are freed) with pages
fresh from the operating system, and hands freed memory at the top of a heap back to it
beyond its trim threshold: so every block page-faults its tables in again, zeroed by the
kernel, some 10,000-20,000 minor faults per 33,000 games (measured as the bench plays).
:func:`keep_freed_blocks` sets both thresholds once: arrays up to glibc's largest mmap
threshold (32 MiB) come from the heap, and up to KEEP_TRIM of freed memory stays there for
the next block (the memory of about two blocks' tables, already counted in the peak).

A process-wide setting: the `glowsim` command sets it for itself (cli/main.py), and the
runner in every process that plays fast-path chunks (runner/chunks.py: its worker processes,
or the calling process when the runner plays in threads); a notebook may call it too.
Elsewhere than glibc it does nothing and returns False.
"""
from __future__ import annotations

import ctypes
import functools

M_TRIM_THRESHOLD = -1    # glibc's mallopt parameters (malloc.h)
M_MMAP_THRESHOLD = -3
KEEP_MMAP = 32 << 20     # the largest mmap threshold glibc accepts on 64-bit systems
KEEP_TRIM = 256 << 20    # freed memory at a heap's top kept for reuse


@functools.lru_cache(maxsize=None)
def keep_freed_blocks() -> bool:
    """Set glibc's malloc to serve arrays up to KEEP_MMAP from its heaps and keep up to
    KEEP_TRIM of freed memory there; True if both settings took (glibc), else False (other
    C libraries: nothing is changed).  Once per process: later calls return the first result."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return mallopt(M_MMAP_THRESHOLD, KEEP_MMAP) == 1 and mallopt(M_TRIM_THRESHOLD, KEEP_TRIM) == 1
