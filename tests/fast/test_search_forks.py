"""Forks of games with search seats (glowsim/fast/search_forks.py, docs/forks.md): the fork of a
searched pick with the row the search chose is the straight game, bit for bit; the table is
play_forks' and does not depend on the thread split; the picks forked are the search seats'
listed picks the documented draw selects, each with every legal row; every continuation's
record replays through the reference engine and agrees with the straight game up to its pick
(common random numbers); a search game forks in common mode, recruit picks only."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from glowsim import seeding
from glowsim.engine import replay
from glowsim.errors import UserError
from glowsim.fast import Match, bot_preset, play_block
from glowsim.fast.kernel.forkcontrol import T_CHOSEN, T_DEC, T_NOPT, T_OPT
from glowsim.fast.fork_table import play_forks
from glowsim.fast.search_forks import _SearchForks
from glowsim.fast.search_bot import picks
from glowsim.fast.corecall import roll
from glowsim.fast.forks.searchplay import OP_CAPTURE, OP_FORCED
from glowsim.fast.kernel.state import G_ERR, G_NDEC, G_NDICE

from .conftest import JIT, scale
from .searchgame import SearchGame

CI = pytest.mark.nojit_ci   # also run with numba off in CI (make test)


def _rollout(budget, options=0):
    return bot_preset("rollout", rollout_budget=budget, rollout_options=options)


def _match(budget, options, n=4, side="province", mixed=True):
    bots = [_rollout(budget, options) if (s % 2 == 0 or not mixed) else bot_preset("expert")
            for s in range(n)]
    return Match(n, side, ["random"] * n, bots)


def _search_game(game, match, seed) -> SearchGame:
    """A SearchGame keeping its records, with one snapshot slot for OP_FORCED to store into."""
    sg = SearchGame(game, match, seed, record=True)
    sg.snap = _SearchForks(game, match, seed, 0, 1.0, True)._snap()
    return sg


def _forced(sg: SearchGame, gi: int, given: int) -> int:
    return int(roll(sg.K, sg.S, sg.R, sg.W, sg.root, gi, 0, 1, sg.slots, sg.out, sg.snap,
                    OP_FORCED, given))


def _capture(sg: SearchGame, gi: int, given: int) -> int:
    return int(roll(sg.K, sg.S, sg.R, sg.W, sg.root, gi, 0, 1, sg.slots, sg.out, sg.snap,
                    OP_CAPTURE, given))


def _state(S):
    return (S.g.copy(), S.pl.copy(), S.rdec[:S.g[G_NDEC]].copy(), S.rdice[:S.g[G_NDICE]].copy(),
            [(p["decision"], p["row"]) for p in picks(S)])


def _same(a, b) -> bool:
    return (all(np.array_equal(x, y) for x, y in zip(a[:4], b[:4])) and a[4] == b[4])


@CI
def test_the_searched_row_forced_is_the_straight_game_bit_for_bit(game, compiled):
    """OP_FORCED with the first t+1 listed picks given (pick t with the row its search chose)
    and searching after them plays the straight game again: the same state, record buffers
    and list of picks, the later picks searched again to the same rows."""
    match = _match(budget=scale(3, 1), options=scale(0, 2))
    sg = _search_game(game, match, 13)
    checked = 0
    for gi in range(scale(2, 1)):
        nw = _forced(sg, gi, 0)
        assert sg.S.g[G_ERR] == 0
        straight = _state(sg.S)
        listed = list(straight[4])
        assert len(listed) >= 2
        tgt, opt = sg.S.fk.tgt.copy(), sg.S.fk.opt.copy()
        for t in sorted({0, len(listed) // 2, len(listed) - 1}):
            sg.S.fk.tgt[:] = tgt
            sg.S.fk.opt[:] = opt
            assert _forced(sg, gi, t + 1) == nw
            assert sg.S.g[G_ERR] == 0
            assert _same(_state(sg.S), straight)
            checked += 1
        sg.S.fk.tgt[:] = tgt
        sg.S.fk.opt[:] = opt
        # and the list given whole, nothing searched: the same game (searchplay.OP_REPLAY)
        assert sg.replay(gi, len(listed)) == nw and _same(_state(sg.S), straight)
    assert checked >= 2


@CI
def test_another_row_forced_changes_the_pick_and_searches_on(game, compiled):
    """A pick forced to another legal row takes that row at the pick's decision; the game
    up to it is the straight game's (decisions and dice), and the picks after it are searched
    again (the list is cut after the forced pick, then grows)."""
    match = _match(budget=scale(2, 1), options=scale(0, 2))
    sg = _search_game(game, match, 29)
    gi = 3
    _forced(sg, gi, 0)
    straight = _state(sg.S)
    tgt, opt = sg.S.fk.tgt.copy(), sg.S.fk.opt.copy()
    listed = picks(sg.S)
    t = next(i for i, p in enumerate(listed) if p["n_rows"] >= 2 and i < len(listed) - 1)
    p = listed[t]
    alt = (p["row"] + 1) % p["n_rows"]
    # its legal rows (the list keeps only the row the search chose): OP_CAPTURE
    sg.S.fk.tgt[:] = tgt
    sg.S.fk.opt[:] = opt
    assert _capture(sg, gi, t) == 0 and sg.S.g[G_ERR] == 0
    c = sg.S.fk.tgt[t].copy()
    assert c[T_DEC] == p["decision"] and c[T_NOPT] == p["n_rows"]
    legal = sg.S.fk.opt[c[T_OPT]:c[T_OPT] + c[T_NOPT]].copy()
    assert list(legal[p["row"]][:6]) == list(p["fields"])   # the row the search kept
    sg.S.fk.tgt[:] = tgt
    sg.S.fk.opt[:] = opt
    sg.S.fk.tgt[t, T_CHOSEN] = alt
    sg.S.fk.opt[tgt[t, T_OPT]] = legal[alt]
    _forced(sg, gi, t + 1)
    assert sg.S.g[G_ERR] == 0
    forked = _state(sg.S)
    d = p["decision"]
    assert np.array_equal(forked[2][:d], straight[2][:d])          # the same decisions before it
    row = legal[alt]
    took = legal[p["row"]]
    # the decision row [seat, kind, a..f] (journal.log_decision): the forced row at the pick
    assert list(forked[2][d][2:8]) == list(row[:6]) and list(straight[2][d][2:8]) == list(took[:6])
    assert forked[4][:t] == straight[4][:t] and forked[4][t] == (d, alt)
    assert len(forked[4]) > t + 1   # later picks searched again


def _table(game, match, seed, start, count, threads, sample=0.5, record=False):
    return play_forks(game, match, seed, start, count, kind="recruit", sample=sample, mode="common",
                      threads=threads, record=record)


def test_the_table_does_not_depend_on_the_thread_split(game, compiled):
    match = _match(budget=2, options=3)
    a = _table(game, match, 5, 2, 6, threads=1)
    b = _table(game, match, 5, 2, 6, threads=2)
    assert len(a["game"]) > 0 and set(a) == set(b)
    for k in a:
        assert list(a[k]) == list(b[k]), k


def test_forked_picks_are_the_listed_picks_the_draw_selects_with_every_row(game, compiled):
    """Only the search seats' listed picks are forked (a mixed match: the expert seats'
    picks are not), those and only those the documented draw selects, each with all its
    legal rows (not only the rollout_options the search looked at); the chosen row is the
    straight game's (its score and win share are the players table's)."""
    match = _match(budget=2, options=2)
    seed, start, count, sample = 7, 0, 4, 0.5
    t = _table(game, match, seed, start, count, threads=1, sample=sample)
    straight = pd.DataFrame(play_block(game, match, seed, start, count, workers=1,
                                       tables=("players",))["players"])
    root = seeding.root_key(seed)
    sg = SearchGame(game, match, seed)
    want = set()
    for gi in range(start, start + count):
        sg.play(gi)
        for p in picks(sg.S):
            assert p["seat"] % 2 == 0
            if seeding.fork_sampled(root, gi, p["decision"], sample):
                want.add((gi, p["decision"], p["n_rows"], p["row"]))
    got = {}
    for i in range(len(t["game"])):
        key = (int(t["game"][i]), int(t["decision"][i]))
        got.setdefault(key, []).append(i)
    assert want and {(g, d) for g, d, _, _ in want} == set(got)
    wider = 0
    for g, d, n, row in want:
        rows = got[(g, d)]
        assert [int(t["alternative"][i]) for i in rows] == list(range(n))
        assert [bool(t["chosen_by_bot"][i]) for i in rows] == [a == row for a in range(n)]
        wider += n > 2
        c = rows[row]
        seat = int(t["seat"][c])
        pl = straight[(straight.game_index == g) & (straight.seat == seat)].iloc[0]
        assert t["score"][c] == pl.score and t["win_share"][c] == pl.win_share
    assert wider > 0   # rows past the search's two were forked too


@CI
def test_continuations_replay_and_share_the_straight_games_past(game, compiled):
    """Every continuation's record replays through the reference engine; it has the straight
    game's decisions and dice up to its pick and the alternative's row at it."""
    match = _match(budget=scale(2, 1), options=scale(3, 2), mixed=JIT)
    count = scale(2, 1)
    t = _table(game, match, 3, 0, count, threads=1, sample=scale(0.3, 0.15), record=True)
    assert len(t["records"]) == len(t["game"]) > 0
    straight = {r.seed["game_index"]: r for r in
                play_block(game, match, 3, 0, count, record=range(count), workers=1)["records"]}
    for i, rec in enumerate(t["records"]):
        d = int(t["decision"][i])
        base = straight[int(t["game"][i])]
        assert [tuple(x) for x in rec.decisions[:d]] == [tuple(x) for x in base.decisions[:d]]
        assert list(rec.decisions[d])[0] == t["seat"][i]
        assert list(rec.decisions[d])[2:] == [int(t[f][i]) for f in "abcdef"]
        if t["chosen_by_bot"][i]:
            assert rec.to_dict() == base.to_dict()
        assert replay(game, rec) is not None


@pytest.mark.parametrize("kw, msg", [
    (dict(kind="reroll"), "kind='recruit'"),
    (dict(mode="resampled", continuations=2), "mode='common' only"),
])
def test_search_games_fork_recruit_picks_in_common_mode_only(game, kw, msg):
    args = dict(kind="recruit", sample=0.5, mode="common", continuations=1)
    args.update(kw)
    with pytest.raises(UserError, match=msg):
        play_forks(game, _match(2, 2), 1, 0, 1, **args)
