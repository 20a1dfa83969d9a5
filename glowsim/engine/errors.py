"""Errors of the reference engine."""


class IllegalDecision(ValueError):
    """A decision that the rules do not allow at this point."""


class ReplayError(ValueError):
    """A record that does not replay: illegal decision, wrong dice, or a different final state."""


class StateError(ValueError):
    """A GameState call the state cannot take: a malformed or illegal decision row, a step
    after the end, a record cut beyond its length or not of this content."""
