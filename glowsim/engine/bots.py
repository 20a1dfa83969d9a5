"""Bots for the reference engine: `random` and `greedy` here, `heuristic` (the fast path's
planning bot in plain Python, glowsim/engine/heuristic/).

All answer through the decision interface (``decide(game, seat, kind, legal)``)
and draw their own randomness from the seat's bot stream, never the dice.
"""
from __future__ import annotations

from collections import deque

from .. import seeding as S
from ..content import codes as C
from ..spec import decisions as D
from . import dawnbots
from .dice import distinct_elements, effective_dice, symbol_counts
from .journey import archi_cost
from .triggers import applied_count
from ..errors import UserError


class RandomBot:
    """Uniform over legal choices; for rerolls first uniform over the kinds of action
    (stop, reroll, set a face), then uniform within, so it does not burn its score."""
    name = "random"

    def __init__(self, stream: S.Stream):
        self.rng = stream

    def clone(self):
        """The same bot with its own copy of the stream, at the same draw."""
        return type(self)(S.Stream(self.rng.key, self.rng.counter))

    def decide(self, game, seat, kind, legal):
        if kind == D.REROLL:
            ops = sorted({x[0] for x in legal})
            op = ops[self.rng.uniform_int(len(ops))]
            legal = [x for x in legal if x[0] == op]
        return legal[self.rng.uniform_int(len(legal))]


def _value(t, row) -> float:
    """Immediate worth of one application of an item's effect."""
    a = t.eff_amount[row]
    return float(a[0]) + float(a[1]) + 1.5 * float(a[2]) + 1.5 * float(a[3])


def _card_worth(t, row) -> float:
    return float(t.item_bursts[row]) + 1.5 * float(t.item_fireflies[row]) + 2.0 * float(t.item_reroll_each[row])


def _noon_value(t, items, counts) -> float:
    return sum(applied_count(t, r, counts) * _value(t, r) for r in items)


class GreedyBot:
    """Immediate-value heuristic: the best-looking choice now, no planning."""
    name = "greedy"

    def __init__(self, stream: S.Stream):
        self.rng = stream

    def clone(self):
        """The same bot with its own copy of the stream, at the same draw."""
        return type(self)(S.Stream(self.rng.key, self.rng.counter))

    def decide(self, game, seat, kind, legal):
        if kind in dawnbots.RULES:      # the Dawn decisions (D8-D14)
            return dawnbots.decide(game, seat, kind, legal)
        fn = getattr(self, f"_k{kind}", None)
        p = game.state.players[seat] if game.state is not None else None
        return fn(game, p, legal) if fn else legal[0]

    # RECRUIT: printed worth + footprints + dice on the space, black die avoided
    def _k1(self, game, p, legal):
        t, st = game.t, game.state

        def score(opt):
            s, move = opt[0], opt[1]
            row = st.track.companion[s]
            dice = st.track.dice[s]
            v = _card_worth(t, row) + st.track.footprints[s] + 0.6 * len(dice)
            if game.dawn is not None:   # Dawn cards: `elements` triggers and costs too (D6, D7)
                triggers = t.trig_kind[row] != C.TRIG_NONE or game.dawn.elements[row] is not None
                v += 0.5 * dawnbots.value(game, row) if triggers else 0.0
            else:
                v += 0.5 * _value(t, row) if t.trig_kind[row] != C.TRIG_NONE else 0.0
            has_black = any(d.color == C.BLACK for d in dice)
            if has_black:
                v -= 0.0 if move >= 0 else 2.0
            return v

        return max(legal, key=score)

    # DISCARD_2P: deny the best remaining card
    def _k2(self, game, p, legal):
        st = game.state
        return max(legal, key=lambda o: _card_worth(game.t, st.track.companion[o[0]]))

    # REROLL: free and token rerolls of one useless die when the expected gain is worth it
    def _k4(self, game, p, legal):
        t = game.t
        items = [p.adventurer] + p.companions
        need = set()
        for r in items:
            need |= {s for s in range(C.N_SYMBOLS) if t.trig_need[r, s] > 0}
        if game.dawn is not None:
            noon_now = lambda: dawnbots.noon_value(game, p)
        else:
            noon_now = lambda: _noon_value(t, items, symbol_counts(t, effective_dice(t, p)))
        base = noon_now()
        best, best_gain = D.pad(D.OP_STOP), 0.0
        for opt in legal:
            if opt[0] != D.OP_REROLL or opt[3] != -1 or opt[1] in (D.SRC_TRACK, D.SRC_BURSTS):
                continue
            die = p.dice[opt[2]]
            if game.symbol(die) in need:
                continue
            old = die.face
            total = 0.0
            for f in range(6):
                die.face = f
                total += noon_now()
            die.face = old
            gain = total / 6.0 - base - (1.0 if opt[1] == D.SRC_TOKEN else 0.0)
            if gain > best_gain:
                best, best_gain = opt, gain
        return best

    # RESOLVE: keep dice and companions as long as possible: discarding cards and spells last
    def _k5(self, game, p, legal):
        t = game.t

        def prio(opt):
            r = opt[0]
            f = int(t.eff_flags[r])
            return (bool(f & C.FLAG_DISCARD_LAST), bool(f & C.FLAG_DISCARD_SELF), r)

        return min(legal, key=prio)

    # CROMAUG: the best printed card in the cemetery
    def _k6(self, game, p, legal):
        return max(legal, key=lambda o: -1e9 if o[0] < 0 else _card_worth(game.t, o[0]) + _value(game.t, o[0]))

    # LOSE: a spell first, else the companion worth least
    def _k7(self, game, p, legal):
        spells = [o for o in legal if o[0] == D.LOSE_SPELL]
        if spells:
            return spells[0]
        return min(legal, key=lambda o: _card_worth(game.t, o[1]))

    # PROVINCE_MOVE: head for the best better village by graph distance
    def _k8(self, game, p, legal):
        t = game.t
        here = p.company
        enc_val = int(t.prov_village[p.encampment])
        if D.pad(D.MOVE_ENCAMP) in legal and t.prov_village[here] > enc_val:
            return D.pad(D.MOVE_ENCAMP)
        dist = _distances(t, here)
        targets = [(int(t.prov_village[v]) - 2 * dist[v], v) for v in range(len(dist))
                   if t.prov_village[v] > enc_val and dist[v] >= 0]
        if not targets:
            return D.pad(D.MOVE_END)
        _, target = max(targets)
        dt = _distances(t, target)
        steps = [o for o in legal if o[0] == D.MOVE_STEP and dt[o[1]] == dt[here] - 1]
        if not steps:
            return D.pad(D.MOVE_END)
        return min(steps, key=lambda o: (o[2] == D.PAY_FOOTPRINT, o[1]))

    # ADVENTURER (draft, E19): printed bursts plus two per large die, ties to the lower row
    def _k11(self, game, p, legal):
        t = game.t
        return max(legal, key=lambda o: (float(t.item_bursts[o[0]]) + 2.0 * float(t.item_adv_dice[o[0]]), -o[0]))

    # ARCHI_MOVE: the move that adds most island bursts, net of footprints paid
    def _k9(self, game, p, legal):
        t = game.t
        k = distinct_elements(t, game.effective(p))
        best, best_v = D.pad(-1, -1), 0.0
        for o in legal:
            v, w = o[0], o[1]
            if v < 0:
                continue
            edge = next(int(t.arch_adj_edge[j]) for j in range(int(t.arch_adj_ptr[v]), int(t.arch_adj_ptr[v + 1]))
                        if t.arch_adj_to[j] == w)
            g = t.arch_gain[w]
            val = (int(t.arch_bursts[w]) - int(t.arch_bursts[v]) - archi_cost(game, p, edge, k)
                   + float(g[1]) + 1.5 * float(g[2]) + 1.5 * float(g[3]) - 3.0 * int(t.arch_lose[w]))
            if val > best_v:
                best, best_v = o, val
        return best


def _distances(t, src: int) -> list[int]:
    n = len(t.prov_need)
    dist = [-1] * n
    dist[src] = 0
    q = deque([src])
    while q:
        v = q.popleft()
        for k in range(int(t.prov_adj_ptr[v]), int(t.prov_adj_ptr[v + 1])):
            w = int(t.prov_adj_to[k])
            if dist[w] < 0:
                dist[w] = dist[v] + 1
                q.append(w)
    return dist
