"""glowsim: Monte Carlo balance analysis for the board game Glow (Bombyx, 2020).

In a notebook or script:

    >>> import glowsim
    >>> data = glowsim.run("scenarios/demo.yaml", games=500, out="runs/try")  # play, then load
    >>> data = glowsim.load("runs/try")          # .games .players .recruits .offers
    >>> glowsim.tables.companion_strength(data)  # any table of the report

``import glowsim`` stays light: ``run``, ``load``, ``Results`` and ``tables`` are imported on
first use (PEP 562), so numba and pandas load only when a run is played or read.
"""
from .lazy import names

__version__ = "0.1.0"

_API = {"run": ".api", "load": ".api", "Results": ".api"}
__getattr__, __dir__ = names(__name__, _API, globals(), modules=("tables",))

__all__ = ["Results", "__version__", "load", "run", "tables"]
