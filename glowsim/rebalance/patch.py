"""The rebalancer's output patch: a YAML content patch (glowsim/content/loader.py format).

It holds only the edited numbers, relative to the scenario's content, so a
scenario loads it on top of its own content with ``content_files: [patch.yaml]``
(or ``glowsim cards --content patch.yaml`` on the shipped game).  Each edited
card carries a comment with its name and the metric before and after on the
verification games.  :func:`check_patch` reads the written file back through
the content loader and checks it gives exactly the content the search played.
"""
from __future__ import annotations

from pathlib import Path

from ..content.yamlio import load_yaml_file
from ..scenarios.expand import ResolvedRun, game_for
from .edits import edits_patch


class PatchError(RuntimeError):
    """The written patch does not give the searched content (a bug, not a user error)."""


def patch_text(edits, header: list[str], notes: dict | None = None) -> str:
    """YAML text of the edits' patch, with `header` comment lines and a comment per card
    (`notes`: CardKey -> text)."""
    notes = notes or {}
    lines = [f"# {h}" if h else "#" for h in header]
    data = edits_patch(edits)
    if not data:
        lines.append("{}   # no edit")
        return "\n".join(lines) + "\n"
    by_card = {}
    for e in edits:
        by_card.setdefault((e.card.section, e.card.id), []).append(e)
    for section in ("companions", "adventurers"):
        if section not in data:
            continue
        lines.append(f"{section}:")
        for cid in sorted(data[section]):
            card_edits = by_card[(section, cid)]
            note = notes.get(card_edits[0].card, "")
            lines.append(f"  {cid}:" + (f"   # {note}" if note else ""))
            plain = [e for e in card_edits if not e.field.startswith("effect.")]
            effect = [e for e in card_edits if e.field.startswith("effect.")]
            for e in plain:
                lines.append(f"    {e.field}: {e.new}   # was {e.old}")
            if effect:
                lines.append("    effect:")
                for e in sorted(effect, key=lambda e: e.field):
                    lines.append(f"      {e.field.split('.', 1)[1]}: {e.new}   # was {e.old}")
    return "\n".join(lines) + "\n"


def write_patch(path, edits, header: list[str], notes: dict | None = None) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(patch_text(edits, header, notes), encoding="utf-8")
    return path


def check_patch(run: ResolvedRun, path, edits) -> str:
    """Load `path` on top of the scenario's content; it must equal the searched content.
    Returns the content hash."""
    data, lines = load_yaml_file(path)
    if data != edits_patch(edits) and not (data in (None, {}) and not edits):
        raise PatchError(f"{path}: the written patch reads back as {data!r}, "
                         f"expected {edits_patch(edits)!r}")
    dawn = run.dawn is not None          # a Dawn run: its content is the Dawn content (D1)
    loaded = game_for(tuple(run.patches) + ((data or {}, str(path), lines),), dawn=dawn)
    wanted = game_for(tuple(run.patches) + (((edits_patch(edits), "rebalance patch", {}),)
                                            if edits else ()), dawn=dawn)
    if loaded.hash != wanted.hash:
        raise PatchError(f"{path}: loading the patch gives content {loaded.hash}, the search "
                         f"played {wanted.hash}")
    return loaded.hash
