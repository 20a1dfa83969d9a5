"""glowsim: Monte Carlo balance analysis for the board game Glow (Bombyx, 2020).

In a notebook or script:

    >>> import glowsim
    >>> data = glowsim.run("scenarios/demo.yaml", games=500, out="runs/try")  # play, then load
    >>> data = glowsim.load("runs/try")          # .games .players .recruits .offers
    >>> glowsim.tables.companion_strength(data)  # any table of the report

``import glowsim`` stays light: ``run``, ``load``, ``Results`` and ``tables`` are imported on
first use (PEP 562), so numba and pandas load only when a run is played or read.
"""
__version__ = "0.1.0"

_API = {"run": "glowsim.api", "load": "glowsim.api", "Results": "glowsim.api"}
_MODULES = ("tables",)


def __getattr__(name):
    import importlib
    if name in _API:
        return getattr(importlib.import_module(_API[name]), name)
    if name in _MODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(list(globals()) + list(_API) + list(_MODULES))


__all__ = ["Results", "__version__", "load", "run", "tables"]
