"""glowsim train: the within-decision fit recovers known weights; a training is reproducible
(the same result on one or two workers, and resumed from its checkpoints) and writes a
report and a model file the engine reads back."""
from __future__ import annotations

import json

import numpy as np
import pytest

from glowsim.cli.main import main
from glowsim.spec.botparams import BP_LEARNED, BP_LR, NLR, model_vector, read_model
from glowsim.scenarios import parse_scenario
from glowsim.train import Stats, TrainOptions, solve, train
from glowsim.train.data import Batch
from glowsim.train.fit import stats_of

SCENARIO = """name: tiny-train
players: 2
seed: 3
seat: {adventurer: random, bot: expert}
variants:
  - {name: prov, side: province}
  - {name: arch, side: archipelago}
"""
TINY = dict(games=24, reroll_sample=0.2, check_games=40)


def synthetic(w, n_dec=3000, seed=0, noise=1.0):
    """Decisions of 2-6 rows: y = w . x + a decision's own offset + noise."""
    rng = np.random.default_rng(seed)
    xs, ys, gs = [], [], []
    for d in range(n_dec):
        m = int(rng.integers(2, 7))
        x = rng.normal(0.0, 1.0, (m, len(w)))
        xs.append(x)
        ys.append(x @ w + rng.normal(0.0, 50.0) + rng.normal(0.0, noise, m))
        gs.append(np.full(m, d))
    x, y, g = np.concatenate(xs), np.concatenate(ys), np.concatenate(gs)
    return Batch(x, y, g, g // 10, np.zeros(len(y), bool), len(y), float(len(y)))


def test_fit_recovers_weights_within_decisions():
    """The decisions' own offsets (sd 50, fifty times the noise) cancel: the weights come back
    within a few standard errors."""
    w = np.array([1.5, -0.7, 0.0, 3.0])
    f = solve(stats_of(synthetic(w)))
    assert np.all(np.abs(f.weights - w) < 5 * f.se + 1e-3)
    assert np.all(f.se < 0.05)


def test_fit_sums_add_up_and_bounds_hold():
    w = np.array([1.5, -0.7, 0.4, 3.0])
    a, b = synthetic(w, seed=1), synthetic(w, seed=2)
    both = stats_of(a) + stats_of(b)
    assert both.rows == len(a.y) + len(b.y)
    assert Stats.from_json(both.to_json()).rows == both.rows
    # feature 2's weight is positive; bounded to <= 0 it is 0, the others stay near theirs
    f = solve(both, signs=np.array([1, -1, -1, 0]))
    assert f.weights[2] == 0.0 and f.weights[0] > 1.3 and f.weights[1] < -0.5


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    sc = parse_scenario(SCENARIO, "tiny.yaml")
    out = tmp_path_factory.mktemp("train")
    res = train(sc, TrainOptions(generations=2, workers=1, **TINY), out)
    return sc, out, res


def test_train_generations_are_checkpointed_and_reproducible(trained, tmp_path):
    sc, out, res = trained
    assert len(res.generations) == 2
    for g in res.generations:
        assert (out / f"gen-{g.number:03d}" / "candidate.yaml").is_file()
        assert g.cpu_seconds > 0 and g.data["recruit"]["rows"] > 0
        assert 0.0 <= g.vs_previous[1] <= g.vs_previous[0] <= g.vs_previous[2] <= 1.0
    # two workers, in two steps (one generation, then resumed to two): the same generations
    other = tmp_path / "other"
    train(sc, TrainOptions(generations=1, workers=2, **TINY), other)
    res2 = train(sc, TrainOptions(generations=2, workers=2, **TINY), other)
    for a, b in zip(res.generations, res2.generations):
        assert a.candidate == b.candidate and a.vs_previous == b.vs_previous and a.fits == b.fits
    assert np.array_equal(res.best, res2.best)


def test_train_refuses_a_folder_of_another_training(trained):
    sc, out, _ = trained
    from glowsim.errors import UserError
    with pytest.raises(UserError, match="another training"):
        train(sc, TrainOptions(generations=1, workers=1, games=26, reroll_sample=0.2,
                               check_games=40), out)


def test_cli_train_writes_report_and_model(tmp_path, capsys):
    scn = tmp_path / "tiny.yaml"
    scn.write_text(SCENARIO)
    out = tmp_path / "t"
    args = ["train", str(scn), "--generations", "1", "--games", "24", "--reroll-sample", "0.2",
            "--check-games", "40", "--out", str(out), "--quiet"]
    assert main(args) == 0
    text = (out / "report.md").read_text()
    assert "| 0 |" in text and "against expert" in text
    data = read_model(out / "master.yaml")
    v = model_vector(data)
    gen = json.loads((out / "gen-000" / "generation.json").read_text())
    if gen["accepted"]:
        assert v[BP_LEARNED] > 0 and np.any(v[BP_LR:BP_LR + NLR] != 0)
    assert main(args[:2] + ["--games", "1"]) == 2     # below the allowed range: one line, exit 2
    assert "--games" in capsys.readouterr().err
