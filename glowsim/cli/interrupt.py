"""How every `glowsim` command ends on a Ctrl-C: one line on stderr, exit status 130."""
from __future__ import annotations

import sys


def interrupted(argv: list[str]) -> int:
    """Report a Ctrl-C (`argv`: the command line, to name the command); the exit status (130)."""
    command = next((a for a in argv if not a.startswith("-")), "")
    print(f"glowsim{' ' + command if command else ''}: interrupted", file=sys.stderr)
    return 130
