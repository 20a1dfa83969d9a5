"""What one player may see of a game stopped at a decision (GameState.observation).

Public: the meeting track (companions, dice and their faces, footprints), the cemetery, the
reserve, the spells spent, every player's adventurer, score, tokens, companions, dice and
journey, Tom (solo), the decision asked.  Sizes only: the draw pile (per deck), the box, the
spell pile, Tom's tile deck.  Private: a player's own spell tokens (others: how many and the
round each is active from).  Never: the order of a pile or deck, future dice.
"""
from __future__ import annotations

from ..content import codes as C
from ..content import dawncodes as DC


def _die(game, d) -> dict:
    # the Dawn names extend the base ones (the same for every base die and face)
    return {"color": DC.DAWN_COLORS[d.color], "small": d.small, "symbol": DC.DAWN_SYMBOLS[game.symbol(d)],
            "face": d.face, "sketal": game.cat.item_id(d.sketal) if d.sketal >= 0 else None,
            "gone": d.gone, "used": d.used}


def _player(game, p, me: bool) -> dict:
    ids = game.cat.item_id
    out = {
        "seat": p.seat, "adventurer": ids(p.adventurer), "score": p.score,
        "footprints": p.footprints, "fireflies": p.fireflies, "reroll_tokens": p.tokens,
        "lapped": p.lapped, "companions": [ids(r) for r in p.companions],
        "sketal_dice": {ids(r): C.COLORS[c] for r, c in p.sketal_dice.items()},
        "pending_sketal": sorted(ids(r) for r in p.pending_sketal),
        "small_dice": [_die(game, d) for d in sorted(p.small_dice, key=lambda d: d.color)],
        "dice": [_die(game, d) for d in p.dice], "lumipili_left": p.lumipili_left,
        "encampment": p.encampment if game.side == C.PROVINCE else None,
        "company": p.company if game.side == C.PROVINCE else None,
        "boats": sorted(p.boats) if game.side == C.ARCHIPELAGO else None,
        "spell_tokens": len(p.spells),
        "spells_active_from": sorted(s.active_from for s in p.spells),
    }
    if me:
        out["spells"] = sorted([ids(s.row), s.active_from] for s in p.spells)
    if game.dawn is not None:       # D4, D14: public in a Dawn game
        out["little_board"] = p.little_board
        out["butterflies"] = list(p.butterflies)
        out["ignored"] = sorted(C.SYMBOLS[e] for e in p.ignored)
    return out


def _tom(game) -> dict:
    tom, ids = game.tom, game.cat.tile_ids
    return {"score": tom.score, "band": tom.band, "footprints": tom.footprints,
            "camp": tom.camp if game.side == C.PROVINCE else None,
            "boats": sorted(tom.boats) if game.side == C.ARCHIPELAGO else None,
            "dice": [_die(game, d) for d in tom.dice], "aside": list(tom.aside),
            "tiles_up": [ids[i] if i >= 0 else None for i in tom.tiles_up],
            "tile_deck": len(tom.tile_deck), "tile_discard": [ids[i] for i in tom.tile_discard],
            "reshuffles": tom.reshuffles, "deck": tom.deck, "last_round": tom.last_round}


def observation(state, player: int) -> dict:
    game = state.game
    st = game.state
    ids = game.cat.item_id
    asked = state.legal_decisions()
    out = {
        "player": player, "n_players": game.n_players, "side": C.SIDES[game.side],
        "solo": bool(game.record.solo), "round": st.round if st is not None else 0,
        "adventurers": list(game.record.adventurers),
        "to_decide": None if state.current_player is None else
        {"player": state.current_player, "kind": state.decision_kind.name,
         "legal": [list(r) for r in asked] if state.current_player == player else None},
        "ended": state.is_terminal,
    }
    if st is None:   # the adventurer draft (E19), before setup
        return out
    t = game.t
    out.update({
        "first_player": st.first_player,
        "track": [{"companion": ids(st.track.companion[s]) if st.track.companion[s] >= 0 else None,
                   "dice": [_die(game, d) for d in sorted(st.track.dice[s], key=lambda d: d.color)],
                   "footprints": st.track.footprints[s]} for s in range(len(st.track.companion))],
        "black_die": st.black_state,
        "cemetery": [ids(r) for r in st.cemetery],
        "reserve": sorted(C.COLORS[c] for c in st.reserve),
        "spells_spent": [ids(r) for r in st.spells_spent],
        "draw_pile": {deck: sum(1 for r in st.pile if C.DECKS[int(t.item_deck[r])] == deck)
                      for deck in ("A", "B")},
        "box": len(st.box),
        "spell_pile": len(st.spell_pile),
        "players": [_player(game, p, p.seat == player) for p in st.players],
    })
    if st.dawn is not None:         # D1, D10, D14: the sets, the swap deck's size, the bag
        out["dawn"] = {"sets": list(st.dawn.sets), "replaced": list(st.dawn.replaced),
                       "swap_deck": len(st.dawn.swap_deck),
                       "bag": list(st.dawn.bag) if st.dawn.bag is not None else None,
                       "aside": list(st.dawn.aside) if st.dawn.aside is not None else None}
        kind = state.decision_kind
        if kind is not None and kind.name == "SWAP" and state.current_player == player \
                and st.dawn.swap_deck:      # D10: Hulios's owner looks at the top card
            out["dawn"]["swap_top"] = ids(st.dawn.swap_deck[0])
    if game.record.solo:
        out["deck_b"] = len(game.deck_b)
        out["tom"] = _tom(game)
    return out
