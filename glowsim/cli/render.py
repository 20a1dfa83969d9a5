"""Render a list of row dicts as an aligned text table, CSV or JSON (one result, three forms)."""
from __future__ import annotations

import csv
import io
import json

FORMATS = ("text", "csv", "json")


def render(rows: list[dict], columns: list[str], fmt: str = "text") -> str:
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=columns, lineterminator="\n", extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
        return buf.getvalue()
    if fmt == "json":
        return json.dumps([{c: r.get(c) for c in columns} for r in rows], indent=1) + "\n"
    cells = [[str(r.get(c, "")) for c in columns] for r in rows]
    widths = [max([len(c)] + [len(row[i]) for row in cells]) for i, c in enumerate(columns)]
    num = [all(_is_num(row[i]) for row in cells) and cells for i in range(len(columns))]

    def line(vals):
        out = [v.rjust(w) if num[i] else v.ljust(w) for i, (v, w) in enumerate(zip(vals, widths))]
        return "  ".join(out).rstrip()

    lines = [line(columns), line(["-" * w for w in widths])] + [line(r) for r in cells]
    return "\n".join(lines) + "\n"


def _is_num(s: str) -> bool:
    try:
        float(s)
        return True
    except ValueError:
        return False
