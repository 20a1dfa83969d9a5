"""summary.md: the markdown twin of the HTML page (glowsim/report/html.py): the findings of
every section, tables shown in full, the figure and table lists with captions, the glossary."""
from __future__ import annotations

import html
import re

import pandas as pd

from .glossary import GLOSSARY, as_markdown


def _plain(text: str) -> str:
    """Section intros are HTML; markdown gets the plain text."""
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def markdown_table(df: pd.DataFrame, align: list[str] | None = None) -> list[str]:
    """The lines of a markdown table of `df` (none when it is empty); `align`: the header rule
    of each column ("---", "---:"), "---" by default."""
    if df.empty:
        return []
    cols = list(df.columns)
    rule = align or ["---"] * len(cols)
    lines = ["| " + " | ".join(cols) + " |", "| " + " | ".join(rule) + " |"]
    for row in df.itertuples(index=False):
        lines.append("| " + " | ".join(str(v).replace("|", "\\|") for v in row) + " |")
    return lines


def build_summary(title: str, sections, generated: str, glossary=GLOSSARY) -> str:
    lines = [f"# {title}", "", generated, ""]
    for s in sections:
        lines += [f"## {s.title}", ""]
        lines += [_plain(p) for p in s.intro]
        if s.intro:
            lines.append("")
        lines += [f"- {f}" for f in s.findings]
        if s.findings:
            lines.append("")
        for t in s.tables:
            if t.shown and len(t.df):
                lines += [f"### {t.title}", ""] + markdown_table(t.df) + [""]
        if s.missing:
            lines += [f"> {s.missing}", ""]
        for f in s.figures:
            lines.append(f"- ![{f.title}](figures/{f.name}.png) {f.caption}")
        for t in s.tables:
            lines.append(f"- table `tables/{t.name}.csv`: {t.title}")
        lines.append("")
    lines += ["## Glossary", "", as_markdown(glossary)]
    return "\n".join(lines)
