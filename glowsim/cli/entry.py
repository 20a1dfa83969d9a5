"""The `glowsim` command's entry point (the console script and ``python -m glowsim``).

Loading the command-line modules takes a second or two (numpy, pandas): a Ctrl-C in
that time ends the command with the same quiet exit as a Ctrl-C later on (status 130,
"glowsim CMD: interrupted" on stderr), never a traceback.  This module imports nothing
heavy itself.
"""
from __future__ import annotations

import sys

from .interrupt import interrupted


def run(argv: list[str] | None = None) -> int:
    """Load the command-line modules and run the command; Ctrl-C while loading (the modules,
    or those the parser reads for its help): 130.  Once a command runs, main() reports its
    own Ctrl-C the same way."""
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        from .main import main   # here, so that a Ctrl-C while it loads is caught
        return main(argv)
    except KeyboardInterrupt:
        return interrupted(argv)
