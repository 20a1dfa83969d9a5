"""What the commands compile, made before their progress lines and announced
(glowsim/compiling.py): the fast path's entries (glowsim/fast/entries.py) and the report's
card pass (glowsim/analysis/offerkernel.py)."""
from __future__ import annotations


def prepare_fast(enabled: bool = True) -> float:
    """The fast path's core and its tables' passes compiled (announced) or loaded."""
    from ..compiling import prepare
    from ..fast.entries import FAST_RUN
    return prepare(FAST_RUN, enabled)


def prepare_cards(enabled: bool = True) -> float:
    """The report's card pass compiled (announced) or loaded."""
    from ..analysis import offerkernel  # noqa: F401  (registers the entry "cards")
    from ..compiling import prepare
    return prepare(("cards",), enabled)
