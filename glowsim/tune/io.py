"""Preset files: what `glowsim tune` writes and scenarios load (``bot: {file: PRESET.yaml}``).

The file is a bot mapping of the scenario schema (glowsim/scenarios/bots.py)::

    # glowsim tune scenarios/tune-expert.yaml --budget 240 --games 500 --seed 101
    # ... how it was tuned and what it gained, as comments ...
    preset: heuristic
    params:
      w_footprint: 1.1702
      ...

``params`` lists every tuned parameter (glowsim/tune/space.py), whether it moved
or not, so the file says the whole bot on its own, then any untuned parameter the
start set apart from the preset (e.g. ``search_nodes``); ``random`` and ``plan``
come from the preset.
"""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from ..spec.botparams import PARAM_NAMES, bot_preset, check_vector
from .space import TUNED
from ..errors import UserError, disk_error

POLICY = ("random", "plan")     # which policy plays: a preset file takes them from its preset


def _num(x: float) -> str:
    x = float(x)
    if x == int(x) and abs(x) < 1e12:
        return f"{int(x)}.0"
    return f"{x:.6g}"


def preset_text(vec: np.ndarray, preset: str = "heuristic", comments=()) -> str:
    """The YAML text of a preset file for vector `vec` based on `preset`."""
    v = np.asarray(vec, np.float64)
    check_vector(v, f"preset file of bot {preset!r}")   # never write a vector a scenario would refuse
    base = bot_preset(preset)
    fixed = []      # untuned parameters the start set apart from the preset (search_nodes)
    for i, n in enumerate(PARAM_NAMES):
        if n not in TUNED and v[i] != base[i]:
            if n in POLICY:
                raise UserError(f"parameter {n!r} is {v[i]} but preset {preset!r} has {base[i]}; "
                                 f"a preset file keeps the preset's policy ({', '.join(POLICY)})")
            fixed.append(n)
    lines = [f"# {c}" if c else "#" for c in comments]
    lines += [f"preset: {preset}", "params:"]
    lines += [f"  {n}: {_num(v[PARAM_NAMES.index(n)])}" for n in TUNED + tuple(fixed)]
    return "\n".join(lines) + "\n"


def write_preset(path, vec: np.ndarray, preset: str = "heuristic", comments=()) -> Path:
    """Write a preset file atomically (temporary name, then rename)."""
    path = Path(path)
    text = preset_text(vec, preset, comments)
    tmp = path.with_name(path.name + ".tmp")
    try:
        if path.parent and not path.parent.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(text)
        os.replace(tmp, path)
    except OSError as e:   # not writable, a folder, disk full: one line, no temporary file left
        if tmp.is_file():
            tmp.unlink()
        raise disk_error(path, e) from None
    return path


def read_preset(path) -> np.ndarray:
    """The parameter vector of a preset file (the scenario loader's rules and messages)."""
    from ..scenarios.bots import read_bot_file
    from ..scenarios.load import Scenario
    from ..scenarios.schema import ScenarioSpec
    path = Path(path)
    sc = Scenario(ScenarioSpec(), str(path), {}, path.parent)
    preset, params = read_bot_file(sc, ("file",), path.name, PARAM_NAMES)
    for k in params:
        if k not in PARAM_NAMES:
            raise UserError(f"{path}: unknown bot parameter {k!r}; allowed: {', '.join(PARAM_NAMES)}")
    try:
        return bot_preset(preset or "heuristic", **params)
    except UserError as e:
        raise UserError(f"{path}: {e}") from None
