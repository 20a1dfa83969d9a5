"""The same run folder gives the same report, byte for byte, for any number of threads.

DuckDB adds a query's rows in whatever order its threads reach them, and a sum of floats
depends on the order; the analysis sums whole numbers instead (win shares times
SHARE_SCALE, glowsim/analysis/db.py).  A run of many small chunks (one Parquet row group
each, so DuckDB's threads share every scan) is reported with one DuckDB thread and one
card-pass thread, then with four and two: every table must be the same bytes.  The same
for `glowsim balance` resumed on its plays (its balance.csv).
"""
import filecmp

import pytest

from glowsim.cli.main import main

SCENARIO = """engine: fast
players: 4
seat: {adventurer: random, bot: heuristic}
games: 240
chunk_games: 12
seed: 11
counterfactual: {decisions: recruit, sample: 0.5}
variants:
  - {name: province, side: province}
  - {name: archipelago, side: archipelago}
  - {name: tokens+2, side: province, seats: [{start_rerolls: 2}, {}, {}, {}]}
  - {name: three, players: 3, side: province, seat: {adventurer: draft, bot: heuristic}}
"""

THREADS = [("1", "1"), ("4", "2")]     # (GLOWSIM_DUCKDB_THREADS, GLOWSIM_OFFER_THREADS)


def _with_threads(monkeypatch, duckdb: str, offers: str) -> None:
    monkeypatch.setenv("GLOWSIM_DUCKDB_THREADS", duckdb)
    monkeypatch.setenv("GLOWSIM_OFFER_THREADS", offers)


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("deterministic")
    (d / "s.yaml").write_text(SCENARIO)
    assert main(["run", str(d / "s.yaml"), "--out", str(d / "run"), "--quiet"]) == 0
    return d


def test_the_report_is_the_same_bytes_for_any_thread_count(run_dir, monkeypatch, capsys):
    outs = []
    for k, (duckdb, offers) in enumerate(THREADS):
        _with_threads(monkeypatch, duckdb, offers)
        out = run_dir / f"report-{k}"
        assert main(["report", str(run_dir / "run"), "--out", str(out)]) == 0
        outs.append(out / "tables")
    capsys.readouterr()
    names = sorted(p.name for p in outs[0].glob("*.csv"))
    # the tables this run must give: every one of them compared
    for want in ("adventurers.csv", "sides.csv", "balance.csv", "seats.csv", "cards.csv",
                 "pick_values.csv", "pick_values_by_stage.csv", "pick_regret.csv",
                 "reroll_usage.csv", "side_differences.csv"):
        assert want in names, names
    assert names == sorted(p.name for p in outs[1].glob("*.csv"))
    match, mismatch, errors = filecmp.cmpfiles(outs[0], outs[1], names, shallow=False)
    assert not mismatch and not errors, f"tables that differ with the thread count: {mismatch}"
    assert len(match) == len(names)


def test_balance_resumed_with_other_threads_writes_the_same_table(run_dir, monkeypatch, capsys):
    argv = ["balance", str(run_dir / "s.yaml"), "--card", "A11", "--variant", "province",
            "--games", "100", "--budget", "2", "--quiet", "--out", str(run_dir / "balance")]
    tables = []
    for duckdb, offers in THREADS:   # the second resumes the plays of the first: no game played
        _with_threads(monkeypatch, duckdb, offers)
        assert main(argv) == 0
        tables.append((run_dir / "balance" / "balance.csv").read_bytes())
    capsys.readouterr()
    assert tables[0] == tables[1]
