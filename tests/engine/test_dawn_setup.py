"""The Dawn expansion's setup and tables of 5 and 6 players (docs/rules.md D1-D5, D14)."""
from collections import Counter

import pytest

from glowsim.content import codes as C
from glowsim.content import dawncodes as DC
from glowsim.engine import play_game, replay
from glowsim.engine.morning import recruit_options
from glowsim.engine.setup import check_setup
from glowsim.errors import UserError
from glowsim.spec import decisions as D

from glowsim.engine.dawndice import canonical

from .dawn_situations import Faces, dawn, face, hold, row, table

SETS = ("elemental", "anibloom", "draconic")


def deck_ids(game):
    """The game's companions: dealt on the track, in the draw pile and in the swap deck."""
    st = game.state
    dealt = [r for r in st.track.companion if r >= 0]
    return [game.cat.item_id(r) for r in dealt + st.pile + st.dawn.swap_deck]


@pytest.mark.parametrize("sets", [(), ("elemental",), ("anibloom", "draconic"), SETS])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_D1_at_2_to_4_players_each_set_replaces_its_eight(n, sets):
    g = table(n, sets)
    ids = deck_ids(g)
    content = dawn().content
    assert len(ids) == 46 and len(set(ids)) == 46
    for s in SETS:
        own = {c for c, cp in content.companions.items() if cp.set == s}
        out = set(content.dawn.sets[s].replaces)
        assert (own <= set(ids)) == (s in sets) and not (own & set(ids) and s not in sets)
        assert not (out & set(ids)) if s in sets else out <= set(ids)


def test_D1_five_players_add_sets_until_two_play():
    seen = Counter()
    for seed in range(12):
        g = table(5, ("draconic",), seed=seed)
        sets = g.state.dawn.sets
        assert len(sets) == 2 and "draconic" in sets
        seen[tuple(sets)] += 1
        assert len(deck_ids(g)) == 62 and g.state.dawn.replaced == []
    assert len(seen) == 2          # the set added is drawn: both others come up


def test_D1_five_players_with_three_sets_one_replaces():
    replaced = set()
    for seed in range(12):
        g = table(5, SETS, seed=seed)
        assert g.state.dawn.sets == list(SETS) and len(g.state.dawn.replaced) == 1
        out = set(dawn().content.dawn.sets[g.state.dawn.replaced[0]].replaces)
        ids = deck_ids(g)
        assert len(ids) == 62 and not out & set(ids)
        replaced |= set(g.state.dawn.replaced)
    assert len(replaced) > 1


def test_D1_six_players_play_all_three_sets_nothing_out():
    g = table(6, ())
    assert g.state.dawn.sets == list(SETS) and g.state.dawn.replaced == []
    assert len(deck_ids(g)) == 70


@pytest.mark.parametrize("sets,bag", [((), False), (("elemental", "draconic"), False),
                                      (("anibloom",), True)])
def test_D1_D14_the_bag_plays_exactly_with_the_anibloom(sets, bag):
    g = table(3, sets)
    assert (g.state.dawn.bag is not None) == bag
    if bag:
        assert sum(g.state.dawn.bag) == 45 and g.state.players[0].butterflies == [0] * 11


def test_D1_a_set_not_in_the_content_is_one_line():
    with pytest.raises(UserError, match="dawn.sets: 'elementals' is not a set; allowed: "
                                        "elemental, anibloom, draconic"):
        table(3, ("elementals",))


def test_D2_dawn_adventurers_dice_and_the_reserve():
    g = table(3, adventurers=["zaydrel", "hulios", "elldir"])
    z, h, e = g.state.players
    colours = lambda p: [DC.DAWN_COLORS[d.color] for d in canonical(g.t, g.dawn, p)]
    assert colours(z) == ["black", "multi", "multi"]
    assert colours(h) == ["light_green", "light_green"]
    assert colours(e) == ["pink", "pink"]
    assert sorted(C.COLORS[c] for c in g.state.reserve) == sorted(
        ["red", "azure", "blue", "orange", "green", "purple"])
    t = g.t
    assert [DC.DAWN_SYMBOLS[t.die_symbol[DC.MULTI, f]] for f in range(6)][5] == "joker"
    assert DC.DAWN_SYMBOLS[t.die_symbol[DC.PINK, 5]] == "reroll_now"
    assert DC.DAWN_SYMBOLS[t.die_symbol[DC.LIGHT_GREEN, 5]] == "swap"


def test_D3_eleven_spell_tokens_and_the_swap_deck_a_above_b():
    g = table(4)
    assert len(g.state.spell_pile) == 11
    deck = g.state.dawn.swap_deck
    assert [g.cat.item_id(r)[0] for r in deck] == ["A", "A", "A", "B", "B", "B"]
    pile = g.state.pile
    a = [r for r in pile if g.t.item_deck[r] == C.DECK_A]
    assert len(a) == 15 and pile[:15] == a     # deck A fills rounds 1-4 exactly (D3): 20 - 5 dealt


@pytest.mark.parametrize("n,spaces,extra", [(5, 7, 4), (6, 8, 6)])
def test_D4_the_little_board(n, spaces, extra):
    g = table(n, SETS, seed=3)
    st = g.state
    assert len(st.track.companion) == spaces and all(c >= 0 for c in st.track.companion)
    assert sum(len(d) for d in st.track.dice) == 9 + extra
    first = st.first_player
    little = sorted(p.seat for p in st.players if p.little_board)
    assert little == sorted((first + t) % n for t in range(4, n))
    assert sum(1 for s in range(5, spaces) for _ in st.track.dice[s]) == extra
    size = g.dawn.sizes[n]
    for s in range(5, spaces):     # each little-board die lies on its element's space
        for d in st.track.dice[s]:
            assert size.little_space[g.symbol(d)] == s
    for s in range(spaces):
        assert (st.track.footprints[s] == 1) == (not st.track.dice[s])


def test_D4_only_the_last_in_turn_order_gets_the_reroll_tokens():
    g = table(6, SETS, seed=5)
    last = (g.state.first_player - 1) % 6
    assert [p.tokens for p in g.state.players] == [2 if p.seat == last else 0 for p in g.state.players]


def test_D5_little_board_dice_go_back_to_the_little_board():
    from glowsim.engine.evening import evening
    g = table(5, SETS, seed=1)
    st = g.state
    p = next(p for p in st.players if p.little_board)
    q = next(p for p in st.players if not p.little_board)
    for who in (p, q):
        hold(g, who.seat, small=["green"])
        for d in who.small_dice:
            d.face = face(d.color, "leaf")
    for s in range(len(st.track.companion)):
        st.track.dice[s] = []
    g.dice_source = Faces([])
    evening(g)
    size = g.dawn.sizes[5]
    assert [d.color for d in st.track.dice[size.little_space[C.LEAF]]] == [C.GREEN]
    assert [d.color for d in st.track.dice[int(g.t.element_space[C.LEAF])]] == [C.GREEN]
    assert len(st.track.companion) == 7 and all(c >= 0 for c in st.track.companion)


def test_D5_kaar_moves_the_black_die_only_to_a_space_with_a_companion():
    g = table(6, SETS, seed=2)
    st = g.state
    p = st.players[st.first_player]
    p.companions = [row("A20")]                  # Kaar
    black = st.black_die
    st.track.dice[6].append(black)
    st.track.companion[3] = -1
    legal = recruit_options(g, p)
    moves = sorted(o[1] for o in legal if o[0] == 6 and o[1] >= 0)
    assert moves == [s for s in range(8) if s not in (3, 6)]


def test_D5_kaar_recruited_puts_the_black_die_on_a_drawn_space_with_a_companion():
    for seed in range(6):
        g = table(6, SETS, seed=seed)
        st = g.state
        st.track.companion = [row("A20")] + [-1] * 3 + [row("A01"), -1, row("A02"), -1]
        g.dice_source = Faces([0, 1, 2, 3, 4, 5] * 3)
        st.track.companion[0] = -1
        g.bring_black_die(0, from_track=True)
        where = next(s for s in range(8) if st.black_die in st.track.dice[s])
        assert where in (4, 6)


@pytest.mark.parametrize("n", [5, 6])
def test_D4_without_dawn_five_and_six_players_are_refused(n):
    from glowsim.content import load_game
    with pytest.raises(UserError, match=f"{n} players need the Dawn rules \\(D4\\)"):
        play_game(load_game(), n_players=n)


def test_D1_a_record_names_its_sets_and_replays():
    out = play_game(dawn(), n_players=5, bots=["greedy"] * 5, root_seed=4, dawn_sets=["anibloom"])
    assert len(out.record.setup["dawn"]["sets"]) == 2 and "anibloom" in out.record.setup["dawn"]["sets"]
    assert replay(dawn(), out.record) == out.final
    rec = out.record
    rec.setup = dict(rec.setup, dawn={"sets": ["anibloom"], "replaced": []})
    with pytest.raises(Exception, match="not a choice of 5 players"):
        replay(dawn(), rec)
