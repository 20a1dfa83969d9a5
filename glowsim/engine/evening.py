"""R7 Evening: small dice back to the track, new companions, the first player passes."""
from __future__ import annotations

from ..content import codes as C
from .butterflies import end_of_round
from .dawnsetup import space_of
from .game import TRACK
from .setup import deal
from .state import BLACK_ON_TRACK


def evening(game) -> None:
    st = game.state
    t = game.t
    for seat in st.turn_order():
        p = st.players[seat]
        for d in sorted(p.small_dice, key=lambda d: d.color):
            if game.symbol(d) >= C.N_ELEMENTS:   # footprint or curse: reroll until an element (E10)
                game.roll_until_element(d, TRACK)
            if st.dawn is not None:     # D5: to the board the player belongs to
                st.track.dice[space_of(game, p, game.symbol(d))].append(d)
            else:
                st.track.dice[int(t.element_space[game.symbol(d)])].append(d)
            if d.color == C.BLACK:
                st.black_state = BLACK_ON_TRACK
        p.small_dice = []
        p.pending_sketal.clear()
    st.first_player = (st.first_player + 1) % st.n_players
    game.say(f"  Evening: first player passes to P{st.first_player}")
    deal(game)
    if st.dawn is not None:
        end_of_round(game)
