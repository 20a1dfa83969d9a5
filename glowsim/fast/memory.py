"""Peak resident memory of this process and of its child processes, if any (for `glowsim
bench`; the fast path itself plays in threads of this process).

On Linux each process's peak is its ``VmHWM`` (/proc/PID/status), exact and
without sampling; worker processes are this process's descendants (scanned in
/proc), and workers that already exited count through ``RUSAGE_CHILDREN``.
Elsewhere only getrusage is used.
"""
from __future__ import annotations

import os
import resource
from pathlib import Path

_PROC = Path("/proc")


def _hwm_mib(pid: int) -> float | None:
    """Peak RSS of a live process in MiB, None if it cannot be read."""
    try:
        for line in (_PROC / str(pid) / "status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024.0
    except (OSError, ValueError, IndexError):
        return None
    return None


def _descendants(pid: int) -> list[int]:
    """Live descendants of pid (children, grandchildren, ...), from /proc/*/stat."""
    parent_of = {}
    try:
        entries = list(_PROC.iterdir())
    except OSError:
        return []
    for d in entries:
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
            ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        parent_of[int(d.name)] = ppid
    out, frontier = [], [pid]
    while frontier:
        nxt = [c for c, pp in parent_of.items() if pp in frontier]
        out += nxt
        frontier = nxt
    return out


def peak_rss() -> dict:
    """{"parent": MiB, "workers": largest worker MiB, "total": parent + every worker, MiB,
    "n_workers": processes counted}.  ``total`` adds peaks that may not have coincided: an
    upper bound of the memory the whole run held at once."""
    me = os.getpid()
    parent = _hwm_mib(me)
    if parent is None:
        parent = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    live = [m for m in (_hwm_mib(p) for p in _descendants(me)) if m is not None]
    exited = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0
    workers = max(live + [exited])
    return {"parent": parent, "workers": workers,
            "total": parent + sum(live) + (exited if not live else 0.0),
            "n_workers": len(live)}
