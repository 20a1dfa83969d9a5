"""Errors of the reference engine.

A ReplayError is a user error: the record replayed is a file the user gave (a run folder's
records, a saved record).  An IllegalDecision raised while a bot plays is a bug of that bot
(replay turns it into a ReplayError naming the decision)."""
from ..errors import UserError


class IllegalDecision(ValueError):
    """A decision that the rules do not allow at this point."""


class ReplayError(UserError):
    """A record that does not replay: illegal decision, wrong dice, or a different final state."""


class StateError(UserError):
    """A GameState call the state cannot take: a malformed or illegal decision row, a step
    after the end, a record cut beyond its length or not of this content."""
