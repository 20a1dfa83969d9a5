"""The two numba decorators of the fast path.

``kernel``: compiled, cached, callable from other compiled code only (no
Python wrapper: much faster to compile).  ``entry``: compiled and cached with a
Python wrapper, for the few functions Python calls.  With NUMBA_DISABLE_JIT=1
both leave plain Python functions (the kernels then run as Python).
"""
from __future__ import annotations

from numba import njit


def kernel(fn):
    return njit(cache=True, no_cpython_wrapper=True, no_cfunc_wrapper=True)(fn)


def entry(fn):
    return njit(cache=True)(fn)


def entry_parallel(fn):
    return njit(cache=True, parallel=True)(fn)
