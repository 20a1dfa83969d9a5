"""Names of a package loaded from their modules on first use (PEP 562).

A package's ``__init__`` lists which module defines each public name and calls
:func:`names`; ``import package`` then loads none of those modules, and the first
``package.name`` imports the one module that defines it and keeps the value.
"""
from __future__ import annotations

import importlib


def names(package: str, where: dict[str, str], namespace: dict, modules: tuple = ()):
    """The ``__getattr__`` and ``__dir__`` of `package`: each key of `where` is a name defined
    by the module it maps to (relative to `package`, e.g. ``".play"``); each of `modules` is a
    submodule given as itself.  A name looked up is kept in `namespace` (the package's
    globals), so it is imported once."""
    def __getattr__(name: str):
        if name in modules:
            value = importlib.import_module(f".{name}", package)
        elif name in where:
            value = getattr(importlib.import_module(where[name], package), name)
        else:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        namespace[name] = value
        return value

    def __dir__():
        return sorted(set(namespace) | set(where) | set(modules))

    return __getattr__, __dir__
