"""The runner on the fast path (the default engine): same bytes for 1 and 2 workers and for dask,
bot presets with parameters, tuned-parameter files, labels in the `bot` column."""

import numpy as np
import pandas as pd
import pytest

from glowsim.runner import RunOptions, run_scenario
from glowsim.runner.chunks import play_chunk
from glowsim.runner.store import COLUMNS, TABLE_NAMES
from glowsim.scenarios import expand, parse_scenario

FAST = """players: 3
side: province
games: 240
chunk_games: 80
seed: 9
seats:
  - {adventurer: pocana, bot: {preset: heuristic, params: {w_token: 3.0}, label: token-lover}}
  - {bot: greedy}
variants:
  - name: printed
  - name: no-torkos
    remove: [B04]
    content: {setup: {removed_per_deck: 2}}
"""


def run(out, text=FAST, **kw):
    kw.setdefault("progress", False)
    return run_scenario(parse_scenario(text, str(out / "fast.yaml"), base_dir=out),
                        RunOptions(out=out / "run", **kw))


def table_bytes(folder):
    return {t: (folder / f"{t}.parquet").read_bytes() for t in TABLE_NAMES}


@pytest.fixture(scope="module")
def serial(tmp_path_factory):
    out = tmp_path_factory.mktemp("fast1")
    run(out, workers=1)
    return out / "run"


def test_fast_tables_and_seats(serial):
    players = pd.read_parquet(serial / "players.parquet")
    recruits = pd.read_parquet(serial / "recruits.parquet")
    assert list(players.columns) == COLUMNS["players"]
    by_seat = players.groupby("seat")
    assert by_seat.bot.unique().map(list).to_dict() == {0: ["token-lover"], 1: ["greedy"], 2: ["heuristic"]}
    assert set(players[players.seat == 0].adventurer) == {"pocana"}
    assert "pocana" not in set(players[players.seat != 0].adventurer)
    assert "B04" not in set(recruits[recruits.variant == "no-torkos"].companion)
    assert "B04" in set(recruits[recruits.variant == "printed"].companion)
    picks = recruits[recruits.pick >= 0]
    assert all(r.companion in r.offered for r in picks.itertuples())
    assert (players.groupby(["variant", "game_index"]).win_share.sum().round(9) == 1.0).all()


def test_fast_two_workers_same_bytes(serial, tmp_path):
    run(tmp_path, workers=2)
    assert table_bytes(tmp_path / "run") == table_bytes(serial)


def test_fast_dask_same_bytes(serial, tmp_path):
    from distributed import LocalCluster
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cl:
        run(tmp_path, workers=2, backend="dask", scheduler=cl.scheduler_address)
    assert table_bytes(tmp_path / "run") == table_bytes(serial)


def test_bot_parameters_reach_the_engine(tmp_path, monkeypatch):
    """Inline parameters and a tuned-parameter file give the engine the same bot vector:
    the preset's with the named parameter changed; labels go to the `bot` column."""
    import glowsim.fast as fast
    seen = []
    real = fast.play_block

    def spy(game, match, *a, **kw):
        seen.append(match)
        return real(game, match, *a, **kw)
    monkeypatch.setattr(fast, "play_block", spy)
    (tmp_path / "tuned.yaml").write_text("preset: greedy\nparams: {w_token: 3.0}\n")
    base = "players: 2\ngames: 4\nchunk_games: 4\nseed: 2\n"
    inline = parse_scenario(base + "seat: {bot: {preset: greedy, params: {w_token: 3.0}}}\n", "a.yaml")
    filed = parse_scenario(base + "seat: {bot: {file: tuned.yaml}}\n", "b.yaml", base_dir=tmp_path)
    (ri,), (rf,) = expand(inline), expand(filed)
    assert ri.seats[0].params == rf.seats[0].params == (("w_token", 3.0),)
    assert (ri.seats[0].bot, ri.seats[0].label, rf.seats[0].bot, rf.seats[0].label) == \
        ("greedy", "greedy*", "greedy", "tuned")
    want = fast.bot_preset("greedy", w_token=3.0)
    assert not np.array_equal(want, fast.bot_preset("greedy"))
    for r in (ri, rf):
        frames = play_chunk(r.engine, r.game(), r.match_json(), r.seed, 0, 4)
        assert all(np.array_equal(v, want) for v in seen[-1].bots)
        assert set(frames["players"].bot) == {r.seats[0].label}


def test_unknown_bot_parameter_gets_did_you_mean():
    from glowsim.scenarios import ScenarioError
    with pytest.raises(ScenarioError) as err:
        expand(parse_scenario("seat: {bot: {preset: heuristic, params: {w_tokens: 2}}}\n", "s.yaml"))
    from glowsim.fast import PARAM_NAMES
    assert str(err.value) == (f"s.yaml, line 1: seat.bot: unknown parameter 'w_tokens' of bot 'heuristic' "
                              f"(did you mean 'w_token'?); allowed: {', '.join(PARAM_NAMES)}")


def test_fast_offered_lists_write_what_the_text_and_the_reference_lists_write():
    """The fast engine hands `offered` to the store as Arrow lists built from its bit masks;
    the recruits table written is the one its comma-joined text or plain lists of ids (the
    reference engine's form) give (section 6: list<string>, [] for a Cromaug take)."""
    import pyarrow as pa
    from glowsim.fast import play_block
    from glowsim.runner.chunks import _fast_match
    from glowsim.runner.store import to_arrow
    r = expand(parse_scenario(FAST, "fast.yaml"))[0]
    frames = play_chunk(r.engine, r.game(), r.match_json(), r.seed, 30, 25)
    assert isinstance(frames["recruits"]["offered"].dtype, pd.ArrowDtype)
    text = play_block(r.game(), _fast_match(r.match_json()), r.seed, 30, 25, workers=1)["recruits"]["offered"]
    tables = []
    for offered in (frames["recruits"]["offered"], text, [t.split(",") if t else [] for t in text]):
        df = frames["recruits"].assign(offered=offered)
        df.insert(0, "variant", "v")
        tables.append(to_arrow("recruits", df))
    assert tables[0].column("offered").type == pa.list_(pa.string())
    assert tables[0].equals(tables[1]) and tables[0].equals(tables[2])
