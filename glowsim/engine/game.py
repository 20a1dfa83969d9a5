"""The Game object: state, the decision interface, dice, bookkeeping helpers.

Phases live in their own modules (setup, morning, rerolls, noon, journey,
evening, scoring) as functions of a Game; :func:`run` plays them in order.
All randomness enters through ``roll`` (dice faces) and the setup; all choices
through ``ask``, which checks the choice against the legal list it was given.
"""
from __future__ import annotations

from ..content import codes as C
from ..content.describe import card_name
from ..content.arrays import (SETUP_FIREFLY_BONUS, SETUP_LAST_PLAYER_REROLLS, SETUP_ROUNDS,
                              SETUP_START_BURSTS, SETUP_TRACK_LENGTH)
from ..records import GameRecord
from ..spec import decisions as D
from . import dawndice
from .dice import effective_dice
from .errors import IllegalDecision

TRACK = -1  # dice stream of the meeting track (seat streams are 0..n-1)

STAT_KEYS = ("rerolls_gained_token", "rerolls_spent_lumipili", "rerolls_spent_token",
             "rerolls_spent_track", "track_points_spent", "set_faces", "dice_bursts",
             "effect_bursts")
DAWN_STAT_KEYS = ("rerolls_spent_bursts", "butterflies_drawn", "swaps")   # Dawn games only


class Game:
    def __init__(self, content, n_players: int, side: int, adventurers: list[int],
                 agents: list, dice_source, log: list | None = None):
        self.content = content
        self.t = content.tables
        self.cat = content.catalog
        self.n_players = n_players
        self.side = side
        self.adventurers = adventurers
        self.agents = agents
        self.dice_source = dice_source
        self.log = log
        self.rounds = int(self.t.setup_ints[SETUP_ROUNDS])
        self.track_length = int(self.t.setup_ints[SETUP_TRACK_LENGTH])
        self.start_bursts = int(self.t.setup_ints[SETUP_START_BURSTS])
        self.last_player_tokens = int(self.t.setup_ints[SETUP_LAST_PLAYER_REROLLS])
        self.firefly_bonus = int(self.t.setup_ints[SETUP_FIREFLY_BONUS])
        self.dawn = content.dawn   # DawnTables of a Dawn game (D1-D18), None in the base game
        self.state = None          # GameData (state.py) once the setup is dealt
        self.at_noon = False       # a Dawn noon is being resolved (bots weigh action tokens)
        self.record = GameRecord(content_hash=content.hash, n_players=n_players,
                                 side=C.SIDES[side],
                                 adventurers=[self.cat.item_id(a) if a >= 0 else "draft"
                                              for a in adventurers], setup={})
        self.recruits: list[dict] = []        # rows of the recruits table
        self.recruit_index: dict = {}          # (seat, row) -> index into recruits of its latest recruit
        self.noon_done: set = set()   # the items the player at noon has resolved (noon.py)

    # ---- names -------------------------------------------------------------
    def name(self, row: int, id_first: bool = False) -> str:
        """A catalog row as shown to people (:func:`glowsim.content.describe.card_name`):
        "Torkos B04" (log lines), or "B04 Torkos" with id_first (option descriptions); an
        adventurer by its name, a spell as "spell S3"."""
        cid = self.cat.item_id(row)
        c = self.content.content
        if cid in c.companions:
            return card_name("companion", cid, c.companions[cid].name, id_first)
        if cid in c.adventurers:
            return card_name("adventurer", cid, c.adventurers[cid].name)
        return card_name("spell", cid)

    def say(self, text: str) -> None:
        if self.log is not None:
            self.log.append(text)

    # ---- the decision interface -------------------------------------------
    def ask(self, seat: int, kind: int, legal: list[tuple]) -> tuple:
        """Ask seat's agent for a decision of `kind` among `legal`; validate and record it."""
        choice = self.agents[seat].decide(self, seat, kind, legal)
        choice = tuple(int(v) for v in choice)
        if len(choice) != 6 or choice not in legal:
            raise IllegalDecision(
                f"{D.KIND_NAMES[kind]} {list(choice)} by seat {seat} is not legal in "
                f"{'round ' + str(self.state.round) if self.state else 'the adventurer draft'}; "
                f"legal: {self._legal_text(legal)}")
        self.record.decisions.append([seat, kind, *choice])
        return choice

    @staticmethod
    def _legal_text(legal) -> str:
        shown = [list(x) for x in legal[:12]]
        return f"{shown}{' ...' if len(legal) > 12 else ''} ({len(legal)} options)"

    # ---- dice --------------------------------------------------------------
    def roll(self, die, stream: int) -> int:
        face = self.dice_source.draw(stream)
        die.face = face
        self.record.dice.append(face)
        return face

    def symbol(self, die) -> int:
        return int(self.t.die_symbol[die.color, die.face])

    def draw_index(self, n: int) -> int:
        """A uniform choice among n (n >= 1) made with the meeting track's dice (Dawn: the
        black die's space at 5-6 players, D5; butterfly draws, D14): faces read as base-6
        digits, a number past the largest multiple of n thrown again, the rest modulo n."""
        if n <= 1:
            return 0
        digits, span = 1, 6
        while span < n:
            digits += 1
            span *= 6
        limit = span - span % n
        while True:
            v = 0
            for _ in range(digits):
                face = self.dice_source.draw(TRACK)
                self.record.dice.append(face)
                v = v * 6 + face
            if v < limit:
                return v % n

    def effective(self, p) -> list:
        """The player's dice that count (R5; Dawn: D9, D14)."""
        if self.dawn is not None:
            return dawndice.effective(self.t, p)
        return effective_dice(self.t, p)

    def roll_until_element(self, die, stream: int) -> None:
        """R3/R7: reroll until the die shows an element (not footprint, burst or curse)."""
        self.roll(die, stream)
        while self.symbol(die) >= C.N_ELEMENTS:
            self.roll(die, stream)

    # ---- bookkeeping -------------------------------------------------------
    def add_score(self, p, n: int) -> None:
        """Bursts during play: the score stops at 0 (R5); reaching the end laps the track (E6)."""
        p.score = max(0, p.score + n)
        if p.score >= self.track_length:
            p.lapped = True

    def add_amounts(self, p, bursts=0, footprints=0, fireflies=0, rerolls=0) -> None:
        if bursts:
            self.add_score(p, bursts)
        p.footprints = max(0, p.footprints + footprints)
        p.fireflies = max(0, p.fireflies + fireflies)
        if rerolls > 0:
            p.stats["rerolls_gained_token"] += rerolls
        p.tokens = max(0, p.tokens + rerolls)

    def leave_play(self, p, row: int, why: str, to_cemetery: bool = True) -> None:
        """A companion leaves play for the cemetery (or, swapped, for the swap deck: D10); a
        Sketal's die goes back at once (R3)."""
        p.companions.remove(row)
        if to_cemetery:
            self.state.cemetery.append(row)
        if row in p.sketal_dice:
            color = p.sketal_dice.pop(row)
            p.pending_sketal.discard(row)
            self.state.reserve.append(color)
            for d in p.dice:
                if d.sketal == row:
                    d.gone = True
            self.say(f"    {self.name(row)} leaves play ({why}); its {C.COLORS[color]} die goes back to the reserve")
        else:
            self.say(f"    {self.name(row)} leaves play ({why})")
        idx = self.recruit_index.get((p.seat, row))
        if idx is not None:
            self.recruits[idx]["left_round"] = self.state.round

    def last_companion(self, p) -> int:
        """S3 sits on the most recently recruited companion still in play (E4)."""
        return p.companions[-1] if p.companions else -1

    def lose_companion_or_spell(self, p, why: str = "lost on the journey") -> None:
        """R6 `lose_companion_or_spell`: discard a companion in play or cancel a held spell
        (also a card's effect, D13, and the discard token, D14)."""
        legal = [D.pad(D.LOSE_COMPANION, r) for r in p.companions]
        legal += [D.pad(D.LOSE_SPELL, r) for r in sorted({s.row for s in p.spells})]
        if not legal:
            self.say(f"    P{p.seat} has no companion or spell to lose")
            return
        what, row = self.ask(p.seat, D.LOSE, legal)[:2]
        if what == D.LOSE_COMPANION:
            self.leave_play(p, row, why)
        else:
            for i, s in enumerate(p.spells):
                if s.row == row:
                    del p.spells[i]
                    break
            self.state.spells_spent.append(row)
            self.say(f"    P{p.seat} cancels {self.name(row)}")

    def take_in(self, p, row: int) -> None:
        """A companion comes into play outside the morning (a swap, D10): the latest recruit,
        no dice nor footprints; a Sketal's die from the next round (R5), Kaar's black die into
        play (E12; D5 at 5 and 6 players)."""
        st = self.state
        p.companions.append(row)
        self.recruit_index[(p.seat, row)] = len(self.recruits)
        self.recruits.append(dict(round=st.round, pick=-1, seat=p.seat, companion=row,
                                  offered=[], left_round=-1, effect_bursts=0))
        if self.t.item_sketal[row] >= 0:
            self.take_sketal_die(p, row)
            if row in p.sketal_dice:
                p.pending_sketal.add(row)
        if self.t.item_black_die[row]:
            self.bring_black_die(p.seat)

    def take_sketal_die(self, p, row: int) -> None:
        """R3: a Sketal takes the large die of its colour from the reserve, if there."""
        want = int(self.t.item_sketal[row])
        res = self.state.reserve
        if want == C.ANY_COLOR:
            if not res:
                self.say(f"    no reserve die left for {self.name(row)}")
                return
            legal = [D.pad(c) for c in sorted(set(res))]
            color = self.ask(p.seat, D.SKETAL_DIE, legal)[0]
        elif want in res:
            color = want
        else:
            self.say(f"    the {C.COLORS[want]} die is not in the reserve: {self.name(row)} has no die")
            return
        res.remove(color)
        p.sketal_dice[row] = color
        self.say(f"    P{p.seat} takes the large {C.COLORS[color]} die for {self.name(row)}")

    def bring_black_die(self, seat_for_log: int, from_track: bool = False) -> None:
        """R3 Kaar: roll the black die until it shows an element; put it on that space.  At 5
        and 6 players (D5) the space is drawn among those still holding a companion (all
        spaces when Kaar did not come from the track or none holds one), the die unrolled."""
        st = self.state
        if st.black_die is None or st.black_state != -1:
            return
        n_spaces = len(st.track.companion)
        if n_spaces > 5:
            spaces = [s for s in range(n_spaces) if st.track.companion[s] >= 0] if from_track else []
            spaces = spaces or list(range(n_spaces))
            space = spaces[self.draw_index(len(spaces))]
            st.track.dice[space].append(st.black_die)
            st.black_state = -2
            self.say(f"    the black die comes into play on space {space} (drawn, D5)")
            return
        self.roll_until_element(st.black_die, TRACK)
        space = int(self.t.element_space[self.symbol(st.black_die)])
        st.track.dice[space].append(st.black_die)
        st.black_state = -2
        self.say(f"    the black die comes into play on space {space} ({C.SYMBOLS[self.symbol(st.black_die)]})")

    def new_stats(self) -> dict:
        keys = STAT_KEYS + (DAWN_STAT_KEYS if self.dawn is not None else ())
        return {k: 0 for k in keys}
