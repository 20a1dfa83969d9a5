"""What a training writes besides its checkpoints: ``report.md`` (each generation's strength
against the previous policy and against `expert`, with 95% intervals, its data and cost) and
the model file of the best policy (the format of glowsim/data/master.yaml, docs/bots.md)."""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from ..spec.botparams import (BP_LD, BP_LEARNED, LEARNED_BITS, MODEL_FILE, PARAM_NAMES, PRESETS,
                               read_model)
from ..errors import disk_error
from .trainer import VERSION, Trained, weight_names


def _pct(iv) -> str:
    est, lo, hi, n = iv
    return f"{100 * est:.1f}% ({100 * lo:.1f} to {100 * hi:.1f})"


def report_text(res: Trained, command: str) -> str:
    o = res.options
    dawn = tuple(o.decisions) == ("dawn",)
    kinds = ("dawn",) if dawn else ("recruit", "reroll", "move")
    forked = ("every recruit pick of the Dawn games" if dawn else
              f"every recruit pick, the first reroll of {100 * o.reroll_sample:g}% of the late "
              f"mornings, {100 * o.move_sample:g}% of the Archipelago's moves")
    lines = [f"# Training of the learned policy: {res.scenario}", "",
             f"`{command}`", "",
             f"Runs: {', '.join(res.runs)}; seed {res.seed}; {o.games} games forked a generation "
             f"({forked}), checks of "
             f"{o.check_games} game pairs (complementary seatings) on seed {res.seed + 1}.", "",
             "| generation | kept | against the previous policy | against expert | forked decisions "
             f"({' / '.join(kinds)}) | continuations | games | CPU s | wall s |",
             "| ---: | :---: | --- | --- | --- | ---: | ---: | ---: | ---: |"]
    for g in res.generations:
        dec = " / ".join(str(g.data.get(d, {}).get("decisions", 0)) for d in kinds)
        conts = sum(v.get("continuations", 0) for v in g.data.values())
        kept = f"yes ({g.kept})" if g.accepted and g.kept else ("yes" if g.accepted else "no")
        lines.append(f"| {g.number} | {kept} | {_pct(g.vs_previous)} | "
                     f"{_pct(g.vs_expert)} | {dec} | {conts:,} | {g.games:,} | {g.cpu_seconds:.0f} | "
                     f"{g.wall_seconds:.0f} |")
    kept = [g for g in res.generations if g.accepted]
    lines += [""]
    if kept:
        last = kept[-1]
        lines += [f"Best: generation {last.number}'s candidate, head to head against expert "
                  f"{_pct(last.vs_expert)}.", "", "Its fitted weights (points of win share per unit; "
                  "standard error):", ""]
        for name, fit in last.fits.items():
            lines.append(f"- {name}: " + ", ".join(
                f"{n} {w:.4g} ({s:.2g})" for n, w, s in zip(weight_names(name), fit["weights"], fit["se"])))
    else:
        lines.append("No candidate was kept: the best policy is the start.")
    return "\n".join(lines) + "\n"


def model_text(res: Trained, command: str) -> str:
    """The model file of the best vector (glowsim/data/master.yaml's format)."""
    v = np.asarray(res.best, np.float64)
    base = PRESETS["expert"]
    kept = [g for g in res.generations if g.accepted]
    last = kept[-1] if kept else None
    block = [f"  command: {command!r}",
             f"  scenario: {res.scenario}",
             f"  seed: {res.seed}",
             f"  generation: {last.number if last else -1}",
             f"  generations: {len(res.generations)}",
             f"  games: {sum(g.games for g in res.generations)}",
             f"  vs_expert: {last.vs_expert if last else []}"]
    lines = ["# The learned policy's model: the `master` bot preset (docs/bots.md).",
             "# Written by glowsim train; its report says each generation's strength.",
             f"version: {VERSION}",
             "base: expert"]
    # a training keeps the start's weights of the decisions it does not fit: the shipped
    # model's block of those when they are the shipped model's (and in use), then its own
    start = np.asarray(res.start, np.float64)
    shipped = PRESETS.get("master")
    model = read_model(MODEL_FILE) if shipped is not None else {}
    if tuple(res.options.decisions) == ("dawn",):
        if shipped is not None and np.array_equal(start[:BP_LD], shipped[:BP_LD]):
            lines += _block("trained", model.get("trained") or {})
        lines += ["trained_dawn:"] + block
    else:
        lines += ["trained:"] + block
        if (shipped is not None and int(v[BP_LEARNED]) & LEARNED_BITS["dawn"]
                and np.array_equal(start[BP_LD:], shipped[BP_LD:]) and "trained_dawn" in model):
            lines += _block("trained_dawn", model["trained_dawn"])
    lines += ["params:"]
    for i, n in enumerate(PARAM_NAMES):
        if i >= BP_LEARNED or v[i] != base[i]:
            lines.append(f"  {n}: {float(v[i]):.6g}")
    return "\n".join(lines) + "\n"


def _block(name: str, d: dict) -> list:
    """A mapping of the model file, one `key: value` line per entry."""
    out = [f"{name}:"]
    for k, x in d.items():
        out.append(f"  {k}: {x!r}" if isinstance(x, str) else f"  {k}: {x}")
    return out


def write_outputs(res: Trained, out, command: str) -> tuple:
    """report.md and master.yaml into the training folder; their paths."""
    out = Path(out)
    paths = []
    for name, text in (("report.md", report_text(res, command)), ("master.yaml", model_text(res, command))):
        p = out / name
        tmp = p.with_name(name + ".tmp")
        try:
            tmp.write_text(text)
            os.replace(tmp, p)
        except OSError as e:
            raise disk_error(p, e) from None
        paths.append(p)
    return tuple(paths)
