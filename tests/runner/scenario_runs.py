"""Playing a scenario given as YAML text, as the runner tests do."""
from pathlib import Path

from glowsim.runner import RunOptions, run_scenario
from glowsim.scenarios import parse_scenario


def run_text(text: str, name: str, out, **kw):
    """Play the scenario ``text`` (named ``name`` in messages) into the run folder ``out``,
    without a progress line unless asked; the runner's result."""
    kw.setdefault("progress", False)
    return run_scenario(parse_scenario(text, name), RunOptions(out=Path(out), **kw))
