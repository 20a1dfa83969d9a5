"""Bot tuning: improve a fast-path bot's parameter vector by a search on common random numbers.

* :mod:`.space` - which parameters move, their ranges and steps
* :mod:`.evaluate` - the arena: two vectors played on the same seeds (field or head-to-head)
* :mod:`.halving` - the (1 + lambda) search with successive halving and confirmation
* :mod:`.tuner` - a scenario's field -> search -> check on fresh seeds
* :mod:`.io` - preset files (what ``glowsim tune`` writes, ``bot: {file: ...}`` reads)

The names below load their module on first use: ``glowsim.tune.space`` alone (what the
command line reads to build its help) does not import the arena and the fast path.
"""
from __future__ import annotations

from ..lazy import names

_WHERE = {
    "TuneOptions": ".tuner", "Tuned": ".tuner", "summary_lines": ".tuner", "tune": ".tuner",
    "Arena": ".evaluate", "Table": ".evaluate",
    "head_to_head": ".evaluate", "table_of": ".evaluate",
    "preset_text": ".io", "read_preset": ".io", "write_preset": ".io",
    "SearchOptions": ".halving", "SearchResult": ".halving", "search": ".halving",
}

__all__ = sorted(_WHERE)
__getattr__, __dir__ = names(__name__, _WHERE, globals())
