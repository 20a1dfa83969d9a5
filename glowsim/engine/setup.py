"""R2 setup, with the draw order of E11 (or the setup stored in a record)."""
from __future__ import annotations

from ..content import codes as C
from ..content.arrays import SETUP_PROV_START, SETUP_REMOVED_PER_DECK
from .dawnsetup import (dawn_table, game_rows, roll_little_board_dice, shuffled_spells,
                        space_label)
from .game import TRACK
from .state import Die, GameData, Player, Track
from ..errors import UserError


def draw_setup(game, stream) -> dict:
    """E11: shuffled decks, the box, the spell pile and the first player, as ids."""
    t, cat = game.t, game.cat
    k = int(t.setup_ints[SETUP_REMOVED_PER_DECK])
    piles = []
    box = []
    for deck in (C.DECK_A, C.DECK_B):
        rows = [r for r in range(cat.n_companions) if t.item_deck[r] == deck]
        stream.shuffle(rows)
        box += rows[:k]
        piles.append(rows[k:])
    spells = shuffled_spells(cat, t, stream)
    first = stream.uniform_int(game.n_players)
    return {
        "first_player": first,
        "draw_pile": [cat.item_id(r) for r in piles[0] + piles[1]],
        "box": [cat.item_id(r) for r in box],
        "spell_pile": [cat.item_id(r) for r in spells],
    }


def _rows(cat, ids, what):
    rows = []
    for i in ids:
        try:
            rows.append(cat.companion_row(i) if what == "companion" else cat.spell_row(i))
        except ValueError:
            raise UserError(f"record setup names unknown {what} {i!r}") from None
    return rows


def check_setup(game, setup: dict) -> None:
    """A record's setup must be one that R2/E11 can deal: each companion once in draw_pile + box,
    `removed_per_deck` of each deck in the box, deck A's rest on top of deck B's, and the spell
    pile holding every spell token `copies` times."""
    t, cat = game.t, game.cat
    for key in ("first_player", "draw_pile", "box", "spell_pile"):
        if key not in setup:
            raise UserError(f"record setup misses {key!r}")
    if game.dawn is None and "dawn" in setup:
        raise UserError("record setup: a Dawn game (setup.dawn) needs the Dawn content "
                        "(load_game(dawn=True), glowsim play --dawn)")
    pile = _rows(cat, setup["draw_pile"], "companion")
    box = _rows(cat, setup["box"], "companion")
    deck = game_rows(game, setup) if game.dawn is not None else list(range(cat.n_companions))
    if sorted(pile + box) != deck:
        raise UserError("record setup: draw_pile and box must hold each companion "
                        + ("of the game (D1) " if game.dawn is not None else "") + "exactly once")
    k = int(t.setup_ints[SETUP_REMOVED_PER_DECK])
    for deck in (C.DECK_A, C.DECK_B):
        if sum(1 for r in box if t.item_deck[r] == deck) != k:
            raise UserError(f"record setup: the box must hold {k} companions of deck {C.DECKS[deck]} (R2)")
    decks = [int(t.item_deck[r]) for r in pile]
    if decks != sorted(decks):
        raise UserError("record setup: draw_pile must be deck A on top of deck B (R2)")
    base = cat.n_companions + cat.n_adventurers
    want = sorted(r for r in range(base, base + len(cat.spell_ids)) for _ in range(int(t.item_copies[r])))
    if sorted(_rows(cat, setup["spell_pile"], "spell")) != want:
        raise UserError("record setup: spell_pile must hold each spell token as many times as its copies")


def setup_game(game, setup: dict) -> None:
    """Build the starting state from a setup dict (R2)."""
    t, cat = game.t, game.cat
    n = game.n_players
    check_setup(game, setup)
    game.record.setup = setup
    players = []
    for seat in range(n):
        p = Player(seat=seat, adventurer=game.adventurers[seat], score=game.start_bursts)
        p.encampment = p.company = int(t.setup_ints[SETUP_PROV_START])
        p.boats = [0, 0, 0, 0]
        p.stats = game.new_stats()
        players.append(p)
    dawn = dawn_table(game, setup, None, players) if game.dawn is not None else None
    spaces = dawn.n_spaces if dawn is not None else 5
    track = Track(companion=[-1] * spaces, dice=[[] for _ in range(spaces)], footprints=[0] * spaces)
    first = int(setup["first_player"])
    if not 0 <= first < n:
        raise UserError(f"record setup: first_player {first} is not a seat of {n} players")
    st = GameData(
        n_players=n, side=game.side, players=players, track=track,
        pile=_rows(cat, setup["draw_pile"], "companion"),
        box=_rows(cat, setup["box"], "companion"),
        cemetery=[], spell_pile=_rows(cat, setup["spell_pile"], "spell"), spells_spent=[],
        reserve=[int(c) for c in t.reserve_colors], first_player=first,
        black_die=Die(color=C.BLACK, small=True), dawn=dawn,
    )
    game.state = st
    last = (first - 1) % n
    players[last].tokens += game.last_player_tokens
    game.say(f"Setup: first player P{first}; P{last} (last in turn order) takes "
             f"{game.last_player_tokens} reroll tokens")
    extra = setup.get("start_tokens")
    if extra is not None:   # E18: scenario handicap, extra reroll tokens per seat
        if len(extra) != n or any(int(x) < 0 for x in extra):
            raise UserError(f"record setup: start_tokens must give {n} non-negative counts, got {extra}")
        for p, x in zip(players, extra):
            if x:
                p.tokens += int(x)
                game.say(f"  P{p.seat} starts with {int(x)} extra reroll tokens (scenario)")
    # the small dice, rolled on the track stream; a purple footprint is rerolled (R2)
    for color in t.small_dice:
        d = Die(color=int(color), small=True)
        game.roll_until_element(d, TRACK)
        track.dice[int(t.element_space[game.symbol(d)])].append(d)
    if dawn is not None:
        roll_little_board_dice(game, track)
        little = [f"P{p.seat}" for p in players if p.little_board]
        if little:
            game.say(f"Setup: {', '.join(little)} play on the little board (D4)")
        game.say(f"Setup: Dawn with {', '.join(dawn.sets) or 'no set'}"
                 + (f"; {', '.join(dawn.replaced)} replacing" if dawn.replaced and game.n_players > 4 else ""))
    deal(game)


def deal(game) -> None:
    """Deal 5 companions, one per space; a footprint on each space without a die (R2, R7);
    7 or 8 at 5 and 6 players (D4)."""
    st = game.state
    n_spaces = len(st.track.companion)
    for s in range(n_spaces):
        st.track.companion[s] = st.pile.pop(0) if st.pile else -1
        if not st.track.dice[s]:
            st.track.footprints[s] += 1
    if game.log is not None:
        parts = []
        for s in range(n_spaces):
            dice = "+".join(C.COLORS[d.color] for d in sorted(st.track.dice[s], key=lambda d: d.color))
            fp = st.track.footprints[s]
            comp = game.name(st.track.companion[s]) if st.track.companion[s] >= 0 else "-"
            parts.append(f"[{s} {space_label(game, s)}: {comp}"
                         f"{'; ' + dice if dice else ''}{'; ' + str(fp) + ' fp' if fp else ''}]")
        game.say("  Track: " + " ".join(parts))

