"""A report's sections in order: the overview, "At a glance" (each section's headlines),
then every section of glowsim/report/sections.py, bots.py and solo.py.  The card, adventurer,
board-side and balance sections read the variants that play the published game; when none
does, they are given once per block of variants, named in their titles."""
from __future__ import annotations

import html
import re

from .. import analysis as A
from ..analysis.names import card_names
from ..analysis.solo import solo_variants
from ..analysis.variants import check_variant, reference_groups
from .bots import ladder_section, rankings_section
from .pickvalue import (lead_with_pick_values, with_bot_pick_values, with_pick_regret,
                        with_pick_sweeps)
from .sections import Section, adventurers, balance, cards, overview, rerolls, sides, sweeps
from .solo import solo_section


def glance(sections: list[Section], per_section: int = 2) -> Section:
    """Each section once, with its headlines (or its first findings), for a reader with one
    minute; the sections not in this run are named together on one line."""
    s = Section("glance", "At a glance")
    absent = []
    for sec in sections:
        lines = sec.headlines or sec.findings[:per_section]
        if lines:
            s.findings.append(f"{sec.title}: " + " ".join(lines))
        elif sec.missing:
            absent.append(sec.title)
    if absent:
        s.findings.append("Not in this run (each section says what produces it): "
                          + ", ".join(absent) + ".")
    return s


def _tag(sections: list[Section], label: str) -> list[Section]:
    """Sections of one block of variants: the block's name in titles, keys and file names."""
    slug = re.sub(r"[^A-Za-z0-9]+", "-", label).strip("-").lower() or "variant"
    for sec in sections:
        sec.title = f"{sec.title}: {label}"
        sec.key = f"{sec.key}-{slug}"
        for f in sec.figures:
            f.name = f"{f.name}-{slug}"
        for t in sec.tables:
            t.name = f"{t.name}-{slug}"
    return sections


def build_sections(run: A.Run, variant: str | None = None) -> list[Section]:
    """Every section of the report.  The card, adventurer, board-side and balance sections
    read the variants that play the published game; when none does, they are given once per
    block of variants (:func:`glowsim.analysis.variants.reference_groups`).  ``variant``: the
    whole report on that variant alone (:class:`glowsim.analysis.variants.VariantError` naming the run's variants when
    it holds no such variant)."""
    if variant is not None:
        run = run.subset([check_variant(run, variant)])
    solo = solo_variants(run)          # solo games (R9) have their own section only
    multi = run.subset([v for v in run.variant_names if v not in solo]) if solo else run
    names, adv_names = card_names(run)
    blocks = reference_groups(multi) if multi.n_games else []
    body: list[Section] = []
    for label, variants in blocks:
        ref = multi.subset(variants)
        part = [balance(ref), lead_with_pick_values(cards(ref, names), ref, names),
                adventurers(ref, adv_names), sides(ref)]
        body += _tag(part, label) if len(blocks) > 1 else part
    if multi.n_games:
        ref = multi.subset([v for _, vs in blocks for v in vs])
        rr = rerolls(multi, ref)
        if len(blocks) > 1:
            rr.intro.insert(0, "Rerolls used by source: the games of every variant named in the "
                               "sections above pooled per player count and side ("
                               + ", ".join(html.escape(v) for _, vs in blocks for v in vs)
                               + ").")
        body += [rr, with_pick_sweeps(sweeps(multi, names, adv_names), multi, names),
                 with_pick_regret(ladder_section(multi), multi),
                 with_bot_pick_values(rankings_section(multi, names, adv_names), multi, names)]
    body.append(solo_section(run, adv_names))
    return [overview(run, blocks)] + [glance(body)] + body
