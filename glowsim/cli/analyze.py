"""`glowsim analyze`: the win share and mean final score of each legal option at a decision,
over rollouts by a bot on redrawn hidden information (glowsim/position)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from ..content import load_game
from ..errors import UserError
from .args import check_writable_file, number, seed
from .render import render

DEFAULT_ROLLOUTS = 200
TEXT_COLUMNS = ["rank", "option", "win %", "win 95%", "score", "score 95%", "win vs best",
                "vs best 95%", "score vs best"]


def add_parser(sub):
    p = sub.add_parser(
        "analyze", help="analyse a decision: each option's win share over rollouts",
        description="Analyse the decision of a position: for each legal option of the player to "
                    "move, the win share (E9) and the mean final score with 95% intervals over N "
                    "rollouts played by a bot at every seat, each rollout on the hidden parts "
                    "(draw pile, box, others' spell tokens, dice to come) drawn again as that "
                    "player may see the game. Every option plays the same redrawn worlds, so the "
                    "differences to the best option are paired. The fast path plays the rollouts "
                    "where it can take the position (compiled once, announced), else the "
                    "reference engine.")
    src = p.add_mutually_exclusive_group()
    src.add_argument("--record", metavar="FILE",
                     help="a game record (glowsim play --record), or a run's records file "
                          "(chunks/<variant>/c<k>.records.parquet) with --game; with --at K")
    src.add_argument("--position", metavar="FILE.yaml",
                     help="a position file (docs/positions.md)")
    p.add_argument("--at", type=number(int, 0, what="--at"), metavar="K",
                   help="with --record: the decision index to analyse (0 = the first decision)")
    p.add_argument("--game", type=seed("--game"), metavar="I",
                   help="with a run's records file: the game index of the record")
    p.add_argument("--rollouts", type=number(int, 2, 1_000_000, what="--rollouts"), metavar="N",
                   default=DEFAULT_ROLLOUTS, help=f"rollouts per option (default {DEFAULT_ROLLOUTS})")
    p.add_argument("--bot", default="expert", metavar="PRESET",
                   help="the bot playing every seat in the rollouts: random, greedy or a preset "
                        "(heuristic, expert, ...) (default expert; solo: greedy or random)")
    p.add_argument("--engine", choices=("auto", "fast", "reference"), default="auto",
                   help="who plays the rollouts: the fast path (compiled; a base game, solo or "
                        "2-4 players, at any decision of its rounds; a Dawn game at a recruit "
                        "pick, its rerolls or a move), the reference engine, or auto "
                        "(default: the fast path where it can take the position, else the "
                        "reference engine, saying why in one line)")
    p.add_argument("--workers", type=number(int, 1, 256, what="--workers"), default=1, metavar="K",
                   help="play the rollouts in K threads (fast path) or worker processes "
                        "(reference engine) (default 1; the result does not depend on K)")
    p.add_argument("--seed", type=seed(), default=0, metavar="S", help="seed of the redrawn worlds (default 0)")
    p.add_argument("--content", action="append", default=[], metavar="PATCH.yaml",
                   help="apply a content patch (repeatable; a record must be of the same content)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--figure", metavar="FILE.png", help="also draw the options with their intervals")
    p.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    p.set_defaults(func=run)
    return p


def _check_figure_path(path: str) -> None:
    check_writable_file("--figure", path, "analysis.png", suffix=".png")


def _pct(v) -> str:
    return f"{100 * v:.1f}"


def text_rows(analysis) -> list[dict]:
    rows = []
    for r in analysis.table.to_dict("records"):
        best = r["rank"] == 1
        rows.append({
            "rank": r["rank"], "option": r["option"], "win %": _pct(r["win"]),
            "win 95%": f"{_pct(r['win_low'])}..{_pct(r['win_high'])}",
            "score": f"{r['score']:.1f}",
            "score 95%": f"{r['score_low']:.1f}..{r['score_high']:.1f}",
            "win vs best": "best" if best else f"{100 * r['win_diff']:+.1f}",
            "vs best 95%": "" if best else
            f"{100 * r['win_diff_low']:+.1f}..{100 * r['win_diff_high']:+.1f}",
            "score vs best": "" if best else f"{r['score_diff']:+.1f}",
        })
    return rows


def run(args) -> int:
    from ..position import analyze_state, read_record, record_state
    if args.record is None and args.position is None:
        raise UserError("give the position: --record FILE.json --at K, or --position FILE.yaml")
    if args.record is not None and args.at is None:
        raise UserError("--record needs --at K: the decision index to analyse")
    if args.position is not None and args.game is not None:
        raise UserError("--game is for --record with a run's records file")
    if args.position is not None and args.at is not None:
        raise UserError("--at is for --record; a position file names its decision itself")
    if args.figure:
        _check_figure_path(args.figure)
    from ..position.source import Source
    if args.record is not None:
        record = read_record(args.record, args.game)
        dawn = "dawn" in record.setup        # a Dawn game (D1): played with the Dawn content
        content = load_game(args.content, dawn=dawn)
        state, key = record_state(content, record, args.at, args.bot, where=args.record)
        game = f" game {args.game}" if args.game is not None else ""
        where = f"{args.record}{game} at decision {args.at}"
        source = Source("record", args.bot, tuple(args.content), text=record.to_json(), k=args.at,
                        where=args.record, dawn=dawn)
    else:
        from ..content.yamlio import load_yaml_file
        from ..position import position_state
        content = load_game(args.content)
        data, lines = load_yaml_file(args.position)
        state, key = position_state(content, data, args.bot, source=args.position, lines=lines)
        where = args.position
        source = Source("position", args.bot, tuple(args.content), data=data, where=args.position)
    from ..position import rollout_engine
    which, _ = rollout_engine(state, args.engine)
    if which == "fast":   # compiled (announced) before the progress line
        from .compiled import prepare_position
        prepare_position(not args.quiet)
    progress = None if args.quiet or not sys.stderr.isatty() else _progress
    try:
        res = analyze_state(state, bot=args.bot, rollouts=args.rollouts, seed=args.seed, key=key,
                            progress=progress, workers=args.workers, source=source,
                            engine=args.engine)
    except KeyboardInterrupt as e:   # Ctrl-C or SIGTERM: show what the finished rollouts say
        if progress is not None:
            print(file=sys.stderr)
        if getattr(e, "partial", None) is not None:
            _show(args, e.partial, where, interrupted=True)
        raise
    if progress is not None:
        print(file=sys.stderr)
    _show(args, res, where)
    return 0


def _show(args, res, where: str, interrupted: bool = False) -> None:
    """The table (or --json) and the figure of an analysis; `interrupted`: the rollouts every
    option finished before a Ctrl-C."""
    if args.json:
        out = {"position": where, **res.to_dict(), "interrupted": interrupted}
        print(json.dumps(out, indent=1))
    else:
        legal = sum(len(r) for r in res.table["rows"])
        merged = (f" ({legal} legal rows: rows on identical dice are one option)"
                  if legal > len(res.table) else "")
        engine = "fast path" if res.engine == "fast" else "reference engine"
        print(f"{where}: round {res.round}, P{res.player} to decide {res.kind}; "
              f"{len(res.table)} options{merged} x {res.rollouts} rollouts by {res.bot} "
              f"(seed {res.seed}; {engine})")
        if res.engine_note:
            print(f"rollouts played by the reference engine: {res.engine_note}")
        print(render(text_rows(res), TEXT_COLUMNS), end="")
        print(f"win share and score of P{res.player}; differences to the best option are paired "
              f"(the same {res.rollouts} redrawn worlds); {res.wins.size} rollouts in "
              f"{res.seconds:.1f} s ({res.rollouts_per_second:.1f} a second)")
        if interrupted:
            print(f"interrupted: the first {res.rollouts} of {args.rollouts} rollouts of each "
                  f"option")
    if args.figure:
        from ..position.figure import write_figure
        try:
            write_figure(res, args.figure)
        except OSError as e:
            from ..errors import disk_error
            raise disk_error(args.figure, e) from None
        if not args.json:
            print(f"figure written to {args.figure}")


def _progress(done: int, total: int) -> None:
    print(f"\r  rollout {done}/{total}", end="", file=sys.stderr, flush=True)
