"""Tampered run folders: each function damages a copy of a small finished run.

TAMPERS: (id, function, words the report must name, whether a resumed run must refuse too).
"""
import json
import shutil

QUICK = """engine: reference
players: 2
side: archipelago
seat: {bot: random}
games: 10
chunk_games: 5
seed: 3
variants:
  - name: a
  - name: b
    content: {companions: {A11: {bursts: 4}}}
"""

M = "manifest.json"


def _edit(fn):
    def tamper(d):
        p = d / M
        m = json.loads(p.read_text())
        m = fn(m)
        p.write_text(json.dumps(m))
    return tamper


def _set(path, value):
    def fn(m):
        x = m
        for k in path[:-1]:
            x = x[k]
        x[path[-1]] = value
        return m
    return _edit(fn)


def _whole(value):
    return _edit(lambda m: value)


def _index(k=0, variant="000-a"):
    return lambda d: d / "chunks" / variant / f"c{k:06d}.index.json"


def _index_set(field, value):
    def tamper(d):
        p = _index()(d)
        i = json.loads(p.read_text())
        i[field] = value
        p.write_text(json.dumps(i))
    return tamper


def _index_text(text):
    return lambda d: _index()(d).write_text(text)


def _stray_copy(k_from, k_to, start=None):
    def tamper(d):
        c = d / "chunks" / "000-a"
        for f in list(c.glob(f"c{k_from:06d}.*")):
            shutil.copy(f, c / f.name.replace(f"c{k_from:06d}", f"c{k_to:06d}"))
        if start is not None:
            p = c / f"c{k_to:06d}.index.json"
            i = json.loads(p.read_text())
            i["start"] = start
            p.write_text(json.dumps(i))
    return tamper


def _stray_dir(d):
    shutil.copytree(d / "chunks" / "000-a", d / "chunks" / "007-ghost")


def _truncate(table):
    def tamper(d):
        p = d / "chunks" / "000-a" / f"c000000.{table}.parquet"
        p.write_bytes(p.read_bytes()[:40])
    return tamper


def _garbage(table):
    return lambda d: (d / "chunks" / "000-a" / f"c000001.{table}.parquet").write_bytes(b"PAR1" + b"\0" * 64)


def _unlink(rel):
    return lambda d: (d / rel).unlink()


def _copy(src, dst):
    return lambda d: shutil.copy(d / src, d / dst)


def _write(rel, data: bytes):
    def tamper(d):
        (d / rel).parent.mkdir(parents=True, exist_ok=True)
        (d / rel).write_bytes(data)
    return tamper


def _index_lists(table, k=0, variant="000-a"):
    def tamper(d):
        p = _index(k, variant)(d)
        i = json.loads(p.read_text())
        i["files"][table] = dict(i["files"]["games"], file=f"c{k:06d}.{table}.parquet")
        p.write_text(json.dumps(i))
    return tamper


TAMPERS = [
    # the manifest's shape (a resumed run must refuse these too)
    ("manifest-list", _whole([]), (M,), True),
    ("manifest-text", _whole("x"), (M,), True),
    ("manifest-null", _whole(None), (M,), True),
    ("manifest-empty", _whole({}), (M,), True),
    ("manifest-number", _whole(5), (M,), True),
    ("manifest-not-json", lambda d: (d / M).write_text("{not json"), (M,), True),
    ("identity-text", _set(["identity"], "x"), (M, "identity"), True),
    ("identity-list", _set(["identity"], [1]), (M, "identity"), True),
    ("variants-text", _set(["variants"], "x"), (M, "variants"), True),
    ("variants-empty", _set(["variants"], []), (M, "variants"), True),
    ("variant-text", _set(["variants", 0], "x"), (M, "variants.0"), True),
    ("variant-content-text", _set(["variants", 0, "content"], "x"), (M, "variants.0.content"), True),
    ("variant-players-7", _set(["variants", 0, "players"], 7), (M, "variants.0.players"), True),
    ("variant-side-number", _set(["variants", 0, "side"], 2), (M, "variants.0.side"), True),
    ("variant-seats-text", _set(["variants", 0, "seats"], "x"), (M, "variants.0.seats"), True),
    ("games-per-variant-huge", _set(["counts", "games_per_variant"], 10**12), (M, "games_per_variant"), False),
    ("games-per-variant-negative", _set(["counts", "games_per_variant"], -1), (M, "games_per_variant"), False),
    ("games-per-variant-text", _set(["counts", "games_per_variant"], "x"), (M, "games_per_variant"), False),
    ("games-per-variant-bool", _set(["counts", "games_per_variant"], True), (M, "games_per_variant"), False),
    ("counts-list", _set(["counts"], []), (M, "counts"), False),
    ("checksums-text", _set(["checksums"], "x"), (M, "checksums"), False),
    ("chunk-games-0", _set(["chunk_games"], 0), (M, "chunk_games"), True),
    ("chunk-games-text", _set(["chunk_games"], "x"), (M, "chunk_games"), True),
    ("record-every-negative", _set(["record_every"], -1), (M, "record_every"), True),
    ("seed-bool", _set(["seed"], True), (M, "seed"), True),
    ("key-number", _set(["key"], 5), (M, "key"), True),
    ("status-unknown", _set(["status"], "done"), (M, "status"), True),
    ("identity-seed-text", _set(["identity", "seed"], "x"), (M, "identity.seed"), True),
    ("identity-variants-text", _set(["identity", "variants"], "x"), (M, "identity.variants"), True),
    ("identity-players-7", _set(["identity", "variants", 0, "players"], 7), (M, "players"), True),
    ("identity-chunk-games-huge", _set(["identity", "chunk_games"], 10**9), (M, "chunk_games"), True),
    # well-formed, but not what the run played
    ("variant-side-edited", _set(["variants", 0, "side"], "province"), (M, "side"), False),
    ("seat-bot-edited", _set(["variants", 0, "seats", 0, "bot"], "greedy"), (M, "seats"), False),
    ("seat-label-edited", _set(["variants", 1, "seats", 1, "label"], "expert"), (M, "seats"), False),
    ("seat-adventurer-edited", _set(["variants", 0, "seats", 0, "adventurer"], "pocana"), (M, "seats"), False),
    ("seed-edited", _set(["seed"], 4), (M, "seed"), False),
    ("record-every-edited", _set(["record_every"], 7), (M, "record_every"), False),
    ("identity-side-edited", _set(["identity", "variants", 0, "side"], "province"), (M, "key"), False),
    ("content-hash-edited", _set(["variants", 1, "content_hash"], "0" * 16), (M, "content hash"), False),
    ("more-games-than-played", _set(["counts", "games_per_variant"], 25), ("missing chunk",), False),
    ("most-games-smallest-chunks", _edit(lambda m: {**m, "counts": {**m["counts"], "games_per_variant": 10**8},
                                                    "chunk_games": 1}), (M, "chunk_games"), False),
    ("most-games", _set(["counts", "games_per_variant"], 10**8), ("19999998 chunks", "missing in all"), False),
    # chunk indexes and files
    ("index-list", _index_text("[]"), ("c000000.index.json",), False),
    ("index-text", _index_text("x"), ("c000000.index.json",), False),
    ("index-files-list", _index_set("files", []), ("c000000.index.json", "files"), False),
    ("index-count-text", _index_set("count", "x"), ("c000000.index.json", "count"), False),
    ("index-key-other", _index_set("key", "other"), ("c000000.index.json", "another run"), False),
    ("index-start-shifted", _index_set("start", 1), ("c000000.index.json",), False),
    ("index-variant-other", _index_set("variant", "b"), ("c000000.index.json", "variant"), False),
    ("index-deleted", lambda d: _index()(d).unlink(), ("c000000.index.json", "missing chunk"), False),
    ("stray-chunk-copy", _stray_copy(0, 9), ("c000009", "stray chunk"), False),
    ("stray-chunk-beyond", _stray_copy(1, 2, start=10), ("c000002", "stray chunk"), False),
    ("stray-variant-folder", _stray_dir, ("007-ghost",), False),
    ("chunk-truncated", _truncate("games"), ("c000000.games.parquet",), False),
    ("chunk-garbage", _garbage("players"), ("c000001.players.parquet",), False),
    ("final-table-deleted", _unlink("recruits.parquet"), ("recruits.parquet",), False),
    ("chunk-file-deleted", _unlink("chunks/000-a/c000001.records.parquet"), ("c000001.records.parquet",), False),
    # tables the run does not have (its scenario forks no decision: no `picks`)
    ("picks-chunk-without-forks", _copy("chunks/000-a/c000000.players.parquet",
                                        "chunks/000-a/c000000.picks.parquet"),
     ("c000000.picks.parquet", "forks no decision"), False),
    ("picks-chunk-junk-without-forks", _write("chunks/001-b/c000001.picks.parquet", b"PAR1junk"),
     ("c000001.picks.parquet", "forks no decision"), False),
    ("picks-table-without-forks", _copy("games.parquet", "picks.parquet"),
     ("picks.parquet", "forks no decision"), False),
    ("picks-table-junk-without-forks", _write("picks.parquet", b"junk"),
     ("picks.parquet", "forks no decision"), False),
    ("picks-folder-without-forks", _write("picks/part-0.parquet", b"PAR1junk"),
     ("picks", "folder named like a picks table"), False),
    ("checksums-list-picks", _edit(lambda m: {**m, "checksums": {**m["checksums"],
                                                                 "picks": m["checksums"]["games"]}}),
     (M, "checksums lists a picks table"), False),
    ("checksums-lack-players", _edit(lambda m: {**m, "checksums": {k: v for k, v in m["checksums"].items()
                                                                   if k != "players"}}),
     (M, "checksums lacks the players table"), False),
    ("counts-picks-rows", _set(["counts", "picks_rows"], 12), (M, "counts.picks_rows"), False),
    ("tables-list-picks", _edit(lambda m: {**m, "tables": {**m["tables"], "picks": "picks.parquet"}}),
     (M, "tables"), False),
    ("index-lists-picks", _index_lists("picks"), ("c000000.index.json", "picks"), False),
    ("index-lists-other-table", _index_lists("offers"), ("c000000.index.json", "offers"), False),
    ("chunk-folder-stray-file", _write("chunks/000-a/notes.txt", b"mine"), ("notes.txt", "not a file of a chunk"),
     False),
    ("final-table-of-other-columns", _copy("games.parquet", "players.parquet"),
     ("players.parquet", "columns are not the players table's"), False),
    ("chunk-file-of-other-columns", _copy("chunks/000-a/c000000.games.parquet",
                                          "chunks/000-a/c000000.recruits.parquet"),
     ("c000000.recruits.parquet",), False),
    ("chunk-file-of-no-table", _copy("chunks/000-a/c000000.games.parquet", "chunks/000-a/c000000.foo.parquet"),
     ("c000000.foo.parquet",), False),
    # counts and names that disagree with the run, the checksums and tables themselves whole
    ("counts-games-negative", _set(["counts", "games"], -5), (M, "counts.games"), False),
    ("counts-games-other", _set(["counts", "games"], 7), (M, "counts.games 7", "games per variant x variants"),
     False),
    ("counts-variants-other", _set(["counts", "variants"], 3), (M, "counts.variants 3"), False),
    ("checksum-file-elsewhere", _set(["checksums", "games", "file"], "../../elsewhere.parquet"),
     (M, "checksums.games.file", "games.parquet"), False),
    ("tables-elsewhere", _set(["tables", "games"], "/elsewhere/games.parquet"), (M, "tables"), False),
    ("version-number", _set(["glowsim_version"], 5), (M, "glowsim_version"), False),
]
