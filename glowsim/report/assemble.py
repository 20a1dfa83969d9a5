"""A report's sections in order: the overview, "At a glance" (each section's headlines),
a sweep's answer (glowsim/report/sweepreport.py; or its observational section when the run
forks no pick), then every section of glowsim/report/sections.py, bots.py and solo.py.  The
card, adventurer, board-side and balance sections read the variants that play the published
game; when none does, a sweep gives them per swept value (glowsim/report/sweepvalues.py) and
another run once per block of variants, named in their titles."""
from __future__ import annotations

import html
import re

from .. import analysis as A
from ..analysis.names import card_names
from ..analysis.solo import solo_variants
from ..analysis.variants import check_variant, reference_groups
from .bots import ladder_section, rankings_section
from ..analysis.picks import SLICE as PICK_SLICE
from ..analysis.picks import pick_values
from . import tables as T
from .pickvalue import (has_picks, lead_with_pick_values, with_bot_pick_values,
                        with_pick_regret)
from . import figures as F
from .slices import RULE, headline_slice
from .sections import Section, adventurers, balance, cards, overview, rerolls, sides, sweeps
from .solo import solo_section
from .sweepreport import sweep_answers
from .sweepvalues import per_value_sections


def glance(sections: list[Section], per_section: int = 2, games: dict | None = None,
           swept: bool = False) -> Section:
    """Each section once, with its headlines (or its first findings), for a reader with one
    minute; the sections not in this run are named together on one line.  ``games``
    ({(n_players, side): games} of the variants the sections read): with several slices, an
    intro names the one every headline speaks of (glowsim/report/slices.py); ``swept``: the
    sweep's answer, first, is given for each of them."""
    s = Section("glance", "At a glance")
    if games and len(games) > 1:
        n, side = headline_slice(list(games), games)
        s.intro.append(("The sweep's answer is given for every player count and side; "
                        "elsewhere, where" if swept else "Where")
                       + f" a section holds several player counts or board sides, its line "
                       f"here speaks of {RULE}: <b>{html.escape(F.slice_label(n, side))}</b>; "
                       f"the others are in the section.")
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
    read the variants that play the published game; when none does, a sweep gives them per
    swept value, another run once per block of variants
    (:func:`glowsim.analysis.variants.reference_groups`).  ``variant``: the
    whole report on that variant alone (:class:`glowsim.analysis.variants.VariantError` naming the run's variants when
    it holds no such variant)."""
    if variant is not None:
        run = run.subset([check_variant(run, variant)])
    solo = solo_variants(run)          # solo games (R9) have their own section only
    multi = run.subset([v for v in run.variant_names if v not in solo]) if solo else run
    names, adv_names = card_names(run)
    blocks = reference_groups(multi) if multi.n_games else []
    by_value = bool(blocks) and T.reported_by_value(multi)
    # a sweep's pick values by variant, once for its answer and its companion table
    values = (pick_values(multi, by=PICK_SLICE) if by_value and has_picks(multi) else None)
    answers, answered = (sweep_answers(multi, names, values=values) if multi.n_games
                         else ([], set()))
    # a sweep's answer first: by pick value, then any sweep only the observational metrics read
    rest = sweeps(multi, names, adv_names, skip=answered) if multi.n_games else None
    body: list[Section] = list(answers) + ([rest] if rest is not None and not rest.missing
                                           else [])
    if by_value:        # a sweep: one long-form table per measure, not a section per variant
        ref = multi.subset([v for _, vs in blocks for v in vs])
        body += per_value_sections(ref, names, adv_names,
                                   None if values is None else
                                   values[values["variant"].astype(str).isin(ref.variant_names)])
    for label, variants in ([] if by_value else blocks):
        ref = multi.subset(variants)
        part = [lead_with_pick_values(cards(ref, names), ref, names),   # the card answer first
                adventurers(ref, adv_names), balance(ref), sides(ref)]
        body += _tag(part, label) if len(blocks) > 1 else part
    if multi.n_games:
        ref = multi.subset([v for _, vs in blocks for v in vs])
        rr = rerolls(multi, ref)
        if len(blocks) > 1:
            rr.intro.insert(0, "Rerolls used by source: the games of every variant named in the "
                               "sections above pooled per player count and side ("
                               + ", ".join(html.escape(v) for _, vs in blocks for v in vs)
                               + ").")
        body.append(rr)
        if rest.missing and not answers:       # a sweep answered above is not missing
            body.append(rest)
        body += [with_pick_regret(ladder_section(multi), multi),
                 with_bot_pick_values(rankings_section(multi, names, adv_names), multi, names)]
    body.append(solo_section(run, adv_names))
    games = (A.slice_counts(multi.subset([v for _, vs in blocks for v in vs]))
             if len(blocks) == 1 or by_value else None)
    return ([overview(run, blocks, by_value), glance(body, games=games, swept=bool(answers))]
            + body)
