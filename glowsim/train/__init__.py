"""Training of the learned policy (preset `master`) from forks: approximate policy iteration.

* :mod:`.data` - one generation's forks joined with each alternative's features
* :mod:`.fit` - the within-decision regression of the continuations' win shares on the features
* :mod:`.trainer` - generations: forks -> fit -> head-to-head checks -> keep or not, checkpointed
* :mod:`.report` - the training's report and the model file of its best policy

The names below load their module on first use.
"""
from __future__ import annotations

import importlib

_WHERE = {
    "TrainOptions": "trainer", "Trained": "trainer", "train": "trainer", "candidate_of": "trainer",
    "Stats": "fit", "solve": "fit", "stats_of": "fit",
    "collect": "data", "join": "data",
    "write_outputs": "report", "report_text": "report", "model_text": "report",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str):
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_WHERE))
