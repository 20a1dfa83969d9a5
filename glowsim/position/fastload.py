"""A reference-engine game stopped at a decision, loaded into the fast path's arrays, and the
redrawn worlds its rollouts are played on (glowsim/fast/positions.py plays them).

Which positions: a game of the base content, solo against Tom (R9) or of 2-4 players,
stopped at any decision of its rounds: a recruit pick of a morning (R3), the die of a
Sketal just recruited, the 2-player discard (R7), which of Tom's boats sails (solo, E17), a
player's rerolls after the roll (R4), a choice at a player's noon (the next item to resolve,
R5/E3; the companion Cromaug takes back and that Sketal's die, E12), a move of a player's afternoon journey (R6: a Province move or an Archipelago crossing)
or a companion or spell lost to its gains (R6); a Dawn game of 2-6 players (D1-D18) at a
recruit pick, a Sketal's die, the 2-player discard, a player's rerolls, an afternoon move or
a loss to its gains; :func:`fast_refusal` says in one line why another one is not taken (the reference engine
then plays its rollouts).  Within a noon the
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
box, cemetery, spell pile and spent spells; solo, decks A and B and Tom (his score, band,
footprints, camp, boats, dice, tiles and tile deck, fast/solo/layout.py); a Dawn game's sets,
meeting-track spaces and little-board seats (D4), swap deck (D3), butterfly bag, tokens aside,
each player's tokens and ignored elements (D14); the random streams
of the dice (seeding.py) as they stand and each seat's bot stream at its point; the bots' memory as the engine's bots
have it at the cut (fresh: they start at the decision, as in ``GameState.from_record``).

A redrawn world (:meth:`FastPosition.world`) is drawn as ``GameState.resample_hidden``
draws it, with the same generator calls in the same order (the engine's own
:func:`glowsim.engine.resample.permute_by_deck` for the cards), so both engines play the same
world for the same (seed, position key, rollout) (solo: decks A and B past what was dealt,
Tom's tile deck and its reshuffle order, :func:`glowsim.engine.resample.permute_tail`; Dawn:
the swap deck keeps its order) --
but for one case: the spell tokens the
other players hold that were active at an earlier noon stay as they are (what they did there
is known; the forks keep them so too, docs/forks.md), where the engine swaps them when the
game played again looks the same to the deciding player.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import seeding as SD
from ..content import codes as C
from ..engine.resample import permute_by_deck, permute_tail
from ..engine.state import BLACK_IN_BOX
from ..fast import positions as FP
from ..spec import decisions as D
from ..spec.botparams import NPARAM, PRESETS

L = FP.layout
T = FP.solo_layout
STAT_FIELDS = {"rerolls_gained_token": L.P_GAINED_TOK, "rerolls_spent_lumipili": L.P_SPENT_LUMI,
               "rerolls_spent_token": L.P_SPENT_TOK, "rerolls_spent_track": L.P_SPENT_TRACK,
               "track_points_spent": L.P_TRACK_PTS, "set_faces": L.P_SET_FACES,
               "dice_bursts": L.P_DICE_BURSTS, "effect_bursts": L.P_EFFECT_BURSTS}
DAWN_STAT_FIELDS = {"rerolls_spent_bursts": L.P_SPENT_BURSTS, "butterflies_drawn": L.P_BF_DRAWN,
                    "swaps": L.P_SWAPS}


TAKEN = {D.RECRUIT: FP.STAGE_RECRUIT, D.DISCARD_2P: FP.STAGE_DISCARD,
         D.SKETAL_DIE: FP.STAGE_SKETAL, D.REROLL: FP.STAGE_REROLL,
         D.RESOLVE: FP.STAGE_RESOLVE, D.CROMAUG: FP.STAGE_CROMAUG, D.LOSE: FP.STAGE_LOSE,
         D.PROVINCE_MOVE: FP.STAGE_MOVE, D.ARCHI_MOVE: FP.STAGE_MOVE,
         D.TOM_BOAT: FP.STAGE_TOM_BOAT}   # kind -> where it resumes
NOON = (FP.STAGE_RESOLVE, FP.STAGE_CROMAUG, FP.STAGE_NOON_SKETAL)
DAWN_TAKEN = (FP.STAGE_RECRUIT, FP.STAGE_SKETAL, FP.STAGE_DISCARD, FP.STAGE_REROLL, FP.STAGE_MOVE,
              FP.STAGE_LOSE)


def _journey_loss(state) -> bool:
    """Whether a LOSE is asked by a gain of the move just made (R6), not by a card (D13) or the
    discard token (D14): the record's last decision before it (a path's loss passed over) is
    that player's move."""
    seat, rows = state.current_player, state.record.decisions
    k = len(rows) - 1
    while k >= 0 and int(rows[k][0]) == seat and int(rows[k][1]) == D.LOSE:
        k -= 1
    return k >= 0 and int(rows[k][0]) == seat and int(rows[k][1]) in (D.PROVINCE_MOVE,
                                                                       D.ARCHI_MOVE)
MORNING = (FP.STAGE_RECRUIT, FP.STAGE_DISCARD, FP.STAGE_SKETAL, FP.STAGE_TOM_BOAT)


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
    kind = state.decision_kind
    if kind is not None and kind.code == D.ADVENTURER:
        return ("the adventurer draft (E19): the fast path resumes a game at a decision of its "
                "rounds only")
    if kind is None or kind.code not in TAKEN:
        name = kind.name if kind is not None else "no"
        return (f"{name} decision: the fast path resumes a game at a decision of its rounds "
                f"only")
    stage = _stage(state)
    if game.dawn is not None and (game.record.solo or stage not in DAWN_TAKEN
                                  or stage == FP.STAGE_LOSE and not _journey_loss(state)):
        what = "a solo" if game.record.solo else f"a {kind.name}"
        return (f"{what} decision of a Dawn game (D1): the fast path resumes a Dawn game of 2-6 "
                f"players at a recruit pick, a Sketal's die, the 2-player discard, a player's "
                f"rerolls, an afternoon move or a loss to its gains only")
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
    if game.record.solo:
        return None
    pile = [cat.companion_row(c) for c in setup.get("draw_pile", [])]
    box = [cat.companion_row(c) for c in setup.get("box", [])] if game.dawn is None else []
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
    _solo: object = None   # a solo game's hidden parts (_SoloHidden)

    def world(self, seed: int, key: int, i: int):
        """Rollout i's world: (card arrays ``cd``, spell tokens ``ps``, key of the dice
        streams, board ``bd`` or None: solo, Tom's tile deck), drawn from
        ``seeding.resample_generator(seed, key, i)`` as the engine's
        ``GameState.resample_hidden`` draws it (module docstring)."""
        rng = SD.resample_generator(seed, key, i)
        if self._solo is not None:
            return self._solo_world(rng)
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
        return cd, ps, g, None

    def _solo_world(self, rng):
        """A solo game's world (engine/resample.py, in its order): decks A and B past what was
        dealt, then Tom's tiles not yet drawn and the reshuffle order (or, reshuffled once, the
        order of the deck left)."""
        so, cat = self._solo, self._cat
        deck_a, deck_b = list(so.deck_a), list(so.deck_b)
        permute_tail(rng, deck_a, so.dealt_a)
        permute_tail(rng, deck_b, so.dealt_b)
        tiles, order = list(so.tiles), list(so.order)
        n = len(so.deck_left)
        bd = self.S.bd.copy()
        if so.reshuffles == 0:
            permute_tail(rng, tiles, len(tiles) - n)
            order = [int(x) for x in rng.permutation(len(order))]
            bd[T.TM_DECK:T.TM_DECK + n] = [cat.tile_ids.index(x) for x in tiles[len(tiles) - n:]]
        elif so.reshuffles == 1:
            start = len(order) - n
            tile_of = {order[start + m]: so.deck_left[m] for m in range(n)}
            permute_tail(rng, order, start)
            bd[T.TM_DECK:T.TM_DECK + n] = [tile_of[o] for o in order[start:]]
        bd[T.TM_ORDER:T.TM_ORDER + len(order)] = order
        g = int(rng.integers(0, 2**63))
        cd = self.S.cd.copy()
        if so.on_b:
            rest = deck_b[so.dealt_b:]
            hidden_a = deck_a[so.dealt_a:]
            cd[L.CD_BOX, so.box_at:so.box_at + len(hidden_a)] = [cat.companion_row(c) for c in hidden_a]
        else:
            rest = deck_a[so.dealt_a:] + deck_b
        cd[L.CD_PILE, :len(rest)] = [cat.companion_row(c) for c in rest]
        return cd, self.S.ps.copy(), g, bd


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
    if game.record.solo:      # Tom's dice (E15)
        mt[L.MT_TOM], mt[L.MT_TOM + 1] = (d.color for d in game.tom.dice)
    if game.dawn is not None:     # the sets in play and those replacing (D1)
        dst = st.dawn
        mt[L.MT_SETS] = sum(1 << i for i, s in enumerate(game.dawn.sets) if s in dst.sets)
        mt[L.MT_REPL] = sum(1 << i for i, s in enumerate(game.dawn.sets) if s in dst.replaced)
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

    # small dice: the content's in its order, the black die, then the little board's (D4)
    colors = [int(c) for c in t.small_dice]
    nsd = len(colors)
    little = ([int(c) for c in game.dawn.sizes[n].small_dice]
              if game.dawn is not None and n > 4 else [])
    g[L.G_NSD], g[L.G_BLACK] = nsd + 1 + len(little), nsd
    free: dict = {}
    for i, c in enumerate(colors + [-1] + little):
        if c >= 0:
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
    if st.black_die is not None and st.black_state == BLACK_IN_BOX:
        place(st.black_die, L.LOC_BOX)
    if st.black_die is None:      # solo (R9): no black die
        S.sd[L.SD_COL, nsd], S.sd[L.SD_LOC, nsd], S.sd[L.SD_FACE, nsd] = C.BLACK, T.LOC_NOT_IN_GAME, 0
    elif id(st.black_die) not in index:
        raise ValueError("the black die is not on the track, with a player or in the box")
    if any(free.values()):
        raise ValueError("the small dice are not all on the track or with the players")

    bd = S.bd
    bd[L.BD_TRC:L.BD_TRC + L.MAXSPACE] = -1
    for s in range(len(st.track.companion)):
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
        if game.dawn is not None:
            for name, f in DAWN_STAT_FIELDS.items():
                pl[f] = p.stats.get(name, 0)
            for code, k in enumerate(p.butterflies):
                bd[L.BD_BF + L.MAXBF * q + code] = k
            bd[L.BD_IGN + q] = sum(1 << e for e in p.ignored)
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

    if game.dawn is not None:
        _load_dawn(S, game, mt)
    aux = 0
    solo = None
    if game.record.solo:
        solo = _load_tom(S, game, setup)
        if stage in (FP.STAGE_SKETAL, FP.STAGE_TOM_BOAT):     # the space recruited from
            aux = next(int(r[2]) for r in reversed(game.record.decisions) if r[1] == D.RECRUIT)
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
    hidden_box = list(setup.get("box", [])) if game.dawn is None else []   # D3: the swap deck
    held = [(q.seat, k, sp.index) for q in st.players if q.seat != seat
            for k, sp in enumerate(q.spells) if sp.active_from >= noons[q.seat]]
    return FastPosition(
        content=content, S=S, point=FP.Point(rnd, stage, pick, aux), player=seat, n_players=n,
        _pile=[cat.item_id(r) for r in st.pile], _box_at=len(st.box) - len(hidden_box),
        _box=hidden_box, _spells=spells, _drawn=len(spells) - len(st.spell_pile), _held=held,
        _cat=cat, _deck_of=lambda cid: int(t.item_deck[cat.companion_row(cid)]), _solo=solo)


def _load_dawn(S, game, mt) -> None:
    """A Dawn game's parts (D1-D14) as the fast path holds them: the sets in play and those
    replacing, the meeting track's spaces and the little board's seats (D4), Hulios's swap
    deck (D3, D10), the butterfly bag and the tokens aside (D14); the players' tokens, ignored
    elements and Dawn statistics are loaded with the players."""
    dst, g = game.state.dawn, S.g
    g[L.G_DAWN], g[L.G_SETS], g[L.G_REPL] = 1, mt[L.MT_SETS], mt[L.MT_REPL]
    g[L.G_NSPACE] = dst.n_spaces
    g[L.G_LITTLE] = sum(1 << p.seat for p in game.state.players if p.little_board)
    g[L.G_NSWAP] = len(dst.swap_deck)
    S.cd[L.CD_SWAP, :len(dst.swap_deck)] = dst.swap_deck
    g[L.G_BAG] = int(dst.bag is not None)
    if dst.bag is not None:
        S.bd[L.BD_BAG:L.BD_BAG + len(dst.bag)] = dst.bag
        S.bd[L.BD_ASIDE:L.BD_ASIDE + len(dst.aside)] = dst.aside


@dataclass
class _SoloHidden:
    """What a redraw of a solo game changes (engine/resample.py): the undealt parts of decks A
    and B, Tom's tile deck and the order of its reshuffle (R9, E16)."""
    deck_a: list          # the setup's decks (ids)
    deck_b: list
    dealt_a: int          # cards of each dealt so far (deck A's rest went to the box on B)
    dealt_b: int
    on_b: bool
    box_at: int           # where deck A's rest lies in the box (on deck B)
    tiles: list           # the setup's tiles (ids) and reshuffle order
    order: list
    reshuffles: int
    deck_left: list       # Tom's tile deck as it stands (tile indices)


def _load_tom(S, game, setup) -> _SoloHidden:
    """A solo game's decks and Tom (R9) into S as the fast path holds them (fast/solo/layout.py:
    deck A's undealt cards then deck B in the pile, Tom's fields in the board)."""
    st, tom, cat = game.state, game.tom, game.cat
    g, cd, bd = S.g, S.cd, S.bd
    on_b = tom.deck == "B"
    rest_b = list(game.deck_b)
    pile = list(st.pile) + ([] if on_b else rest_b)
    cd[L.CD_PILE, :] = 0
    cd[L.CD_PILE, :len(pile)] = pile
    len_a, len_b = (0, len(st.pile)) if on_b else (len(st.pile), len(rest_b))
    g[L.G_PILE_POS], g[L.G_PILE_LEN] = 0, len_b if on_b else len_a
    g[L.G_FIRST0], g[L.G_SPILE_LEN] = 0, 0
    bd[T.TM_LENA], bd[T.TM_LENB], bd[T.TM_ONB] = len_a, len_b, int(on_b)
    bd[T.TM_NBOX0] = len(setup["box"])
    bd[T.TM_SCORE], bd[T.TM_BAND], bd[T.TM_FOOT] = tom.score, tom.band, tom.footprints
    bd[T.TM_CAMP] = tom.camp
    for b, island in enumerate(tom.boats):
        bd[T.TM_BOAT + b] = island
    for i, d in enumerate(tom.dice):
        bd[T.TM_COL + i], bd[T.TM_FACE + i] = d.color, d.face
        bd[T.TM_ASIDE + i] = int(i in tom.aside)
    for s, ti in enumerate(tom.tiles_up):
        bd[T.TM_UP + s] = ti
    bd[T.TM_DPOS], bd[T.TM_DLEN] = 0, len(tom.tile_deck)
    bd[T.TM_DECK:T.TM_DECK + len(tom.tile_deck)] = tom.tile_deck
    bd[T.TM_NDISC] = len(tom.tile_discard)
    bd[T.TM_DISC:T.TM_DISC + len(tom.tile_discard)] = tom.tile_discard
    bd[T.TM_RESH], bd[T.TM_LAST] = tom.reshuffles, int(tom.last_round)
    order = [int(x) for x in setup["tile_reshuffle"]]
    bd[T.TM_ORDER:T.TM_ORDER + len(order)] = order
    tiles = list(setup["tiles"])
    bd[T.TM_TILES0:T.TM_TILES0 + len(tiles)] = [cat.tile_ids.index(x) for x in tiles]
    # the bots' planning horizon (solo/rounds.py plan_horizon: the round the tiles end it in)
    left = 0 if tom.last_round else len(tom.tile_deck) + (4 if tom.reshuffles == 0 else 0)
    g[L.G_ROUNDS] = st.round + left
    deck_a, deck_b = list(setup["deck_a"]), list(setup["deck_b"])
    box0 = len(setup["box"])
    return _SoloHidden(
        deck_a=deck_a, deck_b=deck_b,
        dealt_a=len(deck_a) - (len(st.box) - box0 if on_b else len(st.pile)),
        dealt_b=len(deck_b) - len(st.pile) if on_b else 0, on_b=on_b, box_at=box0,
        tiles=tiles, order=order, reshuffles=tom.reshuffles, deck_left=list(tom.tile_deck))


def play_worlds(pos: FastPosition, options: np.ndarray, worlds, threads: int = 1):
    """Each option row of `options` played in each world of `worlds` ((cd, ps, key, bd) as
    :meth:`FastPosition.world` gives them): (win shares, final scores) of the deciding
    player, arrays [option, world]."""
    cd = np.stack([w[0] for w in worlds])
    ps = np.stack([w[1] for w in worlds])
    keys = np.array([w[2] for w in worlds], np.int64)
    bd = np.stack([w[3] for w in worlds]) if worlds and worlds[0][3] is not None else None
    final, win, nwin = FP.play(pos.content, pos.S, pos.point, options, cd, ps, keys, threads,
                               bd=bd)
    p = pos.player
    return (win[:, :, p] / nwin).T, final[:, :, p].T.astype(np.float64)
