"""Every `glowsim` sub-command is documented in the README and has help text."""
from pathlib import Path

from glowsim.cli.main import build_parser

README = (Path(__file__).resolve().parents[1] / "README.md").read_text()


def subcommands():
    parser = build_parser()
    action = next(a for a in parser._actions if a.dest == "command")
    return action.choices


def test_every_command_is_in_the_readme():
    missing = [name for name in subcommands() if f"`glowsim {name}" not in README]
    assert not missing, f"commands missing from README.md's command table: {missing}"


def test_every_command_has_help_and_description():
    for name, p in subcommands().items():
        assert p.description and len(p.description) > 20, name
        assert "--help" in p.format_help() or "-h" in p.format_help()
