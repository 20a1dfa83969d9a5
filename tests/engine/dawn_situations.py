"""Dawn games in literal situations for the reference-engine tests (docs/rules.md D1-D18).

``table(...)`` deals a real Dawn game (its setup drawn from a seed, as ``play_game`` does),
then hands the game to the test: its seats answer from a :class:`Script`, its dice from
scripted faces given as symbol names (the Dawn faces included), so a test sets a player's
cards and dice and runs one step of the rules on them.
"""
from __future__ import annotations

from functools import lru_cache

from glowsim.content import codes as C
from glowsim.content import dawncodes as DC
from glowsim.content import load_game
from glowsim.engine.dawndice import canonical
from glowsim.engine.game import Game
from glowsim.engine.play import new_game
from glowsim.engine.setup import setup_game
from glowsim.engine.state import Die
from glowsim.spec import decisions as D

from .situations import Script, passive


@lru_cache(maxsize=1)
def dawn():
    """The shipped Dawn content (loaded once)."""
    return load_game(dawn=True)


def row(cid: str) -> int:
    cat = dawn().catalog
    if cid in cat.adventurer_ids:
        return cat.adventurer_row(cid)
    if cid in cat.spell_ids:
        return cat.spell_row(cid)
    return cat.companion_row(cid)


def face(color: int, symbol: str) -> int:
    s = DC.DAWN_SYMBOL_CODE[symbol]
    t = dawn().tables
    return next(f for f in range(6) if int(t.die_symbol[color, f]) == s)


class Faces:
    """Dice faces from a list of symbol names (or face ints), resolved on the die rolled."""

    def __init__(self, faces=()):
        self.faces = list(faces)
        self.die = None

    def draw(self, who: int) -> int:
        if not self.faces:
            raise AssertionError(f"unscripted die roll on stream {who}")
        f = self.faces.pop(0)
        if isinstance(f, str):
            f = face(self.die.color, f)
        return f


class DawnGame(Game):
    def roll(self, die, stream: int) -> int:
        if isinstance(self.dice_source, Faces):
            self.dice_source.die = die
        return super().roll(die, stream)


def table(n=3, sets=("elemental", "anibloom", "draconic"), adventurers=None, answers=(),
          fallback=passive, seed=0, side="province", log=False):
    """A dealt Dawn game of n players (round 1, before the morning); its seats answer from
    ``game.script``; set ``game.dice_source = Faces([...])`` to script dice."""
    script = Script(answers, fallback)
    game, setup = new_game(dawn(), n, side, adventurers, None, seed, 0, log=[] if log else None,
                           agents=[script] * n, dawn_sets=list(sets))
    game.__class__ = DawnGame
    setup_game(game, setup)
    game.state.round = 1
    game.script = script
    return game


def hold(game, seat, adventurer=None, companions=(), dice=(), small=(), score=None, tokens=None,
         footprints=None, fireflies=None):
    """Give seat these cards, small dice (colour names) and this round's dice (faces as
    symbol names, canonical order: adventurer, Sketals, small dice by colour)."""
    p = game.state.players[seat]
    if adventurer is not None:
        p.adventurer = row(adventurer)
    p.companions = [row(c) for c in companions]
    p.small_dice = [Die(color=C.COLOR_CODE[c], small=True) for c in small]
    p.dice = canonical(game.t, game.dawn, p)
    assert len(dice) in (0, len(p.dice)), f"{len(p.dice)} dice, {len(dice)} faces given"
    for d, f in zip(p.dice, dice):
        d.face = face(d.color, f)
    for name, v in (("score", score), ("tokens", tokens), ("footprints", footprints),
                    ("fireflies", fireflies)):
        if v is not None:
            setattr(p, name, v)
    return p


def shows(game, die) -> str:
    return DC.DAWN_SYMBOLS[game.symbol(die)]


__all__ = ["C", "D", "DC", "Faces", "Script", "dawn", "face", "hold", "passive", "row",
           "shows", "table"]
