"""Runner: play a scenario's games in chunks, on local workers or dask, into Parquet tables.

    >>> from glowsim.scenarios import load_scenario
    >>> from glowsim.runner import RunOptions, run_scenario
    >>> res = run_scenario(load_scenario("scenarios/base-4p-province.yaml"),
    ...                    RunOptions(out="runs/demo", games=200, workers=2))

See ``execute`` for the resume protocol, ``store`` for the folder layout,
``chunks`` for the engine adapter interface, ``stopping`` for --precision and ``pickstop``
for --precision-pick-value.
"""
from .chunks import play_chunk
from .execute import RunOptions, RunResult, run_scenario
from .store import RunFolderError

__all__ = ["RunFolderError", "RunOptions", "RunResult", "play_chunk", "run_scenario"]
