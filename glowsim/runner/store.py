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
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
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
# a chunk file of few rows: zstd's set-up per column costs more than the bytes it saves; a
# final table whose chunks (its row groups) are that small is compressed with snappy, cheaper
# to set up per row group (a sweep of thousands of variants of a few games each)
SMALL_ROWS = 1_000
SMALL_OPTIONS = dict(compression="none", use_dictionary=False, write_statistics=False)   # read by the runner alone
SMALL_FINAL_OPTIONS = dict(compression="snappy", use_dictionary=True, write_statistics=True)
KEEP_BYTES = 256 * 2**20   # chunk files a run keeps in memory for its final tables


@dataclass(frozen=True)
class Encoded:
    """A table's Parquet file as bytes (made in the worker that played the chunk, so the
    encoding runs on the workers' threads), with its row count, and the table itself when it
    was made in this process (the final tables are written from it without decoding the
    bytes again; it is not sent between processes)."""
    data: bytes
    rows: int
    table: pa.Table | None = field(default=None, compare=False, repr=False)

    def __reduce__(self):
        return (Encoded, (self.data, self.rows))


def encode(table: pa.Table, name: str = "") -> Encoded:
    """The Parquet bytes of a chunk's table ``name``: uncompressed when it has few rows, but
    the records (a few columns of long JSON text, which compresses well)."""
    small = table.num_rows < SMALL_ROWS and name != RECORDS
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, **(SMALL_OPTIONS if small else PARQUET_OPTIONS))
    return Encoded(sink.getvalue().to_pybytes(), table.num_rows, table)


def to_arrow(name: str, df, variant: str | None = None) -> pa.Table:
    """One table's rows as Arrow with the fixed schema (missing columns are an error, except
    the NULLABLE ones, written as nulls), sorted by ROW_ORDER.  ``df``: a DataFrame, or a dict
    of 1-d arrays (the fast engine's columns: no DataFrame is built); ``variant``: the value
    of the `variant` column (else ``df`` has it)."""
    schema = SCHEMAS[name]
    cols = dict(df) if isinstance(df, dict) else {c: df[c] for c in df.columns}
    n = len(df) if not isinstance(df, dict) else (len(next(iter(cols.values()))) if cols else 0)
    if variant is not None:
        cols["variant"] = pa.array([variant] * n, _str)
    if n == 0:
        return schema.empty_table()
    missing = [c for c in schema.names if c not in cols and c not in NULLABLE.get(name, ())]
    if missing:
        raise ValueError(f"{name} rows lack column(s) {', '.join(missing)} (contract.md section 6)")
    order = _row_order([cols[k] for k in ROW_ORDER[name]])
    arrays = []
    for c, f in zip(schema.names, schema):
        if c not in cols:
            arrays.append(pa.nulls(n, f.type))
            continue
        v = cols[c]
        if isinstance(v, (pa.Array, pa.ChunkedArray)):
            a = v if v.type == f.type else v.cast(f.type)
        elif name == "recruits" and c == "offered":
            a = _offered(v if isinstance(v, pd.Series) else pd.Series(v))
        else:
            a = pa.array(v, type=f.type, from_pandas=True)   # Arrow-backed text: no copy
        arrays.append(a if order is None else a.take(order))
    return pa.Table.from_arrays(arrays, schema=schema)


def _row_order(keys) -> np.ndarray | None:
    """The stable order sorting the rows by the key columns (None: sorted already)."""
    ks = [np.asarray(k) for k in keys]
    if len(ks[0]) < 2:
        return None
    d = np.diff(ks[0])
    ordered = bool((d >= 0).all())
    if ordered and len(ks) > 1:   # ties of the first key must be sorted by the next ones
        tie = d == 0
        for k in ks[1:]:
            dk = np.diff(k)
            if (tie & (dk < 0)).any():
                ordered = False
                break
            tie &= dk == 0
    return None if ordered else np.lexsort(ks[::-1])


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


def write_bytes(path: Path, data: bytes) -> None:
    """The bytes of a table's file written to ``path`` (the one place they reach the disk)."""
    with open(path, "wb") as f:
        f.write(data)


def write_atomic_table(table, path: Path) -> dict:
    """Write a table (a pa.Table, or :class:`Encoded` bytes) to `path` atomically; returns
    {rows, bytes, sha256} of the file written."""
    enc = table if isinstance(table, Encoded) else encode(table)
    tmp = tmp_path(path)
    with writing(path, tmp):
        write_bytes(tmp, enc.data)
        os.replace(tmp, path)
    return {"rows": enc.rows, "bytes": len(enc.data), "sha256": hashlib.sha256(enc.data).hexdigest()}


def _rows(table) -> int:
    return table.rows if isinstance(table, Encoded) else table.num_rows


def manifest_text(manifest: dict) -> str:
    """A manifest as JSON text: one line a field, and one line a variant (or sweep) for the
    lists of them: readable, and a run of ten thousand variants does not write tens of MB of
    indentation."""
    def one(v) -> str:
        return json.dumps(v, separators=(",", ":"), default=str)

    def block(value, indent: str) -> str:
        if isinstance(value, dict) and value:
            inner = ",\n".join(f"{indent} {one(k)}: {block(v, indent + ' ') if k in _OPEN else one(v)}"
                               for k, v in value.items())
            return "{\n" + inner + f"\n{indent}}}"
        if isinstance(value, list) and value:
            return "[\n" + ",\n".join(f"{indent} {one(v)}" for v in value) + f"\n{indent}]"
        return one(value)
    return block(manifest, "") + "\n"


_OPEN = ("identity", "variants", "sweeps", "counts", "checksums", "scenario", "tables")   # laid out


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
        self._kept: dict = {}      # (variant index, chunk, table) -> Encoded written by this run
        self._kept_bytes = 0
        self._made: set = set()    # chunk folders made by this run
        self._lock = threading.Lock()   # chunks are written on several threads (chunkwriter.py)

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
        except (OSError, ValueError, RecursionError) as e:   # RecursionError: nested too deeply
            why = " ".join(str(e).split())[:200] or "nested too deeply"
            raise RunFolderError(f"{self.manifest_path}: cannot read ({why}); use --fresh to start "
                                 f"over") from None
        parse_manifest(data, self.manifest_path)
        return data

    def write_manifest(self, manifest: dict) -> None:
        make_folder(self.out)
        write_atomic_text(manifest_text(manifest), self.manifest_path)

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
        except (OSError, ValueError, RecursionError):   # the chunk is played again
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
        if d not in self._made:
            with writing(d):
                d.mkdir(parents=True, exist_ok=True)
            self._made.add(d)
        # the index last: it is the completeness mark read by chunk_done
        files = {}
        for name in ((PICKS,) if PICKS in tables else ()) + CHUNK_FILES:
            path = self.chunk_path(vindex, vname, k, name)
            if name in tables:
                enc = tables[name] if isinstance(tables[name], Encoded) else encode(tables[name], name)
                files[name] = {"file": path.name, **write_atomic_table(enc, path)}
                self._keep((vindex, k, name), enc)
        index = {"key": key, "variant": vname, "chunk": k, "start": start,
                 "count": _rows(tables["games"]) if count is None else count,
                 "record_every": record_every, "files": files}
        write_atomic_text(json.dumps(index, indent=1) + "\n", self.index_path(vindex, vname, k))

    def _keep(self, where: tuple, enc: Encoded) -> None:
        """Keep a chunk file just written in memory (within KEEP_BYTES), so the final tables of
        a run of many small chunks are made without reading every file back."""
        size = enc.table.nbytes if enc.table is not None else len(enc.data)
        with self._lock:
            if where[2] != RECORDS and self._kept_bytes + size <= KEEP_BYTES:
                self._kept[where] = enc
                self._kept_bytes += size

    def read_chunk(self, vindex: int, vname: str, k: int, table: str) -> pa.Table:
        path = self.chunk_path(vindex, vname, k, table)
        kept = self._kept.get((vindex, k, table))
        if kept is not None and kept.table is not None and kept.table.schema == SCHEMAS[table]:
            return kept.table
        try:
            t = pq.ParquetFile(pa.BufferReader(kept.data) if kept is not None else path).read()
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

    def write_final(self, parts: list[tuple[int, str, int]], names=TABLE_NAMES,
                    forks=None) -> dict[str, int]:
        """Concatenate chunk files (variant index, name, chunk) in order into the final tables
        ``names`` (the run's: manifest.run_tables); the picks table from the chunks of the
        variants ``forks`` only (those that fork; None: all).

        Each chunk becomes one row group, so the file depends only on the chunks.  The
        tables are written at once on threads (Arrow reads, compresses and writes without
        the GIL); each file is its own, so the bytes do not depend on the threads.  Row groups
        of fewer than SMALL_ROWS rows (the first chunk's) are compressed with snappy.
        """
        names = tuple(names)
        with ThreadPoolExecutor(max_workers=len(names), thread_name_prefix="glowsim-final") as pool:
            counts = list(pool.map(lambda name: self._write_final_table(
                name, parts if name != PICKS or forks is None
                else [p for p in parts if p[1] in forks]), names))
        return dict(zip(names, counts))

    def _write_final_table(self, name: str, parts: list[tuple[int, str, int]]) -> int:
        path = self.table_path(name)
        tmp = tmp_path(path)
        n = 0
        with writing(path, tmp):
            try:
                first = self.read_chunk(*parts[0], name) if parts else None
                small = first is not None and first.num_rows < SMALL_ROWS
                with pq.ParquetWriter(tmp, SCHEMAS[name],
                                      **(SMALL_FINAL_OPTIONS if small else PARQUET_OPTIONS)) as w:
                    for j, (vi, vname, k) in enumerate(parts):
                        t = first if j == 0 else self.read_chunk(vi, vname, k, name)
                        n += t.num_rows
                        w.write_table(t)
            except BaseException:
                tmp.unlink(missing_ok=True)
                raise
            os.replace(tmp, path)
        return n
