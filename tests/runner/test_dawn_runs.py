"""Runs of Dawn scenarios (docs/rules.md D1-D18) in the runner, on the fast engine by default
and on the reference engine: 5 and 6 players, tables with Dawn's columns, the same tables from
both engines and for any number of workers, verify, the report; base-game runs keep their
tables and keys."""
import json
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest

from glowsim.cli.main import main
from glowsim.report import write_report
from glowsim.runner.store import DAWN_FIELDS, SCHEMAS, TABLE_NAMES, schema_of
from glowsim.runner.verify_run import verify_run

from tests.runner.scenario_runs import run_text

DAWN = """players: 5
seat: {bot: random}
games: 12
chunk_games: 4
seed: 9
dawn: {sets: []}
variants:
  - name: five
  - name: six
    players: 6
    dawn: {sets: [elemental, anibloom, draconic]}
  - name: base
    players: 4
    dawn: null
  - name: dawn4
    players: 4
  - name: draconic4
    players: 4
    dawn: {sets: [draconic]}
"""


def tables(out) -> dict:
    return {t: pd.read_parquet(Path(out) / f"{t}.parquet") for t in TABLE_NAMES}


def table_bytes(out) -> dict:
    return {t: (Path(out) / f"{t}.parquet").read_bytes() for t in TABLE_NAMES}


@pytest.fixture(scope="module")
def dawn_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("dawn1")
    return out, run_text(DAWN, "dawn.yaml", out, workers=1, record_every=3)


def test_the_run_plays_dawn_on_the_fast_engine(dawn_run):
    out, res = dawn_run
    m = json.loads((out / "manifest.json").read_text())
    assert m["engine"] == "fast" and m["status"] == "complete"
    by_name = {v["name"]: v for v in m["identity"]["variants"]}
    assert by_name["five"]["dawn"] == {"sets": []} and by_name["five"]["players"] == 5
    assert by_name["six"]["dawn"] == {"sets": ["elemental", "anibloom", "draconic"]}
    assert "dawn" not in by_name["base"]          # `dawn: null` in a variant: the base game
    assert by_name["dawn4"]["dawn"] == {"sets": []} and by_name["dawn4"]["players"] == 4
    assert res.games_per_variant == 12 and res.variants == 5


def test_tables_hold_five_and_six_player_dawn_games(dawn_run):
    out, _ = dawn_run
    t = tables(out)
    g, p = t["games"], t["players"]
    for name, n in (("five", 5), ("six", 6), ("base", 4), ("dawn4", 4)):
        assert (g[g.variant == name].n_players == n).all()
        assert (p[p.variant == name].groupby("game_index").seat.count() == n).all()
    # D1: at 5 players two sets at least (drawn when fewer are chosen), at 6 all three
    five = g[g.variant == "five"].dawn_sets.str.split("+")
    assert five.map(len).ge(2).all()
    assert (g[g.variant == "six"].dawn_sets == "elemental+anibloom+draconic").all()
    assert g[g.variant == "base"].dawn_sets.isna().all()
    dawn = p[p.variant != "base"]
    # D4: the players beyond the fourth play on the little board
    on_little = dawn.groupby(["variant", "game_index"]).little_board.sum()
    n = g.set_index(["variant", "game_index"]).n_players
    assert (on_little == (n.loc[on_little.index] - 4)).all()
    # D15: butterfly bursts are a part of the final score, with the base game's parts
    parts = (dawn.track + dawn.cards_bursts + dawn.journey_bursts + dawn.firefly_bonus
             + dawn.footprint_bursts + dawn.butterfly_bursts)
    assert (parts == dawn.score).all()
    assert p[p.variant == "base"][[c for c, _ in DAWN_FIELDS["players"]]].isna().all().all()
    for name in TABLE_NAMES:
        assert pq.read_schema(out / f"{name}.parquet") == schema_of(name, dawn=True)


def test_any_worker_count_gives_the_same_tables(dawn_run, tmp_path):
    out, _ = dawn_run
    run_text(DAWN, "dawn.yaml", tmp_path / "w2", workers=2, record_every=3)
    assert table_bytes(tmp_path / "w2") == table_bytes(out)


def test_the_reference_engine_plays_the_same_dawn_run(dawn_run, tmp_path, capsys):
    """engine: reference plays the same games (the fast path is the reference engine's Dawn,
    decision for decision): the same tables, row for row."""
    out, _ = dawn_run
    run_text("engine: reference\n" + DAWN, "dawn.yaml", tmp_path / "ref", workers=1, record_every=3)
    assert json.loads((tmp_path / "ref" / "manifest.json").read_text())["engine"] == "reference"
    fast, ref = tables(out), tables(tmp_path / "ref")
    for t in (fast, ref):   # the companions on the track, as sets (the engines list them apart)
        t["recruits"]["offered"] = t["recruits"]["offered"].map(lambda o: sorted(o))
    for name in TABLE_NAMES:
        pd.testing.assert_frame_equal(fast[name], ref[name], check_like=False)


def test_verify_replays_the_dawn_records(dawn_run):
    out, _ = dawn_run
    res = verify_run(out)
    assert res.problems == []
    assert res.replayed == 5 * 4        # games 0, 3, 6, 9 of each variant


def test_verify_finds_a_games_row_that_disagrees_with_its_record(dawn_run, tmp_path):
    import shutil
    out, _ = dawn_run
    copy = tmp_path / "copy"
    shutil.copytree(out, copy)
    chunk = next((copy / "chunks").glob("001-six/c000000.games.parquet"))
    tab = pq.read_table(chunk).to_pandas()
    tab.loc[tab.game_index == 0, "dawn_sets"] = "elemental"
    import pyarrow as pa
    pq.write_table(pa.Table.from_pandas(tab, schema=schema_of("games", dawn=True),
                                        preserve_index=False), chunk)
    index = copy / "chunks" / "001-six" / "c000000.index.json"
    from glowsim.runner.store import file_digest
    ix = json.loads(index.read_text())
    ix["files"]["games"].update(bytes=chunk.stat().st_size, sha256=file_digest(chunk))
    index.write_text(json.dumps(ix))
    res = verify_run(copy)
    assert any("games.dawn_sets 'elemental', record 'elemental+anibloom+draconic'" in p
               for p in res.problems), res.problems


def test_the_report_reads_five_and_six_players_and_names_the_sets(dawn_run, tmp_path):
    out, _ = dawn_run
    write_report(out, tmp_path / "rep")
    t = tmp_path / "rep" / "tables"
    variants = pd.read_csv(t / "variants.csv")
    assert dict(zip(variants.variant, variants.game)) == {
        "five": "Dawn, no set chosen", "six": "Dawn, elemental+anibloom+draconic",
        "base": "base game", "dawn4": "Dawn, no set chosen", "draconic4": "Dawn, draconic"}
    # four games are played: each is its own block of the card, side and balance sections
    balance = {p.name: pd.read_csv(p) for p in t.glob("balance*.csv")}
    players = sorted(int(n) for b in balance.values() for n in b.n_players)
    assert players == [4, 4, 4, 5, 6]     # base game, Dawn and Dawn draconic at 4; 5; 6
    seats = pd.concat(pd.read_csv(p) for p in t.glob("seats*.csv"))
    assert sorted(seats[seats.n_players == 6].turn_pos) == [0, 1, 2, 3, 4, 5]
    summary = (tmp_path / "rep" / "summary.md").read_text()
    assert "Dawn, elemental+anibloom+draconic" in summary and "6 players" in summary
    # Dawn's cards are named as the base game's are (glowsim/data/dawn.yaml)
    cards = pd.concat(pd.read_csv(p) for p in t.glob("cards*.csv"))
    dawn_cards = cards[cards.companion.str.len() == 4]        # A101..B308
    assert len(dawn_cards) > 0 and dawn_cards.name.notna().all()
    assert set(dawn_cards[dawn_cards.companion == "B207"].name) <= {"Vorivi"}
    advs = pd.concat(pd.read_csv(p) for p in t.glob("adventurers*.csv"))
    assert advs.name.notna().all()
    assert set(advs[advs.adventurer == "zaydrel"].name) <= {"Zay'Drel"}


def test_glowsim_run_and_verify_of_a_six_player_dawn_scenario(tmp_path, capsys):
    s = tmp_path / "six.yaml"
    s.write_text("players: 6\nseat: {bot: greedy}\ngames: 4\nchunk_games: 2\n"
                 "dawn: {sets: [elemental, anibloom, draconic]}\n")
    assert main(["run", str(s), "--out", str(tmp_path / "r"), "--workers", "1"]) == 0
    err = capsys.readouterr().err
    assert "reference engine" not in err        # the fast path plays them
    assert main(["verify", str(tmp_path / "r")]) == 0
    out = capsys.readouterr().out
    assert "consistent" in out and "1 of 1 recorded games replayed" in out


def test_base_game_runs_keep_their_tables_and_key(tmp_path):
    res = run_text("engine: reference\nplayers: 2\nseat: {bot: random}\ngames: 3\n", "b.yaml",
                   tmp_path / "b")
    for name in TABLE_NAMES:
        assert pq.read_schema(tmp_path / "b" / f"{name}.parquet") == SCHEMAS[name]
    assert all("dawn" not in v for v in res.manifest["identity"]["variants"])


def test_the_set_comparison_is_paired_on_common_seeds(dawn_run, tmp_path):
    out, _ = dawn_run
    write_report(out, tmp_path / "rep")
    d = pd.read_csv(tmp_path / "rep" / "tables" / "dawn_sets.csv")
    pairs = sorted(set(zip(d.variant, d.baseline)))
    # at 5 and 6 players the run has no baseline; at 4: each Dawn variant against the base
    # game, the one with a set also against Dawn without one
    assert pairs == [("dawn4", "base"), ("draconic4", "base"), ("draconic4", "dawn4")]
    assert (d.pairs == 12).all()
    t = tables(out)
    per_game = t["players"].groupby(["variant", "game_index"]).score.mean().unstack("variant")
    got = d[(d.variant == "draconic4") & (d.baseline == "dawn4") & (d.metric == "score")].iloc[0]
    diff = per_game["draconic4"] - per_game["dawn4"]
    assert got["diff"] == pytest.approx(diff.mean())
    assert got["diff_low"] < got["diff"] < got["diff_high"]
    margin = t["games"].set_index(["variant", "game_index"]).margin.unstack("variant")
    got = d[(d.variant == "dawn4") & (d.baseline == "base") & (d.metric == "margin")].iloc[0]
    assert got["diff"] == pytest.approx((margin["dawn4"] - margin["base"]).mean())
    summary = (tmp_path / "rep" / "summary.md").read_text()
    assert "4 players, province, Dawn, draconic against Dawn, no set chosen (12 paired games)" \
        in summary
    assert (tmp_path / "rep" / "figures" / "dawn_sets.png").stat().st_size > 10_000
    assert "figures/dawn_sets.png" in summary      # one panel per metric, a row per comparison


def test_the_side_measures_of_five_and_six_players_are_exact(dawn_run):
    # D4: games of 5 and 6 players; the per-game mean's variance is summed in whole numbers
    # (glowsim/analysis/sides.py), which must hold for a game of 5 players too
    from glowsim import analysis as A
    out, _ = dawn_run
    got = A.side_summary(A.load_run(out)).set_index(["n_players", "side"])
    t = tables(out)
    p = t["players"].merge(t["games"][["variant", "game_index", "n_players", "side"]],
                           on=["variant", "game_index"])
    for (n, side), pp in p.groupby(["n_players", "side"]):
        per_game = pp.groupby(["variant", "game_index"]).score.transform("mean")
        want = per_game.var(ddof=0) / pp.score.var(ddof=0)
        assert got.loc[(n, side), "between_game_share"] == pytest.approx(want, rel=1e-12), n


def test_the_score_parts_of_dawn_games_add_up_to_the_score(dawn_run):
    # D15: the butterfly tokens' bursts are a part of the final score; the parts of a slice's
    # games add up to their mean score
    from glowsim import analysis as A
    out, _ = dawn_run
    run = A.load_run(out)
    for name, n in (("five", 5), ("six", 6)):
        parts = A.score_parts(run.subset([name]))
        assert "butterfly_bursts" in set(parts.part) or name == "five"
        p = tables(out)["players"]
        assert parts["mean"].sum() == pytest.approx(p[p.variant == name].score.mean()), name
    base = A.score_parts(run.subset(["base"]))
    assert "butterfly_bursts" not in set(base.part)
