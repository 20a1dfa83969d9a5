"""SQL for a run's rows with their game keys: the building blocks of the analysis queries.

A players row gets its game's slice keys without a join to ``games`` when the keys are
constant within each variant (:mod:`glowsim.analysis.variantkeys`), else by the join on
(variant, game_index); both select the same rows with the same keys."""
from __future__ import annotations

from .db import ident
from .load import Run
from .variantkeys import constant_keys


def others_sql(run: Run, part) -> str:
    """SQL: the scope's player-games of one block with ``win_share`` and ``others`` (the mean
    win share of the other players of the game; null when the game has one player)."""
    p = run.scope.rel("players", part, ["variant", "game_index", "seat", "win_share"])
    return f"""(WITH p AS {p},
        gt AS (SELECT variant, game_index, sum(win_share) AS tot, count(win_share) AS cnt
               FROM p GROUP BY variant, game_index)
        SELECT p.variant, p.game_index, p.seat, p.win_share,
               CASE WHEN gt.cnt > 1 THEN (gt.tot - p.win_share) / (gt.cnt - 1) END AS others
        FROM p JOIN gt USING (variant, game_index))"""


def player_rows(run: Run, by: list[str], part=None, labels: dict | None = None,
                others: bool = False) -> str:
    """SQL: the scope's ``players`` rows (of one block ``part``) whose game has every key of
    ``by``, with those keys first (and ``others``, see :func:`others_sql`, when asked)."""
    p = run.scope.rel("players", part)
    keys = constant_keys(run, by, labels)
    if keys is not None:
        rows = f"(SELECT {keys.select_sql('p')}p.* FROM {p} p WHERE {keys.where_sql('p')})"
    else:
        g = run.keyed_games(by, part, labels)
        gk = "".join(f"g.{ident(k)}, " for k in dict.fromkeys(by)
                     if k not in ("variant", "game_index"))
        rows = f"(SELECT {gk}p.* FROM {p} p JOIN {g} g USING (variant, game_index))"
    if others:
        return f"""(SELECT r.*, pw.others FROM {rows} r
            LEFT JOIN {others_sql(run, part)} pw USING (variant, game_index, seat))"""
    return rows
