"""The search bot at its rerolls and moves (rollout_decisions, glowsim/fast/bots/search.py): which
decisions it searches, its game is the straight game with its searched rows forced (each the
row of the record there), the game does not depend on the thread split, its records replay
through the reference engine, and it never reads what its player cannot see at a searched
reroll or move."""
from __future__ import annotations

import numpy as np
import pytest

from glowsim.engine import replay
from glowsim.spec.botparams import PARAM_NAMES, PRESETS, base_of, decision_names, decisions_value
from glowsim.errors import UserError
from glowsim.fast import Match, bot_preset, play_block
from glowsim.fast.kernel.forkcontrol import (FC_NOPT, FC_NT, T_CHOSEN, T_DEC, T_KIND, T_NOPT, T_OPT, T_ROUND,
                                  T_SEAT)
from glowsim.spec.decisions import ARCHI_MOVE, PROVINCE_MOVE, RECRUIT, REROLL
from glowsim.fast.search_bot import picks
from glowsim.fast.kernel.state import (CD_BOX, CD_PILE, CD_SPILE, G_ERR, G_NBOX, G_NDEC, G_NDICE,
                                G_PILE_LEN, G_PILE_POS, G_ROUND, G_SPILE_LEN, G_SPILE_POS, P_NSPELL,
                                PS_POS, PS_ROW, PS_TRIED)
from glowsim.scenarios import ScenarioError, expand, parse_scenario

from .conftest import JIT, scale
from .searchgame import SearchGame, shuffle_within_decks

CI = pytest.mark.nojit_ci
ALL = ("recruit", "reroll", "move")


def _rollout(budget, options, decisions=ALL):
    return bot_preset("rollout", rollout_budget=budget, rollout_options=options,
                      rollout_decisions=decisions_value(decisions))


def _match(budget=2, options=2, n=4, side="province", decisions=ALL):
    bots = [_rollout(budget, options, decisions) if s % 2 == 0 else bot_preset("expert")
            for s in range(n)]
    return Match(n, side, ["random"] * n, bots)


def test_the_decisions_parameter():
    assert decision_names(PRESETS["rollout"][PARAM_NAMES.index("rollout_decisions")]) == ["recruit"]
    assert decisions_value(["move", "recruit"]) == 5.0 and decision_names(7) == list(ALL)
    assert np.array_equal(base_of(_rollout(4, 2)), PRESETS["expert"])
    with pytest.raises(UserError, match="'rerol' is not a decision the search bot searches; "
                                        "allowed: recruit, reroll, move"):
        decisions_value(["recruit", "rerol"])
    with pytest.raises(UserError, match="rollout_decisions: 8 is not allowed"):
        bot_preset("rollout", rollout_decisions=8)


def test_a_scenario_names_the_decisions(tmp_path):
    """`{preset: rollout, decisions: [...]}` sets rollout_decisions; a wrong name or the field
    on another preset is one line naming the file, line and field."""
    def expanded(seat):
        return expand(parse_scenario(f"players: 2\nseat: {{bot: {seat}}}\n", "s.yaml",
                                     base_dir=tmp_path))
    s = expanded("{preset: rollout, budget: 4, decisions: [move, reroll]}")[0].seats[0]
    vec = bot_preset(s.bot, **dict(s.params))
    assert np.array_equal(vec, bot_preset("rollout", rollout_budget=4, rollout_decisions=6))
    assert s.label == "rollout*"
    for seat, expected in (
            ("{preset: rollout, decisions: [recruit, moves]}",
             "s.yaml, line 2: seat.bot.decisions: 'moves' is not a decision the search bot "
             "searches; allowed: recruit, reroll, move"),
            ("{preset: rollout, decisions: []}",
             "s.yaml, line 2: seat.bot.decisions: a list of one or more of recruit, reroll, move"),
            ("{preset: expert, decisions: [reroll]}",
             "s.yaml, line 2: seat.bot.decisions: decisions is a field of the search bot: give it "
             "with preset: rollout (fast engine)")):
        with pytest.raises(ScenarioError) as err:
            expanded(seat)
        assert str(err.value) == expected


@CI
def test_same_seed_same_game_on_any_thread_split(game, compiled):
    match = _match(budget=scale(2, 1), options=2, n=scale(4, 2))
    count = scale(4, 1)
    cols = [play_block(game, match, 5, 3, count, record=range(3, 3 + count), workers=w,
                       tables=("players",)) for w in (1, 2, 1)]
    for k in ("score", "win_share", "adventurer"):
        assert list(cols[0]["players"][k]) == list(cols[1]["players"][k]) == list(cols[2]["players"][k])
    assert ([r.to_dict() for r in cols[0]["records"]] == [r.to_dict() for r in cols[1]["records"]]
            == [r.to_dict() for r in cols[2]["records"]])


@CI
def test_records_replay_through_the_reference_engine(game, compiled):
    for side, n in (("province", 4), ("archipelago", 3)):
        match = _match(budget=scale(2, 1), options=2, n=scale(n, 2), side=side)
        cols = play_block(game, match, 9, 0, scale(2, 1), record=range(scale(2, 1)), workers=1,
                          tables=("players",))
        for rec in cols["records"]:
            assert replay(game, rec) is not None


@CI
@pytest.mark.parametrize("side,decisions", [("province", ALL), ("archipelago", ("move",)),
                                            ("province", ("reroll",))])
def test_the_game_is_the_straight_game_with_its_searched_rows_forced(game, compiled, side, decisions):
    """Each listed decision is one of the kinds asked, has two legal rows or more, and its
    kept row is the record's row there; replaying the list (nothing searched) gives the same
    game, bit for bit."""
    kinds = {"recruit": {RECRUIT}, "reroll": {REROLL},
             "move": {PROVINCE_MOVE if side == "province" else ARCHI_MOVE}}
    asked = set().union(*(kinds[d] for d in decisions))
    sg = SearchGame(game, _match(budget=scale(2, 1), options=2, n=scale(4, 2), side=side,
                                 decisions=decisions), 21, record=True)
    S = sg.S
    seen = set()
    for gi in range(scale(2, 1)):
        nw = sg.play(gi)
        assert S.g[G_ERR] == 0
        listed = picks(S)
        dec = S.rdec[:S.g[G_NDEC]].copy()
        for p in listed:
            assert p["kind"] in asked and p["n_rows"] >= 2 and 0 <= p["row"] < p["n_rows"]
            assert p["seat"] % 2 == 0
            assert list(dec[p["decision"]]) == [p["seat"], p["kind"], *p["fields"]]
            seen.add(p["kind"])
        first = (S.g.copy(), S.pl.copy(), dec, S.rdice[:S.g[G_NDICE]].copy())
        assert sg.replay(gi, len(listed)) == nw
        assert S.g[G_ERR] == 0   # every listed decision met in the replay, of its kind
        assert np.array_equal(first[0], S.g) and np.array_equal(first[1], S.pl)
        assert np.array_equal(first[2], S.rdec[:S.g[G_NDEC]])
        assert np.array_equal(first[3], S.rdice[:S.g[G_NDICE]])
    if JIT:
        assert seen == asked


def _hidden_through(K, R, r, nxt, seat, rng):
    """Change, in the round state R[r], only what `seat` cannot see at any decision of round r
    (nxt: the state at the start of round r + 1): the order of the deck cards past the draw
    pile's top of round r + 1 and of the box, and the spell tokens the other players hold that
    are still not active at a noon at round r + 1 together with the spell pile past its top
    of round r + 1.  (The dice to come are drawn in round r before its rerolls and moves:
    their streams are left alone here; tests/fast/test_rollout.py changes them at a recruit
    pick.)  Returns the number of cards and of spell tokens moved."""
    g, cd, ps, pl = R.g[r], R.cd[r], R.ps[r], R.pl[r]
    unseen = ([(CD_PILE, i) for i in range(nxt.g[G_PILE_POS], g[G_PILE_LEN])]
              + [(CD_BOX, i) for i in range(g[G_NBOX])])
    moved = shuffle_within_decks(K, cd, unseen, rng)
    later = {(q, int(nxt.ps[q, PS_POS, i])) for q in range(g[0]) for i in range(nxt.pl[q, P_NSPELL])
             if nxt.ps[q, PS_TRIED, i] == 0}   # a held token is named by its place in the pile
    held = [(q, i) for q in range(g[0]) if q != seat for i in range(pl[q, P_NSPELL])
            if ps[q, PS_TRIED, i] == 0 and (q, int(ps[q, PS_POS, i])) in later]
    spile = list(range(nxt.g[G_SPILE_POS], g[G_SPILE_LEN]))
    tokens = [ps[q, PS_ROW, i] for q, i in held] + [cd[CD_SPILE, i] for i in spile]
    perm = rng.permutation(len(tokens))
    new = [tokens[j] for j in perm]
    for k, (q, i) in enumerate(held):
        ps[q, PS_ROW, i] = new[k]
        cd[CD_SPILE, ps[q, PS_POS, i]] = new[k]
    for k, i in enumerate(spile):
        cd[CD_SPILE, i] = new[len(held) + k]
    return moved, sum(1 for a, b in zip(tokens, new) if a != b)


class _Round:
    """The fields of a round state _hidden_through reads."""

    def __init__(self, R, r):
        self.g, self.pl, self.ps = R.g[r].copy(), R.pl[r].copy(), R.ps[r].copy()


@pytest.mark.parametrize("kind", [REROLL, PROVINCE_MOVE])
def test_the_search_never_reads_hidden_information(game, compiled, kind):
    """At a searched reroll or move, the totals of every row are the same when only hidden
    parts of the state differ (deck order past the visible cards, other players' unseen
    spells): the continuations depend on the key and the visible state alone.  Another key
    gives other totals (the check can fail)."""
    decisions = ("reroll",) if kind == REROLL else ("move",)
    sg = SearchGame(game, _match(budget=scale(3, 1), options=3, decisions=decisions), 33)
    K, S, R, W = sg.K, sg.S, sg.R, sg.W
    rng = np.random.default_rng(2)
    checked = cards = spells = differs = wins = 0
    for gi in range(scale(3, 1)):
        sg.play(gi)
        last = int(S.g[G_ROUND])
        tgt = S.fk.tgt[:int(S.fk.ctl[FC_NT])].copy()
        keep = [a.copy() for a in R]
        ts = [t for t in range(len(tgt)) if tgt[t, T_KIND] == kind and tgt[t, T_ROUND] < last]
        if not ts:
            continue
        t = ts[-1]
        r, seat = int(tgt[t, T_ROUND]), int(tgt[t, T_SEAT])
        nxt = _Round(R, r + 1)
        results = []
        for change in (False, True, "key"):
            for a, k in zip(R, keep):
                a[...] = k
            S.fk.ctl[FC_NT] = t
            S.fk.ctl[FC_NOPT] = int(tgt[t, T_OPT])
            if change is True:
                moved, sp = _hidden_through(K, R, r, nxt, seat, rng)
                assert moved > 0
                cards += moved
                spells += sp
            if change == "key":
                S.fk.key[0] ^= np.uint64(0x9E3779B97F4A7C15)
            got = sg.decide(r)
            if change == "key":
                S.fk.key[0] ^= np.uint64(0x9E3779B97F4A7C15)
            assert got == t and int(S.fk.tgt[t, T_DEC]) == int(tgt[t, T_DEC])
            m = min(3, int(S.fk.tgt[t, T_NOPT]))
            results.append((W.cand[:m].copy(), W.acc[:m].copy(), int(S.fk.tgt[t, T_CHOSEN])))
        for a, k in zip(R, keep):
            a[...] = k
        assert np.array_equal(results[0][0], results[1][0])
        assert np.array_equal(results[0][1], results[1][1])
        assert results[0][2] == results[1][2] == int(tgt[t, T_CHOSEN])
        differs += not np.array_equal(results[0][1], results[2][1])
        wins += int(results[0][1].sum())
        checked += 1
    assert checked > 0
    if JIT:
        assert wins > 0 and differs > 0 and cards > 0 and spells > 0


def test_play_and_bench_name_the_decisions(capsys):
    """`rollout:DECISIONS` names the decisions on the command line; a wrong one is one line."""
    from glowsim.cli.main import main
    assert np.array_equal(bot_preset("rollout:move+recruit"), bot_preset("rollout", rollout_decisions=5))
    assert main(["play", "--players", "2", "--bots", "rollout:recruit+moves,expert"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "'moves' is not a decision the search bot searches; allowed: recruit, reroll, move" in err
    assert main(["bench", "--bot", "expert:reroll", "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "only the search bot (rollout) names decisions" in err


@CI
def test_a_search_of_one_row_plays_the_base_bots_game(game, compiled):
    """rollout_options 1: every searched decision evaluates the base bot's row alone and takes
    it, so the game is the base bot's (expert) game: the search's continuations leave no trace
    on the game they are played from."""
    for side, n in (("province", scale(4, 2)), ("archipelago", 3)):
        count = scale(3, 1)
        search = play_block(game, _match(budget=1, options=1, n=n, side=side), 12, 0, count,
                            record=range(count), workers=1)
        plain = play_block(game, Match(n, side, ["random"] * n, ["expert"] * n), 12, 0, count,
                           record=range(count), workers=1)
        for a, b in zip(search["records"], plain["records"]):
            assert [list(r) for r in a.decisions] == [list(r) for r in b.decisions]
            assert a.final == b.final
