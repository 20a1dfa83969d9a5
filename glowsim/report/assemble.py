"""A report's sections in order: the overview, "At a glance" (each section's headlines),
then every section of glowsim/report/sections.py, bots.py and solo.py."""
from __future__ import annotations

from .. import analysis as A
from ..analysis.solo import solo_variants
from .bots import ladder_section, rankings_section
from .sections import (Section, adventurers, balance, card_names, cards, overview, rerolls, sides,
                       sweeps)
from .solo import solo_section


def glance(sections: list[Section], per_section: int = 2) -> Section:
    """Each section's headlines (or its first findings), for a reader with one minute."""
    s = Section("glance", "At a glance")
    for sec in sections:
        s.findings += [f"{sec.title}: {f}" for f in
                       (sec.headlines or sec.findings[:per_section])]
        if sec.missing:
            s.findings.append(f"{sec.title}: not in this run.")
    return s


def build_sections(run: A.Run) -> list[Section]:
    solo = solo_variants(run)          # solo games (R9) have their own section only
    multi = run.subset([v for v in run.variant_names if v not in solo]) if solo else run
    ref = multi.subset(multi.reference_variants())
    names, adv_names = card_names()
    body = [balance(ref), cards(ref, names), adventurers(ref, adv_names),
            rerolls(multi, ref), sides(ref), sweeps(multi, names, adv_names),
            ladder_section(multi), rankings_section(multi, names, adv_names)] if multi.n_games else []
    body.append(solo_section(run, adv_names))
    return [overview(run, ref), glance(body)] + body
