"""What each variant of a run sets: its manifest entry flattened to one column per setting."""
from __future__ import annotations

import numbers

import numpy as np
import pandas as pd


def flatten(obj, prefix: str = "") -> dict:
    """Nested dicts/lists -> {dotted.path: scalar}."""
    out = {}
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.update(flatten(v, f"{prefix}{k}."))
    elif isinstance(obj, list) and obj and all(isinstance(x, (dict, list)) for x in obj):
        for i, v in enumerate(obj):
            out.update(flatten(v, f"{prefix}{i}."))
    else:
        out[prefix[:-1]] = tuple(obj) if isinstance(obj, list) else obj
    return out


# manifest keys that do not describe how a variant plays (or repeat another key:
# `patch` is `content` merged, `extra_reroll_tokens` repeats the seats' start_rerolls)
IGNORED = ("name", "variant", "description", "index", "content_hash", "engine", "seed", "games",
           "chunk_games", "sweep", "patch", "extra_reroll_tokens")


def settings_frame(variants) -> pd.DataFrame:
    rows = {}
    for v in variants:
        spec = {k: val for k, val in v.spec.items() if k not in IGNORED}
        flat = flatten(spec)
        for fld, val in v.sweep.items():
            flat.setdefault(f"sweep.{fld}", val)
        rows[v.name] = flat
    return pd.DataFrame.from_dict(rows, orient="index")


def is_number(x) -> bool:
    return isinstance(x, numbers.Number) and not isinstance(x, bool) and not (
        isinstance(x, float) and np.isnan(x))
