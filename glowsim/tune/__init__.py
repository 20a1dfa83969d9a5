"""Bot tuning: improve a fast-path bot's parameter vector by a search on common random numbers.

* :mod:`.space` - which parameters move, their ranges and steps
* :mod:`.evaluate` - the arena: two vectors played on the same seeds (field or head-to-head)
* :mod:`.search` - the (1 + lambda) search with successive halving and confirmation
* :mod:`.api` - a scenario's field -> search -> check on fresh seeds
* :mod:`.io` - preset files (what ``glowsim tune`` writes, ``bot: {file: ...}`` reads)
"""
from .api import TuneOptions, Tuned, summary_lines, tune
from .evaluate import Arena, Table, head_to_head, table_of
from .io import preset_text, read_preset, write_preset
from .search import SearchOptions, SearchResult, search

__all__ = ["Arena", "SearchOptions", "SearchResult", "Table", "TuneOptions", "Tuned", "head_to_head",
           "preset_text", "read_preset", "search", "summary_lines", "table_of", "tune", "write_preset"]
