"""Content patches and sweeps over Dawn cards (docs/rules.md D1, D18) in Dawn scenarios: the
patched numbers reach the games the reference engine plays; a patch of a card the run never
deals, or of a Dawn card in a base-game run, is refused in one line (exit status 2)."""
import pandas as pd
import pytest

from glowsim.cli.main import main
from glowsim.runner.verify_run import verify_run
from glowsim.scenarios import ScenarioError, expand, parse_scenario

from tests.runner.scenario_runs import run_text

# Knif A301 (Draconic) prints -4 bursts; Vorivi B207 (Anibloom) pays 1 butterfly token (D7)
SWEEP = """players: 4
seat: {bot: greedy}
games: 16
chunk_games: 8
seed: 3
dawn: {sets: [draconic]}
sweep:
  - field: content.companions.A301.bursts
    values: [-4, 12]
"""


@pytest.fixture(scope="module")
def swept(tmp_path_factory):
    out = tmp_path_factory.mktemp("dawnsweep")
    return out, run_text(SWEEP, "sweep.yaml", out, workers=1, record_every=8)


def test_a_sweep_over_a_dawn_card_plays_each_value(swept):
    out, res = swept
    runs = {v["name"]: v for v in res.manifest["identity"]["variants"]}
    assert set(runs) == {"companions.A301.bursts=-4", "companions.A301.bursts=12"}
    assert all(v["dawn"] == {"sets": ["draconic"]} for v in runs.values())
    rec = pd.read_parquet(out / "recruits.parquet")
    knif = rec[(rec.companion == "A301") & (rec.left_round == -1)]
    # the recruits table's `printed_bursts`: the card's printed bursts when in play at the end
    for name, printed in (("companions.A301.bursts=-4", -4), ("companions.A301.bursts=12", 12)):
        kept = knif[knif.variant == name]
        assert len(kept) > 0 and (kept.printed_bursts == printed).all()


def test_the_swept_values_share_their_seeds_and_verify(swept):
    out, _ = swept
    g = pd.read_parquet(out / "games.parquet")
    # common random numbers: every variant plays the same sets on the same game indices
    sets = g.pivot(index="game_index", columns="variant", values="dawn_sets")
    assert (sets.nunique(axis=1) == 1).all()
    res = verify_run(out)
    assert res.problems == [] and res.replayed == 4


def test_a_content_patch_of_a_dawn_card_changes_the_content_hash():
    base = "players: 4\nseat: {bot: greedy}\ndawn: {sets: [anibloom]}\n"
    plain = expand(parse_scenario(base, "a.yaml"))[0]
    patched = expand(parse_scenario(base + "content:\n  companions:\n    B207: {trigger: "
                                    "{symbols: [leaf, water], cost: {butterflies: 2}}}\n",
                                    "b.yaml"))[0]
    assert plain.content_hash != patched.content_hash
    row = patched.game().catalog.companion_row("B207")
    assert patched.game().dawn.cost[row][1] == 2     # D7: the cost the engine reads


S = "seat: {bot: greedy}\ngames: 4\n"
REFUSED = [
    ("dawn_card_in_base_game", S + "content:\n  companions:\n    A301: {bursts: 2}\n",
     "x.yaml, line 5: companions.A301: cannot change it: A301 is a companion of Dawn's draconic "
     "set and this run plays the base game; add `dawn: {sets: [draconic]}` to the scenario or "
     "the variant, or patch it in the variants that play Dawn (docs/rules.md D1)"),
    ("dawn_adventurer_in_base_game", S + "content:\n  adventurers:\n    hulios: {bursts: 4}\n",
     "x.yaml, line 5: adventurers.hulios: cannot change it: hulios is a Dawn adventurer and this "
     "run plays the base game; add `dawn: {sets: []}`"),
    ("remove_dawn_card_in_base_game", S + "remove: [B207]\n",
     "x.yaml, line 3: remove.0: cannot remove 'B207': B207 is a companion of Dawn's anibloom set "
     "and this run plays the base game"),
    ("set_not_chosen", S + "dawn: {sets: [elemental]}\nsweep:\n  - field: "
     "content.companions.A301.bursts\n    values: [1, 2]\n",
     "x.yaml, line 6: companions.A301: A301 is a companion of Dawn's draconic set, which this "
     "run never deals (sets: elemental, 4 players, D1); add draconic to dawn.sets, or patch it "
     "in the variants that play draconic"),
    ("set_not_drawn_at_five", "players: 5\n" + S + "dawn: {sets: [anibloom, elemental]}\n"
     "content:\n  companions:\n    A301: {bursts: 2}\n",
     "companions.A301: A301 is a companion of Dawn's draconic set, which this run never deals "
     "(sets: anibloom, elemental, 5 players, D1)"),
    ("replaced_base_card", S + "dawn: {sets: [draconic]}\ncontent:\n  companions:\n"
     "    A11: {bursts: 2}\n",
     "x.yaml, line 6: companions.A11: A11 is taken out of the deck by Dawn's draconic set at 4 "
     "players (its `replaces`, D1), so this run never deals it; leave draconic out of "
     "dawn.sets, or patch it in the variants that deal it"),
    ("variant_without_the_set", S + "variants:\n  - name: ani\n    dawn: {sets: [anibloom]}\n"
     "    content:\n      companions:\n        A301: {bursts: 2}\n",
     "x.yaml, line 8: companions.A301: A301 is a companion of Dawn's draconic set, which this "
     "run never deals (sets: anibloom, 4 players, D1)"),
]


@pytest.mark.parametrize("text,message", [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_a_patch_the_run_cannot_deal_is_refused_in_one_line(text, message, tmp_path, capsys):
    with pytest.raises(ScenarioError) as err:
        expand(parse_scenario(text, "x.yaml"))
    assert message in str(err.value) and len(str(err.value).splitlines()) == 1
    p = tmp_path / "x.yaml"
    p.write_text(text)
    assert main(["run", str(p), "--out", str(tmp_path / "r")]) == 2
    got = capsys.readouterr().err.strip().splitlines()
    assert len(got) == 1 and "Traceback" not in got[0]
    assert not (tmp_path / "r").exists()


@pytest.mark.parametrize("players,sets", [(5, "[anibloom]"), (6, "[elemental, anibloom, draconic]")])
def test_at_five_and_six_players_a_set_that_may_be_drawn_may_be_patched(players, sets):
    # D1: at 5 players with one set chosen a second is drawn among the others; 6 plays all
    text = f"players: {players}\n{S}dawn: {{sets: {sets}}}\ncontent:\n  companions:\n" \
           f"    A301: {{bursts: 2}}\n    A11: {{bursts: 2}}\n"
    run = expand(parse_scenario(text, "x.yaml"))[0]
    assert run.game().content.companions["A301"].bursts == 2


def test_train_refuses_a_scenario_mixing_dawn_and_base_runs_in_one_line(tmp_path, capsys):
    # a training fits the recruit picks of Dawn games on a Dawn scenario, the base game's
    # decisions on a base scenario (docs/bots.md); not both at once
    s = tmp_path / "d.yaml"
    s.write_text("seat: {bot: heuristic}\ngames: 4\nvariants:\n  - {name: base}\n"
                 "  - {name: dawn, dawn: {sets: [draconic]}}\n")
    assert main(["train", str(s), "--out", str(tmp_path / "t"), "--generations", "1",
                 "--games", "4"]) == 2
    err = capsys.readouterr().err.replace("\r", "\n").strip().splitlines()
    assert "Traceback" not in "".join(err)
    assert err[-1].startswith("glowsim train: error: run 'base': dawn: a training's runs are all "
                              "Dawn games")
