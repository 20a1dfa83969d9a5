"""The search for small edits that bring every card within +-T of its field.

Greedy, worst card first, on common random numbers:

1. Play the current content on games 0..G-1 of the search seed; every card gets
   its deviation from the field with a 95% interval (metrics.py).  A card is a
   *target* when its deviation lies beyond +-T with 95% confidence for all cards
   at once (Bonferroni over the cards judged: balanced cards are not chased
   because one of fifty intervals missed).  A card the search has already
   edited is a target when out for the edited cards at once (Bonferroni over
   those few): its edit is refined without adding an edited card.
2. A round proposes edits (edits.py: printed bursts and effect amounts, each
   within max(3, |printed value|) of its printed value).  The first is for the
   target with the largest deviation.  Its field and step come from re-scoring
   the played games (predict.py), scaled by the ratio of measured to predicted
   change of earlier tries of that number (of all numbers tried, the median,
   for a number not tried yet), or from the secant through the card's measured
   points once it has two.  Preference: a step of at most 3 predicted to land
   within T/2; else a first unit step on a number that cannot be re-scored
   (effect footprints, fireflies, rerolls); else a larger predicted step; else
   the step predicted to come closest.
   Re-scoring also predicts how fixing that card would move every other card (a
   card that only looks weak because the broken card beats its recruiters comes
   back by itself), so further proposals of the round (at most ``per_round``)
   go only to cards still predicted out of tolerance after the edits already
   proposed and predicted to move by less than a quarter of their deviation if
   those cards were fixed (cards that depend on an edit wait until it is played).
3. The candidate (current content + the round's edits) is played on the same
   games (a content already played is never played again: its result is
   reused).  An edit is accepted only when its card's gain (the drop of its
   |deviation|) has a paired 95% interval above 0, and no card that was not
   edited and lay within +-T is pushed out (now significantly beyond +-T and
   significantly further from the field, paired).  A card edited by an earlier
   round may be pushed out when the field's total excess over +-T drops (it was
   brought in line against the card fixed now): it becomes a target again, so
   earlier edits are re-checked.  When only some edits of a
   round pass, those are played again alone and kept only if they still pass;
   a push-out by edits that all passed halves the round size (a single edit
   that pushes another card out is rejected); a fully accepted round doubles it
   again, up to ``per_round``.
4. Accepted: the candidate becomes the current content (its games are the new
   baseline).  A rejected step bounds the next step of that number from the
   same baseline (larger if it did not move the card enough, smaller if it went
   past the field); a number rejected ``max_failures`` times, or one that moved
   its card significantly *away* from the field (the bots react to it), is not
   tried again; a card with no number left is reported as not fixed, with why
   (:meth:`_Search.explain`: out of budget, within noise, its edits push
   balanced cards out, or no editable number moves it enough).
5. Once no target is left, earlier edits are re-checked: an edit predicted to
   be smaller or unneeded now (its card within +-T, or no further from the
   field, at a value closer to the printed one) is played, full undos first,
   and kept when its card ends so, not significantly out, and no card is newly
   out.  The search stops when no target and no smaller edit is left, no edit
   is left to try, or ``budget`` candidate plays are spent.

With a checkpoint (checkpoint.py) the state is saved after every evaluated round
and every played block, and a search started again resumes from it.
"""
from __future__ import annotations

import json
import sys
import time
from collections import Counter, OrderedDict
from dataclasses import dataclass, field

import numpy as np
from scipy.special import ndtri
from tqdm import tqdm

from ..scenarios.expand import ResolvedRun
from .edits import (MAX_CHANGE, FIELDS, CardKey, Edit, allowed_values, edits_patch,
                    editable_fields, field_value, value_range)
from .evaluate import Games, content_for, play_games
from .metrics import (MIN_GAMES, STATUS_ABOVE, STATUS_BELOW, STATUS_UNCLEAR, STATUS_WITHIN,
                      CardStats, card_stats, paired, t95)
from .predict import Predictor
from ..errors import UserError

OUT = (STATUS_ABOVE, STATUS_BELOW)
SMALL_STEP = 3       # steps up to this size are preferred to probing another number
MIN_SLOPE = 0.002    # smallest deviation change per unit assumed by the secant (0.2 points)
MEMO = 12            # played contents kept (a content is never played twice)
INTERACTION = 0.25   # largest predicted move of a card by the round's other edits, as a share
SMALLER_SLACK = 0.25  # a smaller edit is tried when predicted in line up to this share of its 95% half-width
# a played proposal's verdict: kept; gain within noise; moved away from the field (the bots react);
# no closer (went past the field); too few recruits after; pushed a balanced card out; rejected
# with its round (tried again in a smaller round); no budget left to confirm it
# smaller: an earlier edit made smaller or undone; kept: that was tried and the edit is needed
CAUSES = ("accepted", "noise", "away", "no_gain", "few", "pushes", "round", "budget", "smaller",
          "kept")
# why a card still out of tolerance was not fixed (SearchResult.not_fixed_category)
WHY_BUDGET, WHY_NOISE, WHY_PUSHES, WHY_FIELDS = (
    "out of budget", "within noise", "its edits push balanced cards out",
    "no editable number moves it enough")


@dataclass
class SearchOptions:
    tolerance: float = 0.02       # T, as a win-share fraction (0.02 = 2 percentage points)
    budget: int = 40              # candidate contents played at most
    games: int = 5000             # games per play (same games 0..games-1 every time)
    seed: int = 0
    per_round: int = 4            # edits proposed together at most
    max_change: int = MAX_CHANGE  # a number moves at most max(this, |printed|) (edits.py)
    max_failures: int = 2         # rejections before a card's field is given up
    workers: int | None = None    # numba threads (fast engine)
    progress: bool = True


@dataclass
class Proposal:
    card: CardKey
    field: str
    old: int                      # current value (before this round)
    new: int
    dev_before: float             # measured deviation before (current content)
    predicted: float              # predicted deviation after (nan: a probe step)
    ratio: float = 1.0            # measured / re-scored change assumed by the prediction
                                  # (0: predicted by the secant, or not predicted)


@dataclass
class SearchResult:
    edits: list                   # Edit, relative to the scenario's content
    start: CardStats              # the scenario's content on the search games
    final: CardStats              # the edited content on the same games
    log: list                     # one dict per proposal played
    trace: list                   # one dict per content accepted (round 0: the start)
    evaluations: int              # candidate plays spent (budget units)
    plays: int                    # every play of `games` games, the first baseline included
    stop_reason: str
    not_fixed: dict               # CardKey -> why no edit was kept
    seconds: float
    options: SearchOptions = field(repr=False, default=None)
    not_fixed_category: dict = field(default_factory=dict)   # CardKey -> WHY_* (not_fixed: details)


def _fmt_pts(x: float) -> str:
    return f"{100 * x:+.1f}"


class _Search:
    def __init__(self, run: ResolvedRun, opts: SearchOptions, checkpoint=None):
        self.run, self.o = run, opts
        self.ckpt = checkpoint                     # checkpoint.Checkpoint or None
        self.budget_bound = False                  # a round was cut short by the budget
        self.rnd = 0
        self.seconds = 0.0                         # spent before this process (resumed)
        self.base = content_for(run, None).content
        self.values: dict = {}                     # (CardKey, field) -> value now
        self.ratio: dict = {}                      # (CardKey, field) -> measured / predicted change
        self.ratios_seen: list = []                # every such ratio measured (for untried cards)
        self.history: dict = {}                    # (CardKey, field) -> [(value, measured dev)]
        self.failures: Counter = Counter()
        self.frozen: dict = {}                     # CardKey -> reason
        self.log: list = []
        self.trace: list = []
        self.evals = 0
        self.plays = 0
        self.per_round = max(1, opts.per_round)
        self.limits: dict = {}                     # (CardKey, field) -> (|step| above, below) after
                                                   # rejections from this baseline
        self.memo: OrderedDict = OrderedDict()     # played contents -> (Games, CardStats)
        self.stuck: set = set()                    # cards with no step left from this baseline
        self.smaller_tried: set = set()            # (card, field, value) smaller edits rejected
        self.bar = None

    # --- content ---
    def original(self, card, fld) -> int:
        return field_value(self.base, card, fld)

    def current(self, card, fld) -> int:
        return self.values.get((card, fld), self.original(card, fld))

    def edits(self, values=None) -> list:
        values = self.values if values is None else values
        return [Edit(c, f, self.original(c, f), v) for (c, f), v in sorted(
            values.items(), key=lambda kv: (kv[0][0].kind, kv[0][0].id, kv[0][1]))
            if v != self.original(c, f)]

    def content_key(self, values) -> tuple:
        """The edits of a content, relative to the scenario's: the name of its games."""
        return tuple((c.kind, c.id, f, int(v)) for c, f, v in
                     sorted((c, f, v) for (c, f), v in values.items() if v != self.original(c, f)))

    def block_name(self, key: tuple) -> str:
        return f"search seed {self.o.seed} games {self.o.games} content {json.dumps(key)}"

    def games_of(self, values, desc) -> Games:
        """The content's games: read from the checkpoint when it was played before, else
        played now (and saved there)."""
        name = self.block_name(self.content_key(values))
        g = self.ckpt.get_games(name) if self.ckpt is not None else None
        if g is None:
            patch = edits_patch(self.edits(values))
            g = play_games(self.run, patch, self.o.seed, self.o.games, self.o.workers,
                           self.o.progress, desc)
            if self.ckpt is not None:
                self.ckpt.put_games(name, g)
        return g

    def play(self, values, desc) -> tuple[Games, CardStats]:
        g = self.games_of(values, desc)
        self.plays += 1
        return g, card_stats(g)

    # --- proposals ---
    def propose(self, card: CardKey, dev_now: float, pred: Predictor) -> Proposal | None:
        T = self.o.tolerance
        toward = -1 if dev_now > 0 else 1        # every amount helps its owner: lower a strong card
        options, probes = [], []
        fields = [f for f in editable_fields(self.base, card)
                  if self.failures[(card, f)] < self.o.max_failures]
        for order, f in enumerate(fields):
            cur = self.current(card, f)
            lo_abs, hi_abs = self.limits.get((card, f), (0, np.inf))
            deltas = np.array([v - cur for v in allowed_values(f, self.original(card, f), cur,
                                                               self.o.max_change)
                               if (v - cur) * toward > 0 and lo_abs < abs(v - cur) < hi_abs])
            if not len(deltas):
                continue
            slope = self.secant((card, f))
            curve = pred.curve(card, f, [0, *deltas]) if slope is None else None
            ratio = self.ratio.get((card, f), self.prior_ratio())
            if slope is not None:
                predicted = dev_now + slope * deltas
            elif curve is not None:
                predicted = dev_now + ratio * (curve[1:] - curve[0])
            else:
                probes.append((order, f, cur, int(deltas[np.argmin(np.abs(deltas))])))
                continue
            ok = np.abs(predicted) <= T / 2
            if ok.any():
                j = np.flatnonzero(ok)[np.argmin(np.abs(deltas[ok]))]
                small = abs(int(deltas[j])) <= SMALL_STEP
                rank = (0 if small else 2, abs(int(deltas[j])), order)
            else:
                j = int(np.lexsort((np.abs(deltas), np.round(np.abs(predicted), 6)))[0])
                rank = (3, abs(float(predicted[j])), order)
            options.append((rank, f, cur, int(deltas[j]), float(predicted[j]),
                            0.0 if slope is not None else ratio))
        # preference: a small step predicted to land within T/2; else a first unit step on a
        # number that cannot be predicted (effect footprints, fireflies, rerolls); else a
        # larger predicted step; else the step predicted to come closest
        options += [((1, abs(d), order), f, cur, d, float("nan"), 0.0)
                    for order, f, cur, d in probes]
        if not options:
            return None
        _, f, cur, d, p, r = min(options, key=lambda o: o[0])
        return Proposal(card, f, cur, cur + d, dev_now, p, r)

    def prior_ratio(self) -> float:
        """Measured / re-scored change assumed for a number not tried yet: the median of
        those measured so far (the bots' reaction damps or amplifies what re-scoring the same
        moves predicts, often by a similar factor across cards: raising a weak card's printed
        bursts typically gives about half of it), 1 before three are known."""
        if len(self.ratios_seen) < 3:
            return 1.0
        return float(np.clip(np.median(self.ratios_seen), 0.2, 5.0))

    def build_round(self, g: Games, stats: CardStats) -> list:
        """Proposals of one round: the worst target, then cards still predicted out."""
        T = self.o.tolerance
        pred = Predictor(g, content_for(self.run, edits_patch(self.edits())).content)
        base_dev = pred.stats().dev
        status, half = self.targets(stats)
        pdev = stats.dev.copy()
        own: dict = {}
        props: list = []
        used = set()
        spill = np.zeros(len(stats.keys))     # predicted move of each card by a full fix
        while len(props) < self.per_round:
            # a card joins only if still predicted out after the round's edits so far, and
            # if fixing the round's cards is not predicted to move it by INTERACTION of its
            # deviation or more: a card that depends on them waits for their measured effect
            cands = [i for i, k in enumerate(stats.keys)
                     if k not in used and k not in self.frozen and k not in self.stuck
                     and status[i] in OUT
                     and abs(pdev[i]) - half[i] > T
                     and abs(spill[i]) < INTERACTION * abs(stats.dev[i])]
            if not cands:
                break
            i = max(cands, key=lambda j: abs(pdev[j]))
            card = stats.keys[i]
            used.add(card)
            p = self.propose(card, float(pdev[i]), pred)
            if p is None:
                # nothing left to try from this baseline (bounds, every number given up, or
                # its field average lies between two neighbouring values already tried)
                self.stuck.add(card)
                continue
            props.append(p)
            spill += self.full_fix_spill(pred, p, stats)
            if pred.add(card, p.field, p.new - p.old):
                pdev = stats.dev + (pred.stats().dev - base_dev)
            own[i] = p.predicted if p.predicted == p.predicted else pdev[i]
            for j, v in own.items():
                pdev[j] = v
        return props

    def full_fix_spill(self, pred: Predictor, p: Proposal, stats) -> np.ndarray:
        """Predicted move of every other card if `p`'s card were fixed completely by
        re-scoring (any value of the field, not only one step): how much they depend on it."""
        w = pred.weights(p.card, p.field)
        zero = np.zeros(len(stats.keys))
        if w is None:
            return zero
        lo, hi = value_range(p.field, self.original(p.card, p.field), self.o.max_change)
        deltas = np.arange(lo, hi + 1) - p.old
        deltas = deltas[deltas * np.sign(p.new - p.old) > 0]
        if not len(deltas):
            return zero
        curve = pred.curve(p.card, p.field, deltas)
        d = int(deltas[np.argmin(np.abs(curve))])
        now = pred.stats().dev
        pred.add(p.card, p.field, d)
        after = pred.stats().dev
        pred.add(p.card, p.field, -d)
        spill = after - now
        spill[stats.index(p.card)] = 0.0
        return spill

    def targets(self, stats: CardStats) -> tuple[np.ndarray, np.ndarray]:
        """(status, half-width) each card is targeted by.  A card never edited is a target
        when significantly out for all judged cards at once (CardStats.status: Bonferroni
        over every card, so that balanced cards are not chased by chance); a card already
        edited, when significantly out for all *edited* cards at once (Bonferroni over
        those): its edit is refined until it lies within ±T without adding an edited card."""
        T = self.o.tolerance
        status, half = stats.status(T).copy(), stats.simultaneous_half().copy()
        judged = stats.judged()
        ed = [i for i in (stats.index(c) for c in self.edited_cards()) if judged[i]]
        if ed:
            h = stats.half_width() / t95(stats.games) * float(ndtri(1 - 0.025 / len(ed)))
            for i in ed:
                half[i] = h[i]
                lo, hi = stats.dev[i] - h[i], stats.dev[i] + h[i]
                status[i] = (STATUS_ABOVE if lo > T else STATUS_BELOW if hi < -T
                             else STATUS_WITHIN if -T <= lo and hi <= T else STATUS_UNCLEAR)
        return status, half

    # --- judging ---
    def pushed_out(self, before: CardStats, after: CardStats, pr, cards) -> list:
        """Cards pushed out of tolerance by the candidate: not among `cards` (the round's),
        within ±T before (point estimate), now significantly out of tolerance and
        significantly further from the field (paired).  (A card already beyond ±T before
        is not protected: protecting one that is really out but not yet significantly so,
        a weak card pushed from -5 to -7 points, say, blocks the fixes that reveal it.)

        A card an earlier round edited may be pushed out when the candidate lowers the
        field's total excess (sum of |deviation| beyond T over the judged cards): it was
        brought in line against the cards the candidate fixes now (the weak companions of a
        strong adventurer's player, say), so it becomes a target again and its edit is
        re-checked.  Cards never edited are always protected."""
        T = self.o.tolerance
        s1 = after.status(T)
        ok = before.n >= MIN_GAMES
        out = [k for i, k in enumerate(before.keys)
               if k not in cards and ok[i] and abs(before.dev[i]) <= T
               and s1[i] in OUT and pr.gain_high[i] < 0]
        edited = self.edited_cards()
        if any(k not in edited for k in out) or _excess(after, T) >= _excess(before, T):
            return out
        return []

    def edited_cards(self) -> set:
        return {e.card for e in self.edits()}

    def learn(self, p: Proposal, dev_start: float, dev_after: float):
        """Remember what the edit measured: its ratio to the prediction and the point
        (value, deviation) for the secant of later steps."""
        key = (p.card, p.field)
        hist = self.history.setdefault(key, [])
        if not hist or hist[-1][0] != p.old:
            hist.append((p.old, dev_start))
        hist.append((p.new, dev_after))
        if p.predicted == p.predicted and p.ratio:
            raw = (p.predicted - p.dev_before) / p.ratio      # the re-scored change
            if abs(raw) > 1e-9:
                r = (dev_after - dev_start) / raw
                self.ratio[key] = float(np.clip(r, 0.2, 5.0))
                if abs(raw) >= 0.01:         # smaller predicted changes give mostly noise
                    self.ratios_seen.append(float(r))

    def secant(self, key) -> float | None:
        """Measured deviation change per unit of the field from its last two measured
        values (positive: every amount helps its owner), or None with fewer than two."""
        pts = {}
        for v, d in self.history.get(key, []):
            pts[v] = d
        if len(pts) < 2:
            return None
        (v1, d1), (v2, d2) = list(pts.items())[-2:]
        return max((d2 - d1) / (v2 - v1), MIN_SLOPE)

    def record(self, rnd, p: Proposal, i, after: CardStats, pr, decision, reason, cause):
        """One proposal played; `cause` is the short verdict (CAUSES) the report groups by."""
        assert cause in CAUSES, cause
        self.log.append(dict(
            round=rnd, evaluation=self.evals, kind=p.card.kind, card=p.card.id,
            field=p.field, field_label=FIELDS[p.field][0], old=p.old, new=p.new,
            dev_before=p.dev_before, predicted=p.predicted,
            dev_after=float(after.dev[i]), dev_after_low=float(after.dev_low[i]),
            dev_after_high=float(after.dev_high[i]),
            gain=float(pr.gain[i]), gain_low=float(pr.gain_low[i]),
            gain_high=float(pr.gain_high[i]), decision=decision, reason=reason, cause=cause))

    def note(self, stats: CardStats, rnd: int):
        T = self.o.tolerance
        st = stats.status(T)
        out = [i for i in range(len(st)) if st[i] in OUT]
        worst = max(out, key=lambda i: abs(stats.dev[i])) if out else None
        self.trace.append(dict(round=rnd, evaluations=self.evals, out=len(out),
                               worst=stats.keys[worst].id if worst is not None else "",
                               worst_dev=float(stats.dev[worst]) if worst is not None else 0.0,
                               excess=_excess(stats, T), edits=len(self.edits())))
        if self.bar is not None:
            txt = (f"{len(out)} card(s) significantly out of ±{100 * T:g} pts, worst "
                   f"{stats.keys[worst].id} {_fmt_pts(stats.dev[worst])}"
                   if worst is not None else f"no card significantly out of ±{100 * T:g} pts")
            self.bar.set_postfix_str(f"{txt}; {len(self.edits())} edits", refresh=True)

    # --- checkpoint ---
    def state(self, baseline: tuple, session_t0: float) -> dict:
        """Everything the search needs to go on as if never stopped (JSON)."""
        ck = lambda c: [c.kind, c.id]  # noqa: E731
        return {
            "round": self.rnd, "evals": self.evals, "plays": self.plays,
            "per_round": self.per_round, "budget_bound": self.budget_bound,
            "seconds": self.seconds + time.perf_counter() - session_t0,
            "values": [[*ck(c), f, int(v)] for (c, f), v in self.values.items()],
            "ratio": [[*ck(c), f, float(r)] for (c, f), r in self.ratio.items()],
            "ratios_seen": [float(r) for r in self.ratios_seen],
            "history": [[*ck(c), f, [[int(v), float(d)] for v, d in h]]
                        for (c, f), h in self.history.items()],
            "failures": [[*ck(c), f, int(n)] for (c, f), n in self.failures.items()],
            "frozen": [[*ck(c), why] for c, why in self.frozen.items()],
            "stuck": sorted(ck(c) for c in self.stuck),
            "smaller_tried": sorted([*ck(c), f, int(v)] for c, f, v in self.smaller_tried),
            "limits": [[*ck(c), f, float(lo), float(hi)] for (c, f), (lo, hi) in self.limits.items()],
            "memo": [list(map(list, k)) for k in self.memo],
            "baseline": list(map(list, baseline)),
            "log": self.log, "trace": self.trace,
        }

    def restore(self, st: dict):
        """Set the search to a saved state; returns (start stats, baseline games, stats)."""
        K = lambda r: CardKey(r[0], r[1])  # noqa: E731
        self.rnd, self.evals, self.plays = int(st["round"]), int(st["evals"]), int(st["plays"])
        self.per_round, self.budget_bound = int(st["per_round"]), bool(st["budget_bound"])
        self.seconds = float(st["seconds"])
        self.values = {(K(r), r[2]): int(r[3]) for r in st["values"]}
        self.ratio = {(K(r), r[2]): float(r[3]) for r in st["ratio"]}
        self.ratios_seen = [float(r) for r in st["ratios_seen"]]
        self.history = {(K(r), r[2]): [(int(v), float(d)) for v, d in r[3]] for r in st["history"]}
        self.failures = Counter({(K(r), r[2]): int(r[3]) for r in st["failures"]})
        self.frozen = {K(r): r[2] for r in st["frozen"]}
        self.stuck = {K(r) for r in st["stuck"]}
        self.smaller_tried = {(K(r), r[2], int(r[3])) for r in st["smaller_tried"]}
        self.limits = {(K(r), r[2]): (float(r[3]), float(r[4])) for r in st["limits"]}
        self.log, self.trace = list(st["log"]), list(st["trace"])

        def load(key):
            values = {(CardKey(k, i), f): v for k, i, f, v in key}
            g = self.games_of(values, "restoring a checkpoint")
            return g, card_stats(g)
        self.memo = OrderedDict()
        for k in st["memo"]:
            self.memo[tuple(map(tuple, k))] = load(k)
        base = tuple(map(tuple, st["baseline"]))
        g, stats = self.memo[base] if base in self.memo else load(base)
        start = load(())[1] if base else stats
        return start, g, stats

    def checkpoint(self, baseline_key: tuple, t0: float):
        if self.ckpt is None:
            return
        keep = [self.block_name(k) for k in (*self.memo, baseline_key, ())]
        self.ckpt.save(self.state(baseline_key, t0), keep=keep)

    # --- the loop ---
    def run_search(self) -> SearchResult:
        t0 = time.perf_counter()
        o = self.o
        saved = self.ckpt.state if self.ckpt is not None else None
        self.bar = tqdm(total=o.budget, unit="play", desc="rebalance", disable=not o.progress,
                        file=sys.stderr, dynamic_ncols=True)
        try:
            if saved is not None:
                start, g, stats = self.restore(saved)
                self.bar.update(self.evals)
                if o.progress:
                    tqdm.write(f"rebalance: resuming from the checkpoint after round {self.rnd} "
                               f"({self.evals} candidate plays done)", file=sys.stderr)
            else:
                g, stats = self.play(self.values, "baseline")
                start = stats
                self.note(stats, 0)
                self.checkpoint((), t0)
            stop = ""
            while True:
                st, _ = self.targets(stats)
                if not any(st[i] in OUT and k not in self.frozen and k not in self.stuck
                           for i, k in enumerate(stats.keys)):
                    stop = ("no card left significantly out of tolerance" if not any(
                        s in OUT for s in st) else "every card still out has no edit left to try")
                    smaller = (self.propose_smaller(g, stats) if self.evals < o.budget
                               else None)
                    if smaller is None:
                        break
                    self.rnd += 1
                    g, stats = self.play_smaller(self.rnd, smaller, g, stats)
                    self.note(stats, self.rnd)
                    self.checkpoint(self.content_key(self.values), t0)
                    continue
                if self.evals >= o.budget:
                    stop = f"budget of {o.budget} candidate plays spent"
                    break
                self.rnd += 1
                given_up = len(self.frozen) + len(self.stuck)
                props = self.build_round(g, stats)
                if not props:
                    if len(self.frozen) + len(self.stuck) == given_up:  # cannot happen: the
                        # worst target gets a proposal or is set aside
                        stop = "no edit could be proposed"
                        break
                    continue
                g, stats = self.play_round(self.rnd, props, g, stats)
                self.note(stats, self.rnd)
                self.checkpoint(self.content_key(self.values), t0)
        finally:
            self.bar.close()
        not_fixed, category = {}, {}
        st = stats.status(o.tolerance)
        for i, k in enumerate(stats.keys):
            if st[i] in OUT:
                category[k], not_fixed[k] = self.explain(k, float(stats.dev[i]), stop)

        return SearchResult(self.edits(), start, stats, self.log, self.trace, self.evals,
                            self.plays, stop, not_fixed,
                            self.seconds + time.perf_counter() - t0, o, category)

    def explain(self, card: CardKey, dev: float, stop: str) -> tuple[str, str]:
        """(category, text): why a card still out of tolerance has no edit that fixes it,
        number by number, from what the search tried."""
        toward = -1 if dev > 0 else 1
        budget = stop.startswith("budget")
        parts, cats = [], []
        for f in editable_fields(self.base, card):
            label = FIELDS[f][0]
            cur, orig = self.current(card, f), self.original(card, f)
            lo, hi = value_range(f, orig, self.o.max_change)
            edge = hi if toward > 0 else lo
            tries = [e for e in self.log if (e["kind"], e["card"], e["field"]) ==
                     (card.kind, card.id, f) and e["decision"] == "rejected"
                     and e["cause"] not in ("round", "budget")]
            last = tries[-1] if tries else None
            if cur == edge:
                if f.startswith("effect.") and abs(cur) == 1:
                    parts.append(f"{label} already {cur} (an effect amount never reaches 0)")
                else:
                    parts.append(f"{label} at the limit of a small edit ({orig} may go "
                                 f"{lo}..{hi}; --max-change)")
                cats.append(WHY_FIELDS)
            elif self.failures[(card, f)] >= self.o.max_failures and last is not None:
                tried = ", ".join(f"{e['old']} → {e['new']}" for e in tries)
                moved = 100 * (last["dev_after"] - last["dev_before"])
                if last["cause"] == "away":
                    parts.append(f"{label} {last['old']} → {last['new']} moved it {moved:+.1f} "
                                 f"points, away from the field (the bots take it only when it "
                                 f"pays)")
                    cats.append(WHY_FIELDS)
                elif last["cause"] == "pushes":
                    parts.append(f"{label} ({tried}): {last['reason']}")
                    cats.append(WHY_PUSHES)
                elif last["new"] == edge and abs(last["dev_after"]) > self.o.tolerance:
                    parts.append(f"{label}: its largest allowed change ({last['old']} → "
                                 f"{last['new']}) moved it {moved:+.1f} points, "
                                 f"{-100 * dev:+.1f} needed")
                    cats.append(WHY_FIELDS)
                elif last["cause"] == "few":
                    parts.append(f"{label} ({tried}): {last['reason']}")
                    cats.append(WHY_FIELDS)
                else:
                    parts.append(f"{label} ({tried}): no gain above the noise")
                    cats.append(WHY_NOISE)
            elif card in self.stuck:
                parts.append(f"{label}: the steps tried from here ("
                             + ", ".join(f"{e['old']} → {e['new']}" for e in tries)
                             + ") fell short or went past, no value between them")
                cats.append(WHY_NOISE)
            elif budget:
                parts.append(f"{label}: " + ("further steps" if tries else "not tried")
                             + " when the budget ran out")
                cats.append(WHY_BUDGET)
            else:
                parts.append(f"{label}: not tried")
                cats.append(WHY_BUDGET)
        for c in (WHY_BUDGET, WHY_NOISE, WHY_PUSHES, WHY_FIELDS):
            if c in cats:
                return c, "; ".join(parts)
        return WHY_FIELDS, "; ".join(parts)

    def play_round(self, rnd, props, g, stats):
        """Play the round's candidate and judge every edit; returns the new (games, stats)."""
        values = self.with_edits(props)
        cg, cs, fresh = self.play_candidate(values, f"round {rnd}: {len(props)} edit(s)")
        pr = paired(stats, cs)
        idx = [stats.index(p.card) for p in props]
        passed = [bool(pr.gain_low[i] > 0) for i in idx]
        pushed = self.pushed_out(stats, cs, pr, {p.card for p in props})
        if fresh:
            for p, i in zip(props, idx):
                self.learn(p, float(stats.dev[i]), float(cs.dev[i]))
        keep = [p for p, ok in zip(props, passed) if ok]
        for p, i, ok in zip(props, idx, passed):
            if not ok:
                self.fail(p, overshoot=_overshoot(stats, cs, i))
                reason, cause = _why(pr, i, cs)
                if _wrong_way(stats, pr, i):
                    # weakening made it stronger (or the reverse): the bots react to this
                    # number (e.g. take the card only when it pays); no step of it will do
                    self.failures[(p.card, p.field)] = self.o.max_failures
                    reason = ("moved significantly away from the field: the bots' choices react "
                              "to this number; not tried again")
                    cause = "away"
                self.record(rnd, p, i, cs, pr, "rejected", reason, cause)
        if keep and not pushed and len(keep) == len(props):
            for p, i in zip(props, idx):
                self.record(rnd, p, i, cs, pr, "accepted", "gain above noise", "accepted")
            self.per_round = min(max(1, self.o.per_round), 2 * self.per_round)
            return self.accept(values, cg, cs)
        if keep and pushed and len(keep) == len(props):
            names = ", ".join(k.id for k in pushed)
            if len(props) == 1:
                self.fail(props[0], overshoot=True)
                self.record(rnd, props[0], idx[0], cs, pr, "rejected",
                            f"pushes {names} out of tolerance", "pushes")
            else:
                self.per_round = max(1, len(props) // 2)
                for p, i in zip(props, idx):
                    self.record(rnd, p, i, cs, pr, "rejected", f"the round pushes {names} out "
                                f"of tolerance; tried again in smaller rounds", "round")
            keep = []
        self.freeze_exhausted(props)
        if not keep:
            return g, stats
        # some edits passed, others not: play those that passed again without the others
        # (a push-out may come from the rejected ones)
        if self.evals >= self.o.budget:
            self.budget_bound = True
            for p in keep:
                self.record(rnd, p, stats.index(p.card), cs, pr, "rejected",
                            "passed with the round's other edits; no budget left to play it alone",
                            "budget")
            return g, stats
        values = self.with_edits(keep)
        kg, ks, _ = self.play_candidate(values, f"round {rnd}: {len(keep)} edit(s) again alone")
        pr2 = paired(stats, ks)
        pushed = self.pushed_out(stats, ks, pr2, {p.card for p in keep})
        ok2 = [bool(pr2.gain_low[stats.index(p.card)] > 0) for p in keep]
        if all(ok2) and not pushed:
            for p in keep:
                self.record(rnd, p, stats.index(p.card), ks, pr2, "accepted",
                            "gain above noise, confirmed without the round's rejected edits",
                            "accepted")
            return self.accept(values, kg, ks)
        names = ", ".join(k.id for k in pushed)
        for p, ok in zip(keep, ok2):
            i = stats.index(p.card)
            if not ok:
                self.fail(p, overshoot=_overshoot(stats, ks, i))
                self.record(rnd, p, i, ks, pr2, "rejected",
                            "gain not confirmed without the round's rejected edits", "noise")
            elif pushed:
                if len(keep) == 1:
                    self.fail(p, overshoot=True)
                self.record(rnd, p, i, ks, pr2, "rejected", f"pushes {names} out of tolerance",
                            "pushes")
            else:
                self.record(rnd, p, i, ks, pr2, "rejected", "its gain held, another edit's did "
                            "not; tried again in a smaller round", "round")
        self.per_round = max(1, len(keep) // 2)
        self.freeze_exhausted(keep)
        return g, stats

    # --- smaller edits: re-check earlier edits once no card is left to fix ---
    def propose_smaller(self, g: Games, stats: CardStats) -> Proposal | None:
        """An edit of the current content that could be smaller (or undone), not tried from
        this baseline.  An edit made early, against cards fixed later, may no longer be
        needed (the weak companions of a strong card's opponents come back when that card is
        fixed).  A value is proposed when re-scoring (scaled by the measured ratio) predicts
        its card within ±T or no further from the field than now, up to a quarter of the
        card's 95% half-width (on the base game the predictions of these steps were within
        about that of what was measured; a looser rule spent most plays on edits that were
        needed); full undos first, then the value closest to the printed one."""
        T = self.o.tolerance
        pred = Predictor(g, content_for(self.run, edits_patch(self.edits())).content)
        half = stats.half_width()
        best = None
        for e in self.edits():
            i = stats.index(e.card)
            if not stats.judged()[i]:
                continue
            cur, orig = e.new, e.old
            step = 1 if cur > orig else -1
            values = [v for v in range(orig, cur, step)
                      if (e.card, e.field, v) not in self.smaller_tried]
            if not values:
                continue
            curve = pred.curve(e.card, e.field, [0] + [v - cur for v in values])
            if curve is None:
                continue
            ratio = self.ratio.get((e.card, e.field), self.prior_ratio())
            predicted = stats.dev[i] + ratio * (curve[1:] - curve[0])
            allowed = max(T, abs(stats.dev[i]))
            for v, pv in zip(values, predicted):
                excess = max(0.0, abs(pv) - allowed)
                if excess <= SMALLER_SLACK * half[i]:
                    rank = (v != orig, round(excess, 9), abs(v - orig), e.card, e.field)
                    if best is None or rank < best[0]:
                        best = (rank, Proposal(e.card, e.field, cur, v, float(stats.dev[i]),
                                               float(pv), ratio))
                    break
        return None if best is None else best[1]

    def play_smaller(self, rnd, p: Proposal, g, stats):
        """Keep the smaller edit when its card ends within ±T or no further from the field
        than with the larger edit (point estimates), not significantly out, and no card ends
        up significantly out that was not before (except an edited card when the total
        excess over ±T drops: it is targeted again, as in :meth:`pushed_out`)."""
        T = self.o.tolerance
        values = self.with_edits([p])
        cg, cs, fresh = self.play_candidate(values, f"round {rnd}: smaller edit of {p.card.id}")
        pr = paired(stats, cs)
        i = stats.index(p.card)
        if fresh:
            self.learn(p, float(stats.dev[i]), float(cs.dev[i]))
        st0, st1 = stats.status(T), cs.status(T)
        newly = [k for j, k in enumerate(stats.keys) if st1[j] in OUT and st0[j] not in OUT]
        if (newly and all(k in self.edited_cards() and k != p.card for k in newly)
                and _excess(cs, T) < _excess(stats, T)):
            newly = []     # an edited card comes out again, the field as a whole closer: re-fixed next
        undo = "undone" if p.new == self.original(p.card, p.field) else "smaller"
        if abs(cs.dev[i]) <= max(T, abs(stats.dev[i])) and st1[i] not in OUT and not newly:
            where = (f"stays within ±{100 * T:g} points" if abs(cs.dev[i]) <= T else
                     "comes no further from the field")
            self.record(rnd, p, i, cs, pr, "accepted", f"edit {undo}: the card {where}",
                        "smaller")
            return self.accept(values, cg, cs, smaller=True)
        self.smaller_tried.add((p.card, p.field, p.new))
        why = (f"puts {', '.join(k.id for k in newly)} out of tolerance" if newly else
               f"the card would be {_fmt_pts(cs.dev[i])} points from the field")
        self.record(rnd, p, i, cs, pr, "rejected", f"edit kept: {undo}, {why}", "kept")
        return g, stats

    def with_edits(self, props) -> dict:
        values = dict(self.values)
        for p in props:
            values[(p.card, p.field)] = p.new
        return values

    def play_candidate(self, values, desc):
        """(games, stats, played now): a content already played is not played again (it
        plays the same games) and costs no budget."""
        key = self.content_key(values)
        if key in self.memo:
            self.memo.move_to_end(key)
            return (*self.memo[key], False)
        g, st = self.play(values, desc)
        self.evals += 1
        self.bar.update(1)
        self.memo[key] = (g, st)
        while len(self.memo) > MEMO:
            self.memo.popitem(last=False)
        return g, st, True

    def accept(self, values, g, st, smaller: bool = False):
        """The candidate becomes the current content.  Steps bounded from the old baseline
        are free again; smaller edits rejected stay rejected after another smaller edit
        (the cards moved little), not after a fix."""
        self.values = values
        self.limits.clear()
        self.stuck.clear()
        if not smaller:
            self.smaller_tried.clear()
        return g, st

    def fail(self, p: Proposal, overshoot: bool = False):
        """A rejected step: the next try of this field from the same baseline is larger
        (the step did not move the card enough) or smaller (it went past the field)."""
        self.failures[(p.card, p.field)] += 1
        key = (p.card, p.field)
        lo, hi = self.limits.get(key, (0, np.inf))
        step = abs(p.new - p.old)
        self.limits[key] = (lo, min(hi, step)) if overshoot else (max(lo, step), hi)

    def freeze_exhausted(self, props):
        for p in props:
            fields = editable_fields(self.base, p.card)
            if all(self.failures[(p.card, f)] >= self.o.max_failures for f in fields):
                self.frozen[p.card] = "every number given up"


def _overshoot(before: CardStats, after: CardStats, i: int) -> bool:
    """The card went past the field (its deviation changed sign), or so far that the bots
    (almost) stop recruiting it: the next step must be smaller."""
    if not after.judged()[i]:
        return True
    return bool(np.sign(after.dev[i]) == -np.sign(before.dev[i]) != 0)


def _wrong_way(before: CardStats, pr, i: int) -> bool:
    """The edit moved the card significantly further from the field on its side."""
    if before.dev[i] > 0:
        return bool(pr.change_low[i] > 0)
    return bool(pr.change_high[i] < 0)


def _why(pr, i, after: CardStats) -> tuple[str, str]:
    """(reason, cause) of a rejected edit whose own gain did not pass."""
    if not after.judged()[i]:
        return (f"the card is recruited in fewer than {MIN_GAMES} player-games after the edit",
                "few")
    if pr.gain[i] <= 0:
        return "no closer to the field", "no_gain"
    return "gain within noise (95% interval includes 0)", "noise"


def _excess(stats: CardStats, T: float) -> float:
    """Total deviation beyond ±T over the judged cards (point estimates)."""
    j = stats.judged()
    return float(np.clip(np.abs(stats.dev[j]) - T, 0, None).sum())


def search(run: ResolvedRun, opts: SearchOptions, checkpoint=None) -> SearchResult:
    """Run the search (see the module docstring) for one scenario run; with a
    :class:`checkpoint.Checkpoint`, resume from it and save every evaluated round there."""
    if opts.tolerance <= 0:
        raise UserError(f"tolerance must be greater than 0, got {opts.tolerance}")
    if opts.games < 2:
        raise UserError(f"games must be at least 2, got {opts.games}")
    return _Search(run, opts, checkpoint).run_search()
