"""A position file's data from a game state stopped at a recruit pick or a reroll (test helper):
what a player writes down at the table, read off the engine's state."""
from glowsim.content import codes as C


def position_of(state) -> dict:
    game = state.game
    st = game.state
    ids = game.cat.item_id
    prov = game.side == C.PROVINCE
    late = state.decision_kind.name == "REROLL"
    order = st.turn_order()
    rolled = set(order[:order.index(state.current_player) + 1]) if late else set()
    players = []
    for p in st.players:
        q = {"adventurer": ids(p.adventurer), "score": p.score, "footprints": p.footprints,
             "fireflies": p.fireflies, "reroll_tokens": p.tokens,
             "companions": [ids(r) for r in p.companions],
             "sketal_dice": {ids(r): C.COLORS[c] for r, c in p.sketal_dice.items()},
             "spells": ([ids(s.row) for s in p.spells] if p.seat == state.current_player
                        else len(p.spells)),
             "small_dice": [C.COLORS[d.color] for d in p.small_dice]}
        if p.lapped:
            q["lapped"] = True
        if p.seat in rolled:
            q["rolled"] = [C.SYMBOLS[game.symbol(d)] for d in p.dice]
            q["lumipili_left"] = p.lumipili_left
        if prov:
            q.update(encampment=p.encampment, company=p.company)
        else:
            q["boats"] = list(p.boats)
        players.append(q)
    return {
        "side": C.SIDES[game.side], "round": st.round, "first_player": st.first_player,
        "to_move": state.current_player,
        "decision": "reroll" if late else "recruit", "players": players,
        "track": [{"companion": ids(st.track.companion[s]) if st.track.companion[s] >= 0 else None,
                   "dice": [C.COLORS[d.color] for d in st.track.dice[s]],
                   "footprints": st.track.footprints[s]} for s in range(5)],
        "cemetery": [ids(r) for r in st.cemetery],
        "box": "unknown",
        "spells_spent": [ids(r) for r in st.spells_spent],
    }
