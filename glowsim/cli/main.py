"""The `glowsim` command: a thin layer over the Python API.

Each sub-command lives in its own module with ``add_parser(sub)`` and
``run(args) -> exit code``.  User errors (bad scenario, content patch or
argument) are printed as one clear message on stderr with exit code 2, never a
traceback.
"""
from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import threading

from .. import __version__
from ..content import ContentError
from ..fast.allocator import keep_freed_blocks
from . import bench, cards, play, rebalance, report, run, tune, verify
from .interrupt import interrupted

COMMANDS = [cards, play, run, report, verify, rebalance, tune, bench]


class UserError(Exception):
    """An error in what the user gave us; printed without a traceback."""


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread so a command stops as on Ctrl-C: its cleanup runs
    (worker processes stopped, finished chunks kept) instead of the process dying at once."""


def _raise_terminated(signum, frame):
    raise Terminated()


@contextlib.contextmanager
def _sigterm_stops():
    """While a command runs, SIGTERM raises Terminated (restored afterwards; only the main
    thread can set a handler, so elsewhere nothing changes)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="glowsim",
        description="Monte Carlo balance analysis for the board game Glow.")
    p.add_argument("--version", action="version", version=f"glowsim {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for mod in COMMANDS:
        mod.add_parser(sub)
    return p


def main(argv=None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:       # --help, --version or a bad argument (argparse printed it)
        return e.code if isinstance(e.code, int) else 2
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    keep_freed_blocks()   # the command's streamed blocks reuse freed arrays (fast/allocator.py)
    try:
        with _sigterm_stops():
            return int(args.func(args) or 0)
    except (ContentError, UserError, ValueError) as e:
        print(f"glowsim {args.command}: error: {e}", file=sys.stderr)
        return 2
    except Terminated:
        print(f"glowsim {args.command}: terminated", file=sys.stderr)
        return 128 + signal.SIGTERM
    except KeyboardInterrupt:
        return interrupted([args.command])
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
