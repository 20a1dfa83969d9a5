"""`glowsim report RUN_DIR [--out DIR] [--variant NAME]`: tables, figures and one report from a
run folder."""
from __future__ import annotations

import time
from pathlib import Path


def add_parser(sub):
    p = sub.add_parser("report", help="write report.html, summary.md, figures and tables of a run",
                       description="Turn a run folder (written by `glowsim run`) into report.html "
                                   "(self-contained, figures embedded), summary.md, figures/*.png "
                                   "and tables/*.csv.")
    p.add_argument("run_dir", metavar="RUN_DIR", help="run folder: manifest.json + Parquet tables")
    p.add_argument("--out", metavar="DIR", default=None,
                   help="output folder (default: RUN_DIR/report)")
    p.add_argument("--variant", metavar="NAME", default=None,
                   help="report this variant of the run alone (default: every variant; the "
                        "card, side and balance sections read those playing the published game, "
                        "or each variant in turn when none does)")
    p.set_defaults(func=run)
    return p


def check_manifest(run_dir) -> None:
    """The run folder's manifest has the types of one (glowsim/runner/manifest.py) before any
    table is read: a damaged or edited one is one line naming the file and the field."""
    import json
    from pathlib import Path

    from ..runner.manifest import check_read_manifest
    path = Path(run_dir) / "manifest.json"
    if not path.is_file():
        return   # the report says what is missing
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return   # the report's reader says what is wrong with the file
    check_read_manifest(data, path)


def run(args) -> int:
    from ..report import write_report
    from .compiled import prepare_cards
    from .args import check_writable_folder
    if args.out is not None:
        check_writable_folder("--out", args.out, "the report")
    check_manifest(args.run_dir)
    if (Path(args.run_dir) / "manifest.json").is_file():   # else the report says what is missing
        prepare_cards()
    t0 = time.perf_counter()
    res = write_report(args.run_dir, args.out, args.variant)
    print(f"wrote {res.out / 'report.html'}")
    print(f"wrote {res.out / 'summary.md'}")
    print(f"wrote {res.figures} figures to {res.out / 'figures'} and {res.tables} tables to "
          f"{res.out / 'tables'} in {time.perf_counter() - t0:.1f} s")
    for title in res.missing:
        print(f"note: section '{title}': not in this run (see report)")
    return 0
