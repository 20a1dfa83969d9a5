"""Pick-value tables in the analysis API's format (glowsim/analysis/picks.py), built from
chosen values, for the report's tests."""
from __future__ import annotations

import numpy as np
import pandas as pd

from glowsim.report.pickvalue import PickTables


def verdict(lo, hi, value, t):
    if lo > t:
        return "above"
    if hi < -t:
        return "below"
    if -t <= lo and hi <= t:
        return "within"
    return "unclear"


def values_frame(spec: dict, n_players=4, side="province", t=2.0, half=1.0, bot=None):
    """spec: {companion: (value, pick_rate)}; every interval +-half."""
    rows = []
    for c, (v, rate) in spec.items():
        lo, hi = v - half, v + half
        rows.append(dict(n_players=n_players, side=side, companion=c, name="", n_picks=400,
                         pick_rate=rate, value=v, value_lo=lo, value_hi=hi,
                         value_bursts=v / 4, value_bursts_lo=lo / 4, value_bursts_hi=hi / 4,
                         verdict=verdict(lo, hi, v, t), note=""))
    df = pd.DataFrame(rows)
    return df.assign(bot=bot) if bot else df


def stages_frame(spec: dict, n_players=4, side="province"):
    """spec: {companion: (early, middle, late)} values, intervals +-1."""
    rows = []
    for c, vals in spec.items():
        for st, v in zip(("early", "middle", "late"), vals):
            rows.append(dict(n_players=n_players, side=side, companion=c, name="", stage=st,
                             n_picks=100, pick_rate=0.3, value=v, value_lo=v - 1,
                             value_hi=v + 1, value_bursts=v / 4, value_bursts_lo=(v - 1) / 4,
                             value_bursts_hi=(v + 1) / 4))
    return pd.DataFrame(rows)


def regret_frame(spec: dict, n_players=4, side="province"):
    """spec: {bot: {stage: regret}} with intervals +-0.5."""
    rows = []
    for bot, by_stage in spec.items():
        for st, r in by_stage.items():
            rows.append(dict(n_players=n_players, side=side, bot=bot, stage=st, n_picks=300,
                             regret=r, regret_lo=r - 0.5, regret_hi=r + 0.5))
    return pd.DataFrame(rows)


def tables(seed=0) -> PickTables:
    rng = np.random.default_rng(seed)
    spec = {f"A{i:02d}": (float(rng.normal(0, 3)), float(rng.uniform(0.05, 0.6)))
            for i in range(1, 13)}
    spec["A11"] = (9.0, 0.5)          # clearly above
    spec["A05"] = (-7.0, 0.1)         # clearly below
    spec["A06"] = (0.3, 0.2)          # within
    spec["A07"] = (2.5, 0.2)          # unclear: straddles +2
    return PickTables(values_frame(spec),
                      stages_frame({"A11": (9, 8, 7), "A05": (3, -1, -4), "A06": (0, 0, 0)}),
                      regret_frame({"heuristic": {"all": 3.0, "early": 2.0, "middle": 3.5,
                                                  "late": 4.0}}))
