"""Adventurer strength: win rate, score and draft rates per adventurer, each with a 95% interval.

One row per (slice, adventurer); by default a slice is one (n_players, side,
assignment) triple, ``assignment`` being ``dealt`` (no seat drafts: fixed or random
adventurers, E13) or ``draft: seats ...`` (E19, see :mod:`glowsim.analysis.drafts`):
a drafted adventurer meets other opponents than a dealt one, so the two are not pooled.

* ``games`` player-games played with the adventurer (every seat of the slice: dealt,
  fixed or drafted).
* ``win_rate`` mean ``win_share`` (Wilson on the summed shares).
* ``improvement`` per player-game: the player's win share minus the mean win
  share of the other players of the same game, averaged (t interval of these
  within-game paired differences); 0 = as good as the average opponent.
* ``score`` mean final score (t interval); ``cards_bursts``,
  ``journey_bursts`` means of those score parts; ``journey_share`` the
  journey's share of the total score (sum journey / sum score).
* ``flag`` ``above`` / ``below`` when the win-rate interval lies wholly above /
  below ``field_win_rate`` (the slice's mean win share, 1/n).
* draft columns (:data:`glowsim.analysis.drafts.DRAFT_COLUMNS`): ``offered``,
  ``drafted``, ``pick_rate``, ``taken_at``, ``win_rate_drafted``, ``passed``,
  ``win_rate_passed``, ``improvement_drafted`` (definitions in
  :mod:`glowsim.analysis.drafts`).  Only drafting seats are offered adventurers: in a
  ``dealt`` slice, and for an adventurer no drafting seat could choose, ``offered`` is 0
  and the rates are empty (NaN); so are the win rate when drafted of an adventurer never
  taken and the win rate when passed of one always taken.  An adventurer offered but never
  played in the slice has a row with ``games`` 0.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .cards import SLICE, _groups, flag
from .db import SHARE_SCALE, combine_moments, exact_sum, ident, moments_sql
from .drafts import DRAFT_COLUMNS, assignments, draft_strength
from .intervals import interval_columns, interval_of, wilson
from .load import Run
from .rows import player_rows

ADVENTURER_SLICE = SLICE + ["assignment"]
BASE_COLUMNS = ["adventurer", "name", "games", "win_rate", "win_rate_low", "win_rate_high",
                "improvement", "improvement_low", "improvement_high",
                "score", "score_low", "score_high", "cards_bursts", "journey_bursts",
                "journey_share", "field_win_rate", "flag"]
COLUMNS = BASE_COLUMNS + DRAFT_COLUMNS


def adventurer_strength(run: Run, by=ADVENTURER_SLICE, names: dict | None = None,
                        draft: bool = True, offers: pd.DataFrame | None = None) -> pd.DataFrame:
    """Adventurer table, one row per slice of ``by`` and adventurer; ``draft=False`` leaves
    out the draft columns (and the offer reconstruction, which loads each variant's content);
    ``offers``: :func:`glowsim.analysis.drafts.draft_offers` of the run, if already made."""
    by = list(by)
    names = names or {}
    labels = {"assignment": assignments(run)} if "assignment" in by else None
    kl = "".join(f"{ident(k)}, " for k in by)

    def sql(part):
        return f"""SELECT {kl}adventurer, count(*)::DOUBLE AS games,
                   {exact_sum('win_share', SHARE_SCALE)} AS ws, count(win_share)::DOUBLE AS n_ws,
                   {moments_sql('win_share - others', 'd', SHARE_SCALE)}, {moments_sql('score', 's')},
                   sum(cards_bursts)::DOUBLE AS cards, sum(journey_bursts)::DOUBLE AS journey,
                   sum(score)::DOUBLE AS score
            FROM {player_rows(run, by, part, labels, others=True)} GROUP BY ALL"""
    a = run.scope.each_part(sql)
    rows = []
    for key, g in _groups(a, by):
        field_n = g["n_ws"].sum()
        field = float(g["ws"].sum() / SHARE_SCALE / field_n) if field_n else np.nan
        m = combine_moments(g, ["adventurer"], {"d": ("d_n", "d_mean", "d_m2"),
                                                 "s": ("s_n", "s_mean", "s_m2")})
        sums = g.groupby("adventurer", sort=True)[["games", "ws", "cards", "journey",
                                                    "score"]].sum()
        for (adv, t), (_, mm) in zip(sums.iterrows(), m.set_index("adventurer").iterrows()):
            n = int(t["games"])
            row = dict(zip(by, key))
            row.update(adventurer=adv, name=names.get(adv, ""), games=n)
            row.update(interval_columns("win_rate", wilson(t["ws"] / SHARE_SCALE, n)))
            row.update(interval_columns("improvement",
                                        interval_of(mm["d_mean"], mm["d_sd"], mm["d_n"])))
            row.update(interval_columns("score", interval_of(mm["s_mean"], mm["s_sd"], mm["s_n"])))
            row["cards_bursts"] = float(t["cards"] / n) if n else np.nan
            row["journey_bursts"] = float(t["journey"] / n) if n else np.nan
            row["journey_share"] = float(t["journey"] / t["score"]) if t["score"] else np.nan
            row["field_win_rate"] = field
            row["flag"] = flag(row["win_rate_low"], row["win_rate_high"], field)
            rows.append(row)
    out = pd.DataFrame(rows, columns=by + BASE_COLUMNS)
    if draft:
        # outer: an adventurer offered at every pick and never played is still a row (games 0)
        d = draft_strength(run, by, offers)
        out = out.merge(d, on=by + ["adventurer"], how="outer")
        for c in ("games", "offered", "drafted", "passed"):
            out[c] = out[c].fillna(0).astype(int)
        out["name"] = [names.get(a, "") for a in out["adventurer"]]
        out["flag"] = out["flag"].fillna("")
        if by:
            field = out.groupby(by, observed=True, dropna=False)["field_win_rate"]
            out["field_win_rate"] = field.transform("max")
        else:
            out["field_win_rate"] = out["field_win_rate"].max()
    return out.sort_values(by + ["win_rate"], ascending=[True] * len(by) + [False],
                           ignore_index=True)
