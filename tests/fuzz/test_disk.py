"""Filesystem failures: one line naming the path and the cause, exit status 2, no traceback,
the chunks already played kept, no temporary file left; the same command then resumes.

The tests run as root, for whom permissions do not apply: a failing disk is simulated by making
the writes raise the OSError the system would (ENOSPC, EACCES, EROFS)."""
import errno
import json
import os

import pytest

from glowsim.cli.main import main
from glowsim.runner import store as store_mod
from glowsim.runner.verify_run import verify_run

from .folders import QUICK


@pytest.fixture
def scenario(tmp_path):
    p = tmp_path / "s.yaml"
    p.write_text(QUICK)
    return p


def _run(scenario, out, capsys):
    rc = main(["run", str(scenario), "--out", str(out), "--quiet", "--workers", "1"])
    return rc, capsys.readouterr()


def test_disk_full_while_writing_chunks_keeps_what_was_played_and_resumes(scenario, tmp_path, capsys, monkeypatch):
    out = tmp_path / "run"
    real = store_mod.write_bytes
    calls = []

    def full_after_five(where, data):
        calls.append(where)
        if len(calls) > 5:   # the second chunk's second file: the disk is full
            with open(where, "wb") as f:   # a partly written temporary file, as a real full disk leaves
                f.write(data[:4])
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(where, data)
    monkeypatch.setattr(store_mod, "write_bytes", full_after_five)
    rc, cap = _run(scenario, out, capsys)
    assert rc == 2 and "Traceback" not in cap.err
    (line,) = cap.err.strip().splitlines()
    assert line.startswith(f"glowsim run: error: {out}/chunks/") and \
        line.endswith(": cannot write: no space left on the device (disk full)")
    assert not list(out.rglob("*.tmp")), "a temporary file was left behind"
    assert len(list(out.glob("chunks/*/c*.index.json"))) == 1   # the first chunk is kept
    monkeypatch.setattr(store_mod, "write_bytes", real)
    rc, cap = _run(scenario, out, capsys)
    assert rc == 0 and "1 chunks resumed" in cap.out
    assert verify_run(out, games=2).ok


@pytest.mark.parametrize("err", [PermissionError(errno.EACCES, "Permission denied"),
                                 OSError(errno.EROFS, "Read-only file system")])
def test_a_folder_that_cannot_be_written_is_one_line(scenario, tmp_path, capsys, monkeypatch, err):
    out = tmp_path / "run"

    def refuse(self, *a, **kw):
        raise type(err)(err.errno, err.strerror, str(self))
    monkeypatch.setattr(type(out), "mkdir", refuse)
    rc, cap = _run(scenario, out, capsys)
    cause = "permission denied" if err.errno == errno.EACCES else "read-only file system"
    assert rc == 2 and cap.err == f"glowsim run: error: {out}: cannot write: {cause}\n"


def test_a_manifest_that_cannot_be_replaced_leaves_no_temporary_file(scenario, tmp_path, capsys, monkeypatch):
    out = tmp_path / "run"
    real = os.replace

    def readonly(src, dst):
        if str(dst).endswith("manifest.json"):
            raise OSError(errno.EROFS, "Read-only file system")
        return real(src, dst)
    monkeypatch.setattr(store_mod.os, "replace", readonly)
    rc, cap = _run(scenario, out, capsys)
    assert rc == 2 and cap.err == f"glowsim run: error: {out}/manifest.json: cannot write: read-only file system\n"
    assert not list(out.rglob("*.tmp"))


def test_stale_temporary_files_are_removed_when_a_run_starts(scenario, tmp_path, capsys):
    out = tmp_path / "run"
    assert _run(scenario, out, capsys)[0] == 0
    stale = [out / ".games.parquet.99999.tmp", out / "chunks" / "000-a" / ".c000000.games.parquet.99999.tmp"]
    for p in stale:
        p.write_bytes(b"half")
    rc, cap = _run(scenario, out, capsys)
    assert rc == 0 and not any(p.exists() for p in stale)
    assert json.loads((out / "manifest.json").read_text())["status"] == "complete"


@pytest.mark.parametrize("where", ["file", "under-file"])
def test_out_that_is_a_file_or_under_one(scenario, tmp_path, capsys, where):
    f = tmp_path / "taken"
    f.write_text("x")
    out = f if where == "file" else f / "run"
    rc, cap = _run(scenario, out, capsys)
    assert rc == 2 and "Traceback" not in cap.err
    want = {"file": f"{f}: is a file, not a folder; choose another --out",
            "under-file": f"{out}: cannot write: a part of the path is a file, not a folder"}[where]
    assert cap.err == f"glowsim run: error: {want}\n"
    assert f.read_text() == "x"


def test_report_out_under_a_file_is_one_line(scenario, tmp_path, capsys):
    out = tmp_path / "run"
    assert _run(scenario, out, capsys)[0] == 0
    f = tmp_path / "taken"
    f.write_text("x")
    rc = main(["report", str(out), "--out", str(f / "report")])
    err = capsys.readouterr().err
    assert rc == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert str(f) in err and "a file, not a folder" in err
