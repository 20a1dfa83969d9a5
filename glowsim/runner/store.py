"""A run folder on disk: manifest, chunk files and the final tables.

Layout of ``OUT/``::

    manifest.json                      written first: resolved scenario, key, then counts
    chunks/<vvv>-<variant>/c<kkkkkk>.<table>.parquet   one file per variant, chunk and table
    chunks/<vvv>-<variant>/c<kkkkkk>.records.parquet   GameRecord JSON of the chunk's sampled games
    chunks/<vvv>-<variant>/c<kkkkkk>.index.json        the chunk's files: rows, bytes, sha256
    games.parquet players.parquet recruits.parquet       the final tables (contract.md section 6)
    picks.parquet                      runs that fork recruit picks (scenario `counterfactual`)

Every file is written to a temporary name in the same folder and moved into place
with ``os.replace``, so a run killed at any moment leaves only whole files.  A
chunk's index is written last: a chunk is complete when its index exists, names
the run key and game count asked for, and every file it lists is there with the
listed size and row count (``glowsim verify RUN_DIR`` also checks the sha256).
Columns are cast to the fixed Arrow schemas below, so the bytes of a table
depend only on its rows (not on the engine's dtypes, the backend or the number
of workers).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from ..errors import UserError, disk_error
from .manifest import CHUNK_FILES, PICKS, RECORDS, RunFolderError, parse_index, parse_manifest

TABLE_NAMES = ("games", "players", "recruits")

_i32, _i64, _str = pa.int32(), pa.int64(), pa.string()

SCHEMAS = {
    "games": pa.schema([
        ("variant", _str), ("game_index", _i64), ("n_players", _i32), ("side", _str),
        ("first_player", _i32), ("n_winners", _i32), ("top_score", _i32), ("margin", _i32),
        ("rounds", _i32), ("tom_score", _i32), ("tom_track", _i32), ("tom_journey", _i32),
        ("tom_footprints", _i32), ("tom_band", _i32), ("tom_colors", _str)]),
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
        ("effect_bursts", _i32), ("printed_bursts", _i32), ("tile", _str)]),
    RECORDS: pa.schema([("variant", _str), ("game_index", _i64), ("record", _str)]),
    PICKS: pa.schema([
        ("variant", _str), ("game_index", _i64), ("n_players", _i32), ("side", _str),
        ("round", _i32), ("pick", _i32), ("decision", _i32), ("seat", _i32), ("bot", _str),
        ("n_offered", _i32), ("alternative", _i32), ("companion", _str), ("chosen", pa.bool_()),
        ("win_share", pa.float64()), ("score", _i32)]),
}
COLUMNS = {name: schema.names for name, schema in SCHEMAS.items()}
# solo-only columns (R9, contract.md section 6): null in games of 2-4 players and when an engine
# does not write them; always in the schema, so solo and other variants share one table
NULLABLE = {"games": ("tom_score", "tom_track", "tom_journey", "tom_footprints", "tom_band",
                      "tom_colors"), "recruits": ("tile",)}
# sort order of each table's rows inside a chunk (stable: within a game, recruits keep the
# engine's order, which is the order they happened in; a Cromaug take has pick -1)
ROW_ORDER = {"games": ["game_index"], "players": ["game_index", "seat"], "recruits": ["game_index"],
             PICKS: ["game_index", "decision", "alternative"]}
PARQUET_OPTIONS = dict(compression="zstd", use_dictionary=True, write_statistics=True)


def to_arrow(name: str, df: pd.DataFrame) -> pa.Table:
    """One table's rows as Arrow with the fixed schema (missing columns are an error, except
    the NULLABLE ones, written as nulls)."""
    schema = SCHEMAS[name]
    if len(df) == 0:
        return schema.empty_table()
    missing = [c for c in schema.names if c not in df.columns and c not in NULLABLE.get(name, ())]
    if missing:
        raise ValueError(f"{name} rows lack column(s) {', '.join(missing)} (contract.md section 6)")
    df = df.sort_values(ROW_ORDER[name], kind="stable")
    arrays = [_offered(df[c]) if name == "recruits" and c == "offered"
              else pa.nulls(len(df), f.type) if c not in df.columns
              else pa.array(df[c], type=f.type, from_pandas=True)   # Arrow-backed text: no copy
              for c, f in zip(schema.names, schema)]
    return pa.Table.from_arrays(arrays, schema=schema)


def _offered(col: pd.Series) -> pa.Array:
    """`offered` as list<string>, from an Arrow list column (the fast engine's), lists of ids
    (the reference engine's) or comma-separated text ("" = none offered)."""
    if isinstance(col.dtype, pd.ArrowDtype):
        return pa.array(col, type=pa.list_(_str))
    first = next((v for v in col if v is not None), None)
    if not isinstance(first, str):
        return pa.array([list(v) for v in col], type=pa.list_(_str))
    text = pa.array(col, type=_str, from_pandas=True)
    parts = pc.split_pattern(text, ",")
    flat = parts.flatten()
    keep = pc.not_equal(flat, "")
    lengths = pc.subtract(pc.list_value_length(parts), pc.cast(pc.equal(text, ""), pa.int32()))
    offsets = np.concatenate([[0], np.cumsum(lengths.to_numpy(zero_copy_only=False))]).astype(np.int32)
    return pa.ListArray.from_arrays(pa.array(offsets), flat.filter(keep))


def records_table(variant: str, records) -> pa.Table:
    """GameRecords (contract.md section 4) as rows (variant, game_index, record JSON)."""
    return pa.Table.from_arrays(
        [pa.array([variant] * len(records), _str),
         pa.array([int(r.seed["game_index"]) for r in records], _i64),
         pa.array([r.to_json() for r in records], _str)], schema=SCHEMAS[RECORDS])


def file_digest(path: Path) -> str:
    """sha256 of a file's bytes (hex)."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def tmp_path(path: Path) -> Path:
    """The temporary name a file is written under before it is renamed into place (removed by
    the next run started on the folder if a run dies before the rename)."""
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


@contextmanager
def writing(path: Path, tmp: Path | None = None):
    """Around a write of `path`: an OSError (disk full, read-only, not writable, not a folder)
    becomes a DiskError naming the path and the cause, and the temporary file is removed."""
    try:
        yield
    except OSError as e:
        if tmp is not None:
            try:
                tmp.unlink(missing_ok=True)
            except OSError:
                pass
        raise disk_error(path, e) from None


def write_atomic_table(table: pa.Table, path: Path) -> dict:
    """Write a table to `path` atomically; returns {rows, bytes, sha256} of the file written."""
    tmp = tmp_path(path)
    with writing(path, tmp):
        pq.write_table(table, tmp, **PARQUET_OPTIONS)
        info = {"rows": table.num_rows, "bytes": tmp.stat().st_size, "sha256": file_digest(tmp)}
        os.replace(tmp, path)
    return info


def write_atomic_text(text: str, path: Path) -> None:
    """Write text to `path` atomically (a temporary name, then a rename)."""
    tmp = tmp_path(path)
    with writing(path, tmp):
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)


def make_folder(path: Path) -> None:
    """Create a folder (and its parents); a DiskError naming it when that is not possible."""
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise UserError(f"{path}: is a file, not a folder; choose another --out")
    with writing(path):
        path.mkdir(parents=True, exist_ok=True)
    if not os.access(path, os.W_OK | os.X_OK):
        raise disk_error(path, PermissionError(13, "Permission denied"))


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
        """The manifest (checked against its schema, glowsim/runner/manifest.py), or None when
        the folder has none; a RunFolderError naming the file and field when it is malformed."""
        if not self.manifest_path.exists():
            return None
        try:
            data = json.loads(self.manifest_path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise RunFolderError(f"{self.manifest_path}: cannot read ({e}); use --fresh to start over") from None
        parse_manifest(data, self.manifest_path)
        return data

    def write_manifest(self, manifest: dict) -> None:
        make_folder(self.out)
        write_atomic_text(json.dumps(manifest, indent=2, sort_keys=False, default=str) + "\n",
                          self.manifest_path)

    @contextmanager
    def lock(self):
        """Hold the folder's lock while a run writes it: a second run started on the same folder
        is refused (the lock is released when the process ends, however it ends). Files left
        half-written by a killed run (temporary names) are removed once the lock is held."""
        make_folder(self.out)
        with writing(self.out / ".lock"):
            f = open(self.out / ".lock", "a+")
        try:
            try:
                import fcntl
            except ImportError:   # not POSIX: no lock
                fcntl = None
            if fcntl is not None:
                try:
                    fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    raise RunFolderError(f"{self.out} is being written by another glowsim run; wait for "
                                         f"it to finish or choose another --out") from None
            self.remove_stale_tmp()
            yield self
        finally:
            f.close()

    def remove_stale_tmp(self) -> None:
        """Remove files left under temporary names by a run that died before renaming them."""
        for tmp in [*self.out.glob(".*.tmp"), *self.out.glob("chunks/*/.*.tmp")]:
            with writing(tmp):
                tmp.unlink(missing_ok=True)

    def clear(self) -> None:
        """Remove what a previous run wrote here (manifest, chunks, tables); nothing else."""
        shutil.rmtree(self.out / "chunks", ignore_errors=True)
        self.drop_final()
        self.manifest_path.unlink(missing_ok=True)

    def drop_final(self) -> None:
        """Remove the final tables (they are written again from the chunks at the end)."""
        for name in TABLE_NAMES + (PICKS,):
            self.table_path(name).unlink(missing_ok=True)

    # --- chunks ---
    def chunk_dir(self, vindex: int, vname: str) -> Path:
        return self.out / "chunks" / f"{vindex:03d}-{slug(vname)}"

    def chunk_path(self, vindex: int, vname: str, k: int, table: str) -> Path:
        return self.chunk_dir(vindex, vname) / f"c{k:06d}.{table}.parquet"

    def index_path(self, vindex: int, vname: str, k: int) -> Path:
        return self.chunk_dir(vindex, vname) / f"c{k:06d}.index.json"

    def read_index(self, vindex: int, vname: str, k: int) -> dict | None:
        """A chunk's index ({key, start, count, files: {table: {file, rows, bytes, sha256}}}), or
        None when it is missing or unreadable."""
        try:
            index = json.loads(self.index_path(vindex, vname, k).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return index if parse_index(index) is not None else None

    def chunk_done(self, vindex: int, vname: str, k: int, count: int, key: str = "") -> bool:
        """The chunk was completed by a run with this key, for `count` games, and its files are
        whole (listed size and row count; a damaged or missing file: play the chunk again)."""
        index = self.read_index(vindex, vname, k)
        if index is None or index.get("key") != key or index.get("count") != count:
            return False
        try:
            for name in dict.fromkeys(CHUNK_FILES + tuple(index["files"])):
                want = index["files"][name]
                p = self.chunk_path(vindex, vname, k, name)
                if p.stat().st_size != want["bytes"] or pq.read_metadata(p).num_rows != want["rows"]:
                    return False
        except Exception:
            return False
        return True

    def write_chunk(self, vindex: int, vname: str, k: int, tables: dict[str, pa.Table],
                    key: str = "", start: int = 0, count: int | None = None,
                    record_every: int = 0) -> None:
        d = self.chunk_dir(vindex, vname)
        with writing(d):
            d.mkdir(parents=True, exist_ok=True)
        # the index last: it is the completeness mark read by chunk_done
        files = {}
        for name in ((PICKS,) if PICKS in tables else ()) + CHUNK_FILES:
            path = self.chunk_path(vindex, vname, k, name)
            if name in tables:
                files[name] = {"file": path.name, **write_atomic_table(tables[name], path)}
        index = {"key": key, "variant": vname, "chunk": k, "start": start,
                 "count": tables["games"].num_rows if count is None else count,
                 "record_every": record_every, "files": files}
        write_atomic_text(json.dumps(index, indent=1) + "\n", self.index_path(vindex, vname, k))

    def read_chunk(self, vindex: int, vname: str, k: int, table: str) -> pa.Table:
        path = self.chunk_path(vindex, vname, k, table)
        try:
            t = pq.ParquetFile(path).read()
        except (OSError, pa.ArrowException) as e:
            raise RunFolderError(f"{path}: cannot read this chunk file ({' '.join(str(e).split())}); "
                                 f"delete {self.index_path(vindex, vname, k).name} next to it and start "
                                 f"the same command again to play the chunk again") from None
        if t.schema != SCHEMAS[table]:
            raise RunFolderError(f"{self.chunk_path(vindex, vname, k, table)}: columns differ from the "
                                 f"'{table}' table's; use --fresh to start over")
        return t

    # --- final tables ---
    def table_path(self, name: str) -> Path:
        return self.out / f"{name}.parquet"

    def write_final(self, parts: list[tuple[int, str, int]], names=TABLE_NAMES) -> dict[str, int]:
        """Concatenate chunk files (variant index, name, chunk) in order into the final tables
        ``names`` (the run's: manifest.run_tables).

        Each chunk becomes one row group, so the file depends only on the chunks.  The
        tables are written at once on threads (Arrow reads, compresses and writes without
        the GIL); each file is its own, so the bytes do not depend on the threads.
        """
        names = tuple(names)
        with ThreadPoolExecutor(max_workers=len(names), thread_name_prefix="glowsim-final") as pool:
            counts = list(pool.map(lambda name: self._write_final_table(name, parts), names))
        return dict(zip(names, counts))

    def _write_final_table(self, name: str, parts: list[tuple[int, str, int]]) -> int:
        path = self.table_path(name)
        tmp = tmp_path(path)
        n = 0
        with writing(path, tmp):
            try:
                with pq.ParquetWriter(tmp, SCHEMAS[name], **PARQUET_OPTIONS) as w:
                    for vi, vname, k in parts:
                        t = self.read_chunk(vi, vname, k, name)
                        n += t.num_rows
                        w.write_table(t)
            except BaseException:
                tmp.unlink(missing_ok=True)
                raise
            os.replace(tmp, path)
        return n
