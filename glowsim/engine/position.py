"""A game started at a position instead of R2's setup: the state at a recruit pick of a round's
morning (R3, ``phase: morning``) or at a player's rerolls after their roll (R4, ``phase:
late_morning``), as a position file describes it (glowsim/position/positions.py checks the
file).

The setup of such a game is a dict like R2's, with the hidden parts a redraw may change
(``draw_pile``: the companions still to deal, deck A's before deck B's; ``box``: the companions
of the box not known; ``spell_pile``: first the tokens the players hold, in seat order, then the
pile) and ``position``: everything public, by id (contract.md section 8.15, docs/positions.md).
A record of such a game replays like any other (``replay`` and ``GameState.from_record``).
"""
from __future__ import annotations

from ..content import codes as C
from .dice import canonical_dice
from .state import BLACK_IN_BOX, BLACK_ON_TRACK, Die, GameData, Player, Spell, Track


def element_face(t, color: int, element: int) -> int:
    """The first face of a die of `color` that shows `element` (a small die on a track space
    shows that space's element)."""
    for f in range(6):
        if int(t.die_symbol[color, f]) == element:
            return f
    raise ValueError(f"a {C.COLORS[color]} die has no face {C.SYMBOLS[element]}")


def start_position(game, setup: dict) -> tuple[int, bool, int]:
    """Build ``game.state`` from ``setup["position"]``; return (round, late, pick) where play
    goes on: turn position ``pick`` (0 = the first player) of the round's morning (recruit), or
    of its late morning if ``late`` (that player has rolled: faces ``rolled`` in the canonical
    order of E2, the players before have finished)."""
    t, cat = game.t, game.cat
    pos = setup["position"]
    n = game.n_players
    rnd, pick = int(pos["round"]), int(pos["pick"])
    late = pos.get("phase", "morning") == "late_morning"
    game.record.setup = setup
    held = list(setup["spell_pile"])
    spell_rows = [cat.spell_row(s) for s in held]
    taken = 0
    black = Die(color=C.BLACK, small=True)
    black_state = BLACK_IN_BOX
    players = []
    for seat, q in enumerate(pos["players"]):
        p = Player(seat=seat, adventurer=game.adventurers[seat], score=int(q["score"]),
                   footprints=int(q["footprints"]), fireflies=int(q["fireflies"]),
                   tokens=int(q["reroll_tokens"]), lapped=bool(q["lapped"]))
        p.companions = [cat.companion_row(c) for c in q["companions"]]
        p.sketal_dice = {cat.companion_row(c): C.COLOR_CODE[col]
                         for c, col in q["sketal_dice"].items()}
        for i in range(int(q["spells"])):
            p.spells.append(Spell(row=spell_rows[taken], active_from=rnd, index=taken))
            taken += 1
        for col in q["small_dice"]:
            if col == "black":
                d, black_state = black, seat
            else:
                d = Die(color=C.COLOR_CODE[col], small=True)
            d.face = 0
            p.small_dice.append(d)
        if q.get("rolled") is not None:     # E2's canonical dice with the faces they show
            p.dice = canonical_dice(p, t)
            for d, f in zip(p.dice, q["rolled"]):
                d.face = int(f)
            p.lumipili_left = int(q["lumipili_left"])
        p.encampment, p.company = int(q["encampment"]), int(q["company"])
        p.boats = [int(b) for b in q["boats"]]
        p.stats = game.new_stats()
        players.append(p)
    track = Track(companion=[-1] * 5, dice=[[] for _ in range(5)], footprints=[0] * 5)
    for s, sp in enumerate(pos["track"]):
        track.companion[s] = cat.companion_row(sp["companion"]) if sp["companion"] else -1
        track.footprints[s] = int(sp["footprints"])
        element = int(t.space_element[s])
        for col in sp["dice"]:
            d = black if col == "black" else Die(color=C.COLOR_CODE[col], small=True)
            if col == "black":
                black_state = BLACK_ON_TRACK
            d.face = element_face(t, d.color, element)
            track.dice[s].append(d)
    reserve = [int(c) for c in t.reserve_colors]
    for p in players:
        for col in p.sketal_dice.values():
            reserve.remove(col)
    game.state = GameData(
        n_players=n, side=game.side, players=players, track=track,
        pile=[cat.companion_row(c) for c in setup["draw_pile"]],
        box=[cat.companion_row(c) for c in pos["box_known"] + setup["box"]],
        cemetery=[cat.companion_row(c) for c in pos["cemetery"]],
        spell_pile=spell_rows[taken:],
        spells_spent=[cat.spell_row(s) for s in pos["spells_spent"]],
        reserve=reserve, black_state=black_state, first_player=int(setup["first_player"]),
        round=rnd, black_die=black)
    game.say(f"Position: round {rnd}, {'late morning' if late else 'morning'}, turn position "
             f"{pick} (first player P{setup['first_player']})")
    return rnd, late, pick
