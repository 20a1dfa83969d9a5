"""R9 solo mode against Tom, in the reference engine (conventions E14-E17 in docs/contract.md).

The player's rounds use the ordinary phases (late morning, noon, afternoon,
evening's dice return); this module adds Tom: his two large dice on the
meeting track, his tiles, band, village ladder or boats, the two decks, the
end conditions and his final count.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .. import seeding as S
from ..content import codes as C
from ..spec import decisions as D
from .game import TRACK, Game
from .journey import afternoon
from .noon import noon
from .rerolls import late_morning
from .scoring import final_count
from ..content.arrays import SETUP_PROV_START
from .butterflies import end_of_round
from .dawnnoon import noon_phase
from .dawnsetup import check_sets, draw_sets
from .state import DawnState, Die, GameData, Player, Track
from ..errors import UserError

@dataclass
class Tom:
    dice: list                      # his two large Die
    aside: list = field(default_factory=list)   # indices of dice set aside this round
    score: int = 10
    band: int = 0
    footprints: int = 0
    camp: int = 0                   # province: space of his camp
    boats: list = field(default_factory=lambda: [0, 0, 0, 0])
    tiles_up: list = field(default_factory=list)   # tile index per space (5)
    tile_deck: list = field(default_factory=list)
    tile_discard: list = field(default_factory=list)
    reshuffles: int = 0
    deck: str = "A"                 # deck dealt from
    last_round: bool = False


def tom_colors(content, adventurer_row: int, root: int, game_index: int) -> list[int]:
    """E15: two different colours of adventurers not in play, never yellow with purple."""
    t = content.tables
    cat = content.catalog
    colors = sorted({int(t.item_adv_color[cat.adventurer_row(a)]) for a in cat.adventurer_ids}
                    - {int(t.item_adv_color[adventurer_row])})
    colors = [c for c in colors if c < C.N_COLORS]     # D16: never a Dawn colour
    pairs = [(a, b) for i, a in enumerate(colors) for b in colors[i + 1:]
             if {a, b} != {C.YELLOW, C.PURPLE}]
    stream = S.Stream(S.stream_key(S.game_key(root, game_index), S.STREAM_TOM))
    return list(pairs[stream.uniform_int(len(pairs))])


def draw_solo_setup(game, stream, dawn_sets=None) -> dict:
    """E16: decks A and B without the removed companions, shuffled separately; tiles; reshuffle
    order.  Dawn (D16): the sets' deck (D1) without the removed companions; after the draws
    above, the swap deck's B cards then its A cards are shuffled (B above A)."""
    t, cat = game.t, game.cat
    in_game = set(range(cat.n_companions))
    if game.dawn is not None:
        sets, replaced = draw_sets(game.dawn, 1, dawn_sets, stream)
        in_game = {cat.companion_row(c) for c in game.dawn.deck(sets, replaced)}
    decks = []
    for deck in (C.DECK_A, C.DECK_B):
        rows = [r for r in range(cat.n_companions) if t.item_deck[r] == deck and not t.solo_removed[r]
                and r in in_game]
        stream.shuffle(rows)
        decks.append(rows)
    tiles = list(range(len(cat.tile_ids)))
    stream.shuffle(tiles)
    reshuffle = stream.shuffle(list(range(4)))
    return {"first_player": 0,
            "deck_a": [cat.item_id(r) for r in decks[0]],
            "deck_b": [cat.item_id(r) for r in decks[1]],
            "box": [cat.companion_ids[r] for r in range(cat.n_companions) if t.solo_removed[r]],
            "spell_pile": [],
            "tiles": [cat.tile_ids[i] for i in tiles],
            "tile_reshuffle": reshuffle} | (_dawn_solo(game, stream, sets, replaced)
                                            if game.dawn is not None else {})


def _dawn_solo(game, stream, sets, replaced) -> dict:
    """D16: the sets and the solo swap deck (B cards above A cards, each group shuffled)."""
    t, cat, dt = game.t, game.cat, game.dawn
    groups = []
    for deck in (C.DECK_B, C.DECK_A) if dt.solo_swap_deck_order == "b_above_a" else (C.DECK_A, C.DECK_B):
        rows = [r for r in dt.solo_swap_deck if t.item_deck[r] == deck]
        stream.shuffle(rows)
        groups += rows
    return {"dawn": {"sets": sets, "replaced": replaced,
                     "swap_deck": [cat.item_id(r) for r in groups]}}


class SoloGame(Game):
    """A Game with Tom (R9)."""

    def __init__(self, content, side, adventurer, tom_dice_colors, agent, dice_source, log=None):
        super().__init__(content, 1, side, [adventurer], [agent], dice_source, log)
        self.record.solo = True
        self.tom = Tom(dice=[Die(color=c, small=False) for c in tom_dice_colors])
        self.deck_b: list = []

    # ---- Tom's dice on the track -------------------------------------------
    def tom_spaces(self) -> set:
        return {int(self.t.element_space[self.symbol(d)])
                for i, d in enumerate(self.tom.dice) if i not in self.tom.aside}

    def roll_tom(self) -> None:
        """R9: roll Tom's two dice; a burst face +3 to Tom, footprint 2 footprints, that die off the track."""
        tom = self.tom
        tom.aside = []
        for i, d in enumerate(tom.dice):
            self.roll(d, TRACK)
            s = self.symbol(d)
            if s == C.BURST:
                tom.score += 3
                tom.aside.append(i)
                self.say(f"  Tom's {C.COLORS[d.color]} die shows a burst: Tom +3 bursts")
            elif s == C.FOOTPRINT:
                tom.footprints += 2
                tom.aside.append(i)
                self.say(f"  Tom's {C.COLORS[d.color]} die shows a footprint: Tom +2 footprints")
        on = [f"{C.COLORS[d.color]} on space {int(self.t.element_space[self.symbol(d)])}"
              for i, d in enumerate(tom.dice) if i not in tom.aside]
        if on:
            self.say("  Tom's dice: " + ", ".join(on))

    def deal_solo(self) -> None:
        """R9/E16: companions only to spaces without Tom's dice; a footprint where no die lies."""
        st = self.state
        tom_sp = self.tom_spaces()
        for s in range(5):
            st.track.companion[s] = -1
            if s in tom_sp:
                continue
            if not st.pile and self.tom.deck == "A":
                self.switch_to_b("deck A ran out")
            if st.pile:
                st.track.companion[s] = st.pile.pop(0)
        for s in range(5):
            if not st.track.dice[s] and s not in tom_sp:
                st.track.footprints[s] += 1
        if self.log is not None:
            parts = []
            for s in range(5):
                comp = self.name(st.track.companion[s]) if st.track.companion[s] >= 0 else "-"
                tile = self.cat.tile_ids[self.tom.tiles_up[s]] if self.tom.tiles_up[s] >= 0 else "-"
                parts.append(f"[{s}: {comp}; tile {tile}{'; Tom' if s in tom_sp else ''}]")
            self.say("  Track: " + " ".join(parts))

    def switch_to_b(self, why: str) -> None:
        st = self.state
        st.box.extend(st.pile)
        st.pile = self.deck_b
        self.deck_b = []
        self.tom.deck = "B"
        self.say(f"  {why}: deck A leaves the game, companions now come from deck B")

    # ---- Tom's tile ------------------------------------------------------------
    def apply_tile(self, space: int) -> None:
        t, tom = self.t, self.tom
        ti = tom.tiles_up[space]
        band, bursts, journey = int(t.tile_band[ti]), int(t.tile_bursts[ti]), int(t.tile_journey[ti])
        tom.band += band
        tom.score += tom.band + bursts
        self.say(f"  Tom's tile {self.cat.tile_ids[ti]}: band {tom.band}, Tom +{tom.band + bursts} bursts "
                 f"(score {tom.score})")
        if journey != C.JOURNEY_NONE:
            if self.side == C.PROVINCE:
                self.tom_climb()
            else:
                self.tom_sail(journey)
        tom.tile_discard.append(ti)
        if not tom.tile_deck:
            if tom.reshuffles == 0:
                order = self.record.setup["tile_reshuffle"]
                tom.tile_deck = [tom.tile_discard[i] for i in order]
                tom.tile_discard = []
                tom.reshuffles = 1
                self.say("  Tom's tile deck is empty: the discarded tiles form a new deck")
                if self.tom.deck == "A":
                    self.switch_to_b("first tile reshuffle")
            else:
                tom.reshuffles = 2
                tom.last_round = True
                tom.tiles_up[space] = -1
                self.say("  Tom's tile deck is empty a second time: this round is the last")
                return
        tom.tiles_up[space] = tom.tile_deck.pop(0)

    def village_ladder(self) -> list[int]:
        t = self.t
        return sorted((int(t.prov_village[s]), s) for s in range(len(t.prov_village)) if t.prov_village[s] >= 0)

    def tom_climb(self) -> None:
        """R9 side 1: Tom's camp jumps to the next higher village."""
        here = max(int(self.t.prov_village[self.tom.camp]), 0)
        for v, s in self.village_ladder():
            if v > here:
                self.tom.camp = s
                self.say(f"  Tom's camp moves to the village of {v}")
                return

    def tom_sail(self, journey: int) -> None:
        """R9 side 2: the movable boat closest to the centre moves one edge outwards."""
        t, tom = self.t, self.tom
        ring = t.arch_ring

        def outward(v):
            out = []
            for j in range(int(t.arch_adj_ptr[v]), int(t.arch_adj_ptr[v + 1])):
                w, e = int(t.arch_adj_to[j]), int(t.arch_adj_edge[j])
                if ring[w] > ring[v] and ring[w] >= 0 and w not in tom.boats:
                    out.append((w, e))
            return out

        movable = sorted({v for v in tom.boats if outward(v)}, key=lambda v: (ring[v], v))
        if not movable:
            self.say("  Tom has no boat that can move outwards")
            return
        closest = [v for v in movable if ring[v] == ring[movable[0]]]
        v = closest[0]
        if len(closest) > 1:
            v = self.ask(0, D.TOM_BOAT, [D.pad(x) for x in closest])[0]
        if journey == C.JOURNEY_MIN:
            w, e = min(outward(v), key=lambda we: (int(t.arch_edge_min[we[1]]), we[0]))
        else:
            w, e = min(outward(v), key=lambda we: (-int(t.arch_edge_max[we[1]]), we[0]))
        tom.boats[tom.boats.index(v)] = w
        self.say(f"  Tom sails a boat from island {v} to {w} ({'min' if journey == C.JOURNEY_MIN else 'max'})")

    # ---- morning ---------------------------------------------------------------
    def morning(self) -> None:
        st, t = self.state, self.t
        p = st.players[0]
        offered = [st.track.companion[s] for s in range(5) if st.track.companion[s] >= 0]
        legal = [D.pad(s, -1) for s in range(5) if st.track.companion[s] >= 0]
        if not legal:
            self.say("  no companion to recruit")
        else:
            space = self.ask(0, D.RECRUIT, legal)[0]
            row = st.track.companion[space]
            st.track.companion[space] = -1
            p.companions.append(row)
            p.small_dice = list(st.track.dice[space])
            st.track.dice[space] = []
            p.footprints += st.track.footprints[space]
            self.say(f"  P0 recruits {self.name(row)} from space {space}"
                     + (f" with {st.track.footprints[space]} footprints" if st.track.footprints[space] else ""))
            st.track.footprints[space] = 0
            self.recruit_index[(0, row)] = len(self.recruits)
            self.recruits.append(dict(round=st.round, pick=0, seat=0, companion=row, offered=offered,
                                      left_round=-1, effect_bursts=0,
                                      tile=self.cat.tile_ids[self.tom.tiles_up[space]]))  # R9: tile taken
            if t.item_sketal[row] >= 0:
                self.take_sketal_die(p, row)
            self.apply_tile(space)
        for s in range(5):
            if st.track.companion[s] >= 0:
                st.cemetery.append(st.track.companion[s])
                st.track.companion[s] = -1
        # Tom's spaces: footprints removed, Tom's dice and the small dice there rerolled (E17)
        spaces = sorted(self.tom_spaces())
        small = []
        for s in spaces:
            st.track.footprints[s] = 0
            small += sorted(st.track.dice[s], key=lambda d: d.color)
            st.track.dice[s] = []
        self.roll_tom()
        for d in small:
            self.roll_until_element(d, TRACK)
            st.track.dice[int(t.element_space[self.symbol(d)])].append(d)

    def evening(self) -> None:
        st, t = self.state, self.t
        p = st.players[0]
        for d in sorted(p.small_dice, key=lambda d: d.color):
            if self.symbol(d) >= C.N_ELEMENTS:
                self.roll_until_element(d, TRACK)
            st.track.dice[int(t.element_space[self.symbol(d)])].append(d)
        p.small_dice = []
        p.pending_sketal.clear()
        if not st.pile and not self.deck_b:
            self.tom.last_round = True
            self.say("  Evening: no companion left to deal: the game ends")
            return
        self.deal_solo()
        if st.dawn is not None:
            end_of_round(self)          # D14: tokens aside back in the bag

    # ---- end -------------------------------------------------------------------
    def tom_final(self) -> dict:
        t, tom = self.t, self.tom
        if self.side == C.PROVINCE:
            here = max(int(t.prov_village[tom.camp]), 0)
            for v, s in self.village_ladder():
                if v <= here:
                    continue
                cost = int(t.prov_fcost[s])
                if tom.footprints < cost:
                    break
                tom.footprints -= cost
                tom.camp = s
                here = v
                self.say(f"  Tom spends {cost} footprints to climb to the village of {v}")
            journey = max(int(t.prov_village[tom.camp]), 0)
        else:
            journey = sum(int(t.arch_bursts[i]) for i in tom.boats)
        total = tom.score + journey + tom.footprints
        return dict(track=tom.score, journey_bursts=journey, footprint_bursts=tom.footprints,
                    band=tom.band, score=total)


def setup_solo(game: SoloGame, setup: dict) -> None:
    t, cat = game.t, game.cat
    game.record.setup = setup
    p = Player(seat=0, adventurer=game.adventurers[0], score=game.start_bursts)
    p.encampment = p.company = int(t.setup_ints[SETUP_PROV_START])
    p.boats = [0, 0, 0, 0]
    p.stats = game.new_stats()
    deck_a = [cat.companion_row(c) for c in setup["deck_a"]]
    game.deck_b = [cat.companion_row(c) for c in setup["deck_b"]]
    dawn = None
    if game.dawn is not None:           # D16
        d = setup.get("dawn")
        if not isinstance(d, dict) or "swap_deck" not in d:
            raise UserError("record setup: a Dawn solo game's setup names its sets and swap deck: "
                            "dawn: {sets, replaced, swap_deck}")
        check_sets(game.dawn, 1, d["sets"])
        dawn = DawnState(sets=list(d["sets"]), replaced=list(d["replaced"]),
                         swap_deck=[cat.companion_row(c) for c in d["swap_deck"]])
        if any(s in game.dawn.set_butterflies for s in dawn.sets) and game.dawn.bag is not None:
            dawn.bag = game.dawn.bag.full()
            dawn.aside = [0] * len(dawn.bag)
            p.butterflies = [0] * len(dawn.bag)
    elif "dawn" in setup:
        raise UserError("record setup: a Dawn game (setup.dawn) needs the Dawn content "
                        "(load_game(dawn=True), glowsim play --dawn)")
    st = GameData(n_players=1, side=game.side, players=[p],
                   track=Track(companion=[-1] * 5, dice=[[] for _ in range(5)], footprints=[0] * 5),
                   pile=deck_a, box=[cat.companion_row(c) for c in setup["box"]], cemetery=[],
                   spell_pile=[], spells_spent=[], reserve=[int(c) for c in t.reserve_colors],
                   first_player=0, black_die=None, dawn=dawn)
    game.state = st
    tom = game.tom
    tom.score = game.start_bursts
    tom.camp = p.encampment
    tiles = [cat.tile_ids.index(x) for x in setup["tiles"]]
    tom.tiles_up, tom.tile_deck = tiles[:5], tiles[5:]
    game.say(f"Setup (solo): Tom plays the {' and '.join(C.COLORS[d.color] for d in tom.dice)} dice")
    game.roll_tom()
    for color in t.small_dice:
        d = Die(color=int(color), small=True)
        game.roll_until_element(d, TRACK)
        st.track.dice[int(t.element_space[game.symbol(d)])].append(d)
    game.deal_solo()


def run_solo(game: SoloGame, setup: dict, max_rounds: int = 30) -> tuple[dict, dict]:
    """Play a solo game (R9) to its end; return (player's final count, Tom's)."""
    setup_solo(game, setup)
    st = game.state
    rnd = 0
    while True:
        rnd += 1
        st.round = rnd
        game.say(f"Round {rnd} (deck {game.tom.deck}; Tom {game.tom.score}, band {game.tom.band})")
        game.say(" Morning")
        game.morning()
        game.say(" Late morning")
        late_morning(game)
        game.say(" Noon")
        (noon_phase if game.dawn is not None else noon)(game)
        game.say(" Afternoon")
        afternoon(game)
        if game.tom.last_round or rnd >= max_rounds:
            break
        game.evening()
        if game.tom.last_round:
            break
    game.rounds = rnd
    return final_count(game)[0], game.tom_final()
