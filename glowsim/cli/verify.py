"""`glowsim verify`: fast-path games replayed through the reference engine; with RUN_DIR, a run
folder checked against its manifest (glowsim.runner.verify_run)."""
from __future__ import annotations

import sys
import time

from ..content import load_game
from ..errors import UserError
from .args import number, seed
from .compiled import prepare_fast


def add_parser(sub):
    p = sub.add_parser(
        "verify", help="replay fast-path games through the reference engine, or check a run folder",
        description="Play N fast-path games spread over solo against Tom and 2-4 players, both "
                    "board sides and the bot presets (alone and mixed; the search bot rollout "
                    "next to expert), replay each record "
                    "through the reference engine and stop at the first divergence, printing "
                    "both final states. "
                    "With RUN_DIR: check a run folder instead (row counts and checksums of every "
                    "chunk and table against the manifest, each game once, content hashes) and "
                    "replay N of its recorded games through the reference engine; a run with forked "
                    "picks also has the forks of N/50 games (at least one) played again and one "
                    "pick's continuations of each replayed; exit 1 on any inconsistency.")
    p.add_argument("run_dir", nargs="?", metavar="RUN_DIR",
                   help="a run folder written by `glowsim run` to check")
    p.add_argument("--games", type=number(int, 1, what="--games"), default=500, metavar="N",
                   help="games to check (default 500); with RUN_DIR: recorded games to replay")
    p.add_argument("--seed", type=seed(), default=None, help="root seed (default 0)")
    p.add_argument("--content", action="append", default=[], metavar="PATCH.yaml",
                   help="apply a content patch (repeatable)")
    p.add_argument("--save", metavar="FILE.json", help="on a divergence, write the record there")
    p.add_argument("--dawn", action="store_true",
                   help="play Dawn games (docs/rules.md D1-D18): solo and 2-6 players, every "
                        "choice of sets, every preset (the search bot at 2-6 players)")
    p.set_defaults(func=run)
    return p


def _check_save(path: str) -> None:
    """--save names a file that can be written (checked before the games are played)."""
    from .args import check_writable_file
    check_writable_file("--save", path, "divergence.json")


def run(args) -> int:
    if args.save:
        _check_save(args.save)
    if args.run_dir is not None:
        if args.dawn:
            raise UserError("--dawn: plays new Dawn games; a run folder's manifest says what its "
                            "games are (give RUN_DIR or --dawn, not both)")
        from ..runner.verify_run import run_cli
        return run_cli(args)
    args.seed = 0 if args.seed is None else args.seed
    from ..fast.verify import CLI_BOT_SETS, verify
    game = load_game(args.content, dawn=args.dawn)
    prepare_fast()
    t0 = time.perf_counter()
    done, div = verify(game, args.games, seed=args.seed, bot_sets=CLI_BOT_SETS)
    dt = time.perf_counter() - t0
    if div is not None:
        print(div.report())
        if args.save:
            with open(args.save, "w", encoding="utf-8") as f:
                f.write(div.record_json)
            print(f"record written to {args.save}")
        print(f"glowsim verify: {done} games agreed before the divergence", file=sys.stderr)
        return 1
    print(f"{done} fast-path games replayed through the reference engine: all agree ({dt:.1f} s)")
    return 0
