"""glowsim train on Dawn games (docs/bots.md): the recruit picks of Dawn games are fitted
(`ld_*`, `learned` bit 8) and nothing else, the base-game weights stay the start's; the
training is the same on one or two workers and resumed; a scenario mixing Dawn and base runs
is one line, exit status 2."""
from __future__ import annotations

import numpy as np
import pytest
import yaml

from glowsim.cli.main import main
from glowsim.errors import UserError
from glowsim.scenarios import parse_scenario
from glowsim.spec.botparams import (BP_LD, BP_LEARNED, LEARNED_BITS, NLD, PRESETS, model_vector,
                                    read_model)
from glowsim.train import TrainOptions, train

SCENARIO = """name: tiny-dawn-train
players: 4
seed: 3
seat: {adventurer: random, bot: master}
dawn: {sets: [elemental, anibloom, draconic]}
variants:
  - {name: 4p prov, side: province}
  - {name: 5p arch, players: 5, side: archipelago}
"""
TINY = dict(games=12, check_games=20)


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    sc = parse_scenario(SCENARIO, "tiny-dawn.yaml")
    out = tmp_path_factory.mktemp("train-dawn")
    res = train(sc, TrainOptions(generations=2, workers=1, **TINY), out)
    return sc, out, res


def test_dawn_training_fits_the_dawn_recruit_picks_alone(trained):
    sc, out, res = trained
    assert tuple(res.options.decisions) == ("dawn",)
    master = PRESETS["master"]
    for g in res.generations:
        assert set(g.fits) == {"dawn"} and g.data["dawn"]["rows"] > 0
        assert len(g.fits["dawn"]["weights"]) == NLD
        cand = np.array(g.candidate)
        # the base game's weights and every other parameter are the start's (master's)
        assert np.array_equal(cand[:BP_LEARNED], master[:BP_LEARNED])
        assert np.array_equal(cand[BP_LEARNED + 1:BP_LD], master[BP_LEARNED + 1:BP_LD])
        assert int(cand[BP_LEARNED]) == int(master[BP_LEARNED]) | LEARNED_BITS["dawn"]
        assert np.array_equal(cand[BP_LD:], np.array(g.fits["dawn"]["weights"]))


def test_dawn_training_is_the_same_on_two_workers_and_resumed(trained, tmp_path):
    sc, out, res = trained
    other = tmp_path / "other"
    train(sc, TrainOptions(generations=1, workers=2, **TINY), other)
    res2 = train(sc, TrainOptions(generations=2, workers=2, **TINY), other)
    for a, b in zip(res.generations, res2.generations):
        assert a.candidate == b.candidate and a.vs_previous == b.vs_previous and a.fits == b.fits
    assert np.array_equal(res.best, res2.best)


def test_cli_dawn_training_writes_the_model_with_both_blocks(tmp_path):
    scn = tmp_path / "tiny-dawn.yaml"
    scn.write_text(SCENARIO)
    out = tmp_path / "t"
    assert main(["train", str(scn), "--generations", "1", "--games", "12", "--check-games", "20",
                 "--out", str(out), "--quiet"]) == 0
    text = (out / "report.md").read_text()
    assert "(dawn)" in text and "| 0 |" in text
    data = read_model(out / "master.yaml")
    assert data["trained"] == read_model()["trained"]      # the start's base-game training
    assert data["trained_dawn"]["scenario"] == "tiny-dawn-train"
    v, master = model_vector(data), PRESETS["master"]
    assert np.array_equal(v[:BP_LEARNED], master[:BP_LEARNED])
    assert np.array_equal(v[BP_LEARNED + 1:BP_LD], master[BP_LEARNED + 1:BP_LD])
    assert yaml.safe_load((out / "master.yaml").read_text())["base"] == "expert"


def test_a_scenario_mixing_dawn_and_base_runs_is_refused(tmp_path, capsys):
    mixed = SCENARIO.replace("dawn: {sets: [elemental, anibloom, draconic]}\n", "").replace(
        "  - {name: 5p arch, players: 5, side: archipelago}",
        "  - {name: 4p dawn, side: archipelago, dawn: {sets: [elemental]}}")
    with pytest.raises(UserError, match="dawn"):
        train(parse_scenario(mixed, "mixed.yaml"), TrainOptions(generations=1, **TINY), tmp_path / "m")
    scn = tmp_path / "mixed.yaml"
    scn.write_text(mixed)
    assert main(["train", str(scn), "--generations", "1", "--out", str(tmp_path / "x"),
                 "--quiet"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "4p prov" in err[0] and "dawn" in err[0]


def test_a_base_training_from_master_keeps_its_dawn_block(tmp_path):
    """Trained on base games from master, the model keeps master's Dawn recruit weights (not
    fitted there) and says how they were trained."""
    text = SCENARIO.replace("dawn: {sets: [elemental, anibloom, draconic]}\n", "").replace(
        "  - {name: 5p arch, players: 5, side: archipelago}", "  - {name: 3p arch, players: 3, side: archipelago}")
    scn = tmp_path / "base.yaml"
    scn.write_text(text)
    out = tmp_path / "b"
    assert main(["train", str(scn), "--generations", "1", "--games", "12", "--reroll-sample", "0.2",
                 "--check-games", "20", "--out", str(out), "--quiet"]) == 0
    data = read_model(out / "master.yaml")
    assert data["trained_dawn"] == read_model()["trained_dawn"]
    assert data["trained"]["scenario"] == "tiny-dawn-train"
    v = model_vector(data)
    assert np.array_equal(v[BP_LD:], PRESETS["master"][BP_LD:])
    assert int(v[BP_LEARNED]) & LEARNED_BITS["dawn"]
