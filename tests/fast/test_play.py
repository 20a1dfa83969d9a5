"""play_block's tables (contract.md sections 6 and 8), records, Match errors, streamed blocks."""
from __future__ import annotations

import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from glowsim.engine import replay
from glowsim.fast import Match, PARAM_NAMES, PRESETS, bot_preset, iter_blocks, play_block
from glowsim.fast import play
from glowsim.fast.play import TAIL_PIECES, stream_plan
from glowsim.fast.offered import mask_bits, offered_lists, offered_texts
from glowsim.records import GameRecord

from .conftest import scale

GAMES = ["game_index", "n_players", "side", "first_player", "n_winners", "top_score", "margin",
         "rounds"]
PLAYERS = ["game_index", "seat", "turn_pos", "adventurer", "bot", "score", "track",
           "cards_bursts", "journey_bursts", "firefly_bonus", "footprint_bursts", "fireflies",
           "footprints", "reroll_tokens", "companions", "rerolls_gained_token",
           "rerolls_spent_lumipili", "rerolls_spent_token", "rerolls_spent_track",
           "track_points_spent", "set_faces", "dice_bursts", "effect_bursts", "win", "win_share"]
RECRUITS = ["game_index", "round", "pick", "seat", "companion", "offered", "left_round",
            "effect_bursts", "printed_bursts"]


@pytest.fixture(scope="module")
def block(game, compiled):
    m = Match(4, "province", ["random", "eoles", "random", "random"],
              [bot_preset("heuristic"), bot_preset("greedy"), bot_preset("random"),
               bot_preset("heuristic", w_token=3.0)], bot_labels=["h", "g", "r", "h3"])
    n = scale(60, 4)
    return n, play_block(game, m, 3, 10, n, record=[10, 11], workers=1)


def test_section6_columns_and_lengths(block):
    n, cols = block
    assert list(cols["games"]) == GAMES
    assert all(len(v) == n for v in cols["games"].values())
    assert set(PLAYERS) <= set(cols["players"])
    assert all(len(v) == 4 * n for v in cols["players"].values())
    assert set(RECRUITS) <= set(cols["recruits"])


@pytest.mark.parametrize("n", [1, 4])
def test_an_empty_block_has_every_column_and_no_rows(game, compiled, n):
    cols = play_block(game, Match(n, "province"), 1, 7, 0)
    assert list(cols["games"])[:len(GAMES)] == GAMES and set(PLAYERS) <= set(cols["players"])
    assert set(RECRUITS) <= set(cols["recruits"]) and cols["records"] == []
    assert all(len(v) == 0 for t in ("games", "players", "recruits") for v in cols[t].values())


def test_R8_E9_scores_winners_and_shares(block):
    n, cols = block
    pl = cols["players"]
    parts = pl["track"] + pl["cards_bursts"] + pl["journey_bursts"] + pl["firefly_bonus"] + pl["footprint_bursts"]
    assert np.array_equal(parts, pl["score"])
    assert np.array_equal(pl["footprint_bursts"], pl["footprints"])
    share = np.bincount(pl["game_index"] - 10, weights=pl["win_share"])
    assert np.allclose(share, 1.0)
    top = np.maximum.reduceat(pl["score"], np.arange(0, 4 * n, 4))
    assert np.array_equal(top, cols["games"]["top_score"])
    assert set(pl["bot"]) == {"h", "g", "r", "h3"}
    assert set(pl["adventurer"][pl["seat"] == 1]) == {"eoles"}
    assert np.array_equal(pl["turn_pos"], (pl["seat"] - np.repeat(cols["games"]["first_player"], 4)) % 4)


def test_R3_recruit_rows(block):
    n, cols = block
    rc = cols["recruits"]
    picks = rc["pick"] >= 0
    assert picks.sum() == 8 * 4 * n
    for comp, offered in zip(rc["companion"][picks], rc["offered"][picks]):
        assert comp in offered.split(",")
    # the printed bursts count only while the card is in play at the end
    assert (rc["printed_bursts"][rc["left_round"] >= 0] == 0).all()


def test_records_replay_and_round_trip(game, block):
    n, cols = block
    assert [r.seed["game_index"] for r in cols["records"]] == [10, 11]
    for rec in cols["records"]:
        again = GameRecord.from_json(rec.to_json())
        assert replay(game, again) == rec.final


def test_iter_blocks_streams_the_same_games(game, compiled):
    m = Match(2, "archipelago", bots=[bot_preset("greedy")] * 2)
    n = scale(50, 5)
    whole = play_block(game, m, 4, 0, n, workers=1, tables=("games",))["games"]["top_score"]
    parts = [b["games"]["top_score"] for b in iter_blocks(game, m, 4, n, block=scale(17, 2),
                                                          workers=1, tables=("games",))]
    assert np.array_equal(whole, np.concatenate(parts))


@pytest.mark.parametrize("kw,msg", [
    (dict(n_players=5, side="province"), "n_players"),
    (dict(n_players=2, side="moon"), "side"),
    (dict(n_players=2, side="province", adventurers=["eoles", "eoles"]), "two seats"),
    (dict(n_players=2, side="province", adventurers=["zorro", -1]), "unknown adventurer"),
    (dict(n_players=2, side="province", bots=["heuristic"]), "bots"),
    (dict(n_players=2, side="province", bots=["smart", "greedy"]), "unknown bot preset"),
    (dict(n_players=2, side="province", start_tokens=[1]), "start_tokens"),
    (dict(n_players=2, side="province",
          bots=["greedy", np.where(np.arange(len(PARAM_NAMES)) == PARAM_NAMES.index("search_nodes"), 0.0,
                                   bot_preset("heuristic"))]),
     r"Match.bots\[1\]: bot parameter search_nodes: 0 is not allowed; allowed: a whole number 1..10000"),
])
def test_match_errors_name_the_field(game, kw, msg):
    with pytest.raises(ValueError, match=msg):
        Match(**kw).kernel(game)


def test_bot_presets_and_parameters():
    assert set(PRESETS) == {"random", "greedy", "heuristic", "expert", "rollout", "master"}
    v = bot_preset("heuristic", w_token=2.5)
    assert v[PARAM_NAMES.index("w_token")] == 2.5
    with pytest.raises(ValueError, match="unknown bot parameter 'w_tokens'"):
        bot_preset("heuristic", w_tokens=1.0)
    assert bot_preset("expert", search_nodes=60)[PARAM_NAMES.index("search_nodes")] == 60.0
    with pytest.raises(ValueError, match="bot parameter search_nodes: 60.5 is not allowed"):
        bot_preset("heuristic", search_nodes=60.5)


def test_block_arguments(game):
    m = Match(2, "province")
    with pytest.raises(ValueError, match="outside the block"):
        play_block(game, m, 0, 5, 3, record=[1])
    with pytest.raises(ValueError, match="start and count"):
        play_block(game, m, 0, -1, 3)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(0, 45), max_size=6), min_size=0, max_size=40))
def test_offered_texts_are_the_ids_of_the_mask_bits_in_row_order(game, picks):
    """The vectorised `offered` column equals the plain join (section 6: the companions on
    the track at the pick, comma-separated; "" for a Cromaug take, mask 0)."""
    ids = game.catalog.companion_ids
    masks = np.array([sum(1 << r for r in set(p)) for p in picks] + [0, (1 << len(ids)) - 1],
                     np.int64)
    masks = np.concatenate([masks, masks[::-2]])   # repeated masks share one spelling
    got = offered_texts(ids, masks)
    want = [",".join(ids[r] for r in range(len(ids)) if (int(m) >> r) & 1) for m in masks]
    assert got.dtype == object and list(got) == want


def test_offered_texts_stay_right_as_the_spelt_masks_grow_restart_and_change_catalog(game, monkeypatch):
    """Each mask is spelt once per process and looked up afterwards: the texts stay the plain
    join when calls meet known and new masks, when the kept masks pass the cap (they start
    afresh) and when another catalog's ids come (its own spellings)."""
    from glowsim.fast import offered
    monkeypatch.setattr(offered, "SPELT_CAP", 12)
    monkeypatch.setattr(offered, "_SPELT", None)
    ids = game.catalog.companion_ids
    rng = np.random.default_rng(5)

    def plain(names, masks):
        return [",".join(names[r] for r in range(len(names)) if (int(m) >> r) & 1) for m in masks]

    pool = np.array([0] + [int(rng.integers(1, 1 << len(ids))) for _ in range(30)], np.int64)
    for names in (ids, ids, tuple(reversed(ids)), ids):
        for size in (5, 9, 3, 20):
            masks = rng.choice(pool, size)
            assert list(offered_texts(names, masks)) == plain(names, masks)
    assert len(offered._SPELT.texts) <= 12 + 20


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 5), max_size=12), st.integers(0, 10**6), st.randoms(use_true_random=False))
def test_recruit_table_is_each_games_rows_in_order_in_one_pass(nrec, start, rnd):
    """recruit_table (one compiled pass) equals the plain rows: each game's first nrec rows,
    game after game, the slots past them never read; printed bursts only for a companion
    that never left."""
    from glowsim.fast.columns.recruits import NT, T_COMP, T_EFFB, T_GAME, T_LEFT, T_MASK, T_MASK2, \
        T_PICK, T_PRINTED, T_ROUND, T_SEAT, T_TILE, recruit_table
    from . import naive
    bursts = [rnd.randint(0, 9) for _ in range(12)]
    rc = np.array([[[rnd.randint(-2, 20), rnd.randint(-1, 4), rnd.randint(0, 3), rnd.randrange(12),
                     rnd.randint(0, 1 << 45), rnd.randint(-1, 8), rnd.randint(0, 5), rnd.randint(-1, 7),
                     rnd.randint(0, 1 << 6)]
                    for _ in range(5)] for _ in nrec], np.int64).reshape(len(nrec), 5, 9)
    t = recruit_table(rc, np.array(nrec, np.int64), start, np.array(bursts, np.int64))
    want = naive.recruit_rows(rc.tolist(), nrec, start, bursts)
    names = {T_GAME: "game_index", T_ROUND: "round", T_PICK: "pick", T_SEAT: "seat",
             T_COMP: "companion", T_MASK: "offered_mask", T_LEFT: "left_round",
             T_EFFB: "effect_bursts", T_PRINTED: "printed_bursts", T_TILE: "tile",
             T_MASK2: "offered_mask2"}
    assert t.shape == (NT, sum(nrec)) and len(names) == NT
    for row, name in names.items():
        assert t[row].tolist() == [w[name] for w in want], name


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(-2**63, 2**63 - 1) | st.integers(-3, 40), max_size=40), max_size=8),
       st.lists(st.integers(-2**63, 2**63 - 1) | st.integers(-3, 40), max_size=40))
def test_mask_index_finds_every_key_at_its_place_as_it_grows(chunks, probes):
    """MaskIndex (offered.py's hash of the spelt masks): after keys are added chunk by chunk
    (the table rebuilt larger as it fills), every key is found at its place in the order
    added, and anything else (-1 included: empty slots are marked by position) is not."""
    from glowsim.fast.columns.maskindex import MaskIndex
    index, order = MaskIndex(), []
    for chunk in chunks:
        new = list(dict.fromkeys(k for k in chunk if k not in order))
        before = index
        index = index.extended(np.array(new, np.int64))
        order += new
        assert len(index) == len(order)
        # the index extended is unchanged: its keys where they were, the new ones not in it
        assert before.get_indexer(np.array(order, np.int64)).tolist() == \
            list(range(len(order) - len(new))) + [-1] * len(new)
    place = {k: i for i, k in enumerate(order)}
    query = np.array(order + probes, np.int64)
    assert index.get_indexer(query).tolist() == [place.get(k, -1) for k in order + probes]
    assert MaskIndex(np.array(order, np.int64)).get_indexer(query).tolist() == \
        index.get_indexer(query).tolist()


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sets(st.integers(0, 63)), max_size=30))
def test_mask_bits_are_each_masks_set_bits_lowest_first(sets):
    """The ragged (offsets, bits) equals each mask's bits in order, bit 63 (a negative int64)
    included."""
    unsigned = [sum(1 << i for i in b) for b in sets]
    masks = np.array([u - (1 << 64) if u >> 63 else u for u in unsigned], np.int64)
    offsets, bits = mask_bits(masks)
    want = [[i for i in range(64) if (u >> i) & 1] for u in unsigned]
    assert offsets[0] == 0 and len(offsets) == len(masks) + 1
    assert [bits[offsets[i]:offsets[i + 1]].tolist() for i in range(len(masks))] == want


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sets(st.integers(0, 45), max_size=7), max_size=40))
def test_offered_lists_are_the_ids_of_the_mask_bits_in_row_order(game, picks):
    """The runner's `offered` (section 6: list<string>, an empty list for a Cromaug take, mask
    0) equals the plain lists, and the text column is the same ids comma-joined."""
    import pyarrow as pa
    ids = game.catalog.companion_ids
    masks = np.array([sum(1 << r for r in p) for p in picks] + [0], np.int64)
    got = offered_lists(ids, masks)
    want = [[ids[r] for r in sorted(p)] for p in picks] + [[]]
    assert got.type == pa.list_(pa.string()) and got.to_pylist() == want
    assert list(offered_texts(ids, masks)) == [",".join(w) for w in want]


def test_offered_as_lists_is_the_text_split(game, block):
    """play_block(offered_as="lists") gives the same games with `offered` as Arrow lists."""
    n, cols = block
    m = Match(4, "province", ["random", "eoles", "random", "random"],
              [bot_preset("heuristic"), bot_preset("greedy"), bot_preset("random"),
               bot_preset("heuristic", w_token=3.0)], bot_labels=["h", "g", "r", "h3"])
    lists = play_block(game, m, 3, 10, n, workers=1, tables=("recruits",), offered_as="lists")["recruits"]
    text = cols["recruits"]
    assert lists["offered"].to_pylist() == [t.split(",") if t else [] for t in text["offered"]]
    assert all(np.array_equal(lists[k], text[k]) for k in text if k != "offered")
    with pytest.raises(ValueError, match="offered_as: 'csv' is not allowed; allowed: text, lists"):
        play_block(game, m, 3, 10, 2, offered_as="csv")


@pytest.mark.parametrize("workers", [1, 2])
def test_streamed_blocks_keep_their_tables_while_later_blocks_play(game, compiled, workers):
    """iter_blocks plays each block into the arrays of the last one handed out: every table
    handed out is a copy, so blocks kept by the caller still equal play_block's when the
    stream ends (same keys, dtypes and values), for any number of game threads."""
    m = Match(3, "archipelago", ["random"] * 3, [bot_preset("heuristic")] * 3)
    n, size = scale(70, 7), scale(20, 2)
    kept = list(iter_blocks(game, m, 8, n, block=size, start=5, workers=workers))
    assert len(kept) == -(-n // size)
    for k, got in enumerate(kept):
        start = 5 + k * size
        want = play_block(game, m, 8, start, min(size, 5 + n - start), workers=1)
        for table in ("games", "players", "recruits"):
            assert list(got[table]) == list(want[table])
            for col, v in want[table].items():
                assert got[table][col].dtype == v.dtype, (table, col)
                assert np.array_equal(got[table][col], v), (table, col)


def test_streamed_tables_are_built_by_the_game_thread_that_ends_the_block(game, compiled, monkeypatch):
    """With two game threads, no block's tables are built on the caller's thread (it would
    make three threads compete for two cores): each is built by a game thread, and every
    block's (or last block's piece's) tables are built once."""
    built = []
    real = play.columns

    def spy(*args, **kw):
        built.append((threading.current_thread().name, args[3]))
        return real(*args, **kw)

    monkeypatch.setattr(play, "columns", spy)
    m = Match(2, "archipelago", bots=[bot_preset("greedy")] * 2)
    starts = [b["games"]["game_index"][0] for b in iter_blocks(game, m, 4, 100, block=40, workers=2)]
    assert [int(s) for s in starts] == [0, 40, 80]
    assert all(name.startswith("glowsim-games") for name, _ in built), built
    assert sorted(first for _, first in built)[:3] == [0, 40, 80]   # the last block: in pieces
    assert len({first for _, first in built}) == len(built)


def test_an_error_building_tables_on_a_game_thread_reaches_the_caller(game, compiled, monkeypatch):
    def broken(*args, **kw):
        raise RuntimeError("tables broke")

    monkeypatch.setattr(play, "columns", broken)
    m = Match(2, "archipelago", bots=[bot_preset("greedy")] * 2)
    with pytest.raises(RuntimeError, match="tables broke"):
        list(iter_blocks(game, m, 4, 20, block=10, workers=2))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 50), st.integers(0, 300), st.integers(1, 60), st.integers(1, 4))
def test_stream_plan_blocks_are_the_asked_blocks_the_last_in_pieces(start, n, block, threads):
    """Every game once, in order; the blocks handed out are those of `block` games; with
    several game threads only the last block is cut, into at most TAIL_PIECES pieces."""
    plan = stream_plan(start, n, block, threads)
    spans = [sp for b in plan for sp in b]
    assert [g for s, c in spans for g in range(s, s + c)] == list(range(start, start + n))
    assert all(c > 0 for _, c in spans)
    assert [sum(c for _, c in b) for b in plan] == [min(block, start + n - g)
                                                    for g in range(start, start + n, block)]
    assert all(len(b) == 1 for b in plan[:-1])
    if plan:
        last = sum(c for _, c in plan[-1])
        assert len(plan[-1]) == (1 if threads == 1 else min(TAIL_PIECES, last))
