"""Training of the learned policy (preset `master`) from forks: approximate policy iteration.

* :mod:`.data` - one generation's forks joined with each alternative's features
* :mod:`.fit` - the within-decision regression of the continuations' win shares on the features
* :mod:`.trainer` - generations: forks -> fit -> head-to-head checks -> keep or not, checkpointed
* :mod:`.report` - the training's report and the model file of its best policy

The names below load their module on first use.
"""
from __future__ import annotations

from ..lazy import names

_WHERE = {
    "TrainOptions": ".trainer", "Trained": ".trainer",
    "train": ".trainer", "candidate_of": ".trainer",
    "Stats": ".fit", "solve": ".fit", "stats_of": ".fit",
    "collect": ".data", "join": ".data",
    "write_outputs": ".report", "report_text": ".report", "model_text": ".report",
}

__all__ = sorted(_WHERE)
__getattr__, __dir__ = names(__name__, _WHERE, globals())
