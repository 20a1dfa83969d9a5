"""GameState.observation shows a player what they may see, and resample_hidden redraws only what
they may not: the draw pile and box order, the spell pile, other players' spell tokens (E4),
solo decks and Tom's tiles (R9, E14, E16), and the dice to come."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from glowsim import seeding as S
from glowsim.engine import GameState, play_game, replay

from .situations import content


def spell_holding_state():
    """A 4-player game stopped where a player other than the one deciding holds a spell token
    (Xar'gok's cast, E4): the first such decision over a few seeds."""
    for seed in range(40):
        rec = play_game(content(), 4, "province", bots=["random"] * 4, root_seed=seed).record
        if not any(r[1] == 5 and r[2] >= content().catalog.n_companions + content().catalog.n_adventurers
                   for r in rec.decisions):
            continue
        s = GameState(content(), 4, "province", bots=["random"] * 4, root_seed=seed)
        while not s.is_terminal:
            st = s.game.state
            if st is not None and any(p.spells for p in st.players if p.seat != s.current_player) \
                    and len(st.pile) > 3:
                return s, seed
            s.step_bot()
    raise AssertionError("no game with a spell token held found")


def test_observation_shows_own_tokens_and_only_counts_of_others_E4():
    s, _ = spell_holding_state()
    me = s.current_player
    holder = next(p for p in s.game.state.players if p.spells and p.seat != me)
    obs = s.observation(me)
    assert "spells" not in obs["players"][holder.seat]
    assert obs["players"][holder.seat]["spell_tokens"] == len(holder.spells)
    mine = s.observation(holder.seat)["players"][holder.seat]["spells"]
    assert sorted(x[0] for x in mine) == sorted(s.game.cat.item_id(t.row) for t in holder.spells)
    text = repr(obs)
    # nothing of the order of the piles: only their sizes
    assert obs["draw_pile"] == {"A": sum(1 for r in s.game.state.pile if s.game.t.item_deck[r] == 0),
                                "B": sum(1 for r in s.game.state.pile if s.game.t.item_deck[r] == 1)}
    assert obs["spell_pile"] == len(s.game.state.spell_pile)
    nxt = s.game.cat.item_id(s.game.state.pile[0])
    assert nxt not in text or nxt in repr(obs["cemetery"]) + repr(obs["track"]) + repr(obs["players"])


def test_resample_keeps_the_observation_and_redraws_the_hidden_parts():
    s, seed = spell_holding_state()
    me = s.current_player
    want = s.observation(me)
    st = s.game.state
    others = {p.seat: sorted(t.row for t in p.spells) for p in st.players if p.seat != me}
    piles, tokens, futures = set(), set(), set()
    for d in range(12):
        r = s.resample_hidden(S.resample_generator(seed, 0, d))
        assert r.observation(me) == want
        assert r.legal_decisions() == s.legal_decisions()
        rs = r.game.state
        deck = s.game.t.item_deck
        assert sorted(rs.box + rs.pile) == sorted(st.box + st.pile)
        assert [deck[x] for x in rs.pile] == [deck[x] for x in st.pile]
        assert [t.row for t in rs.players[me].spells] == [t.row for t in st.players[me].spells]
        piles.add(tuple(rs.pile))
        tokens.add(tuple(tuple(sorted(t.row for t in rs.players[q].spells)) for q in others))
        r.play_bots()
        futures.add(tuple(r.record.dice[len(s.record.dice):len(s.record.dice) + 40]))
        assert replay(content(), r.record) == r.outcome.final
    assert len(piles) > 6 and len(futures) > 6
    assert len(tokens) > 1   # other players' tokens were redrawn in some draws


def test_resample_is_reproducible_from_the_seeding_scheme():
    s = GameState(content(), 3, "archipelago", bots=["random"] * 3, root_seed=4).play_bots(max_decisions=60)
    a = s.resample_hidden(S.resample_generator(4, 0, 1)).play_bots()
    b = s.resample_hidden(S.resample_generator(4, 0, 1)).play_bots()
    c = s.resample_hidden(S.resample_generator(4, 0, 2)).play_bots()
    assert a.record.to_json() == b.record.to_json() != c.record.to_json()


@pytest.mark.parametrize("side,seed,k", [("province", 1, 3), ("archipelago", 2, 25), ("province", 5, 60)])
def test_solo_resample_redraws_decks_and_tiles_R9(side, seed, k):
    s = GameState(content(), 1, side, bots=["random"], root_seed=seed).play_bots(max_decisions=k)
    want = s.observation(0)
    decks, tiles = set(), set()
    for d in range(8):
        r = s.resample_hidden(np.random.default_rng([seed, d]))
        assert r.observation(0) == want
        decks.add((tuple(r.game.state.pile), tuple(r.game.deck_b)))
        tiles.add(tuple(r.game.tom.tile_deck))
        r.play_bots()
        assert replay(content(), r.record) == r.outcome.final
    assert len(decks) > 4
    if len(s.game.tom.tile_deck) > 1:
        assert len(tiles) > 1


def test_observation_differs_when_a_public_part_differs():
    """The observation is not blind: two different positions of one game read differently."""
    s = GameState(content(), 2, "province", root_seed=3)
    first = s.observation(0)
    s.step_bot()
    assert s.observation(0) != first


@settings(max_examples=15)
@given(seed=hs.integers(0, 10_000), n=hs.integers(1, 4), side=hs.sampled_from(["province", "archipelago"]),
       k=hs.integers(0, 250), draw=hs.integers(0, 3))
def test_resample_never_changes_what_the_deciding_player_sees(seed, n, side, k, draw):
    s = GameState(content(), n, side, bots=["random"] * n, root_seed=seed).play_bots(max_decisions=k)
    if s.is_terminal:
        return
    me = s.current_player
    r = s.resample_hidden(S.resample_generator(seed, 0, draw))
    assert r.observation(me) == s.observation(me)
    assert r.current_player == me and r.legal_decisions() == s.legal_decisions()
    assert len(r.record.decisions) == len(s.record.decisions) and r.record.dice == s.record.dice
