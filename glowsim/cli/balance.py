"""`glowsim balance SCENARIO.yaml --card ID`: the printed number that brings one companion's pick
value within ±T, at one or several player counts; writes the patch and a short report
(glowsim/rebalance/balance.py, balancecounts.py)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .args import add_search_run_options, number
from ..errors import UserError


def players_arg(text: str):
    from ..rebalance.balancecounts import parse_players
    try:
        return parse_players(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def add_parser(sub):
    p = sub.add_parser(
        "balance", help="find the printed number that brings one companion's pick value within ±T",
        description="Plays the scenario's run with the card's number at whole values, forking "
                    "sampled recruit picks (scenario field counterfactual) to measure the card's "
                    "pick value (its win share when taken minus the other cards offered, on the "
                    "same games), and searches (bracket, then bisect on the sign of the pick "
                    "value) for the value that brings it within ±T points, at each player count "
                    "asked, and the one value within at all of them. Every value plays the "
                    "same seeded games. Writes OUT/patch.yaml (a content patch, as `glowsim "
                    "rebalance` writes), OUT/balance.md (values tried, pick values with 95% "
                    "intervals, the chosen value, the verdict, the crossing of 0, every column "
                    "explained) and OUT/balance.csv; the runs of the values tried stay in "
                    "OUT/plays (the same command resumes them).")
    p.add_argument("scenario", metavar="SCENARIO.yaml", help="the scenario file (scenarios/README.md)")
    p.add_argument("--card", required=True, metavar="ID",
                   help="the companion to balance, e.g. A11, or a new card the scenario adds")
    p.add_argument("--field", metavar="FIELD",
                   help="the number to change: bursts (printed, the default) or an effect amount "
                        "the card prints: effect.bursts, effect.footprints, effect.fireflies, "
                        "effect.rerolls")
    p.add_argument("--players", type=players_arg, metavar="N,..|all",
                   help="the player counts to balance at, e.g. 3,4 (default: all the scenario's, "
                        "from its players or a players sweep)")
    p.add_argument("--threshold", type=number(float, 0.1, 25, "--threshold"), default=2.0,
                   metavar="T", help="band of the pick value, in percentage points of win share "
                                     "(default 2)")
    p.add_argument("--games", type=number(int, 100, 100_000_000, "--games"), metavar="G",
                   help="games per value tried (default: the scenario's `games`)")
    p.add_argument("--sample", type=number(float, 0, 1, "--sample", open_low=True), metavar="S",
                   help="share of recruit picks forked (default: the scenario's counterfactual "
                        "sample, else 1: every pick, the efficient setting, docs/performance.md)")
    p.add_argument("--budget", type=number(int, 1, 50, "--budget"), default=8, metavar="N",
                   help="values played at most per player count (default 8)")
    p.add_argument("--max-change", type=number(int, 1, 50, "--max-change"), default=6,
                   metavar="N", help="the number moves at most max(N, |its value|) from the "
                                     "scenario's value (default 6)")
    add_search_run_options(
        p, "balance", "runs/<scenario name>-balance-<card>",
        "play the values again from scratch (without it, the runs of the values already in "
        "OUT/plays are resumed; a run of other settings there is refused)")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    from ..rebalance.balancecounts import balance_targets, common_line, common_value, write_counts
    from ..rebalance.balance import (DEFAULT_SAMPLE, balance_card, crossing_line,
                                         runner_evaluator, verdict_line, write_balance)
    from ..scenarios import load_scenario
    sc = load_scenario(args.scenario)
    key, fld, targets = balance_targets(sc, args.card, args.field, args.variant, args.players,
                                        games=args.games)
    if any(t.run.engine != "fast" for t in targets):
        raise UserError(f"{args.scenario}: engine: pick values are measured by forking picks, "
                        f"which the fast engine does; allowed here: fast")
    out = Path(args.out) if args.out else Path("runs") / f"{sc.name}-balance-{key.id}"
    cf = sc.raw.get("counterfactual") if isinstance(sc.raw.get("counterfactual"), dict) else {}
    sample = args.sample if args.sample is not None else cf.get("sample")
    share = sample if sample is not None else DEFAULT_SAMPLE
    sample_note = ("every recruit pick forked" if share >= 1 else
                   f"{share:.0%} of the recruit picks forked")
    several = len(targets) > 1
    games = targets[0].run.games
    results, evaluators = {}, {}
    for t in targets:
        where = f" at {t.players} players" if several else ""
        print(f"balancing {key.id} {fld} (now {t.original}) on its pick value{where}, "
              f"±{args.threshold:g} points, {games:,} games per value:", flush=True)
        evaluate = runner_evaluator(sc, t.run, key, fld, out, args.threshold, args.sample,
                                    args.workers, progress=not args.quiet, fresh=args.fresh,
                                    say=lambda line: print(line, flush=True),
                                    plays=out / "plays" / f"{t.players}p" if several else None)
        res = balance_card(evaluate, key, fld, t.original, args.threshold, args.budget,
                           args.max_change)
        results[t.players], evaluators[t.players] = res, evaluate
        print(verdict_line(res))
        print(crossing_line(res))
    name = sc.name + (f" ({args.variant})" if args.variant else "")
    if several:
        common, why = common_value(results, evaluators)
        files = write_counts(results, common, why, out, name, games, sample_note)
        print(common_line(results, common, why))
    else:
        files = write_balance(results[targets[0].players], out, name, games, sample_note)
    for k in ("patch", "report", "table"):
        print(f"wrote {files[k]}")
    sys.stdout.flush()
    return 0
