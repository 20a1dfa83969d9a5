"""The search bot `rollout` (glowsim/fast/bots/search.py, forks/searchplay.py): reproducible and
independent of the thread split; its game is the straight game with its searched picks
forced; its records replay through the reference engine; it never reads what its player
cannot see (changing only hidden parts of the state at a pick leaves the search's totals
unchanged for every row)."""
from __future__ import annotations

import numpy as np
import pytest

from glowsim.engine import replay
from glowsim.errors import UserError
from glowsim.fast import Match, bot_preset, play_block
from glowsim.fast.kernel.forkcontrol import FC_NOPT, FC_NT, T_CHOSEN, T_DEC, T_NOPT, T_OPT, T_ROUND, T_SEAT
from glowsim.fast.search_bot import picks
from .searchgame import SearchGame, shuffle_within_decks
from glowsim.fast.kernel.state import (CD_BOX, CD_PILE, CD_SPILE, G_ERR, G_NBOX, G_NDEC, G_NDICE, G_PILE_LEN,
                                G_PILE_POS, G_SPILE_LEN, G_SPILE_POS, P_NSPELL, PS_POS, PS_ROW,
                                PS_TRIED)
from glowsim.seeding import STREAM_SEAT_DICE, STREAM_TRACK

from .conftest import JIT, scale

CI = pytest.mark.nojit_ci


def _rollout(budget, options=0):
    return bot_preset("rollout", rollout_budget=budget, rollout_options=options)


def _match(budget=2, options=3, n=4, side="province"):
    bots = [_rollout(budget, options) if s % 2 == 0 else bot_preset("expert") for s in range(n)]
    return Match(n, side, ["random"] * n, bots)


def _cols(game, match, seed, start, count, workers):
    return play_block(game, match, seed, start, count, record=range(start, start + count),
                      workers=workers, tables=("players",))


@CI
def test_same_seed_same_game_on_any_thread_split(game, compiled):
    match = _match(budget=scale(2, 1), options=scale(3, 2))
    count = scale(6, 2)
    a = _cols(game, match, 5, 3, count, workers=1)
    b = _cols(game, match, 5, 3, count, workers=2)
    c = _cols(game, match, 5, 3, count, workers=1)
    for k in ("score", "win_share", "adventurer"):
        assert list(a["players"][k]) == list(b["players"][k]) == list(c["players"][k])
    assert [r.to_dict() for r in a["records"]] == [r.to_dict() for r in b["records"]]


@CI
def test_records_replay_through_the_reference_engine(game, compiled):
    """The reference engine cannot search, but it replays a rollout game from its record:
    the searched picks are rows of the record like any decision."""
    for side, n in (("province", 4), ("archipelago", 3)):
        match = _match(budget=scale(2, 1), options=scale(4, 2), n=n, side=side)
        cols = _cols(game, match, 9, 0, scale(3, 1), workers=1)
        for rec in cols["records"]:
            final = replay(game, rec)
            assert final is not None


@CI
def test_the_game_is_the_straight_game_with_its_picks_forced(game, compiled):
    """Replaying the list of searched picks (no search) gives the same game, bit for bit,
    and the searches changed at least one pick from the base bot's (else the bot would be
    `expert`)."""
    match = _match(budget=scale(3, 1), options=scale(0, 2))
    sg = SearchGame(game, match, 21, record=True)
    S = sg.S
    changed = 0
    for gi in range(scale(3, 1)):
        nw = sg.play(gi)
        listed = picks(S)
        assert listed and all(p["seat"] % 2 == 0 for p in listed)
        first = (S.g.copy(), S.pl.copy(), S.rdec[:S.g[G_NDEC]].copy(), S.rdice[:S.g[G_NDICE]].copy())
        nw2 = sg.replay(gi, len(listed))
        assert S.g[G_ERR] == 0   # no kernel error: every searched pick met in the replay
        assert nw2 == nw
        assert np.array_equal(first[0], S.g) and np.array_equal(first[1], S.pl)
        assert np.array_equal(first[2], S.rdec[:S.g[G_NDEC]]) and np.array_equal(first[3], S.rdice[:S.g[G_NDICE]])
        plain = play_block(game, Match(4, "province", ["random"] * 4, ["expert"] * 4), 21, gi, 1,
                           record=[gi], workers=1)["records"][0]
        ours = [tuple(r) for r in S.rdec[:S.g[G_NDEC]]]
        theirs = [tuple(r) for r in plain.decisions]
        changed += sum(1 for p in listed
                       if p["decision"] >= len(theirs) or ours[p["decision"]] != theirs[p["decision"]])
    if JIT:   # (numba off: one game, budget 1: the base bot's choices may all stand)
        assert changed > 0


def _hide_changes(K, S, R, r, seat, rng):
    """Change, in the round state R[r], only what `seat` cannot see at its first pick of
    round r: the order of the unseen cards of each deck (draw pile past its top and box),
    the other players' spell tokens not yet active at a noon and the spell pile's order, and
    the dice to come
    (the seat and track streams re-keyed).  Returns what was changed."""
    g, cd, ps, pl = R.g[r], R.cd[r], R.ps[r], R.pl[r]
    pile = list(range(g[G_PILE_POS], g[G_PILE_LEN]))
    unseen = [(CD_PILE, i) for i in pile] + [(CD_BOX, i) for i in range(g[G_NBOX])]
    moved = shuffle_within_decks(K, cd, unseen, rng)
    held = [(q, i) for q in range(g[0]) if q != seat for i in range(pl[q, P_NSPELL])
            if ps[q, PS_TRIED, i] == 0]   # a token active at a noon is known (forkcontrol.redraw_spells)
    spile = list(range(g[G_SPILE_POS], g[G_SPILE_LEN]))
    tokens = [ps[q, PS_ROW, i] for q, i in held] + [cd[CD_SPILE, i] for i in spile]
    perm = rng.permutation(len(tokens))
    new = [tokens[j] for j in perm]
    for k, (q, i) in enumerate(held):
        ps[q, PS_ROW, i] = new[k]
        cd[CD_SPILE, ps[q, PS_POS, i]] = new[k]   # the setup deals what the player holds
    for k, i in enumerate(spile):
        cd[CD_SPILE, i] = new[len(held) + k]
    st = R.streams[r]
    for s in [STREAM_TRACK] + [STREAM_SEAT_DICE + q for q in range(g[0])]:
        st[s, 0] = np.uint64(rng.integers(1, 2**62))
    return moved, sum(1 for a, b in zip(tokens, new) if a != b), len(held)


@CI
def test_the_search_never_reads_hidden_information(game, compiled):
    """At a searched pick, the totals of every row are the same when only hidden parts of
    the state differ (deck order past the visible cards, other players' unseen spells,
    future dice): the continuations depend on the key and the visible state alone.  Another
    key gives other totals (the check can fail)."""
    match = _match(budget=scale(4, 2), options=scale(0, 3))
    sg = SearchGame(game, match, 33)
    K, S, R, W = sg.K, sg.S, sg.R, sg.W
    rng = np.random.default_rng(1)
    checked = spells = held_total = differs = wins = 0
    for gi in range(scale(4, 1)):
        sg.play(gi)
        listed = picks(S)
        tgt = S.fk.tgt.copy()
        keep = [a.copy() for a in R]   # the game's round states (kept by play)
        # the last searched pick of the game (late: the other players may hold spells)
        t = int(S.fk.ctl[FC_NT]) - 1
        r, seat = int(tgt[t, T_ROUND]), int(tgt[t, T_SEAT])
        results = []
        for change in (False, True):
            for a, k in zip(R, keep):
                a[...] = k
            S.fk.ctl[FC_NT] = t
            S.fk.ctl[FC_NOPT] = int(tgt[t, T_OPT])
            if change:
                moved, sp, held = _hide_changes(K, S, R, r, seat, rng)
                assert moved > 0
                spells += sp
                held_total += held
            got = sg.decide(r)
            assert got == t and int(S.fk.tgt[t, T_DEC]) == int(tgt[t, T_DEC])
            n = int(S.fk.tgt[t, T_NOPT])
            m = n if n <= 64 else 64
            results.append((W.cand[:m].copy(), W.acc[:m].copy(), int(S.fk.tgt[t, T_CHOSEN])))
        # another key (root of the continuations' redraws) with the true state: other totals
        for a, k in zip(R, keep):
            a[...] = k
        S.fk.ctl[FC_NT] = t
        S.fk.ctl[FC_NOPT] = int(tgt[t, T_OPT])
        S.fk.key[0] ^= np.uint64(0x9E3779B97F4A7C15)
        assert sg.decide(r) == t
        other = W.acc[:len(results[0][1])].copy()
        S.fk.key[0] ^= np.uint64(0x9E3779B97F4A7C15)
        for a, k in zip(R, keep):
            a[...] = k
        differs += not np.array_equal(other, results[0][1])
        assert np.array_equal(results[0][0], results[1][0])
        assert np.array_equal(results[0][1], results[1][1])
        assert results[0][2] == results[1][2] == listed[t]["row"]
        wins += int(results[0][1].sum())
        checked += 1
    assert checked > 0
    if JIT:   # (numba off: one game, budget 2: the totals may all be 0)
        assert wins > 0 and differs > 0
        assert spells > 0 and held_total > 0   # the other players' spells were changed too


def test_search_bot_errors(game):
    with pytest.raises(UserError, match="rollout_budget"):
        bot_preset("rollout", rollout_budget=-1)
    with pytest.raises(UserError, match="rollout_options"):
        bot_preset("rollout", rollout_options=2.5)
    with pytest.raises(UserError, match="2 or more players"):
        Match(1, "province", ["random"], ["rollout"]).kernel(game)
    from glowsim.engine import play_game
    with pytest.raises(UserError, match="fast path only"):
        play_game(game, n_players=2, side="province", bots=["rollout", "greedy"], root_seed=1)
