"""The mutable data of a reference-engine game (:class:`GameData`): plain dataclasses,
readable over fast.

Players hold companions as catalog rows in recruitment order; dice are
:class:`Die` objects that move between the meeting track and the players.
"""
from __future__ import annotations

from dataclasses import dataclass, field

BLACK_IN_BOX = -1      # black die not yet in play (no Kaar taken)
BLACK_ON_TRACK = -2    # black die lies on a meeting-track space (see black_space)


@dataclass
class Die:
    color: int
    small: bool
    face: int = 0
    sketal: int = -1      # row of the Sketal holding this large die, -1 otherwise
    gone: bool = False    # back in the reserve this round (its Sketal left play, R3)
    used: bool = False    # spent to enter a `need` space this afternoon (R6)

    def label(self, colors) -> str:
        return f"{'small' if self.small else 'large'} {colors[self.color]}"


@dataclass
class Spell:
    row: int
    active_from: int      # round from which it triggers (E4)
    index: int = -1       # its place in the setup's spell pile (0 = first drawn)


@dataclass
class Player:
    seat: int
    adventurer: int                     # catalog row
    score: int = 0
    footprints: int = 0
    fireflies: int = 0                  # tokens only; printed ones are on the cards
    tokens: int = 0                     # reroll tokens
    lapped: bool = False                # score reached the track length (E6)
    companions: list = field(default_factory=list)   # rows, recruitment order
    sketal_dice: dict = field(default_factory=dict)  # Sketal row -> colour of its large die
    pending_sketal: set = field(default_factory=set)  # Sketal rows whose die is rolled from next round
    spells: list = field(default_factory=list)       # Spell
    small_dice: list = field(default_factory=list)   # small Die taken this round
    dice: list = field(default_factory=list)         # canonical dice list of this round (E2)
    lumipili_left: int = 0
    encampment: int = 0                 # province: space of the encampment (start = no village)
    company: int = 0                    # province: space of the company
    entered: set = field(default_factory=set)        # province: spaces entered this journey (R6)
    boats: list = field(default_factory=list)        # archipelago: island of each boat
    # the Dawn expansion (D4, D14): the board the player's small dice go back to, butterfly
    # tokens held (count per token code: colour and action tokens), elements ignored this round
    little_board: bool = False
    butterflies: list = field(default_factory=list)
    ignored: set = field(default_factory=set)
    # statistics for the result tables (contract.md section 6)
    stats: dict = field(default_factory=dict)


@dataclass
class Track:
    """The meeting track: per space, a companion (row or -1), small dice and footprint tokens."""
    companion: list
    dice: list
    footprints: list


@dataclass
class DawnState:
    """What a Dawn game adds to the table (docs/rules.md D1-D16)."""
    sets: list                 # set ids in play (D1)
    replaced: list             # sets whose `replaces` are out of the deck (D1)
    swap_deck: list            # Hulios's swap deck, companion rows, top first (D3, D10, D16)
    n_spaces: int = 5          # meeting-track spaces: 5, 7 or 8 (D4)
    bag: list | None = None    # butterfly tokens in the bag per token code, None: no bag (D14)
    aside: list | None = None  # tokens given back, used or instant, back in the bag tonight


@dataclass
class GameData:
    """Everything on the table of one game in play, changed in place by the rules: the players'
    holdings, the meeting track, the piles, the reserve and the black die (``Game.state``).
    The forward model that stops a game at a decision is
    :class:`~glowsim.engine.gamestate.GameState`."""
    n_players: int
    side: int
    players: list
    track: Track
    pile: list                 # draw pile of companion rows, front first
    box: list                  # companions out of the game (setup removal)
    cemetery: list
    spell_pile: list           # spell rows, top first
    spells_spent: list
    reserve: list              # colours of large dice in the reserve
    black_state: int = BLACK_IN_BOX   # BLACK_IN_BOX, BLACK_ON_TRACK or the seat holding it
    first_player: int = 0
    round: int = 0             # 1-based during play
    black_die: Die | None = None
    dawn: DawnState | None = None   # a Dawn game's parts (D1-D16), None in the base game

    def turn_order(self):
        n = self.n_players
        return [(self.first_player + i) % n for i in range(n)]
