"""Bad command-line numbers are argparse errors naming the option and the allowed range
(exit status 2, no traceback), for every sub-command that takes counts or seeds."""
import pytest

from glowsim.cli.main import main


@pytest.mark.parametrize("argv, message", [
    (["play", "--game-index", "-3"], "argument --game-index: --game-index must be in 0..9223372036854775807, got -3"),
    (["play", "--seed", "-1"], "argument --seed: --seed must be in 0..9223372036854775807, got -1"),
    (["bench", "--games", "1"], "argument --games: --games must be in 2..100000000, got 1"),
    (["bench", "--workers", "0"], "argument --workers: --workers must be in 1..1024, got 0"),
    (["bench", "--reference-games", "x"], "argument --reference-games: expected a whole number, got 'x'"),
    (["bench", "--fork-games", "1"], "argument --fork-games: --fork-games must be in 2..100000000, got 1"),
    (["verify", "--games", "0"], "argument --games: --games must be >= 1, got 0"),
    (["run", "s.yaml", "--games", "0"], "argument --games: --games must be in 1..100000000, got 0"),
    (["run", "s.yaml", "--games", "1000000000000"],
     "argument --games: --games must be in 1..100000000, got 1000000000000"),
    (["run", "s.yaml", "--games", "1e12"], "argument --games: expected a whole number, got '1e12'"),
    (["run", "s.yaml", "--precision", "-0.5"],
     "argument --precision: --precision must be in 0.0 (excluded)..0.5 (excluded), got -0.5"),
    (["run", "s.yaml", "--precision", "0.9"],
     "argument --precision: --precision must be in 0.0 (excluded)..0.5 (excluded), got 0.9"),
    (["run", "s.yaml", "--precision", "nan"], "argument --precision: --precision must be a finite number, got nan"),
    (["run", "s.yaml", "--max-games", "inf"], "argument --max-games: expected a whole number, got 'inf'"),
    (["rebalance", "s.yaml", "--tolerance", "30"], "argument --tolerance: --tolerance must be in 0.1..25, got 30"),
    (["balance", "s.yaml", "--card", "A11", "--threshold", "30"],
     "argument --threshold: --threshold must be in 0.1..25, got 30"),
    (["balance", "s.yaml", "--card", "A11", "--sample", "1.5"],
     "argument --sample: --sample must be in 0 (excluded)..1, got 1.5"),
    (["tune", "s.yaml", "--seat", "4"], "argument --seat: --seat must be in 0..3, got 4"),
])
def test_bad_numbers_name_the_option_and_the_range(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"glowsim {argv[0]}: error: {message} (see glowsim {argv[0]} --help)"]   # one line


def test_help_and_version_return_zero(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip().startswith("glowsim ")
    assert main(["play", "--help"]) == 0
    assert "--game-index" in capsys.readouterr().out
