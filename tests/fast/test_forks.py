"""Forks in the fast path (glowsim/fast/fork_table.py): a continuation forced with the row the
bot took is the straight game; every continuation's record replays through the reference
engine; the table does not depend on the thread split; common continuations play the
game's own dice, resampled ones the documented re-keyed streams (seeding.py item 5) and
keep what the deciding player has seen."""
from __future__ import annotations

import numpy as np
import pytest

from glowsim import seeding
from glowsim.engine import replay
from glowsim.engine import sources
from glowsim.fast import Match, bot_preset, play_block
from glowsim.fast.fork_table import game_equivalents, play_forks

from .conftest import JIT, scale

H = bot_preset("heuristic")
MATCHES = {
    "4p-province": Match(4, "province", ["random"] * 4, [H] * 4),
    "4p-archipelago": Match(4, "archipelago", ["random"] * 4, [H] * 4),
    "3p-mixed-province": Match(3, "province", ["random"] * 3,
                               [H, bot_preset("greedy"), bot_preset("random")]),
    "2p-archipelago": Match(2, "archipelago", ["random"] * 2, [H, bot_preset("greedy")]),
}
KINDS = ("recruit", "reroll", "move")
CI = pytest.mark.nojit_ci   # also run with numba off in CI (make test)


def _straight(game, match, seed, start, count):
    cols = play_block(game, match, seed, start, count, record=range(start, start + count),
                      workers=1, tables=("players",))
    return cols["players"], {r.seed["game_index"]: r for r in cols["records"]}


@pytest.mark.parametrize("kind", [pytest.param(KINDS[0], marks=CI), *KINDS[1:]])
@pytest.mark.parametrize("name", list(MATCHES))
def test_the_bots_own_row_forced_is_the_straight_game(game, compiled, name, kind):
    """Forcing, at a fork, the row the bot took gives the game play_block plays: every
    seat's score and win share, and the whole record (setup, dice, decisions, final)."""
    match = MATCHES[name]
    n = match.n_players
    count = scale(3, 1)
    t = play_forks(game, match, 11, 5, count, kind=kind, sample=scale(0.5, 0.15), threads=1,
                   record=True)
    players, records = _straight(game, match, 11, 5, count)
    assert t["chosen_by_bot"].sum() == len(set(zip(t["game"], t["decision"]))) > 0
    for i in np.flatnonzero(t["chosen_by_bot"]):
        g = int(t["game"][i])
        rows = players["game_index"] == g
        for s in range(n):
            assert t[f"score_{s}"][i] == players["score"][rows][s]
            assert t[f"win_share_{s}"][i] == players["win_share"][rows][s]
        a, b = t["records"][i].to_dict(), records[g].to_dict()
        assert a == b
    # the decision named is the one forked: its row in the record is the alternative's
    for i in range(len(t["game"])):
        row = t["records"][i].decisions[int(t["decision"][i])]
        assert row[0] == t["seat"][i]
        assert row[2:] == [int(t[f][i]) for f in "abcdef"]


def _dice_by_stream(game, record):
    """Replay a record; per die owner (seat, or -1: the track) its faces and, for each face,
    how many decisions had been read when it was drawn."""
    seen: dict = {}
    original = sources.ReplayDice.draw

    def draw(self, who):
        f = original(self, who)
        seen.setdefault(who, []).append((f, self.cursor.pos))
        return f
    sources.ReplayDice.draw = draw
    try:
        replay(game, record)
    finally:
        sources.ReplayDice.draw = original
    return seen


def _stream_faces(key, who, n):
    sid = seeding.STREAM_TRACK if who < 0 else seeding.STREAM_SEAT_DICE + who
    s = seeding.Stream(seeding.stream_key(key, sid))
    return [s.uniform_int(6) for _ in range(n)]


@pytest.mark.parametrize("kind", [pytest.param(KINDS[0], marks=CI), *KINDS[1:]])
def test_common_continuations_replay_and_play_the_games_own_dice(game, compiled, kind):
    """Every continuation's record replays through the reference engine; each seat's and the
    track's dice are the game's own streams' draws (seeding.py), whatever the alternative."""
    match = MATCHES["4p-province" if kind != "move" else "4p-archipelago"]
    seed, count = 3, scale(2, 1)
    t = play_forks(game, match, seed, 0, count, kind=kind, sample=scale(0.3, 0.1), threads=1,
                   record=True)
    assert len(t["records"]) == len(t["game"]) > 0
    root = seeding.root_key(seed)
    for i, rec in enumerate(t["records"]):
        gkey = seeding.game_key(root, int(t["game"][i]))
        for who, faces in _dice_by_stream(game, rec).items():
            assert [f for f, _ in faces] == _stream_faces(gkey, who, len(faces))


@CI
def test_resampled_continuations_redraw_the_hidden_and_keep_the_seen(game, compiled):
    """Resampled: up to the decision, the same decisions and dice as the straight game and
    the same cards dealt; from it on, the dice of stream key fork_key(game, decision,
    continuation) (seeding.py item 5), the unseen cards redrawn among themselves; every
    record replays through the reference engine."""
    match = MATCHES["4p-province"]
    seed, conts = 5, 3
    t = play_forks(game, match, seed, 0, 1, kind="recruit", sample=scale(0.3, 0.1),
                   mode="resampled", continuations=conts, threads=1, record=True)
    _, straight = _straight(game, match, seed, 0, 1)
    base = straight[0]
    root = seeding.root_key(seed)
    gkey = seeding.game_key(root, 0)
    tails = {}
    for i, rec in enumerate(t["records"]):
        d, c, r = int(t["decision"][i]), int(t["continuation"][i]), int(t["round"][i])
        assert rec.decisions[:d] == base.decisions[:d]
        seen = min(5 * r, len(base.setup["draw_pile"]))   # dealt at setup and each evening (E10)
        assert rec.setup["draw_pile"][:seen] == base.setup["draw_pile"][:seen]
        assert (sorted(rec.setup["draw_pile"] + rec.setup["box"])
                == sorted(base.setup["draw_pile"] + base.setup["box"]))
        assert sorted(rec.setup["spell_pile"]) == sorted(base.setup["spell_pile"])
        fkey = seeding.fork_key(gkey, d, c)
        for who, faces in _dice_by_stream(game, rec).items():
            before = [f for f, pos in faces if pos <= d]
            after = [f for f, pos in faces if pos > d]
            assert before == _stream_faces(gkey, who, len(before))
            assert after == _stream_faces(fkey, who, len(after))
        tails.setdefault((d, c), set()).add(tuple(rec.setup["draw_pile"][seen:]))
    # every alternative of one continuation gets the same redraw; continuations differ
    assert all(len(v) == 1 for v in tails.values())
    by_decision: dict = {}
    for (d, c), v in tails.items():
        by_decision.setdefault(d, set()).update(v)
    assert any(len(v) == conts for v in by_decision.values())


@pytest.mark.parametrize("mode", ("common", "resampled"))
def test_the_table_does_not_depend_on_the_thread_split(game, compiled, mode):
    match = MATCHES["4p-archipelago"]
    conts = 2 if mode == "resampled" else 1
    kw = dict(kind="recruit", sample=scale(0.25, 0.1), mode=mode, continuations=conts)
    count = scale(12, 2)
    one = play_forks(game, match, 9, 100, count, threads=1, **kw)
    two = play_forks(game, match, 9, 100, count, threads=2, **kw)
    parts = [play_forks(game, match, 9, 100 + lo, c, threads=1, **kw)
             for lo, c in ((0, 1), (1, count - 1))]
    for k in one:
        assert np.array_equal(one[k], two[k]), k
        assert np.array_equal(one[k], np.concatenate([p[k] for p in parts])), k


@CI
def test_sampling_is_the_documented_draw(game, compiled):
    """The decisions forked are those seeding.fork_sampled selects, every RECRUIT at rate 1."""
    match = MATCHES["4p-province"]
    t_all = play_forks(game, match, 2, 0, 1, kind="recruit", sample=1.0, threads=1)
    _, rec = _straight(game, match, 2, 0, 1)
    recruits = [i for i, row in enumerate(rec[0].decisions) if row[1] == 1]
    assert sorted(set(t_all["decision"].tolist())) == recruits
    t = play_forks(game, match, 2, 0, 1, kind="recruit", sample=0.4, threads=1)
    root = seeding.root_key(2)
    want = [d for d in recruits if seeding.fork_sampled(root, 0, d, 0.4)]
    assert sorted(set(t["decision"].tolist())) == want
    # alternatives: the legal rows, the companion on the space taken
    for d in set(t_all["decision"].tolist()):
        sel = t_all["decision"] == d
        assert t_all["alternative"][sel].tolist() == list(range(int(t_all["n_alternatives"][sel][0])))
    assert game_equivalents(t_all) == pytest.approx(np.sum((9 - t_all["round"]) / 8))


@pytest.mark.parametrize("bad, msg", [
    (dict(kind="spell"), "kind 'spell'"),
    (dict(sample=0.0), "sample must be a rate"),
    (dict(sample=1.5), "sample must be a rate"),
    (dict(mode="fresh"), "mode 'fresh'"),
    (dict(continuations=2), "needs mode='resampled'"),
    (dict(continuations=0, mode="resampled"), "continuations must be"),
])
def test_bad_arguments_get_one_clear_line(game, bad, msg):
    kw = dict(kind="recruit", sample=0.25, mode="common", continuations=1)
    kw.update(bad)
    with pytest.raises(ValueError, match=msg):
        play_forks(game, MATCHES["4p-province"], 1, 0, 1, **kw)


def test_solo_forks_in_common_mode_only(game, compiled):
    solo = Match(1, "province", ["random"], [H])
    with pytest.raises(ValueError, match="2-4 players"):
        play_forks(game, solo, 1, 0, 1, mode="resampled", continuations=2)
    t = play_forks(game, solo, 1, 0, 1, kind="recruit", sample=scale(0.3, 0.1), threads=1,
                   record=True)
    straight = play_block(game, solo, 1, 0, 1, record=[0], workers=1)
    for i in np.flatnonzero(t["chosen_by_bot"]):
        assert t["records"][i].to_dict() == straight["records"][0].to_dict()
    for rec in t["records"]:
        replay(game, rec)


@pytest.mark.skipif(not JIT, reason="many continuations: compiled kernels only")
def test_a_block_with_many_continuations_grows_its_buffers(game, compiled):
    """Rerolls at rate 1 capture thousands of rows per game: more than the first room."""
    match = MATCHES["4p-province"]
    t = play_forks(game, match, 4, 0, 3, kind="reroll", sample=1.0, threads=1)
    assert len(t["game"]) > 4096
    assert set(t["game"].tolist()) == {0, 1, 2}


def _spells_at(game, record, d):
    """Per seat the spell tokens held before decision d that have not yet been active at a
    noon (rows, sorted), the ones that have, and the spell pile left."""
    from glowsim.engine import GameState
    st = GameState.from_record(game, record, d).game.state
    r = st.round
    # a token active from round a has been at a noon once round a's noon is over: at a recruit
    # (the morning) that is a < r
    fresh = {q.seat: sorted(s.row for s in q.spells if s.active_from >= r) for q in st.players}
    tried = {q.seat: sorted(s.row for s in q.spells if s.active_from < r) for q in st.players}
    return fresh, tried, sorted(st.spell_pile)


def test_resampled_continuations_redraw_the_other_players_spell_tokens(game, compiled):
    """Resampled (docs/forks.md): the tokens the other players drew and have not yet had
    active at a noon are dealt again with the spell pile past its top; the deciding seat's
    tokens and tokens already active at a noon stay; the records replay (R5/E4: the
    companion Xar'gok, A10, casts spells)."""
    match = MATCHES["4p-province"]
    seed, conts, count = 8, 4, scale(16, 6)
    t = play_forks(game, match, seed, 0, count, kind="recruit", sample=1.0, mode="resampled",
                   continuations=conts, threads=1, record=True)
    _, straight = _straight(game, match, seed, 0, count)
    redrawn = 0
    for i, rec in enumerate(t["records"]):
        if t["alternative"][i] != 0:
            continue
        replay(game, rec)
        g, d, p = int(t["game"][i]), int(t["decision"][i]), int(t["seat"][i])
        held, tried, pile = _spells_at(game, rec, d)
        held0, tried0, pile0 = _spells_at(game, straight[g], d)
        assert held[p] == held0[p] and tried == tried0
        others = sorted(sum((v for q, v in held.items() if q != p), []) + pile)
        others0 = sorted(sum((v for q, v in held0.items() if q != p), []) + pile0)
        assert others == others0
        assert [len(held[q]) for q in held] == [len(held0[q]) for q in held0]
        redrawn += any(held[q] != held0[q] for q in held if q != p)
    assert redrawn > 0
