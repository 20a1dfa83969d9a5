"""The `glowsim` command: a thin layer over the Python API.

Each sub-command lives in its own module with ``add_parser(sub)`` and
``run(args) -> exit code``.  User errors (:class:`glowsim.errors.UserError`: a bad
scenario, content patch, argument, run folder or disk) are printed as one clear message on
stderr with exit code 2, never a traceback.  Any other exception is a bug: it is reported as
``glowsim CMD: internal error (please report): TYPE: MESSAGE`` with exit code 70, and its
traceback is printed only with ``--debug`` or ``GLOWSIM_DEBUG=1``.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import threading

from .. import __version__
from ..environment import check_settings
from ..errors import UserError, disk_error
from ..fast.allocator import keep_freed_blocks
from . import analyze, balance, bench, cards, play, rebalance, report, run, train, tune, verify
from .interrupt import interrupted

COMMANDS = [cards, play, analyze, run, report, verify, rebalance, balance, tune, train, bench]


EXIT_USER = 2        # a user error (also argparse's status for a bad argument)
EXIT_INTERNAL = 70   # a bug in glowsim (EX_SOFTWARE)
DEBUG_ENV = "GLOWSIM_DEBUG"

__all__ = ["main", "build_parser", "UserError", "EXIT_USER", "EXIT_INTERNAL"]


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread so a command stops as on Ctrl-C: its cleanup runs
    (worker processes stopped, finished chunks kept) instead of the process dying at once."""


_terminated = threading.Event()


def _raise_terminated(signum, frame):
    _terminated.set()   # an interrupted database query drops the exception (analysis/db.py)
    raise Terminated()


@contextlib.contextmanager
def _sigterm_stops():
    """While a command runs, SIGTERM raises Terminated (restored afterwards; only the main
    thread can set a handler, so elsewhere nothing changes)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _terminated.clear()
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


class _Parser(argparse.ArgumentParser):
    """A bad argument is one line naming the option and what is allowed (argparse's usage
    block is left to --help)."""

    def error(self, message):
        self.exit(EXIT_USER, f"{self.prog}: error: {' '.join(message.split())} (see {self.prog} "
                             f"--help)\n")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="glowsim",
        description="Monte Carlo balance analysis for the board game Glow.")
    p.add_argument("--version", action="version", version=f"glowsim {__version__}")
    p.add_argument("--debug", action="store_true",
                   help=f"print the traceback of an internal error (also: {DEBUG_ENV}=1)")
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
        check_settings()   # the GLOWSIM_* variables, before the command does any work
        with _sigterm_stops():
            return int(args.func(args) or 0)
    except UserError as e:
        print(f"glowsim {args.command}: error: {e}", file=sys.stderr)
        return EXIT_USER
    except KeyboardInterrupt as e:
        if isinstance(e, Terminated) or _terminated.is_set():
            print(f"glowsim {args.command}: terminated", file=sys.stderr)
            return 128 + signal.SIGTERM
        return interrupted([args.command])
    except BrokenPipeError:
        return 0
    except OSError as e:   # a file or folder that cannot be read or written: the user's to fix
        if e.filename is None and e.errno is None:
            return internal_error(args.command, e, debug=args.debug)
        print(f"glowsim {args.command}: error: {disk_error(e.filename or '(file)', e, 'cannot be used')}",
              file=sys.stderr)
        return EXIT_USER
    except Exception as e:   # a bug: one line, the traceback on request
        return internal_error(args.command, e, debug=args.debug)


def debugging(flag: bool = False) -> bool:
    """--debug given, or GLOWSIM_DEBUG set to anything but empty/0."""
    return bool(flag) or os.environ.get(DEBUG_ENV, "") not in ("", "0")


def internal_error(command: str, err: BaseException, debug: bool = False) -> int:
    """Report an exception that is not a user error; the exit status (70)."""
    if debugging(debug):
        import traceback
        traceback.print_exception(err, file=sys.stderr)
    msg = " ".join(str(err).split()) or "(no message)"
    print(f"glowsim {command}: internal error (please report): {type(err).__name__}: {msg}"
          + ("" if debugging(debug) else f" (run with --debug or {DEBUG_ENV}=1 for the traceback)"),
          file=sys.stderr)
    return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
