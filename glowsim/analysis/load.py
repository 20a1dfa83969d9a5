"""Read a run folder: ``manifest.json`` plus the Parquet tables of contract.md section 6.

A run folder holds ``games``, ``players`` and ``recruits`` (and ``picks`` when its
scenario forks recruit picks), each either one ``NAME.parquet`` file or a ``NAME/``
folder of Parquet chunks, and the
``manifest.json`` the runner wrote (the resolved scenario).  Every table has a
``variant`` column naming the scenario variant a row belongs to.

    >>> run = load_run("runs/cards-4p")
    >>> run.players.groupby("adventurer").win_share.mean()
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from .db import RunDB, RunError, Scope, ident, quote
from .keys import game_rows, is_in, smallest_ints
from .settings import is_number, settings_frame
from ..errors import UserError

GAMES_COLUMNS = ["variant", "game_index", "n_players", "side", "first_player", "n_winners",
                 "top_score", "margin", "rounds"]
PLAYERS_COLUMNS = ["variant", "game_index", "seat", "turn_pos", "adventurer", "bot", "score",
                   "track", "cards_bursts", "journey_bursts", "firefly_bonus", "footprint_bursts",
                   "fireflies", "footprints", "reroll_tokens", "companions", "rerolls_gained_token",
                   "rerolls_spent_lumipili", "rerolls_spent_token", "rerolls_spent_track",
                   "track_points_spent", "set_faces", "dice_bursts", "effect_bursts", "win",
                   "win_share"]
RECRUITS_COLUMNS = ["variant", "game_index", "round", "pick", "seat", "companion", "offered",
                    "left_round", "effect_bursts", "printed_bursts"]
OFFERS_COLUMNS = ["variant", "game_index", "round", "pick", "seat", "companion", "taken"]
TABLES = {"games": GAMES_COLUMNS, "players": PLAYERS_COLUMNS, "recruits": RECRUITS_COLUMNS}
PICKS_COLUMNS = ["variant", "game_index", "n_players", "side", "round", "pick", "decision", "seat",
                 "bot", "n_offered", "alternative", "companion", "chosen", "win_share", "score"]
OPTIONAL = {"picks": PICKS_COLUMNS}   # tables only some runs hold (picks: scenario `counterfactual`)


@dataclass
class Variant:
    """One variant of the scenario as the manifest describes it."""
    name: str
    patch: dict = field(default_factory=dict)     # content patch (empty: the published game)
    sweep: dict = field(default_factory=dict)     # {field: value} when the variant is a sweep point
    spec: dict = field(default_factory=dict)      # the manifest entry, untouched

    @property
    def is_published_game(self) -> bool:
        """No content change: no patch, or a patch (e.g. a sweep point) that leaves the
        shipped content as it is (same content hash)."""
        h = self.spec.get("content_hash")
        if h and h == shipped_content_hash():
            return True
        return not self.patch and not any(k.startswith("content") for k in self.sweep)


@dataclass
class Sweep:
    field: str
    values: list
    variants: list[str]                           # variant name per value, same order
    group: str = ""                               # what the other settings are fixed at


class Run:
    """A run folder: manifest, variants, sweeps, and its tables behind SQL.

    The analysis functions query the tables through :attr:`scope` (DuckDB over the
    Parquet files, glowsim/analysis/db.py), a selection of variants that
    :meth:`subset` narrows without reading any row.  ``games``, ``players``,
    ``recruits`` and ``offers`` are the same rows as pandas DataFrames, read on first
    use (for notebooks and small runs; a ten-million-game run does not fit them in
    memory): ``recruits`` without ``offered``; ``offers`` one row per (pick, companion
    offered): OFFERS_COLUMNS, game_index int32, round/pick/seat int8 (when they fit).
    """

    def __init__(self, path: Path, manifest: dict, variants: list[Variant], sweeps: list[Sweep],
                 scope: Scope, tables: "_Tables", selection: list[str] | None = None):
        self.path = path
        self.manifest = manifest
        self.variants = variants
        self.sweeps = sweeps
        self.scope = scope
        self._tables = tables
        self._selection = selection
        self._frames: dict = {}
        self._present: list[str] | None = None
        self.memo: dict = {}         # aggregates already queried, shared by the analyses

    def _frame(self, name: str) -> pd.DataFrame:
        if name not in self._frames:
            full = self._tables.get(name)
            if self._selection is None:
                self._frames[name] = full
            else:
                rows = is_in(full["variant"], self._selection)
                self._frames[name] = (full if rows.all() else full[rows]).reset_index(drop=True)
        return self._frames[name]

    games = property(lambda self: self._frame("games"))
    players = property(lambda self: self._frame("players"))
    recruits = property(lambda self: self._frame("recruits"))
    offers = property(lambda self: self._frame("offers"))

    @property
    def has_picks(self) -> bool:
        """The run holds the ``picks`` table (forked recruit picks: glowsim/analysis/picks.py)."""
        return "picks" in self.scope.db.sources

    @property
    def present_variants(self) -> list[str]:
        """Variants with rows in ``games``, in order of first appearance (from SQL)."""
        if self._present is None:
            self._present = [r[0] for r in self.scope.rows(
                f"SELECT DISTINCT variant FROM {self.scope.rel('games')}")]
            known = [v.name for v in self.variants]
            self._present.sort(key=lambda v: (known.index(v) if v in known else len(known), v))
        return self._present

    def keyed_games(self, by, part=None, labels: dict | None = None, columns=()) -> str:
        """SQL for the scope's games (of one block ``part``) with columns variant, game_index
        and the keys ``by``: ``games`` columns, or names given in ``labels``
        ({key: {variant: value}}, e.g. ``assignment``); games with a null key are left out
        (as pandas' groupby leaves them out).  ``columns``: further ``games`` columns to
        give (after the keys; those among the keys once, as keys)."""
        labels = labels or {}
        cols = ["variant", "game_index"]
        sel = ["variant", "game_index"]
        for k in list(by) + [c for c in columns if c not in by]:
            if k in cols:
                continue
            cols.append(k)
            if k in labels and k in by:
                cases = " ".join(f"WHEN {quote(v)} THEN {quote(x)}" for v, x in labels[k].items())
                sel.append(f"CASE variant {cases} END AS {ident(k)}" if cases
                           else f"NULL AS {ident(k)}")
            else:
                sel.append(ident(k))
        cond = " AND ".join(f"{ident(k)} IS NOT NULL" for k in by) or "TRUE"
        return (f"(SELECT * FROM (SELECT {', '.join(sel)} FROM {self.scope.rel('games', part)}) "
                f"WHERE {cond})")

    @property
    def n_games(self) -> int:
        """Rows of ``games`` (of the selected variants)."""
        return int(self.scope.rows(f"SELECT count(*) FROM {self.scope.rel('games')}")[0][0])

    @property
    def name(self) -> str:
        sc = self.manifest.get("scenario")
        if isinstance(sc, dict) and sc.get("name"):
            return str(sc["name"])
        return str(self.manifest.get("name") or self.path.name)

    @property
    def variant_names(self) -> list[str]:
        names = [v.name for v in self.variants]
        for v in self.present_variants:
            if v not in names:
                names.append(v)
        return names

    def variant(self, name: str) -> Variant | None:
        return next((v for v in self.variants if v.name == name), None)

    def reference_variants(self) -> list[str]:
        """Variants that play the published game (no content patch, not a sweep point).

        Card, adventurer, board-side and balance sections use these rows only, so
        that a patched or swept variant never mixes into "the game as printed".
        Falls back to the first variant when every variant is patched.
        """
        ref = [v.name for v in self.variants if v.is_published_game and not _is_treatment(v)]
        present = set(self.present_variants)
        ref = [r for r in ref if r in present]
        if not ref:
            ref = [self.variant_names[0]] if self.variant_names else []
        return ref

    def subset(self, variants) -> "Run":
        """The same run restricted to some variants (no row is read: the SQL scope and,
        when read, the DataFrames are filtered)."""
        variants = [v for v in variants if self._selection is None or v in self._selection]
        return Run(self.path, self.manifest, [v for v in self.variants if v.name in variants],
                   self.sweeps, Scope(self.scope.db, variants), self._tables, variants)

    def with_game_keys(self, table: str, keys=("n_players", "side")) -> pd.DataFrame:
        """``players``, ``recruits`` or ``offers`` with game columns (n_players, side) joined.

        As a left merge on (variant, game_index) gives it (rows without a game get nulls),
        by an array lookup of each row's game: no merge over millions of rows."""
        return join_game_columns(self.games, getattr(self, table), keys)


def join_game_columns(games: pd.DataFrame, df: pd.DataFrame, keys) -> pd.DataFrame:
    """``df`` with the ``games`` columns ``keys`` of each row's game (variant, game_index) that
    it lacks, null for a row whose game is not in ``games`` (a left merge, by lookup)."""
    keys = [k for k in keys if k not in df.columns]
    if not keys:
        return df
    rows = game_rows(games, df)
    out = df.reset_index(drop=True)      # copy-on-write: the columns are not copied
    for k in keys:
        out[k] = pd.api.extensions.take(games[k].array, rows, allow_fill=True)
    return out


_SHIPPED_HASH: list = []


def shipped_content_hash() -> str:
    """Hash of the shipped (unpatched) content, as the runner writes it per variant."""
    if not _SHIPPED_HASH:
        from ..content import load_game
        _SHIPPED_HASH.append(load_game().hash)
    return _SHIPPED_HASH[0]


def _is_treatment(v: Variant) -> bool:
    """A variant that gives players resources the published game does not (extra start tokens)."""
    if v.spec.get("extra_reroll_tokens"):
        return True
    seats = list(v.spec.get("seats") or []) + [v.spec.get("seat") or {}]
    return any(isinstance(s, dict) and (s.get("start_rerolls") or 0) > 0 for s in seats)


def load_run(path, memory_limit: str | None = None, threads: int | None = None) -> Run:
    """Open a run folder (manifest, variants, the tables' Parquet schemas; no row is read);
    raise :class:`RunError` naming the file and the problem.  ``memory_limit`` and
    ``threads``: DuckDB's (glowsim/analysis/db.py gives the defaults)."""
    path = Path(path)
    if not path.is_dir():
        raise RunError(f"{path}: not a run folder (expected a folder with manifest.json and "
                       f"games/players/recruits Parquet tables, as written by `glowsim run`)")
    manifest = _read_manifest(path)
    status = manifest.get("status")
    if status not in (None, "complete"):
        raise RunError(f"{path}: the run is not complete (manifest status {status!r}); finish it "
                       f"by starting the same `glowsim run` again (it resumes)")
    sources, columns = {}, {}
    for name, cols in TABLES.items():
        src = _source(path, name)
        columns[name] = _check_schema(src, name, cols)
        sources[name] = _parquet_files(src)
    for name, cols in OPTIONAL.items():
        src = _source(path, name, required=False)
        if src is not None:
            columns[name] = _check_schema(src, name, cols)
            sources[name] = _parquet_files(src)
    variants = _parse_variants(path, manifest)
    sweeps = _parse_sweeps(path, manifest, variants)
    try:
        db = RunDB(sources, columns, memory_limit, threads)
    except UserError:       # a GLOWSIM_* setting refused: its own line
        raise
    except Exception as e:  # duckdb raises several types for unreadable files
        raise RunError(f"{path}: cannot open the tables ({' '.join(str(e).split())[:300]})") from None
    return Run(path, manifest, variants, sweeps, Scope(db), _Tables(path, variants))


class _Tables:
    """The run's tables as pandas DataFrames, read on first use (Run.games and friends)."""

    def __init__(self, path: Path, variants: list[Variant]):
        self.path = path
        self.variants = variants
        self.frames: dict = {}

    def get(self, name: str) -> pd.DataFrame:
        if name not in self.frames:
            self.frames.update(_read_frames(self.path, self.variants,
                                            "recruits" if name == "offers" else name))
        return self.frames[name]


def _read_frames(path: Path, variants: list[Variant], name: str) -> dict:
    """One table as a DataFrame with categorical string columns (``recruits``: without
    ``offered``, and ``offers`` with it)."""
    df = _read_table(_source(path, name), name, TABLES[name], skip=["offered"]).to_pandas()
    pa.default_memory_pool().release_unused()     # the Arrow copies, freed, back to the system
    # names repeat on every row: categorical dtypes, so that a run fits in memory and the
    # tables join on codes (groupbys here use observed=True, pandas' default)
    _categorical([df], "variant", first=[v.name for v in variants])
    if name != "recruits":
        for c in {"games": ["side"], "players": ["adventurer", "bot"]}[name]:
            _categorical([df], c)
        return {name: df}
    offered = _offered(_source(path, "recruits"), len(df))
    _categorical([df], "companion", also=offered.names)
    return {"recruits": df, "offers": _offers(df, offered)}


class _Offered(NamedTuple):
    """The ``offered`` column of ``recruits``, flattened."""
    lengths: np.ndarray      # companions offered at each recruit row
    codes: np.ndarray        # each offered companion, one after the other: index into names
    names: list[str]         # companion ids in order of first appearance


def _offered(src: Path, n_rows: int) -> _Offered:
    """Read ``offered`` (lists of ids, or comma-separated strings) a row group at a time.

    A 4-player game deals about 110 offers: 100M+ on a million-game run, which as one
    column of strings would take GBs; per row group each id becomes a small integer code."""
    lengths, codes, index = [], [], {}
    try:
        for f in _parquet_files(src):
            for part in _offered_parts(f):
                n, c = _offered_codes(part, index)
                lengths.append(n)
                codes.append(c)
    except Exception as e:  # pyarrow raises several types for unreadable files
        raise RunError(f"{src}: cannot read column 'offered' ({e})") from None
    lengths = np.concatenate(lengths) if lengths else np.zeros(0, dtype=np.int64)
    if len(lengths) != n_rows:
        raise RunError(f"{src}: column 'offered' has {len(lengths)} rows, the table {n_rows}")
    return _Offered(lengths, np.concatenate(codes) if codes else np.zeros(0, dtype=np.int32),
                    list(index))


def _offered_parts(file: str):
    """The ``offered`` column of one Parquet file as arrays, a row group at a time; the ids
    of a list column read dictionary-encoded (Arrow reads them so only a row group at once)."""
    encoded = pq.ParquetFile(file, read_dictionary=["offered.list.element"])
    for i in range(encoded.num_row_groups):
        try:
            yield from encoded.read_row_group(i, columns=["offered"]).column(0).chunks
        except pa.ArrowNotImplementedError:         # a row group too big for one array
            for batch in pq.ParquetFile(file).iter_batches(row_groups=[i], columns=["offered"]):
                yield batch.column(0)


def _offered_codes(offered: pa.Array, index: dict) -> tuple[np.ndarray, np.ndarray]:
    """One array of ``offered``: list lengths and the ids (trimmed) as codes into ``index``,
    which grows by the ids not seen before; a null id gets -1."""
    if pa.types.is_dictionary(offered.type):
        offered = offered.cast(offered.type.value_type)
    if pa.types.is_string(offered.type) or pa.types.is_large_string(offered.type):
        offered = pc.split_pattern(offered, ",")
    lengths = pc.fill_null(pc.list_value_length(offered), 0).to_numpy().astype(np.int64)
    flat = pc.list_flatten(offered)
    if not pa.types.is_dictionary(flat.type):
        flat = pc.dictionary_encode(pc.cast(flat, pa.string()))
    ids = pc.utf8_trim_whitespace(flat.dictionary.cast(pa.string())).to_pylist()
    lut = np.array([-1 if v is None else index.setdefault(v, len(index)) for v in ids] + [-1],
                   dtype=np.int32)
    return lengths, lut[pc.fill_null(flat.indices, len(ids)).to_numpy()]


def _small_ints(values: pd.Series, least=np.int8) -> np.ndarray:
    """Integer values in the smallest signed integer type that holds them (``least`` or
    larger)."""
    v = values.to_numpy()
    return smallest_ints(v, int(np.abs(v).max(initial=0)), least)


def _offers(recruits: pd.DataFrame, offered: _Offered) -> pd.DataFrame:
    """One row per (pick, companion offered): each recruit row repeated once per offer.

    ``recruits``' variant and companion are already categoricals, companion with every
    offered id among its categories; game_index is stored as int32 and round, pick and seat
    as int8 when their values fit."""
    n = offered.lengths
    companion = recruits["companion"].dtype
    codes = np.append(companion.categories.get_indexer(offered.names), -1)[offered.codes]
    codes = codes.astype(np.min_scalar_type(-len(companion.categories) - 1))
    taken = np.repeat(recruits["companion"].cat.codes.to_numpy(), n) == codes
    taken &= codes >= 0
    variant = recruits["variant"]
    return pd.DataFrame({
        "variant": pd.Categorical.from_codes(np.repeat(variant.cat.codes.to_numpy(), n),
                                             dtype=variant.dtype),
        "game_index": np.repeat(_small_ints(recruits["game_index"], np.int32), n),
        **{c: np.repeat(_small_ints(recruits[c]), n) for c in ("round", "pick", "seat")},
        "companion": pd.Categorical.from_codes(codes, dtype=companion),
        "taken": taken}, copy=False)


def _categorical(frames, column: str, first=(), also=()) -> None:
    """Give ``column`` of every frame one categorical dtype (string categories: ``first`` in
    order, then the other values sorted; ``also``: values to include that no frame holds)."""
    seen: set = {str(v) for v in also}
    for df in frames:
        if column in df.columns:
            s = df[column]
            vals = s.cat.categories if isinstance(s.dtype, pd.CategoricalDtype) else s.unique()
            seen.update(str(v) for v in vals)
    cats = [c for c in first if c in seen] + sorted(seen - set(first))
    dtype = pd.CategoricalDtype(cats)
    for df in frames:
        if column in df.columns:
            s = df[column]
            if isinstance(s.dtype, pd.CategoricalDtype):
                s = s.cat.rename_categories([str(c) for c in s.cat.categories])
                df[column] = s.cat.set_categories(cats)
            else:
                df[column] = s.astype(str).astype(dtype)


def _read_manifest(path: Path) -> dict:
    f = path / "manifest.json"
    if not f.exists():
        raise RunError(f"{f}: missing; a run folder needs the manifest the runner writes")
    try:
        data = json.loads(f.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise RunError(f"{f}: not valid JSON (line {e.lineno}: {e.msg})") from None
    except (OSError, ValueError) as e:   # not UTF-8, not readable
        raise RunError(f"{f}: cannot be read ({' '.join(str(e).split())[:200]})") from None
    except RecursionError:
        raise RunError(f"{f}: not a run manifest: its JSON is nested too deeply") from None
    if not isinstance(data, dict):
        raise RunError(f"{f}: expected a JSON object at the top level")
    return data


def _source(path: Path, name: str, required: bool = True) -> Path | None:
    """The table's ``NAME.parquet`` file or ``NAME/`` folder of Parquet chunks (None when an
    optional table is not there)."""
    single, folder = path / f"{name}.parquet", path / name
    if single.exists():
        return single
    if folder.is_dir() and any(folder.rglob("*.parquet")):
        return folder
    if not required:
        return None
    raise RunError(f"{path}: table '{name}' missing (expected {single.name} or {folder.name}/ "
                   f"with Parquet chunks)")


def _parquet_files(src: Path) -> list[str]:
    """The Parquet files of a table, in the order ``pq.read_table`` reads them."""
    return list(pq.ParquetDataset(src).files) if src.is_dir() else [str(src)]


def _schema(src: Path, name: str, columns: list[str]) -> pa.Schema:
    """The table's schema (from its first file); RunError if a needed column is missing."""
    try:
        schema = pq.read_schema(next(iter(sorted(src.rglob("*.parquet")))) if src.is_dir()
                                else src)
    except Exception as e:  # pyarrow raises several types for unreadable files
        raise RunError(f"{src}: cannot read Parquet ({e})") from None
    missing = [c for c in columns if c not in schema.names]
    if missing:
        raise RunError(f"{src}: missing column(s) {', '.join(missing)}; the '{name}' table needs "
                       f"{', '.join(columns)} (docs/contract.md section 6)")
    return schema


def _check_schema(src: Path, name: str, columns: list[str]) -> list[str]:
    """The table's column names (from its first file); RunError if a needed one is missing."""
    return list(_schema(src, name, columns).names)


def _read_table(src: Path, name: str, columns: list[str], skip=()) -> pa.Table:
    """The table with its string columns dictionary-encoded, without the ``skip`` columns."""
    schema = _schema(src, name, columns)
    strings = [f.name for f in schema if pa.types.is_string(f.type) and f.name not in skip]
    try:
        return pq.read_table(src, columns=[c for c in schema.names if c not in skip],
                             read_dictionary=strings)
    except Exception as e:
        raise RunError(f"{src}: cannot read Parquet ({e})") from None


def _variant_list(manifest: dict) -> list:
    for holder in (manifest, manifest.get("scenario") if isinstance(manifest.get("scenario"), dict)
                   else {}):
        v = holder.get("variants")
        if v:
            if isinstance(v, dict):
                return [dict(spec or {}, name=k) for k, spec in v.items()]
            return list(v)
    return []


def merge_patches(patches) -> dict:
    """Deep-merge content patches given as a mapping or as a list of {source, patch} entries."""
    if isinstance(patches, dict):
        return patches
    out: dict = {}
    for p in patches or []:
        data = p.get("patch", p) if isinstance(p, dict) else p
        if isinstance(data, dict):
            _deep_merge(out, data)
        elif data not in (None, [], ""):
            out.setdefault("_other", []).append(data)
    return out


def _deep_merge(base: dict, patch: dict):
    for k, v in patch.items():
        if isinstance(v, dict) and isinstance(base.get(k), dict):
            _deep_merge(base[k], v)
        else:
            base[k] = v


def _parse_variants(path: Path, manifest: dict) -> list[Variant]:
    out = []
    for i, spec in enumerate(_variant_list(manifest)):
        if isinstance(spec, str):
            spec = {"name": spec}
        if not isinstance(spec, dict):
            raise RunError(f"{path / 'manifest.json'}: variants[{i}] must be an object or a name")
        name = spec.get("name", spec.get("id"))
        if name is None:
            raise RunError(f"{path / 'manifest.json'}: variants[{i}] has no 'name'")
        raw = spec.get("patch", spec.get("content_patch", spec.get("content", {}))) or {}
        patch = merge_patches(raw)
        if spec.get("remove"):
            patch = dict(patch, _remove=list(spec["remove"]))
        sweep = spec.get("sweep") or {}
        if isinstance(sweep, dict) and "field" in sweep and "value" in sweep:
            sweep = {sweep["field"]: sweep["value"]}
        spec = dict(spec, content=patch)
        out.append(Variant(str(name), patch, sweep if isinstance(sweep, dict) else {}, spec))
    return out


def _parse_sweeps(path: Path, manifest: dict, variants: list[Variant]) -> list[Sweep]:
    """Sweeps as lists of (value, variant) points.

    The runner writes ``sweeps: [{field, label, values}]`` and, on every run,
    ``sweep: {field: value}`` plus ``variant`` (the scenario variant it expands).
    Runs of one field are grouped by their scenario variant and the values of the
    other sweep axes, so a grid gives one curve per fixed setting of the rest.
    """
    raw = manifest.get("sweeps")
    if raw is None and isinstance(manifest.get("scenario"), dict):
        raw = manifest["scenario"].get("sweeps")
    sweeps = []
    for i, s in enumerate(raw or []):
        if not isinstance(s, dict) or "field" not in s:
            raise RunError(f"{path / 'manifest.json'}: sweeps[{i}] needs a 'field'")
        fld = str(s["field"])
        names = list(s.get("variants") or [])
        if names and len(names) == len(s.get("values") or []):
            sweeps.append(Sweep(fld, list(s["values"]), names))
            continue
        sweeps.extend(_sweeps_from_runs(fld, variants))
    if not sweeps:  # sweep points only given on the variants
        fields = dict.fromkeys(f for v in variants for f in v.sweep)
        for fld in fields:
            sweeps.extend(_sweeps_from_runs(fld, variants))
    if not sweeps:
        sweeps = _derived_sweeps(variants)
    return sweeps


def _sweeps_from_runs(fld: str, variants: list[Variant]) -> list[Sweep]:
    groups: dict[str, list] = {}
    for v in variants:
        if fld not in v.sweep:
            continue
        rest = [f"{k}={val}" for k, val in v.sweep.items() if k != fld]
        key = " ".join([str(v.spec.get("variant") or "")] + rest).strip()
        groups.setdefault(key, []).append((v.sweep[fld], v.name))
    out = []
    for key, pts in groups.items():
        if len(pts) < 2:
            continue
        try:
            pts = sorted(pts, key=lambda p: p[0])
        except TypeError:
            pass
        out.append(Sweep(fld, [p[0] for p in pts], [p[1] for p in pts], key))
    return out


def _derived_sweeps(variants: list[Variant]) -> list[Sweep]:
    """Numeric content fields that differ between variants, grouped by everything else."""
    s = settings_frame(variants)
    if len(s) < 2:
        return []
    varying = [c for c in s.columns if s[c].map(repr).nunique() > 1]
    out = []
    for f in [c for c in varying if c.startswith("content.")]:
        has = s[f].map(is_number)
        if has.sum() < 2:
            continue
        others = [c for c in varying if c != f]
        sub = s[has]
        keys = sub[others].map(repr).agg("|".join, axis=1) if others else pd.Series("", sub.index)
        for _, grp in sub.groupby(keys, sort=False):
            if grp[f].nunique() < 2:
                continue
            grp = grp.sort_values(f)
            label = " ".join(f"{c.split('.')[-1]}={grp[c].iloc[0]}" for c in others
                             if c.startswith(("players", "side")))
            out.append(Sweep(f, [float(x) if isinstance(x, float) else x for x in grp[f]],
                             list(grp.index), label))
    return out
