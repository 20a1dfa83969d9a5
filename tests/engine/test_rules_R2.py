"""R2 Setup (2-4 players), with the draw order of E11 and random adventurers (E13)."""
import pytest

from glowsim import seeding as S
from glowsim.content import codes as C
from glowsim.engine.play import resolve_adventurers
from glowsim.engine.game import TRACK
from glowsim.engine.setup import draw_setup, setup_game
from glowsim.engine.state import BLACK_IN_BOX

from .situations import content, new_game


def set_up(n, seed=3, faces=None, first=None):
    g = new_game(n, faces=faces, seed=seed)
    setup = draw_setup(g, S.Stream(S.stream_key(S.game_key(S.root_key(seed), 0), S.STREAM_SETUP)))
    if first is not None:
        setup["first_player"] = first
    setup_game(g, setup)
    return g


@pytest.mark.parametrize("n", [2, 3, 4])
def test_R2_setup_start_state(n):
    g = set_up(n, seed=10 + n)
    st, t, cat = g.state, g.t, g.cat
    assert [p.score for p in st.players] == [10] * n
    last = (st.first_player - 1) % n
    assert [p.tokens for p in st.players] == [2 if s == last else 0 for s in range(n)]
    assert sorted(st.reserve) == [C.GREEN, C.BLUE, C.AZURE, C.RED, C.ORANGE]
    assert st.black_state == BLACK_IN_BOX and all(d.color != C.BLACK for s in st.track.dice for d in s)
    # 3 companions of each deck to the box, unseen; A on top of B: 40 cards, 5 dealt
    assert sorted(t.item_deck[r] for r in st.box) == [C.DECK_A] * 3 + [C.DECK_B] * 3
    assert all(r >= 0 for r in st.track.companion) and len(st.pile) == 35
    order = st.track.companion + st.pile
    assert [t.item_deck[r] for r in order] == [C.DECK_A] * 20 + [C.DECK_B] * 20
    assert len(set(order) | set(st.box)) == cat.n_companions
    # the 9 small dice lie on the space of the element they show; no footprint face
    small = [d for s in range(5) for d in st.track.dice[s]]
    assert sorted(d.color for d in small) == sorted(int(c) for c in t.small_dice)
    for s in range(5):
        for d in st.track.dice[s]:
            assert g.symbol(d) == t.space_element[s]
        assert st.track.footprints[s] == (0 if st.track.dice[s] else 1)
    assert st.cemetery == [] and all(p.companions == [] for p in st.players)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_R2_player_right_of_first_gets_two_reroll_tokens(n):
    for first in range(n):
        g = set_up(n, first=first)
        tokens = [p.tokens for p in g.state.players]
        assert tokens[(first - 1) % n] == 2 and sum(tokens) == 2


def test_R2_purple_footprint_rerolled_and_empty_spaces_get_a_footprint():
    # order of small_dice_on_track: green green azure azure blue blue red orange purple
    faces = ["leaf", "leaf", "cloud", "cloud", "leaf", "leaf", "cloud", "cloud", "footprint", "footprint",
             "water"]
    g = set_up(3, faces=faces)
    st = g.state
    assert [w for w, _ in g.dice_source.drawn] == [TRACK] * 11     # the track stream (E11)
    assert g.record.dice[-3:] == [5, 5, 1]                          # purple rerolled twice
    assert [len(x) for x in st.track.dice] == [4, 1, 4, 0, 0]
    assert st.track.footprints == [0, 0, 0, 1, 1]


def test_E11_setup_draw_order():
    # shuffle deck A, shuffle deck B (ids in catalog order), the first 3 of each to the box,
    # A-rest then B-rest; shuffle the spell pile (each id `copies` times); first player.
    seed, n = 5, 4
    g = new_game(n, seed=seed)
    stream = S.Stream(S.stream_key(S.game_key(S.root_key(seed), 0), S.STREAM_SETUP))
    setup = draw_setup(g, stream)
    cat = content().catalog
    s = S.Stream(S.stream_key(S.game_key(S.root_key(seed), 0), S.STREAM_SETUP))
    a = s.shuffle([c for c in cat.companion_ids if c[0] == "A"])
    b = s.shuffle([c for c in cat.companion_ids if c[0] == "B"])
    spells = s.shuffle(["S1", "S2", "S3", "S4", "S5", "S6", "S6"])
    first = s.uniform_int(n)
    assert setup == {"first_player": first, "draw_pile": a[3:] + b[3:], "box": a[:3] + b[:3],
                     "spell_pile": spells}


def test_E13_random_adventurers_drawn_from_their_stream():
    c = content()
    cat = c.catalog
    root = S.root_key(9)
    rows = resolve_adventurers(c, ["random", "eoles", "random"], 3, root, 4)
    s = S.Stream(S.stream_key(S.game_key(root, 4), S.STREAM_ADVENTURERS))
    pool = [a for a in cat.adventurer_ids if a != "eoles"]
    want0 = pool.pop(s.uniform_int(len(pool)))
    want2 = pool.pop(s.uniform_int(len(pool)))
    assert rows == [cat.adventurer_row(want0), cat.adventurer_row("eoles"), cat.adventurer_row(want2)]
    with pytest.raises(ValueError, match="one seat only"):
        resolve_adventurers(c, ["eoles", "eoles"], 2, root, 0)
    with pytest.raises(ValueError, match="unknown adventurer 'tom'"):
        resolve_adventurers(c, ["tom", "eoles"], 2, root, 0)
