"""Helpers of the reliability tests: a small reference-engine run and ways to damage it."""
import json
from pathlib import Path

from glowsim.runner import RunOptions, run_scenario
from glowsim.runner.store import TABLE_NAMES, RunStore, file_digest
from glowsim.scenarios import parse_scenario

# 2-player archipelago with random bots: the reference engine's quickest match
QUICK = """engine: reference
players: 2
side: archipelago
seat: {bot: random}
games: 20
chunk_games: 5
seed: 11
variants:
  - name: printed
  - name: cheap-briki
    content: {companions: {A11: {bursts: 4}}}
"""


def run(out, text=QUICK, **kw):
    kw.setdefault("progress", False)
    kw.setdefault("workers", 1)
    return run_scenario(parse_scenario(text, "quick.yaml"), RunOptions(out=Path(out), **kw))


def table_bytes(folder) -> dict:
    return {t: (Path(folder) / f"{t}.parquet").read_bytes() for t in TABLE_NAMES}


def folder_files(folder) -> dict:
    """{relative path: bytes} of every file a run wrote (the lock file aside)."""
    folder = Path(folder)
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != ".lock"}


def resign(folder, vindex: int, vname: str, k: int, table: str) -> None:
    """Make a chunk's index agree with its (changed) file, as a buggy runner would have written it."""
    import pyarrow.parquet as pq
    store = RunStore(folder)
    ip = store.index_path(vindex, vname, k)
    index = json.loads(ip.read_text())
    p = store.chunk_path(vindex, vname, k, table)
    index["files"][table].update(rows=pq.read_metadata(p).num_rows, bytes=p.stat().st_size,
                                 sha256=file_digest(p))
    ip.write_text(json.dumps(index))


def rewrite_final(folder) -> None:
    """Write the final tables again from the chunks and make the manifest's counts and checksums
    agree (a run whose files are consistent with each other, whatever the chunks hold)."""
    store = RunStore(folder)
    m = json.loads(store.manifest_path.read_text())
    K = -(-m["counts"]["games_per_variant"] // m["chunk_games"])
    parts = [(v["index"], v["name"], k) for v in m["variants"] for k in range(K)]
    rows = store.write_final(parts)
    for t in TABLE_NAMES:
        p = store.table_path(t)
        m["checksums"][t].update(rows=rows[t], bytes=p.stat().st_size, sha256=file_digest(p))
        m["counts"][f"{t}_rows"] = rows[t]
    store.manifest_path.write_text(json.dumps(m))
