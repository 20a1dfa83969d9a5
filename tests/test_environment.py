"""The GLOWSIM_* tuning variables: read in one place, a bad value refused in one line naming
the variable and what it allows (exit status 2 from the command line), never a traceback."""
import pytest

from glowsim.cli import main as cli_main
from glowsim.environment import memory_size, whole_number
from glowsim.errors import UserError

from analysis.synth import tiny_tables, write_run


def test_unset_or_empty_gives_the_default(monkeypatch):
    monkeypatch.delenv("GLOWSIM_OFFER_GAMES", raising=False)
    assert whole_number("GLOWSIM_OFFER_GAMES", 25_000) == 25_000
    monkeypatch.setenv("GLOWSIM_OFFER_GAMES", "  ")
    assert whole_number("GLOWSIM_OFFER_GAMES", 25_000) == 25_000
    monkeypatch.setenv("GLOWSIM_OFFER_GAMES", " 40 ")
    assert whole_number("GLOWSIM_OFFER_GAMES", 25_000) == 40


@pytest.mark.parametrize("raw", ["abc", "0", "-3", "2.5", "1e6", "10" * 8, "100000001"])
def test_a_bad_whole_number_is_named_with_what_is_allowed(monkeypatch, raw):
    monkeypatch.setenv("GLOWSIM_PART_GAMES", raw)
    with pytest.raises(UserError) as e:
        whole_number("GLOWSIM_PART_GAMES", 250_000)
    assert str(e.value) == (f"GLOWSIM_PART_GAMES={raw!r}: give a whole number from 1 to "
                            f"100000000 (or leave it unset for 250000)")


@pytest.mark.parametrize("raw,ok", [("1GB", True), ("512 MB", True), ("1.5GiB", True), ("64MB", True),
                                    ("1024TB", True), ("lots", False), ("12", False), ("GB", False),
                                    ("0GB", False), ("1B", False), ("63MB", False), ("60MiB", False),
                                    ("1025TB", False)])
def test_memory_sizes(monkeypatch, raw, ok):
    monkeypatch.setenv("GLOWSIM_DUCKDB_MEMORY", raw)
    if ok:
        assert memory_size("GLOWSIM_DUCKDB_MEMORY", "1GB") == raw
    else:
        with pytest.raises(UserError, match=r"^GLOWSIM_DUCKDB_MEMORY='.*': give a memory size"):
            memory_size("GLOWSIM_DUCKDB_MEMORY", "1GB")


def test_the_report_refuses_a_bad_setting_in_one_line(tmp_path, monkeypatch, capsys):
    run = write_run(tmp_path / "tiny", *tiny_tables())
    monkeypatch.setenv("GLOWSIM_OFFER_THREADS", "many")
    assert cli_main.main(["report", str(run), "--out", str(tmp_path / "rep")]) == 2
    err = capsys.readouterr().err
    assert err == ("glowsim report: error: GLOWSIM_OFFER_THREADS='many': give a whole number "
                   "from 1 to 64 (or leave it unset for 2)\n")


def test_a_bad_duckdb_setting_is_named_before_the_run_is_read(tmp_path, monkeypatch, capsys):
    run = write_run(tmp_path / "tiny", *tiny_tables())
    monkeypatch.setenv("GLOWSIM_DUCKDB_MEMORY", "lots")
    assert cli_main.main(["report", str(run), "--out", str(tmp_path / "rep")]) == 2
    assert capsys.readouterr().err == (
        "glowsim report: error: GLOWSIM_DUCKDB_MEMORY='lots': give a memory size from 64MB to "
        "1024TB such as 1GB or 512MB (or leave it unset for 1GB)\n")


@pytest.mark.parametrize("name,raw", [("GLOWSIM_DUCKDB_MEMORY", "1B"), ("GLOWSIM_OFFER_GAMES", "0"),
                                      ("GLOWSIM_DUCKDB_THREADS", "1000")])
def test_every_command_refuses_a_bad_setting_before_it_starts(tmp_path, monkeypatch, capsys, name, raw):
    # a run would play its games before a report or a balance search reads them: the setting
    # is refused first, and the run folder is not made
    (tmp_path / "s.yaml").write_text("engine: reference\nplayers: 2\ngames: 2\n")
    monkeypatch.setenv(name, raw)
    assert cli_main.main(["run", str(tmp_path / "s.yaml"), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"glowsim run: error: {name}={raw!r}: give a ") and err.count("\n") == 1
    assert not (tmp_path / "out").exists()
