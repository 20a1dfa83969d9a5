"""Adventurer draft (E19): what each drafting seat was offered, and draft rates per adventurer.

The result tables hold who played which adventurer, not what a drafting seat could
choose from; that is fully determined by the run, so it is reconstructed here:

* the pool: the variant's adventurers (its content after every patch and ``remove``),
* the seats' specs in the manifest: an adventurer id (fixed), ``random`` (dealt, E13)
  or ``draft`` (E19),
* the ``players`` table: the adventurer each seat played.

E13 deals the random seats before the draft, so every adventurer of a seat that does
not draft is gone before the first pick.  The drafting seats then choose in seat order:
the k-th drafting seat (``draft_pos`` k, 1 = first pick) is offered the pool minus the
non-drafting seats' adventurers minus those of the k-1 drafting seats before it.  This
is exactly the ``legal`` list of the engine's ADVENTURER decisions
(tests/analysis/test_adventurer_draft.py replays reference-engine games to check it).

:func:`draft_offers` gives one row per (drafting seat, game, adventurer offered);
:func:`draft_strength` the rates per adventurer and slice:

* ``offered`` offers (a drafting seat-game whose options held the adventurer);
  ``drafted`` those that took it; ``pick_rate`` = drafted / offered (Wilson).
* ``taken_at`` average draft position of the seats that took it, 1 = first pick among
  the drafting seats (t interval).
* ``win_rate_drafted`` mean ``win_share`` of the seats that drafted it (Wilson on the
  summed shares); ``passed`` offers not taken, ``win_rate_passed`` the passing seats'
  mean win share (Wilson).
* ``improvement_drafted`` = ``win_rate_drafted`` - ``win_rate_passed``.  Not paired: a
  seat either takes or passes the adventurer in a game, so no player-game gives both
  sides of the difference, and a common-seed variant does not give the other choice
  either (the bots' pick follows from the offer).  The two groups can share a game (seat
  2 passes it, seat 3 takes it; their win shares are dependent), so the 95% interval is a
  delta-method interval with each game one cluster; at a rate of 0 or 1 Newcombe's
  interval (games independent).  It compares the seats that took the adventurer with
  the seats that took something else instead: the bots' choice, not the card alone.

``assignment`` labels a variant's way of giving adventurers: ``dealt`` (no seat drafts:
fixed or random seats) or ``draft: seats i, j`` (the drafting seats, numbered from 0 as
in the scenario's ``seats``); adventurer tables are split by it, as a drafted
adventurer meets other opponents than a dealt one.
"""
from __future__ import annotations

import json

import numpy as np
import pandas as pd

from .cards import GAME, _groups
from .intervals import Interval, interval_columns, mean_table, rate_diff_clustered, wilson_table
from .db import ident, quote
from .load import Run, RunError, Variant

DEALT = "dealt"
OFFER_COLUMNS = ["variant", "game_index", "seat", "draft_pos", "adventurer", "taken",
                 "n_offered", "win_share"]
COLUMNS = ["adventurer", "offered", "drafted", "pick_rate", "pick_rate_low", "pick_rate_high",
           "taken_at", "taken_at_low", "taken_at_high",
           "win_rate_drafted", "win_rate_drafted_low", "win_rate_drafted_high",
           "passed", "win_rate_passed", "win_rate_passed_low", "win_rate_passed_high",
           "improvement_drafted", "improvement_drafted_low", "improvement_drafted_high"]
DRAFT_COLUMNS = COLUMNS[1:]


def seat_modes(variant: Variant) -> list[str]:
    """Per seat: the manifest's adventurer spec (an id, ``random`` or ``draft``)."""
    seats = variant.spec.get("seats") or []
    return [str((s or {}).get("adventurer", "random")) if isinstance(s, dict) else "random"
            for s in seats]


def draft_seats(variant: Variant) -> list[int]:
    """Seats (from 0) that draft their adventurer (E19), in seat order = draft order."""
    return [i for i, m in enumerate(seat_modes(variant)) if m == "draft"]


def assignment(variant: Variant | None) -> str:
    """``dealt`` or ``draft: seats 2, 3`` (``draft: all seats`` when every seat drafts)."""
    seats = draft_seats(variant) if variant is not None else []
    if not seats:
        return DEALT
    if len(seats) == len(seat_modes(variant)):
        return "draft: all seats"
    return "draft: seat" + ("s " if len(seats) > 1 else " ") + ", ".join(map(str, seats))


def assignments(run: Run) -> dict[str, str]:
    """variant name -> :func:`assignment` label (every variant of the tables)."""
    return {name: assignment(run.variant(name)) for name in run.variant_names}


def with_keys(run: Run, table: str, by) -> pd.DataFrame:
    """A table with the game keys of ``by`` joined, and ``assignment`` when asked for."""
    by = list(by)
    df = run.with_game_keys(table, [k for k in by if k != "assignment"])
    if "assignment" in by and "assignment" not in df.columns:
        df = df.assign(assignment=df["variant"].map(assignments(run)).fillna(DEALT))
    return df


_POOLS: dict[str, list[str]] = {}


def adventurer_pool(variant: Variant) -> list[str]:
    """The variant's adventurer ids in catalog order: its content after every patch and
    ``remove`` (the merged patch the manifest records)."""
    patch = {k: v for k, v in (variant.patch or {}).items() if not k.startswith("_")}
    removed = list((variant.patch or {}).get("_remove") or [])
    key = json.dumps([patch, removed], sort_keys=True, default=str)
    if key not in _POOLS:
        from ..content import ContentError, load_content
        try:
            ids = list(load_content([patch] if patch else []).adventurers)
        except ContentError as e:
            raise RunError(f"manifest.json: variant {variant.name!r}: its content does not load "
                           f"with this glowsim, so the adventurers it could draft are unknown "
                           f"({'; '.join(e.problems) if hasattr(e, 'problems') else e})") from None
        _POOLS[key] = [a for a in ids if a not in removed]
    return _POOLS[key]


def draft_offers(run: Run) -> pd.DataFrame:
    """One row per (variant, game, drafting seat, adventurer it was offered): OFFER_COLUMNS.

    ``draft_pos`` the seat's place in the draft (1 = first pick), ``taken`` whether it took
    that adventurer, ``n_offered`` how many it could choose from, ``win_share`` the seat's.
    Raises :class:`RunError` when the tables contradict E19 (a drafted adventurer that
    was not free, a seat missing from a game).
    """
    parts = []
    for v in run.variants:
        seats = draft_seats(v)
        if not seats or (run.scope.variants is not None and v.name not in run.scope.variants):
            continue
        p = run.scope.df(f"SELECT game_index, seat, adventurer, win_share FROM players "
                         f"WHERE variant = {quote(v.name)}")
        if p.empty:
            continue
        parts.append(_variant_offers(v, seats, p))
    return pd.concat(parts, ignore_index=True) if parts else no_offers()


def no_offers() -> pd.DataFrame:
    """The offers of a run in which no seat drafts: no row, OFFER_COLUMNS."""
    return pd.DataFrame({c: pd.Series(dtype=t) for c, t in zip(
        OFFER_COLUMNS, [str, np.int64, np.int64, np.int64, str, bool, np.int64, float])})


def _variant_offers(v: Variant, seats: list[int], p: pd.DataFrame) -> pd.DataFrame:
    pool = adventurer_pool(v)
    n = len(seat_modes(v))
    where = f"players table, variant {v.name!r}"
    adv = p.pivot(index="game_index", columns="seat", values="adventurer")
    if list(adv.columns) != list(range(n)) or adv.isna().any().any():
        raise RunError(f"{where}: expected seats 0..{n - 1} in every game (the manifest gives "
                       f"{n} seats); found seats {sorted(adv.columns)}")
    code = {a: k for k, a in enumerate(pool)}
    unknown = sorted(set(adv.to_numpy().ravel()) - set(code))
    if unknown:
        raise RunError(f"{where}: adventurer(s) {', '.join(map(str, unknown))} not in the "
                       f"variant's content ({', '.join(pool)})")
    a = np.vectorize(code.__getitem__, otypes=[np.int64])(adv.to_numpy())   # games x seats
    games = adv.index.to_numpy()
    free = np.ones((len(games), len(pool)), dtype=bool)
    rows = np.arange(len(games))
    for s in range(n):
        if s not in seats:
            free[rows, a[:, s]] = False       # fixed seats, and random seats dealt first (E13)
    ws = p.pivot(index="game_index", columns="seat", values="win_share").to_numpy(float)
    out = []
    for pos, s in enumerate(seats, start=1):
        bad = ~free[rows, a[:, s]]
        if bad.any():
            g = int(games[np.argmax(bad)])
            raise RunError(f"{where}: game {g}: drafting seat {s} has "
                           f"{pool[a[np.argmax(bad), s]]}, which was not free at its pick "
                           f"(E19); the tables and the manifest's seats disagree")
        gi, k = np.nonzero(free)
        out.append(pd.DataFrame({
            "variant": v.name, "game_index": games[gi], "seat": s, "draft_pos": pos,
            "adventurer": np.asarray(pool, dtype=object)[k], "taken": a[gi, s] == k,
            "n_offered": free.sum(axis=1)[gi], "win_share": ws[gi, s]}))
        free[rows, a[:, s]] = False
    df = pd.concat(out, ignore_index=True)
    return df.sort_values(["game_index", "draft_pos"], kind="stable", ignore_index=True)


def draft_strength(run: Run, by=("n_players", "side", "assignment"),
                   offers: pd.DataFrame | None = None) -> pd.DataFrame:
    """Draft rates per slice of ``by`` and adventurer (see the module docstring)."""
    by = list(by)
    o = draft_offers(run) if offers is None else offers
    o = offers_with_keys(run, o, by)
    rows = []
    for key, g in _groups(o, by):
        rows.extend(_slice_rows(key, by, g))
    return pd.DataFrame(rows, columns=by + COLUMNS)


def offers_with_keys(run: Run, o: pd.DataFrame, by) -> pd.DataFrame:
    """:func:`draft_offers` rows with the game keys of ``by`` and ``assignment`` joined."""
    by = list(by)
    game_keys = [k for k in by if k not in o.columns and k != "assignment"]
    if game_keys:
        names = sorted(set(o["variant"]))
        g = run.scope.df(f"SELECT {', '.join(ident(k) for k in GAME + game_keys)} FROM games "
                         f"WHERE variant IN ({', '.join(quote(v) for v in names) or 'NULL'})")
        o = o.merge(g, on=GAME, how="left", validate="many_to_one")
    if "assignment" in by and "assignment" not in o.columns:
        o = o.assign(assignment=o["variant"].map(assignments(run)).fillna(DEALT))
    return o


def _slice_rows(key, by, o: pd.DataFrame) -> list[dict]:
    advs = sorted(o["adventurer"].unique())
    t = pd.DataFrame(index=pd.Index(advs, name="adventurer"))
    grp = o.groupby("adventurer")
    t["offered"] = grp.size().reindex(advs).astype(int)
    t["drafted"] = grp["taken"].sum().reindex(advs).astype(int)
    t["passed"] = t["offered"] - t["drafted"]
    _put(t, "pick_rate", wilson_table(t["drafted"], t["offered"]))
    took = o[o["taken"]]
    _put(t, "taken_at", mean_table(took["draft_pos"], took["adventurer"]))
    _put(t, "win_rate_drafted", wilson_table(
        took.groupby("adventurer")["win_share"].sum().reindex(advs).fillna(0), t["drafted"]))
    passed = o[~o["taken"]]
    _put(t, "win_rate_passed", wilson_table(
        passed.groupby("adventurer")["win_share"].sum().reindex(advs).fillna(0), t["passed"]))
    cluster = o["variant"].astype(str) + "/" + o["game_index"].astype(str)
    imp = {}
    for adv, g in grp:
        d = rate_diff_clustered(g["win_share"], g["taken"], ~g["taken"], cluster[g.index])
        imp[adv] = interval_columns("improvement_drafted", _iv(d))
    t = t.join(pd.DataFrame.from_dict(imp, orient="index"))
    for k, v in zip(by, key):
        t[k] = v
    return t.reset_index().to_dict("records")


def _iv(d) -> Interval:
    return Interval(float(d[0]), float(d[1]), float(d[2]), 0)


def _put(t: pd.DataFrame, prefix: str, iv: pd.DataFrame):
    iv = iv.reindex(t.index)
    t[prefix], t[f"{prefix}_low"], t[f"{prefix}_high"] = iv["estimate"], iv["low"], iv["high"]


def draft_order(offers: pd.DataFrame) -> list[str] | None:
    """The bots' preference order if every pick of these offers follows one fixed order
    (best first; adventurers never taken are left out), else None.

    A beats B when A was taken from options holding B.  The picks follow a fixed order
    when this relation has no cycle; the order is then a topological sort of it, ties
    (never offered together) broken by pick rate.
    """
    if offers.empty or not offers["taken"].any():
        return None
    key = ["variant", "game_index", "seat"]
    took = offers.loc[offers["taken"], key + ["adventurer"]].rename(columns={"adventurer": "won"})
    pairs = offers.merge(took, on=key)
    pairs = pairs[pairs["adventurer"] != pairs["won"]]
    beats = set(zip(pairs["won"], pairs["adventurer"]))
    taken = set(took["won"])
    rate = offers.groupby("adventurer")["taken"].mean()
    order, left = [], set(taken)
    while left:
        top = [a for a in left if not any((b, a) in beats for b in left if b != a)]
        if not top:
            return None                     # a cycle: no fixed order explains the picks
        best = max(top, key=lambda a: (rate.get(a, 0.0), a))
        order.append(best)
        left.remove(best)
    # fixed order also needs: never a lower one taken while a higher one was offered
    rank = {a: i for i, a in enumerate(order)}
    if any(w in rank and a in rank and rank[a] < rank[w] for w, a in beats):
        return None
    return order
