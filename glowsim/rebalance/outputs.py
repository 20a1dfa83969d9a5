"""The rebalance folder: patch.yaml, rebalance.json, report.html, summary.md, figures, tables.

    OUT/patch.yaml       the content patch (load it with content_files: [patch.yaml])
    OUT/rebalance.json   options, edits, stop reason, timings, every candidate played
    OUT/report.html      the report section, self-contained (figures embedded)
    OUT/summary.md       the same as markdown
    OUT/figures/*.png    OUT/tables/*.csv
"""
from __future__ import annotations

import json
import math
from dataclasses import asdict
from pathlib import Path

from .. import __version__
from .rebalancer import Rebalance
from .patch import check_patch, write_patch
from .report import METRIC, scenario_names, metric_ci, write_report


def _clean(v):
    if isinstance(v, float) and math.isnan(v):
        return None
    if isinstance(v, dict):
        return {str(k): _clean(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_clean(x) for x in v]
    if hasattr(v, "item"):
        return _clean(v.item())
    return v


def patch_notes(res: Rebalance) -> dict:
    """Per edited card: its name and metric before -> after (fresh games when verified)."""
    names = scenario_names(res)
    st0, st1, where = ((res.verification.before, res.verification.after, "fresh games")
                       if res.verification else (res.search.start, res.search.final, "search games"))
    out = {}
    for e in res.search.edits:
        i = st0.index(e.card)
        k = e.card.kind
        out[e.card] = (f"{names.get((k, e.card.id), '')}: {METRIC[k]} "
                       f"{metric_ci(k, st0.est[i], st0.est_low[i], st0.est_high[i])} → "
                       f"{metric_ci(k, st1.est[i], st1.est_low[i], st1.est_high[i])} ({where})")
    return out


def write_outputs(res: Rebalance, out) -> dict:
    """Write the rebalance folder; returns {name: path}."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    o, sr, ver = res.options, res.search, res.verification
    header = [f"glowsim {__version__} rebalance patch for scenario {res.name} "
              f"({res.run.players} players, {res.run.side})",
              f"every companion's improvement when recruited and adventurer's win rate within "
              f"±{100 * o.tolerance:g} points of the field;",
              f"search: {o.games} games per play, seed {o.seed}; "
              + (f"verified on {ver.games} fresh games, seed {ver.seed}." if ver else "not verified."),
              "The numbers are relative to the scenario's content and go on top of it: add a variant",
              "  variants: [{name: printed}, {name: rebalanced, content_files: [patch.yaml]}]",
              "(a variant's patches apply after the scenario's own `content`; a top-level",
              "content_files entry would apply before it). report.html says why each number changed.",
              ""]
    patch = write_patch(out / "patch.yaml", sr.edits, header, patch_notes(res))
    chash = check_patch(res.run, patch, sr.edits)
    generated = (f"glowsim {__version__}; scenario {res.name}; edited content hash {chash}; "
                 f"search and verification took {res.seconds:.0f} s.")
    files = write_report(res, out, generated)
    summary = {
        "glowsim_version": __version__, "scenario": res.name,
        "options": {k: v for k, v in asdict(o).items() if k != "progress"},
        "edits": [{"kind": e.card.kind, "card": e.card.id, "field": e.field, "before": e.old,
                   "after": e.new} for e in sr.edits],
        "content_hash": chash, "stop_reason": sr.stop_reason, "evaluations": sr.evaluations,
        "plays": sr.plays, "search_seconds": sr.seconds, "total_seconds": res.seconds,
        "verification": {"seed": ver.seed, "games": ver.games} if ver else None,
        "not_fixed": {k.id: {"category": sr.not_fixed_category.get(k, ""), "why": why}
                      for k, why in sr.not_fixed.items()},
        "trace": sr.trace, "log": sr.log,
    }
    (out / "rebalance.json").write_text(json.dumps(_clean(summary), indent=2) + "\n",
                                        encoding="utf-8")
    return {"patch": patch, "report": files.html, "summary": files.markdown,
            "json": out / "rebalance.json"}
