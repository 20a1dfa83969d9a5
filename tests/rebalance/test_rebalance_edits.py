"""What the rebalancer may change (printed bursts, effect amounts) and the patch it writes:
the patch reads back through the content loader and a scenario loads it with content_files."""
from pathlib import Path

import pytest
import yaml

from glowsim.content import load_content
from glowsim.rebalance.edits import (MAX_STEP, CardKey, Edit, allowed_values, edits_patch,
                                     editable_fields, value_range)
from glowsim.rebalance.patch import PatchError, check_patch, patch_text, write_patch
from glowsim.scenarios import expand, load_scenario

C = load_content()


def comp(cid):
    return CardKey("companion", cid)


def test_editable_fields_are_printed_bursts_and_the_printed_effect_amounts():
    assert editable_fields(C, comp("A11")) == ["bursts", "effect.footprints"]      # Briki (R5)
    assert editable_fields(C, comp("A01")) == ["bursts", "effect.bursts", "effect.rerolls"]
    assert editable_fields(C, comp("A20")) == ["bursts"]                            # Kaar: no effect
    assert editable_fields(C, comp("A10")) == ["bursts"]            # Xar'gok: flags only (R5)
    assert editable_fields(C, CardKey("adventurer", "pocana")) == ["bursts"]
    assert editable_fields(C, CardKey("adventurer", "eoles")) == [
        "bursts", "effect.bursts", "effect.fireflies"]


def test_effect_amounts_keep_their_sign_and_never_reach_zero():
    # Sketal A13: effect bursts -4 (R5 discard_self): stays at -1 or below
    assert value_range("effect.bursts", -4) == (-8, -1)
    assert value_range("effect.footprints", 1) == (1, 4)
    # printed bursts may cross 0
    assert value_range("bursts", 0) == (-3, 3) and value_range("bursts", 2, max_change=5) == (-3, 7)


def test_a_number_moves_at_most_its_own_size_or_three():
    assert value_range("bursts", 6) == (0, 12)
    assert value_range("bursts", 18) == (0, 36)        # a planted +15 can go back to 0..3
    assert value_range("bursts", 45) == (0, 50)        # and never past the model's range
    steps = allowed_values("bursts", 18, 18)
    assert min(steps) == 18 - MAX_STEP and max(steps) == 18 + MAX_STEP
    assert list(allowed_values("bursts", 0, 2)) == [-3, -2, -1, 0, 1, 2, 3]


def test_patch_nests_effect_amounts_and_keeps_the_rest_of_the_card():
    edits = [Edit(comp("A11"), "bursts", 6, 4), Edit(comp("B13"), "effect.bursts", 5, 3),
             Edit(CardKey("adventurer", "pocana"), "bursts", 4, 6)]
    patch = edits_patch(edits)
    assert patch == {"companions": {"A11": {"bursts": 4}, "B13": {"effect": {"bursts": 3}}},
                     "adventurers": {"pocana": {"bursts": 6}}}
    c = load_content([patch])
    assert c.companions["A11"].bursts == 4
    assert c.companions["A11"].effect.footprints == 1 and c.companions["A11"].effect.discard_self
    assert c.companions["B13"].effect.bursts == 3 and c.companions["B13"].trigger.symbols
    assert c.adventurers["pocana"].bursts == 6


def test_written_patch_reads_back_and_loads_in_a_scenario(tmp_path):
    edits = [Edit(comp("A11"), "bursts", 6, 4), Edit(comp("B13"), "effect.bursts", 5, 3)]
    text = patch_text(edits, ["a header"], {comp("A11"): "Briki: too strong"})
    assert text.startswith("# a header\n")
    assert "A11:   # Briki: too strong" in text and "bursts: 4   # was 6" in text
    assert yaml.safe_load(text) == edits_patch(edits)
    write_patch(tmp_path / "patch.yaml", edits, ["a header"])
    (tmp_path / "sc.yaml").write_text("players: 4\ngames: 10\ncontent_files: [patch.yaml]\n")
    run = expand(load_scenario(tmp_path / "sc.yaml"))[0]
    content = run.game().content
    assert content.companions["A11"].bursts == 4 and content.companions["B13"].effect.bursts == 3
    base = tmp_path / "base.yaml"
    base.write_text("players: 4\ngames: 10\n")
    run0 = expand(load_scenario(base))[0]
    assert check_patch(run0, tmp_path / "patch.yaml", edits) == run.content_hash
    with pytest.raises(PatchError):
        check_patch(run0, tmp_path / "patch.yaml", edits[:1])


def test_no_edit_writes_an_empty_mapping(tmp_path):
    p = write_patch(tmp_path / "patch.yaml", [], ["nothing to change"])
    assert yaml.safe_load(Path(p).read_text()) == {}
