"""The one HTML page builder: a self-contained page of report sections (figures embedded as
base64 PNG, tables inline, no outside links), for the run report and the rebalance report."""
from __future__ import annotations

import base64
import html

import numpy as np
import pandas as pd

from .glossary import GLOSSARY

STYLE = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:1100px;margin:2em auto;
 padding:0 1em;color:#222;line-height:1.45}
h1{border-bottom:2px solid #264653}h2{margin-top:2em;border-bottom:1px solid #ccc}
figure{margin:1.5em 0}figure img{max-width:100%;border:1px solid #eee}
figcaption{font-size:.92em;color:#444;margin-top:.3em}
.missing{background:#fff6e0;border-left:4px solid #e9c46a;padding:.5em 1em}
.findings li{margin:.2em 0}
details{margin:.6em 0}summary{cursor:pointer;color:#264653}
table{border-collapse:collapse;font-size:.8em;margin:.5em 0}
td,th{border:1px solid #ddd;padding:2px 6px;text-align:right}th{background:#f3f3f3}
td:first-child,th:first-child{text-align:left}
nav a{margin-right:1em}
dt{font-weight:bold;margin-top:.5em}
"""

# tables shown in full on the page (TableOut.shown) rather than folded
SHOWN_STYLE = ".shown td{text-align:left}"

MAX_ROWS = 60


def fmt_cell(v) -> str:
    if isinstance(v, (float, np.floating)):
        if np.isnan(v):
            return ""
        return f"{v:.4g}" if abs(v) < 1e5 else f"{v:,.0f}"
    return html.escape(str(v))


def table_html(df: pd.DataFrame) -> str:
    d = df.head(MAX_ROWS)
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in d.columns)
    body = "".join("<tr>" + "".join(f"<td>{fmt_cell(v)}</td>" for v in row) + "</tr>"
                   for row in d.itertuples(index=False))
    more = (f"<p>First {MAX_ROWS} of {len(df)} rows; all rows in the CSV.</p>"
            if len(df) > MAX_ROWS else "")
    return f"<table><tr>{head}</tr>{body}</table>{more}"


def build_html(title: str, sections, generated: str, glossary=GLOSSARY) -> str:
    """The page: title, the line saying what made it, a link to each section, the sections
    (intro, findings, tables shown in full, figures, what the run lacks, folded tables) and the
    glossary ((term, definition) pairs)."""
    shown = any(t.shown for s in sections for t in s.tables)
    out = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
           f"<title>{html.escape(title)}</title><style>{STYLE}"
           f"{SHOWN_STYLE if shown else ''}</style></head><body>",
           f"<h1>{html.escape(title)}</h1><p>{html.escape(generated)}</p><nav>"]
    out += [f"<a href='#{s.key}'>{html.escape(s.title)}</a>" for s in sections]
    out.append("<a href='#glossary'>Glossary</a></nav>")
    for s in sections:
        out.append(f"<h2 id='{s.key}'>{html.escape(s.title)}</h2>")
        out += [f"<p>{p}</p>" for p in s.intro]          # intro is trusted text built by us
        if s.findings:
            out.append("<ul class='findings'>" + "".join(
                f"<li>{html.escape(f)}</li>" for f in s.findings) + "</ul>")
        for t in s.tables:
            if t.shown and len(t.df):
                out.append(f"<h3>{html.escape(t.title)}</h3><div class='shown'>{table_html(t.df)}"
                           f"</div><p>{html.escape(t.caption)}</p>")
        for f in s.figures:
            b64 = base64.b64encode(f.png).decode("ascii")
            out.append(f"<figure><img alt='{html.escape(f.title)}' "
                       f"src='data:image/png;base64,{b64}'><figcaption>{html.escape(f.caption)}"
                       f"</figcaption></figure>")
        if s.missing:
            out.append(f"<p class='missing'>{html.escape(s.missing)}</p>")
        for t in (t for t in s.tables if not t.shown):
            cap = f" - {html.escape(t.caption)}" if t.caption else ""
            out.append(f"<details><summary>Table: {html.escape(t.title)} "
                       f"(tables/{t.name}.csv){cap}</summary>{table_html(t.df)}</details>")
    out.append("<h2 id='glossary'>Glossary</h2><dl>")
    out += [f"<dt>{html.escape(t)}</dt><dd>{html.escape(d)}</dd>" for t, d in glossary]
    out.append("</dl></body></html>")
    return "\n".join(out)
