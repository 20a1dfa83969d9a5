"""`glowsim tune SCENARIO.yaml`: improve a bot's parameter vector against the scenario's field and
write it as a preset file scenarios can load (glowsim/tune)."""
from __future__ import annotations

import shlex
import sys
from pathlib import Path

from .args import check_writable_file, number
from ..errors import UserError
from .compiled import prepare_fast


def add_parser(sub):
    p = sub.add_parser(
        "tune", help="tune a bot's parameters against a scenario's field, write a preset file",
        description="Improve the parameter vector of one seat's bot (the scenario's seat bot is "
                    "the start) by a search on common random numbers: each generation proposes "
                    "candidates around the current best, plays them on the same seeds against it "
                    "(successive halving), and accepts the survivor only when its gain on fresh "
                    "seeds has a 95% interval above 0. --seat I: the bot in seat I against the "
                    "scenario's other seats; --self-play: head-to-head against the current best "
                    "(each seed played with complementary seatings). The result is checked "
                    "against the start on seeds of another root seed and written as a preset "
                    "file (load it with `bot: {file: PRESET.yaml}`). Same seed, same preset, "
                    "whatever the number of workers.")
    p.add_argument("scenario", metavar="SCENARIO.yaml", help="the scenario file (scenarios/README.md)")
    p.add_argument("--out", metavar="PRESET.yaml",
                   help="the preset file to write (default: runs/<scenario name>-tuned.yaml)")
    p.add_argument("--budget", type=number(int, 2, 100_000, "--budget"), default=64, metavar="N",
                   help="candidate vectors proposed at most (default 64)")
    p.add_argument("--games", type=number(int, 2, 10_000_000, "--games"), default=1000,
                   metavar="G", help="seeds each candidate plays in the first halving round "
                                     "(default 1000; survivors play more)")
    p.add_argument("--per-generation", type=number(int, 2, 64, "--per-generation"), default=8,
                   metavar="L", help="candidates proposed together (even, default 8)")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--seat", type=number(int, 0, 3, "--seat"), default=0, metavar="I",
                     help="the tuned seat; the other seats are the field (default 0)")
    who.add_argument("--self-play", action="store_true",
                     help="tune head-to-head against the current best instead of the field")
    p.add_argument("--params", metavar="NAME,NAME",
                   help="tune only these parameters (default: all of " + ", ".join(_tuned()) + ")")
    p.add_argument("--start", metavar="PRESET|FILE.yaml",
                   help="start from this bot preset or preset file instead of the tuned seat's "
                        "bot (the other seats keep theirs)")
    p.add_argument("--variant", metavar="NAME", help="tune on this run of the scenario only "
                                                     "(default: every run, seeds split evenly)")
    p.add_argument("--seed", type=number(int, 0, 2**63 - 1, "--seed"), metavar="S",
                   help="root seed of the search (default: the scenario's seed)")
    p.add_argument("--check-games", type=number(int, 2, 100_000_000, "--check-games"), metavar="G",
                   help="seeds of the final check against the start (default 8 x --games)")
    p.add_argument("--check-seed", type=number(int, 0, 2**63 - 1, "--check-seed"), metavar="S",
                   help="root seed of the check (default: the search seed + 1)")
    p.add_argument("--workers", type=number(int, 1, 1024, "--workers"), default=1, metavar="K",
                   help="fast-path worker processes (default 1)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)
    return p


def _start(text: str):
    """The vector of --start: a preset name, or a preset file (name ending in .yaml / .yml)."""
    from ..fast import PRESETS, bot_preset
    from ..tune import read_preset
    if text.endswith((".yaml", ".yml")) or "/" in text:
        if not Path(text).is_file():
            raise UserError(f"--start {text}: file not found (give a preset name: "
                             f"{', '.join(PRESETS)}, or a preset file)")
        return read_preset(text)
    return bot_preset(text)


def _tuned():
    from ..tune.space import TUNED
    return TUNED


class _Progress:
    """A tqdm bar over the candidate budget, a line per accepted generation."""

    def __init__(self, budget: int, quiet: bool):
        from tqdm import tqdm
        self.bar = tqdm(total=budget, unit="cand", desc="tune", disable=quiet, file=sys.stderr,
                        dynamic_ncols=True)
        self.quiet = quiet
        self.done = 0

    def __call__(self, gen, res):
        n = len(gen.candidates)
        self.bar.update(n)
        self.done += n
        acc = len(res.accepted)
        self.bar.set_postfix_str(f"accepted {acc}, sigma {gen.sigma:.2f}, {res.games_played} games")
        if gen.accepted and not self.quiet:
            c = gen.confirm
            ch = ", ".join(f"{k} {a:g}->{b:g}" for k, (a, b) in gen.candidates[gen.survivor].items())
            self.bar.write(f"generation {gen.index}: accepted {ch} (gain {100 * c.estimate:+.1f} "
                           f"points, 95% {100 * c.low:+.1f}..{100 * c.high:+.1f})", file=sys.stderr)

    def tick(self, text: str):
        self.bar.set_postfix_str(text)

    def close(self):
        self.bar.close()


def run(args) -> int:
    from ..scenarios import load_scenario
    from ..tune import TuneOptions, summary_lines, tune, write_preset
    from ..tune.space import dims_of
    if args.per_generation % 2:
        raise UserError(f"--per-generation {args.per_generation}: candidates come in mirrored pairs; "
                         f"allowed: an even number")
    sc = load_scenario(args.scenario)
    out = Path(args.out) if args.out else Path("runs") / f"{sc.name}-tuned.yaml"
    check_writable_file("--out", str(out), "tuned.yaml", parents=True)   # before the search
    opts = TuneOptions(budget=args.budget, games=args.games, lam=args.per_generation,
                       seat=args.seat, self_play=args.self_play, variant=args.variant,
                       seed=args.seed, check_games=args.check_games, check_seed=args.check_seed,
                       workers=args.workers,
                       params=tuple(x.strip() for x in args.params.split(",") if x.strip())
                       if args.params else None)
    if args.start:
        opts.start, opts.start_name = _start(args.start), args.start
    dims_of(opts.params)           # a parameter that cannot be tuned is refused before the compile
    prepare_fast(not args.quiet)   # compiled before the bar: its rate counts candidates only
    prog = _Progress(args.budget, args.quiet)
    try:
        res = tune(sc, opts, prog, prog.tick)
    finally:
        prog.close()
    lines = summary_lines(res)
    cmd = "glowsim tune " + " ".join(shlex.quote(a) for a in sys.argv[2:]) \
        if len(sys.argv) > 1 and sys.argv[1] == "tune" else f"glowsim tune {args.scenario}"
    write_preset(out, res.best, res.preset, [cmd] + lines)
    for line in lines:
        print(line)
    print(f"wrote {out} ({res.seconds:.0f} s)")
    return 0
