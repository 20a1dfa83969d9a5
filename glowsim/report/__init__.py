"""Reports: a run folder -> report.html (self-contained), summary.md, figures/*.png, tables/*.csv.

    >>> from glowsim.report import write_report
    >>> result = write_report("runs/default", "runs/default/report")
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import __version__
from ..analysis import load_run
from ..analysis.variants import check_variant
from ..errors import UserError, disk_error
from .html import build_html
from .assemble import build_sections
from .summary import build_summary


@dataclass
class ReportResult:
    out: Path
    figures: int
    tables: int
    missing: list[str]          # titles of sections (or parts) not in this run


def write_report(run_dir, out_dir=None, variant: str | None = None) -> ReportResult:
    """Write the report of a run folder (``variant``: of that variant alone; an unknown name
    raises :class:`glowsim.analysis.variants.VariantError` naming the run's variants)."""
    run = load_run(run_dir)
    if variant is not None:
        check_variant(run, variant)   # an unknown variant is refused before any folder is made
    out = Path(out_dir) if out_dir is not None else Path(run_dir) / "report"
    _make_folders(out)          # before the sections are built: a bad --out is refused at once
    sections = build_sections(run, variant)
    n_fig = n_tab = 0
    for s in sections:
        for f in s.figures:
            (out / "figures" / f"{f.name}.png").write_bytes(f.png)
            n_fig += 1
        for t in s.tables:
            t.df.to_csv(out / "tables" / f"{t.name}.csv", index=False)
            n_tab += 1
    title = f"glowsim report: {run.name}" + (f", variant {variant}" if variant else "")
    generated = (f"Run folder {Path(run_dir).resolve().name}, {run.n_games:,} games; "
                 f"report by glowsim {__version__}.")
    (out / "report.html").write_text(build_html(title, sections, generated), encoding="utf-8")
    (out / "summary.md").write_text(build_summary(title, sections, generated), encoding="utf-8")
    return ReportResult(out, n_fig, n_tab, [s.title for s in sections if s.missing])


def _make_folders(out: Path) -> None:
    """The report's folder with figures/ and tables/, or a UserError naming what is in the way."""
    anc = out
    while not anc.exists() and anc != anc.parent:
        anc = anc.parent
    if anc.exists() and not anc.is_dir():
        raise UserError(f"{out}: {'is a file' if anc == out else f'{anc} is a file'}, not a "
                        f"folder; the report is written into a folder (--out DIR)")
    for sub in ("figures", "tables"):
        try:
            (out / sub).mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise disk_error(out / sub, e, "cannot make the report's folder") from None
        for name in ("report.html", "summary.md") if sub == "figures" else ():
            if (out / name).is_dir():
                raise UserError(f"{out / name}: is a folder; the report writes a file of that "
                                f"name: move it or give another --out")


__all__ = ["ReportResult", "write_report"]
