"""R8 final count, winners (E9), the final state used to check replays (contract.md section 7)."""
from __future__ import annotations

from ..content import codes as C
from .butterflies import butterfly_bursts


def final_count(game) -> list[dict]:
    """Score components per seat; the end-game count is a plain sum (R5, R8)."""
    t = game.t
    st = game.state
    out = []
    for p in st.players:
        cards = int(t.item_bursts[p.adventurer]) + sum(int(t.item_bursts[r]) for r in p.companions)
        if st.side == C.PROVINCE:
            v = int(t.prov_village[p.encampment])
            journey = max(v, 0)
        else:
            journey = sum(int(t.arch_bursts[i]) for i in p.boats)
        fireflies = p.fireflies + sum(int(t.item_fireflies[r]) for r in p.companions)
        bonus = game.firefly_bonus if fireflies >= len(p.companions) else 0
        total = p.score + cards + journey + bonus + p.footprints
        row = dict(seat=p.seat, track=p.score, cards_bursts=cards, journey_bursts=journey,
                   firefly_bonus=bonus, footprint_bursts=p.footprints, fireflies=fireflies,
                   score=total)
        if st.dawn is not None:     # D15: the butterfly tokens
            row["butterfly_bursts"] = butterfly_bursts(game, p)
            row["score"] += row["butterfly_bursts"]
        out.append(row)
    return out


def winners(counts: list[dict], players) -> list[int]:
    """E9: highest score, then most reroll tokens; remaining ties share the win."""
    top = max(c["score"] for c in counts)
    best = [c["seat"] for c in counts if c["score"] == top]
    most = max(players[s].tokens for s in best)
    return [s for s in best if players[s].tokens == most]


def final_state(game, counts) -> dict:
    st = game.state
    ids = game.cat.item_id
    return {
        "players": [
            {"score": p.score, "footprints": p.footprints, "fireflies": p.fireflies,
             "reroll_tokens": p.tokens, "lapped": p.lapped,
             "companions": [ids(r) for r in p.companions],
             "spells": sorted(ids(s.row) for s in p.spells),
             "encampment": p.encampment if st.side == C.PROVINCE else None,
             "company": p.company if st.side == C.PROVINCE else None,
             "boats": sorted(p.boats) if st.side == C.ARCHIPELAGO else None,
             "final": counts[p.seat]["score"]}
            for p in st.players],
        "cemetery": sorted(ids(r) for r in st.cemetery),
        "box": sorted(ids(r) for r in st.box),
        "reserve": sorted(C.COLORS[c] for c in st.reserve),
        "black_die": st.black_state,
        "first_player": st.first_player,
    } | (_dawn_state(game) if st.dawn is not None else {})


def _dawn_state(game) -> dict:
    """A Dawn game's own parts of the final state: sets, swap deck, bag, tokens held."""
    st = game.state
    ids = game.cat.item_id
    bag = game.dawn.bag
    held = [{bag.tokens[c].name: k for c, k in enumerate(p.butterflies) if k}
            if p.butterflies else {} for p in st.players]
    return {"dawn": {"sets": list(st.dawn.sets), "replaced": list(st.dawn.replaced),
                     "swap_deck": [ids(r) for r in st.dawn.swap_deck],
                     "bag": sum(st.dawn.bag) if st.dawn.bag is not None else None,
                     "butterflies": held,
                     "little_board": [p.seat for p in st.players if p.little_board]}}
