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

from pydantic import ValidationError

from ..content import codes as C
from ..content.arrays import (SETUP_PROV_START, SETUP_REMOVED_PER_DECK, SETUP_ROUNDS,
                              SETUP_TRACK_LENGTH)
from ..content.yamlio import YamlError, load_yaml_file
from ..engine import GameState, StateError
from ..problems import dotted, line_of, problem, pydantic_problems
from .rollouts import AnalysisError, check_bot_for, position_key, resolve_bot
from .schema import UNKNOWN, PositionSpec


class PositionError(AnalysisError):
    """A position file that cannot be played: one line a problem naming file, line, field and
    what is allowed (the form scenario errors take)."""


class _Check:
    def __init__(self, source: str, lines: dict):
        self.source, self.lines = source, lines

    def fail(self, path: tuple, msg: str):
        raise PositionError(problem(self.source, line_of(self.lines, path), path, msg))


def load_position(content, path, bot: str = "expert") -> tuple[GameState, int]:
    """The GameState of the position file `path` with `bot` at every seat, stopped at the
    decision the file names, and its position key (the rollouts' seeds are keyed by it)."""
    try:
        data, lines = load_yaml_file(path)
    except YamlError as e:
        raise PositionError(str(e)) from None
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
    if not isinstance(data, dict):
        raise PositionError(f"{source}: a position file is a mapping of fields (allowed fields: "
                            f"{', '.join(PositionSpec.model_fields)}; docs/positions.md)")
    try:
        spec = PositionSpec.model_validate(data)
    except ValidationError as e:
        raise PositionError("\n".join(pydantic_problems(e, lines or {}, source, PositionSpec))) from None
    side = spec.side
    rounds = int(t.setup_ints[SETUP_ROUNDS])
    rnd = spec.round
    if rnd > rounds:
        ck.fail(("round",), f"the game has {rounds} rounds; allowed: 1..{rounds}, got {rnd}")
    players = spec.players
    n = len(players)
    first = spec.first_player
    if first >= n:
        ck.fail(("first_player",), f"seat {first} does not exist; allowed: 0..{n - 1} (seats)")
    to_move = spec.to_move
    if to_move >= n:
        ck.fail(("to_move",), f"player {to_move} does not exist; allowed: 0..{n - 1} (seats)")
    late = spec.decision == "reroll"
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
        if cid not in comp_ids:
            ck.fail(path, f"unknown companion {cid!r}; allowed: {cat.companion_ids[0]}.."
                          f"{cat.companion_ids[-1]} (glowsim cards)")
        if cid in where:
            ck.fail(path, f"{cid} is in two places: {where[cid]} and here")
        where[cid] = dotted(path)

    def die_color(col, path):
        if col not in small_colors:
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
        adv = q.adventurer
        if adv not in cat.adventurer_ids:
            ck.fail(path + ("adventurer",), f"unknown adventurer {adv!r}; allowed: "
                                            f"{', '.join(cat.adventurer_ids)}")
        if adv in advs:
            ck.fail(path + ("adventurer",), f"{adv} is played by seat {advs.index(adv)} already")
        advs.append(adv)
        p = {k: getattr(q, k) for k in ("score", "footprints", "fireflies", "reroll_tokens")}
        lapped = p["score"] >= track_len if q.lapped is None else q.lapped
        if p["score"] >= track_len and not lapped:
            ck.fail(path + ("lapped",), f"a score of {track_len} or more has lapped the track (E6)")
        p["lapped"] = lapped
        comps = list(q.companions)
        for i, cid in enumerate(comps):
            place(cid, path + ("companions", i))
        p["companions"] = comps
        sk = dict(q.sketal_dice)
        for cid, col in sk.items():
            kp = path + ("sketal_dice", cid)
            if col not in C.COLOR_CODE:
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
        p["sketal_dice"] = sk
        spells = q.spells
        sp_path = path + ("spells",)
        named, unknown = [], 0
        if isinstance(spells, int):
            if seat == to_move:
                ck.fail(sp_path, "the player to move knows their own tokens: list their ids")
            if spells > len(spell_ids) * 2:
                ck.fail(sp_path, f"{spells} tokens; allowed: a count 0..{len(spell_ids) * 2}")
            unknown = spells
        else:
            for i, sp in enumerate(spells):
                if sp == UNKNOWN and seat == to_move:
                    ck.fail(sp_path + (i,), "the player to move knows their own tokens: name it")
                if sp == UNKNOWN:
                    unknown += 1
                elif sp in spell_ids:
                    named.append(sp)
                else:
                    ck.fail(sp_path + (i,), f"unknown spell token {sp!r}; allowed: "
                                            f"{', '.join(spell_ids)}"
                            + (", unknown (another player's)" if seat != to_move else ""))
        held_named.append(named)
        held_unknown.append(unknown)
        dice = list(q.small_dice)
        if dice and seat not in picked:
            ck.fail(path + ("small_dice",),
                    f"P{seat} has not recruited yet this round: small dice are taken with the "
                    f"companion (R3); allowed for "
                    f"{', '.join(f'P{s}' for s in order[:pick]) or 'nobody (the first pick)'}")
        for i, col in enumerate(dice):
            small_taken.append((die_color(col, path + ("small_dice", i)), path + ("small_dice", i)))
        p["small_dice"] = dice
        p["rolled"], p["lumipili_left"] = _rolled(ck, t, cat, q, seat, path, rolled_seats, order,
                                                  pick, late)
        if prov:
            if q.boats is not None:
                ck.fail(path + ("boats",), "boats are for the archipelago side")
            camp = start if q.encampment is None else q.encampment
            if camp >= n_spaces:
                ck.fail(path + ("encampment",), f"space {camp} is not on the board; allowed: "
                                                f"0..{n_spaces - 1}")
            if camp != start and int(t.prov_village[camp]) <= 0:
                ck.fail(path + ("encampment",), f"space {camp} is not a village; the encampment is "
                                                f"on the start ({start}) or a village")
            p["encampment"] = camp
            company = start if q.company is None else q.company
            if company >= n_spaces:
                ck.fail(path + ("company",), f"space {company} is not on the board; allowed: "
                                             f"0..{n_spaces - 1}")
            p["company"] = company
            p["boats"] = [0, 0, 0, 0]
        else:
            for k in ("encampment", "company"):
                if getattr(q, k) is not None:
                    ck.fail(path + (k,), f"{k} is for the province side")
            boats = [0, 0, 0, 0] if q.boats is None else list(q.boats)
            for i, b in enumerate(boats):
                if b >= n_islands:
                    ck.fail(path + ("boats", i), f"island {b} is not on the board; allowed: "
                                                 f"0..{n_islands - 1}")
            dup = [b for b, k in Counter(boats).items() if b != 0 and k > 1]
            if dup:
                ck.fail(path + ("boats",), f"two boats on island {dup[0]}: one boat an island "
                                           f"except the start (R6)")
            p["boats"] = boats
            p["encampment"] = p["company"] = start
        out_players.append(p)

    # ---- track, cemetery, box ------------------------------------------------------------
    out_track, on_track = [], 0
    small_on_track = []
    for sp_i, sp in enumerate(spec.track):
        path = ("track", sp_i)
        cid = sp.companion
        if cid is not None:
            place(cid, path + ("companion",))
            on_track += 1
        dice = list(sp.dice)
        for i, col in enumerate(dice):
            small_on_track.append((die_color(col, path + ("dice", i)), path + ("dice", i)))
        out_track.append({"companion": cid, "dice": dice, "footprints": sp.footprints})
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
    cemetery = list(spec.cemetery)
    for i, cid in enumerate(cemetery):
        place(cid, ("cemetery", i))
    k_box = int(t.setup_ints[SETUP_REMOVED_PER_DECK])
    box = spec.box
    box_known = []
    if box != UNKNOWN:
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
    spent = list(spec.spells_spent)
    for i, s in enumerate(spent):
        if s not in spell_ids:
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
    adv = cat.adventurer_row(q.adventurer)
    out = [(int(t.item_adv_color[adv]), "large")] * int(t.item_adv_dice[adv])
    sk = q.sketal_dice
    out += [(C.COLOR_CODE[sk[c]], f"large of {c}") for c in q.companions if c in sk]
    out += [(C.COLOR_CODE[c], "small") for c in sorted(q.small_dice,
                                                        key=C.COLOR_CODE.get)]
    return out


def _rolled(ck, t, cat, q, seat, path, rolled_seats, order, pick, late):
    """The faces (indices) of the player's dice as rolled, and their Lumipili rerolls left, for
    the players who have rolled this round; (None, 0) for the others."""
    rolled = q.rolled
    lumi = q.lumipili_left
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
    full = sum(int(t.item_reroll_each[cat.companion_row(c)]) for c in q.companions)
    if lumi is not None and lumi > full:
        ck.fail(path + ("lumipili_left",), f"{lumi} Lumipili rerolls left; allowed: 0..{full} "
                                           f"(the Lumipili in play)")
    left = full if lumi is None else lumi
    return faces, left

