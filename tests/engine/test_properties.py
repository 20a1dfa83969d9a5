"""Property tests (hypothesis) over whole random-bot games, 2-4 players, both sides.

Each game is played phase by phase exactly as ``glowsim.engine.play.run`` does,
with the invariants checked after every phase and before every decision (the
bots are wrapped by a checking agent):

- the 46 companions: hands + cemetery + box (6) + track + pile, each exactly once;
- the 7 spell tokens: pile + hands + spent;
- the dice: 9 small dice + the black die on the track, in hands or (black) in the
  box; 5 reserve large dice + the Sketal dice held = the 5 colours;
- no negative score, footprints, fireflies, tokens, Lumipili rerolls, track tokens;
- boats and encampment legal;

and at the end: the final score equals the sum of its components (R8), reroll
tokens balance (start + gained - spent), the record survives JSON and replays to
the same final state, and the stepped game equals ``play_game``.
"""
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from glowsim import seeding as S
from glowsim.content import codes as C
from glowsim.engine import GameRecord, play_game, replay
from glowsim.spec import decisions as D
from glowsim.engine.play import _outcome, resolve_adventurers
from glowsim.engine.botnames import make_bot
from glowsim.engine.evening import evening
from glowsim.engine.game import Game
from glowsim.engine.journey import afternoon
from glowsim.engine.morning import morning
from glowsim.engine.noon import noon
from glowsim.engine.rerolls import late_morning
from glowsim.engine.scoring import final_count
from glowsim.engine.setup import draw_setup, setup_game
from glowsim.engine.sources import LiveDice
from glowsim.engine.state import BLACK_IN_BOX, BLACK_ON_TRACK

from .situations import content

N_COMPANIONS = 46
N_SPELLS = 7
N_SMALL = 9


class Checked:
    """Wraps a bot: checks the invariants before each decision, counts decision kinds."""

    def __init__(self, bot, kinds: Counter):
        self.bot = bot
        self.kinds = kinds

    def decide(self, game, seat, kind, legal):
        check(game, f"before {D.KIND_NAMES[kind]} of seat {seat}")
        self.kinds[kind] += 1
        return self.bot.decide(game, seat, kind, legal)


def check(game, where: str) -> None:
    st = game.state
    t = game.t
    msg = f"round {st.round}, {where}"
    # companions (46): hands + cemetery + box + track + pile, each exactly once
    places = [r for p in st.players for r in p.companions] + st.cemetery + st.box + \
        [r for r in st.track.companion if r >= 0] + st.pile
    assert len(places) == N_COMPANIONS and set(places) == set(range(N_COMPANIONS)), msg
    assert len(st.box) == 6, msg
    # spell tokens (7)
    held = [s.row for p in st.players for s in p.spells]
    assert len(held) + len(st.spell_pile) + len(st.spells_spent) == N_SPELLS, msg
    assert Counter(held + st.spell_pile + st.spells_spent) == \
        Counter(game.cat.spell_row(s) for s in game.cat.spell_ids for _ in range(int(t.item_copies[game.cat.spell_row(s)]))), msg
    # small dice: each object once, 9 coloured + the black die
    small = [d for s in st.track.dice for d in s] + [d for p in st.players for d in p.small_dice]
    assert len({id(d) for d in small}) == len(small), msg
    colored = sorted(d.color for d in small if d.color != C.BLACK)
    assert colored == sorted(int(c) for c in t.small_dice), msg
    blacks = [d for d in small if d.color == C.BLACK]
    on_track = any(d.color == C.BLACK for s in st.track.dice for d in s)
    holders = [p.seat for p in st.players if any(d.color == C.BLACK for d in p.small_dice)]
    if st.black_state == BLACK_IN_BOX:
        assert blacks == [], msg
    else:
        assert blacks == [st.black_die], msg
        if st.black_state == BLACK_ON_TRACK:
            assert on_track and holders == [], msg
        else:
            assert holders == [st.black_state] and not on_track, msg
    for s in range(5):
        for d in st.track.dice[s]:     # R3/R7: a die sits on its element (Kaar may move the black one)
            assert d.color == C.BLACK or game.symbol(d) == t.space_element[s], msg
    # large dice: reserve + Sketal dice held = the 5 colours; a Sketal die only on a Sketal in play
    large = list(st.reserve) + [c for p in st.players for c in p.sketal_dice.values()]
    assert sorted(large) == sorted(int(c) for c in t.reserve_colors), msg
    for p in st.players:
        assert set(p.sketal_dice) <= set(p.companions), msg
        assert all(t.item_sketal[r] >= 0 for r in p.sketal_dice), msg
        assert p.pending_sketal <= set(p.sketal_dice), msg
        for d in p.dice:
            if d.sketal >= 0 and not d.gone:
                assert p.sketal_dice.get(d.sketal) == d.color, msg
        # no negative counters during play (R5, E6)
        assert min(p.score, p.footprints, p.fireflies, p.tokens, p.lumipili_left) >= 0, msg
        assert p.lapped or p.score < game.track_length, msg
        assert len(set(p.companions)) == len(p.companions), msg
        if st.side == C.ARCHIPELAGO:
            away = [b for b in p.boats if b != 0]
            assert len(p.boats) == 4 and len(set(away)) == len(away), msg
        else:
            assert p.encampment == 0 or t.prov_village[p.encampment] >= 0, msg
    assert min(st.track.footprints) >= 0, msg


PHASES = [("morning", morning), ("late morning", late_morning), ("noon", noon), ("afternoon", afternoon)]


def play_checked(n, side, bots, seed, game_index=0):
    """play.play_game, phase by phase, with the invariants checked throughout."""
    c = content()
    root = S.root_key(seed)
    advs = resolve_adventurers(c, None, n, root, game_index)
    kinds = Counter()
    agents = [Checked(make_bot(b, root, game_index, s), kinds) for s, b in enumerate(bots)]
    game = Game(c, n, C.SIDE_CODE[side], advs, agents, LiveDice(root, game_index), None)
    game.record.seed = {"root": seed, "game_index": game_index}
    setup = draw_setup(game, S.Stream(S.stream_key(S.game_key(root, game_index), S.STREAM_SETUP)))
    setup_game(game, setup)
    check(game, "after setup")
    st = game.state
    for rnd in range(1, game.rounds + 1):
        st.round = rnd
        for name, fn in PHASES:
            fn(game)
            check(game, f"after {name}")
        if rnd < game.rounds:
            evening(game)
            check(game, "after evening")
    counts = final_count(game)
    return _outcome(game, counts, None), counts, game, kinds


def check_game(n, side, bots, seed, game_index=0):
    out, counts, game, kinds = play_checked(n, side, bots, seed, game_index)
    st = game.state
    first = int(out.record.setup["first_player"])
    for p, c, row in zip(st.players, counts, out.players):
        # R8: the final score is the plain sum of its logged components
        assert c["score"] == c["track"] + c["cards_bursts"] + c["journey_bursts"] + c["firefly_bonus"] + \
            c["footprint_bursts"]
        assert row["score"] == row["track"] + row["cards_bursts"] + row["journey_bursts"] + \
            row["firefly_bonus"] + row["footprint_bursts"]
        assert row["score"] == out.final["players"][p.seat]["final"]
        # reroll tokens: the 2 of the last player + gained - spent (no effect takes tokens away)
        start = 2 if p.seat == (first - 1) % n else 0
        assert p.tokens == start + row["rerolls_gained_token"] - row["rerolls_spent_token"]
        assert row["companions"] == len(p.companions)
    assert out.game["n_winners"] >= 1 and abs(sum(r["win_share"] for r in out.players) - 1) < 1e-9
    # the stepped game is the engine's game; its record survives JSON and replays exactly
    ref = play_game(content(), n_players=n, side=side, bots=bots, root_seed=seed, game_index=game_index)
    assert ref.final == out.final and ref.record.to_dict() == out.record.to_dict()
    rec = GameRecord.from_json(out.record.to_json())
    assert rec.to_dict() == out.record.to_dict()
    assert replay(content(), rec) == out.final
    return kinds


GAMES = hs.tuples(hs.integers(2, 4), hs.sampled_from(["province", "archipelago"]),
                  hs.integers(0, 2 ** 32 - 1), hs.integers(0, 1000),
                  hs.lists(hs.sampled_from(["random", "random", "greedy"]), min_size=4, max_size=4))


@settings(max_examples=200, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(GAMES)
def test_properties_random_games(g):
    n, side, seed, gi, bots = g
    check_game(n, side, bots[:n], seed, gi)


@pytest.mark.parametrize("side", ["province", "archipelago"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_properties_every_player_count_and_side_and_every_decision_kind(n, side):
    kinds = Counter()
    for gi in range(8):
        kinds += check_game(n, side, ["random"] * n, 2024, gi)
    base = {D.RECRUIT, D.REROLL, D.RESOLVE, D.PROVINCE_MOVE if side == "province" else D.ARCHI_MOVE}
    if n == 2:
        base.add(D.DISCARD_2P)
    assert base <= set(kinds)


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(GAMES)
def test_properties_random_games_slow(g):
    n, side, seed, gi, bots = g
    check_game(n, side, bots[:n], seed, gi)


@pytest.mark.slow
def test_properties_rare_decisions_are_reached():
    # over many random games every decision kind occurs, so the invariants above cover them
    kinds = Counter()
    for gi in range(400):
        n = 2 + gi % 3
        side = ["province", "archipelago"][gi % 2]
        kinds += check_game(n, side, ["random"] * n, 77, gi)
    assert set(kinds) == set(D.KIND_NAMES) - {k for k in D.KIND_NAMES if k > 9}, kinds
