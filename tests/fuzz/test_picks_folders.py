"""Tampered `picks` tables of a run that forks recruit picks: `glowsim verify` reports each
(exit status 1, the file named), forged rows with checksums made to match included (the
forks played again disagree with them)."""
import hashlib
import json
import shutil

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest

from glowsim.cli.main import main

from .test_bad_inputs import refuse

FORKS = """engine: fast
players: 2
side: archipelago
seat: {bot: greedy}
games: 12
chunk_games: 6
seed: 3
counterfactual: {decisions: recruit, sample: 0.5}
"""

CHUNK = "chunks/000-base"
M = "manifest.json"


def _manifest(d, fn):
    p = d / M
    p.write_text(json.dumps(fn(json.loads(p.read_text()))))


def _index(d, fn, k=0):
    p = d / CHUNK / f"c{k:06d}.index.json"
    p.write_text(json.dumps(fn(json.loads(p.read_text()))))


def _sums(path) -> dict:
    data = path.read_bytes()
    return {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def _forge(d):
    """Every picks row's win share changed, in the chunks and the final table, with the chunk
    indexes' and the manifest's sizes and sha256 written to match: only the forks played
    again can tell."""
    def edit(path):
        t = pq.read_table(path)
        i = t.schema.get_field_index("win_share")
        t = t.set_column(i, "win_share", pc.subtract(pa.scalar(1.0), t.column(i)))
        pq.write_table(t, path)
    for k in (0, 1):
        edit(d / CHUNK / f"c{k:06d}.picks.parquet")
        _index(d, lambda i, k=k: {**i, "files": {**i["files"], "picks": {
            **i["files"]["picks"], **_sums(d / CHUNK / f"c{k:06d}.picks.parquet")}}}, k)
    edit(d / "picks.parquet")
    _manifest(d, lambda m: {**m, "checksums": {**m["checksums"], "picks": {
        **m["checksums"]["picks"], **_sums(d / "picks.parquet")}}})


TAMPERS = [
    ("picks-chunk-swapped", lambda d: shutil.copy(d / CHUNK / "c000001.picks.parquet",
                                                  d / CHUNK / "c000000.picks.parquet"),
     ("c000000.picks.parquet", "checksum mismatch")),
    ("picks-chunk-deleted", lambda d: (d / CHUNK / "c000000.picks.parquet").unlink(),
     ("c000000.picks.parquet", "missing chunk file")),
    ("picks-chunk-junk", lambda d: (d / CHUNK / "c000001.picks.parquet").write_bytes(b"PAR1junk"),
     ("c000001.picks.parquet",)),
    ("picks-table-deleted", lambda d: (d / "picks.parquet").unlink(),
     ("picks.parquet", "missing final table")),
    ("picks-table-replaced", lambda d: shutil.copy(d / "players.parquet", d / "picks.parquet"),
     ("picks.parquet", "checksum mismatch")),
    ("checksums-lack-picks", lambda d: _manifest(d, lambda m: {**m, "checksums": {
        k: v for k, v in m["checksums"].items() if k != "picks"}}), (M, "checksums lacks the picks table")),
    ("counts-picks-rows", lambda d: _manifest(d, lambda m: {**m, "counts": {**m["counts"], "picks_rows": 1}}),
     ("picks.parquet", "row count mismatch")),
    ("index-lacks-picks", lambda d: _index(d, lambda i: {**i, "files": {
        k: v for k, v in i["files"].items() if k != "picks"}}), ("c000000.index.json", "no picks file")),
    ("forged-win-shares", _forge, ("picks.parquet", "differ from the game's forks played again")),
]


@pytest.fixture(scope="module")
def forked_run(tmp_path_factory):
    d = tmp_path_factory.mktemp("forks")
    (d / "s.yaml").write_text(FORKS)
    assert main(["run", str(d / "s.yaml"), "--out", str(d / "run"), "--quiet", "--workers", "1"]) == 0
    assert main(["verify", str(d / "run"), "--games", "1"]) == 0
    return d / "run"


@pytest.mark.parametrize("case", TAMPERS, ids=[c[0] for c in TAMPERS])
def test_a_tampered_picks_table_is_reported(case, forked_run, tmp_path, capsys):
    cid, tamper, names = case
    capsys.readouterr()
    run = tmp_path / "run"
    shutil.copytree(forked_run, run)
    tamper(run)
    # forged rows are found by playing one game's forks again
    rc, text = refuse(["verify", str(run), "--games", "1"], capsys, names)
    assert rc == 1
