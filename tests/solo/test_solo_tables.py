"""Solo runs (R9) in the result tables: Tom's columns on `games`, the tile on `recruits`,
byte-identical tables for 1 and 2 workers (contract.md section 6)."""
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pytest

from glowsim.content import load_game
from glowsim.engine import play_solo
from glowsim.runner import RunOptions, run_scenario
from glowsim.runner.store import COLUMNS, TABLE_NAMES, to_arrow
from glowsim.scenarios import parse_scenario

TOM_COLUMNS = ["tom_score", "tom_track", "tom_journey", "tom_footprints", "tom_band", "tom_colors"]

SOLO = """engine: reference
players: 1
seat: {bot: greedy}
games: 12
chunk_games: 5
seed: 5
variants:
  - {name: province-eoles, side: province, seat: {adventurer: eoles}}
  - {name: archipelago-random, side: archipelago}
  - {name: duo, players: 2, side: archipelago, seat: {bot: random}}
"""


@pytest.fixture(scope="module")
def content():
    return load_game()


def test_R9_each_pick_carries_the_tile_taken_and_the_tiles_make_toms_track(content):
    # R9: Tom's track = 10 at setup + 3 per burst face of his dice + for each tile taken,
    # his band after it (meeples so far) plus its printed bursts
    t, cat = content.tables, content.catalog
    for g in range(30):
        out = play_solo(content, side=("province", "archipelago")[g % 2], root_seed=2,
                        game_index=g)
        picks = [r for r in out.recruits if r["pick"] >= 0]
        assert all(r["tile"] in cat.tile_ids for r in picks)
        assert all(r["tile"] is None for r in out.recruits if r["pick"] < 0)   # Cromaug (R5)
        assert len(picks) == out.game["rounds"]          # one recruit and one tile a round
        band = from_tiles = 0
        for r in picks:
            k = cat.tile_ids.index(r["tile"])
            band += int(t.tile_band[k])
            from_tiles += band + int(t.tile_bursts[k])
        assert band == out.game["tom_band"]
        dice = out.game["tom_track"] - 10 - from_tiles
        assert dice >= 0 and dice % 3 == 0


def test_tom_columns_are_null_for_games_of_two_to_four_players():
    df = pd.DataFrame([dict(game_index=0, variant="v", n_players=2, side="province",
                            first_player=1, n_winners=1, top_score=90, margin=3, rounds=8)])
    tab = to_arrow("games", df)
    assert tab.column_names == COLUMNS["games"]
    assert all(tab.column(c).null_count == 1 for c in TOM_COLUMNS)
    assert tab.schema.field("tom_colors").type == pa.string()


def test_a_missing_design_column_is_still_an_error():
    df = pd.DataFrame([dict(game_index=0, variant="v", n_players=2, side="province",
                            first_player=1, n_winners=1, top_score=90, margin=3)])
    with pytest.raises(ValueError, match="games rows lack column"):
        to_arrow("games", df)


def run(out, workers):
    sc = parse_scenario(SOLO, "solo-quick.yaml")
    return run_scenario(sc, RunOptions(out=Path(out), workers=workers, progress=False))


@pytest.fixture(scope="module")
def solo_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("solo1")
    run(out, 1)
    return out


def test_solo_tables_keep_toms_columns_and_the_tile(solo_run):
    games = pd.read_parquet(solo_run / "games.parquet")
    players = pd.read_parquet(solo_run / "players.parquet")
    recruits = pd.read_parquet(solo_run / "recruits.parquet")
    for t in TABLE_NAMES:
        assert list(pd.read_parquet(solo_run / f"{t}.parquet").columns) == COLUMNS[t]
    solo = games[games.n_players == 1]
    duo = games[games.n_players == 2]
    assert len(solo) == 24 and len(duo) == 12
    assert solo[TOM_COLUMNS].notna().all().all() and duo[TOM_COLUMNS].isna().all().all()
    # R9: Tom's final score is his track plus journey plus footprints; margin = player - Tom
    assert (solo.tom_score == solo.tom_track + solo.tom_journey + solo.tom_footprints).all()
    p = players.merge(solo, on=["variant", "game_index"])
    assert (p.margin == p.score - p.tom_score).all()
    assert (p.win == (p.score > p.tom_score)).all()                 # strictly more than Tom
    # E15: Tom's colours are two colours other than the adventurer's, never yellow with purple
    assert not solo.tom_colors.str.contains("azure")[solo.variant == "province-eoles"].any()
    assert not solo.tom_colors.isin(["purple,yellow", "yellow,purple"]).any()
    rs = recruits.merge(games[["variant", "game_index", "n_players"]])
    assert rs[(rs.n_players == 1) & (rs.pick >= 0)].tile.notna().all()
    assert rs[rs.n_players == 2].tile.isna().all()


def test_solo_run_writes_the_same_bytes_with_two_workers(solo_run, tmp_path):
    run(tmp_path, 2)
    for t in TABLE_NAMES:
        assert (tmp_path / f"{t}.parquet").read_bytes() == (solo_run / f"{t}.parquet").read_bytes()
