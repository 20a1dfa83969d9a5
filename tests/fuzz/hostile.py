"""More malformed inputs: game records (`analyze --record`), position files (`analyze
--position`), the GLOWSIM_* settings, `bench --report` folders and output paths.

Each case is (id, files, argv, names) as in tests/fuzz/cases.py: the files to write in a fresh
folder (text or bytes; a value None makes a folder), the command line (``{d}`` is that folder)
and the words its one-line error must contain.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "scenarios" / "positions" / "example.yaml"
REROLL = ROOT / "scenarios" / "positions" / "reroll.yaml"


def a_record() -> dict:
    """The JSON form of a real 3-player game's record (reference engine)."""
    from glowsim.content import load_game
    from glowsim.engine import play_game
    out = play_game(load_game(), n_players=3, side="province", bots=["greedy"] * 3, root_seed=5,
                    game_index=0)
    return json.loads(out.record.to_json())


def _with(d: dict, path: tuple, value) -> dict:
    d = copy.deepcopy(d)
    x = d
    for k in path[:-1]:
        x = x[k]
    x[path[-1]] = value
    return d


def record_cases() -> list:
    rec = a_record()
    setup = rec["setup"]
    bad = {
        "deep-json": ("[" * 100_000 + "]" * 100_000, ("r.json", "nested")),
        "not-json": ("{", ("r.json", "not JSON")),
        "not-utf8": (b"\xff\xfe\x00", ("r.json",)),
        "a-list": ([rec], ("r.json", "JSON object")),
        "null": (None, ("r.json", "JSON object")),
        "dice-number": (_with(rec, ("dice",), 5), ("r.json", "dice")),
        "dice-letters": (_with(rec, ("dice",), "01x9"), ("r.json", "dice")),
        "dice-list-of-7": (_with(rec, ("dice",), [7, 1]), ("r.json", "dice")),
        "draft-number": (_with(rec, ("setup", "draft"), 1), ("r.json", "setup.draft")),
        "draft-word": (_with(rec, ("setup", "draft"), "abc"), ("r.json", "setup.draft")),
        "draft-seat-9": (_with(rec, ("setup", "draft"), [9]), ("r.json", "draft")),
        "draft-twice": (_with(rec, ("setup", "draft"), [0, 0]), ("r.json", "setup.draft")),
        "seed-list": (_with(rec, ("seed",), [1, 2]), ("r.json", "seed")),
        "seed-negative": (_with(rec, ("seed", "root"), -1), ("r.json", "seed.root")),
        "seed-text": (_with(rec, ("seed", "game_index"), "0"), ("r.json", "seed.game_index")),
        "side-list": (_with(rec, ("side",), ["province"]), ("r.json", "side")),
        "side-moon": (_with(rec, ("side",), "moon"), ("r.json", "side")),
        "same-adventurer": (_with(rec, ("adventurers",), [rec["adventurers"][0]] * 3),
                            ("r.json", "adventurers", "two seats")),
        "adventurer-number": (_with(rec, ("adventurers", 1), 7), ("r.json", "adventurers.1")),
        "unknown-adventurer": (_with(rec, ("adventurers", 1), "nobody"), ("r.json", "nobody")),
        "players-bool": (_with(rec, ("n_players",), True), ("r.json", "n_players")),
        "players-9": (_with(rec, ("n_players",), 9), ("r.json", "n_players")),
        "players-not-adventurers": (_with(rec, ("n_players",), 2), ("r.json", "n_players")),
        "version-true": (_with(rec, ("version",), True), ("r.json", "version")),
        "version-2": (_with(rec, ("version",), 2), ("r.json", "version")),
        "unknown-field": (dict(rec, weather="rain"), ("r.json", "weather")),
        "setup-unknown-field": (_with(rec, ("setup", "position"), {}), ("r.json", "setup.position")),
        "setup-number": (_with(rec, ("setup",), 3), ("r.json", "setup")),
        "setup-lacks-pile": (_with(rec, ("setup",), {k: v for k, v in setup.items()
                                                      if k != "draw_pile"}), ("r.json", "draw_pile")),
        "first-player-5": (_with(rec, ("setup", "first_player"), 5), ("r.json", "first_player")),
        "pile-unknown-card": (_with(rec, ("setup", "draw_pile", 0), "Z99"), ("r.json", "Z99")),
        "pile-number": (_with(rec, ("setup", "draw_pile", 0), 5), ("r.json", "setup.draw_pile.0")),
        "decisions-word": (_with(rec, ("decisions",), "all"), ("r.json", "decisions")),
        "decisions-ragged": (_with(rec, ("decisions",), rec["decisions"][:-3]), ("r.json", "decisions")),
        "decisions-huge-int": (_with(rec, ("decisions", 2), 10 ** 30), ("r.json", "decisions")),
        "decisions-illegal": (_with(rec, ("decisions",), [99] * 80), ("r.json", "do not replay")),
        "final-list": (_with(rec, ("final",), [1]), ("r.json", "final")),
        "solo-flag": (_with(rec, ("solo",), True), ("r.json", "solo")),
        "solo-flag-text": (_with(rec, ("solo",), "yes"), ("r.json", "solo")),
        "other-content": (_with(rec, ("content_hash",), "0" * 16), ("r.json", "other content")),
        "seed-of-5000-digits": (json.dumps(rec).replace('"seed": {', '"x": 1' + "0" * 5000 + ', "seed": {'),
                                ("r.json", "not a game record", "digits")),
        "dice-of-5-million": (_with(rec, ("dice",), "0" * 5_000_000), ("r.json", "dice", "at most")),
        "decisions-of-millions": (_with(rec, ("decisions",), [0] * 3_000_000), ("r.json", "decisions")),
        "first-player-text": (_with(rec, ("setup", "first_player"), "0"), ("r.json", "setup.first_player")),
        "pile-twice": (_with(rec, ("setup", "draw_pile", 1), setup["draw_pile"][0]), ("r.json", "draw_pile")),
        "empty-text": ("", ("r.json", "not JSON")),
        "decision-float": (_with(rec, ("decisions", 0), 1.5), ("r.json", "decisions")),
        "decision-bool": (_with(rec, ("decisions", 0), True), ("r.json", "decisions")),
        "decision-text": (_with(rec, ("decisions", 0), "1"), ("r.json", "decisions")),
        "decisions-null": (_with(rec, ("decisions",), None), ("r.json", "decisions")),
        "adventurers-empty": (_with(rec, ("adventurers",), []), ("r.json", "adventurers")),
        "adventurers-five": (_with(rec, ("adventurers",), rec["adventurers"] + ["a", "b"]), ("r.json", "adventurers")),
        "hash-number": (_with(rec, ("content_hash",), 5), ("r.json", "content_hash")),
        "first-player-bool": (_with(rec, ("setup", "first_player"), True), ("r.json", "setup.first_player")),
        "pile-short": (_with(rec, ("setup", "draw_pile"), setup["draw_pile"][:3]), ("r.json", "draw_pile")),
        "seed-huge": (_with(rec, ("seed", "root"), 2 ** 70), ("r.json", "seed.root")),
        "seed-float": (_with(rec, ("seed", "root"), 1.5), ("r.json", "seed.root")),
        "players-float": (_with(rec, ("n_players",), 3.0), ("r.json", "n_players")),
        "solo-null": (_with(rec, ("solo",), None), ("r.json", "solo")),
        "setup-null": (_with(rec, ("setup",), None), ("r.json", "setup")),
        "bom": ("\ufeff" + json.dumps(rec), ("r.json", "not JSON")),
        "nan-seed": (json.dumps(rec).replace('"root": 5', '"root": NaN'), ("r.json", "seed.root")),
    }
    out = []
    for cid, (data, names) in bad.items():
        text = data if isinstance(data, (str, bytes)) else json.dumps(data)
        out.append((f"record-{cid}", {"r.json": text},
                    ["analyze", "--record", "{d}/r.json", "--at", "5", "--rollouts", "2", "--quiet"],
                    names))
    out.append(("record-at-beyond", {"r.json": json.dumps(rec)},
                ["analyze", "--record", "{d}/r.json", "--at", "100000", "--quiet"], ("r.json", "100000")))
    out.append(("record-big-file", {"r.json": " " * (17 * 2**20)},
                ["analyze", "--record", "{d}/r.json", "--at", "1"], ("r.json", "MiB")))
    out.append(("record-folder", {"r.json": None},
                ["analyze", "--record", "{d}/r.json", "--at", "1"], ("r.json",)))
    return out


def records_parquet_cases() -> list:
    """Run records files (``.records.parquet``) whose columns are not a run's."""
    import io

    import pyarrow as pa
    import pyarrow.parquet as pq
    rec = json.dumps(a_record())

    def parquet(table) -> bytes:
        buf = io.BytesIO()
        pq.write_table(table, buf)
        return buf.getvalue()
    files = {
        "game-index-text": (pa.table({"variant": ["a"], "game_index": ["0"], "record": [rec]}),
                            ("c.records.parquet", "game_index")),
        "record-number": (pa.table({"variant": ["a"], "game_index": [0], "record": [5]}),
                          ("c.records.parquet", "record")),
        "no-record-column": (pa.table({"variant": ["a"], "game_index": [0]}),
                             ("c.records.parquet", "not a records file")),
        "record-junk": (pa.table({"variant": ["a"], "game_index": [0], "record": ["{junk"]}),
                        ("c.records.parquet", "game 0", "not JSON")),
        "record-null": (pa.table({"variant": ["a"], "game_index": [0],
                                  "record": pa.array([None], pa.string())}),
                        ("c.records.parquet", "game 0")),
    }
    out = [(f"records-{cid}", {"c.records.parquet": parquet(t)},
            ["analyze", "--record", "{d}/c.records.parquet", "--game", "0", "--at", "3"], names)
           for cid, (t, names) in files.items()]
    out.append(("records-not-parquet", {"c.records.parquet": b"PAR1" + b"\0" * 40},
                ["analyze", "--record", "{d}/c.records.parquet", "--game", "0", "--at", "3"],
                ("c.records.parquet", "not a records file")))
    return out


JUNK = {"null": None, "list": [], "map": {}, "word": "x", "neg": -1, "huge": 10 ** 12,
        "bool": True, "float": 2.5, "nested": [["A01"]]}


def position_cases() -> list:
    """Every top-level field and one player's fields of the example given junk of each shape,
    and some values of the right shape that the game cannot have."""
    base = yaml.safe_load(EXAMPLE.read_text())
    out = []

    def add(cid, data, names):
        text = data if isinstance(data, str) else yaml.safe_dump(data, sort_keys=False)
        out.append((f"position-{cid}", {"p.yaml": text},
                    ["analyze", "--position", "{d}/p.yaml", "--rollouts", "2", "--quiet"],
                    ("p.yaml",) + tuple(names)))
    for field in ("side", "round", "first_player", "to_move", "decision", "players", "track",
                  "cemetery"):
        for j, v in JUNK.items():
            if (field, j) in (("cemetery", "null"), ("cemetery", "list")):
                continue   # an empty cemetery: a problem of the cards dealt, found below
            add(f"{field}-{j}", _with(base, (field,), v), (field,))
    for field in ("adventurer", "score", "companions", "spells", "small_dice", "sketal_dice",
                  "company", "lapped"):
        for j in ("word", "neg", "bool", "nested"):
            if (field, j) in (("spells", "neg"), ("lapped", "bool")):   # valid values
                continue
            add(f"player-{field}-{j}", _with(base, ("players", 2, field), JUNK[j]),
                ("players.2",))
    add("unknown-field", dict(base, weather="rain"), ("weather",))
    add("many-unknown-fields", {**base, **{f"k{i}": 1 for i in range(5000)}}, ("k0", "more problem"))
    add("not-a-mapping", "- a\n- b\n", ("mapping",))
    add("not-yaml", "players: [\n", ())
    add("empty", "", ("mapping",))
    add("deep", "a: " + "[" * 3000 + "]" * 3000 + "\n", ("nested",))
    add("two-places", _with(base, ("cemetery",), base["cemetery"] + ["A07"]), ("cemetery.5", "A07"))
    add("round-9", _with(base, ("round",), 9), ("round", "1..8"))
    add("to-move-3-of-2", _with(_with(base, ("players",), base["players"][:2]), ("to_move",), 3),
        ("to_move",))
    add("spell-s9", _with(base, ("players", 2, "spells"), ["S9"]), ("players.2.spells.0", "S9"))
    add("boats-on-province", _with(base, ("players", 0, "boats"), [0, 0, 0, 0]), ("players.0.boats",))
    add("company-off-board", _with(base, ("players", 0, "company"), 500), ("players.0.company",))
    reroll = yaml.safe_load(REROLL.read_text())
    add("rolled-symbol", _with(reroll, ("players", 1, "rolled", 2), "burst"), ("players.1.rolled.2",))
    add("lumipili-left", _with(reroll, ("players", 2, "lumipili_left"), 5), ("players.2.lumipili_left",))
    out.append(("position-missing-file", {}, ["analyze", "--position", "{d}/none.yaml"],
                ("none.yaml",)))
    return out


# ---- the GLOWSIM_* settings: (variable, value), checked before any command works ----

SETTINGS = [("GLOWSIM_DUCKDB_MEMORY", v) for v in ("0GB", "1B", "63MB", "lots", "12", "2000TB", "-1GB",
                                                  "\u0661GB", "nanGB", "1e3MB")] + \
    [("GLOWSIM_DUCKDB_THREADS", v) for v in ("\u0662", "1_0")] + \
    [("GLOWSIM_DUCKDB_THREADS", v) for v in ("0", "abc", "1000", "2.5")] + \
    [("GLOWSIM_OFFER_GAMES", v) for v in ("0", "10000000", "1e6")] + \
    [("GLOWSIM_OFFER_THREADS", v) for v in ("-1", "65", "many")] + \
    [("GLOWSIM_PART_GAMES", v) for v in ("0", "100000001", "x")]


# ---- bench --report folders: each refused before any game is played or file written ----

def bench_cases() -> list:
    def manifest(m):
        return {"run/manifest.json": json.dumps(m)}
    cases = {
        "manifest-list": (manifest([]), ("manifest.json", "JSON object")),
        "manifest-games-text": (manifest({"status": "complete", "counts": {"games": "abc"}}),
                                ("manifest.json", "counts.games")),
        "manifest-counts-list": (manifest({"status": "complete", "counts": [1]}),
                                 ("manifest.json", "counts")),
        "manifest-games-zero": (manifest({"status": "complete", "counts": {"games": 0}}),
                                ("manifest.json", "counts.games")),
        "manifest-not-json": ({"run/manifest.json": "{"}, ("manifest.json",)),
        "manifest-deep": ({"run/manifest.json": "[" * 100_000 + "]" * 100_000}, ("manifest.json",)),
        "other-files": ({"run/notes.txt": "my notes"}, ("run", "neither empty nor a run folder")),
        "other-scenario": (manifest({"status": "running", "scenario": {"source": "/elsewhere/s.yaml"}}),
                           ("run", "another scenario")),
        "a-file": ({"run": "x"}, ("run", "is a file")),
    }
    return [(f"bench-{cid}", files, ["bench", "--report", "{d}/run", "--games", "10"], names)
            for cid, (files, names) in cases.items()]


# ---- output paths and options checked before the work ----

def path_cases() -> list:
    pos = ["analyze", "--position", str(EXAMPLE), "--rollouts", "2", "--quiet"]
    return [
        ("path-figure-under-file", {"f": "x"}, pos + ["--figure", "{d}/f/a.png"], ("{d}/f", "is a file")),
        ("path-figure-unwritable", {}, pos + ["--figure", "/proc/a.png"], ("--figure", "/proc/a.png")),
        ("path-figure-no-folder", {}, pos + ["--figure", "{d}/no/a.png"], ("--figure", "does not exist")),
        ("path-figure-not-png", {}, pos + ["--figure", "{d}/a.pdf"], ("--figure", ".png")),
        ("path-play-record-under-file", {"f": "x"}, ["play", "--record", "{d}/f/g.json"],
         ("--record", "is a file")),
        ("path-verify-save-under-file", {"f": "x"}, ["verify", "--games", "1", "--save", "{d}/f/x.json"],
         ("--save", "is a file")),
        ("path-scheduler", {"s.yaml": "engine: reference\ngames: 2\n"},
         ["run", "{d}/s.yaml", "--backend", "dask", "--scheduler", "not-an-address"], ("--scheduler",)),
        ("run-games-arabic-digits", {"s.yaml": "engine: reference\ngames: 2\n"},
         ["run", "{d}/s.yaml", "--games", "\u0663"], ("--games", "whole number")),
        ("run-workers-underscore", {"s.yaml": "engine: reference\ngames: 2\n"},
         ["run", "{d}/s.yaml", "--workers", "1_0"], ("--workers", "whole number")),
        ("analyze-rollouts-arabic-digits", {}, pos[:4] + ["\u0662"], ("--rollouts", "whole number")),
        ("scenario-name-a-path", {"s.yaml": "engine: reference\ngames: 2\nname: ../../elsewhere\n"},
         ["run", "{d}/s.yaml"], ("s.yaml", "line 3", "name", "runs/<name>")),
        ("scenario-name-absolute", {"s.yaml": "engine: reference\ngames: 2\nname: /tmp/x\n"},
         ["run", "{d}/s.yaml"], ("s.yaml", "name")),
        ("scenario-content-file-a-folder", {"s.yaml": "engine: reference\ngames: 2\ncontent_files: [sub]\n",
                                            "sub": None}, ["run", "{d}/s.yaml"], ("s.yaml", "content_files.0", "folder")),
        ("scenario-content-file-a-device", {"s.yaml": "engine: reference\ngames: 2\ncontent_files: [/dev/zero]\n"},
         ["run", "{d}/s.yaml"], ("s.yaml", "content_files.0", "not a regular file")),
        ("scenario-remove-twice", {"s.yaml": "engine: reference\ngames: 2\nremove: [A01, A01]\n"},
         ["run", "{d}/s.yaml"], ("s.yaml", "remove.1", "A01")),
        ("scenario-more-seats-than-players", {"s.yaml": "engine: reference\ngames: 2\nplayers: 2\nseats: [{}, {}, {}]\n"},
         ["run", "{d}/s.yaml"], ("s.yaml", "seats")),
        ("scenario-bot-vector-short", {"s.yaml": "games: 2\nseat: {bot: {vector: [1, 2]}}\n"},
         ["run", "{d}/s.yaml"], ("s.yaml", "seat.bot.vector")),
        ("scenario-sample-nan", {"s.yaml": "games: 2\ncounterfactual: {decisions: recruit, sample: .nan}\n"},
         ["run", "{d}/s.yaml"], ("s.yaml", "counterfactual.sample")),
        ("scenario-grid-of-a-million", {"s.yaml": "games: 2\nsweep: [" + ", ".join(
            f"{{field: content.companions.A1{i}.bursts, range: {{from: 0, to: 99}}}}" for i in range(3)) + "]\n"},
         ["run", "{d}/s.yaml"], ("s.yaml", "at most 10000")),
        ("scenario-tom-not-solo", {"s.yaml": "games: 2\nplayers: 3\ntom: {colors: [red, blue]}\n"},
         ["run", "{d}/s.yaml"], ("s.yaml", "tom")),
        ("path-scheduler-port", {"s.yaml": "engine: reference\ngames: 2\n"},
         ["run", "{d}/s.yaml", "--backend", "dask", "--scheduler", "tcp://host:99999"], ("--scheduler",)),
    ]
