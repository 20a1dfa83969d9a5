"""`glowsim bench`: games per second of the reference engine and the fast path."""
from __future__ import annotations

import json

from ..content import load_game
from ..limits import MAX_GAMES
from .args import number, seed
from ..errors import UserError


REPORT_RUN = "runs/bench-report"
MAX_REFERENCE_GAMES = 1_000_000   # the reference engine plays some tens a second
REPORT_GAMES = 10_000_000


def add_parser(sub):
    p = sub.add_parser(
        "bench", help="games per second: reference engine vs fast path",
        description="Play the same 4-player workload (one bot preset at every seat, --bot, "
                    "default heuristic; random adventurers; both "
                    "board sides) with the reference engine and the fast path, and print games "
                    "per second for each, per core, and their ratio (fast per core over "
                    "reference).  The reference engine plays the same games (same seeds) on one "
                    "core with its plain-Python heuristic bot, which makes the fast path's "
                    "decisions.  Side by side: the run alternates stretches of fast-path games "
                    "and slices of reference games (--segments), so both are timed over the "
                    "same minutes of the machine.")
    p.add_argument("--games", type=number(int, 2, MAX_GAMES, what="--games"), default=None, metavar="N",
                   help="fast-path games (default 200000; a search bot such as rollout: 40, "
                        "the fast path alone; with --report: games of the run built, default "
                        "10000000)")
    p.add_argument("--reference-games", type=number(int, 2, MAX_REFERENCE_GAMES, what="--reference-games"), default=120, metavar="N",
                   help="reference-engine games (default 120)")
    # default: glowsim/bench.py SEGMENTS (not imported here: it would load the kernels at start-up)
    p.add_argument("--segments", type=number(int, 1, 1000, "--segments"), default=6, metavar="K",
                   help="alternating stretches of fast and reference games (default 6)")
    p.add_argument("--fork-games", type=number(int, 2, MAX_GAMES, what="--fork-games"), default=None, metavar="N",
                   help="games whose sampled recruit picks are forked, timed in the same segments "
                        "(default: one per 25 fast-path games)")
    p.add_argument("--workers", type=number(int, 1, 1024, "--workers"), default=None, help="fast-path game threads (default: all cores)")
    p.add_argument("--bot", default="heuristic", metavar="PRESET",
                   help="the bot preset at every seat (default heuristic; e.g. expert to see its "
                        "speed cost; rollout: games and continuations per second of the search "
                        "bot, fast path only; rollout:recruit+reroll+move: the search bot searching "
                        "those decisions)")
    p.add_argument("--seed", type=seed(), default=1, help="root seed (default 1)")
    p.add_argument("--dawn-games", type=number(int, 0, MAX_GAMES, what="--dawn-games"),
                   default=None, metavar="N",
                   help="Dawn games of 6 players with all three sets played in the same segments, "
                        "their rate next to the base game's (default one per 8 games; 0: none)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--report", nargs="?", const=REPORT_RUN, default=None, metavar="RUN_DIR",
                   help="instead: time `glowsim report` on RUN_DIR (default "
                        f"{REPORT_RUN}; built from scenarios/base-4p-province.yaml with "
                        "--games games, default 10000000, when not a complete run): wall "
                        "seconds and peak resident memory of the report process")
    p.add_argument("--compile", action="store_true",
                   help="instead: the cold compile of each compiled entry (the fast path's core, "
                        "its tables' passes, the report's card pass), each in a fresh process "
                        "with an empty numba cache: wall, CPU and LLVM seconds")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    if args.compile:
        if args.report is not None:
            raise UserError("--compile and --report: give one of them")
        return run_compile(args)
    if args.report is not None:
        return run_report(args)
    from ..fast import PRESETS
    from ..bench import cores_text, run_bench
    from ..spec.botparams import bot_preset, preset_name, searches
    if preset_name(args.bot) not in PRESETS:
        raise UserError(f"--bot {args.bot!r}: unknown bot preset; allowed: {', '.join(PRESETS)}")
    try:
        vec = bot_preset(args.bot)
    except UserError as e:
        raise UserError(f"--bot: {e}") from None
    if searches(vec):
        return run_search(args)
    r = run_bench(load_game(), games=args.games or 200_000, reference_games=args.reference_games,
                  seed=args.seed, workers=args.workers, preset=args.bot,
                  segments=args.segments, fork_games=args.fork_games,
                  dawn_games=args.dawn_games)
    if args.json:
        print(json.dumps(r, sort_keys=True))
        return 0
    print(f"workload: {r['workload']}")
    print(f"reference engine: {r['reference_games_per_s']:10.1f} games/s (1 core; {r['reference_method']})")
    print(f"fast path:        {r['fast_games_per_s']:10.1f} games/s on {cores_text(r['cores'])} "
          f"= {r['fast_games_per_s_per_core']:.1f} per core, {r['fast_games_per_min']:,.0f} games/min")
    lo, hi = r["ratio_ci95"]
    print(f"ratio (fast per core / reference): {r['ratio']:.0f}x "
          f"(per segment {r['ratio_min']:.0f}x to {r['ratio_max']:.0f}x; "
          f"95% interval of the segments' mean {lo:.0f}x to {hi:.0f}x)")
    sides = ", ".join(f"{side} {v['ratio']:.0f}x ({v['fast_games_per_s_per_core']:.0f} against "
                      f"{v['reference_games_per_s']:.1f} games/s)" for side, v in r["by_side"].items())
    print(f"by side (fast per core against reference): {sides}")
    if r.get("speed_vs_baseline"):
        print(f"{args.bot} against {r['baseline']} (the fast path, the same games in the same "
              f"segments): {r['fast_games_per_s']:.1f} against {r['baseline_fast_games_per_s']:.1f} "
              f"games/s = {r['speed_vs_baseline']:.0%}")
    print(f"forks: {r['fork_game_equivalents_per_s']:10.1f} game equivalents/s on {cores_text(r['cores'])} "
          f"({r['fork_continuations']:,} continuations of {r['fork_games']:,} games) = "
          f"{r['fork_ratio']:.0%} of the full-game rate")
    if r["dawn_games"]:
        print(f"Dawn: {r['dawn_games_per_s']:10.1f} games/s, {r['dawn_ratio']:.0%} of the 4-player "
              f"base game's rate ({r['dawn_workload']})")
    print(f"method: {r['method']}; forks: {r['fork_method']}")
    print(f"peak memory: {r['peak_rss_mib']:.0f} MiB")
    return 0


def run_search(args) -> int:
    """A search bot at every seat: the fast path's games and continuations per second."""
    from ..bench import SEARCH_GAMES, cores_text, run_search_bench
    r = run_search_bench(load_game(), games=args.games or SEARCH_GAMES, seed=args.seed,
                         workers=args.workers, preset=args.bot)
    if args.json:
        print(json.dumps(r, sort_keys=True))
        return 0
    print(f"workload: {r['workload']}")
    print(f"fast path: {r['fast_games_per_s']:.3f} games/s on {cores_text(r['cores'])} "
          f"= {r['fast_games_per_s_per_core']:.3f} per core ({r['games']} games in {r['seconds']:.1f} s)")
    print(f"continuations: {r['continuations_per_s']:,.0f}/s ({r['continuations']:,} in "
          f"{r['searches']:,} searches, {r['continuations_per_game']:,.0f} per game)")
    sides = ", ".join(f"{side} {v['games_per_s']:.3f} games/s, {v['continuations_per_s']:,.0f} "
                      f"continuations/s" for side, v in r["by_side"].items())
    print(f"by side: {sides}")
    print(f"method: {r['method']}")
    print(f"peak memory: {r['peak_rss_mib']:.0f} MiB")
    return 0


def run_compile(args) -> int:
    """The cold compile of each compiled entry (glowsim/bench.py run_compile_bench)."""
    from ..bench import run_compile_bench
    r = run_compile_bench()
    if args.json:
        print(json.dumps(r, sort_keys=True))
        return 0
    print(f"cold compile, {r['method']}:")
    for name, e in r["compile"].items():
        print(f"  {name:7s} {e['wall_s']:6.1f} s wall, {e['cpu_s']:6.1f} s CPU of which LLVM "
              f"{e['llvm_cpu_s']:5.1f} s (announced as about {e['estimate_s']:.0f} s): {e['what']}")
    if r["load_average"] is not None:
        print(f"load average {r['load_average']:.1f} on {r['available_cores']} cores")
    return 0


def run_report(args) -> int:
    from ..report.bench import bench_report
    r = bench_report(args.report, games=args.games or REPORT_GAMES)
    if args.json:
        print(json.dumps(r, sort_keys=True))
        return 0
    print(f"glowsim report on {r['run']} ({r['games']:,} games): {r['seconds']:.1f} s wall, "
          f"{r['cpu_seconds']:.1f} s CPU, peak resident memory {r['peak_rss_mib']:,.0f} MiB")
    print(f"goals: at most {r['goal_seconds']:.0f} s and {r['goal_peak_rss_mib']:,.0f} MiB: "
          + ("met" if r["meets_goals"] else "not met"))
    return 0
