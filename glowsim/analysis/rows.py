"""SQL for a run's rows with their game keys: the building blocks of the analysis queries."""
from __future__ import annotations

from .db import ident
from .load import Run


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
    ``by``, with those keys joined (and ``others``, see :func:`others_sql`, when asked)."""
    g = run.keyed_games(by, part, labels)
    gk = "".join(f"g.{ident(k)}, " for k in by if k not in ("variant", "game_index"))
    p = run.scope.rel("players", part)
    if others:
        return f"""(SELECT {gk}p.*, pw.others FROM {p} p
            JOIN {g} g USING (variant, game_index)
            LEFT JOIN {others_sql(run, part)} pw USING (variant, game_index, seat))"""
    return f"(SELECT {gk}p.* FROM {p} p JOIN {g} g USING (variant, game_index))"
