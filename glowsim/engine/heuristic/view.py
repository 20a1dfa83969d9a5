"""One player's situation as the heuristic bot reads it: the reference engine's state, the
bot tables and the player's parameter vector (glowsim/engine/botparams.py)."""
from __future__ import annotations

from collections import namedtuple

from ...spec.botparams import NPARAM, PARAM_NAMES, check_vector
from ...errors import UserError

Params = namedtuple("Params", PARAM_NAMES)


def params_from(vector) -> Params:
    """A parameter vector (NPARAM floats, in PARAM_NAMES order) with its values by name."""
    values = [float(x) for x in vector]
    if len(values) != NPARAM:
        raise UserError(f"a bot parameter vector has {NPARAM} values ({', '.join(PARAM_NAMES)}), "
                         f"got {len(values)}")
    check_vector(values, "a bot parameter vector")
    return Params(*values)


class View:
    """What a valuation looks at: tables ``bt``, the game, seat ``p``'s player, parameters ``w``."""

    def __init__(self, bt, game, seat: int, w: Params):
        self.bt = bt
        self.game = game
        self.w = w
        self.seat = seat
        self.st = game.state
        self.p = self.st.players[seat] if self.st is not None else None
        self.round = self.st.round if self.st is not None else 0   # the draft (E19) is before round 1
        self.rounds_after = game.rounds - self.round               # rounds still to play after this one
        self.n_players = game.n_players
        self.side = game.side

    def symbol(self, die) -> int:
        return self.bt.die_symbol[die.color][die.face]

    def item(self, row: int):
        return self.bt.items[row]

    def die_color(self, row: int) -> int:
        """Colour of the large die companion `row` holds (R3), -1 without one."""
        return self.p.sketal_dice.get(row, -1)
