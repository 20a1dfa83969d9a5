"""A synthetic sweep run as the runner writes one: a companion's printed bursts swept at two
player counts (a variant per pair, ``sweep: {players: n, content...: b}``, no published
variant), with a picks table whose built-in pick value of the swept card rises with its
bursts, for the tests of the sweep's report (glowsim/report/sweepreport.py,
glowsim/report/sweepvalues.py)."""
from __future__ import annotations

import numpy as np

from analysis.synth import _game, write_run
from analysis.synth_picks import add_picks

FIELD = "content.companions.A11.bursts"


def sweep_run(path, values=(0, 2, 4, 6, 8), players=(3, 4), games: int = 80, seed: int = 2,
              per_burst: float = 0.04, zero_at: float = 7.0, sides=("province",)):
    """The run folder; at ``players`` x ``values`` (x ``sides``, each a swept value too when
    there are two), A11's pick value (win probability) moves ``per_burst`` per printed burst
    and, less the card's built-in worth of 0.1, crosses 0 near bursts ``zero_at`` - 0.1 /
    ``per_burst``."""
    variants, G, P, R = [], [], [], []
    for side in sides:
        for n in players:
            for b in values:
                name = (f"side={side} " if len(sides) > 1 else "") + \
                    f"players={n} companions.A11.bursts={b}"
                sweep = {"players": n, FIELD: b}
                if len(sides) > 1:
                    sweep["side"] = side
                variants.append(dict(name=name, players=n, side=side, variant="",
                                     content={"companions": {"A11": {"bursts": b}}},
                                     content_hash=f"h{b}", sweep=sweep))
                for g in range(games):
                    _game(G, P, R, name, g, n, side, [0] * n, b,
                          np.random.default_rng([seed, g]))
    manifest = {"scenario": {"name": "sweep", "description": "synthetic sweep"},
                "glowsim_version": "0.0-test", "seed": seed, "games": games,
                "variants": variants,
                "sweeps": ([{"field": "side", "label": None, "values": list(sides)}]
                           if len(sides) > 1 else [])
                + [{"field": "players", "label": None, "values": list(players)},
                   {"field": FIELD, "label": None, "values": list(values)}]}
    path = write_run(path, G, P, R, manifest)

    def extra(variant, card):
        if card != "A11":
            return 0.0
        b = float(variant.rsplit("=", 1)[1])
        return per_burst * (b - zero_at)
    return add_picks(path, rate=1.0, extra=extra)
