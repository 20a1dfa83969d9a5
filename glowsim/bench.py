"""Benchmark: the reference engine and the fast path on the same 4-player workload.

Workload: 4 players, random adventurers, the default `heuristic` bot at every seat,
half the games on each board side.  The fast path plays them from scratch on all
cores (one game thread per core, streamed blocks, all three result tables built while
the next block plays).  The reference engine plays the same games (same seeds and game indices) on
one core with its own `heuristic` bot, the plain-Python version of the fast path's
(glowsim/engine/heuristic/, the same decisions), building records and result rows as
it goes.  Speed goals are measured here, never in timed tests.

Side by side: the run is cut into segments, each a stretch of fast-path games followed by
a slice of reference games (the fast path's game threads idle meanwhile), so both engines are
timed over the same minutes of the machine.  On a shared virtual machine the speed of a
core drifts by a quarter within a minute; timing the reference engine in one short burst
before the fast path made the ratio swing by as much.  Each speed is its games over the
summed wall time of its own stretches; the per-segment ratios show the spread, and each
board side is also timed apart (`by_side`).  Forks
(glowsim/fast/fork_table.py) are timed in the same segments, after each fast stretch: the
continuations of sampled recruit picks of the same workload on the same cores, each counted
as the share of a game it plays (from round r of 8: (9 - r) / 8), against the full-game
rate.  Both
engines are warmed up untimed first (kernels compiled or loaded, game threads started,
the reference engine's modules and tables loaded).

`--compile` (:func:`run_compile_bench`): the cold compile of each compiled entry
(glowsim/compiling.py), each in a fresh process with an empty numba cache.
"""
from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import tempfile
import time

from .analysis.intervals import mean_ci
from .analysis import offerkernel  # noqa: F401  (registers the entry "cards")
from .compiling import ENTRIES, measure, prepare
from .engine import play_game
from .spec.botparams import bot_preset
from .engine.heuristic.precomputed import bot_tables
from .fast.play import Match, _Block, iter_blocks, ktables, play_block
from .fast.entries import FAST_RUN
from .fast.fork_table import game_equivalents, play_forks
from .fast.kernel.ktables import SET_ROUNDS
from .fast.memory import peak_rss
from .fast.parallel import cpu_count, resolve_workers, split

SIDES = ("province", "archipelago")
BLOCK = 5_000     # games per block (split over the game threads); memory grows with it, not with --games
SEGMENTS = 6      # fast stretches, each followed by a slice of reference games
FORK_KIND, FORK_SAMPLE = "recruit", 0.25   # the forks timed: sampled recruit picks, common mode
FORK_SHARE = 25   # default fork games: one per this many fast games (about as long a stretch)
SEARCH_GAMES = 40  # default games of a search bot's bench (each plays thousands of continuations)


def workload_match(side: str, preset: str = "heuristic") -> Match:
    """The bench's match on one side: 4 players, random adventurers, the preset at every seat."""
    return Match(4, side, ["random"] * 4, [bot_preset(preset)] * 4)


DAWN_SHARE = 8    # default Dawn games: one per this many 4-player base games
DAWN_PLAYERS = 6
DAWN_SETS = ("elemental", "anibloom", "draconic")


def dawn_match(dawn, side: str, preset: str = "heuristic") -> Match:
    """The Dawn workload on one side (docs/rules.md D1-D18): 6 players, all three sets,
    random adventurers, the preset at every seat (in a Dawn game the hand-made bots take
    their Dawn rules)."""
    return Match(DAWN_PLAYERS, side, ["random"] * DAWN_PLAYERS,
                 [bot_preset(preset)] * DAWN_PLAYERS, dawn_sets=list(DAWN_SETS))


def _dawn_stretch(dawn, spans, seed: int, preset: str, cores: int, block: int) -> tuple[float, int]:
    """(wall seconds, games) of the fast path playing a stretch's Dawn games (all three
    tables, as the base games)."""
    t = time.perf_counter()
    done = 0
    for side, start, count in spans:
        for cols in iter_blocks(dawn, dawn_match(dawn, side, preset), seed, count, block=block,
                                start=start, workers=cores):
            done += len(cols["games"]["game_index"])
    return time.perf_counter() - t, done


def reference_game(game, side: str, game_index: int, seed: int, preset: str = "heuristic"):
    """One game of the workload played by the reference engine (glowsim.engine.play_game):
    bots of the preset's parameter vector, the game the fast path plays for these
    (seed, game index)."""
    return play_game(game, n_players=4, side=side, adventurers=["random"] * 4,
                     bots=[bot_preset(preset)] * 4, root_seed=seed, game_index=game_index)


def _side_spans(n: int, parts: int) -> list[list[tuple[str, int, int]]]:
    """n games of the workload, half on each side (the odd one on the province), cut into
    `parts` consecutive stretches: per stretch, (side, first game index, count) per side."""
    out = [[] for _ in range(parts)]
    for side, (_, k) in zip(SIDES, split(0, n, len(SIDES))):
        for i, (start, c) in enumerate(split(0, k, parts)):
            if c:
                out[i].append((side, start, c))
    return out


def _reference_stretch(game, spans, seed: int, preset: str) -> dict:
    """{side: (wall seconds, games)} of the reference engine playing a stretch's games."""
    out = {}
    for side, start, count in spans:
        t = time.perf_counter()
        for g in range(start, start + count):
            reference_game(game, side, g, seed, preset)
        out[side] = (time.perf_counter() - t, count)
    return out


def _fast_stretch(game, spans, seed: int, preset: str, cores: int, block: int) -> dict:
    """{side: (wall seconds, games)} of the fast path playing a stretch's games on `cores`
    game threads, streamed blocks with all three tables (each side's blocks are all played
    before the next side starts)."""
    out = {}
    for side, start, count in spans:
        t = time.perf_counter()
        done = 0
        for cols in iter_blocks(game, workload_match(side, preset), seed, count, block=block,
                                start=start, workers=cores):
            done += len(cols["games"]["game_index"])
        out[side] = (time.perf_counter() - t, done)
    return out


def _fork_stretch(game, spans, seed: int, preset: str, cores: int) -> tuple[float, float, int]:
    """(wall seconds, game equivalents, continuations) of the forks of a stretch's games."""
    rounds = int(ktables(game).setup[SET_ROUNDS])
    t = time.perf_counter()
    eq, n = 0.0, 0
    for side, start, count in spans:
        tab = play_forks(game, workload_match(side, preset), seed, start, count, kind=FORK_KIND,
                         sample=FORK_SAMPLE, threads=cores)
        eq += game_equivalents(tab, rounds)
        n += len(tab["game"])
    return time.perf_counter() - t, eq, n


def warm_up(game, seed: int, preset: str, cores: int) -> None:
    """Untimed: the kernels compiled or loaded and the game threads started (fast path and
    forks); the reference engine's modules and bot tables loaded, one game of each side
    played."""
    for side in SIDES:
        play_block(game, workload_match(side, preset), seed, 0, 4 * cores, workers=cores)
        play_forks(game, workload_match(side, preset), seed, 0, cores, kind=FORK_KIND,
                   sample=FORK_SAMPLE, threads=cores)
    bot_tables(game)
    for side in SIDES:
        reference_game(game, side, 0, seed, preset)


def cores_text(n: int) -> str:
    """"1 core", "2 cores"."""
    return f"{n} core" if n == 1 else f"{n} cores"


def _games_per_s(parts) -> float:
    """Games per second over (seconds, games) pairs."""
    return sum(n for _, n in parts) / sum(t for t, _ in parts)


def segment_interval(ratios: list[float], level: float = 0.95) -> tuple[float, float, float]:
    """(geometric mean, low, high) of the per-segment ratios: a Student t interval on their
    logarithms (each segment is one paired measurement of both engines over the same minutes,
    so the machine's drift between segments is part of the spread).  With one segment the
    interval is that segment's ratio."""
    if len(ratios) < 2:
        return ratios[0], ratios[0], ratios[0]
    ci = mean_ci([math.log(r) for r in ratios], level)
    return math.exp(ci.estimate), math.exp(ci.low), math.exp(ci.high)


BASELINE = "heuristic"   # the preset another preset's fast-path speed is compared with


def run_bench(game, games: int = 200_000, reference_games: int = 120, seed: int = 1,
              workers=None, block: int = BLOCK, preset: str = "heuristic",
              segments: int = SEGMENTS, fork_games: int | None = None,
              dawn_games: int | None = None) -> dict:
    """Both speeds, measured side by side (`segments` alternating stretches, module
    docstring), and the peak memory (MiB) of this process (`peak_rss_mib`; the fast path
    plays in threads of this process), of the largest child process, if any, and of all
    together (an upper bound: peaks added).
    ``preset``: the bot at every seat (both engines); another preset than BASELINE has the
    baseline's fast-path games played too, in the same segments and on the same seeds, and
    its speed over the baseline's (``speed_vs_baseline``).  ``fork_games``: games whose sampled
    recruit picks are forked (default: one per FORK_SHARE fast games).  ``dawn_games``: Dawn
    games of 6 players with all three sets (:func:`dawn_match`) played by the fast path in the
    same segments (default: one per DAWN_SHARE fast games; 0: none), their rate given next
    to the 4-player base game's."""
    from .content import load_game
    dawn = load_game(dawn=True)
    cores = resolve_workers(workers)
    # every segment plays at least one game of each side on each engine
    segments = max(1, min(int(segments), games // 2, reference_games // 2))
    prepare(FAST_RUN)
    warm_up(game, seed, preset, cores)
    fast_spans = _side_spans(games, segments)
    ref_spans = _side_spans(reference_games, segments)
    fork_games = max(2 * segments, games // FORK_SHARE) if fork_games is None else int(fork_games)
    fork_spans = _side_spans(fork_games, segments)
    dawn_games = max(2 * segments, games // DAWN_SHARE) if dawn_games is None else int(dawn_games)
    dawn_spans = _side_spans(dawn_games, segments) if dawn_games > 0 else [[]] * segments
    dawn_t, dawn_n = 0.0, 0
    if dawn_games > 0:
        for side in SIDES:   # warmed up untimed
            play_block(dawn, dawn_match(dawn, side, preset), seed, 0, 2 * cores, workers=cores)
    fork_t, fork_eq, fork_n = 0.0, 0.0, 0
    fast_t = {side: 0.0 for side in SIDES}   # per side: summed wall seconds and games
    fast_n = {side: 0 for side in SIDES}
    ref_t = {side: 0.0 for side in SIDES}
    ref_n = {side: 0 for side in SIDES}
    seg_ratios = []
    base_t, base_n = 0.0, 0      # the heuristic's fast games in the same segments (another preset)
    for i in range(segments):
        fast_seg = _fast_stretch(game, fast_spans[i], seed, preset, cores, block)
        if preset != BASELINE:
            for t, n in _fast_stretch(game, fast_spans[i], seed, BASELINE, cores, block).values():
                base_t, base_n = base_t + t, base_n + n
        if fork_spans[i]:
            t, eq, n = _fork_stretch(game, fork_spans[i], seed, preset, cores)
            fork_t, fork_eq, fork_n = fork_t + t, fork_eq + eq, fork_n + n
        if dawn_spans[i]:
            t, n = _dawn_stretch(dawn, dawn_spans[i], seed, preset, cores, block)
            dawn_t, dawn_n = dawn_t + t, dawn_n + n
        ref_seg = _reference_stretch(game, ref_spans[i], seed, preset)
        for side, (t, n) in fast_seg.items():
            fast_t[side] += t
            fast_n[side] += n
        for side, (t, n) in ref_seg.items():
            ref_t[side] += t
            ref_n[side] += n
        seg_ratios.append(_games_per_s(fast_seg.values()) / cores / _games_per_s(ref_seg.values()))
    fast = sum(fast_n.values()) / sum(fast_t.values())
    ref = sum(ref_n.values()) / sum(ref_t.values())
    per_core = fast / cores
    by_side = {}
    for side in SIDES:
        side_fast, side_ref = fast_n[side] / fast_t[side] / cores, ref_n[side] / ref_t[side]
        by_side[side] = {"fast_games_per_s_per_core": side_fast, "reference_games_per_s": side_ref,
                         "ratio": side_fast / side_ref, "fast_games": fast_n[side],
                         "reference_games": ref_n[side]}
    geo, lo, hi = segment_interval(seg_ratios)
    fork_rate = fork_eq / fork_t if fork_t > 0 else 0.0
    dawn_rate = dawn_n / dawn_t if dawn_t > 0 else 0.0
    mem = peak_rss()
    base = base_n / base_t if base_t > 0 else None
    return {
        "baseline": BASELINE if base is not None else None,
        "baseline_fast_games_per_s": base,
        "speed_vs_baseline": fast / base if base else None,
        "workload": f"4 players, random adventurers, {preset} bots, half province / half archipelago",
        "reference_method": "glowsim.engine.play_game with the reference engine's heuristic bot "
                            "(plain Python, the fast path's decisions)",
        "method": f"side by side: {segments} segments, each fast-path games on {cores_text(cores)} then "
                  f"reference games on one core; speeds over the summed wall time of each "
                  f"engine's stretches; both warmed up untimed",
        "games": games,
        "reference_games": reference_games,
        "segments": segments,
        "cores": cores,
        "reference_games_per_s": ref,
        "fast_games_per_s": fast,
        "fast_games_per_s_per_core": per_core,
        "fast_games_per_min": fast * 60.0,
        "ratio": per_core / ref,
        "segment_ratios": seg_ratios,
        "ratio_min": min(seg_ratios),
        "ratio_max": max(seg_ratios),
        "ratio_segments_geomean": geo,
        "ratio_ci95": [lo, hi],
        "by_side": by_side,
        "peak_rss_mib": mem["parent"],
        "peak_rss_workers_mib": mem["workers"],
        "peak_rss_total_mib": mem["total"],
        "fork_games": fork_games,
        "fork_continuations": fork_n,
        "fork_game_equivalents": fork_eq,
        "fork_game_equivalents_per_s": fork_rate,
        "fork_ratio": fork_rate / fast,
        "dawn_games": dawn_n,
        "dawn_games_per_s": dawn_rate,
        "dawn_ratio": dawn_rate / fast,
        "dawn_workload": f"Dawn (D1-D18): {DAWN_PLAYERS} players, {', '.join(DAWN_SETS)}, random "
                         f"adventurers, {preset} bots (their Dawn rules), half province / half "
                         f"archipelago, on {cores_text(cores)} in the same segments",
        "fork_method": f"play_forks of {fork_games} games ({FORK_KIND} picks at rate {FORK_SAMPLE}, "
                       f"common mode) on {cores_text(cores)} in the same segments, each continuation "
                       f"counted as (9 - r) / 8 of a game (r: its round), over the full-game rate",
        "block": block,
        "available_cores": cpu_count(),
    }


def run_search_bench(game, games: int = SEARCH_GAMES, seed: int = 1, workers=None,
                     preset: str = "rollout") -> dict:
    """The speed of a search bot (rollout_budget > 0) at every seat of the workload: the fast
    path alone (the reference engine cannot play it), games and continuations per second,
    half the games on each side; warmed up untimed (one game per side)."""
    cores = resolve_workers(workers)
    prepare(FAST_RUN)
    for side in SIDES:
        _Block(game, workload_match(side, preset), seed, 0, 1).launch(1).result()
    t_all, n_all, conts, searched = 0.0, 0, 0, 0
    by_side = {}
    for side, (start, count) in zip(SIDES, split(0, max(2, int(games)), len(SIDES))):
        block = _Block(game, workload_match(side, preset), seed, start, count)
        t = time.perf_counter()
        block.launch(cores).result()
        dt = time.perf_counter() - t
        c = sum(int(x[1]) for x in block.counts)
        searched += sum(int(x[0]) for x in block.counts)
        by_side[side] = {"games": count, "seconds": dt, "games_per_s": count / dt,
                         "continuations_per_s": c / dt}
        t_all, n_all, conts = t_all + dt, n_all + count, conts + c
    mem = peak_rss()
    return {
        "workload": f"4 players, random adventurers, {preset} bots, half province / half archipelago",
        "method": f"the fast path on {cores_text(cores)}, one block per side, warmed up untimed; "
                  f"the reference engine cannot play a search bot",
        "games": n_all,
        "cores": cores,
        "seconds": t_all,
        "fast_games_per_s": n_all / t_all,
        "fast_games_per_s_per_core": n_all / t_all / cores,
        "searches": searched,
        "continuations": conts,
        "continuations_per_s": conts / t_all,
        "continuations_per_game": conts / n_all,
        "by_side": by_side,
        "peak_rss_mib": mem["parent"],
        "available_cores": cpu_count(),
    }


# the compiled entries `bench --compile` measures, the fast path's first
COMPILE_ENTRIES = ("core", "tables", "cards")


def measure_child(name: str) -> None:
    """In a child process: compile entry ``name`` and print its figures (compiling.measure)
    as one JSON line."""
    print(json.dumps(measure(name)), flush=True)


def run_compile_bench(names=COMPILE_ENTRIES) -> dict:
    """The cold compile of each entry of ``names``: each in a fresh process with an empty numba
    cache (a temporary NUMBA_CACHE_DIR), one after the other; its wall, CPU and LLVM seconds
    (inside the compile) and the wall time of the whole process (Python and numba loaded
    too), beside the estimate the announcement gives."""
    out = {}
    for name in names:
        with tempfile.TemporaryDirectory(prefix="glowsim-compile-") as cache:
            env = dict(os.environ, NUMBA_CACHE_DIR=cache)
            env.pop("NUMBA_DISABLE_JIT", None)
            t = time.perf_counter()
            p = subprocess.run([sys.executable, "-c", "from glowsim.bench import measure_child; "
                                f"measure_child({name!r})"], env=env, capture_output=True, text=True)
            if p.returncode:
                raise RuntimeError(f"bench --compile: compiling {name!r} failed: "
                                   f"{(p.stderr.strip().splitlines() or ['?'])[-1]}")
            r = json.loads(p.stdout.strip().splitlines()[-1])
        r["process_wall_s"] = time.perf_counter() - t
        r["what"] = ENTRIES[name].what
        r["estimate_s"] = ENTRIES[name].seconds
        out[name] = r
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = None
    return {"compile": out, "load_average": load, "available_cores": cpu_count(),
            "method": "each entry compiled by a call of no game (glowsim/compiling.py) in a "
                      "fresh process with an empty NUMBA_CACHE_DIR, one after the other"}
