"""Position files: a hand-written game position (YAML, docs/positions.md) checked and turned
into a GameState stopped at its decision.

A position is a recruit pick of a round's morning (R3: the companions dealt this round lie on
the meeting track with the small dice and footprint tokens, the players before the one to move
in turn order have picked) or a player's rerolls after their roll (R4: every player has
picked, the players before have rolled and rerolled, the one to move has rolled).  What the
deciding player cannot see (the order of the companions still to deal, the box when not given,
the other players' spell tokens, the dice to come) is drawn at random in each rollout,
consistently with what the file lists.

Every problem is one line naming the file, the line, the field and what is allowed
(:class:`PositionError`).
"""
from __future__ import annotations

import json
from collections import Counter

from ..content import codes as C
from ..content.tables import (SETUP_PROV_START, SETUP_REMOVED_PER_DECK, SETUP_ROUNDS,
                              SETUP_TRACK_LENGTH)
from ..content.yamlio import line_of, load_yaml_file
from ..engine import GameState, StateError
from .rollouts import AnalysisError, check_bot_for, position_key, resolve_bot

TOP_KEYS = ("side", "round", "first_player", "to_move", "decision", "players", "track",
            "cemetery", "box", "spells_spent")
PLAYER_KEYS = ("adventurer", "score", "footprints", "fireflies", "reroll_tokens", "lapped",
               "companions", "sketal_dice", "spells", "small_dice", "rolled", "lumipili_left",
               "encampment", "company", "boats")
SPACE_KEYS = ("companion", "dice", "footprints")
DECISIONS = ("recruit", "reroll")
MAX_COUNT = 999          # scores, footprints, fireflies, tokens: far beyond any game
UNKNOWN = "unknown"


class PositionError(AnalysisError):
    """A position file that cannot be played: one line naming file, line, field and what is
    allowed."""


class _Check:
    def __init__(self, source: str, lines: dict):
        self.source, self.lines = source, lines

    def fail(self, path: tuple, msg: str):
        line = line_of(self.lines, path)
        field = "".join(f"[{p}]" if isinstance(p, int) else (f".{p}" if i else str(p))
                        for i, p in enumerate(path))
        where = f"{self.source}, line {line}" if line else self.source
        raise PositionError(f"{where}: {field + ': ' if field else ''}{msg}")

    def mapping(self, value, path, keys):
        if not isinstance(value, dict):
            self.fail(path, f"must be a mapping with {', '.join(keys)}")
        for k in value:
            if k not in keys:
                self.fail(path + (k,), f"unknown field {k!r}; allowed: {', '.join(keys)}")
        return value

    def integer(self, value, path, low, high):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.fail(path, f"must be a whole number {low}..{high}, got {value!r}")
        return value

    def listing(self, value, path, what):
        if value is None:
            return []
        if not isinstance(value, list):
            self.fail(path, f"must be a list of {what}, got {value!r}")
        return value


def load_position(content, path, bot: str = "expert") -> tuple[GameState, int]:
    """The GameState of the position file `path` with `bot` at every seat, stopped at the
    decision the file names, and its position key (the rollouts' seeds are keyed by it)."""
    data, lines = load_yaml_file(path)
    return position_state(content, data, bot, source=str(path), lines=lines)


def position_state(content, data, bot: str = "expert", source: str = "position",
                   lines: dict | None = None) -> tuple[GameState, int]:
    """As :func:`load_position`, from the file's data (a mapping)."""
    setup, advs, side = build_setup(content, data, source, lines or {})
    check_bot_for(bot, len(advs))
    vec = resolve_bot(bot)
    key = position_key("position", json.dumps(public_part(setup, advs, side), sort_keys=True))
    try:
        state = GameState.from_position(content, setup, advs, side=side, bots=[vec] * len(advs),
                                        root_seed=0, game_index=key)
    except StateError as e:
        raise PositionError(f"{source}: the position cannot be played: {e}") from None
    return state, key


def public_part(setup: dict, advs, side) -> dict:
    """What the player to move sees of a position: the position's public part and their own
    spell tokens, never how the hidden cards and others' tokens were arranged (the rollouts'
    seeds are keyed by it, so a file naming another player's token gives the analysis of the
    same file with that token unknown)."""
    pos = setup["position"]
    order = [(setup["first_player"] + i) % len(advs) for i in range(len(advs))]
    me = order[pos["pick"]]
    before = sum(p["spells"] for p in pos["players"][:me])
    own = sorted(setup["spell_pile"][before:before + pos["players"][me]["spells"]])
    return {"position": pos, "first_player": setup["first_player"], "adventurers": list(advs),
            "side": side, "own_spells": own}


def build_setup(content, data, source: str = "position", lines: dict | None = None):
    """Check a position's data; return (setup with ``position`` for
    ``GameState.from_position``, adventurer ids per seat, side)."""
    ck = _Check(source, lines or {})
    t, cat = content.tables, content.catalog
    ck.mapping(data, (), TOP_KEYS)
    for key in ("side", "round", "first_player", "to_move", "decision", "players", "track",
                "cemetery"):
        if key not in data:
            ck.fail((), f"misses field {key!r} (docs/positions.md)")
    side = data["side"]
    if not isinstance(side, str) or side not in C.SIDE_CODE:
        ck.fail(("side",), f"must be province or archipelago, got {side!r}")
    rounds = int(t.setup_ints[SETUP_ROUNDS])
    rnd = ck.integer(data["round"], ("round",), 1, rounds)
    players = data["players"]
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        ck.fail(("players",), "must list 2-4 players (solo positions are not supported)")
    n = len(players)
    first = ck.integer(data["first_player"], ("first_player",), 0, n - 1)
    to_move = data["to_move"]
    if isinstance(to_move, bool) or not isinstance(to_move, int) or not 0 <= to_move < n:
        ck.fail(("to_move",), f"player {to_move!r} does not exist; allowed: 0..{n - 1} (seats)")
    decision = data["decision"]
    if str(decision).lower() not in DECISIONS:
        ck.fail(("decision",), f"{decision!r} cannot be set up from a position file; allowed: "
                               f"recruit (a recruit pick of a round's morning, R3), reroll (a "
                               f"player's rerolls after their roll, R4)")
    late = str(decision).lower() == "reroll"
    order = [(first + i) % n for i in range(n)]
    pick = order.index(to_move)
    picked = set(order) if late else set(order[:pick])
    rolled_seats = set(order[:pick + 1]) if late else set()

    comp_ids = set(cat.companion_ids)
    spell_ids = list(cat.spell_ids)
    small_colors = sorted({C.COLORS[int(c)] for c in t.small_dice} | {"black"},
                          key=C.COLOR_CODE.get)
    where: dict = {}     # companion id -> the field naming it first

    def place(cid, path):
        if not isinstance(cid, str) or cid not in comp_ids:
            ck.fail(path, f"unknown companion {cid!r}; allowed: {cat.companion_ids[0]}.."
                          f"{cat.companion_ids[-1]} (glowsim cards)")
        if cid in where:
            ck.fail(path, f"{cid} is in two places: {where[cid]} and here")
        where[cid] = _name(path)

    def die_color(col, path):
        if not isinstance(col, str) or col not in small_colors:
            ck.fail(path, f"{col!r} is not a small die; allowed: {', '.join(small_colors)}")
        return col

    # ---- players ---------------------------------------------------------------------------
    advs, out_players, held_named, held_unknown = [], [], [], []
    prov = side == "province"
    n_spaces, n_islands = len(t.prov_village), len(t.arch_ring)
    start = int(t.setup_ints[SETUP_PROV_START])
    reserve = Counter(C.COLORS[int(c)] for c in t.reserve_colors)
    small_taken = []
    track_len = int(t.setup_ints[SETUP_TRACK_LENGTH])
    for seat, q in enumerate(players):
        path = ("players", seat)
        ck.mapping(q, path, PLAYER_KEYS)
        if "adventurer" not in q:
            ck.fail(path, "misses field 'adventurer'")
        adv = q["adventurer"]
        if not isinstance(adv, str) or adv not in cat.adventurer_ids:
            ck.fail(path + ("adventurer",), f"unknown adventurer {adv!r}; allowed: "
                                            f"{', '.join(cat.adventurer_ids)}")
        if adv in advs:
            ck.fail(path + ("adventurer",), f"{adv} is played by seat {advs.index(adv)} already")
        advs.append(adv)
        p = {}
        for k in ("score", "footprints", "fireflies", "reroll_tokens"):
            p[k] = ck.integer(q.get(k, 0), path + (k,), 0, MAX_COUNT)
        lapped = q.get("lapped", p["score"] >= track_len)
        if not isinstance(lapped, bool):
            ck.fail(path + ("lapped",), f"must be true or false, got {lapped!r}")
        if p["score"] >= track_len and not lapped:
            ck.fail(path + ("lapped",), f"a score of {track_len} or more has lapped the track (E6)")
        p["lapped"] = lapped
        comps = ck.listing(q.get("companions"), path + ("companions",), "companion ids")
        for i, cid in enumerate(comps):
            place(cid, path + ("companions", i))
        p["companions"] = list(comps)
        sk = q.get("sketal_dice") or {}
        if not isinstance(sk, dict):
            ck.fail(path + ("sketal_dice",), "must map a Sketal in play to its large die's colour")
        for cid, col in sk.items():
            kp = path + ("sketal_dice", cid)
            if not isinstance(col, str) or col not in C.COLOR_CODE:
                ck.fail(kp, f"must be a large die's colour, got {col!r}")
            if cid not in comps:
                ck.fail(kp, f"{cid!r} is not among this player's companions")
            want = int(t.item_sketal[cat.companion_row(cid)])
            if want < 0:
                ck.fail(kp, f"{cid} is not a Sketal: it holds no large die")
            if want != C.ANY_COLOR and col != C.COLORS[want]:
                ck.fail(kp, f"{cid} holds the {C.COLORS[want]} die, got {col!r}")
            if reserve[col] <= 0:
                held = ", ".join(C.COLORS[int(c)] for c in t.reserve_colors)
                ck.fail(kp, f"no large {col!r} die is left in the reserve for it; the reserve "
                            f"holds one each of {held}")
            reserve[col] -= 1
        p["sketal_dice"] = dict(sk)
        spells = q.get("spells", [])
        sp_path = path + ("spells",)
        named, unknown = [], 0
        if isinstance(spells, int) and not isinstance(spells, bool):
            if seat == to_move:
                ck.fail(sp_path, "the player to move knows their own tokens: list their ids")
            unknown = ck.integer(spells, sp_path, 0, len(spell_ids) * 2)
        else:
            for i, s in enumerate(ck.listing(spells, sp_path, "spell ids or 'unknown'")):
                if s == UNKNOWN and seat == to_move:
                    ck.fail(sp_path + (i,), "the player to move knows their own tokens: name it")
                if s == UNKNOWN:
                    unknown += 1
                elif isinstance(s, str) and s in spell_ids:
                    named.append(s)
                else:
                    ck.fail(sp_path + (i,), f"unknown spell token {s!r}; allowed: "
                                            f"{', '.join(spell_ids)}"
                            + (", unknown (another player's)" if seat != to_move else ""))
        held_named.append(named)
        held_unknown.append(unknown)
        dice = ck.listing(q.get("small_dice"), path + ("small_dice",), "small dice colours")
        if dice and seat not in picked:
            ck.fail(path + ("small_dice",),
                    f"P{seat} has not recruited yet this round: small dice are taken with the "
                    f"companion (R3); allowed for "
                    f"{', '.join(f'P{s}' for s in order[:pick]) or 'nobody (the first pick)'}")
        for i, col in enumerate(dice):
            small_taken.append((die_color(col, path + ("small_dice", i)), path + ("small_dice", i)))
        p["small_dice"] = list(dice)
        p["rolled"], p["lumipili_left"] = _rolled(ck, t, cat, q, seat, path, rolled_seats, order,
                                                  pick, late)
        if prov:
            if "boats" in q:
                ck.fail(path + ("boats",), "boats are for the archipelago side")
            camp = ck.integer(q.get("encampment", start), path + ("encampment",), 0, n_spaces - 1)
            if camp != start and int(t.prov_village[camp]) <= 0:
                ck.fail(path + ("encampment",), f"space {camp} is not a village; the encampment is "
                                                f"on the start ({start}) or a village")
            p["encampment"] = camp
            p["company"] = ck.integer(q.get("company", start), path + ("company",), 0, n_spaces - 1)
            p["boats"] = [0, 0, 0, 0]
        else:
            for k in ("encampment", "company"):
                if k in q:
                    ck.fail(path + (k,), f"{k} is for the province side")
            boats = q.get("boats", [0, 0, 0, 0])
            if not isinstance(boats, list) or len(boats) != 4:
                ck.fail(path + ("boats",), "must list the islands of the 4 boats (0 = the start)")
            for i, b in enumerate(boats):
                ck.integer(b, path + ("boats", i), 0, n_islands - 1)
            dup = [b for b, k in Counter(boats).items() if b != 0 and k > 1]
            if dup:
                ck.fail(path + ("boats",), f"two boats on island {dup[0]}: one boat a island "
                                           f"except the start (R6)")
            p["boats"] = list(boats)
            p["encampment"] = p["company"] = start
        out_players.append(p)

    # ---- track, cemetery, box ------------------------------------------------------------
    track = data["track"]
    if not isinstance(track, list) or len(track) != 5:
        ck.fail(("track",), "must list the 5 meeting-track spaces (leaf, water, cloud, fire, rock)")
    out_track, on_track = [], 0
    small_on_track = []
    for s, sp in enumerate(track):
        path = ("track", s)
        ck.mapping(sp, path, SPACE_KEYS)
        cid = sp.get("companion")
        if cid is not None:
            place(cid, path + ("companion",))
            on_track += 1
        dice = ck.listing(sp.get("dice"), path + ("dice",), "small dice colours")
        for i, col in enumerate(dice):
            small_on_track.append((die_color(col, path + ("dice", i)), path + ("dice", i)))
        fp = ck.integer(sp.get("footprints", 0), path + ("footprints",), 0, MAX_COUNT)
        out_track.append({"companion": cid, "dice": list(dice), "footprints": fp})
    if late:
        if on_track:
            ck.fail(("track",), f"{on_track} companions on the track after the morning; allowed: "
                                f"none (those not taken went to the cemetery, R3)")
    else:
        want_on_track = 5 - pick - (1 if n == 2 and pick >= 1 else 0)
        if on_track != want_on_track:
            ck.fail(("track",), f"{on_track} companions on the track at pick {pick} of the round "
                                f"(P{to_move} to move, first player P{first}); allowed: "
                                f"{want_on_track} (5 dealt, one taken a pick"
                                f"{', one sent to the cemetery at 2 players' if n == 2 else ''})")
    cemetery = ck.listing(data["cemetery"], ("cemetery",), "companion ids")
    for i, cid in enumerate(cemetery):
        place(cid, ("cemetery", i))
    k_box = int(t.setup_ints[SETUP_REMOVED_PER_DECK])
    box = data.get("box", UNKNOWN)
    box_known = []
    if box != UNKNOWN:
        box = ck.listing(box, ("box",), "companion ids, or unknown")
        for i, cid in enumerate(box):
            place(cid, ("box", i))
        for deck in (C.DECK_A, C.DECK_B):
            m = sum(1 for c in box if int(t.item_deck[cat.companion_row(c)]) == deck)
            if m != k_box:
                ck.fail(("box",), f"holds {m} companions of deck {C.DECKS[deck]}; the box holds "
                                  f"{k_box} of each deck (R2), or write box: unknown")
        box_known = list(box)

    # ---- every dealt card is in play, on the track or in the cemetery ----------------------
    deck_of = {cid: int(t.item_deck[cat.companion_row(cid)]) for cid in cat.companion_ids}
    pile_a = sum(1 for d in deck_of.values() if d == C.DECK_A) - k_box
    dealt = 5 * rnd
    want = {C.DECK_A: min(dealt, pile_a), C.DECK_B: max(0, dealt - pile_a)}
    seen = [c for c in where if c not in box_known]
    for deck in (C.DECK_A, C.DECK_B):
        m = sum(1 for c in seen if deck_of[c] == deck)
        if m != want[deck]:
            ck.fail((), f"cards: {m} companions of deck {C.DECKS[deck]} are in play, on the track "
                        f"or in the cemetery; at round {rnd} exactly {want[deck]} of deck "
                        f"{C.DECKS[deck]} have been dealt (R2: 5 a round, deck A first); every "
                        f"card dealt is in one of these places")

    # ---- small dice, the black die ----------------------------------------------------------
    all_small = small_on_track + small_taken
    have = Counter(col for col, _ in all_small)
    full = Counter(C.COLORS[int(c)] for c in t.small_dice)
    for col, path in all_small:
        limit = 1 if col == "black" else full[col]
        if have[col] > limit:
            ck.fail(path, f"more small {col} dice than the game has ({limit})")
    missing = full - Counter({c: k for c, k in have.items() if c != "black"})
    if missing:
        col = sorted(missing)[0]
        ck.fail(("track",), f"a small {col} die is missing: every small die is on the track or "
                            f"with the player who took it this round (R3, R7)")
    def is_kaar(c):
        return bool(int(t.item_black_die[cat.companion_row(c)]))

    kaar_in_play = any(is_kaar(c) for p in out_players for c in p["companions"])
    kaar_seen = kaar_in_play or any(is_kaar(c) for c in cemetery)
    if have["black"] and not kaar_seen:
        ck.fail(("track",), "the black die is in play but no Kaar is in play or in the cemetery: "
                            "it comes into play when Kaar is recruited (R3)")
    if kaar_in_play and not have["black"]:
        ck.fail(("track",), "a Kaar is in play, so the black die is: put it on a space or with "
                            "the player who took it this round (R3)")

    # ---- spell tokens -------------------------------------------------------------------------
    spent = ck.listing(data.get("spells_spent"), ("spells_spent",), "spell ids")
    for i, s in enumerate(spent):
        if not isinstance(s, str) or s not in spell_ids:
            ck.fail(("spells_spent", i), f"unknown spell token {s!r}; allowed: "
                                         f"{', '.join(spell_ids)}")
    copies = Counter({s: int(t.item_copies[cat.spell_row(s)]) for s in spell_ids})
    named_all = Counter(spent) + Counter(s for named in held_named for s in named)
    for s, k in named_all.items():
        if k > copies[s]:
            ck.fail(("players",), f"spell token {s} is held or spent {k} times; the game has "
                                  f"{copies[s]}")
    pool = sorted((copies - named_all).elements())
    if sum(held_unknown) > len(pool):
        ck.fail(("players",), f"{sum(held_unknown)} unknown spell tokens held, but only "
                              f"{len(pool)} tokens are neither named nor spent")
    spell_pile, held_counts = [], []
    for named, unknown in zip(held_named, held_unknown):
        spell_pile += named + pool[:unknown]
        pool = pool[unknown:]
        held_counts.append(len(named) + unknown)
    spell_pile += pool
    for p, k in zip(out_players, held_counts):
        p["spells"] = k

    # ---- the hidden companions: the rest of each deck, the pile first, then the box -----------
    draw_pile, hidden_box = [], []
    for deck in (C.DECK_A, C.DECK_B):
        rest = sorted(c for c in cat.companion_ids if deck_of[c] == deck and c not in where)
        in_pile = (pile_a if deck == C.DECK_A else len(deck_of) - 2 * k_box - pile_a) - want[deck]
        draw_pile += rest[:in_pile]
        hidden_box += rest[in_pile:]
    setup = {
        "first_player": first, "draw_pile": draw_pile, "box": hidden_box,
        "spell_pile": spell_pile,
        "position": {"round": rnd, "phase": "late_morning" if late else "morning", "pick": pick,
                     "players": out_players, "track": out_track,
                     "cemetery": list(cemetery), "box_known": box_known,
                     "spells_spent": list(spent)},
    }
    return setup, advs, side


def _canonical_colors(t, cat, q) -> list[tuple[int, str]]:
    """(colour, label) of the player's dice in E2's canonical order: the adventurer's large dice,
    each Sketal's large die in recruitment order, the small dice by colour."""
    adv = cat.adventurer_row(q["adventurer"])
    out = [(int(t.item_adv_color[adv]), "large")] * int(t.item_adv_dice[adv])
    sk = q.get("sketal_dice") or {}
    out += [(C.COLOR_CODE[sk[c]], f"large of {c}") for c in q.get("companions") or [] if c in sk]
    out += [(C.COLOR_CODE[c], "small") for c in sorted(q.get("small_dice") or [],
                                                        key=C.COLOR_CODE.get)]
    return out


def _rolled(ck, t, cat, q, seat, path, rolled_seats, order, pick, late):
    """The faces (indices) of the player's dice as rolled, and their Lumipili rerolls left, for
    the players who have rolled this round; (None, 0) for the others."""
    rolled = q.get("rolled")
    lumi = q.get("lumipili_left")
    if seat not in rolled_seats:
        for k, v in (("rolled", rolled), ("lumipili_left", lumi)):
            if v is not None:
                who = (", ".join(f"P{s}" for s in order[:pick + 1]) + " (in turn order up to the "
                       "player to move)") if late else "nobody at a recruit pick"
                ck.fail(path + (k,), f"P{seat} has not rolled this round; allowed for {who}")
        return None, 0
    dice = _canonical_colors(t, cat, q)
    labels = ", ".join(f"{C.COLORS[c]} {lab}" for c, lab in dice)
    if not isinstance(rolled, list) or len(rolled) != len(dice):
        ck.fail(path + ("rolled",), f"must list the symbol each die shows, {len(dice)} dice in "
                                    f"the order of E2: {labels}")
    faces = []
    for i, ((color, lab), sym) in enumerate(zip(dice, rolled)):
        shows = [C.SYMBOLS[int(t.die_symbol[color, f])] for f in range(6)]
        if sym not in shows:
            ck.fail(path + ("rolled", i), f"a {C.COLORS[color]} die cannot show {sym!r}; its "
                                          f"faces: {', '.join(dict.fromkeys(shows))}")
        faces.append(shows.index(sym))
    full = sum(int(t.item_reroll_each[cat.companion_row(c)]) for c in q.get("companions") or [])
    left = full if lumi is None else ck.integer(lumi, path + ("lumipili_left",), 0, full)
    return faces, left


def _name(path: tuple) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else (f".{p}" if i else str(p))
                   for i, p in enumerate(path))


def _on_track(name: str) -> bool:
    return name.startswith("track")
