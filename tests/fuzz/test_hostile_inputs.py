"""Malformed game records, position files, GLOWSIM_* settings, `bench --report` folders and
output paths (tests/fuzz/hostile.py): each refused with exit status 2 and one line naming
the file, field or option, no traceback, before any long work, within a time limit."""
import signal

import pytest

from glowsim.cli.main import main
from glowsim.problems import MAX_PROBLEMS

from .hostile import SETTINGS, bench_cases, path_cases, position_cases, record_cases, \
    records_parquet_cases

LIMIT = 60   # seconds (a guard against a hang, not a speed test)


class TooSlow(BaseException):
    """Raised by the alarm: not an Exception, so the command cannot report it as its own."""


def _alarm(signum, frame):
    raise TooSlow()


def refused(argv, capsys, names, lines=1):
    """Run the command: exit status 2, at most `lines` lines on stderr naming every word of
    names, nothing on stdout, no traceback, no internal error."""
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(LIMIT)
    try:
        rc = main(argv)
    except TooSlow:
        pytest.fail(f"{argv}: still running after {LIMIT} s")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    out, err = capsys.readouterr()
    assert rc == 2, f"{argv}: exit {rc}\n{out}{err}"
    assert not out.strip(), f"{argv}: printed before refusing:\n{out}"
    assert "Traceback" not in err and "internal error" not in err, err
    got = err.strip().splitlines()
    assert 1 <= len(got) <= lines, f"{argv}: {len(got)} lines:\n{err}"
    assert got[0].startswith(f"glowsim {argv[0]}: error: "), got[0]
    for n in names:
        assert n in err, f"{argv}: the message does not name {n!r}:\n{err}"
    return err


def _materialise(case, d):
    cid, files, argv, names = case
    for name, data in files.items():
        p = d / name
        p.parent.mkdir(parents=True, exist_ok=True)
        if data is None:
            p.mkdir()
        elif isinstance(data, bytes):
            p.write_bytes(data)
        else:
            p.write_text(data, encoding="utf-8")
    return ([a.replace("{d}", str(d)) for a in argv], [n.replace("{d}", str(d)) for n in names])


def _snapshot(d):
    return sorted((str(p.relative_to(d)), p.stat().st_size) for p in d.rglob("*"))


RECORDS = record_cases() + records_parquet_cases()
POSITIONS = position_cases()
BENCH = bench_cases()
PATHS = path_cases()


@pytest.mark.parametrize("case", RECORDS, ids=[c[0] for c in RECORDS])
def test_a_malformed_game_record_is_refused_in_one_line(case, tmp_path, capsys):
    argv, names = _materialise(case, tmp_path)
    refused(argv, capsys, names)


@pytest.mark.parametrize("case", POSITIONS, ids=[c[0] for c in POSITIONS])
def test_a_malformed_position_file_is_refused_in_one_line(case, tmp_path, capsys):
    argv, names = _materialise(case, tmp_path)
    many = case[0] == "position-many-unknown-fields"      # 5000 problems: capped, counted
    err = refused(argv, capsys, names, lines=MAX_PROBLEMS + 1 if many else 1)
    if many:
        assert "... and 4980 more problem(s) (5000 in all)" in err


@pytest.mark.parametrize("case", BENCH, ids=[c[0] for c in BENCH])
def test_bench_report_refuses_a_folder_it_may_not_write(case, tmp_path, capsys):
    argv, names = _materialise(case, tmp_path)
    before = _snapshot(tmp_path)
    refused(argv, capsys, names)
    assert _snapshot(tmp_path) == before, "bench --report wrote into the folder"


@pytest.mark.parametrize("case", PATHS, ids=[c[0] for c in PATHS])
def test_an_output_path_or_option_is_refused_before_the_work(case, tmp_path, capsys):
    argv, names = _materialise(case, tmp_path)
    refused(argv, capsys, names)
    assert not list(tmp_path.rglob("*.png")) and not list(tmp_path.rglob("*.json"))


@pytest.fixture(scope="module")
def tiny_run(tmp_path_factory):
    from analysis.synth import tiny_tables, write_run
    return write_run(tmp_path_factory.mktemp("settings") / "tiny", *tiny_tables())


@pytest.mark.parametrize("var,value", SETTINGS, ids=[f"{v}={x}" for v, x in SETTINGS])
def test_a_setting_that_cannot_be_used_is_refused_before_any_command(var, value, tiny_run, tmp_path,
                                                                     monkeypatch, capsys):
    monkeypatch.setenv(var, value)
    refused(["report", str(tiny_run), "--out", str(tmp_path / "report")], capsys, (var, repr(value)))
    assert not (tmp_path / "report").exists()
    (tmp_path / "s.yaml").write_text("engine: reference\nplayers: 2\ngames: 2\n")
    refused(["run", str(tmp_path / "s.yaml"), "--out", str(tmp_path / "out")], capsys, (var,))
    assert not (tmp_path / "out").exists()


def test_a_scenario_of_5000_unknown_fields_gives_20_lines_and_a_count(tmp_path, capsys):
    text = "engine: reference\ngames: 2\n" + "".join(f"k{i}: 1\n" for i in range(5000))
    (tmp_path / "s.yaml").write_text(text)
    err = refused(["run", str(tmp_path / "s.yaml"), "--out", str(tmp_path / "out")], capsys,
                  ("s.yaml, line 3: k0: unknown field 'k0'",), lines=MAX_PROBLEMS + 1)
    assert err.strip().splitlines()[-1] == (f"{tmp_path / 's.yaml'}: ... and 4980 more problem(s) "
                                            f"(5000 in all); fix the ones above first")


@pytest.mark.parametrize("name", ["s.yaml", "p.yaml"])
def test_a_file_of_200000_keys_is_refused_in_one_line_before_it_is_built(name, tmp_path, capsys):
    """A scenario (or a content patch it names) holding more values than any real one is
    refused from the parser's events, not built node by node and checked key by key."""
    keys = "".join(f"k{i}: 1\n" for i in range(200_000))
    if name == "s.yaml":
        (tmp_path / "s.yaml").write_text("engine: reference\ngames: 2\n" + keys)
    else:
        (tmp_path / "s.yaml").write_text("engine: reference\ngames: 2\ncontent_files: [p.yaml]\n")
        (tmp_path / "p.yaml").write_text(keys)
    refused(["run", str(tmp_path / "s.yaml"), "--out", str(tmp_path / "out")], capsys,
            (name, "more than 100000 values"))
    assert not (tmp_path / "out").exists()


def test_report_out_a_file_is_refused_before_the_run_is_read(tmp_path, capsys):
    (tmp_path / "f").write_text("x")
    for out, words in ((tmp_path / "f", ("--out", "is a file")),
                       (tmp_path / "f" / "r", ("--out", f"{tmp_path / 'f'} is a file"))):
        # the run folder does not exist: the --out check comes first
        refused(["report", str(tmp_path / "no-run"), "--out", str(out)], capsys, words)
    assert (tmp_path / "f").read_text() == "x"


def test_balance_refuses_a_sweep_over_the_number_it_sets_at_the_users_line(tmp_path, capsys):
    (tmp_path / "s.yaml").write_text(
        "engine: fast\nplayers: 2\ngames: 100\nsweep:\n"
        "  - {field: content.companions.A11, values: [{bursts: 1}, {bursts: 2}]}\n")
    err = refused(["balance", str(tmp_path / "s.yaml"), "--card", "A11", "--variant",
                   'companions.A11={"bursts":1}', "--out", str(tmp_path / "b")], capsys,
                  ("s.yaml, line 5: sweep.0.field", "content.companions.A11.bursts"))
    assert not (tmp_path / "b").exists()
