"""SQL access to a run folder's Parquet tables (DuckDB), out of core.

The analysis reads run folders through one DuckDB connection per run: the tables
``games``, ``players`` and ``recruits`` (contract.md section 6) are views over the
Parquet files, never loaded whole.  Queries aggregate in SQL and hand back small
result tables (one row per slice, card or game block) as pandas DataFrames.

* :class:`RunDB` the connection (memory limit, threads and spill folder set
  explicitly) and the table sources;
* :class:`Scope` one selection of variants of it (what :meth:`glowsim.analysis.Run.subset`
  gives): ``scope.rel("players")`` is SQL text for the selected rows, and
  :meth:`Scope.parts` splits the games into blocks of consecutive ``game_index``
  so that per-game or per-player-game grouping (distinct recruits, the other
  players' win shares) never holds more than one block of games at once;
* :func:`combine_moments` merges per-block counts, means and sums of squared
  deviations (Chan et al.'s pairwise update) into the whole run's.

Settings: ``GLOWSIM_DUCKDB_MEMORY`` (default ``1GB``), ``GLOWSIM_DUCKDB_THREADS``
(default 2) and ``GLOWSIM_PART_GAMES`` (games per block, all the scope's variants
together, default 1000000: a block's fixed cost of reading the Parquet metadata is then
small beside its rows, and its per-game grouping stays well inside the memory limit).
Rows of one game lie in one row group of each final table (the runner writes a
chunk per row group, sorted by ``game_index``), so a block's ``game_index``
range reads only its row groups.
"""
from __future__ import annotations

import shutil
import tempfile
import threading
import weakref
from pathlib import Path

import numpy as np
import pandas as pd

from ..environment import memory_size, whole_number
from ..errors import UserError

MEMORY_LIMIT = "1GB"
THREADS = 2
PART_GAMES = 1_000_000


class RunError(UserError):
    """A run folder that cannot be read; the message names the file and what is wrong."""


def quote(value) -> str:
    """A SQL string literal."""
    return "'" + str(value).replace("'", "''") + "'"


def ident(name: str) -> str:
    """A SQL identifier."""
    return '"' + str(name).replace('"', '""') + '"'


def _files_sql(files: list[str]) -> str:
    return "[" + ", ".join(quote(f) for f in files) + "]"


class RunDB:
    """One DuckDB connection over a run folder's tables.

    ``sources``: table name -> list of Parquet files (in reading order); ``columns``:
    table name -> its column names.  The connection is in memory; what does not fit in
    ``memory_limit`` spills to a temporary folder removed when the object goes away."""

    def __init__(self, sources: dict[str, list[str]], columns: dict[str, list[str]],
                 memory_limit: str | None = None, threads: int | None = None):
        import duckdb
        self.sources = sources
        self.columns = columns
        self._tmp = tempfile.mkdtemp(prefix="glowsim-duckdb-")
        self._finalizer = weakref.finalize(self, shutil.rmtree, self._tmp, True)
        memory = memory_limit or memory_size("GLOWSIM_DUCKDB_MEMORY", MEMORY_LIMIT)
        self.memory = memory
        n = threads or whole_number("GLOWSIM_DUCKDB_THREADS", THREADS)
        self.con = duckdb.connect(":memory:", config={
            "memory_limit": memory, "threads": n, "temp_directory": self._tmp,
            "preserve_insertion_order": False})
        try:
            self.con.execute("SET enable_progress_bar = false")
        except duckdb.Error:   # in Jupyter without ipywidgets duckdb refuses the setting; its
            pass               # queries run all the same
        self.con.execute("SET parquet_metadata_cache = true")
        self._lock = threading.Lock()
        for name, files in sources.items():
            self.con.execute(f"CREATE VIEW {ident(name)} AS SELECT * FROM "
                             f"read_parquet({_files_sql(files)})")
        self._range: tuple[int, int] | None = None
        self.memo: dict = {}     # facts of the whole run's tables, queried once (variantkeys.py)

    def _run(self, sql: str, params, fetch):
        import duckdb
        with self._lock:
            try:
                return fetch(self.con.execute(sql, params or []))
            except duckdb.InterruptException:
                raise KeyboardInterrupt() from None
            except RuntimeError as e:
                # a Ctrl-C or SIGTERM during a query: DuckDB runs the signal handler, drops
                # what it raised and stops the query with "Query interrupted"
                if "interrupted" in str(e).lower():
                    raise KeyboardInterrupt() from None
                raise
            except duckdb.Error as e:
                raise RunError(f"{self._where(str(e))}: cannot read the run's tables "
                               f"({str(e).splitlines()[0]})") from None

    def _where(self, message: str) -> str:
        for files in self.sources.values():
            for f in files:
                if f in message:
                    return f
        return str(Path(next(iter(self.sources.values()))[0]).parent)

    def df(self, sql: str, params=None) -> pd.DataFrame:
        """Run a query; its result as a DataFrame (numbers as numpy dtypes)."""
        return self._run(sql, params, lambda r: r.df())

    def rows(self, sql: str, params=None) -> list[tuple]:
        return self._run(sql, params, lambda r: r.fetchall())

    def release_memory(self) -> None:
        """Hand the buffers DuckDB keeps cached (up to its memory limit) back to the system,
        before work outside SQL needs the memory: the limit is lowered, then restored."""
        import duckdb
        with self._lock:
            try:
                self.con.execute("SET memory_limit = '32MB'")
                self.con.execute(f"SET memory_limit = {quote(self.memory)}")
            except duckdb.Error:
                pass       # nothing to give back

    def close(self) -> None:
        try:
            self.con.close()
        finally:
            self._finalizer()


class Scope:
    """The rows of some variants of a :class:`RunDB` (``variants`` None: every row)."""

    def __init__(self, db: RunDB, variants: list[str] | None = None):
        self.db = db
        self.variants = None if variants is None else list(variants)
        self._part_cache: list | None = None

    def where(self, alias: str = "") -> str:
        """SQL condition selecting this scope's variants ("TRUE" for all)."""
        if self.variants is None:
            return "TRUE"
        if not self.variants:
            return "FALSE"
        col = f"{alias}.variant" if alias else "variant"
        return f"{col} IN ({', '.join(quote(v) for v in self.variants)})"

    def rel(self, table: str, part: tuple | None = None, columns=None) -> str:
        """SQL (a parenthesised subquery) for the scope's rows of ``table``, optionally only
        the games of one block ``part`` = (low, high): low <= game_index < high."""
        cols = "*" if columns is None else ", ".join(ident(c) for c in columns)
        cond = [self.where()]
        if part is not None:
            cond.append(f"game_index >= {int(part[0])} AND game_index < {int(part[1])}")
        return f"(SELECT {cols} FROM {ident(table)} WHERE {' AND '.join(cond)})"

    def df(self, sql: str, params=None) -> pd.DataFrame:
        return self.db.df(sql, params)

    def rows(self, sql: str, params=None) -> list[tuple]:
        return self.db.rows(sql, params)

    def has_column(self, table: str, column: str) -> bool:
        return column in self.db.columns.get(table, [])

    def game_range(self) -> tuple[int, int] | None:
        """(lowest, highest) game_index of the scope's games (None: no game)."""
        if self._part_cache is None:
            lo, hi, n = self.db.rows(f"SELECT min(game_index), max(game_index), "
                                     f"count(DISTINCT variant) FROM {self.rel('games')}")[0]
            self._part_cache = [lo, hi, n]
        lo, hi, _ = self._part_cache
        return None if lo is None else (int(lo), int(hi))

    def n_blocks(self, blocks: int) -> int:
        """``blocks``, or fewer when the scope spans fewer game indices."""
        r = self.game_range() or (0, 0)
        return max(1, min(int(blocks), r[1] - r[0] + 1))

    def block_sql(self, blocks: int, column: str = "game_index") -> str:
        """SQL: the block (0..n_blocks(blocks)-1) of a game index, equal runs of consecutive
        indices from the lowest to the highest of the scope."""
        r = self.game_range() or (0, 0)
        span = r[1] - r[0] + 1
        return f"(({column} - {r[0]}) * {self.n_blocks(blocks)} // {span})"

    def parts(self, games: int | None = None) -> list[tuple[int, int]]:
        """Blocks of consecutive game indices that together hold every game of the scope (one
        block when the games are few): about ``games`` games of each variant a block, or by
        default about ``GLOWSIM_PART_GAMES`` (or PART_GAMES) games of all variants together."""
        r = self.game_range()
        if r is None:
            return []
        if games:
            size = int(games)
        else:
            total = whole_number("GLOWSIM_PART_GAMES", PART_GAMES)
            size = max(1, total // max(1, self._part_cache[2]))
        lo, hi = r[0], r[1] + 1
        n = max(1, -(-(hi - lo) // size))
        step = -(-(hi - lo) // n)
        return [(a, min(a + step, hi)) for a in range(lo, hi, step)]

    def each_part(self, sql_of, games: int | None = None) -> pd.DataFrame:
        """Concatenated results of ``sql_of(part)`` over :meth:`parts`."""
        out = [self.df(sql_of(p)) for p in self.parts(games)]
        out = [d for d in out if len(d)]
        if not out:
            return self.df(sql_of((0, 0)))
        return pd.concat(out, ignore_index=True) if len(out) > 1 else out[0]


def combine_moments(df: pd.DataFrame, keys: list[str], specs: dict[str, tuple[str, str, str]]
                    ) -> pd.DataFrame:
    """Merge per-block moments into one row per ``keys``.

    ``specs``: output name -> (count column, mean column, M2 column), M2 being the sum of
    squared deviations from the block's mean.  Result columns ``NAME_n``, ``NAME_mean``,
    ``NAME_sd`` (sample SD, nan below 2 values)."""
    grouped = df.groupby(keys, sort=True, dropna=False) if keys else [((), df)]
    rows = []
    for key, g in grouped:
        row = dict(zip(keys, key if isinstance(key, tuple) else (key,)))
        for name, (nc, mc, m2c) in specs.items():
            n, mean, m2 = 0.0, 0.0, 0.0
            for nb, mb, m2b in zip(g[nc].to_numpy(float), g[mc].to_numpy(float),
                                   g[m2c].to_numpy(float)):
                if not nb or np.isnan(nb):
                    continue
                m2b = 0.0 if np.isnan(m2b) else m2b
                if n == 0:
                    n, mean, m2 = nb, mb, m2b
                    continue
                tot = n + nb
                delta = mb - mean
                mean += delta * nb / tot
                m2 += m2b + delta * delta * n * nb / tot
                n = tot
            row[f"{name}_n"] = int(n)
            row[f"{name}_mean"] = mean if n else np.nan
            row[f"{name}_sd"] = float(np.sqrt(m2 / (n - 1))) if n >= 2 else np.nan
        rows.append(row)
    return pd.DataFrame(rows)


SHARE_SCALE = 720_720   # a win share (E9: 1/k), the others' mean of a game (k/(12(n-1))) and
                        # their difference, times this, are whole numbers (720720 = lcm(1..16))


RATIO_SCALE = 10**12    # a ratio in 0..1 of two whole numbers, rounded to 1e-12 (exact sums)


def whole(expr: str, scale: int = 1) -> str:
    """SQL: ``expr`` times ``scale`` as a whole number (BIGINT): its sums are exact, so the same
    for any order DuckDB's threads add the rows in (a sum of DOUBLEs is not)."""
    return f"(({expr}))::BIGINT" if scale == 1 else f"round(({expr}) * {scale})::BIGINT"


def exact_sum(expr: str, scale: int = 1) -> str:
    """SQL: the sum of ``expr`` times ``scale``, exact (0 over no row): a whole number as a
    DOUBLE, so that sums of such results in pandas are exact too (below 2**53).  ``scale`` 1:
    ``expr`` is a whole number already; a win share takes :data:`SHARE_SCALE`."""
    return f"coalesce(sum({whole(expr, scale)}), 0)::DOUBLE"


def exact_mean(expr: str, scale: int = 1) -> str:
    """SQL: the mean of ``expr`` (nulls skipped) from an exact sum (see :func:`exact_sum`)."""
    return f"(sum({whole(expr, scale)})::DOUBLE / {scale} / nullif(count({expr}), 0))"


def moments_sql(expr: str, name: str, scale: int = 1) -> str:
    """SELECT items giving the count, mean and M2 (sum of squared deviations from the mean)
    of a numeric SQL expression, nulls skipped: ``NAME_n``, ``NAME_mean``, ``NAME_m2``.

    Made from exact sums of ``expr`` times ``scale`` and of its square (:func:`whole`: a whole
    number; ``scale`` 1 for a whole-number expression), so the result does not depend on the
    order DuckDB's threads add the rows in (``avg`` and ``var_pop`` of DOUBLEs, and ``var_pop``
    of anything, do)."""
    x = whole(expr, scale)
    # a square of a BIGINT below 3e9 is a BIGINT; the fine scales (RATIO_SCALE) need HUGEINT
    sq = f"({x}) * ({x})" if scale <= SHARE_SCALE else f"({x})::HUGEINT * ({x})::HUGEINT"
    n = f"nullif(count({expr}), 0)"
    return (f"count({expr})::DOUBLE AS {name}_n, "
            f"(sum({x})::DOUBLE / {n} / {scale})::DOUBLE AS {name}_mean, "
            f"coalesce(greatest(sum({sq})::DOUBLE - sum({x})::DOUBLE * sum({x})::DOUBLE / {n}, 0)"
            f" / {scale * scale}, 0)::DOUBLE AS {name}_m2")


def sql_path(path: Path) -> str:
    return quote(str(path))
