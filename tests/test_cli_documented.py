"""Every `glowsim` sub-command is documented in the README and has help text."""
import argparse
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


def undocumented_arguments(parser: argparse.ArgumentParser) -> list[str]:
    """The arguments of a parser (argparse's own -h aside) whose help is missing or a word."""
    return [a.option_strings[0] if a.option_strings else a.dest for a in parser._actions
            if not isinstance(a, argparse._HelpAction)
            and (not a.help or a.help == argparse.SUPPRESS or len(a.help.split()) < 2)]


def test_every_command_has_help_and_description():
    for name, p in subcommands().items():
        assert p.description and len(p.description) > 20, name
        assert undocumented_arguments(p) == [], f"glowsim {name}: arguments without help"


def test_an_argument_without_help_is_found():
    p = argparse.ArgumentParser()
    p.add_argument("--seed", help="root seed (default 1)")
    p.add_argument("--games")
    p.add_argument("path", help="")
    assert undocumented_arguments(p) == ["--games", "path"]
