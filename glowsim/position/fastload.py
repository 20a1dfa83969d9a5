"""A reference-engine game stopped at a decision, loaded into the fast path's arrays, and the
redrawn worlds its rollouts are played on (glowsim/fast/positions.py plays them).

Which positions: a 2-4 player game of the base content (not solo, R9; not Dawn, D1) stopped
at any of its decisions: a recruit pick of a morning (R3), the die of a Sketal just recruited,
the 2-player discard (R7), a player's rerolls after the roll (R4), a choice at a player's noon
(the next item to resolve, R5/E3; the companion Cromaug takes back and that Sketal's die,
E12), a move of a player's afternoon journey (R6: a Province move or an Archipelago crossing)
or a companion or spell lost to its gains (R6); :func:`fast_refusal` says in one line why
another one is not taken (the reference engine then plays its rollouts).  Within a noon the
items the player has resolved are the engine's (``Game.noon_done``); within a move, which
gain asks the loss follows from the record.

The load is exact: every field the fast path keeps for a game between two decisions
(glowsim/fast/kernel/state.py) is set from the engine's state, the way the fast path itself
would hold it there: the round, first player and turn order, each player's adventurer, score,
tokens, companions with their Sketal dice, spell tokens (with the round each is active from
and whether it was active at a noon already), the dice list of E2 with its faces (and the dice
used on the Province) for the players who have rolled this round, the board positions, the
spaces the deciding player's company has entered this afternoon, and the statistics; the meeting
track's companions, small dice and footprints, the reserve, the black die; the draw pile,
box, cemetery, spell pile and spent spells; the random streams of the dice (seeding.py) as
they stand and each seat's bot stream at its point; the bots' memory as the engine's bots
have it at the cut (fresh: they start at the decision, as in ``GameState.from_record``).

A redrawn world (:meth:`FastPosition.world`) is drawn as ``GameState.resample_hidden``
draws it, with the same generator calls in the same order (the engine's own
:func:`glowsim.engine.resample.permute_by_deck` for the cards), so both engines play the same
world for the same (seed, position key, rollout) -- but for one case: the spell tokens the
other players hold that were active at an earlier noon stay as they are (what they did there
is known; the forks keep them so too, docs/forks.md), where the engine swaps them when the
game played again looks the same to the deciding player.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import seeding as SD
from ..content import codes as C
from ..engine.resample import permute_by_deck
from ..engine.state import BLACK_IN_BOX
from ..fast import positions as FP
from ..spec import decisions as D
from ..spec.botparams import NPARAM, PRESETS

L = FP.layout
STAT_FIELDS = {"rerolls_gained_token": L.P_GAINED_TOK, "rerolls_spent_lumipili": L.P_SPENT_LUMI,
               "rerolls_spent_token": L.P_SPENT_TOK, "rerolls_spent_track": L.P_SPENT_TRACK,
               "track_points_spent": L.P_TRACK_PTS, "set_faces": L.P_SET_FACES,
               "dice_bursts": L.P_DICE_BURSTS, "effect_bursts": L.P_EFFECT_BURSTS}


TAKEN = {D.RECRUIT: FP.STAGE_RECRUIT, D.DISCARD_2P: FP.STAGE_DISCARD,
         D.SKETAL_DIE: FP.STAGE_SKETAL, D.REROLL: FP.STAGE_REROLL,
         D.RESOLVE: FP.STAGE_RESOLVE, D.CROMAUG: FP.STAGE_CROMAUG, D.LOSE: FP.STAGE_LOSE,
         D.PROVINCE_MOVE: FP.STAGE_MOVE, D.ARCHI_MOVE: FP.STAGE_MOVE}   # kind -> where it resumes
NOON = (FP.STAGE_RESOLVE, FP.STAGE_CROMAUG, FP.STAGE_NOON_SKETAL)
MORNING = (FP.STAGE_RECRUIT, FP.STAGE_DISCARD, FP.STAGE_SKETAL)


def _tail(state, kinds) -> list:
    """The record's last decisions of the player to move, of `kinds`, up to the cut (the run
    of them that ends there)."""
    seat = state.current_player
    out = []
    for r in reversed(state.record.decisions):
        if int(r[0]) != seat or int(r[1]) not in kinds:
            break
        out.append(r)
    return out[::-1]


def _stage(state) -> int:
    """Where the game of `state` resumes (Point.stage): a SKETAL_DIE is the morning's after a
    recruit, the noon's after Cromaug's take (E12)."""
    kind = state.decision_kind.code
    if kind == D.SKETAL_DIE:
        last = state.record.decisions[-1] if state.record.decisions else None
        if last is not None and int(last[1]) == D.CROMAUG:
            return FP.STAGE_NOON_SKETAL
    return TAKEN[kind]


def _lose_at_path(state) -> int | None:
    """At a LOSE on the Province (R6): 1 when the path just taken asks it (the space's gains
    still to come), 0 when the space entered does, None when the record cannot tell (both
    the space and a path into it ask a loss and none was asked yet)."""
    game, t = state.game, state.game.t
    if game.state.side != C.PROVINCE:
        return 0
    w = game.state.players[state.current_player].company
    if any(int(r[1]) == D.LOSE for r in _tail(state, (D.LOSE,))):
        return 0          # the path's was asked: this is the space's
    into = range(int(t.prov_adj_ptr[w]), int(t.prov_adj_ptr[w + 1]))
    path = any(t.prov_edge_lose[int(t.prov_adj_edge[k])] for k in into)
    if not t.prov_lose[w]:
        return 1
    return 0 if not path else None


def fast_refusal(state) -> str | None:
    """Why the fast path cannot play the rollouts of `state` (one line), None if it can."""
    game = state.game
    if game.record.solo:
        return "a solo position (R9): the fast path resumes 2-4 player games only"
    if game.dawn is not None:
        return "a Dawn game (D1): positions of Dawn games are loaded into the reference engine only"
    kind = state.decision_kind
    if kind is not None and kind.code == D.ADVENTURER:
        return ("the adventurer draft (E19): the fast path resumes a game at a decision of its "
                "rounds only")
    if kind is None or kind.code not in TAKEN:
        name = kind.name if kind is not None else "no"
        return (f"{name} decision: the fast path resumes a game at a decision of its rounds "
                f"only")
    stage = _stage(state)
    p = game.state.players[state.current_player]
    if stage in (FP.STAGE_CROMAUG, FP.STAGE_NOON_SKETAL) and any(
            game.t.eff_flags[r] & C.FLAG_RESURRECT for r in p.companions):
        return ("a Cromaug take (E12) by a player holding another companion that resurrects: "
                "the fast path resumes a noon with one such companion only")
    if stage == FP.STAGE_LOSE and _lose_at_path(state) is None:
        return ("a loss on the Province (R6) where both the path and the space entered ask one: "
                "the record does not say which this is")
    for bot in state.bots:
        if not hasattr(bot, "rng") or (getattr(bot, "params", None) is None
                                       and getattr(bot, "name", None) not in PRESETS):
            return f"a seat played by {type(bot).__name__}, which the fast path has no bot for"
    st = game.state
    setup = state.record.setup
    cat = game.cat
    pile = [cat.companion_row(c) for c in setup.get("draw_pile", [])]
    box = [cat.companion_row(c) for c in setup.get("box", [])]
    if pile[len(pile) - len(st.pile):] != list(st.pile) or st.box[len(st.box) - len(box):] != box:
        return "the draw pile or box is not the setup's (the fast path redraws the setup's)"
    return None


def bot_vector(bot) -> np.ndarray:
    """The parameter vector a reference-engine bot plays as in the fast path: its own, else
    its preset's (``random``, ``greedy``)."""
    vec = getattr(bot, "params", None)
    return np.asarray(vec if vec is not None else PRESETS[bot.name], np.float64)


@dataclass
class FastPosition:
    """The fast path's State of a game stopped at a decision (``S``), where it goes on
    (``point``), the deciding ``player``, and what a redraw changes."""
    content: object
    S: object
    point: FP.Point
    player: int
    n_players: int
    _pile: list            # ids of the companions still to deal, top first
    _box_at: int           # the box's hidden part starts there (the setup's box)
    _box: list             # its ids
    _spells: list          # the setup's spell pile (ids)
    _drawn: int            # tokens drawn from it so far
    _held: list            # (seat, k, place in the spell pile) of the tokens a redraw swaps
    _cat: object
    _deck_of: object

    def world(self, seed: int, key: int, i: int) -> tuple[np.ndarray, np.ndarray, int]:
        """Rollout i's world: (card arrays ``cd``, spell tokens ``ps``, key of the dice
        streams), drawn from ``seeding.resample_generator(seed, key, i)`` as the engine's
        ``GameState.resample_hidden`` draws it (module docstring)."""
        rng = SD.resample_generator(seed, key, i)
        pile, box = list(self._pile), list(self._box)
        permute_by_deck(rng, [(pile, j) for j in range(len(pile))]
                         + [(box, j) for j in range(len(box))], self._deck_of)
        spells = list(self._spells)
        hidden = [at for _, _, at in self._held] + list(range(self._drawn, len(spells)))
        tokens = sorted(spells[j] for j in hidden)
        for j, k in zip(hidden, rng.permutation(len(tokens))):
            spells[j] = tokens[int(k)]
        g = int(rng.integers(0, 2**63))
        cat = self._cat
        cd = self.S.cd.copy()
        cd[L.CD_PILE, :len(pile)] = [cat.companion_row(c) for c in pile]
        cd[L.CD_BOX, self._box_at:self._box_at + len(box)] = [cat.companion_row(c) for c in box]
        rest = spells[self._drawn:]
        cd[L.CD_SPILE, :len(rest)] = [cat.spell_row(s) for s in rest]
        ps = self.S.ps.copy()
        for seat, k, at in self._held:
            ps[seat, L.PS_ROW, k] = cat.spell_row(spells[at])
        return cd, ps, g


def load(state) -> FastPosition:
    """The fast path's State of `state` (module docstring); `state` must be one
    :func:`fast_refusal` takes."""
    why = fast_refusal(state)
    if why is not None:
        raise ValueError(why)
    game = state.game
    content, t, cat, st = game.content, game.t, game.cat, game.state
    n = game.n_players
    rnd = st.round
    seat, kind = state.current_player, state.decision_kind.code
    order = st.turn_order()
    pick = order.index(seat)
    stage = _stage(state)
    rolled = (set() if stage in MORNING else set(order[:pick + 1]) if stage == FP.STAGE_REROLL
              else set(order))
    # the noons held this round: every player's in the afternoon, those up to the deciding
    # player's at its noon; a spell token was active at a noon when active from before them
    had_noon = (set(order) if stage in (FP.STAGE_MOVE, FP.STAGE_LOSE)
                else set(order[:pick + 1]) if stage in NOON else set())
    noons = {q: rnd + 1 if q in had_noon else rnd for q in range(n)}

    mt = np.zeros(L.NMT, np.int64)
    mt[L.MT_N], mt[L.MT_SIDE] = n, st.side
    for p in range(n):
        mt[L.MT_ADV + p] = game.adventurers[p]
    bp = np.zeros((L.MAXP, NPARAM), np.float64)
    bots = state.bots
    for p in range(n):
        bp[p] = bot_vector(bots[p])
    S = FP.new_state(content, mt, bp)
    setup = state.record.setup

    g = S.g
    g[L.G_N], g[L.G_SIDE], g[L.G_FIRST], g[L.G_ROUND] = n, st.side, st.first_player, rnd
    g[L.G_ROUNDS] = game.rounds
    g[L.G_FIRST0] = int(setup.get("first_player", st.first_player))
    g[L.G_CNTP] = -1
    g[L.G_NSPACE] = L.NSPACE           # the meeting track's spaces (base game, R2)
    g[L.G_DECN] = len(game.record.decisions)
    cd = S.cd
    cd[L.CD_PILE, :len(st.pile)] = st.pile
    g[L.G_PILE_POS], g[L.G_PILE_LEN] = 0, len(st.pile)
    cd[L.CD_BOX, :len(st.box)] = st.box
    g[L.G_NBOX] = len(st.box)
    cd[L.CD_SPILE, :len(st.spell_pile)] = st.spell_pile
    g[L.G_SPILE_POS], g[L.G_SPILE_LEN] = 0, len(st.spell_pile)
    cd[L.CD_SPENT, :len(st.spells_spent)] = st.spells_spent
    g[L.G_NSPENT] = len(st.spells_spent)
    for row in st.cemetery:
        cd[L.CD_CEM, row] = 1

    # small dice: the content's in its order, the black die last (kernel/dice.py)
    colors = [int(c) for c in t.small_dice]
    nsd = len(colors)
    g[L.G_NSD], g[L.G_BLACK] = nsd + 1, nsd
    free: dict = {}
    for i, c in enumerate(colors):
        free.setdefault(c, []).append(i)
    index: dict = {}     # id(Die) -> small die index

    def place(d, loc):
        if d.color == C.BLACK:
            i = nsd
        else:
            i = free[int(d.color)].pop(0)
        index[id(d)] = i
        S.sd[L.SD_COL, i], S.sd[L.SD_LOC, i], S.sd[L.SD_FACE, i] = d.color, loc, d.face

    for s, dice in enumerate(st.track.dice):
        for d in dice:
            place(d, s)
    for p in st.players:
        for d in p.small_dice:
            place(d, L.LOC_PLAYER + p.seat)
    if st.black_state == BLACK_IN_BOX:
        place(st.black_die, L.LOC_BOX)
    if any(free.values()) or id(st.black_die) not in index:
        raise ValueError("the small dice are not all on the track or with the players")

    bd = S.bd
    bd[L.BD_TRC:L.BD_TRC + L.MAXSPACE] = -1
    for s in range(L.NSPACE):
        bd[L.BD_TRC + s] = st.track.companion[s]
        bd[L.BD_TRFP + s] = st.track.footprints[s]
    for c in st.reserve:
        bd[L.BD_RES + c] += 1

    for p in st.players:
        q = p.seat
        pl = S.pl[q]
        pl[L.P_ADV], pl[L.P_SCORE], pl[L.P_FOOT] = p.adventurer, p.score, p.footprints
        pl[L.P_FIRE], pl[L.P_TOK], pl[L.P_LAPPED] = p.fireflies, p.tokens, int(p.lapped)
        pl[L.P_NCOMP], pl[L.P_NSPELL] = len(p.companions), len(p.spells)
        pl[L.P_LUMI] = p.lumipili_left
        pl[L.P_ENCAMP], pl[L.P_COMPANY] = p.encampment, p.company
        for b, island in enumerate(p.boats[:L.NBOATS]):
            pl[L.P_BOAT + b] = island
        for name, f in STAT_FIELDS.items():
            pl[f] = p.stats.get(name, 0)
        for k, row in enumerate(p.companions):
            S.pc[q, L.PC_ROW, k] = row
            S.pc[q, L.PC_DIE, k] = p.sketal_dice.get(row, -1)
            S.pc[q, L.PC_PEND, k] = int(row in p.pending_sketal)
            S.pc[q, L.PC_REC, k] = -1
        for k, sp in enumerate(p.spells):
            S.ps[q, L.PS_ROW, k] = sp.row
            S.ps[q, L.PS_FROM, k] = sp.active_from
            S.ps[q, L.PS_POS, k] = sp.index
            S.ps[q, L.PS_TRIED, k] = int(sp.active_from < noons[q])   # active at a noon already
        if q in rolled:
            pl[L.P_ND] = len(p.dice)
            pl[L.P_NSMALL] = sum(1 for d in p.dice if d.small)
            for j, d in enumerate(p.dice):
                S.pd[q, L.PD_COL, j], S.pd[q, L.PD_FACE, j] = d.color, d.face
                S.pd[q, L.PD_FL, j] = (L.DF_GONE if d.gone else 0) | (L.DF_USED if d.used else 0)
                S.pd[q, L.PD_SK, j] = d.sketal
                S.pd[q, L.PD_SMALL, j] = index[id(d)] if d.small else -1

    aux = 0
    if kind in (D.PROVINCE_MOVE, D.LOSE) and st.side == C.PROVINCE:
        for v in st.players[seat].entered:     # the spaces entered this journey (R6: none again)
            bd[L.BD_ENT + v] = 1
    if stage == FP.STAGE_LOSE:
        aux = _lose_at_path(state)
    if stage in NOON:       # the items the player has resolved at this noon (E3)
        done = game.noon_done
        me = st.players[seat]
        aux = int(me.adventurer in done)
        for k, row in enumerate(me.companions):
            S.pc[seat, L.PC_NOON, k] = int(row in done)
        for k, sp in enumerate(me.spells):
            S.ps[seat, L.PS_NOON, k] = int(id(sp) in done)

    streams = state.dice_streams or {}
    for sid, (k, c) in streams.items():
        if sid < S.streams.shape[0]:
            S.streams[sid, 0], S.streams[sid, 1] = np.uint64(k), np.uint64(c)
    for p in range(n):
        r = bots[p].rng
        S.streams[SD.STREAM_BOT + p, 0] = np.uint64(r.key)
        S.streams[SD.STREAM_BOT + p, 1] = np.uint64(r.counter)
    S.work["turn"][0, :n] = order      # the round's turn order (resume_round sets it too)

    # what a redraw changes (engine/resample.py): hidden cards and the others' spell tokens
    spells = list(setup.get("spell_pile", []))
    hidden_box = list(setup.get("box", []))
    held = [(q.seat, k, sp.index) for q in st.players if q.seat != seat
            for k, sp in enumerate(q.spells) if sp.active_from >= noons[q.seat]]
    return FastPosition(
        content=content, S=S, point=FP.Point(rnd, stage, pick, aux), player=seat, n_players=n,
        _pile=[cat.item_id(r) for r in st.pile], _box_at=len(st.box) - len(hidden_box),
        _box=hidden_box, _spells=spells, _drawn=len(spells) - len(st.spell_pile), _held=held,
        _cat=cat, _deck_of=lambda cid: int(t.item_deck[cat.companion_row(cid)]))


def play_worlds(pos: FastPosition, options: np.ndarray, worlds, threads: int = 1):
    """Each option row of `options` played in each world of `worlds` ((cd, ps, key) as
    :meth:`FastPosition.world` gives them): (win shares, final scores) of the deciding
    player, arrays [option, world]."""
    cd = np.stack([w[0] for w in worlds])
    ps = np.stack([w[1] for w in worlds])
    keys = np.array([w[2] for w in worlds], np.int64)
    final, win, nwin = FP.play(pos.content, pos.S, pos.point, options, cd, ps, keys, threads)
    p = pos.player
    return (win[:, :, p] / nwin).T, final[:, :, p].T.astype(np.float64)
