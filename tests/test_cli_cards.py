"""`glowsim cards` and the CLI frame."""
import csv
import io
import json
import subprocess
import sys
from collections import Counter

from glowsim.cli.main import main
from glowsim.content import load_content


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cards_csv_matches_content(capsys):
    code, out, _ = run(capsys, "cards", "--format", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(out.splitlines()) == 54
    assert sum(r["deck"] == "adventurer" for r in rows) == 7
    assert sum(r["deck"] in ("A", "B") for r in rows) == 46
    content = load_content()
    by_id = {r["id"]: r for r in rows}
    for cid, c in content.companions.items():
        assert by_id[cid]["name"] == c.name and int(by_id[cid]["bursts"]) == c.bursts
    assert by_id["A19"]["trigger"] == "same:4"
    assert by_id["A19"]["effect"] == "+10 bursts, discard self"
    assert by_id["A19"]["powers"] == "1 firefly"
    assert by_id["eoles"]["effect"] == "+2 bursts, +1 firefly"
    assert by_id["B14"]["trigger"] == "water absent:rock"
    assert by_id["A20"]["powers"] == "black die"


def test_cards_text_exact_head(capsys):
    code, out, _ = run(capsys, "cards")
    lines = out.splitlines()
    assert lines[0].split() == ["id", "name", "deck", "bursts", "trigger", "effect", "powers"]
    assert lines[2].split()[:5] == ["braccio", "Braccio", "adventurer", "1", "leaf+leaf"]
    assert len(lines) == 55


def test_cards_with_bad_patch_is_a_clear_error(capsys, tmp_path):
    p = tmp_path / "p.yaml"
    p.write_text("companions:\n  A11: {bursts: many}\n")
    code, out, err = run(capsys, "cards", "--content", str(p))
    assert code == 2 and "Traceback" not in err
    assert "p.yaml, line 2: companions.A11.bursts" in err


def test_module_entry_point_version():
    r = subprocess.run([sys.executable, "-m", "glowsim", "--version"], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.startswith("glowsim ")


# ---- the Dawn expansion (docs/rules.md D1..D18) ----

ELEMENTAL = """\
id    name       deck  set                    bursts  trigger                        effect                                     powers
----  ---------  ----  ---------------------  ------  -----------------------------  -----------------------------------------  ---------------------
A101  Li'Lan     A     elemental                   0  elements:3 cost:1 reroll       +5 bursts
A102  Phyrene    A     elemental                   2  elements:4                     +3 footprints
A103  Celes      A     elemental                   2  elements:1-2                   +2 rerolls
A104  Sketal     A     elemental                   0  absent:cloud,water             +2 fireflies, discard self                 sketal die purple
B105  Celes      B     elemental                   0  elements:3                     +3 bursts, +2 fireflies
B106  Esul       B     elemental                   1  absent:rock cost:2 footprints  +8 bursts                                  2 fireflies
B107  Crolos     B     elemental                   0                                                                            a reroll for 2 bursts
B108  Phyrene    B     elemental                   4  elements:1-2                   +3 bursts, discard a companion or a spell
A08   Donillilu  A     replaced by elemental       0  absent:water                   +2 bursts, +1 reroll
A10   Xar'gok    A     replaced by elemental      -1  fire+fire                      cast spells, discard self
A12   Briki      A     replaced by elemental       5  cloud+fire                     +2 footprints, discard self
A20   Kaar       A     replaced by elemental       4                                                                            black die
B05   Wapoki     B     replaced by elemental       2  leaf+water                     +2 bursts, +1 firefly                      1 firefly
B06   Tamnuca    B     replaced by elemental       2  rock                           +1 footprint
B18   Cromaug    B     replaced by elemental      -1  cloud                          resurrect, discard self
B21   Sketal     B     replaced by elemental       2  leaf+leaf                      +2 footprints, discard self                sketal die any
"""


def test_cards_one_dawn_set_text_exact(capsys):
    code, out, _ = run(capsys, "cards", "--set", "elemental")
    assert code == 0 and out == ELEMENTAL


def test_cards_dawn_csv_every_part_with_its_new_fields(capsys):
    from glowsim.content import load_dawn_content
    code, out, _ = run(capsys, "cards", "--dawn", "--format", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0]) == ["id", "name", "deck", "set", "bursts", "trigger", "effect", "powers"]
    # 3 adventurers, 24 companions of the sets, the 24 base cards they replace, 4 spells, the bag
    assert Counter(r["deck"] for r in rows) == {"adventurer": 3, "A": 24, "B": 24, "spell": 4, "butterfly": 6}
    assert Counter(r["set"] for r in rows) == {
        "": 7, "elemental": 8, "anibloom": 8 + 6, "draconic": 8, "replaced by elemental": 8,
        "replaced by anibloom": 8, "replaced by draconic": 8}
    content = load_dawn_content()
    by_id = {r["id"]: r for r in rows}
    for cid, c in content.companions.items():
        if c.set is not None:
            assert (by_id[cid]["name"], int(by_id[cid]["bursts"]), by_id[cid]["set"]) == (c.name, c.bursts, c.set)
    assert [r["id"] for r in rows[:3]] == ["zaydrel", "hulios", "elldir"]
    assert by_id["zaydrel"]["trigger"] == "elements:1-2"
    assert by_id["zaydrel"]["powers"] == "1 large black die, 2 large multi dice"
    assert by_id["hulios"]["powers"] == "2 large light green dice"
    assert by_id["B205"]["trigger"] == "cloud cost:1 footprint"
    assert by_id["B205"]["effect"] == "exchange 2 butterflies"
    assert by_id["B206"]["powers"] == "2 rerolls each round"
    assert by_id["B207"]["trigger"] == "leaf+water cost:1 butterfly"
    assert by_id["B305"]["trigger"] == "cloud+leaf cost:2 fireflies"
    assert by_id["A204"]["effect"] == "draw 2 butterflies"
    assert (by_id["S9"]["deck"], by_id["S9"]["trigger"], by_id["S9"]["effect"]) == ("spell", "elements:3", "-3 fireflies")
    assert by_id["S9"]["bursts"] == ""
    assert by_id["bf_fireflies"]["effect"] == "+2 fireflies"
    assert by_id["bf_ignore"]["effect"] == "ignore an element"
    assert by_id["colours"]["powers"].startswith("6 of each of green, blue, azure, red, orange, purple; kept; "
                                                 "1/3/6/10/15/21 bursts for 1-6 tokens of one colour, +10")


def test_cards_dawn_text_has_every_row(capsys):
    code, out, _ = run(capsys, "cards", "--dawn")
    lines = out.splitlines()
    assert code == 0 and lines[0].split() == ["id", "name", "deck", "set", "bursts", "trigger", "effect", "powers"]
    assert len(lines) == 2 + 61
    assert lines[2].split()[:6] == ["zaydrel", "Zay'Drel", "adventurer", "0", "elements:1-2", "+2"]


def test_cards_set_json_with_the_butterfly_bag(capsys):
    code, out, _ = run(capsys, "cards", "--set", "anibloom", "--format", "json")
    assert code == 0
    rows = json.loads(out)
    assert [r["id"] for r in rows[:8]] == ["A201", "A202", "A203", "A204", "B205", "B206", "B207", "B208"]
    assert [r["id"] for r in rows[16:]] == ["colours", "bf_reroll", "bf_footprint", "bf_fireflies",
                                          "bf_discard", "bf_ignore"]
    assert all(r["set"] == "anibloom" for r in rows[:8] + rows[16:])
    assert rows[16]["bursts"] is None and rows[0]["bursts"] == -2
    assert rows[6] == {"id": "B207", "name": "Vorivi", "deck": "B", "set": "anibloom", "bursts": 2,
                       "trigger": "leaf+water cost:1 butterfly", "effect": "+6 bursts", "powers": "1 firefly"}


def test_cards_sets_without_the_bag_list_no_tokens(capsys):
    code, out, _ = run(capsys, "cards", "--set", "draconic", "--set", "elemental", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and len(rows) == 32 and {r["deck"] for r in rows} == {"A", "B"}
    assert rows[0]["id"] == "A301" and rows[16]["id"] == "A101"


def test_cards_unknown_set_is_one_line(capsys):
    code, out, err = run(capsys, "cards", "--set", "elementl")
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [
        "glowsim cards: error: --set 'elementl': no such set (did you mean 'elemental'?); allowed: "
        "elemental, anibloom, draconic"]


def test_cards_a_designers_card_in_a_set(capsys, tmp_path):
    p = tmp_path / "card.yaml"
    p.write_text("companions:\n  B309: {name: Drakon, set: draconic, bursts: 3, "
                 "trigger: {elements: [2, 2], cost: {fireflies: 1}}, effect: {butterflies: 1, bursts: 2}}\n")
    code, out, _ = run(capsys, "cards", "--set", "draconic", "--content", str(p), "--format", "csv")
    rows = {r["id"]: r for r in csv.DictReader(io.StringIO(out))}
    assert code == 0 and rows["B309"] == {
        "id": "B309", "name": "Drakon", "deck": "B", "set": "draconic", "bursts": "3",
        "trigger": "elements:2 cost:1 firefly", "effect": "+2 bursts, draw 1 butterfly", "powers": ""}


def test_cards_lists_a_dawn_field_of_a_base_patch(capsys, tmp_path):
    """Listing is not playing: the base tables show a Dawn field a patch gives (the playing
    commands refuse it, tests/test_dawn_refused.py)."""
    p = tmp_path / "p.yaml"
    p.write_text("companions:\n  A11: {reroll_for_bursts: 3}\n")
    code, out, _ = run(capsys, "cards", "--content", str(p), "--format", "csv")
    by_id = {r["id"]: r for r in csv.DictReader(io.StringIO(out))}
    assert code == 0 and by_id["A11"]["powers"] == "a reroll for 3 bursts"
