"""SQL for a run's rows with their game keys: the building blocks of the analysis queries.

A players row gets its game's slice keys without a join to ``games`` when the keys are
constant within each variant (:mod:`glowsim.analysis.variantkeys`), else by the join on
(variant, game_index); both select the same rows with the same keys."""
from __future__ import annotations

from .db import ident
from .load import Run
from .variantkeys import constant_keys


def player_rows(run: Run, by: list[str], part=None, labels: dict | None = None,
                others: bool = False, columns=None) -> str:
    """SQL: the scope's ``players`` rows (of one block ``part``) whose game has every key of
    ``by``, with those keys first; with ``others``, also the mean win share of the other
    players of the game (null when the game has one player).  ``columns``: the ``players``
    columns to give (besides variant and game_index; default all), for a query that
    reads the rows more than once (a common table expression keeps what it is given)."""
    if columns is not None:
        columns = list(dict.fromkeys(["variant", "game_index"] + list(columns)
                                     + ["win_share"] * others))
    p = run.scope.rel("players", part, columns)
    keys = constant_keys(run, by, labels)
    if keys is not None:
        rows = f"(SELECT {keys.select_sql('p')}p.* FROM {p} p WHERE {keys.where_sql('p')})"
    else:
        g = run.keyed_games(by, part, labels)
        gk = "".join(f"g.{ident(k)}, " for k in dict.fromkeys(by)
                     if k not in ("variant", "game_index"))
        rows = f"(SELECT {gk}p.* FROM {p} p JOIN {g} g USING (variant, game_index))"
    if others:
        # a game's rows are all kept or all left out, so its keyed rows are all its players
        return f"""(SELECT * EXCLUDE (_game_ws, _game_n),
                   CASE WHEN _game_n > 1 THEN (_game_ws - win_share) / (_game_n - 1) END AS others
            FROM (SELECT r.*, sum(win_share) OVER g AS _game_ws, count(win_share) OVER g AS _game_n
                  FROM {rows} r WINDOW g AS (PARTITION BY variant, game_index)))"""
    return rows
