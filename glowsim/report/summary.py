"""summary.md: the findings of every section, the figure list with captions, and the glossary."""
from __future__ import annotations

import html
import re

from .glossary import as_markdown


def _plain(text: str) -> str:
    """Section intros are HTML; markdown gets the plain text."""
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def build_summary(title: str, sections, generated: str) -> str:
    lines = [f"# {title}", "", generated, ""]
    for s in sections:
        lines += [f"## {s.title}", ""]
        lines += [_plain(p) for p in s.intro]
        if s.intro:
            lines.append("")
        lines += [f"- {f}" for f in s.findings]
        if s.findings:
            lines.append("")
        if s.missing:
            lines += [f"> {s.missing}", ""]
        for f in s.figures:
            lines.append(f"- ![{f.title}](figures/{f.name}.png) {f.caption}")
        for t in s.tables:
            lines.append(f"- table `tables/{t.name}.csv`: {t.title}")
        lines.append("")
    lines += ["## Glossary", "", as_markdown()]
    return "\n".join(lines)
