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

from .cards import SLICE, _groups, flag, win_share_lookup
from .drafts import DRAFT_COLUMNS, draft_strength, with_keys
from .intervals import interval_columns, mean_ci, wilson
from .load import Run

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
    players = with_keys(run, "players", by)
    rows = []
    names = names or {}
    for key, p in _groups(players, by):
        ws = win_share_lookup(p)
        p = p.assign(diff=p["win_share"].to_numpy() - ws["others_win_share"].to_numpy())
        field = float(p["win_share"].mean())
        for adv, a in p.groupby("adventurer", sort=True, observed=True):
            row = dict(zip(by, key))
            row.update(adventurer=adv, name=names.get(adv, ""), games=len(a))
            row.update(interval_columns("win_rate", wilson(a["win_share"].sum(), len(a))))
            row.update(interval_columns("improvement", mean_ci(a["diff"])))
            row.update(interval_columns("score", mean_ci(a["score"])))
            row["cards_bursts"] = float(a["cards_bursts"].mean())
            row["journey_bursts"] = float(a["journey_bursts"].mean())
            total = float(a["score"].sum())
            row["journey_share"] = float(a["journey_bursts"].sum()) / total if total else np.nan
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
