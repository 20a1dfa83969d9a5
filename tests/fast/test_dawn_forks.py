"""Forks of Dawn games in the fast path (docs/forks.md; docs/rules.md D1-D18): a fork keeps every
Dawn part of the state (swap deck D10, butterfly bag and held tokens D14, the little board D4,
costs D7, the sets in play D1), so the bot's own row forced is the straight game, record for
record, and every continuation's record replays through the reference engine; the table does not
depend on the thread split; the set cards (companion rows 64 and up) are forked and named.
Resampled forks and the search bot's continuations redraw the draw pile and the spell tokens,
the swap deck keeping its order; search games replay, in `glowsim play` and `glowsim verify`."""
from __future__ import annotations

import numpy as np
import pytest

from glowsim import seeding
from glowsim.content import load_game
from glowsim.engine import replay
from glowsim.fast import Match, bot_preset, play_block
from glowsim.fast.fork_table import play_forks
from glowsim.fast.offered import mask_bits

from .conftest import JIT, scale

CI = pytest.mark.nojit_ci   # also run with numba off in CI (make test)
ALL = ["elemental", "anibloom", "draconic"]
MATCHES = {   # (players, side, sets, bot): the published game, the little board, solo, no sets
    "4p-all-province": (4, "province", ALL, "master"),
    "6p-all-archipelago": (6, "archipelago", ALL, "heuristic"),
    "5p-none-province": (5, "province", [], "greedy"),
    "3p-draconic-archipelago": (3, "archipelago", ["draconic"], "random"),
    "1p-anibloom-province": (1, "province", ["anibloom"], "heuristic"),
}


@pytest.fixture(scope="module")
def dawn():
    return load_game(dawn=True)


def _match(name):
    n, side, sets, bot = MATCHES[name]
    return Match(n, side, ["random"] * n, [bot_preset(bot)] * n, dawn_sets=sets)


def _straight(dawn, match, seed, start, count):
    cols = play_block(dawn, match, seed, start, count, record=range(start, start + count),
                      workers=1, tables=("players",))
    return cols["players"], {r.seed["game_index"]: r for r in cols["records"]}


@CI
@pytest.mark.parametrize("name", list(MATCHES))
def test_D1_the_bots_own_row_forced_is_the_straight_dawn_game(dawn, compiled, name):
    """Forcing the row the bot took at a forked recruit pick plays the game play_block plays:
    every seat's score and win share and the whole record (the Dawn setup, swap deck,
    butterflies and final count included); every continuation replays through the reference
    engine, its forked decision holding the alternative's row."""
    match = _match(name)
    n = match.n_players
    count = scale(3, 1)
    t = play_forks(dawn, match, 11, 5, count, kind="recruit", sample=scale(0.5, 0.3), threads=1,
                   record=True)
    players, records = _straight(dawn, match, 11, 5, count)
    assert t["chosen_by_bot"].sum() == len(set(zip(t["game"], t["decision"]))) > 0
    for i in np.flatnonzero(t["chosen_by_bot"]):
        g = int(t["game"][i])
        rows = players["game_index"] == g
        for s in range(n):
            assert t[f"score_{s}"][i] == players["score"][rows][s]
            assert t[f"win_share_{s}"][i] == players["win_share"][rows][s]
        assert t["records"][i].to_dict() == records[g].to_dict()
    for i, rec in enumerate(t["records"]):
        assert rec.setup["dawn"]["sets"] == records[int(t["game"][i])].setup["dawn"]["sets"]
        row = rec.decisions[int(t["decision"][i])]
        assert row[0] == t["seat"][i] and row[2:] == [int(t[f][i]) for f in "abcdef"]
        assert replay(dawn, rec) == rec.final


@pytest.mark.parametrize("kind", ["reroll", "move"])
def test_D1_reroll_and_move_forks_of_dawn_games(dawn, compiled, kind):
    """The other fork kinds in Dawn games (the Dawn faces and bought rerolls, D8, D12, among a
    reroll's rows; the little board's players moving, D5): the bot's row is the straight game,
    each continuation replays."""
    match = _match("6p-all-archipelago" if kind == "move" else "4p-all-province")
    t = play_forks(dawn, match, 3, 0, scale(2, 1), kind=kind, sample=scale(0.3, 0.1), threads=1,
                   record=True)
    _, records = _straight(dawn, match, 3, 0, scale(2, 1))
    assert len(t["game"]) > 0
    for i, rec in enumerate(t["records"]):
        if t["chosen_by_bot"][i]:
            assert rec.to_dict() == records[int(t["game"][i])].to_dict()
        assert replay(dawn, rec) == rec.final


def test_D1_a_dawn_fork_table_does_not_depend_on_the_thread_split(dawn, compiled):
    match = _match("4p-all-province")
    kw = dict(kind="recruit", sample=scale(0.4, 0.1))
    count = scale(8, 2)
    one = play_forks(dawn, match, 9, 100, count, threads=1, **kw)
    two = play_forks(dawn, match, 9, 100, count, threads=2, **kw)
    parts = [play_forks(dawn, match, 9, 100 + lo, c, threads=1, **kw)
             for lo, c in ((0, 1), (1, count - 1))]
    assert len(one["game"]) > 0
    for k in one:
        assert np.array_equal(one[k], two[k]), k
        assert np.array_equal(one[k], np.concatenate([p[k] for p in parts])), k


@CI
def test_D1_every_dawn_recruit_pick_is_forked_at_rate_one_set_cards_named(dawn, compiled):
    """At rate 1 every RECRUIT decision of the record is forked, its alternatives the legal
    rows, each named by the companion on its space: the set cards (rows 64 and up of the
    Dawn content's 70 companions) among them, as the straight game's offers name them."""
    match = _match("4p-all-province")
    count = scale(4, 1)
    t = play_forks(dawn, match, 2, 0, count, kind="recruit", sample=1.0, threads=1)
    cols = play_block(dawn, match, 2, 0, count, record=range(count), workers=1)
    for g, rec in enumerate(cols["records"]):
        recruits = [i for i, row in enumerate(rec.decisions) if row[1] == 1]
        assert sorted(set(t["decision"][t["game"] == g].tolist())) == recruits
    rc = cols["recruits"]
    for g, d in set(zip(t["game"].tolist(), t["decision"].tolist())):
        sel = (t["game"] == g) & (t["decision"] == d)
        assert t["alternative"][sel].tolist() == list(range(int(t["n_alternatives"][sel][0])))
        seat, rnd = int(t["seat"][sel][0]), int(t["round"][sel][0])
        at = np.flatnonzero((rc["game_index"] == g) & (rc["round"] == rnd) & (rc["seat"] == seat)
                            & (rc["pick"] >= 0))
        assert len(at) == 1
        assert set(t["companion"][sel]) <= set(rc["offered"][at[0]].split(","))
        assert t["companion"][sel & t["chosen_by_bot"]][0] == rc["companion"][at[0]]
    high = set(dawn.catalog.companion_ids[64:])
    assert high & set(t["companion"])


def test_D1_the_offer_masks_cover_every_companion_row(dawn, compiled):
    """`offered_mask` (rows 0-63) and `offered_mask2` (rows 64-127) together name exactly the
    cards of `offered`, the Dawn set cards past row 63 included."""
    match = _match("6p-all-archipelago")
    rc = play_block(dawn, match, 4, 0, scale(6, 1), workers=1, tables=("recruits",))["recruits"]
    ids = np.array(dawn.catalog.companion_ids, dtype=object)
    off1, bits1 = mask_bits(np.asarray(rc["offered_mask"], np.int64))
    off2, bits2 = mask_bits(np.asarray(rc["offered_mask2"], np.int64))
    got = [set(ids[bits1[off1[i]:off1[i + 1]]]) | set(ids[64 + bits2[off2[i]:off2[i + 1]]])
           for i in range(len(rc["offered"]))]
    want = [set(o.split(",")) - {""} for o in rc["offered"]]
    assert got == want
    assert np.any(np.asarray(rc["offered_mask2"]) != 0)   # set cards past row 63 were offered


@CI
def test_D10_resampled_dawn_forks_keep_the_swap_deck_and_replay(dawn, compiled):
    """Resampled (docs/forks.md): the draw pile past its top is dealt again, each card in its
    deck; the swap deck, whose top card Hulios's owner looks at (D10), keeps its cards and
    order, as the reference engine's redraw keeps it (glowsim/engine/resample.py); every
    continuation's record replays."""
    match = Match(4, "province", ["hulios", "random", "random", "random"],
                  [bot_preset("heuristic")] * 4, dawn_sets=ALL)
    count = scale(3, 1)
    t = play_forks(dawn, match, 5, 0, count, kind="recruit", sample=scale(0.3, 0.15),
                   mode="resampled", continuations=2, threads=1, record=True)
    _, records = _straight(dawn, match, 5, 0, count)
    moved = 0
    assert len(t["records"]) > 0
    for i, rec in enumerate(t["records"]):
        own = records[int(t["game"][i])]
        assert rec.setup["box"] == own.setup["box"]
        assert sorted(rec.setup["draw_pile"]) == sorted(own.setup["draw_pile"])
        moved += rec.setup["draw_pile"] != own.setup["draw_pile"]
        assert replay(dawn, rec) == rec.final
    assert moved > 0


SEARCH = bot_preset("rollout", rollout_budget=2, rollout_options=3)


@pytest.mark.parametrize("n, sets", [(4, ALL), pytest.param(5, [], marks=CI)])
def test_D1_the_search_bot_plays_dawn_games_that_replay(dawn, compiled, n, sets):
    """Search seats (preset rollout) in Dawn games: their continuations redraw what the
    searcher cannot see as resampled forks do; the games' records replay through the reference
    engine, and forking the search seats' picks plays the straight game for the chosen row."""
    bots = [SEARCH, bot_preset("expert")] * 2 + [bot_preset("expert")] * (n - 4)
    match = Match(n, "province", ["random"] * n, bots, dawn_sets=sets)
    count = scale(2, 1)
    cols = play_block(dawn, match, 3, 0, count, record=range(count), workers=1)
    for rec in cols["records"]:
        assert replay(dawn, rec) == rec.final
    if not JIT:   # a fork of a search game searches every later pick again: compiled only
        return
    t = play_forks(dawn, match, 3, 0, 1, kind="recruit", sample=0.3, threads=1, record=True)
    assert len(t["game"]) > 0 and set(t["seat"].tolist()) <= {0, 2}
    for i, rec in enumerate(t["records"]):
        if t["chosen_by_bot"][i]:
            assert rec.to_dict() == cols["records"][0].to_dict()
        assert replay(dawn, rec) == rec.final


def test_D1_dawn_forks_sample_the_documented_draw(dawn, compiled):
    """The picks forked are those seeding.fork_sampled selects (root seed, game, decision)."""
    match = _match("5p-none-province")
    _, rec = _straight(dawn, match, 2, 0, 1)
    recruits = [i for i, row in enumerate(rec[0].decisions) if row[1] == 1]
    t = play_forks(dawn, match, 2, 0, 1, kind="recruit", sample=0.4, threads=1)
    root = seeding.root_key(2)
    assert sorted(set(t["decision"].tolist())) == [d for d in recruits
                                                   if seeding.fork_sampled(root, 0, d, 0.4)]


def test_D1_verify_covers_the_search_bot_in_dawn_games(dawn, compiled):
    """`glowsim verify --dawn`'s configurations seat the search bot at 2-6 players."""
    from glowsim.fast.verify import DAWN_PLAYERS, configs, verify
    assert {c[0] for c in configs(("rollout",), DAWN_PLAYERS)} == {2, 3, 4, 5, 6}
    done, div = verify(dawn, scale(6, 2), seed=3, bot_sets=("rollout",))
    assert div is None, div.report()
    assert done == scale(6, 2)


def test_D1_play_narrates_a_dawn_game_of_the_search_bot(dawn, compiled, capsys, tmp_path):
    """`glowsim play --dawn` with a search seat: the fast path plays the game, the reference
    engine narrates that very game from its record."""
    from glowsim.cli.main import main
    from glowsim.engine import GameRecord
    path = tmp_path / "g.json"
    assert main(["play", "--dawn", "draconic", "--players", "3", "--bots", "rollout,expert,greedy",
                 "--seed", "8", "--record", str(path)]) == 0
    assert "Final count" in capsys.readouterr().out
    rec = GameRecord.from_json(path.read_text())
    match = Match(3, "province", ["random"] * 3,
                  [bot_preset("rollout"), bot_preset("expert"), bot_preset("greedy")],
                  dawn_sets=["draconic"])
    fast = play_block(dawn, match, 8, 0, 1, record=[0], workers=1)["records"][0]
    assert [list(r) for r in rec.decisions] == [list(r) for r in fast.decisions]
    assert rec.final == fast.final and rec.setup["dawn"]["sets"] == ["draconic"]
