"""Play a game and replay a record with the reference engine (what glowsim.engine exports)."""
from __future__ import annotations

import numbers
from dataclasses import dataclass

from .. import seeding as S
from ..content import codes as C
from ..content.solo import check_tom_colors
from ..records import GameRecord
from .botnames import make_bot
from ..spec import decisions as D
from ..spec.decisions import KIND_NAMES
from .errors import IllegalDecision, ReplayError
from .evening import evening
from .game import Game
from .journey import afternoon
from .morning import morning
from .dawnnoon import noon_phase
from .dawnsetup import check_sets, draw_dawn_setup
from .noon import noon
from .rerolls import late_morning
from .scoring import final_count, final_state, winners
from .position import start_position
from .setup import draw_setup, setup_game
from .solo import SoloGame, draw_solo_setup, run_solo
from .solo import tom_colors as draw_tom_colors
from .sources import LiveDice, ReplayAgent, ReplayCursor, ReplayDice
from ..errors import UserError


@dataclass
class GameOutcome:
    record: GameRecord
    final: dict
    game: dict
    players: list
    recruits: list
    log: list | None


def run(game: Game, setup: dict) -> dict:
    """Play a whole game (R2-R8) from a setup, or from a position (a setup with ``position``,
    glowsim/engine/position.py) to its end; return the final count per seat."""
    late = False      # the first round starts at its late morning (a position after the roll)
    if "position" in setup:
        first_round, late, first_pick = start_position(game, setup)
    else:
        if setup.get("draft"):
            draft_adventurers(game, setup["draft"])
        setup_game(game, setup)
        first_round, first_pick = 1, 0
    st = game.state
    for rnd in range(first_round, game.rounds + 1):
        st.round = rnd
        resume = rnd == first_round
        game.say(f"Round {rnd} (first player P{st.first_player})")
        if not (resume and late):
            game.say(" Morning")
            morning(game, first_pick if resume else 0)
        game.say(" Late morning")
        late_morning(game, first_pick if resume and late else 0, rolled=resume and late)
        game.say(" Noon")
        (noon_phase if game.dawn is not None else noon)(game)
        game.say(" Afternoon")
        afternoon(game)
        if rnd < game.rounds:
            evening(game)
    return final_count(game)


def draft_adventurers(game: Game, seats) -> None:
    """E19: seats given `draft` choose in seat order among the adventurers not yet taken."""
    cat = game.cat
    for seat in seats:
        taken = {a for a in game.adventurers if a >= 0}
        legal = [D.pad(cat.adventurer_row(a)) for a in cat.adventurer_ids
                 if cat.adventurer_row(a) not in taken]
        row = game.ask(seat, D.ADVENTURER, legal)[0]
        game.adventurers[seat] = row
        game.say(f"Draft: P{seat} chooses {game.name(row)}")
    game.record.adventurers = [cat.item_id(a) for a in game.adventurers]


def resolve_adventurers(content, adventurers, n_players: int, root: int, game_index: int) -> list[int]:
    """Adventurer rows per seat; None or "random" seats are drawn as in E13; "draft" seats are -1
    (chosen by draft_adventurers once the game exists, E19)."""
    cat = content.catalog
    if adventurers is None:
        adventurers = ["random"] * n_players
    if len(adventurers) != n_players:
        raise UserError(f"{len(adventurers)} adventurers given for {n_players} players")
    fixed = []
    for a in adventurers:
        if a in (None, "random", -1, "draft"):
            continue
        if a not in cat.adventurer_ids:
            raise UserError(f"unknown adventurer {a!r}; allowed: {', '.join(cat.adventurer_ids)}")
        fixed.append(a)
    if len(set(fixed)) != len(fixed):
        raise UserError(f"each adventurer can be played by one seat only: {fixed}")
    pool = [a for a in cat.adventurer_ids if a not in fixed]
    stream = S.Stream(S.stream_key(S.game_key(root, game_index), S.STREAM_ADVENTURERS))
    rows = []
    drafted = sum(1 for a in adventurers if a == "draft")
    if drafted:
        # random seats draw only from what the draft cannot exhaust: none are drawn before it
        if len(pool) < drafted + sum(1 for a in adventurers if a in (None, "random", -1)):
            raise UserError("not enough adventurers for the seats")
    for a in adventurers:
        if a == "draft":
            rows.append(-1)
            continue
        if a in (None, "random", -1):
            a = pool.pop(stream.uniform_int(len(pool)))
        rows.append(cat.adventurer_row(a))
    return rows


def check_start_tokens(start_tokens, n_players: int) -> list[int] | None:
    """E18's extra reroll tokens per seat as ints (None when none are given); a UserError unless
    they are `n_players` non-negative whole numbers."""
    if start_tokens is None:
        return None
    vals = _items(start_tokens)
    if vals is None or len(vals) != n_players or any(
            isinstance(x, bool) or not isinstance(x, numbers.Integral) or x < 0 for x in vals):
        raise UserError(f"start_tokens must give {n_players} non-negative counts, got {start_tokens}")
    return [int(x) for x in vals] if any(vals) else None


def _items(seq) -> list | None:
    """The items of a list, tuple or array; None for anything else (a string, a number)."""
    return list(seq) if hasattr(seq, "__iter__") and not isinstance(seq, (str, bytes, dict)) else None


def tom_color_codes(content, adv: int, tom_colors) -> list[int]:
    """Tom's two dice colours (names or colour codes) as codes; a UserError unless they are
    colours R9 lets Tom roll against the adventurer in row `adv`."""
    vals = _items(tom_colors)
    if vals is None or not all(
            c in C.COLOR_CODE if isinstance(c, str) else
            isinstance(c, numbers.Integral) and not isinstance(c, bool) and 0 <= c < len(C.COLORS)
            for c in vals):
        raise UserError(f"tom_colors must name two dice colours ({', '.join(C.COLORS)}), "
                        f"got {tom_colors!r}")
    colors = [C.COLOR_CODE[c] if isinstance(c, str) else int(c) for c in vals]
    check_tom_colors(content, adv, colors)
    return colors


def check_solo_agent(agent) -> None:
    """A UserError when the seat's agent cannot play a solo game (R9)."""
    if not getattr(agent, "plays_solo", True):
        raise UserError("the heuristic bot plays 2-4 player games only (the fast path's planner "
                        "has no solo mode); solo games take greedy or random")


def _outcome(game: Game, counts, log) -> GameOutcome:
    st = game.state
    wins = winners(counts, st.players)
    final = final_state(game, counts)
    game.record.final = final
    ordered = sorted((c["score"] for c in counts), reverse=True)
    games_row = dict(n_players=game.n_players, side=C.SIDES[game.side], first_player=int(game.record.setup["first_player"]),
                     n_winners=len(wins), top_score=ordered[0],
                     margin=ordered[0] - ordered[1] if len(ordered) > 1 else 0, rounds=game.rounds)
    if st.dawn is not None:
        games_row["dawn_sets"] = "+".join(st.dawn.sets)
    first = int(game.record.setup["first_player"])
    players = []
    for p, c in zip(st.players, counts):
        row = dict(seat=p.seat, turn_pos=(p.seat - first) % game.n_players,
                   adventurer=game.cat.item_id(p.adventurer), score=c["score"], track=c["track"],
                   cards_bursts=c["cards_bursts"], journey_bursts=c["journey_bursts"],
                   firefly_bonus=c["firefly_bonus"], footprint_bursts=c["footprint_bursts"],
                   fireflies=c["fireflies"], footprints=p.footprints, reroll_tokens=p.tokens,
                   companions=len(p.companions), win=p.seat in wins,
                   win_share=(1.0 / len(wins)) if p.seat in wins else 0.0)
        if st.dawn is not None:
            row["butterfly_bursts"] = c["butterfly_bursts"]
            row["little_board"] = p.little_board
        row.update(p.stats)
        players.append(row)
    recruits = _outcome_recruits(game)
    return GameOutcome(record=game.record, final=final, game=games_row, players=players,
                       recruits=recruits, log=log)


def play_game(content, n_players: int = 4, side: str = "province", adventurers=None, bots=None,
              root_seed: int = 0, game_index: int = 0, log: list | None = None, agents=None,
              start_tokens=None, dawn_sets=None) -> GameOutcome:
    """Play one game with the reference engine (contract.md section 8).

    With Dawn content (``load_game(dawn=True)``) the game is a Dawn game (docs/rules.md
    D1-D18) of 2 to 6 players; `dawn_sets` names the optional sets chosen (D1: at 5 and 6
    players sets drawn at random complete them).

    `adventurers` per seat: an id, "random" (E13) or "draft" (E19).
    `bots` are names per seat ("random", "greedy", "heuristic") or bot parameter vectors
    (glowsim/engine/botparams.py, played as the fast path plays them); `agents` may instead give
    objects with ``decide(game, seat, kind, legal)`` (tests, notebooks).
    `start_tokens`: extra reroll tokens per seat at setup (E18), e.g. [0, 0, 0, 2].
    """
    game, setup = new_game(content, n_players, side, adventurers, bots, root_seed, game_index,
                           log=log, agents=agents, start_tokens=start_tokens, dawn_sets=dawn_sets)
    counts = run(game, setup)
    return _outcome(game, counts, log)


def new_game(content, n_players: int = 4, side: str = "province", adventurers=None, bots=None,
             root_seed: int = 0, game_index: int = 0, log: list | None = None, agents=None,
             start_tokens=None, wrap_agents=None, dice=None, dawn_sets=None) -> tuple[Game, dict]:
    """The Game and its setup as :func:`play_game` starts them (arguments as there), before
    :func:`run`. `wrap_agents(agents)` may replace the seats' agents in the Game (the bots are
    made first); `dice` replaces the live dice streams of (root_seed, game_index)."""
    check_players(content, n_players, dawn_sets)
    if side not in C.SIDE_CODE:
        raise UserError(f"side must be 'province' or 'archipelago', got {side!r}")
    root = S.root_key(root_seed)
    advs = resolve_adventurers(content, adventurers, n_players, root, game_index)
    extra = check_start_tokens(start_tokens, n_players)
    if agents is None:
        bots = bots or ["greedy"] * n_players
        if len(bots) != n_players:
            raise UserError(f"{len(bots)} bots given for {n_players} players")
        agents = [make_bot(b, root, game_index, s) for s, b in enumerate(bots)]
    if wrap_agents is not None:
        agents = wrap_agents(agents)
    dice = LiveDice(root, game_index) if dice is None else dice
    game = Game(content, n_players, C.SIDE_CODE[side], advs, agents, dice, log)
    game.record.seed = {"root": int(root_seed), "game_index": int(game_index)}
    setup_stream = S.Stream(S.stream_key(S.game_key(root, game_index), S.STREAM_SETUP))
    if content.dawn is not None:
        setup = draw_dawn_setup(game, setup_stream, dawn_sets)
    else:
        setup = draw_setup(game, setup_stream)
    drafted = [s for s, a in enumerate(advs) if a < 0]
    if drafted:
        setup["draft"] = drafted
    if extra:
        setup["start_tokens"] = extra
    return game, setup


def check_players(content, n_players: int, dawn_sets=None) -> None:
    """A UserError of one line unless `content` plays `n_players` (2-4; 5 and 6 with the Dawn
    content, D4) with the sets `dawn_sets` (the Dawn content only, D1)."""
    if content.dawn is None:
        if n_players in (5, 6):
            raise UserError(f"{n_players} players need the Dawn rules (D4): the Dawn content "
                            f"(load_game(dawn=True), glowsim play --dawn); allowed: 2-4")
        if dawn_sets:
            raise UserError("dawn sets need the Dawn content (load_game(dawn=True), D1)")
        if not 2 <= n_players <= 4:
            raise UserError(f"n_players must be 2, 3 or 4 (solo mode is separate), got {n_players}")
        return
    if not 2 <= n_players <= 6:
        raise UserError(f"n_players must be 2 to 6 with Dawn (solo mode is separate), got {n_players}")
    check_sets(content.dawn, n_players, dawn_sets)


def replay(content, record: GameRecord, log: list | None = None, check_final: bool = True) -> dict:
    """Replay a record through the reference engine; return the final state.

    Raises ReplayError naming the decision and why, if any decision is illegal,
    the dice or decisions run out or are left over, or the final state differs
    from the record's.
    """
    if record.content_hash != content.hash:
        raise ReplayError(f"record was made with content {record.content_hash}, this content is {content.hash}")
    if record.solo:
        return replay_solo(content, record, log, check_final)
    cat = content.catalog
    try:
        advs = [cat.adventurer_row(a) for a in record.adventurers]
    except ValueError:
        raise ReplayError(f"record names unknown adventurers {record.adventurers}") from None
    drafted = list(record.setup.get("draft") or [])
    for s in drafted:
        if not 0 <= int(s) < len(advs):
            raise ReplayError(f"record setup: draft names seat {s}, not a seat")
        advs[int(s)] = -1
    if record.side not in C.SIDE_CODE:
        raise ReplayError(f"record side {record.side!r} is not province or archipelago")
    most = 6 if content.dawn is not None else 4
    if not 2 <= record.n_players <= most or len(advs) != record.n_players:
        raise ReplayError(f"record has {record.n_players} players and {len(advs)} adventurers; "
                          f"allowed: 2-{most} players, one adventurer each")
    cursor = ReplayCursor(record.decisions)
    agents = [ReplayAgent(cursor) for _ in range(record.n_players)]
    dice = ReplayDice(record.dice, cursor)
    game = Game(content, record.n_players, C.SIDE_CODE[record.side], advs, agents, dice, log)
    try:
        counts = run(game, dict(record.setup))
    except IllegalDecision as e:
        raise ReplayError(f"decision {cursor.pos - 1}: {e}") from None
    except (ValueError, IndexError, KeyError) as e:
        if isinstance(e, ReplayError):
            raise
        raise ReplayError(f"record does not fit the game at decision {cursor.pos}: {e}") from None
    _check_consumed(dice, cursor, record)
    if game.record.adventurers != list(record.adventurers):
        raise ReplayError(f"the draft gives adventurers {game.record.adventurers}, "
                          f"the record says {record.adventurers}")
    final = final_state(game, counts)
    if check_final and record.final is not None and final != record.final:
        raise ReplayError("final state differs:\n" + diff_states(record.final, final))
    return final


def diff_states(want: dict, got: dict, path: str = "") -> str:
    """Line-per-difference description of two final-state dicts."""
    lines = []
    if isinstance(want, dict) and isinstance(got, dict):
        for k in sorted(set(want) | set(got), key=str):
            lines.append(diff_states(want.get(k), got.get(k), f"{path}.{k}" if path else str(k)))
    elif isinstance(want, list) and isinstance(got, list) and len(want) == len(got) and \
            all(isinstance(x, dict) for x in want):
        for i, (a, b) in enumerate(zip(want, got)):
            lines.append(diff_states(a, b, f"{path}[{i}]"))
    elif want != got:
        lines.append(f"  {path}: record {want!r}, replay {got!r}")
    return "\n".join(x for x in lines if x)


def _solo_outcome(game, counts: dict, tom: dict, log) -> GameOutcome:
    final = final_state(game, [counts])
    final["tom"] = dict(tom, camp=game.tom.camp if game.side == C.PROVINCE else None,
                        boats=sorted(game.tom.boats) if game.side == C.ARCHIPELAGO else None)
    game.record.final = final
    p = game.state.players[0]
    win = counts["score"] > tom["score"]   # R9: strictly more than Tom
    games_row = dict(n_players=1, side=C.SIDES[game.side], first_player=0, n_winners=1,
                     top_score=max(counts["score"], tom["score"]),
                     margin=counts["score"] - tom["score"], rounds=game.rounds,
                     tom_score=tom["score"], tom_track=tom["track"], tom_journey=tom["journey_bursts"],
                     tom_footprints=tom["footprint_bursts"], tom_band=tom["band"],
                     tom_colors=",".join(C.COLORS[d.color] for d in game.tom.dice))
    row = dict(seat=0, turn_pos=0, adventurer=game.cat.item_id(p.adventurer), score=counts["score"],
               track=counts["track"], cards_bursts=counts["cards_bursts"],
               journey_bursts=counts["journey_bursts"], firefly_bonus=counts["firefly_bonus"],
               footprint_bursts=counts["footprint_bursts"], fireflies=counts["fireflies"],
               footprints=p.footprints, reroll_tokens=p.tokens, companions=len(p.companions),
               win=win, win_share=1.0 if win else 0.0)
    if game.state.dawn is not None:     # D15, D16
        games_row["dawn_sets"] = "+".join(game.state.dawn.sets)
        row["butterfly_bursts"] = counts["butterfly_bursts"]
    row.update(p.stats)
    out = _outcome_recruits(game, solo=True)
    return GameOutcome(record=game.record, final=final, game=games_row, players=[row],
                       recruits=out, log=log)


def _outcome_recruits(game, solo: bool = False) -> list:
    """The recruits table rows of a played game (contract.md section 6); ``tile``: solo only."""
    st = game.state
    rows = []
    for r in game.recruits:
        seat = r["seat"]
        in_play = r["left_round"] < 0 and r["companion"] in st.players[seat].companions
        rows.append(dict(round=r["round"], pick=r["pick"], seat=seat,
                         companion=game.cat.item_id(r["companion"]),
                         offered=[game.cat.item_id(x) for x in r["offered"]],
                         left_round=r["left_round"], effect_bursts=r["effect_bursts"],
                         printed_bursts=int(game.t.item_bursts[r["companion"]]) if in_play else 0))
        if solo:
            rows[-1]["tile"] = r.get("tile")   # Tom's tile taken with it (R9); None: Cromaug
    return rows


def play_solo(content, side: str = "province", adventurer=None, bot: str = "greedy",
              root_seed: int = 0, game_index: int = 0, tom_colors=None, log: list | None = None,
              agent=None, dawn_sets=None) -> GameOutcome:
    """Play one solo game against Tom (R9) with the reference engine; with the Dawn content a
    Dawn solo game (D16) with the sets `dawn_sets` (those solo may play)."""
    game, setup = new_solo_game(content, side, adventurer, bot, root_seed, game_index, tom_colors,
                                log, agent, dawn_sets=dawn_sets)
    counts, tom = run_solo(game, setup)
    return _solo_outcome(game, counts, tom, log)


def new_solo_game(content, side: str = "province", adventurer=None, bot: str = "greedy",
                  root_seed: int = 0, game_index: int = 0, tom_colors=None, log: list | None = None,
                  agent=None, wrap_agents=None, dice=None, dawn_sets=None):
    """The SoloGame and its setup as :func:`play_solo` starts them, before ``run_solo``
    (`wrap_agents` and `dice` as in :func:`new_game`)."""
    if side not in C.SIDE_CODE:
        raise UserError(f"side must be 'province' or 'archipelago', got {side!r}")
    if content.dawn is not None:
        check_sets(content.dawn, 1, dawn_sets)
    elif dawn_sets:
        raise UserError("dawn sets need the Dawn content (load_game(dawn=True), D1)")
    root = S.root_key(root_seed)
    adv = resolve_adventurers(content, [adventurer], 1, root, game_index)[0]
    if tom_colors is None:
        colors = draw_tom_colors(content, adv, root, game_index)
    else:
        colors = tom_color_codes(content, adv, tom_colors)
    agent = agent or make_bot(bot, root, game_index, 0)
    check_solo_agent(agent)
    if wrap_agents is not None:
        agent = wrap_agents([agent])[0]
    dice = LiveDice(root, game_index) if dice is None else dice
    game = SoloGame(content, C.SIDE_CODE[side], adv, colors, agent, dice, log)
    game.record.seed = {"root": int(root_seed), "game_index": int(game_index)}
    setup = draw_solo_setup(game, S.Stream(S.stream_key(S.game_key(root, game_index), S.STREAM_SETUP)),
                            dawn_sets)
    setup["tom_colors"] = [C.COLORS[c] for c in colors]
    return game, setup


def replay_solo(content, record: GameRecord, log=None, check_final: bool = True) -> dict:
    cat = content.catalog
    cursor = ReplayCursor(record.decisions)
    dice = ReplayDice(record.dice)
    colors = [C.COLOR_CODE[c] for c in record.setup["tom_colors"]]
    game = SoloGame(content, C.SIDE_CODE[record.side], cat.adventurer_row(record.adventurers[0]), colors,
                    ReplayAgent(cursor), dice, log)
    try:
        counts, tom = run_solo(game, dict(record.setup))
    except IllegalDecision as e:
        raise ReplayError(f"decision {cursor.pos - 1}: {e}") from None
    _check_consumed(dice, cursor, record)
    out = _solo_outcome(game, counts, tom, log)
    if check_final and record.final is not None and out.final != record.final:
        raise ReplayError("final state differs:\n" + diff_states(record.final, out.final))
    return out.final


def _check_consumed(dice, cursor, record) -> None:
    if dice.pos != len(record.dice):
        raise ReplayError(f"the game used {dice.pos} dice faces, the record has {len(record.dice)}")
    if cursor.pos != len(record.decisions):
        row = record.decisions[cursor.pos]
        raise ReplayError(f"decision {cursor.pos} ({KIND_NAMES.get(row[1], row[1])} by seat {row[0]}) is left "
                          f"over: the game used {cursor.pos} decisions, the record has {len(record.decisions)}")
