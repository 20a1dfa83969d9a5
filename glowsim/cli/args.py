"""Argument types shared by the sub-commands: numbers checked against their allowed range, so a
bad value is an argparse error naming the option and the range (never a traceback)."""
from __future__ import annotations

import argparse

MAX_SEED = 2**63 - 1


def number(kind, low=None, high=None, what=""):
    """An argparse ``type`` parsing ``kind`` (int or float) within low..high (either open)."""
    def parse(text):
        try:
            v = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected a {'number' if kind is float else 'whole number'}, got {text!r}") from None
        if (low is not None and v < low) or (high is not None and v > high):
            allowed = (f"{low}..{high}" if low is not None and high is not None
                       else f">= {low}" if low is not None else f"<= {high}")
            raise argparse.ArgumentTypeError(f"{what or 'value'} must be {'in ' if '..' in allowed else ''}"
                                              f"{allowed}, got {text}")
        return v
    parse.__name__ = kind.__name__
    return parse


def positive(kind):
    """An argparse ``type`` parsing ``kind`` greater than 0."""
    def parse(text):
        v = number(kind)(text)
        if v <= 0:
            raise argparse.ArgumentTypeError(f"must be greater than 0, got {text}")
        return v
    parse.__name__ = kind.__name__
    return parse


def seed(what="--seed"):
    """A root seed or game index: a whole number in 0..2**63-1."""
    return number(int, 0, MAX_SEED, what)
