"""`glowsim play`: one reference-engine game, narrated round by round."""
from __future__ import annotations

from pathlib import Path

from ..content import load_game
from ..engine import play_game, play_solo
from .args import check_writable_file, seed
from .render import render
from ..errors import UserError
from .compiled import prepare_fast

FINAL_COLUMNS = ["seat", "adventurer", "track", "cards_bursts", "journey_bursts", "firefly_bonus",
                 "footprint_bursts", "score", "reroll_tokens", "result"]
DAWN_COLUMNS = FINAL_COLUMNS[:7] + ["butterfly_bursts"] + FINAL_COLUMNS[7:]   # D15


def add_parser(sub):
    p = sub.add_parser("play", help="play one game with the reference engine and narrate it",
                       description="Play one game with the reference engine and print it round by "
                                   "round: recruits, rolls and rerolls with their source, triggered "
                                   "effects, moves, then the final count per component.")
    p.add_argument("--players", type=int, default=3, choices=(1, 2, 3, 4, 5, 6),
                   help="number of players, 1 = solo against Tom (default 3); 5 and 6 with --dawn")
    p.add_argument("--dawn", nargs="?", const="", default=None, metavar="SETS",
                   help="play the Dawn expansion (docs/rules.md D1-D18), with the optional sets "
                        "SETS, comma-separated (elemental, anibloom, draconic; none when left "
                        "out; at 5 and 6 players sets drawn at random complete them)")
    p.add_argument("--side", default="province", choices=("province", "archipelago"),
                   help="board side (default province)")
    p.add_argument("--seed", type=seed(), default=0, help="root seed (default 0)")
    p.add_argument("--game-index", type=seed("--game-index"), default=0, help="game index under the seed (default 0)")
    p.add_argument("--bots", default=None,
                   help="comma-separated bot per seat: random, greedy or heuristic (the fast path's "
                        "default bot, 2-4 players), or with 2-4 players (2-6 with --dawn) any fast-path preset when a "
                        "seat plays the search bot rollout (the fast path plays the game, the "
                        "reference engine narrates it from its record); rollout searches its "
                        "recruit picks, rollout:recruit+reroll+move names the decisions it "
                        "searches (any of recruit, reroll, move joined by +) (default: greedy for all)")
    p.add_argument("--adventurers", default=None,
                   help="comma-separated adventurer id per seat, or 'random' (default: random)")
    p.add_argument("--content", action="append", default=[], metavar="PATCH.yaml",
                   help="apply a content patch (repeatable)")
    p.add_argument("--tom-colors", default=None, metavar="C1,C2",
                   help="solo: Tom's two dice colours (default: drawn from the seed)")
    p.add_argument("--record", metavar="FILE.json", help="also write the game record to this file")
    p.add_argument("--quiet", action="store_true", help="print only the final table")
    p.set_defaults(func=run)
    return p


def _split(text, n, what):
    if text is None:
        return None
    items = [x.strip() for x in text.split(",")]
    if len(items) != n:
        raise UserError(f"--{what} needs {n} comma-separated values (one per seat), got {len(items)}")
    return items


def _check_record_path(path: str) -> None:
    """--record names a file that can be written (checked before the game is played)."""
    check_writable_file("--record", path, "game.json")


def _search_bot(name: str):
    """The vector of a --bots name (a preset, or rollout:DECISIONS), one line when wrong."""
    from ..spec.botparams import bot_preset
    try:
        return bot_preset(name)
    except UserError as e:
        raise UserError(f"--bots: {e}") from None


def _searched_game(game, args, bots, advs, sets=None):
    """With a search bot (rollout) at a seat: the game played by the fast path (the reference
    engine cannot search), as agents answering every decision from its record, so that the
    reference engine plays (and narrates) that very game; None without one."""
    from ..spec.botparams import PRESETS, bot_preset, preset_name, searches
    if not any(preset_name(b) in PRESETS and searches(PRESETS[preset_name(b)]) for b in bots):
        return None
    if args.players == 1:
        raise UserError("--bots: the search bot plays 2 or more players (solo: random, greedy or "
                        "heuristic)")
    unknown = [b for b in bots if preset_name(b) not in PRESETS]
    if unknown:
        raise UserError(f"--bots {unknown[0]!r}: unknown bot preset; allowed: {', '.join(PRESETS)}")
    from ..engine.sources import ReplayAgent, ReplayCursor
    from ..fast import Match, play_block
    match = Match(args.players, args.side, advs or ["random"] * args.players,
                  [_search_bot(b) for b in bots], bot_labels=bots, dawn_sets=sets)
    prepare_fast()
    rec = play_block(game, match, args.seed, args.game_index, 1, record=[args.game_index],
                     workers=1)["records"][0]
    cursor = ReplayCursor([list(r) for r in rec.decisions])
    return [ReplayAgent(cursor) for _ in range(args.players)]


def _dawn_sets(args) -> list | None:
    """The sets of --dawn (None without it), checked against the player count (D1, D16)."""
    if args.dawn is None:
        if args.players > 4:
            raise UserError(f"--players {args.players}: 5 and 6 players need the Dawn rules (D4): "
                            f"add --dawn; allowed without it: 1-4")
        return None
    return [x.strip() for x in args.dawn.split(",") if x.strip()]


def run(args) -> int:
    sets = _dawn_sets(args)
    if args.record:
        _check_record_path(args.record)
    game = load_game(args.content, dawn=sets is not None)
    if sets is not None:
        from ..engine.dawnsetup import check_sets
        from ..engine.play import check_players
        try:
            if args.players == 1:
                check_sets(game.dawn, 1, sets)      # D16
            else:
                check_players(game, args.players, sets)
        except UserError as e:
            raise UserError(f"--dawn: {e}") from None
    bots = _split(args.bots, args.players, "bots") or ["greedy"] * args.players
    advs = _split(args.adventurers, args.players, "adventurers")
    log: list | None = None if args.quiet else []
    agents = _searched_game(game, args, bots, advs, sets)
    if args.players == 1:
        tom = args.tom_colors.split(",") if args.tom_colors else None
        out = play_solo(game, side=args.side, adventurer=advs[0] if advs else None, bot=bots[0],
                        root_seed=args.seed, game_index=args.game_index, tom_colors=tom, log=log,
                        dawn_sets=sets)
    else:
        if args.tom_colors:
            raise UserError("--tom-colors is only for solo games (--players 1)")
        out = play_game(game, n_players=args.players, side=args.side, adventurers=advs,
                        bots=None if agents else bots, agents=agents,
                        root_seed=args.seed, game_index=args.game_index, log=log, dawn_sets=sets)
    if log is not None:
        print("\n".join(log))
        print("Final count")
    rows = []
    for p in out.players:
        r = dict(p)
        r["result"] = ("win" if p["win_share"] == 1 else "shared win") if p["win"] else ""
        r["seat"] = f"P{p['seat']}"
        rows.append(r)
    if args.players == 1:
        g = out.game
        rows.append(dict(seat="Tom", adventurer=f"({g['tom_colors']})", track=g["tom_track"],
                         cards_bursts=0, journey_bursts=g["tom_journey"], firefly_bonus=0,
                         butterfly_bursts=0,
                         footprint_bursts=g["tom_footprints"], score=g["tom_score"], reroll_tokens="",
                         result="" if out.players[0]["win"] else "win"))
    print(render(rows, FINAL_COLUMNS if sets is None else DAWN_COLUMNS), end="")
    if args.record:
        Path(args.record).write_text(out.record.to_json())
        print(f"record written to {args.record}")
    return 0
