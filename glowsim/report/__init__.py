"""Reports: a run folder -> report.html (self-contained), summary.md, figures/*.png, tables/*.csv.

    >>> from glowsim.report import write_report
    >>> result = write_report("runs/default", "runs/default/report")
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import __version__
from ..analysis import load_run
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
    out = Path(out_dir) if out_dir is not None else Path(run_dir) / "report"
    sections = build_sections(run, variant)
    (out / "figures").mkdir(parents=True, exist_ok=True)
    (out / "tables").mkdir(parents=True, exist_ok=True)
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


__all__ = ["ReportResult", "write_report"]
