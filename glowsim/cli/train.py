"""`glowsim train SCENARIO.yaml`: the learned policy (preset `master`) improved from forks,
generation by generation (glowsim/train, docs/bots.md)."""
from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

from .args import number
from .compiled import prepare_fast


def add_parser(sub):
    p = sub.add_parser(
        "train", help="train the learned bot policy from forks, a preset file per generation",
        description="Approximate policy iteration for the learned policy (docs/bots.md): each "
                    "generation forks the recruit picks, sampled rerolls and sampled Archipelago moves "
                    "of fresh games played "
                    "by the current policy at every seat of the scenario's tables, fits the "
                    "weights that prefer the alternatives whose continuations win more, and "
                    "keeps the candidate only when it beats the current policy head to head "
                    "(complementary seatings, games of seed + 1) with a 95%% interval above 50%%. "
                    "A scenario of Dawn games trains the recruit picks of Dawn games alone "
                    "(every pick forked; the base game's weights stay the start's). "
                    "Every generation is saved in OUT/gen-<g>/ (candidate.yaml, a preset file "
                    "scenarios load with `bot: {file: ...}`, and generation.json): the same "
                    "command resumes a stopped training to the same result, on any number of "
                    "workers. Writes OUT/report.md (each generation's strength against the "
                    "previous policy and against expert, with intervals, its data and CPU time) "
                    "and OUT/master.yaml (the best policy's model file, the format of "
                    "glowsim/data/master.yaml).")
    p.add_argument("scenario", metavar="SCENARIO.yaml",
                   help="the training tables (seat 0's bot is the start; scenarios/train-master.yaml)")
    p.add_argument("--generations", type=number(int, 1, 1000, "--generations"), default=4, metavar="N",
                   help="generations to play (default 4; more extends a finished training)")
    p.add_argument("--games", type=number(int, 2, 10_000_000, "--games"), default=4000, metavar="G",
                   help="games forked a generation, split over the scenario's runs (default 4000)")
    p.add_argument("--reroll-sample", type=number(float, 1e-6, 1.0, "--reroll-sample"), default=0.02,
                   metavar="Q", help="share of the late mornings whose first reroll decision is "
                                     "forked (default 0.02)")
    p.add_argument("--move-sample", type=number(float, 1e-6, 1.0, "--move-sample"), default=0.25,
                   metavar="Q", help="share of the Archipelago's afternoon moves forked (default "
                                     "0.25)")
    p.add_argument("--check-games", type=number(int, 2, 100_000_000, "--check-games"), default=10000,
                   metavar="P", help="game pairs of each head-to-head check (default 10000)")
    p.add_argument("--seed", type=number(int, 0, 2**62, "--seed"), metavar="S",
                   help="root seed of the forks (default: the scenario's; checks play seed + 1)")
    p.add_argument("--variant", metavar="NAME", help="train on this run of the scenario only")
    p.add_argument("--out", metavar="DIR", help="the training folder (default runs/<scenario name>)")
    p.add_argument("--workers", type=number(int, 1, 1024, "--workers"), default=1, metavar="K",
                   help="game threads (default 1); the result is the same for any K")
    p.add_argument("--fresh", action="store_true", help="start again in a folder holding another training")
    p.add_argument("--quiet", action="store_true", help="no progress lines")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    from ..scenarios import load_scenario
    from ..train import TrainOptions, train, write_outputs
    sc = load_scenario(args.scenario)
    out = Path(args.out) if args.out else Path("runs") / sc.name
    opts = TrainOptions(generations=args.generations, games=args.games,
                        reroll_sample=args.reroll_sample, move_sample=args.move_sample,
                        check_games=args.check_games,
                        seed=args.seed, workers=args.workers, variant=args.variant)
    prepare_fast(not args.quiet)   # the core (games, forks, feature capture), before the progress
    t0 = time.perf_counter()

    def progress(text: str):
        if not args.quiet:
            print(f"[{time.perf_counter() - t0:7.0f} s] {text}", file=sys.stderr, flush=True)

    res = train(sc, opts, out, fresh=args.fresh, progress=progress)
    cmd = "glowsim train " + " ".join(shlex.quote(a) for a in sys.argv[2:]) \
        if len(sys.argv) > 1 and sys.argv[1] == "train" else f"glowsim train {args.scenario}"
    report, model = write_outputs(res, out, cmd)
    for g in res.generations:
        e, lo, hi, _ = g.vs_previous
        x, xlo, xhi, _ = g.vs_expert
        print(f"generation {g.number}: {'kept' if g.accepted else 'not kept'}; against the previous "
              f"{100 * e:.1f}% ({100 * lo:.1f} to {100 * hi:.1f}), against expert {100 * x:.1f}% "
              f"({100 * xlo:.1f} to {100 * xhi:.1f}); {g.cpu_seconds:.0f} s CPU")
    print(f"wrote {report} and {model}")
    return 0
