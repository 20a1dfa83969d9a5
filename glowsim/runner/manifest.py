"""The schema of a run folder's manifest and chunk indexes, checked whenever they are read.

A run folder's JSON files may have been edited, damaged or written by another program; nothing
read from them is used before it passes these models.  Counts are bounded by what a scenario
allows (glowsim/limits.py), so no number in a file can make a command loop for ever.  A problem
becomes a :class:`RunFolderError` naming the file and the field, what is allowed and what to do.
"""
from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..errors import UserError
from ..limits import MAX_CHUNK_GAMES, MAX_GAMES, MAX_RECORD_EVERY, MAX_SEED
from ..scenarios.schema import MAX_SEATS, SIDES

RECORDS = "records"          # per-chunk file of sampled game records (not a final table)
CHUNK_FILES = ("players", "recruits", RECORDS, "games")   # the order a chunk's files are written
PICKS = "picks"              # table of forked recruit picks (runs with `counterfactual` only)


class RunFolderError(UserError):
    """A run folder that cannot be used as asked (another scenario's run, unreadable files)."""

MAX_VARIANTS = 10_000   # runs a scenario may expand into (glowsim/scenarios/expand.py MAX_RUNS)
MAX_ROWS = 2**62


class _Model(BaseModel):
    model_config = ConfigDict(strict=True, extra="allow", frozen=True)


class _Exact(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class SeatKey(_Model):
    adventurer: str = Field(min_length=1)
    bot: str = Field(min_length=1)
    params: dict[str, float] = {}
    label: str
    start_rerolls: int = Field(0, ge=0, le=20)


class VariantKey(_Model):
    """A variant as the run key has it (what decides its games)."""
    name: str = Field(min_length=1)
    content_hash: str = Field(min_length=1)
    players: int = Field(ge=1, le=MAX_SEATS)
    side: Literal[SIDES]
    seats: list[SeatKey] = Field(min_length=1, max_length=MAX_SEATS)
    tom: Optional[dict] = None
    counterfactual: Optional[Literal[False]] = None   # only `false`: the run's forks off here


class CounterfactualKey(_Exact):
    """The scenario's `counterfactual` as the run key holds it (glowsim/scenarios/schema.py)."""
    decisions: Literal["recruit"]
    sample: float = Field(gt=0.0, le=1.0)


class Identity(_Model):
    glowsim_version: str
    engine: str = Field(min_length=1)
    code: str
    seed: int = Field(ge=0, le=MAX_SEED)
    chunk_games: int = Field(ge=1, le=MAX_CHUNK_GAMES)
    record_every: int = Field(ge=0, le=MAX_RECORD_EVERY)
    variants: list[VariantKey] = Field(min_length=1, max_length=MAX_VARIANTS)
    counterfactual: Optional[CounterfactualKey] = None


def run_tables(identity: dict) -> tuple:
    """The final tables of a run of this identity: games, players, recruits, and picks when
    the scenario forks decisions."""
    base = ("games", "players", "recruits")
    return base + (PICKS,) if isinstance(identity, dict) and identity.get("counterfactual") else base


def forks(identity: dict, variant: str) -> bool:
    """Whether the chunks of this variant hold forked picks: the run forks (``counterfactual``)
    and the variant does not say ``counterfactual: false``."""
    if PICKS not in run_tables(identity):
        return False
    return not any(isinstance(v, dict) and v.get("name") == variant and v.get("counterfactual") is False
                   for v in identity.get("variants") or ())


def chunk_files(identity: dict, variant: Optional[str] = None) -> tuple:
    """The files of each chunk of a run of this identity (of that variant's chunks when
    given), in the order they are written."""
    picks = PICKS in run_tables(identity) if variant is None else forks(identity, variant)
    return (PICKS,) + CHUNK_FILES if picks else CHUNK_FILES


class ContentPatch(_Model):
    source: str
    patch: object = None


class Variant(VariantKey):
    index: int = Field(ge=0, le=MAX_VARIANTS)
    content: list[ContentPatch] = []


class Counts(_Model):
    games_per_variant: int = Field(ge=1, le=MAX_GAMES)
    variants: Optional[int] = Field(None, ge=1, le=MAX_VARIANTS)
    games: Optional[int] = Field(None, ge=1, le=MAX_ROWS)
    chunks: Optional[int] = Field(None, ge=0, le=MAX_ROWS)
    games_rows: int = Field(ge=0, le=MAX_ROWS)
    players_rows: int = Field(ge=0, le=MAX_ROWS)
    recruits_rows: int = Field(ge=0, le=MAX_ROWS)


class FileSum(_Model):
    file: str = ""
    rows: int = Field(ge=0, le=MAX_ROWS)
    bytes: int = Field(ge=0)
    sha256: str


class Manifest(_Model):
    """The fields of manifest.json that commands read (a running run's lacks counts/checksums)."""
    format: int
    glowsim_version: Optional[str] = None
    tables: Optional[dict[Literal["games", "players", "recruits", PICKS], str]] = None
    status: Literal["running", "complete"]
    key: str = Field(min_length=1)
    identity: Identity
    engine: str
    seed: int = Field(ge=0, le=MAX_SEED)
    chunk_games: int = Field(ge=1, le=MAX_CHUNK_GAMES)
    record_every: int = Field(ge=0, le=MAX_RECORD_EVERY)
    variants: list[Variant] = Field(min_length=1, max_length=MAX_VARIANTS)
    counts: Optional[Counts] = None
    checksums: Optional[dict[Literal["games", "players", "recruits", PICKS], FileSum]] = None


class ReadManifest(_Model):
    """What a reader of the tables needs of a manifest (it may come from another writer and
    lack the runner's fields): each field, when there, of the right type."""
    status: Optional[str] = None
    identity: Optional[dict] = None
    variants: Optional[list] = None
    sweeps: Optional[list] = None
    counts: Optional[dict] = None
    seed: Optional[int] = Field(None, ge=0, le=MAX_SEED)
    chunk_games: Optional[int] = Field(None, ge=1, le=MAX_CHUNK_GAMES)
    record_every: Optional[int] = Field(None, ge=0, le=MAX_RECORD_EVERY)
    scenario: Optional[dict] = None


class ChunkIndex(_Exact):
    """A chunk's index (written last: the chunk's completeness mark)."""
    key: str
    variant: str
    chunk: int = Field(ge=0, le=MAX_GAMES)
    start: int = Field(ge=0, le=MAX_GAMES)
    count: int = Field(ge=0, le=MAX_CHUNK_GAMES)
    record_every: int = Field(ge=0, le=MAX_RECORD_EVERY)
    files: dict[Literal[CHUNK_FILES + (PICKS,)], FileSum]


def _where(loc) -> str:
    return ".".join(str(p) for p in loc) or "(top level)"


def first_problem(err: ValidationError) -> str:
    """'FIELD: what is wrong' of the first error pydantic found."""
    e = err.errors()[0]
    got = repr(e.get("input"))
    got = got if len(got) <= 40 else got[:37] + "..."
    msg = e["msg"].removeprefix("Value error, ")
    if e["type"] == "missing":
        return f"{_where(e['loc'])}: missing"
    return f"{_where(e['loc'])}: {msg[0].lower() + msg[1:]}, got {got}"


def check_read_manifest(data, path) -> None:
    """The manifest a report reads: a JSON object whose fields, when there, have their types;
    one written by `glowsim run` (it has `format`) is checked in full."""
    if not isinstance(data, dict):
        raise RunFolderError(f"{path}: expected a JSON object (a run manifest), got a "
                             f"{type(data).__name__}; the file was damaged or replaced")
    if "format" in data:
        parse_manifest(data, path, complete=True)
        return
    try:
        ReadManifest.model_validate(data)
    except ValidationError as e:
        raise RunFolderError(f"{path}: field {first_problem(e)}; the manifest was damaged or "
                             f"edited") from None


def parse_manifest(data, path, complete: bool = False) -> Manifest:
    """The manifest read from `path` (a JSON value), checked; a RunFolderError naming the field.
    ``complete``: the counts and checksums of a finished run must be there too."""
    if not isinstance(data, dict):
        raise RunFolderError(f"{path}: expected a JSON object (a run manifest), got a "
                             f"{type(data).__name__}; the file was damaged or replaced: use --fresh "
                             f"to start the run over")
    try:
        m = Manifest.model_validate(data)
    except ValidationError as e:
        raise RunFolderError(f"{path}: field {first_problem(e)}; the manifest was damaged or edited: "
                             f"use --fresh to start the run over") from None
    if complete and m.status == "complete" and (m.counts is None or m.checksums is None):
        raise RunFolderError(f"{path}: field {'counts' if m.counts is None else 'checksums'}: missing "
                             f"in a complete run; the manifest was damaged or edited: use --fresh")
    return m


def parse_index(data) -> ChunkIndex | None:
    """A chunk index, or None when it does not have the index's shape (the chunk is then
    played again by a run, and reported by verify)."""
    try:
        return ChunkIndex.model_validate(data)
    except ValidationError:
        return None


def index_problem(data) -> str:
    """Why `data` is not a chunk index ('' when it is)."""
    if not isinstance(data, dict):
        return f"expected a JSON object, got a {type(data).__name__}"
    try:
        ChunkIndex.model_validate(data)
    except ValidationError as e:
        return f"field {first_problem(e)}"
    return ""
