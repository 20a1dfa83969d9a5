"""Policy improvement from forks, generation by generation (docs/bots.md, *How it is trained*).

    >>> from glowsim.scenarios import load_scenario
    >>> from glowsim.train import TrainOptions, train
    >>> res = train(load_scenario("scenarios/train-master.yaml"), TrainOptions(generations=2),
    ...             out="runs/train-master")
    >>> res.best          # the strongest vector accepted (the start when none was)

A generation, with the current policy at every seat of the scenario's tables:

1. **forks**: games of fresh seeds are forked at their recruit picks (every pick) and at the
   first reroll decision of sampled late mornings (glowsim/train/data.py), each alternative's
   features captured;
2. **fit**: for each decision, the weights of a regression, within each forked decision, of
   the win share of each alternative's continuation on its features (glowsim/train/fit.py),
   on the sums of every generation played by the current policy;
3. **check**: the candidates (the current vector with the learned policy on and all the
   fitted weights; with each decision's fitted weights alone) play head to head against the
   current policy on games of another root seed (complementary seatings,
   glowsim/tune/evaluate.py, the same games for each), the best of them against `expert`;
4. **keep** the best candidate when its head-to-head win rate against the current policy
   has a 95% interval above 50%; else the current policy stays and its next generation adds
   data.

A scenario of Dawn games (docs/rules.md D1-D18) trains the recruit picks of Dawn games alone
(decision "dawn", `learned` bit 8, weights ``ld_*``): every recruit pick forked, its features
those of glowsim/fast/bots/dawnlearned.py; the base game's weights are the start's.

Each generation's seeds are fixed by the root seed and its number (data: games ``g x games
..`` of the seed, checks: of seed + 1), so the result is the same on any number of workers;
each generation is saved (``gen-<g>/``) before the next starts, so a stopped training resumes
to the same result.
"""
from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

import numpy as np

from ..spec.botparams import (BP_LD, BP_LEARNED, BP_LM, BP_LQ, BP_LR, LEARNED_BITS, NLD, NLM,
                               NLQ, NLR, PARAM_NAMES, bot_preset)
from ..errors import UserError, disk_error
from ..scenarios import Scenario
from ..tune.tuner import pick_runs, start_vector
from ..tune.evaluate import head_to_head, table_of
from ..tune.io import write_preset
from .data import DECISIONS, SIDES, collect, concat
from .fit import Stats, solve, stats_of

WEIGHTS = {"recruit": (BP_LR, NLR), "reroll": (BP_LQ, NLQ), "move": (BP_LM, NLM),
           "dawn": (BP_LD, NLD)}
# the signs the fit keeps (+1: at least 0, -1: at most 0): a reroll's gain counts for it, its
# costs against it, and neither a pair nor a set face is worth anything by itself (the rerolls
# of one late morning are asked again and again: a free bonus would be taken every time)
SIGNS = {"recruit": None, "move": None, "dawn": None,
         "reroll": {"gain": 1, "lumipili": -1, "tokens": -1, "steps": -1, "points": -1,
                    "pair": -1, "set": -1}}
VERSION = 1


def signs_of(name: str):
    """The sign vector of a decision's features (glowsim/train/fit.py solve), None: free."""
    want = SIGNS[name]
    if not want:
        return None
    return np.array([want.get(n.split("_", 1)[1], 0) for n in weight_names(name)])


@dataclass
class TrainOptions:
    generations: int = 4
    games: int = 4000                  # games forked per generation (split over the tables)
    reroll_sample: float = 0.02        # share of late mornings whose first reroll is forked
    move_sample: float = 0.25          # share of the Archipelago's afternoon moves forked
    check_games: int = 10000           # game pairs of each head-to-head check
    seed: int | None = None            # default: the scenario's seed
    workers: int | None = 1            # game threads
    variant: str | None = None         # one run of the scenario (default: all of them)
    decisions: tuple = ("recruit", "reroll", "move")

    def key(self, scenario: str, start: np.ndarray) -> str:
        """What decides the result: a resumed training must have the same key."""
        d = asdict(self)
        d.pop("generations")
        d.pop("workers")
        d["decisions"] = list(self.decisions)
        d["scenario"] = scenario
        d["start"] = [float(x) for x in start]
        return hashlib.sha256(json.dumps(d, sort_keys=True).encode()).hexdigest()[:16]


@dataclass
class Generation:
    number: int
    candidate: list               # the candidate vector kept, else the best one tried
    accepted: bool
    current: list                 # the policy after this generation
    fits: dict                    # decision -> {weights, se, r2, rows, groups}
    stats: dict                   # decision -> Stats.to_json() of the current policy's data
    data: dict                    # decision -> {forked decisions, rows, continuations, game equivalents}
    vs_previous: list             # head-to-head win rate of the candidate: [estimate, low, high, pairs]
    vs_expert: list               # the same against `expert`
    games: int                    # games played (straight plays, forks counted as game equivalents)
    cpu_seconds: float
    wall_seconds: float
    tried: dict = field(default_factory=dict)   # candidate name -> its vs_previous
    kept: str = ""                # the name of the candidate kept ("" when none was)

    def to_json(self) -> dict:
        return asdict(self)


@dataclass
class Trained:
    scenario: str
    runs: list
    start: np.ndarray
    best: np.ndarray
    generations: list = field(default_factory=list)
    options: TrainOptions = field(default_factory=TrainOptions)
    seed: int = 0


def candidates_of(current: np.ndarray, fits: dict) -> dict:
    """The candidates of a generation: every fitted decision's new weights together ("all"),
    and each decision's alone ("<decision>") when more than one was fitted."""
    out = {"all": candidate_of(current, fits)}
    if len(fits) > 1:
        for name in fits:
            out[name] = candidate_of(current, {name: fits[name]})
    return out


def candidate_of(current: np.ndarray, fits: dict) -> np.ndarray:
    """The current vector with the learned policy on for the fitted decisions and their
    weights."""
    v = np.array(current, np.float64)
    bits = int(v[BP_LEARNED])
    for name, fit in fits.items():
        base, n = WEIGHTS[name]
        v[base:base + n] = fit.weights
        bits |= LEARNED_BITS[name]
    v[BP_LEARNED] = float(bits)
    return v


def _interval(iv) -> list:
    return [float(iv.estimate), float(iv.low), float(iv.high), int(iv.n)]


class Checkpoint:
    """``OUT/train.json`` (the options' key) and ``OUT/gen-<g>/generation.json``."""

    def __init__(self, out, key: str, fresh: bool):
        self.out = Path(out)
        self.key = key
        head = self.out / "train.json"
        if head.is_file() and not fresh:
            try:
                old = json.loads(head.read_text()).get("key")
            except (OSError, ValueError):
                old = None
            if old != key:
                raise UserError(f"{self.out}: holds another training (other scenario, options or "
                                 f"start); give another --out or --fresh to start again")
        try:
            self.out.mkdir(parents=True, exist_ok=True)
            if fresh:
                for p in sorted(self.out.glob("gen-*/generation.json")):
                    p.unlink()
            _write(head, json.dumps({"key": key, "version": VERSION}) + "\n")
        except OSError as e:
            raise disk_error(self.out, e) from None

    def load(self, g: int) -> Generation | None:
        p = self.out / f"gen-{g:03d}" / "generation.json"
        if not p.is_file():
            return None
        d = json.loads(p.read_text())
        return Generation(**d)

    def save(self, gen: Generation, preset_comments: list) -> None:
        d = self.out / f"gen-{gen.number:03d}"
        try:
            d.mkdir(parents=True, exist_ok=True)
            write_preset(d / "candidate.yaml", np.array(gen.candidate), "expert", preset_comments)
            _write(d / "generation.json", json.dumps(gen.to_json()) + "\n")
        except OSError as e:
            raise disk_error(d, e) from None


def _write(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text)
    os.replace(tmp, path)


def train(sc: Scenario, opts: TrainOptions, out, fresh: bool = False, progress=None,
          start: np.ndarray | None = None) -> Trained:
    """Train the learned policy from the scenario's seat-0 bot (or `start`); see the module
    docstring.  ``progress(text)`` is called at each step."""
    say = progress or (lambda text: None)
    runs = pick_runs(sc, opts.variant)
    _, v0 = start_vector(sc, runs, 0)
    if start is not None:
        v0 = np.asarray(start, np.float64)
    tables = [table_of(r) for r in runs]
    for t in tables:
        if t.players < 2:
            raise UserError(f"run {t.name!r}: the learned policy is trained on games of 2 players "
                            f"or more")
    dawn = [t.dawn_sets is not None for t in tables]
    if any(dawn) and not all(dawn):
        raise UserError(f"run {tables[dawn.index(False)].name!r}: dawn: a training's runs are all "
                        f"Dawn games (their recruit picks are trained) or none")
    if all(dawn):   # a Dawn game's recruit picks have their own features; nothing else is fitted
        opts = replace(opts, decisions=("dawn",))
    bad = [d for d in opts.decisions if d not in DECISIONS or d == "dawn"] if not all(dawn) else []
    if bad or not opts.decisions:
        allowed = ", ".join(d for d in DECISIONS if d != "dawn")
        raise UserError(f"decisions: {bad or list(opts.decisions)}; allowed: {allowed} (the "
                        f"recruit picks of Dawn games are trained on a Dawn scenario)")
    seed = runs[0].seed if opts.seed is None else int(opts.seed)
    ck = Checkpoint(out, opts.key(sc.name, v0), fresh)
    expert = bot_preset("expert")
    current = v0.copy()
    pooled = {d: Stats(DECISIONS[d][2]) for d in opts.decisions}
    res = Trained(sc.name, [r.name for r in runs], v0, v0.copy(), [], opts, seed)
    per_table = max(1, opts.games // len(tables))
    for g in range(opts.generations):
        done = ck.load(g)
        if done is None:
            say(f"generation {g + 1}/{opts.generations}")
            done = generation(g, tables, current, pooled, opts, seed, per_table, expert, say)
            ck.save(done, [f"generation {g} of glowsim train {sc.name} (seed {seed}): "
                           f"{'kept' if done.accepted else 'not kept'}"])
        res.generations.append(done)
        if done.accepted:
            current = np.array(done.current)
            pooled = {d: Stats(DECISIONS[d][2]) for d in opts.decisions}
        else:
            pooled = {d: Stats.from_json(done.stats[d]) if d in done.stats else Stats(DECISIONS[d][2])
                      for d in opts.decisions}
        res.best = current.copy()
    return res


def generation(g: int, tables, current, pooled: dict, opts: TrainOptions, seed: int,
               per_table: int, expert, say) -> Generation:
    """One generation (module docstring): data, fit, checks."""
    c0, w0 = time.process_time(), time.perf_counter()
    fits, stats, data = {}, {}, {}
    eq = 0.0
    for name in opts.decisions:
        sample = {"recruit": 1.0, "reroll": opts.reroll_sample, "move": opts.move_sample,
                  "dawn": 1.0}[name]
        batches = []
        for i, t in enumerate(tables):
            if name in SIDES and t.side not in SIDES[name]:
                continue
            say(f"  forks of {name} decisions, {t.name}: {per_table} games")
            batches.append(collect(t, current, name, seed, g * per_table, per_table, sample,
                                   threads=opts.workers, offset=i << 40))
        b = concat(batches, DECISIONS[name][2])
        if len(b.y) == 0 and pooled[name].rows == 0:
            continue   # no table plays this decision (the moves: no Archipelago table)
        st = pooled[name] + stats_of(b)
        fit = solve(st, signs=signs_of(name))
        fits[name] = fit
        stats[name] = st.to_json()
        eq += b.game_equivalents
        data[name] = {"decisions": int(len(np.unique(b.group))) if len(b.y) else 0, "rows": int(len(b.y)),
                      "continuations": int(b.continuations), "game_equivalents": float(b.game_equivalents)}
    cseed = seed + 1
    tried, best, best_iv, best_name = {}, None, None, ""
    for cname, cand in candidates_of(current, fits).items():
        if np.array_equal(cand, current):
            continue
        say(f"  head to head of candidate {cname!r} against the current policy: "
            f"{opts.check_games} game pairs")
        iv = head_to_head(tables, cand, current, cseed, opts.check_games,
                          start=2 * g * opts.check_games, workers=opts.workers)
        tried[cname] = _interval(iv)
        if best is None or iv.estimate > best_iv.estimate:
            best, best_iv, best_name = cand, iv, cname
    if best is None:   # the fit gave back the current weights
        best = current
        best_iv = head_to_head(tables, best, current, cseed, 2, start=2 * g * opts.check_games,
                               workers=opts.workers)
    cand, prev = best, best_iv
    say(f"  head to head against expert: {opts.check_games} game pairs")
    vs_exp = head_to_head(tables, cand, expert, cseed, opts.check_games,
                          start=(2 * g + 1) * opts.check_games, workers=opts.workers)
    accepted = bool(prev.low > 0.5)
    games = (len(tables) * per_table * 2 * len(opts.decisions)
             + 2 * opts.check_games * (len(tried) + 1))
    return Generation(
        g, [float(x) for x in cand], accepted, [float(x) for x in (cand if accepted else current)],
        {n: {"weights": f.weights.tolist(), "se": f.se.tolist(), "r2": f.r2, "rows": f.rows,
             "groups": f.groups} for n, f in fits.items()},
        stats, data, _interval(prev), _interval(vs_exp), int(games + eq),
        time.process_time() - c0, time.perf_counter() - w0, tried, best_name if accepted else "")


def weight_names(name: str) -> list:
    base, n = WEIGHTS[name]
    return list(PARAM_NAMES[base:base + n])
