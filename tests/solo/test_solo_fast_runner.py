"""Solo runs (R9) on the fast engine: the same scenario and seed on the fast path and on the
reference engine give the same games, players and recruits tables (greedy and random are the
reference bots compiled); `glowsim verify RUN_DIR` passes on a fast solo run and replays its
recorded games through the reference engine."""
from pathlib import Path

import pandas as pd
import pytest

from glowsim.cli.main import main
from glowsim.runner import RunOptions, run_scenario
from glowsim.runner.store import COLUMNS, TABLE_NAMES
from glowsim.runner.verify_run import verify_run
from glowsim.scenarios import expand, parse_scenario

SOLO = """players: 1
side: province
games: 10
chunk_games: 5
seed: 5
seat: {bot: greedy}
variants:
  - name: province
  - name: archipelago
    side: archipelago
  - name: pocana-green-yellow
    side: archipelago
    seat: {adventurer: pocana, bot: random}
    tom: {colors: [green, yellow]}
"""


def run(out: Path, engine: str) -> Path:
    text = f"engine: {engine}\n" + SOLO
    run_scenario(parse_scenario(text, str(out / f"{engine}.yaml"), base_dir=out),
                 RunOptions(out=out / engine, workers=1, progress=False, record_every=3))
    return out / engine


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    out = tmp_path_factory.mktemp("solo-engines")
    return run(out, "fast"), run(out, "reference")


def tables(folder: Path) -> dict:
    out = {}
    for t in TABLE_NAMES:
        df = pd.read_parquet(folder / f"{t}.parquet")
        if t == "recruits":   # a set of companion ids; the engines list them in different orders
            df["offered"] = df["offered"].map(lambda x: sorted(x))
        out[t] = df
    return out


def test_R9_scenario_solo_accepted_by_the_fast_engine():
    runs = expand(parse_scenario("engine: fast\n" + SOLO, "s.yaml"))
    assert [(r.engine, r.players, r.seats[0].bot) for r in runs] == [("fast", 1, "greedy")] * 2 + [("fast", 1, "random")]


def test_R9_fast_and_reference_solo_tables_are_identical(runs):
    fast, ref = (tables(f) for f in runs)
    for t in TABLE_NAMES:
        assert list(fast[t].columns) == COLUMNS[t]
        pd.testing.assert_frame_equal(fast[t], ref[t], check_exact=True)
    g = fast["games"]
    assert g["tom_score"].notna().all() and (g["n_players"] == 1).all() and len(g) == 30
    assert set(g[g.variant == "pocana-green-yellow"].tom_colors) == {"green,yellow"}
    rc = fast["recruits"]
    assert rc[rc["pick"] >= 0]["tile"].notna().all()


def test_R9_glowsim_verify_passes_on_a_fast_solo_run(runs, capsys):
    fast, _ = runs
    res = verify_run(fast)
    assert res.ok, res.report()
    assert res.replayed == 12     # games 0, 3, 6, 9 of each of the 3 variants
    assert main(["verify", str(fast)]) == 0
    assert "problem" not in capsys.readouterr().out
