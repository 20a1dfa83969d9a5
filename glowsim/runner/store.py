"""A run folder on disk: manifest, chunk files and the final tables.

Layout of ``OUT/``::

    manifest.json                      written first: resolved scenario, key, then counts
    chunks/<vvv>-<variant>/c<kkkkkk>.<table>.parquet   one file per variant, chunk and table
    games.parquet players.parquet recruits.parquet       the final tables (DESIGN.md section 6)

Every file is written to a temporary name in the same folder and moved into place
with ``os.replace``, so a run killed at any moment leaves only whole files.  A
chunk is complete when its three table files exist and its games file holds the
expected number of games.  Columns are cast to the fixed Arrow schemas below, so
the bytes of a table depend only on its rows (not on the engine's dtypes, the
backend or the number of workers).
"""
from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

TABLE_NAMES = ("games", "players", "recruits")

_i32, _i64, _str = pa.int32(), pa.int64(), pa.string()

SCHEMAS = {
    "games": pa.schema([
        ("variant", _str), ("game_index", _i64), ("n_players", _i32), ("side", _str),
        ("first_player", _i32), ("n_winners", _i32), ("top_score", _i32), ("margin", _i32),
        ("rounds", _i32)]),
    "players": pa.schema([
        ("variant", _str), ("game_index", _i64), ("seat", _i32), ("turn_pos", _i32),
        ("adventurer", _str), ("bot", _str), ("score", _i32), ("track", _i32),
        ("cards_bursts", _i32), ("journey_bursts", _i32), ("firefly_bonus", _i32),
        ("footprint_bursts", _i32), ("fireflies", _i32), ("footprints", _i32),
        ("reroll_tokens", _i32), ("companions", _i32), ("rerolls_gained_token", _i32),
        ("rerolls_spent_lumipili", _i32), ("rerolls_spent_token", _i32),
        ("rerolls_spent_track", _i32), ("track_points_spent", _i32), ("set_faces", _i32),
        ("dice_bursts", _i32), ("effect_bursts", _i32), ("win", pa.bool_()),
        ("win_share", pa.float64())]),
    "recruits": pa.schema([
        ("variant", _str), ("game_index", _i64), ("round", _i32), ("pick", _i32), ("seat", _i32),
        ("companion", _str), ("offered", pa.list_(_str)), ("left_round", _i32),
        ("effect_bursts", _i32), ("printed_bursts", _i32)]),
}
COLUMNS = {name: schema.names for name, schema in SCHEMAS.items()}
# sort order of each table's rows inside a chunk (stable: within a game, recruits keep the
# engine's order, which is the order they happened in; a Cromaug take has pick -1)
ROW_ORDER = {"games": ["game_index"], "players": ["game_index", "seat"], "recruits": ["game_index"]}
PARQUET_OPTIONS = dict(compression="zstd", use_dictionary=True, write_statistics=True)


class RunFolderError(ValueError):
    """A run folder that cannot be used as asked (another scenario's run, unreadable files)."""


def to_arrow(name: str, df: pd.DataFrame) -> pa.Table:
    """One table's rows as Arrow with the fixed schema (missing columns are an error)."""
    schema = SCHEMAS[name]
    if len(df) == 0:
        return schema.empty_table()
    missing = [c for c in schema.names if c not in df.columns]
    if missing:
        raise ValueError(f"{name} rows lack column(s) {', '.join(missing)} (DESIGN.md section 6)")
    df = df.sort_values(ROW_ORDER[name], kind="stable")
    arrays = [_offered(df[c]) if name == "recruits" and c == "offered"
              else pa.array(df[c].to_numpy(), type=f.type, from_pandas=True)
              for c, f in zip(schema.names, schema)]
    return pa.Table.from_arrays(arrays, schema=schema)


def _offered(col: pd.Series) -> pa.Array:
    """`offered` as list<string>, from lists of ids or comma-separated text ("" = none offered)."""
    first = next((v for v in col if v is not None), None)
    if not isinstance(first, str):
        return pa.array([list(v) for v in col], type=pa.list_(_str))
    text = pa.array(col.to_numpy(), type=_str)
    parts = pc.split_pattern(text, ",")
    flat = parts.flatten()
    keep = pc.not_equal(flat, "")
    lengths = pc.subtract(pc.list_value_length(parts), pc.cast(pc.equal(text, ""), pa.int32()))
    offsets = np.concatenate([[0], np.cumsum(lengths.to_numpy(zero_copy_only=False))]).astype(np.int32)
    return pa.ListArray.from_arrays(pa.array(offsets), flat.filter(keep))


def write_atomic_table(table: pa.Table, path: Path) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    pq.write_table(table, tmp, **PARQUET_OPTIONS)
    os.replace(tmp, path)


def write_atomic_text(text: str, path: Path) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def slug(name: str) -> str:
    s = re.sub(r"[^A-Za-z0-9._=+-]+", "_", name).strip("_")
    return s[:48] or "variant"


class RunStore:
    """The files of one run folder."""

    def __init__(self, out: Path):
        self.out = Path(out)

    # --- manifest ---
    @property
    def manifest_path(self) -> Path:
        return self.out / "manifest.json"

    def read_manifest(self) -> dict | None:
        if not self.manifest_path.exists():
            return None
        try:
            return json.loads(self.manifest_path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as e:
            raise RunFolderError(f"{self.manifest_path}: cannot read ({e}); use --fresh to start over") from None

    def write_manifest(self, manifest: dict) -> None:
        self.out.mkdir(parents=True, exist_ok=True)
        write_atomic_text(json.dumps(manifest, indent=2, sort_keys=False, default=str) + "\n",
                          self.manifest_path)

    def clear(self) -> None:
        """Remove what a previous run wrote here (manifest, chunks, tables); nothing else."""
        shutil.rmtree(self.out / "chunks", ignore_errors=True)
        self.drop_final()
        self.manifest_path.unlink(missing_ok=True)

    def drop_final(self) -> None:
        """Remove the final tables (they are written again from the chunks at the end)."""
        for name in TABLE_NAMES:
            self.table_path(name).unlink(missing_ok=True)

    # --- chunks ---
    def chunk_dir(self, vindex: int, vname: str) -> Path:
        return self.out / "chunks" / f"{vindex:03d}-{slug(vname)}"

    def chunk_path(self, vindex: int, vname: str, k: int, table: str) -> Path:
        return self.chunk_dir(vindex, vname) / f"c{k:06d}.{table}.parquet"

    def chunk_done(self, vindex: int, vname: str, k: int, count: int) -> bool:
        paths = [self.chunk_path(vindex, vname, k, t) for t in TABLE_NAMES]  # games first
        if not all(p.exists() for p in paths):
            return False
        try:  # every footer readable (a damaged file: play the chunk again), all games there
            rows = [pq.read_metadata(p).num_rows for p in paths]
        except Exception:
            return False
        return rows[0] == count

    def write_chunk(self, vindex: int, vname: str, k: int, tables: dict[str, pa.Table]) -> None:
        d = self.chunk_dir(vindex, vname)
        d.mkdir(parents=True, exist_ok=True)
        # games last: it is the completeness mark read by chunk_done
        for name in ("players", "recruits", "games"):
            write_atomic_table(tables[name], self.chunk_path(vindex, vname, k, name))

    def read_chunk(self, vindex: int, vname: str, k: int, table: str) -> pa.Table:
        t = pq.ParquetFile(self.chunk_path(vindex, vname, k, table)).read()
        if t.schema != SCHEMAS[table]:
            raise RunFolderError(f"{self.chunk_path(vindex, vname, k, table)}: columns differ from the "
                                 f"'{table}' table's; use --fresh to start over")
        return t

    # --- final tables ---
    def table_path(self, name: str) -> Path:
        return self.out / f"{name}.parquet"

    def write_final(self, parts: list[tuple[int, str, int]]) -> dict[str, int]:
        """Concatenate chunk files (variant index, name, chunk) in order into the final tables.

        Each chunk becomes one row group, so the file depends only on the chunks.
        """
        rows = {}
        for name in TABLE_NAMES:
            path = self.table_path(name)
            tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
            n = 0
            with pq.ParquetWriter(tmp, SCHEMAS[name], **PARQUET_OPTIONS) as w:
                for vi, vname, k in parts:
                    t = self.read_chunk(vi, vname, k, name)
                    n += t.num_rows
                    w.write_table(t)
            os.replace(tmp, path)
            rows[name] = n
        return rows
