"""Game counts of a run, from SQL: per variant and per slice (n_players, side)."""
from __future__ import annotations

import pandas as pd

from .load import Run


def variant_counts(run: Run) -> pd.DataFrame:
    """One row per variant with games: variant, games, players (its n_players; the first
    game's when they differ) and side, variants in run order."""
    d = run.scope.df(f"""SELECT variant, count(*)::BIGINT AS games,
            arg_min(n_players, game_index) AS players, arg_min(side, game_index) AS side
        FROM {run.scope.rel('games')} GROUP BY variant""")
    order = {v: i for i, v in enumerate(run.variant_names)}
    d = d.assign(_o=d["variant"].map(order)).sort_values(["_o", "variant"], kind="stable")
    return d.drop(columns="_o").reset_index(drop=True)


def slice_counts(run: Run) -> dict[tuple, int]:
    """{(n_players, side): games}."""
    rows = run.scope.rows(f"SELECT n_players, side, count(*) FROM {run.scope.rel('games')} "
                          f"GROUP BY ALL")
    return {(n, s): int(c) for n, s, c in rows}
