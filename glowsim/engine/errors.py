"""Errors of the reference engine."""


class IllegalDecision(ValueError):
    """A decision that the rules do not allow at this point."""


class ReplayError(ValueError):
    """A record that does not replay: illegal decision, wrong dice, or a different final state."""
