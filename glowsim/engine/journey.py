"""R6 Afternoon: the journey on the Province of Shadows (side 1) or the Archipelago (side 2)."""
from __future__ import annotations

from ..content import codes as C
from ..spec import decisions as D
from .butterflies import offer_actions
from .dice import distinct_elements


# ---- Province of Shadows ----------------------------------------------------

def step_cost(game, p, space: int, pay: int):
    """Footprints to enter `space` paying `pay`, the die used (or None); None if not allowed."""
    t = game.t
    eff = game.effective(p)
    fcost = int(t.prov_fcost[space])
    need, forbid = int(t.prov_need[space]), int(t.prov_forbid[space])
    die = None
    fp = fcost
    if need >= 0:
        if pay == D.PAY_DIE:
            die = next((d for d in eff if not d.used and game.symbol(d) == need), None)
            if die is None:
                return None
        elif pay == D.PAY_FOOTPRINT:
            fp += 1
        else:
            return None
    elif pay != -1:
        return None
    elif forbid >= 0 and any(game.symbol(d) == forbid for d in eff):
        fp += 1
    if fp > p.footprints:
        return None
    return fp, die


def province_options(game, p, entered: set, can_encamp: bool) -> list[tuple]:
    t = game.t
    legal = [D.pad(D.MOVE_END)]
    if can_encamp:
        legal.append(D.pad(D.MOVE_ENCAMP))
    v = p.company
    for k in range(int(t.prov_adj_ptr[v]), int(t.prov_adj_ptr[v + 1])):
        w = int(t.prov_adj_to[k])
        if w in entered:
            continue
        pays = (D.PAY_DIE, D.PAY_FOOTPRINT) if t.prov_need[w] >= 0 else (-1,)
        for pay in pays:
            if step_cost(game, p, w, pay) is not None:
                legal.append(D.pad(D.MOVE_STEP, w, pay))
    return legal


def edge_between(t, v: int, w: int) -> int:
    for k in range(int(t.prov_adj_ptr[v]), int(t.prov_adj_ptr[v + 1])):
        if t.prov_adj_to[k] == w:
            return int(t.prov_adj_edge[k])
    return -1


def take_gain(game, p, amounts, lose: int, what: str) -> None:
    b, f, ff, r = (int(x) for x in amounts)
    if b or f or ff or r:
        game.add_amounts(p, bursts=b, footprints=f, fireflies=ff, rerolls=r)
        parts = [f"{b:+d} bursts" if b else "", f"{f:+d} footprints" if f else "",
                 f"{ff:+d} fireflies" if ff else "", f"{r:+d} reroll tokens" if r else ""]
        game.say(f"    {what}: " + ", ".join(x for x in parts if x))
    if lose:
        game.lose_companion_or_spell(p)


def province_move(game, p) -> None:
    t = game.t
    entered = p.entered = {p.company}
    can_encamp = False
    while True:
        if game.dawn is not None:
            offer_actions(game, p)      # D14: an action token at any moment of the afternoon
        op, w, pay = game.ask(p.seat, D.PROVINCE_MOVE, province_options(game, p, entered, can_encamp))[:3]
        if op == D.MOVE_END:
            break
        if op == D.MOVE_ENCAMP:
            p.encampment = p.company
            game.say(f"    P{p.seat} places the encampment on village {p.company} "
                     f"({int(t.prov_village[p.company])} bursts)")
            break
        fp, die = step_cost(game, p, w, pay)
        p.footprints -= fp
        if die is not None:
            die.used = True
        edge = edge_between(t, p.company, w)
        p.company = w
        entered.add(w)
        how = (f"a {C.SYMBOLS[game.symbol(die)]} die" if die is not None else "")
        game.say(f"    P{p.seat} moves to space {w}" + (f" using {how}" if how else "")
                 + (f", paying {fp} footprints" if fp else ""))
        take_gain(game, p, t.prov_edge_gain[edge], int(t.prov_edge_lose[edge]), "path")
        take_gain(game, p, t.prov_gain[w], int(t.prov_lose[w]), f"space {w}")
        can_encamp = t.prov_village[w] >= 0


# ---- Archipelago of Darkness ------------------------------------------------

def archi_cost(game, p, edge: int, k: int):
    """Footprints to cross `edge` with k distinct elements (R6), or None if not allowed."""
    t = game.t
    lo, hi = int(t.arch_edge_min[edge]), int(t.arch_edge_max[edge])
    if k > hi:
        return None
    cost = max(0, lo - k) + int(t.arch_edge_fcost[edge])
    return cost if cost <= p.footprints else None


def closed_islands(game) -> tuple:
    """D16: islands closed to the player's boats (solo with Dawn), () otherwise."""
    if game.dawn is not None and game.n_players == 1:
        return game.dawn.closed_islands
    return ()


def archi_options(game, p) -> list[tuple]:
    t = game.t
    k = distinct_elements(t, game.effective(p))
    closed = closed_islands(game)
    legal = [D.pad(-1, -1)]
    for v in sorted(set(p.boats)):
        for j in range(int(t.arch_adj_ptr[v]), int(t.arch_adj_ptr[v + 1])):
            w = int(t.arch_adj_to[j])
            if w != 0 and w in p.boats:
                continue
            if w in closed:
                continue
            if archi_cost(game, p, int(t.arch_adj_edge[j]), k) is not None:
                legal.append(D.pad(v, w))
    return legal


def archi_move(game, p) -> None:
    t = game.t
    if game.dawn is not None:
        offer_actions(game, p)      # D14: an action token before the crossing
    v, w = game.ask(p.seat, D.ARCHI_MOVE, archi_options(game, p))[:2]
    if v < 0:
        return
    k = distinct_elements(t, game.effective(p))
    edge = next(int(t.arch_adj_edge[j]) for j in range(int(t.arch_adj_ptr[v]), int(t.arch_adj_ptr[v + 1]))
                if t.arch_adj_to[j] == w)
    cost = archi_cost(game, p, edge, k)
    p.footprints -= cost
    p.boats[p.boats.index(v)] = w
    game.say(f"    P{p.seat} sails a boat from island {v} to {w} ({k} elements"
             + (f", {cost} footprints" if cost else "") + ")")
    take_gain(game, p, t.arch_gain[w], int(t.arch_lose[w]), f"island {w}")


def afternoon(game) -> None:
    st = game.state
    for seat in st.turn_order():
        p = st.players[seat]
        if st.side == C.PROVINCE:
            province_move(game, p)
        else:
            archi_move(game, p)
