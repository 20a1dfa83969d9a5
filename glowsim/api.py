"""The notebook API: play a scenario, load a run folder as tidy tables.

    >>> import glowsim
    >>> data = glowsim.run({"name": "try", "players": 4, "games": 300,
    ...                     "variants": [{"name": "province", "side": "province"},
    ...                                  {"name": "archipelago", "side": "archipelago"}]},
    ...                    out="runs/try")
    >>> data.players.groupby(["side", "adventurer"], observed=True).win_share.mean()
    >>> glowsim.tables.side_differences(data)

``glowsim.run`` and ``glowsim.load`` are reached lazily from the package (``import glowsim``
itself imports neither numba nor pandas); the report's tables are the functions of
:mod:`glowsim.tables`.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from .analysis.load import Run, load_run


@dataclass
class Results:
    """A run folder's tables, one row per game / player-game / recruit, each keyed by
    (variant, game_index) and carrying the game's n_players and side; ``offers``: one row per
    companion offered at a pick (``taken`` marks the one recruited)."""
    path: Path
    games: pd.DataFrame
    players: pd.DataFrame
    recruits: pd.DataFrame
    offers: pd.DataFrame
    run: Run                 # the analysis view (glowsim.analysis, glowsim.tables take it)

    @property
    def variants(self) -> list[str]:
        return [str(v) for v in self.run.variant_names]

    def __repr__(self) -> str:
        return (f"Results({str(self.path)!r}: {len(self.games):,} games in "
                f"{len(self.variants)} variant(s) {', '.join(self.variants)})")


def load(run_dir) -> Results:
    """The tables of a run folder written by ``glowsim run`` (or :func:`run`)."""
    r = load_run(run_dir)
    keys = ("n_players", "side")
    return Results(Path(run_dir), r.games, r.with_game_keys("players", keys),
                   r.with_game_keys("recruits", keys), r.with_game_keys("offers", keys), r)


def scenario_of(scenario, base_dir=None):
    """A :class:`glowsim.scenarios.Scenario` from a file name, a mapping of the scenario file's
    fields (scenarios/README.md), or a Scenario; file names in a mapping (``content_files``,
    bot files) are relative to ``base_dir`` (default: the working folder)."""
    import yaml

    from .scenarios import Scenario, load_scenario
    from .scenarios.load import parse_scenario
    if isinstance(scenario, Scenario):
        return scenario
    if isinstance(scenario, dict):
        text = yaml.safe_dump({"name": "scenario", **scenario}, sort_keys=False)
        return parse_scenario(text, "scenario mapping", base_dir or os.getcwd())
    if isinstance(scenario, (str, Path)):
        return load_scenario(scenario)
    raise TypeError(f"scenario: a file name, a mapping or a Scenario, not "
                    f"{type(scenario).__name__}")


def run(scenario, games: int | None = None, out=None, workers: int | None = None,
        fresh: bool = False, progress: bool = True, base_dir=None) -> Results:
    """Play a scenario (file name, mapping or Scenario) into the run folder ``out`` (default
    ``runs/<scenario name>``; a mapping without ``name`` is named ``scenario``) as
    ``glowsim run`` does (resuming a run of the same scenario there; ``fresh``: start over),
    then :func:`load` it.  ``games``: per variant (default: the scenario's)."""
    from .runner import RunOptions, run_scenario
    sc = scenario_of(scenario, base_dir)
    out = Path(out) if out is not None else Path("runs") / sc.name
    run_scenario(sc, RunOptions(out=out, games=games, workers=workers or os.cpu_count() or 1,
                                fresh=fresh, progress=progress))
    return load(out)
