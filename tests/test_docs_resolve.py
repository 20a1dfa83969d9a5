"""The docs resolve inside the repository.

- Every rule number cited in the code and the tests (R1..R9: the rulings of docs/rules.md;
  D1..D18: the Dawn expansion's sections of docs/rules.md; E1..E19: the engine conventions of
  docs/contract.md section 2), in comments, docstrings and test names, is defined in one of those
  two files.
- No file holds an absolute path of one machine's home or work folders, or a diary's
  "session N".
- Every relative link of the markdown pages points to a file that exists, and an anchor to a
  heading of that file; every path of the repository's sources a page names
  (`glowsim/fast/play.py`, or short under glowsim/ or tests/: `fast/kernel/ktables.py`) exists.
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES, CONTRACT = ROOT / "docs" / "rules.md", ROOT / "docs" / "contract.md"

# a rule number standing alone or in a name (test_rules_R5, E14-E17, E1..E19), not inside a
# longer word or number (hex colours, 1E5)
CITED = re.compile(r"(?<![A-Za-z0-9])([RED])(\d+)(?![A-Za-z0-9])")
R_DEFINED = re.compile(r"^#{2,4}\s+([RD]\d+)\b", re.M)       # "### R5 Noon: resolve", "### D6 ..."
E_DEFINED = re.compile(r"^- \*\*(E\d+)\b", re.M)             # "- **E3 Noon order.**"
NOQA = re.compile(r"noqa:[\sA-Z0-9,]*")                       # linter codes (E402), not rules
ABSOLUTE = re.compile(r"(?<![\w.~-])/(?:work|home)(?:/|\b)")
DIARY = re.compile(r"\bsession\s+\d+", re.I)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
SKIP_DIRS = {".git", ".venv", "__pycache__", ".pytest_cache", ".hypothesis", "runs", "build",
             "dist", "node_modules"}
PAGES = ["README.md", "CONTRIBUTING.md", "reports/README.md", "scenarios/README.md",
         "benchmarks/README.md"]
# a path of a file the pages may name: folders/.../name.ext
SOURCE_PATH = re.compile(r"(?<![\w./<>-])((?:[\w.-]+/)+[\w.-]+\.(?:py|md|yaml|ipynb|toml))(?![\w/])")
TOP = ("glowsim", "tests", "benchmarks", "docs", "scenarios", "reports")   # the repository's folders


def repo_files() -> list[Path]:
    """The repository's files: git's list when there is one, else the tree less build output."""
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
        files = [ROOT / f for f in out.stdout.decode().split("\0") if f]
        if files:
            return [f for f in files if f.is_file()]
    except (OSError, subprocess.CalledProcessError):
        pass
    return [p for p in ROOT.rglob("*") if p.is_file()
            and not any(part in SKIP_DIRS or part.endswith(".egg-info")
                        for part in p.relative_to(ROOT).parts)]


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name


def text_of(path: Path) -> str | None:
    data = path.read_bytes()
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def defined_numbers() -> set[str]:
    return set(R_DEFINED.findall(RULES.read_text())) | set(E_DEFINED.findall(CONTRACT.read_text()))


def cited_numbers(paths) -> dict[str, list[str]]:
    """{number: [file:line, ...]} of every R, D or E number cited in the given files."""
    seen: dict[str, list[str]] = {}
    for p in paths:
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
            for kind, num in CITED.findall(NOQA.sub("", line)):
                seen.setdefault(f"{kind}{int(num)}", []).append(f"{_rel(p)}:{n}")
    return seen


def undefined_citations(paths) -> list[str]:
    have = defined_numbers()
    return sorted(f"{num} cited at {where[0]} (and {len(where) - 1} more) is defined in neither "
                  f"docs/rules.md nor docs/contract.md" for num, where in cited_numbers(paths).items()
                  if num not in have)


def machine_words(files) -> list[str]:
    bad = []
    for f in files:
        text = text_of(f)
        if text is None:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            if ABSOLUTE.search(line) or DIARY.search(line):
                bad.append(f"{_rel(f)}:{n}: {line.strip()[:100]}")
    return bad


def _without_code(text: str) -> str:
    text = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)     # fenced blocks
    return re.sub(r"`[^`\n]*`", "", text)                          # inline code


def _anchors(md: Path) -> set[str]:
    out = set()
    for h in re.findall(r"^#{1,6}\s+(.+?)\s*#*\s*$", _without_code(md.read_text()), re.M):
        slug = re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
        out.add(slug)
    return out


def broken_links(pages) -> list[str]:
    bad = []
    for page in pages:
        for target in LINK.findall(_without_code(page.read_text(encoding="utf-8"))):
            if re.match(r"[a-z][a-z0-9+.-]*:", target):            # http:, https:, mailto:
                continue
            path, _, anchor = target.partition("#")
            dest = (page.parent / path).resolve() if path else page
            where = f"{_rel(page)}: link to {target}"
            if path.startswith("/"):
                bad.append(f"{where}: absolute path (links must be relative)")
            elif not dest.exists():
                bad.append(f"{where}: no such file")
            elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
                bad.append(f"{where}: no heading with that anchor in {path or page.name}")
    return bad


def missing_source_paths(pages) -> list[str]:
    """The paths a page names that start at a folder of the repository (glowsim/, tests/, ...)
    or of glowsim/ or tests/ (fast/, engine/, ...) and lead to no file; other paths (a run's
    `runs/...`, a user's `bots/mine.yaml`) are examples, not checked."""
    under = {d.name for base in ("glowsim", "tests") for d in (ROOT / base).iterdir() if d.is_dir()}
    bad = []
    for page in pages:
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            for path in SOURCE_PATH.findall(line):
                first = path.split("/")[0]
                if first in TOP:
                    found = (ROOT / path).exists()
                elif first in under:
                    found = (ROOT / "glowsim" / path).exists() or (ROOT / "tests" / path).exists()
                else:
                    continue
                if not found:
                    bad.append(f"{_rel(page)}:{n}: {path}: no such file")
    return bad


def markdown_pages() -> list[Path]:
    return sorted((ROOT / "docs").glob("*.md")) + [ROOT / p for p in PAGES if (ROOT / p).exists()]


def source_files() -> list[Path]:
    """The package's and the tests' sources (this file's planted examples left out)."""
    return sorted(p for d in ("glowsim", "tests") for p in (ROOT / d).rglob("*")
                  if p.suffix in (".py", ".yaml") and "__pycache__" not in p.parts
                  and p != Path(__file__).resolve())


def test_every_R_D_and_E_number_cited_is_defined():
    assert {"R1", "R9", "D1", "D18", "E1", "E19"} <= defined_numbers()
    assert undefined_citations(source_files()) == []


def test_no_machine_paths_or_diary_in_the_repository():
    assert machine_words(repo_files()) == []


def test_relative_links_of_the_docs_resolve():
    assert broken_links(markdown_pages()) == []


def test_the_source_paths_the_docs_name_exist():
    assert missing_source_paths(markdown_pages()) == []


def test_the_checks_catch_planted_violations(tmp_path):
    """Each check fails on a file that breaks it."""
    planted = tmp_path / "planted.py"
    planted.write_text("# by R10, D19 and E42, see " + "/ho" + "me/someone and Session" + " 3\n"
                       "import os  # noqa: E402 (a linter code, not a rule)\n")
    (tmp_path / "rules.md").write_text(RULES.read_text())
    page = tmp_path / "page.md"
    page.write_text("[a](no-such-file.md) [b](rules.md#no-such-heading) [c](rules.md#setup) "
                    "[d](rules.md#rulings-r1r9) `[e](not-a-link.md)`\n"
                    "`glowsim/fast/no_such.py`, `fast/kernel/ktables.py`, `fast/test_golden.py`, "
                    "`fast/no_such.py`, `runs/x/summary.md`, bots/mine.yaml\n")
    assert [c.split(" cited")[0] for c in undefined_citations([planted])] == ["D19", "E42", "R10"]
    assert len(machine_words([planted])) == 1
    assert [b.split(": ")[-1] for b in broken_links([page])] == [
        "no such file", "no heading with that anchor in rules.md"]
    assert [b.split(": ")[1] for b in missing_source_paths([page])] == [
        "glowsim/fast/no_such.py", "fast/no_such.py"]


@pytest.mark.parametrize("line, hit", [("see /wo" "rk/main/x", True), ("glowsim/work", False),
                                       ("a Session" " 12 note", True), ("scope=\"session\"", False),
                                       ("https://example.org/home/page", False)])
def test_machine_word_patterns(line, hit):
    assert bool(ABSOLUTE.search(line) or DIARY.search(line)) is hit
