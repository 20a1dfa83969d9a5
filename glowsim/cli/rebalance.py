"""`glowsim rebalance SCENARIO.yaml`: search small edits of printed numbers that bring every card
within a tolerance of the field; write the patch and the report (glowsim/rebalance)."""
from __future__ import annotations

from pathlib import Path

from .args import add_search_run_options, number
from ..errors import UserError


def add_parser(sub):
    p = sub.add_parser(
        "rebalance", help="search small edits of printed numbers that bring every card into line",
        description="Starting from a scenario's content, search edits of printed bursts and effect "
                    "amounts so that every companion's improvement when recruited and every "
                    "adventurer's win rate lie within ±T points of the field average, editing as "
                    "few cards and as little as it can. Each candidate is played on the same games "
                    "as the current content and kept only when its gain is above the noise. Writes "
                    "OUT/patch.yaml (a content patch: load it in a scenario variant with "
                    "content_files), "
                    "OUT/report.html and OUT/summary.md (each edit with before/after metrics, 95% "
                    "intervals and a verification on fresh seeds), figures, tables and "
                    "rebalance.json. The search saves a checkpoint in OUT after every round: "
                    "the same command started again resumes it.")
    p.add_argument("scenario", metavar="SCENARIO.yaml", help="the scenario file (scenarios/README.md)")
    p.add_argument("--tolerance", type=number(float, 0.1, 25, "--tolerance"), default=2.0,
                   metavar="T", help="allowed deviation from the field average, in percentage "
                                     "points of win share (default 2)")
    p.add_argument("--budget", type=number(int, 1, 10_000, "--budget"), default=40, metavar="N",
                   help="candidate contents played at most (default 40)")
    p.add_argument("--games", type=number(int, 100, 100_000_000, "--games"), metavar="G",
                   help="games per play (default: the scenario's `games`)")
    p.add_argument("--per-round", type=number(int, 1, 100, "--per-round"), default=4, metavar="K",
                   help="edits of independent cards tried together at most (default 4; 1 = one "
                        "card at a time)")
    p.add_argument("--max-change", type=number(int, 1, 50, "--max-change"), default=3,
                   metavar="N", help="a number may move at most max(N, |its printed value|) from "
                                     "its printed value (default 3)")
    p.add_argument("--verify-games", type=number(int, 100, 100_000_000, "--verify-games"),
                   metavar="G", help="fresh games of the verification (default: --games)")
    p.add_argument("--verify-seed", type=number(int, 0, 2**63 - 1, "--verify-seed"), metavar="S",
                   help="root seed of the verification (default: the scenario's seed + 1)")
    add_search_run_options(
        p, "rebalance", "runs/<scenario name>-rebalance",
        "delete the checkpoint in --out and start the search over (without it, the same "
        "command resumes an interrupted search, and another search's checkpoint is refused)")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    from ..rebalance import RebalanceOptions, pick_run, rebalance, write_outputs
    from ..rebalance.checkpoint import Checkpoint, identity
    from ..scenarios import load_scenario
    sc = load_scenario(args.scenario)
    r = pick_run(sc, args.variant, games=args.games)
    out = Path(args.out) if args.out else Path("runs") / f"{sc.name}-rebalance"
    seed = r.seed
    if args.verify_seed is not None and args.verify_seed == seed:
        raise UserError(f"--verify-seed {seed} is the search seed; the verification needs fresh "
                         f"games: choose another seed")
    opts = RebalanceOptions(tolerance=args.tolerance / 100, budget=args.budget, games=r.games,
                            seed=seed, per_round=args.per_round, max_change=args.max_change,
                            workers=args.workers,
                            progress=not args.quiet, verify_games=args.verify_games,
                            verify_seed=args.verify_seed)
    ckpt = Checkpoint(out, identity(r, opts), opts.budget, fresh=args.fresh)
    with ckpt.open():
        res = rebalance(r, opts, name=sc.name + (f" ({r.name})" if args.variant else ""),
                        checkpoint=ckpt)
        files = write_outputs(res, out)
    sr = res.search
    print(f"{out}: {len(sr.edits)} edit(s) on "
          f"{len({e.card for e in sr.edits})} card(s) after {sr.evaluations} candidate play(s) "
          f"({sr.plays + 2} plays of {r.games} games in {res.seconds:.0f} s); stopped: {sr.stop_reason}")
    for e in sr.edits:
        print(f"  {e.label()}")
    for k, why in sr.not_fixed.items():
        print(f"  not fixed, {sr.not_fixed_category.get(k, '')}: {k.id} ({why})")
    print(f"wrote {files['patch']}")
    print(f"wrote {files['report']}")
    print(f"wrote {files['summary']}")
    return 0
