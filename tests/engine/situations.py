"""Literal game situations for the reference-engine tests.

`situation(...)` builds a :class:`glowsim.engine.game.Game` whose state is
exactly what a test describes (players with adventurer, companions, dice faces,
score, tokens, spells, journey position; meeting-track contents; reserve,
pile, cemetery), by constructing the engine's state objects directly.  The
phases of the engine (morning, late_morning, noon, afternoon, evening,
final_count) can then be run on it one by one.

Choices come from a :class:`Script` (answers in order, each checked against
the decision kind the engine asks); dice faces from :class:`ScriptedDice`
(faces in order, given as symbol names, with the stream that drew each one
kept for checks).  Both fail loudly when a test did not foresee a question.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from glowsim.content import codes as C
from glowsim.content import load_game
from glowsim.spec import decisions as D
from glowsim.engine.dice import canonical_dice
from glowsim.engine.evening import evening
from glowsim.engine.game import TRACK, Game
from glowsim.engine.journey import afternoon
from glowsim.engine.morning import morning
from glowsim.engine.noon import noon
from glowsim.engine.rerolls import late_morning
from glowsim.engine.scoring import final_count
from glowsim.engine.state import (BLACK_IN_BOX, BLACK_ON_TRACK, Die, GameData, Player, Spell,
                                  Track)

PHASES = {"morning": morning, "late_morning": late_morning, "noon": noon,
          "afternoon": afternoon, "evening": evening}


@lru_cache(maxsize=1)
def content():
    """The shipped base content (loaded once)."""
    return load_game()


# ---- names -> codes ----------------------------------------------------------

def row(cid: str) -> int:
    """Catalog row of a companion (A01..), adventurer (eoles..) or spell (S1..) id."""
    cat = content().catalog
    if cid in cat.adventurer_ids:
        return cat.adventurer_row(cid)
    if cid in cat.spell_ids:
        return cat.spell_row(cid)
    return cat.companion_row(cid)


def color(name: str) -> int:
    return C.COLOR_CODE[name]


def sym(name: str) -> int:
    return C.SYMBOL_CODE[name]


def face_of(color_code: int, symbol_name: str) -> int:
    """The face index (0..5) of a die of this colour that shows the symbol (lowest such face)."""
    s = sym(symbol_name)
    faces = [f for f in range(6) if content().tables.die_symbol[color_code, f] == s]
    if not faces:
        raise ValueError(f"a {C.COLORS[color_code]} die has no {symbol_name} face")
    return faces[0]


def shows(game, die) -> str:
    return C.SYMBOLS[game.symbol(die)]


# ---- scripted choices and dice ------------------------------------------------

class Script:
    """An agent that answers decisions from a list of ``(kind, (a, b, ...))``.

    Every question is kept in ``asked`` as ``(seat, kind, legal)`` so tests can
    check the legal options the engine offered.  When the list is exhausted,
    ``fallback`` (a function of the legal list) answers, or the test fails.
    """

    def __init__(self, answers=(), fallback=None):
        self.answers = list(answers)
        self.fallback = fallback
        self.asked: list = []

    def decide(self, game, seat, kind, legal):
        self.asked.append((seat, kind, list(legal)))
        if not self.answers:
            if self.fallback is None:
                raise AssertionError(f"unscripted decision {D.KIND_NAMES[kind]} for seat {seat}; "
                                     f"legal: {legal[:10]}")
            return self.fallback(kind, legal)
        want_kind, vals = self.answers.pop(0)
        if want_kind != kind:
            raise AssertionError(f"script expected {D.KIND_NAMES[want_kind]} {vals}, the engine asks "
                                 f"{D.KIND_NAMES[kind]} of seat {seat}; legal: {legal[:10]}")
        return D.pad(*vals)

    def legal(self, kind, n=-1):
        """The legal list of the n-th question of this kind (default: the last one)."""
        found = [lg for _, k, lg in self.asked if k == kind]
        return found[n]


def passive(kind, legal):
    """Fallback: stop rerolling, end moves, no move, take nobody back; else the first option."""
    stop = {D.REROLL: D.pad(D.OP_STOP), D.PROVINCE_MOVE: D.pad(D.MOVE_END),
            D.ARCHI_MOVE: D.pad(-1, -1), D.CROMAUG: D.pad(-1)}
    return stop.get(kind, legal[0])


class ScriptedDice:
    """Dice faces from a list of symbol names (or face ints); keeps the stream of each draw.

    A symbol is turned into the face of the die being rolled that shows it, so
    a test writes ``["cloud", "rock", "burst"]`` whatever the die colours are.
    """

    def __init__(self, faces=()):
        self.faces = list(faces)
        self.drawn: list = []       # (stream: seat or TRACK, face)
        self.die = None

    def draw(self, who: int) -> int:
        if not self.faces:
            raise AssertionError(f"unscripted die roll on stream {who}")
        f = self.faces.pop(0)
        if isinstance(f, str):
            f = face_of(self.die.color, f)
        self.drawn.append((who, f))
        return f


class ScriptedGame(Game):
    """A Game whose roll() tells the scripted dice which die is being rolled."""

    def roll(self, die, stream: int) -> int:
        if isinstance(self.dice_source, ScriptedDice):
            self.dice_source.die = die
        return super().roll(die, stream)


# ---- the situation builder ----------------------------------------------------

@dataclass
class P:
    """One player of a situation.

    ``dice`` gives the faces of this round's canonical dice list (E2) as symbol
    names: adventurer dice, Sketal dice, then the ``small`` dice sorted by
    colour.  Without ``dice`` the player has no dice list yet (late morning
    will build and roll it).
    """
    adventurer: str = "pocana"
    companions: list = field(default_factory=list)          # ids, recruitment order
    sketal_dice: dict = field(default_factory=dict)         # Sketal id -> colour name
    small: list = field(default_factory=list)               # colours of small dice held this round
    dice: list | None = None                                # faces (symbol names) of the dice list
    score: int = 10
    footprints: int = 0
    fireflies: int = 0
    tokens: int = 0
    lapped: bool = False
    spells: list = field(default_factory=list)               # (spell id, active_from round)
    company: int = 0
    encampment: int = 0
    boats: list = field(default_factory=lambda: [0, 0, 0, 0])


def situation(players, side="province", round_=1, first=0, track=None, pile=(), box=(),
              cemetery=(), spell_pile=(), reserve=None, faces=(), answers=(), fallback=None,
              log=False):
    """Build a Game in a literal situation.

    track: up to 5 entries ``(companion id or None, [small die colours], footprints)``;
    a small die on space i shows the element of space i (R3).  reserve: colour
    names of the large dice in the reserve (default: the 5 minus those held by
    Sketals).  faces: scripted dice faces; answers: scripted decisions (one
    Script shared by every seat).  Returns the game; its script is
    ``game.script`` and its dice source ``game.dice_source``.
    """
    c = content()
    t, cat = c.tables, c.catalog
    n = len(players)
    script = Script(answers, fallback)
    dice_src = ScriptedDice(faces)
    adv_rows = [row(p.adventurer) for p in players]
    game = ScriptedGame(c, n, C.SIDE_CODE[side], adv_rows, [script] * n, dice_src,
                        [] if log else None)
    game.script = script
    black = Die(color=C.BLACK, small=True)
    black_state = BLACK_IN_BOX

    state_players = []
    for seat, spec in enumerate(players):
        p = Player(seat=seat, adventurer=adv_rows[seat], score=spec.score,
                   footprints=spec.footprints, fireflies=spec.fireflies, tokens=spec.tokens,
                   lapped=spec.lapped)
        p.companions = [row(x) for x in spec.companions]
        p.sketal_dice = {row(k): color(v) for k, v in spec.sketal_dice.items()}
        for sid, active in spec.spells:
            p.spells.append(Spell(row=row(sid), active_from=active))
        for col in spec.small:
            if col == "black":
                p.small_dice.append(black)
                black_state = seat
            else:
                p.small_dice.append(Die(color=color(col), small=True))
        p.company, p.encampment = spec.company, spec.encampment
        p.boats = list(spec.boats)
        p.stats = game.new_stats()
        if spec.dice is not None:
            p.dice = canonical_dice(p, t)
            if len(spec.dice) != len(p.dice):
                raise ValueError(f"seat {seat}: {len(spec.dice)} faces given for "
                                 f"{len(p.dice)} dice {[C.COLORS[d.color] for d in p.dice]}")
            for d, s in zip(p.dice, spec.dice):
                d.face = face_of(d.color, s)
        state_players.append(p)

    tr = Track(companion=[-1] * 5, dice=[[] for _ in range(5)], footprints=[0] * 5)
    for s, entry in enumerate(track or []):
        comp, dice, fp = entry
        tr.companion[s] = row(comp) if comp else -1
        for col in dice:
            d = black if col == "black" else Die(color=color(col), small=True)
            d.face = face_of(d.color, C.SYMBOLS[int(t.space_element[s])])
            tr.dice[s].append(d)
            if col == "black":
                black_state = BLACK_ON_TRACK
        tr.footprints[s] = fp

    held = [col for p in state_players for col in p.sketal_dice.values()]
    if reserve is None:
        res = [int(x) for x in t.reserve_colors]
        for col in held:
            res.remove(col)
    else:
        res = [color(x) for x in reserve]
    game.state = GameData(
        n_players=n, side=C.SIDE_CODE[side], players=state_players, track=tr,
        pile=[row(x) for x in pile], box=[row(x) for x in box], cemetery=[row(x) for x in cemetery],
        spell_pile=[row(x) for x in spell_pile], spells_spent=[], reserve=res,
        black_state=black_state, first_player=first, round=round_, black_die=black)
    return game


def new_game(n_players=3, side="province", adventurers=None, faces=None, seed=1, game_index=0,
             answers=(), fallback=None):
    """A game before setup (R2): live dice of (seed, game_index) unless `faces` are scripted."""
    from glowsim import seeding as S
    from glowsim.engine.sources import LiveDice
    c = content()
    advs = adventurers or list(c.catalog.adventurer_ids[:n_players])
    script = Script(answers, fallback)
    src = ScriptedDice(faces) if faces is not None else LiveDice(S.root_key(seed), game_index)
    game = ScriptedGame(c, n_players, C.SIDE_CODE[side], [row(a) for a in advs], [script] * n_players, src)
    game.script = script
    return game


def phase(game, *names):
    """Run the named phases (morning, late_morning, noon, afternoon, evening) in order."""
    for name in names:
        game.say(f" {name}")
        PHASES[name](game)
    return game


def final(game):
    """R8 final count per seat."""
    return final_count(game)


def set_dice(game, seat, symbols) -> None:
    """Give a player this round's canonical dice list (E2) showing the given symbols."""
    p = game.state.players[seat]
    p.dice = canonical_dice(p, game.t)
    if len(symbols) != len(p.dice):
        raise ValueError(f"{len(symbols)} faces for {len(p.dice)} dice")
    for d, s in zip(p.dice, symbols):
        d.face = face_of(d.color, s)


def faces(game, seat) -> list:
    """The symbols shown by a player's dice list."""
    return [shows(game, d) for d in game.state.players[seat].dice]


__all__ = ["P", "Script", "ScriptedDice", "TRACK", "content", "face_of", "faces", "final", "passive",
           "phase", "row", "set_dice", "situation", "shows", "sym", "color"]
