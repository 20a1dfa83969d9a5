"""`glowsim cards` and the CLI frame."""
import csv
import io
import subprocess
import sys

from glowsim.cli.main import main
from glowsim.content import load_content


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cards_csv_matches_content(capsys):
    code, out, _ = run(capsys, "cards", "--format", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(out.splitlines()) == 54
    assert sum(r["deck"] == "adventurer" for r in rows) == 7
    assert sum(r["deck"] in ("A", "B") for r in rows) == 46
    content = load_content()
    by_id = {r["id"]: r for r in rows}
    for cid, c in content.companions.items():
        assert by_id[cid]["name"] == c.name and int(by_id[cid]["bursts"]) == c.bursts
    assert by_id["A19"]["trigger"] == "same:4"
    assert by_id["A19"]["effect"] == "+10 bursts, discard self"
    assert by_id["A19"]["powers"] == "1 firefly"
    assert by_id["eoles"]["effect"] == "+2 bursts, +1 firefly"
    assert by_id["B14"]["trigger"] == "water absent:rock"
    assert by_id["A20"]["powers"] == "black die"


def test_cards_text_exact_head(capsys):
    code, out, _ = run(capsys, "cards")
    lines = out.splitlines()
    assert lines[0].split() == ["id", "name", "deck", "bursts", "trigger", "effect", "powers"]
    assert lines[2].split()[:5] == ["braccio", "Braccio", "adventurer", "1", "leaf+leaf"]
    assert len(lines) == 55


def test_cards_with_bad_patch_is_a_clear_error(capsys, tmp_path):
    p = tmp_path / "p.yaml"
    p.write_text("companions:\n  A11: {bursts: many}\n")
    code, out, err = run(capsys, "cards", "--content", str(p))
    assert code == 2 and "Traceback" not in err
    assert "p.yaml, line 2: companions.A11.bursts" in err


def test_module_entry_point_version():
    r = subprocess.run([sys.executable, "-m", "glowsim", "--version"], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.startswith("glowsim ")
