"""Card names of a run: the shipped content's, and those its variants' content patches give
(a new card, or a renamed one; the first variant naming a card wins).  How a name is written
beside its id is :func:`glowsim.content.describe.card_name`."""
from __future__ import annotations

from .load import Run


def card_names(run: Run | None = None) -> tuple[dict, dict]:
    """({companion id: name}, {adventurer id: name}) of the run's contents."""
    from ..content import load_content   # the content model (pydantic) loads when names are asked
    c = load_content()
    comp = {k: v.name for k, v in c.companions.items()}
    adv = {k: v.name for k, v in c.adventurers.items()}
    named: set = set()
    for v in (run.variants if run is not None else []):
        patch = v.patch if isinstance(v.patch, dict) else {}
        for kind, out in (("companions", comp), ("adventurers", adv)):
            for card, fields in (patch.get(kind) or {}).items():
                if isinstance(fields, dict) and fields.get("name") and (kind, card) not in named:
                    out[str(card)] = str(fields["name"])
                    named.add((kind, card))
    return comp, adv
