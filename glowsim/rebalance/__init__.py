"""Rebalance: search small edits of printed numbers that bring every card into line.

    >>> from glowsim.scenarios import load_scenario
    >>> from glowsim.rebalance import RebalanceOptions, pick_run, rebalance, write_outputs
    >>> run = pick_run(load_scenario("scenarios/rebalance-planted.yaml"))
    >>> res = rebalance(run, RebalanceOptions(games=3000, seed=11))
    >>> write_outputs(res, "runs/rebalance-planted")   # patch.yaml, report.html, summary.md, ...

Modules: ``edits`` (what may change), ``evaluate`` (play a content on seeded
games), ``metrics`` (deviation from the field with intervals, paired changes),
``predict`` (re-score played games under an edit), ``search`` (the greedy
search), ``rebalancer``
(search + fresh-seed verification), ``checkpoint`` (the search's state
and played blocks in its out folder: resume), ``patch`` (the YAML content patch),
``report`` (the report section, HTML and markdown); ``balance`` (`glowsim balance`: one
companion's printed number on its pick value).
"""
from .rebalancer import Rebalance, RebalanceOptions, Verification, pick_run, rebalance, verify
from .edits import CardKey, Edit, edits_patch
from .outputs import write_outputs
from .search import SearchOptions, SearchResult, search

__all__ = ["CardKey", "Edit", "Rebalance", "RebalanceOptions", "SearchOptions", "SearchResult",
           "Verification", "edits_patch", "pick_run", "rebalance", "search", "verify", "write_outputs"]
