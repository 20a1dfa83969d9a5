"""`glowsim run SCENARIO.yaml`: play a scenario into a run folder (Parquet tables + manifest)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from ..limits import (DASK_WAIT_SECONDS, MAX_DASK_WAIT_SECONDS, MAX_GAMES, MAX_WORKERS,
                      PICK_PRECISION, PRECISION_OPEN)
from .args import number, scheduler_address

BACKENDS = ("local", "dask")   # glowsim.runner.backends.BACKENDS (not imported: keeps --help fast)


def add_parser(sub):
    p = sub.add_parser(
        "run", help="play a scenario's games into a run folder",
        description="Play every variant of a scenario (scenarios/README.md) on the same seeds and "
                    "write games.parquet, players.parquet, recruits.parquet and manifest.json to a "
                    "run folder. Games are played in chunks written as they finish: the same command "
                    "started again resumes an interrupted run.")
    p.add_argument("scenario", metavar="SCENARIO.yaml", help="the scenario file")
    p.add_argument("--games", type=number(int, 1, MAX_GAMES, "--games"), metavar="N",
                   help="games per variant (default: the scenario's `games`)")
    p.add_argument("--out", metavar="DIR", help="run folder (default: runs/<scenario name>)")
    p.add_argument("--workers", type=number(int, 1, MAX_WORKERS, "--workers"), metavar="K", default=None,
                   help=f"chunks played at once: threads (fast engine) or worker processes "
                        f"(reference engine) (default: all cores, here {os.cpu_count()})")
    p.add_argument("--backend", choices=BACKENDS, default="local",
                   help="local: this machine (threads or worker processes); dask: a "
                        "dask.distributed cluster")
    p.add_argument("--scheduler", metavar="ADDRESS", type=scheduler_address,
                   help="dask scheduler address (with --backend dask; default: a local cluster)")
    p.add_argument("--precision", type=number(float, *PRECISION_OPEN, "--precision", open_low=True,
                                                       open_high=True), metavar="P",
                   help="keep adding chunks until every card win-rate 95%% interval is narrower than ±P "
                        "(e.g. 0.01)")
    p.add_argument("--precision-pick-value", type=number(float, *PICK_PRECISION,
                                                         "--precision-pick-value", open_low=True),
                   metavar="H",
                   help="keep adding chunks until every companion's pick value 95%% interval, in "
                        "every variant, is at most ±H points of win share (e.g. 1.5); the scenario "
                        "must fork recruit picks (`counterfactual`); looked at after the "
                        "scenario's games, then each time the games have grown by a quarter")
    p.add_argument("--max-games", type=number(int, 1, MAX_GAMES, "--max-games"), metavar="N",
                   help="with --precision or --precision-pick-value: stop at this many games per "
                        "variant (default: the scenario's `max_games`, else 1000000)")
    p.add_argument("--dask-wait", type=number(float, 0, MAX_DASK_WAIT_SECONDS, "--dask-wait", open_low=True),
                   metavar="SECONDS", default=None,
                   help=f"with --backend dask: how long to wait for a worker before giving up (the run "
                        f"stays resumable; default {DASK_WAIT_SECONDS:g})")
    p.add_argument("--fresh", action="store_true",
                   help="discard a previous run in the folder instead of resuming it")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    from ..errors import UserError
    from ..runner import RunOptions, run_scenario
    from ..scenarios import load_scenario
    if args.scheduler and args.backend != "dask":
        raise UserError("--scheduler is only used with --backend dask")
    if args.dask_wait is not None and args.backend != "dask":
        raise UserError("--dask-wait is only used with --backend dask")
    sc = load_scenario(args.scenario)
    precision = args.precision if args.precision is not None else sc.spec.win_rate_precision
    pick = (args.precision_pick_value if args.precision_pick_value is not None
            else sc.spec.pick_value_precision)
    if args.max_games is not None and precision is None and pick is None:
        raise UserError("--max-games is only used with --precision or --precision-pick-value (or a "
                        "scenario with `precision`); without them, give the number of games with "
                        "--games")
    games = args.games if args.games is not None else sc.spec.games
    max_games = args.max_games if args.max_games is not None else sc.spec.max_games
    if (precision is not None or pick is not None) and max_games is not None and max_games < games:
        what = "--max-games" if args.max_games is not None else f"{sc.source}: max_games"
        least = "--games" if args.games is not None else f"{sc.source}: games"
        raise UserError(f"{what} ({max_games}) is below {least} ({games}): with a precision, the games "
                        f"are the least and max-games the most games per variant")
    from ..scenarios import expand
    for w in sorted({w for r in expand(sc, games=args.games) for w in r.game().warnings}):
        print(f"glowsim run: warning: {w}", file=sys.stderr)
    out = Path(args.out) if args.out else Path("runs") / sc.name
    opts = RunOptions(out=out, games=args.games, workers=args.workers or min(os.cpu_count() or 1, MAX_WORKERS),
                      backend=args.backend, scheduler=args.scheduler, precision=args.precision,
                      precision_pick_value=args.precision_pick_value,
                      max_games=args.max_games, fresh=args.fresh, progress=not args.quiet,
                      dask_wait=args.dask_wait)
    res = run_scenario(sc, opts)
    reused = f", {res.chunks_reused} chunks resumed" if res.chunks_reused else ""
    picks = f", {res.rows['picks']} forked pick rows" if "picks" in res.rows else ""
    print(f"{out}: {res.variants} variant(s) x {res.games_per_variant} games, "
          f"{res.rows['players']} player rows, {res.rows['recruits']} recruits{picks} "
          f"in {res.seconds:.1f} s{reused}")
    state = "reached" if res.precision_reached else "NOT reached (--max-games hit)"
    if res.widest is not None:
        print(f"precision ±{precision:g} {state}: widest card win-rate "
              f"interval ±{res.widest:.4f} ({res.widest_card})")
    if res.pick_widest is not None:
        stop = res.manifest.get("stopping", {}).get("pick_value", {})
        widest = ("not measured (a card has too few picks)" if res.pick_widest == float("inf")
                  else f"±{res.pick_widest:.2f} points ({res.pick_widest_card})")
        print(f"pick-value precision ±{pick:g} points {state}: widest pick-value interval "
              f"{widest}; looked at " + ", ".join(f"{g:,}" for g in stop.get("looks", []))
              + " games per variant")
    return 0
