"""Rollouts of a position in the fast path against the reference engine (glowsim analyze).

The position is loaded into the fast path's arrays (glowsim/position/fastload.py) and played
on by the compiled kernels (glowsim/fast/forks/position.py).  The reference engine is the
check: on the same redrawn worlds, with the same option taken at the decision and the same
bots after it, both must give the same final score to every seat and the same winners (the
dice come from the same counter-based streams, seeding.py, so no tolerance is needed).
"""
import json

import numpy as np
import pytest

from glowsim import seeding as SD
from glowsim.content import load_game
from glowsim.content.yamlio import load_yaml_file
from glowsim.engine import GameState, play_game, play_solo
from glowsim.fast import positions as FP
from glowsim.position import analyze_state, position_state, record_state
from glowsim.position.fastload import TAKEN, L, fast_refusal, load, play_worlds
from glowsim.position.rollouts import distinct_options, resolve_bot
from glowsim.spec import decisions as D

GAME = load_game()
DAWN = load_game(dawn=True)
CI = pytest.mark.nojit_ci   # also run with numba off in CI (make test)


def _record(n, side, bots, seed):
    return play_game(GAME, n_players=n, side=side, bots=[resolve_bot(b) for b in bots],
                     root_seed=seed).record


def _cuts(record, kinds=(D.RECRUIT, D.REROLL), every=1):
    """Indices of the record's decisions of `kinds`, every `every`-th."""
    ks = [k for k, r in enumerate(record.decisions) if r[1] in kinds]
    return ks[::every]


def _engine_outcomes(world, options):
    """(final scores, winners) of every seat per option, the option applied to a copy of
    `world` and the bots playing on (rollouts.play_rollout's steps)."""
    final, win = [], []
    for row in options:
        s = world.clone()
        s.apply(row)
        s.play_bots()
        final.append(list(s.scores))
        win.append([1 if w > 0 else 0 for w in s.win_shares])
        s.close()
    return np.array(final), np.array(win)


def _fast_outcomes(world, options, game=GAME):
    """The same in the fast path, from `world` loaded with its own streams (`game`: the
    content whose tables it plays, DAWN for a Dawn game)."""
    pos = load(world)
    rows = np.array([[int(x) for x in o] for o in options], np.int32)
    final, win, _ = FP.play(game, pos.S, pos.point, rows, pos.S.cd[None], pos.S.ps[None],
                            np.array([-1], np.int64))
    n = pos.n_players
    return final[0, :, :n], win[0, :, :n]


def _same_worlds(state, seed, key, worlds, game=GAME):
    """Every option on `worlds` redrawn worlds of `state` in both engines: equal."""
    options = distinct_options(state)[0]
    for i in range(worlds):
        world = state.resample_hidden(SD.resample_generator(seed, key, i))
        ef, ew = _engine_outcomes(world, options)
        ff, fw = _fast_outcomes(world, options, game)
        assert np.array_equal(ef, ff), (state, i, ef, ff)
        assert np.array_equal(ew, fw), (state, i, ew, fw)
        world.close()


@pytest.mark.parametrize("n,side,bot,seed", [
    (2, "province", "expert", 1), (3, "archipelago", "heuristic", 2),
    (4, "province", "greedy", 3), (4, "archipelago", "expert", 4), (3, "province", "random", 5),
    (4, "province", "greedy", 64),    # spell tokens held from round 3, some spent (E4)
])
def test_the_same_worlds_give_the_same_games_in_both_engines(n, side, bot, seed):
    # records cut at recruit picks (R3) and rerolls (R4) of several rounds, both board sides,
    # every kind of bot; rollout worlds redrawn by the engine (resample_hidden), loaded
    rec = _record(n, side, [bot] * n, seed)
    cuts = _cuts(rec)
    for k in cuts[:: max(1, len(cuts) // 5)]:
        state, key = record_state(GAME, rec, k, bot=bot)
        assert fast_refusal(state) is None
        _same_worlds(state, seed, key, worlds=2)
        state.close()


MOVES = (D.PROVINCE_MOVE, D.ARCHI_MOVE)


@pytest.mark.parametrize("n,side,bot,seed", [
    (2, "province", "expert", 1), (3, "archipelago", "heuristic", 2),
    (4, "province", "greedy", 3), (4, "archipelago", "expert", 4), (3, "province", "random", 5),
    (2, "archipelago", "random", 6), (3, "province", "heuristic", 7),
])
def test_games_cut_at_afternoon_moves_go_on_alike_in_both_engines(n, side, bot, seed):
    # records cut at Province moves (first steps and later ones of a journey, E7) and
    # Archipelago crossings (E8) of several rounds: the journey resumed with the option taken,
    # the rest of the afternoon and game by the bots, on the same redrawn worlds
    rec = _record(n, side, [bot] * n, seed)
    cuts = _cuts(rec, kinds=MOVES)
    later = [k for k in cuts if k - 1 in cuts and rec.decisions[k - 1][0] == rec.decisions[k][0]]
    assert side == "archipelago" or later     # the Province: moves after a step are cut too
    chosen = cuts[:: max(1, len(cuts) // 4)] + later[:: max(1, len(later) // 2)]
    for k in chosen:
        state, key = record_state(GAME, rec, k, bot=bot)
        assert fast_refusal(state) is None
        assert load(state).point.stage == FP.STAGE_MOVE
        _same_worlds(state, seed, key, worlds=2)
        state.close()


@pytest.mark.parametrize("kind,stage,n,side,bot,seed", [
    (D.DISCARD_2P, FP.STAGE_DISCARD, 2, "province", "expert", 1),          # R7
    (D.DISCARD_2P, FP.STAGE_DISCARD, 2, "archipelago", "random", 6),
    (D.SKETAL_DIE, FP.STAGE_SKETAL, 3, "province", "heuristic", 100),      # R3: any colour
    (D.SKETAL_DIE, FP.STAGE_SKETAL, 2, "province", "random", 101),
    (D.SKETAL_DIE, FP.STAGE_NOON_SKETAL, 3, "archipelago", "random", 100),  # E12: taken back
    (D.RESOLVE, FP.STAGE_RESOLVE, 3, "province", "random", 2),             # R5/E3
    (D.RESOLVE, FP.STAGE_RESOLVE, 4, "archipelago", "heuristic", 4),
    (D.RESOLVE, FP.STAGE_RESOLVE, 2, "province", "expert", 7),
    (D.CROMAUG, FP.STAGE_CROMAUG, 3, "archipelago", "random", 100),         # E12
    (D.CROMAUG, FP.STAGE_CROMAUG, 3, "province", "heuristic", 100),
    (D.CROMAUG, FP.STAGE_CROMAUG, 4, "province", "expert", 102),
    (D.LOSE, FP.STAGE_LOSE, 3, "archipelago", "random", 6),                 # R6: an island's
    (D.LOSE, FP.STAGE_LOSE, 2, "province", "expert", 7),                    # R6: a path's
])
def test_games_cut_within_a_phase_go_on_alike_in_both_engines(kind, stage, n, side, bot, seed):
    # records cut at the decisions taken within a morning's pick (a Sketal's die, the
    # 2-player discard), a noon (the next item, Cromaug's take and its Sketal's die) and a
    # journey's move (a loss): the phase resumed there with the option taken, the rest of the
    # game by the bots, on the same redrawn worlds
    rec = _record(n, side, [bot] * n, seed)
    seen = 0
    for k in _cuts(rec, kinds=(kind,)):
        state, key = record_state(GAME, rec, k, bot=bot)
        assert fast_refusal(state) is None
        if load(state).point.stage == stage and seen < 3:
            _same_worlds(state, seed, key, worlds=2)
            seen += 1
        state.close()
    assert seen


@CI
def test_a_noon_resumes_with_the_items_resolved_before_the_cut():
    # a RESOLVE cut after the player resolved its adventurer (E3): the load marks it, and
    # the game goes on as the engine's only with it marked (resolved twice, the count differs)
    rec = _record(3, "province", ["random"] * 3, 2)
    state, key = record_state(GAME, rec, 237, bot="random")
    pos = load(state)
    assert pos.point.stage == FP.STAGE_RESOLVE and pos.point.aux == 1
    world = state.resample_hidden(SD.resample_generator(2, key, 0))
    options = distinct_options(world)[0]
    ef, _ = _engine_outcomes(world, options)
    ff, _ = _fast_outcomes(world, options)
    assert np.array_equal(ef, ff)
    again = load(world)
    rows = np.array([[int(x) for x in o] for o in options], np.int32)
    f, _, _ = FP.play(GAME, again.S, again.point._replace(aux=0), rows, again.S.cd[None],
                      again.S.ps[None], np.array([-1], np.int64))
    assert not np.array_equal(ef, f[0, :, :3])
    world.close()
    state.close()


SOLO_KINDS = (D.RECRUIT, D.SKETAL_DIE, D.TOM_BOAT, D.REROLL, D.RESOLVE, D.CROMAUG, D.LOSE,
              D.PROVINCE_MOVE, D.ARCHI_MOVE)


@pytest.mark.parametrize("side,bot,seed", [("province", "greedy", 1), ("archipelago", "random", 2),
                                           ("archipelago", "greedy", 3), ("province", "random", 4),
                                           ("archipelago", "random", 6)])
def test_solo_games_go_on_alike_in_both_engines(side, bot, seed):
    # R9: solo games against Tom cut at decisions of every kind through the game (deck A, the
    # tile reshuffle and deck B, E14), Tom's boat included (E17: several boats equally
    # close); the same redrawn worlds in both engines give the same final score and win
    rec = play_solo(GAME, side=side, bot=bot, root_seed=seed).record
    cuts = _cuts(rec, kinds=SOLO_KINDS)
    boats = _cuts(rec, kinds=(D.TOM_BOAT,))
    assert side == "province" or boats
    for k in cuts[:: max(1, len(cuts) // 6)] + boats[:2]:
        state, key = record_state(GAME, rec, k, bot=bot)
        assert fast_refusal(state) is None
        _same_worlds(state, seed, key, worlds=2)
        state.close()


@CI
def test_a_solo_redraw_is_the_engines_and_so_is_the_analysis():
    # R9/E16: the fast path redraws decks A and B, Tom's tile deck and its reshuffle order as
    # resample_hidden does, so the analysis is the same table in both engines, on deck A
    # before the reshuffle, on deck B after it and after the second (E14)
    for side, bot, seed in (("province", "greedy", 1), ("archipelago", "random", 6)):
        rec = play_solo(GAME, side=side, bot=bot, root_seed=seed).record
        n = len(rec.decisions)
        seen = set()
        for k in (3, n // 2, n - 3):
            state, key = record_state(GAME, rec, k, bot=bot)
            seen.add((state.game.tom.deck, state.game.tom.reshuffles))
            fast = analyze_state(state, bot=bot, rollouts=3, seed=5, key=key, engine="fast")
            ref = analyze_state(state, bot=bot, rollouts=3, seed=5, key=key, engine="reference")
            assert fast.engine == "fast" and ref.engine == "reference"
            assert np.array_equal(fast.wins, ref.wins) and np.array_equal(fast.scores, ref.scores)
            assert fast.table.equals(ref.table)
            state.close()
        assert seen == {("A", 0), ("B", 1), ("B", 2)}


DAWN_KINDS = (D.RECRUIT, D.DISCARD_2P, D.SKETAL_DIE, D.REROLL, D.PROVINCE_MOVE, D.ARCHI_MOVE)


@pytest.mark.parametrize("n,side,bot,seed,sets", [
    (2, "archipelago", "greedy", 4, None), (2, "province", "expert", 9, "draconic,elemental"),
    (3, "province", "heuristic", 7, "elemental,anibloom,draconic"),
    (4, "archipelago", "random", 8, "anibloom"),
    (5, "archipelago", "random", 2, None),       # D4: the little board, 7 spaces
    (6, "province", "expert", 3, None), (6, "archipelago", "heuristic", 6, None),
])
def test_dawn_games_go_on_alike_in_both_engines(n, side, bot, seed, sets):
    # D1-D18: Dawn games of 2-6 players, the sets chosen or drawn, cut at recruit picks (on 7
    # or 8 spaces and the little board at 5 and 6, D4), rerolls (the pink die's and the
    # jokers before, D8; bought rerolls, D12) and afternoon moves (the action tokens offered
    # before, D14), the rounds' swaps, costs and butterflies after them (D7, D10, D14)
    rec = play_game(DAWN, n_players=n, side=side, bots=[resolve_bot(bot)] * n, root_seed=seed,
                    dawn_sets=sets.split(",") if sets else None).record
    cuts = _cuts(rec, kinds=DAWN_KINDS)
    for k in cuts[:: max(1, len(cuts) // 5)]:
        state, key = record_state(DAWN, rec, k, bot=bot)
        assert fast_refusal(state) is None
        _same_worlds(state, seed, key, worlds=2, game=DAWN)
        state.close()


def test_a_dawn_loss_on_the_journey_is_taken_and_one_at_noon_is_not():
    # R6 in a Dawn game: a loss to an island's gains resumes the afternoon (the action tokens
    # offered after it, D14); one a card asks at noon (D13) is left to the reference engine
    rec = play_game(DAWN, n_players=4, side="archipelago", bots=[resolve_bot("random")] * 4,
                    root_seed=8, dawn_sets=["anibloom"]).record
    state, key = record_state(DAWN, rec, 192, bot="random")
    assert state.decision_kind.code == D.LOSE and rec.decisions[191][1] == D.ARCHI_MOVE
    assert fast_refusal(state) is None and load(state).point.stage == FP.STAGE_LOSE
    _same_worlds(state, 8, key, worlds=2, game=DAWN)
    state.close()
    rec = play_game(DAWN, n_players=5, side="archipelago", bots=[resolve_bot("greedy")] * 5,
                    root_seed=11, dawn_sets=["elemental", "anibloom", "draconic"]).record
    state, _ = record_state(DAWN, rec, 210, bot="greedy")
    assert state.decision_kind.code == D.LOSE and rec.decisions[209][1] == D.RESOLVE
    assert "a LOSE decision of a Dawn game (D1)" in fast_refusal(state)
    state.close()


@CI
def test_a_dawn_redraw_is_the_engines_and_so_is_the_analysis():
    # D3: the swap deck keeps its order, the pile is redrawn as resample_hidden does; in the
    # first rounds (no spell token active at an earlier noon) the tables are the same
    for n, side, bot, seed, sets in ((3, "province", "heuristic", 7, ["elemental", "anibloom",
                                                                      "draconic"]),
                                     (6, "archipelago", "greedy", 3, None)):
        rec = play_game(DAWN, n_players=n, side=side, bots=[resolve_bot(bot)] * n,
                        root_seed=seed, dawn_sets=sets).record
        ks = _cuts(rec)
        for k in (ks[2], ks[len(ks) // 6]):
            state, key = record_state(DAWN, rec, k, bot=bot)
            assert state.round <= 2
            fast = analyze_state(state, bot=bot, rollouts=3, seed=5, key=key, engine="fast")
            ref = analyze_state(state, bot=bot, rollouts=3, seed=5, key=key, engine="reference")
            assert fast.engine == "fast" and ref.engine == "reference"
            assert np.array_equal(fast.wins, ref.wins) and np.array_equal(fast.scores, ref.scores)
            assert fast.table.equals(ref.table)
            state.close()


def _goes_on_as_played(n, side, seed, cuts_of):
    """A game of `expert` seats cut at each decision `cuts_of(record)` names and loaded with
    its own hidden parts and streams, the record's own row taken there, plays on to the
    record's final count (deterministic bots: the heuristic keeps nothing between rounds that
    it does not rebuild, so a bot started at the cut decides as the one that played)."""
    out = play_game(GAME, n_players=n, side=side, bots=[resolve_bot("expert")] * n,
                    root_seed=seed)
    rec = out.record
    final = [p["score"] for p in out.players]
    cuts = cuts_of(rec)
    assert cuts
    for k in cuts:
        state, _ = record_state(GAME, rec, k, bot="expert")
        pos = load(state)
        row = np.array([rec.decisions[k]], np.int32)
        f, _, _ = FP.play(GAME, pos.S, pos.point, row, pos.S.cd[None], pos.S.ps[None],
                          np.array([-1], np.int64))
        assert list(f[0, 0, :n]) == final, (n, side, seed, k)
        state.close()


def _journey_ends(rec):
    """Every third move that ends a journey (a crossing, E8; a Province journey ended or
    camped after its steps, E7), of at least eight: a bot started within a journey plans it
    again from there, so a step cut would not replay the record."""
    ends = [k for k in _cuts(rec, kinds=MOVES)
            if rec.decisions[k][1] == D.ARCHI_MOVE or rec.decisions[k][2] != D.MOVE_STEP]
    assert len(ends) >= 8
    return ends[::3]


@CI
@pytest.mark.parametrize("n,side,seed", [(2, "province", 15), (3, "archipelago", 16),
                                         (4, "province", 17)])
def test_a_game_cut_at_a_move_goes_on_as_it_was_played(n, side, seed):
    _goes_on_as_played(n, side, seed, _journey_ends)


def test_the_stages_are_the_kernels():
    from glowsim.fast.forks import position as F
    names = [n for n in dir(F) if n.startswith("STAGE_")]
    assert len(names) == 10 and all(getattr(FP, n) == getattr(F, n) for n in names)
    assert sorted(getattr(F, n) for n in names) == list(range(10))


@CI
@pytest.mark.parametrize("name", ["example.yaml", "reroll.yaml"])
def test_a_position_file_plays_the_same_worlds_in_both_engines(name):
    data, _ = load_yaml_file(f"scenarios/positions/{name}")
    state, key = position_state(GAME, data, "expert")
    assert fast_refusal(state) is None
    _same_worlds(state, 3, key, worlds=3)


@CI
@pytest.mark.parametrize("n,side,seed", [(2, "archipelago", 11), (3, "province", 12),
                                         (4, "province", 13)])
def test_the_game_of_a_record_goes_on_as_it_was_played(n, side, seed):
    # every third recruit pick (R3)
    _goes_on_as_played(n, side, seed, lambda rec: _cuts(rec, kinds=(D.RECRUIT,), every=3))


def test_the_fast_redraw_is_the_engines_and_so_is_the_analysis():
    # without spell tokens of other players active at an earlier noon, rollout i's world is
    # the engine's resample_hidden world: the same cards, tokens and dice streams, and the
    # analysis the same table in both engines
    rec = _record(3, "province", ["expert"] * 3, 21)
    k = _cuts(rec)[6]
    state, key = record_state(GAME, rec, k, bot="expert")
    pos = load(state)
    for i in range(3):
        cd, ps, g, _ = pos.world(4, key, i)
        w = load(state.resample_hidden(SD.resample_generator(4, key, i)))
        n = w.S.g[L.G_PILE_LEN]
        assert np.array_equal(cd[L.CD_PILE, :n], w.S.cd[L.CD_PILE, :n])
        assert np.array_equal(cd[L.CD_BOX], w.S.cd[L.CD_BOX])
        assert np.array_equal(cd[L.CD_SPILE], w.S.cd[L.CD_SPILE])
        assert np.array_equal(ps[:, L.PS_ROW], w.S.ps[:, L.PS_ROW])
        assert int(w.S.streams[SD.STREAM_TRACK, 0]) == SD.stream_key(g, SD.STREAM_TRACK)
    fast = analyze_state(state, bot="expert", rollouts=6, seed=4, key=key, engine="fast")
    ref = analyze_state(state, bot="expert", rollouts=6, seed=4, key=key, engine="reference")
    assert fast.engine == "fast" and ref.engine == "reference"
    assert np.array_equal(fast.wins, ref.wins) and np.array_equal(fast.scores, ref.scores)
    assert fast.table.equals(ref.table)


def test_the_result_does_not_depend_on_the_threads():
    rec = _record(4, "archipelago", ["heuristic"] * 4, 31)
    state, key = record_state(GAME, rec, _cuts(rec, kinds=(D.REROLL,))[5], bot="heuristic")
    a = analyze_state(state, bot="heuristic", rollouts=9, seed=2, key=key, workers=1)
    b = analyze_state(state, bot="heuristic", rollouts=9, seed=2, key=key, workers=3)
    assert a.engine == b.engine == "fast"
    assert np.array_equal(a.wins, b.wins) and np.array_equal(a.scores, b.scores)


def _drafted(n, seed):
    """A game whose adventurers are drafted (E19): its first decisions are no round's."""
    return play_game(GAME, n_players=n, side="province", bots=[resolve_bot("greedy")] * n,
                     adventurers=["draft"] * n, root_seed=seed).record


def test_what_the_fast_path_cannot_take_is_played_by_the_reference_engine():
    rec = _drafted(2, 41)
    other = [k for k, r in enumerate(rec.decisions) if r[1] not in TAKEN]
    assert {rec.decisions[k][1] for k in other} == {D.ADVENTURER}
    state, key = record_state(GAME, rec, other[0], bot="greedy")
    why = fast_refusal(state)
    assert why is not None and "the adventurer draft (E19)" in why
    res = analyze_state(state, bot="greedy", rollouts=2, seed=1, key=key)
    assert res.engine == "reference" and res.engine_note == why
    from glowsim.position import AnalysisError
    with pytest.raises(AnalysisError, match="the fast path cannot play this position"):
        analyze_state(state, bot="greedy", rollouts=2, seed=1, key=key, engine="fast")
    rec = play_game(DAWN, n_players=3, side="province", bots=[resolve_bot("greedy")] * 3,
                    root_seed=3, dawn_sets=["elemental", "anibloom", "draconic"]).record
    noon = next(k for k, r in enumerate(rec.decisions) if r[1] == D.RESOLVE)
    state, _ = record_state(DAWN, rec, noon, bot="greedy")
    assert "a RESOLVE decision of a Dawn game (D1)" in fast_refusal(state)
    state.close()


def test_the_command_says_which_engine_played_and_why(tmp_path, capsys):
    from glowsim.cli.main import main
    rec = _drafted(3, 51)
    path = tmp_path / "game.json"
    path.write_text(rec.to_json())
    pick = _cuts(rec, kinds=(D.RECRUIT,))[1]
    draft = next(k for k, r in enumerate(rec.decisions) if r[1] not in TAKEN)   # the draft's
    base = ["analyze", "--record", str(path), "--rollouts", "3", "--bot", "greedy", "--quiet"]
    tables = {}
    for engine in ("auto", "reference"):
        assert main(base + ["--at", str(pick), "--engine", engine]) == 0
        out = capsys.readouterr().out.splitlines()
        assert out[0].endswith("; fast path)" if engine == "auto" else "; reference engine)")
        tables[engine] = out[1:-1]
    assert tables["auto"] == tables["reference"]    # round 1: the same worlds, the same table
    assert main(base + ["--at", str(draft)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("; reference engine)")
    assert out[1].startswith("rollouts played by the reference engine: the adventurer draft")
    assert main(base + ["--at", str(draft), "--engine", "fast"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "the fast path cannot play this position" in err[0]
    assert main(base + ["--at", str(pick), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["engine"] == "fast"


def _fast_round_starts(n, side, bot, seed):
    """The fast path's own state at the start of every round of game 0 (the forks' scan keeps
    them; nothing is forked)."""
    from glowsim.fast import Match
    from glowsim.fast.corecall import fork_games
    from glowsim.fast.fork_table import OPTIONS, TARGETS, _Forks
    from glowsim.fast.forks.play import CF_THR, NRS, alloc_rounds
    f = _Forks(GAME, Match(n, side, ["random"] * n, [resolve_bot(bot)] * n), seed, 0, "recruit",
               1.0, "common", 1, False)
    f.cfg[CF_THR] = 0
    S = f.state(TARGETS, OPTIONS)
    R = alloc_rounds(S, f.slots)
    fork_games(f.K, S, R, f.root, 0, 0, 1, f.cfg, np.zeros((1, NRS), np.int64), f.snap(1),
               np.zeros(4, np.int64))
    return R


def _public(g, pl, pc, ps, sd, bd, cd, streams, n):
    """What a State holds of a game at a round's first pick, its layout's freedoms taken out
    (the pile's dealt part, which of two same-coloured small dice is which)."""
    out = {"g": [int(g[f]) for f in (L.G_N, L.G_SIDE, L.G_FIRST, L.G_ROUNDS, L.G_NBOX,
                                     L.G_NSPENT, L.G_NSD, L.G_BLACK, L.G_FIRST0, L.G_DECN)],
           "pile": list(cd[L.CD_PILE, g[L.G_PILE_POS]:g[L.G_PILE_LEN]]),
           "spells": list(cd[L.CD_SPILE, g[L.G_SPILE_POS]:g[L.G_SPILE_LEN]]),
           "box": list(cd[L.CD_BOX, :g[L.G_NBOX]]), "spent": list(cd[L.CD_SPENT, :g[L.G_NSPENT]]),
           "cemetery": list(cd[L.CD_CEM]),
           "dice": sorted(tuple(int(x) for x in sd[:, i]) for i in range(g[L.G_NSD])),
           "board": list(bd[:L.BD_RES + 9]),
           "streams": [tuple(int(x) for x in streams[s]) for s in range(2, 2 + n)]
           + [tuple(int(x) for x in streams[SD.STREAM_TRACK])]}
    for p in range(n):
        k, m = pl[p, L.P_NCOMP], pl[p, L.P_NSPELL]
        out[p] = ([int(pl[p, f]) for f in range(L.P_ENCAMP + 1) if f not in (L.P_LUMI, L.P_ND)]
                  + [int(x) for x in pl[p, L.P_GAINED_TOK:L.P_EFFECT_BURSTS + 1]]
                  + [int(x) for x in pl[p, L.P_BOAT:L.P_BOAT + L.NBOATS]],
                  pc[p, [L.PC_ROW, L.PC_DIE, L.PC_PEND], :k].tolist(),
                  ps[p, [L.PS_ROW, L.PS_FROM, L.PS_POS, L.PS_TRIED], :m].tolist())
    return out


@CI
@pytest.mark.parametrize("n,side,bot,seed", [(2, "archipelago", "heuristic", 61),
                                             (4, "province", "greedy", 64),
                                             (4, "province", "expert", 60)])
def test_the_load_is_the_fast_paths_own_state_at_the_same_decision(n, side, bot, seed):
    # the fast path plays a game, keeping its state at each round's start (its first pick);
    # the reference engine plays the same game (the same seed and bots: contract.md), is cut
    # at each round's first pick and loaded: every field the game holds there is the same,
    # the dice streams at the same counters and the spell tokens marked alike (active at a noon;
    # games 64 and 60 hold and spend spell tokens, E4)
    R = _fast_round_starts(n, side, bot, seed)
    rec = _record(n, side, [bot] * n, seed)
    seen = set()
    for k in _cuts(rec, kinds=(D.RECRUIT,)):
        state, _ = record_state(GAME, rec, k, bot=bot)
        r = state.round
        if r in seen:
            state.close()
            continue
        seen.add(r)
        S = load(state).S
        mine = _public(S.g, S.pl, S.pc, S.ps, S.sd, S.bd, S.cd, S.streams, n)
        own = _public(R.g[r], R.pl[r], R.pc[r], R.ps[r], R.sd[r], R.bd[r], R.cd[r],
                      R.streams[r], n)
        assert mine == own, (r, {f: (mine[f], own[f]) for f in mine if mine[f] != own[f]})
        state.close()
    assert len(seen) == GAME.tables.setup_ints[5]
