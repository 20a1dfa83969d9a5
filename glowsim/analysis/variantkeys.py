"""Slice keys constant within a variant: the players rows keyed without a join to ``games``.

The analysis slices player-games by keys of their game (``n_players``, ``side``) or by
labels of their variant (``assignment``).  Joining ``players`` to ``games`` on
(variant, game_index) for them costs most of a query's time on a large run, yet in a run
the runner wrote every game of a variant has the variant's player count and side.  Cheap
queries over ``games``, once per run (per variant: count, lowest and highest
``game_index``, distinct indices counted as set bits of a bitstring over the range; per
key column: min, max, non-null count) prove it; when it holds, a
player row's keys are ``CASE variant WHEN ... END`` and its game exists exactly when its
``game_index`` lies in its variant's range, so no join is needed.

:func:`constant_keys` gives a :class:`VariantKeys` when, for every variant of the scope
with games, each key column is either the same non-null value in all its games or null
in all of them (the variant is then left out, as the join leaves out games with a null
key), and its games have the consecutive indices lo..hi, once each.  Otherwise (a
hand-edited run, a key that varies within a variant, a gap or a repeated game) it gives
None and the caller joins as before.  Both ways select the same rows with the same keys.
"""
from __future__ import annotations

from dataclasses import dataclass

from .db import ident, quote

_GAMES = "variant_games"


@dataclass
class VariantKeys:
    """The keys ``by`` (other than variant and game_index) of each keyed variant, and the
    range of its games' indices."""
    keys: list[str]
    values: dict[str, tuple]             # variant -> SQL literal of each key, in ``keys`` order
    ranges: dict[str, tuple[int, int]]   # variant -> (lowest, highest) game_index

    def select_sql(self, alias: str) -> str:
        """SELECT items (each followed by ", "): the keys as CASE expressions on variant."""
        out = []
        for i, k in enumerate(self.keys):
            cases = " ".join(f"WHEN {quote(v)} THEN {vals[i]}" for v, vals in self.values.items())
            out.append(f"CASE {alias}.variant {cases} END AS {ident(k)}, " if cases
                       else f"NULL AS {ident(k)}, ")
        return "".join(out)

    def where_sql(self, alias: str) -> str:
        """SQL condition: the row's variant is keyed and its game_index in the variant's range."""
        if not self.values:
            return "FALSE"
        lo = " ".join(f"WHEN {quote(v)} THEN {self.ranges[v][0]}" for v in self.values)
        hi = " ".join(f"WHEN {quote(v)} THEN {self.ranges[v][1]}" for v in self.values)
        return (f"{alias}.game_index BETWEEN (CASE {alias}.variant {lo} END) "
                f"AND (CASE {alias}.variant {hi} END)")


def _games_facts(db) -> dict[str, tuple[int, int, int, int]]:
    """Per variant of the whole run: (games, lowest, highest, distinct game_index); the
    distinct indices are counted (one bit per index of the range, no hashing) only where
    the games are as many as the range is long, else given as -1."""
    if _GAMES not in db.memo:
        facts = {r[0]: [int(x) for x in r[1:]] + [-1] for r in db.rows(
            "SELECT variant, count(*), min(game_index), max(game_index) FROM games "
            "WHERE variant IS NOT NULL GROUP BY variant")}
        full = {v: f for v, f in facts.items() if f[0] == f[2] - f[1] + 1}
        if full:
            lows = " ".join(f"WHEN {quote(v)} THEN {f[1]}" for v, f in full.items())
            span = max(f[0] for f in full.values())
            for v, n in db.rows(
                    f"SELECT variant, bit_count(bitstring_agg((game_index - CASE variant {lows} "
                    f"END)::BIGINT, 0, {span - 1})) FROM games WHERE variant IN "
                    f"({', '.join(quote(v) for v in full)}) GROUP BY variant"):
                facts[v][3] = int(n)
        db.memo[_GAMES] = {v: tuple(f) for v, f in facts.items()}
    return db.memo[_GAMES]


def _column_facts(db, column: str) -> dict[str, tuple]:
    """Per variant: (min, max, non-null count, SQL type) of a ``games`` column."""
    memo = ("variant_column", column)
    if memo not in db.memo:
        c = ident(column)
        db.memo[memo] = {r[0]: r[1:] for r in db.rows(
            f"SELECT variant, min({c})::VARCHAR, max({c})::VARCHAR, count({c}), "
            f"typeof(min({c})) FROM games WHERE variant IS NOT NULL GROUP BY variant")}
    return db.memo[memo]


def constant_keys(run, by, labels: dict | None = None) -> VariantKeys | None:
    """The keys ``by`` of the scope's variants as constants (see the module docstring), or
    None when some variant's games do not prove them constant."""
    labels = labels or {}
    db = run.scope.db
    keys = [k for k in dict.fromkeys(by) if k not in ("variant", "game_index")]
    if any(k not in labels and k not in db.columns.get("games", []) for k in keys):
        return None
    games = _games_facts(db)
    columns = {k: _column_facts(db, k) for k in keys if k not in labels}
    wanted = run.scope.variants
    values, ranges = {}, {}
    for v, (n, lo, hi, distinct) in games.items():
        if wanted is not None and v not in wanted:
            continue
        if not (n == distinct == hi - lo + 1):
            return None
        vals = []
        for k in keys:
            if k in labels:
                x = labels[k].get(v)
                vals.append(None if x is None and v not in labels[k] else quote(x))
                continue
            low, high, count, typ = columns[k][v]
            if count == 0:
                vals.append(None)
            elif count == n and low == high:
                vals.append(f"CAST({quote(low)} AS {typ})")
            else:
                return None
        if all(x is not None for x in vals):
            values[v] = tuple(vals)
            ranges[v] = (lo, hi)
    return VariantKeys(keys, values, ranges)
