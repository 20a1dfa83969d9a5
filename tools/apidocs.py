"""The API reference: one page per layer of glowsim, generated from the docstrings by pdoc.

    python tools/apidocs.py [OUT_DIR]      # default build/api; `make docs` runs it

A layer's page shows its public names (the package's ``__all__``; a package without one shows
its modules). The build fails (exit status 1, one line per problem) when pdoc warns (a name
in ``__all__`` that does not resolve, an annotation it cannot read) or when a docstring's
cross-reference (``:func:`name```, ``:class:`name``` ... as the code writes them) names
nothing: a reference is looked up as written, then in the module that holds it, then in the
packages above it, then among the names that module imports, then as an attribute of one of
its classes.
"""
from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
import re
import sys
import warnings
from pathlib import Path

# the layers, bottom first (docs/DESIGN.md section 1); the notebook API last
LAYERS = ("glowsim.errors", "glowsim.limits", "glowsim.seeding", "glowsim.environment",
          "glowsim.content", "glowsim.records", "glowsim.spec", "glowsim.engine", "glowsim.fast",
          "glowsim.scenarios", "glowsim.runner", "glowsim.analysis", "glowsim.report",
          "glowsim.tune", "glowsim.position", "glowsim.bench", "glowsim.rebalance",
          "glowsim.cli", "glowsim.api", "glowsim.tables")

_ROLE = re.compile(r":(?:func|class|mod|data|meth|attr|obj|exc|const):`~?([A-Za-z_][\w.]*)(?:\(\))?`")


def layers() -> list[str]:
    """The layer modules that exist (a layer named here but not in the package is skipped)."""
    found = []
    for name in LAYERS:
        try:
            importlib.util.find_spec(name)
        except ModuleNotFoundError:
            continue
        if importlib.util.find_spec(name) is not None:
            found.append(name)
    return found


def all_modules() -> list[str]:
    """Every module of the package, imported (a module that fails to import is a problem)."""
    import glowsim
    names = ["glowsim"]
    for info in pkgutil.walk_packages(glowsim.__path__, "glowsim."):
        if not info.name.endswith(".__main__"):     # running it runs the command line
            names.append(info.name)
    return names


def _resolve(dotted: str):
    """The object a dotted name names, or raise LookupError."""
    parts = dotted.split(".")
    for k in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:k]))
        except ImportError:
            continue
        for p in parts[k:]:
            if not hasattr(obj, p):
                raise LookupError(dotted)
            obj = getattr(obj, p)
        return obj
    raise LookupError(dotted)


def _found(target: str, module) -> bool:
    """Whether a reference written in `module` names something (module docstring)."""
    name = module.__name__
    scopes = [target, f"{name}.{target}"]
    parts = name.split(".")
    scopes += [".".join(parts[:k] + [target]) for k in range(len(parts) - 1, 0, -1)]
    for dotted in scopes:
        try:
            _resolve(dotted)
            return True
        except LookupError:
            pass
    head, _, rest = target.partition(".")
    obj = vars(module).get(head)
    if obj is not None:
        for p in rest.split(".") if rest else ():
            obj = getattr(obj, p, None)
            if obj is None:
                break
        else:
            return True
    for cls in vars(module).values():
        if inspect.isclass(cls) and cls.__module__ == name:
            obj = cls
            for p in target.split("."):
                obj = getattr(obj, p, None)
                if obj is None:
                    break
            else:
                return True
            if target in getattr(cls, "__annotations__", {}) or target in getattr(cls, "_fields", ()):
                return True
            try:    # an attribute the class's methods set on its instances
                if re.search(rf"\bself\.{re.escape(target)}\s*(?::[^=]*)?=", inspect.getsource(cls)):
                    return True
            except (OSError, TypeError):
                pass
    return False


def broken_references() -> list[str]:
    """One line per docstring cross-reference that names nothing, or module that fails to import."""
    problems = []
    for name in all_modules():
        try:
            module = importlib.import_module(name)
        except Exception as e:   # noqa: BLE001 - an import failure is reported, not raised
            problems.append(f"{name}: does not import: {type(e).__name__}: {e}")
            continue
        path = getattr(module, "__file__", None)
        if not path:
            continue
        text = Path(path).read_text(encoding="utf-8")
        for m in _ROLE.finditer(text):
            if not _found(m.group(1), module):
                line = text.count("\n", 0, m.start()) + 1
                problems.append(f"{Path(path).relative_to(Path(path).parents[len(name.split('.')) - 1])}"
                                f":{line}: reference {m.group(0)} names nothing")
    return problems


def build(out: Path) -> list[str]:
    """Write the reference into `out`; the problems found (pdoc's warnings, broken references)."""
    os.environ.setdefault("PDOC_ALLOW_EXEC", "1")
    import pdoc
    import pdoc.render
    pdoc.render.configure(docformat="restructuredtext", search=True, show_source=False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pdoc.pdoc(*layers(), output_directory=out)
    problems = []
    for w in caught:
        text = f"pdoc: {w.message}"
        if "pdoc" in str(w.filename) and not _namedtuple_constructor(str(w.message)) \
                and text not in problems:
            problems.append(text)
    return problems + broken_references()


_ANNOTATION = re.compile(r"Error parsing type annotation .* for ([\w.]+)\.__init__\.")


def _namedtuple_constructor(message: str) -> bool:
    """Whether pdoc's warning is about the constructor Python generates for a NamedTuple: its
    string annotations are read in the collections module, where the names the NamedTuple's
    own module imports (np) are unknown; the class's fields are documented correctly."""
    m = _ANNOTATION.search(message)
    if not m:
        return False
    try:
        cls = _resolve(m.group(1))
    except LookupError:
        return False
    return inspect.isclass(cls) and issubclass(cls, tuple) and hasattr(cls, "_fields")


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path("build/api")
    problems = build(out)
    for p in problems:
        print(p)
    if problems:
        print(f"API reference: {len(problems)} problem(s)")
        return 1
    print(f"API reference written to {out}/index.html")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
