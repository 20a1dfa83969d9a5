"""Property tests (hypothesis) over whole Dawn games (docs/rules.md D1-D16): any player count,
choice of sets, side and mix of hand-made bots; invariants checked before every decision (a
checking agent wraps the bots) and at the end:

- the game's companions (D1: 46, 62 or 70; solo 32): hands + cemetery + track + pile + swap
  deck + box, each exactly once; the swap deck keeps its size (D10);
- the butterfly tokens (D14): bag + aside + held = the bag's 45, none negative;
- spell tokens: pile + hands + spent = 11 (D3), none in solo;
- no negative score, footprints, fireflies or tokens;
- the final score is the sum of its components (R8, D15), the record survives JSON and
  replays to the same final state.
"""
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from glowsim.engine import play_game, play_solo, replay
from glowsim.engine.botnames import make_bot
from glowsim.records import GameRecord

from .dawn_situations import dawn

SETS = ("elemental", "anibloom", "draconic")


class Checking:
    """Wraps a bot: checks the table's invariants before every decision."""

    def __init__(self, bot, deck_size):
        self.bot = bot
        self.deck_size = deck_size
        self.params = getattr(bot, "params", None)
        self.name = getattr(bot, "name", "")
        self.plays_solo = getattr(bot, "plays_solo", True)

    def decide(self, game, seat, kind, legal):
        st = game.state
        if st is not None:
            check(game, self.deck_size)
        return self.bot.decide(game, seat, kind, legal)


def check(game, deck_size):
    st = game.state
    cards = (list(st.cemetery) + list(st.pile) + list(st.dawn.swap_deck)
             + [c for c in st.track.companion if c >= 0]
             + [r for p in st.players for r in p.companions])
    if game.n_players == 1:
        cards += list(getattr(game, "deck_b", []))
    counts = Counter(cards)
    assert all(k == 1 for k in counts.values()), [game.cat.item_id(r) for r, k in counts.items() if k > 1]
    if game.n_players > 1:
        assert len(cards) == deck_size
        assert len(st.dawn.swap_deck) == 6
        spells = len(st.spell_pile) + len(st.spells_spent) + sum(len(p.spells) for p in st.players)
        assert spells == 11
    else:
        assert len(st.dawn.swap_deck) == 11
    if st.dawn.bag is not None:
        held = [sum(p.butterflies) for p in st.players]
        assert min(st.dawn.bag) >= 0 and min(min(p.butterflies) for p in st.players) >= 0
        assert sum(st.dawn.bag) + sum(st.dawn.aside) + sum(held) == 45
    for p in st.players:
        assert min(p.score, p.footprints, p.fireflies, p.tokens) >= 0


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=hs.integers(2, 6), sets=hs.sets(hs.sampled_from(SETS)), seed=hs.integers(0, 10**6),
       side=hs.sampled_from(["province", "archipelago"]),
       bots=hs.lists(hs.sampled_from(["random", "greedy", "heuristic"]), min_size=6, max_size=6))
def test_dawn_games_keep_their_invariants(n, sets, seed, side, bots):
    size = {5: 62, 6: 70}.get(n, 46)
    sets = [s for s in SETS if s in sets]

    def agents_for(root, game_index):
        return [Checking(make_bot(bots[s], root, game_index, s), size) for s in range(n)]

    from glowsim import seeding as S
    out = play_game(dawn(), n_players=n, side=side, root_seed=seed, dawn_sets=sets,
                    agents=agents_for(S.root_key(seed), 0))
    for c in out.players:
        assert c["score"] == (c["track"] + c["cards_bursts"] + c["journey_bursts"]
                              + c["firefly_bonus"] + c["footprint_bursts"] + c["butterfly_bursts"])
    rec = GameRecord.from_json(out.record.to_json())
    assert replay(dawn(), rec) == out.final
    # the same seats' bots unwrapped play the same game
    plain = play_game(dawn(), n_players=n, side=side, root_seed=seed, dawn_sets=sets, bots=bots[:n])
    assert plain.final == out.final


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(anibloom=hs.booleans(), seed=hs.integers(0, 10**6),
       side=hs.sampled_from(["province", "archipelago"]),
       adventurer=hs.sampled_from(["zaydrel", "hulios", "elldir", "braccio", "noctiluca"]),
       bot=hs.sampled_from(["random", "greedy"]))
def test_dawn_solo_games_keep_their_invariants(anibloom, seed, side, adventurer, bot):
    from glowsim import seeding as S
    agent = Checking(make_bot(bot, S.root_key(seed), 0, 0), 32)
    out = play_solo(dawn(), side=side, adventurer=adventurer, root_seed=seed, agent=agent,
                    dawn_sets=["anibloom"] if anibloom else [])
    rec = GameRecord.from_json(out.record.to_json())
    assert replay(dawn(), rec) == out.final
