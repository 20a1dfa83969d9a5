"""Check a run folder against its manifest: `glowsim verify RUN_DIR`.

What is checked (every problem found is reported, each naming the file):

* the manifest: readable, complete (``status: complete``), its key is the hash of
  its identity, the variants of the identity are those of the manifest;
* content: each variant's content patches, loaded again, give the content hash
  the manifest recorded (a mismatch means the shipped content or the patches
  changed since the run, so its games cannot be replayed);
* chunks: every chunk of every variant has its index (written last by the
  runner: a missing index is a missing chunk), the index names the run key and
  the chunk's games, and each file it lists has the listed size, sha256 and row
  count; the games file holds each game index of the chunk exactly once, the
  players file one row per player per game, the records file the sampled games
  (``game_index % record_every == 0``);
* final tables: sha256 and row counts equal the manifest's, the rows are the
  chunk files' rows in (variant, chunk) order, each game appears once per variant;
* replay: a sample of the recorded games (evenly spread over variants and
  chunks) is replayed through the reference engine (``glowsim.engine.replay``,
  which checks every decision and the final state), and each record's final
  state is compared with its rows in the ``games`` and ``players`` tables;
* picks (runs whose scenario forks recruit picks): each chunk's ``picks`` file holds
  rows of its own games only, of the variant's players and side; the forks of a sample
  of games (one in 50 of the replayed games' number, at least one; evenly spread) are
  played again on the fast path and must give the same rows, and the continuations of
  one forked pick of each of those games are replayed through the reference engine,
  their final scores and win shares (E9) compared with the rows.
"""
from __future__ import annotations

import json
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from .. import __version__
from ..compiling import prepare
from ..fast.entries import FAST_RUN
from .chunks import chunk_bounds, n_chunks, sample_games
from .manifest import PICKS, chunk_files, forks, run_tables
from .store import RECORDS, SCHEMAS, RunStore, file_digest
from ..errors import UserError

MAX_SHOWN = 25   # problems printed by the CLI (all are kept in RunCheck.problems)


@dataclass
class RunCheck:
    """The outcome of :func:`verify_run`: ``problems`` is empty when the folder is consistent."""
    path: Path
    problems: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    variants: int = 0
    games_per_variant: int = 0
    chunks: int = 0
    rows: dict = field(default_factory=dict)
    records: int = 0          # records kept in the folder
    replayed: int = 0         # records replayed and agreeing
    pick_games: int = 0       # games whose forks were played again and agree with `picks`
    pick_replays: int = 0     # fork continuations replayed and agreeing with `picks`
    seconds: float = 0.0
    first_divergence: Optional[str] = None   # record JSON of the first replay divergence

    @property
    def ok(self) -> bool:
        return not self.problems

    def report(self, max_shown: int = MAX_SHOWN) -> str:
        if self.ok:
            return (f"{self.path}: consistent: {self.variants} variant(s) x {self.games_per_variant} games, "
                    f"{self.chunks} chunks; checksums and row counts match the manifest, the final "
                    f"tables are the chunks' rows, every game once; {self.replayed} of {self.records} "
                    f"recorded games replayed through the reference engine: all agree with the "
                    f"records and the tables{self._picks_note()} ({self.seconds:.1f} s)")
        lines = [f"{self.path}: {len(self.problems)} problem(s):"]
        lines += [f"  {p}" for p in self.problems[:max_shown]]
        if len(self.problems) > max_shown:
            lines.append(f"  ... and {len(self.problems) - max_shown} more")
        return "\n".join(lines)


    def _picks_note(self) -> str:
        if "picks" not in self.rows:
            return ""
        return (f"; the forked picks of {self.pick_games} game(s) played again agree with the picks "
                f"table, {self.pick_replays} continuation(s) replayed through the reference engine")


class _Checker:
    def __init__(self, path: Path):
        self.path = Path(path)
        self.store = RunStore(self.path)
        self.res = RunCheck(self.path)
        self.missing_chunks = 0   # chunks of the run with no file on disk (counted, not walked)
        self.ident: dict = {}     # the manifest's identity (what decides the games and the tables)

    def rel(self, p: Path) -> str:
        try:
            return str(Path(p).relative_to(self.path))
        except ValueError:
            return str(p)

    def problem(self, where, msg: str) -> None:
        self.res.problems.append(f"{self.rel(where) if isinstance(where, Path) else where}: {msg}")


def verify_run(path, games: int = 500, save: Optional[str] = None) -> RunCheck:
    """Check the run folder `path`; replay up to `games` of its recorded games."""
    t0 = time.perf_counter()
    c = _Checker(Path(path))
    m = _manifest(c)
    if m is not None:
        variants = _variants(c, m)
        if variants is not None:
            refs = _chunks(c, m, variants)
            _final_tables(c, m, variants)
            _unexpected_files(c, variants)
            _replay(c, m, variants, refs, games)
            if PICKS in run_tables(m["identity"]):
                _replay_picks(c, m, variants, max(1, games // 50) if games > 0 else 0)
    c.res.seconds = time.perf_counter() - t0
    if save and c.res.first_divergence is not None:
        Path(save).write_text(c.res.first_divergence, encoding="utf-8")
        c.res.notes.append(f"the first diverging record was written to {save}")
    return c.res


# ---- manifest ----

def _manifest(c: _Checker) -> Optional[dict]:
    from .execute import code_hash, key_of
    mp = c.store.manifest_path
    if not mp.exists():
        c.problem(mp, "missing: not a run folder (glowsim run writes manifest.json first)")
        return None
    try:
        m = json.loads(mp.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as e:   # RecursionError: nested too deeply
        c.problem(mp, f"cannot be read ({' '.join(str(e).split())[:200] or 'nested too deeply'})")
        return None
    from .manifest import parse_manifest
    from .store import RunFolderError
    try:
        parse_manifest(m, mp, complete=True)
    except RunFolderError as e:
        c.res.problems.append(str(e).replace(f"{mp}: ", f"{c.rel(mp)}: ", 1))
        return None
    if m.get("status") != "complete":
        c.problem(mp, f"the run is not complete (status {m.get('status')!r}): start the same "
                      f"`glowsim run` command again to finish it, then verify")
        return None
    missing = [k for k in ("key", "identity", "variants", "counts", "chunk_games", "seed", "checksums",
                           "record_every") if k not in m]
    if missing:
        c.problem(mp, f"lacks {', '.join(missing)} (written by another glowsim version?); "
                      f"run it again with --fresh to verify it")
        return None
    if key_of(m["identity"]) != m["key"]:
        c.problem(mp, f"the key {m['key']!r} is not the hash of the manifest's identity: the manifest "
                      f"was changed after the run")
    ident = m["identity"]
    c.ident = ident
    if [v.get("name") for v in ident.get("variants", [])] != [v.get("name") for v in m["variants"]]:
        c.problem(mp, "the variants of the identity and of the manifest differ")
    for k in ("engine", "seed", "chunk_games", "record_every"):   # the run key's fields, repeated
        if ident.get(k) != m[k]:
            c.problem(mp, f"{k} {m[k]!r} differs from the run key's (identity.{k}) {ident.get(k)!r}: "
                          f"the manifest was edited after the run")
    for j, (kv, v) in enumerate(zip(ident.get("variants", []), m["variants"])):
        for k, want in kv.items():   # every field of a variant's key: players, side, seats, tom, content
            if v.get(k) != want:
                c.problem(mp, f"variants.{j}.{k} {_brief(v.get(k))} differs from the run key's "
                              f"(identity.variants.{j}.{k}) {_brief(want)}: the manifest was edited "
                              f"after the run")
    _tables_listed(c, m)
    if m.get("glowsim_version") != __version__:
        c.res.notes.append(f"the run was made by glowsim {m.get('glowsim_version')}, this is {__version__}")
    if ident.get("code") != code_hash(m.get("engine", "")):
        c.res.notes.append(f"the {m.get('engine')} engine's code changed since the run (its games were "
                           f"played by other code); replays use this glowsim's reference engine")
    return m


def _no_such_table(t: str, tables) -> str:
    why = ("its scenario forks no decision (no `counterfactual`)" if t == PICKS
           else f"its tables are {', '.join(tables)}")
    return f"a {t} table, which this run does not have: {why}"


def _tables_listed(c: _Checker, m: dict) -> None:
    """The manifest's checksums, counts and table list name exactly the run's tables (a run
    forking recruit picks has `picks`, another has not)."""
    mp = c.store.manifest_path
    tables = run_tables(c.ident)
    sums = m.get("checksums") or {}
    for t in sorted(set(sums) - set(tables)):
        c.problem(mp, f"checksums lists {_no_such_table(t, tables)}: the manifest was edited")
    for t in tables:
        if t not in sums:
            c.problem(mp, f"checksums lacks the {t} table of the run: the manifest was edited")
    counts = m.get("counts") or {}
    for k in sorted(counts):
        t = k[:-len("_rows")] if k.endswith("_rows") else None
        if t is not None and t not in tables:
            c.problem(mp, f"counts.{k} counts the rows of {_no_such_table(t, tables)}: the "
                          f"manifest was edited")
    for t in tables:
        f = (sums.get(t) or {}).get("file", "")
        if t in sums and f not in ("", f"{t}.parquet"):
            c.problem(mp, f"checksums.{t}.file {_brief(f)} is not the {t} table's file "
                          f"({t}.parquet): the manifest was edited")
    for k, want in (("variants", len(m.get("variants") or [])),
                    ("games", counts.get("games_per_variant", 0) * len(m.get("variants") or []))):
        if k in counts and counts[k] != want:
            c.problem(mp, f"counts.{k} {_brief(counts[k])} is not the run's {want} "
                          f"({'variants listed' if k == 'variants' else 'games per variant x variants'}"
                          f"): the manifest was edited")
    listed = m.get("tables")
    if listed is not None and listed != {t: f"{t}.parquet" for t in tables}:
        c.problem(mp, f"tables {_brief(listed)} is not the run's tables "
                      f"({', '.join(f'{t}.parquet' for t in tables)}): the manifest was edited")


def _unexpected_files(c: _Checker, variants: list) -> None:
    """No table file the run does not have: at the top (a reader would take a `picks.parquet`
    or a folder of Parquet files named like a table for the run's) and in the chunk folders
    (a `picks` chunk in a run without forks, a file of no table)."""
    tables = run_tables(c.ident)
    readable = set(SCHEMAS) - {RECORDS}        # the tables a reader of the folder picks up
    if c.path.is_dir():
        for p in sorted(c.path.iterdir()):
            if p.name.startswith("."):
                continue
            if p.is_file() and p.suffix == ".parquet" and p.stem not in tables:
                c.problem(p, f"{_no_such_table(p.stem, tables) if p.stem in readable else 'a table of no run'}"
                             f"; not written by the run: delete it")
            elif (p.is_dir() and p.name in readable and p.name not in tables
                  and any(p.rglob("*.parquet"))):
                c.problem(p, f"a folder named like {_no_such_table(p.name, tables)}; a reader of "
                             f"the run would take its Parquet files for the table: delete it")
    for vi, name, _, _, _ in variants:
        d = c.store.chunk_dir(vi, name)
        if not d.is_dir():
            continue
        want = set(chunk_files(c.ident, name))
        for p in sorted(d.iterdir()):
            if p.name.startswith("."):
                continue      # a file being written (removed when the run resumes)
            hit = _CHUNK_PART.match(p.name)
            if hit is None:
                c.problem(p, f"not a file of a chunk of variant {name!r} (chunks hold "
                             f"c<k>.index.json and c<k>.<table>.parquet): delete it")
            elif hit.group(2) is not None and hit.group(2) not in want:
                t = hit.group(2)
                c.problem(p, f"a {t} chunk file, which the chunks of this run do not have"
                             + (f": {_no_forks(c, name)}"
                                if t == PICKS else f" (they hold {', '.join(sorted(want))})")
                             + "; delete it")


def _no_forks(c: _Checker, name: str) -> str:
    """Why the chunks of variant ``name`` hold no picks."""
    if PICKS in run_tables(c.ident):
        return f"its variant {name!r} forks no decision (`counterfactual: false`)"
    return "its scenario forks no decision (no `counterfactual`)"


_CHUNK_PART = re.compile(r"^c(\d{6,})\.(?:index\.json|([a-z]+)\.parquet)$")


def _variants(c: _Checker, m: dict) -> Optional[list]:
    """[(index, name, players, content hash, GameContent or None)] with each content re-derived."""
    from ..content import ContentError
    from ..scenarios import ScenarioError
    from ..scenarios.expand import game_for
    out = []
    mp = c.store.manifest_path
    ident = {v.get("name"): v for v in m["identity"].get("variants", [])}
    try:
        for j, v in enumerate(m["variants"]):
            name, h = v["name"], v["content_hash"]
            if int(v["index"]) != j:
                c.problem(mp, f"variant {name!r} has index {v['index']}, expected {j}")
            if name in ident and ident[name].get("content_hash") != h:
                c.problem(mp, f"variant {name!r}: content hash mismatch: the identity says "
                              f"{ident[name].get('content_hash')}, the variant {h}")
            game = None
            try:
                game = game_for(tuple((e["patch"], e["source"], {}) for e in v["content"]))
            except (ContentError, ScenarioError) as e:
                c.problem(mp, f"variant {name!r}: its content patches no longer load with this glowsim "
                              f"({str(e).splitlines()[0]})")
            if game is not None and game.hash != h:
                c.problem(mp, f"variant {name!r}: content hash mismatch: the manifest says {h}, its content "
                              f"patches give {game.hash} with this glowsim's content (the shipped content "
                              f"or the patches changed since the run)")
                game = None
            out.append((j, name, int(v["players"]), h, game))
        c.res.games_per_variant = int(m["counts"]["games_per_variant"])
        if int(m["chunk_games"]) < 1 or int(m["record_every"]) < 0:
            raise ValueError(f"chunk_games {m['chunk_games']}, record_every {m['record_every']}")
    except (KeyError, TypeError, ValueError) as e:
        c.problem(mp, f"a variant or count is malformed ({type(e).__name__}: {e})")
        return None
    c.res.variants = len(out)
    return out


def _brief(v, n: int = 60) -> str:
    t = json.dumps(v, sort_keys=True, default=str)
    return t if len(t) <= n else t[:n - 3] + "..."


# ---- chunks ----

def _chunks(c: _Checker, m: dict, variants: list) -> list:
    """Check every chunk; returns the recorded games [(variant, chunk, game index)].

    The work is bounded by the files on disk, not by the counts of the manifest: the chunks
    that have an index are checked, the missing ones are counted (the first few named)."""
    G, C, every, key = c.res.games_per_variant, int(m["chunk_games"]), int(m["record_every"]), m["key"]
    K = n_chunks(G, C)
    refs = []
    known = set()
    for vi, name, n_players, _, _ in variants:
        d = c.store.chunk_dir(vi, name)
        known.add(d.name)
        present = _chunk_numbers(d)
        kept = []
        for k in sorted(x for x in present if x >= K):
            if _longer_run_chunk(c, vi, name, k, C, key):
                kept.append(k)
                continue
            c.problem(d / f"c{k:06d}.index.json" if (d / f"c{k:06d}.index.json").exists() else d,
                      f"stray chunk {k} of variant {name!r}: beyond the run's {G} games (chunks "
                      f"0..{K - 1}) and not a finished chunk of this run's key; it is not part of "
                      f"this run: delete its files")
        if kept:
            c.res.notes.append(f"variant {name!r}: chunk(s) {_few(kept)} beyond the run's {G} games are "
                               f"whole chunks of a longer run of the same scenario (kept for a later "
                               f"--games; not in the tables)")
        inside = sorted(x for x in present if x < K)
        n_missing = K - len(inside)
        c.missing_chunks += n_missing
        if n_missing > MAX_SHOWN:
            c.problem(c.store.chunk_dir(vi, name), f"{n_missing} chunks of variant {name!r} are missing in "
                                                   f"all (the first {MAX_SHOWN} are named below)")
        for k in _missing(inside, K, MAX_SHOWN):
            start, count = chunk_bounds(G, C, k)
            c.problem(c.store.index_path(vi, name, k),
                      f"missing chunk: variant {name!r} chunk {k} (games {start}..{start + count - 1}) has no "
                      f"readable index (it was never finished); start the same `glowsim run` command again "
                      f"to play it")
        for k in inside:
            start, count = chunk_bounds(G, C, k)
            c.res.chunks += 1
            if _chunk(c, vi, name, n_players, k, start, count, every, key, m["variants"][vi]):
                refs += [(vi, k, g) for g in sample_games(start, count, every)]
    root = c.store.out / "chunks"
    if root.is_dir():
        for d in sorted(root.iterdir()):
            if d.name not in known:
                c.problem(d, "a folder of chunks of no variant of the manifest: not part of this run")
    c.res.records = len(refs)
    return refs


def _longer_run_chunk(c: _Checker, vi, name, k, C, key) -> bool:
    """Chunk k (beyond the run's games) is a whole chunk of this run's key: same key, its own
    bounds, every file listed with its size (what a longer run of the same scenario left)."""
    s = c.store
    index = s.read_index(vi, name, k)
    if (index is None or index["key"] != key or index["start"] != k * C or index["variant"] != name
            or index["chunk"] != k or not 0 < index["count"] <= C):
        return False
    if any(f.get("file") != s.chunk_path(vi, name, k, t).name for t, f in index["files"].items()):
        return False
    if not s.chunk_done(vi, name, k, index["count"], key):
        return False
    try:
        got = pq.read_table(s.chunk_path(vi, name, k, "games"), columns=["game_index"]).column(0).to_pylist()
    except Exception:
        return False
    return got == list(range(k * C, k * C + index["count"]))


_CHUNK_FILE = re.compile(r"^c(\d{6,})\.(?:index\.json|[a-z]+\.parquet)$")


def _chunk_numbers(d: Path) -> set:
    """Chunk numbers that have an index or a table file in folder `d`."""
    out = set()
    if d.is_dir():
        for p in d.iterdir():
            hit = _CHUNK_FILE.match(p.name)
            if hit:
                out.add(int(hit.group(1)))
    return out


def _missing(present_sorted: list, K: int, limit: int) -> list:
    """The first `limit` numbers of 0..K-1 not in present_sorted (without walking all of 0..K-1)."""
    out, want = [], 0
    for k in present_sorted + [K]:
        while want < k and len(out) < limit:
            out.append(want)
            want += 1
        if len(out) >= limit:
            break
        want = k + 1
    return out


def _chunk(c: _Checker, vi, name, n_players, k, start, count, every, key, variant: dict) -> bool:
    from .manifest import index_problem
    s = c.store
    n_before = len(c.res.problems)
    ip = s.index_path(vi, name, k)
    what = f"variant {name!r} chunk {k} (games {start}..{start + count - 1})"
    try:
        raw = json.loads(ip.read_text(encoding="utf-8"))
        why = index_problem(raw)
    except (OSError, ValueError, RecursionError) as e:   # RecursionError: nested too deeply
        why = f"cannot be read ({' '.join(str(e).split())})" if ip.exists() else "missing"
    if why == "missing":
        c.problem(ip, f"missing chunk: {what} has no readable index (it was never finished); start "
                      f"the same `glowsim run` command again to play it")
        return False
    if why:
        c.problem(ip, f"unreadable chunk index: {what}: {why}; delete it and start the same "
                      f"`glowsim run` command again to play the chunk again")
        return False
    index = raw
    if index.get("variant") != name or index.get("chunk") != k:
        c.problem(ip, f"{what}: the index names variant {index.get('variant')!r} chunk "
                      f"{index.get('chunk')}; it was moved or edited")
        return False
    if index.get("key") != key:
        c.problem(ip, f"{what} was written by another run (key {index.get('key')!r}, the manifest's is "
                      f"{key!r})")
        return False
    if (index.get("start"), index.get("count"), index.get("record_every")) != (start, count, every):
        c.problem(ip, f"{what}: the index says games {index.get('start')}+{index.get('count')} with "
                      f"record_every {index.get('record_every')}, the manifest {start}+{count} with {every}")
        return False
    ok = True
    files = index.get("files") or {}
    for t in sorted(set(files) - set(chunk_files(c.ident, name))):
        c.problem(ip, f"{what}: the index lists a {t} file, which the chunks of this run do not "
                      f"have" + (f" ({_no_forks(c, name)})" if t == PICKS else ""))
        ok = False
    for t in chunk_files(c.ident, name):
        p = s.chunk_path(vi, name, k, t)
        want = files.get(t)
        if not isinstance(want, dict):
            c.problem(ip, f"{what}: the index lists no {t} file")
            ok = False
            continue
        if not p.exists():
            c.problem(p, f"missing chunk file of {what}")
            ok = False
            continue
        size, digest = p.stat().st_size, file_digest(p)
        if size != want.get("bytes") or digest != want.get("sha256"):
            c.problem(p, f"checksum mismatch: {size} bytes, sha256 {digest[:16]}..., the chunk index "
                         f"says {want.get('bytes')} bytes, sha256 {str(want.get('sha256'))[:16]}... "
                         f"(the file changed after it was written)")
            ok = False
            continue
        try:
            meta_rows = pq.read_metadata(p).num_rows
            if pq.read_schema(p) != SCHEMAS[t]:
                raise ValueError(f"columns differ from the {t} table's")
        except Exception as e:
            c.problem(p, f"not a readable {t} table ({e})")
            ok = False
            continue
        if meta_rows != want.get("rows"):
            c.problem(p, f"row count mismatch: {meta_rows} rows, the chunk index says {want.get('rows')}")
            ok = False
    if not ok:
        return False
    _rows_match_variant(c, vi, name, k, variant)
    # contents: each game once, one player row per seat, the sampled records
    want_games = np.arange(start, start + count)
    for t, per_game in (("games", 1), ("players", n_players)):
        p = s.chunk_path(vi, name, k, t)
        tab = pq.read_table(p, columns=["variant", "game_index"])
        _variant_column(c, p, tab, name)
        _same_games(c, p, tab.column("game_index").to_numpy(), want_games, per_game,
                    "one row per game" if per_game == 1 else f"{per_game} rows per game (one per player)")
    p = s.chunk_path(vi, name, k, "recruits")
    tab = pq.read_table(p, columns=["variant", "game_index"])
    _variant_column(c, p, tab, name)
    gi = tab.column("game_index").to_numpy()
    outside = gi[(gi < start) | (gi >= start + count)]
    if len(outside):
        c.problem(p, f"rows of game(s) {_few(np.unique(outside))} outside {what}")
    if forks(c.ident, name):
        _chunk_picks(c, s.chunk_path(vi, name, k, PICKS), name, start, count, what, variant)
    p = s.chunk_path(vi, name, k, RECORDS)
    tab = pq.read_table(p, columns=["variant", "game_index"])
    _variant_column(c, p, tab, name)
    got = tab.column("game_index").to_pylist()
    if got != sample_games(start, count, every):
        c.problem(p, f"holds the records of games {_few(got)}, expected those of games "
                     f"{_few(sample_games(start, count, every))} (every game index divisible by {every})")
    return len(c.res.problems) == n_before


def _rows_match_variant(c: _Checker, vi, name, k, variant: dict) -> None:
    """The chunk's rows were played as the manifest's variant says: players, side, and each
    seat's bot label and fixed adventurer."""
    p = c.store.chunk_path(vi, name, k, "games")
    games = pq.read_table(p, columns=["n_players", "side"])
    for col, want in (("n_players", variant["players"]), ("side", variant["side"])):
        got = set(games.column(col).to_pylist())
        if got - {want}:
            c.problem(p, f"{col} {sorted(got - {want})[0]!r} in the rows, the manifest's variant {name!r} "
                         f"says {want!r}: the manifest was edited after the run")
    p = c.store.chunk_path(vi, name, k, "players")
    rows = pq.read_table(p, columns=["seat", "bot", "adventurer"]).to_pydict()
    seats = variant["seats"]
    bad = set()
    for seat, bot, adv in zip(rows["seat"], rows["bot"], rows["adventurer"]):
        sp = seats[seat] if 0 <= seat < len(seats) else None
        if sp is None:
            bad.add(f"seat {seat} is not a seat of the variant")
            continue
        label = sp.get("label") or sp.get("bot")
        if bot != label:
            bad.add(f"seat {seat} bot {bot!r}, the manifest says {label!r}")
        if sp.get("adventurer") not in ("random", "draft") and adv != sp.get("adventurer"):
            bad.add(f"seat {seat} adventurer {adv!r}, the manifest says {sp.get('adventurer')!r}")
    for b in sorted(bad)[:4]:
        c.problem(p, f"{b}: the manifest was edited after the run")


def _variant_column(c: _Checker, p: Path, tab: pa.Table, name: str) -> bool:
    other = set(tab.column("variant").to_pylist()) - {name}
    if other:
        c.problem(p, f"rows of variant(s) {sorted(other)} in a chunk of variant {name!r}")
        return False
    return True


def _same_games(c: _Checker, p: Path, got: np.ndarray, want: np.ndarray, per_game: int, shape: str) -> bool:
    counts = Counter(got.tolist())
    dup = sorted(g for g, n in counts.items() if n > per_game)
    missing = sorted(set(want.tolist()) - set(counts))
    short = sorted(g for g, n in counts.items() if 0 < n < per_game)
    extra = sorted(set(counts) - set(want.tolist()))
    msgs = []
    if dup:
        msgs.append(f"duplicated game(s) {_few(dup)}")
    if missing:
        msgs.append(f"missing game(s) {_few(missing)}")
    if short:
        msgs.append(f"game(s) with too few rows {_few(short)}")
    if extra:
        msgs.append(f"game(s) not of this chunk {_few(extra)}")
    if msgs:
        c.problem(p, f"{'; '.join(msgs)} (expected {shape}, games {want[0]}..{want[-1]})")
        return False
    return True


def _few(values, n: int = 8) -> str:
    values = [int(v) for v in values]
    s = ", ".join(str(v) for v in values[:n])
    return s + (f", ... ({len(values)} in all)" if len(values) > n else "")


# ---- final tables ----

def _final_tables(c: _Checker, m: dict, variants: list) -> None:
    G, C = c.res.games_per_variant, int(m["chunk_games"])
    K = n_chunks(G, C)

    def parts(t):   # walked lazily: it stops at the first chunk that cannot be read
        return ((vi, name, k) for vi, name, _, _, _ in variants for k in range(K)
                if t != PICKS or forks(c.ident, name))
    for t in run_tables(c.ident):
        p = c.store.table_path(t)
        want = (m.get("checksums") or {}).get(t) or {}
        if not p.exists():
            c.problem(p, f"missing final table (the manifest says the run is complete); start the same "
                         f"`glowsim run` command again to write it")
            continue
        digest = file_digest(p)
        if digest != want.get("sha256") or p.stat().st_size != want.get("bytes"):
            c.problem(p, f"checksum mismatch: sha256 {digest[:16]}..., the manifest says "
                         f"{str(want.get('sha256'))[:16]}... (the table changed after the run)")
        try:
            pf = pq.ParquetFile(p)
            rows = pf.metadata.num_rows
            same = pf.schema_arrow == SCHEMAS[t]
        except Exception as e:
            c.problem(p, f"not a readable Parquet table ({' '.join(str(e).split())[:200]})")
            continue
        if not same:
            c.problem(p, f"its columns are not the {t} table's (the file was replaced)")
            continue
        c.res.rows[t] = rows
        counted = (m.get("counts") or {}).get(f"{t}_rows")
        if rows != want.get("rows") or rows != counted:
            c.problem(p, f"row count mismatch: {rows} rows, the manifest says {want.get('rows')} "
                         f"(checksums) and {counted} (counts)")
        _final_is_chunks(c, t, pf, parts(t))
    if not c.missing_chunks:   # else reported above (and G is not what is on disk)
        _each_game_once(c, variants, G)


def _final_is_chunks(c: _Checker, t: str, pf: pq.ParquetFile, parts) -> None:
    """The final table's rows are the chunk files' rows, in (variant, chunk) order."""
    p = c.store.table_path(t)
    buf = SCHEMAS[t].empty_table()
    rg = 0
    for vi, name, k in parts:
        cp = c.store.chunk_path(vi, name, k, t)
        try:
            chunk = pq.read_table(cp)
        except Exception:
            return   # reported with the chunk
        if chunk.schema != buf.schema:
            return   # reported with the chunk
        try:
            while buf.num_rows < chunk.num_rows and rg < pf.num_row_groups:
                buf = pa.concat_tables([buf, pf.read_row_group(rg)])
                rg += 1
        except Exception as e:   # a row group that cannot be read
            c.problem(p, f"row group {rg} cannot be read ({' '.join(str(e).split())[:200]})")
            return
        if buf.num_rows < chunk.num_rows:
            c.problem(p, f"ends before the rows of variant {name!r} chunk {k}")
            return
        if not buf.slice(0, chunk.num_rows).equals(chunk):
            c.problem(p, f"the rows of variant {name!r} chunk {k} differ from {c.rel(cp)}")
            return
        buf = buf.slice(chunk.num_rows)
    if buf.num_rows or rg < pf.num_row_groups:
        c.problem(p, "holds rows after those of the last chunk")


def _each_game_once(c: _Checker, variants: list, G: int) -> None:
    p = c.store.table_path("games")
    try:
        tab = pq.read_table(p, columns=["variant", "game_index"])
    except Exception:
        return   # reported above
    names = [v[1] for v in variants]
    other = set(tab.column("variant").to_pylist()) - set(names)
    if other:
        c.problem(p, f"rows of variant(s) {sorted(other)} that the manifest does not list")
    df = tab.to_pandas()
    want = np.arange(G)
    for name in names:
        _same_games(c, p, df.game_index[df.variant == name].to_numpy(), want, 1,
                    f"each game once in variant {name!r}")


# ---- replay ----

def sample(refs: list, n: int) -> list:
    """`n` items of refs, evenly spread and deterministic (all of them when there are fewer)."""
    if n >= len(refs):
        return list(refs)
    if n <= 0:
        return []
    if n == 1:
        return [refs[0]]
    return [refs[round(i * (len(refs) - 1) / (n - 1))] for i in range(n)]


def _replay(c: _Checker, m: dict, variants: list, refs: list, games: int) -> None:
    from ..engine import ReplayError, replay
    from ..records import GameRecord, RecordFormatError
    chosen = sample(refs, games)
    by_chunk: dict = {}
    for vi, k, g in chosen:
        by_chunk.setdefault((vi, k), []).append(g)
    seed = m["seed"]
    skipped = Counter()
    for (vi, k), gs in by_chunk.items():
        _, name, n_players, h, game = variants[vi]
        if game is None:
            skipped[name] += len(gs)
            continue
        rp = c.store.chunk_path(vi, name, k, RECORDS)
        recs = dict(zip(*pq.read_table(rp, columns=["game_index", "record"]).to_pydict().values()))
        rows = _table_rows(c, vi, name, k)
        for g in gs:
            where = f"{c.rel(rp)}: variant {name!r} game {g}"
            try:
                rec = GameRecord.from_json(recs[g])
            except (KeyError, RecordFormatError) as e:
                c.res.problems.append(f"{where}: unreadable record ({e})")
                continue
            if rec.seed != {"root": seed, "game_index": g}:
                c.res.problems.append(f"{where}: the record's seed {rec.seed} is not "
                                      f"{{root: {seed}, game_index: {g}}}")
                continue
            if rec.content_hash != h:
                c.res.problems.append(f"{where}: content hash mismatch: the record was played with "
                                      f"content {rec.content_hash}, the variant's is {h}")
                continue
            try:
                replay(game, rec)
            except ReplayError as e:
                c.res.problems.append(f"{where}: replay divergence: {_short(str(e))}")
                c.res.first_divergence = c.res.first_divergence or recs[g]
                continue
            except Exception as e:   # the engine failing on a record is a divergence too
                c.res.problems.append(f"{where}: replay divergence: the reference engine stopped with "
                                      f"{type(e).__name__}: {e}")
                c.res.first_divergence = c.res.first_divergence or recs[g]
                continue
            bad = _record_vs_rows(rec, rows, g)
            if bad:
                c.res.problems.append(f"{where}: the tables disagree with the record: {bad}")
                continue
            c.res.replayed += 1
    for name, n in skipped.items():
        c.problem(c.store.manifest_path, f"variant {name!r}: {n} recorded game(s) not replayed (its "
                                         f"content could not be re-derived, see above)")


def _short(msg: str, n: int = 6) -> str:
    lines = msg.strip().splitlines()
    return "; ".join(x.strip() for x in lines[:n]) + (f"; ... ({len(lines)} lines)" if len(lines) > n else "")


def _table_rows(c: _Checker, vi, name, k) -> dict:
    """{"games": {g: row}, "players": {(g, seat): row}} of one chunk."""
    games = pq.read_table(c.store.chunk_path(vi, name, k, "games")).to_pylist()
    players = pq.read_table(c.store.chunk_path(vi, name, k, "players")).to_pylist()
    return {"games": {r["game_index"]: r for r in games},
            "players": {(r["game_index"], r["seat"]): r for r in players}}


def _record_vs_rows(rec, rows: dict, g: int) -> str:
    """'' when the game's table rows say what its record's final state says, else what differs."""
    final = rec.final or {}
    diffs = []
    grow = rows["games"].get(g)
    if grow is None:
        return "no games row"
    want = {"n_players": rec.n_players, "side": rec.side}
    if not rec.solo:
        want["first_player"] = rec.setup.get("first_player")
        want["top_score"] = max(p["final"] for p in final["players"])
    for col, v in want.items():
        if grow[col] != v:
            diffs.append(f"games.{col} {grow[col]!r}, record {v!r}")
    for seat, fp in enumerate(final.get("players", [])):
        prow = rows["players"].get((g, seat))
        if prow is None:
            diffs.append(f"no players row for seat {seat}")
            continue
        pw = {"adventurer": rec.adventurers[seat], "score": fp["final"], "track": fp["score"],
              "footprints": fp["footprints"], "reroll_tokens": fp["reroll_tokens"],
              "companions": len(fp["companions"])}
        for col, v in pw.items():
            if prow[col] != v:
                diffs.append(f"seat {seat} players.{col} {prow[col]!r}, record {v!r}")
    return "; ".join(diffs)


# ---- command line ----

def run_cli(args) -> int:
    """`glowsim verify RUN_DIR [--games N] [--save FILE.json]`: 0 when consistent, 1 otherwise."""
    import sys
    path = Path(args.run_dir)
    if args.seed is not None:
        raise UserError("--seed is not used with RUN_DIR (the run's seed is in its manifest)")
    if args.content:
        raise UserError("--content is not used with RUN_DIR (each variant's content is in the manifest)")
    if not path.is_dir():
        raise UserError(f"{path}: no such run folder")
    res = verify_run(path, games=args.games, save=args.save)
    for note in res.notes:
        print(f"note: {note}", file=sys.stderr)
    print(res.report())
    if not res.ok:
        print(f"glowsim verify: {path} is NOT consistent with its manifest", file=sys.stderr)
        return 1
    return 0


# ---- forked picks ----

PICK_KEYS = ("decision", "round", "seat", "alternative")
PICK_VALUES = ("n_offered", "companion", "chosen", "win_share", "score")


def _chunk_picks(c: _Checker, p: Path, name: str, start: int, count: int, what: str, variant: dict) -> None:
    """A chunk's picks rows: its variant, its games, the variant's players and side, each
    seat one of the variant's with its bot label, win shares within 0..1."""
    tab = pq.read_table(p, columns=["variant", "game_index", "n_players", "side", "n_offered",
                                    "alternative", "seat", "bot", "win_share"])
    _variant_column(c, p, tab, name)
    gi = tab.column("game_index").to_numpy()
    outside = gi[(gi < start) | (gi >= start + count)]
    if len(outside):
        c.problem(p, f"rows of game(s) {_few(np.unique(outside))} outside {what}")
    for col, want in (("n_players", variant["players"]), ("side", variant["side"])):
        got = set(tab.column(col).to_pylist()) - {want}
        if got:
            c.problem(p, f"{col} {sorted(got)[0]!r} in the rows, the manifest's variant {name!r} says "
                         f"{want!r}: the manifest was edited after the run")
    alt, n = tab.column("alternative").to_numpy(), tab.column("n_offered").to_numpy()
    if len(n) and ((n < 2).any() or (alt < 0).any() or (alt >= n).any()):
        c.problem(p, "rows with fewer than 2 cards offered or an alternative outside 0..n_offered-1")
    seats = variant["seats"]
    labels = {(j, sp.get("label") or sp.get("bot")) for j, sp in enumerate(seats)}
    got = set(zip(tab.column("seat").to_pylist(), tab.column("bot").to_pylist())) - labels
    if got:
        seat, bot = sorted(got, key=repr)[0]
        c.problem(p, f"a row of seat {seat} with bot {bot!r}: not a seat of variant {name!r} with "
                     f"its bot label (seats 0..{len(seats) - 1}: "
                     f"{', '.join(str(b) for _, b in sorted(labels, key=repr))})")
    ws = tab.column("win_share").to_numpy(zero_copy_only=False)
    if len(ws) and not ((ws >= 0) & (ws <= 1)).all():
        c.problem(p, "rows with a win share outside 0..1 (E9)")


def _pick_game_refs(c: _Checker, m: dict, variants: list) -> list:
    """[(variant index, chunk, game)] of every game with forked picks, in run order."""
    G, C = c.res.games_per_variant, int(m["chunk_games"])
    refs = []
    for vi, name, _, _, game in variants:
        if not forks(c.ident, name):
            continue
        for k in range(n_chunks(G, C)):
            try:
                path = c.store.chunk_path(vi, name, k, PICKS)
                if pq.read_schema(path) != SCHEMAS[PICKS]:
                    continue   # reported with the chunk
                gi = pq.read_table(path, columns=["game_index"]).column(0).to_numpy()
            except Exception:
                continue   # reported with the chunk
            refs += [(vi, k, int(g)) for g in np.unique(gi)]
    return refs


def _replay_picks(c: _Checker, m: dict, variants: list, n_games: int) -> None:
    """Play the forks of a sample of games again and replay one pick's continuations each."""
    from ..engine import ReplayError, replay
    from ..fast.fork_table import play_forks
    from .chunks import _fast_match
    from .picks import KINDS
    cf = c.ident["counterfactual"]
    seed = m["seed"]
    prepare(FAST_RUN)
    for vi, k, g in sample(_pick_game_refs(c, m, variants), n_games):
        _, name, _, _, game = variants[vi]
        if game is None:
            continue   # its content could not be re-derived (reported above)
        p = c.store.chunk_path(vi, name, k, PICKS)
        where = f"{c.rel(p)}: variant {name!r} game {g}"
        rows = pq.read_table(p, filters=[("game_index", "=", g)]).to_pandas()
        match = _fast_match(m["variants"][vi])
        try:
            t = play_forks(game, match, seed, g, 1, kind=KINDS[cf["decisions"]], sample=cf["sample"],
                           mode="common", threads=1, record=True)
        except Exception as e:   # the fast path failing on a game is a divergence too
            c.res.problems.append(f"{where}: its forks could not be played again ({type(e).__name__}: {e})")
            continue
        again = {"decision": t["decision"], "round": t["round"], "seat": t["seat"],
                 "alternative": t["alternative"], "n_offered": t["n_alternatives"],
                 "companion": t["companion"], "chosen": t["chosen_by_bot"],
                 "win_share": t["win_share"], "score": t["score"]}
        bad = [col for col in PICK_KEYS + PICK_VALUES
               if len(rows) != len(t["game"]) or list(rows[col]) != list(again[col])]
        if bad:
            c.res.problems.append(f"{where}: the picks rows differ from the game's forks played again "
                                  f"({len(rows)} rows, {len(t['game'])} played again; column(s) "
                                  f"{', '.join(bad[:4])})")
            continue
        c.res.pick_games += 1
        decisions = list(dict.fromkeys(int(d) for d in t["decision"]))
        d = decisions[g % len(decisions)]
        for j in np.flatnonzero(np.asarray(t["decision"]) == d):
            rec = t["records"][j]
            alt = f"{where} pick at decision {d} alternative {int(t['alternative'][j])}"
            try:
                final = replay(game, rec)
            except ReplayError as e:
                c.res.problems.append(f"{alt}: replay divergence: {_short(str(e))}")
                c.res.first_divergence = c.res.first_divergence or rec.to_json()
                continue
            except Exception as e:
                c.res.problems.append(f"{alt}: replay divergence: the reference engine stopped with "
                                      f"{type(e).__name__}: {e}")
                c.res.first_divergence = c.res.first_divergence or rec.to_json()
                continue
            seat = int(t["seat"][j])
            score, share = final_share(final, seat, rec.solo)
            if score != int(rows["score"].iloc[j]) or (share is not None and
                                                       abs(share - float(rows["win_share"].iloc[j])) > 1e-12):
                c.res.problems.append(f"{alt}: the picks row says score {int(rows['score'].iloc[j])}, win "
                                      f"share {float(rows['win_share'].iloc[j]):g}; the replayed game ends "
                                      f"with {score}, {share}")
                continue
            c.res.pick_replays += 1


def final_share(final: dict, seat: int, solo: bool) -> tuple[int, float | None]:
    """(final score, win share) of `seat` in a final state (section 7): the highest score wins,
    then the most reroll tokens, still tied they share (E9).  Solo: the share is not derived
    here (None; the score is)."""
    players = final["players"]
    score = int(players[seat]["final"])
    if solo:
        return score, None
    top = max(int(p["final"]) for p in players)
    tied = [i for i, p in enumerate(players) if int(p["final"]) == top]
    most = max(int(players[i]["reroll_tokens"]) for i in tied)
    winners = [i for i in tied if int(players[i]["reroll_tokens"]) == most]
    return score, (1.0 / len(winners) if seat in winners else 0.0)
