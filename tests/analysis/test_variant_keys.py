"""Slice keys given as variant constants (glowsim/analysis/variantkeys.py) against the join.

Every table built on ``player_rows`` must be the same whether the keys come from the
variant (no join) or from joining ``games``.  The join path is forced by making
``constant_keys`` answer None.  Runs: as the runner writes them (keys constant: the
variant path is taken), and hand-edited ones where it must not be taken (a key that varies
within a variant, a gap or a repeated game) or must leave rows out (a variant whose key is
null, players rows whose game is missing past the end)."""
import numpy as np
import pandas as pd
import pytest

from glowsim import analysis as A
from glowsim.analysis import ranks, rows, seats, sides
from glowsim.analysis.variantkeys import constant_keys

from .synth import random_run

SLICE = ["n_players", "side"]


def _tables(run) -> dict[str, tuple[pd.DataFrame, list[str]]]:
    """The tables built on player_rows, each with its key columns."""
    adv = ["n_players", "side", "assignment"]
    return {
        "adventurers": (A.adventurer_strength(run, draft=False), adv + ["adventurer"]),
        "seats": (seats.seat_win_rates(run), SLICE + ["turn_pos"]),
        "balance": (A.seat_summary(run), SLICE),
        "sides": (A.side_summary(run), SLICE),
        "score_parts": (sides.score_parts(run), SLICE + ["part"]),
        "histogram": (sides.score_histogram(run), SLICE + ["score"]),
        "rerolls": (A.reroll_usage(run), SLICE),
        "blocks": (ranks.block_sums(run, "adventurer", adv), adv + ["card", "block"]),
        "by_variant": (A.side_summary(run, by=["variant", "n_players", "side"]),
                       ["variant"] + SLICE),
    }


def _same(new: pd.DataFrame, ref: pd.DataFrame, keys: list[str], name: str):
    assert len(new) == len(ref), name
    assert list(new.columns) == list(ref.columns), name
    m = ref.merge(new, on=keys, suffixes=("_ref", ""), how="left", validate="one_to_one")
    for c in ref.columns:
        if c in keys:
            continue
        a, b = m[f"{c}_ref"], m[c]
        if pd.api.types.is_numeric_dtype(a) and pd.api.types.is_numeric_dtype(b):
            np.testing.assert_allclose(b.to_numpy(float), a.to_numpy(float), rtol=1e-9,
                                       atol=1e-12, equal_nan=True, err_msg=f"{name}.{c}")
        else:
            assert (a.astype(str) == b.astype(str)).all(), f"{name}.{c}"


def _both_paths(path, monkeypatch):
    """The tables with the keys as the run allows, and with the join forced."""
    got = _tables(A.load_run(path))
    with monkeypatch.context() as m:
        m.setattr(rows, "constant_keys", lambda *a, **k: None)
        ref = _tables(A.load_run(path))
    for name, (df, keys) in ref.items():
        _same(got[name][0], df, keys, name)
    return got


@pytest.fixture(scope="module")
def clean_dir(tmp_path_factory):
    return random_run(tmp_path_factory.mktemp("vk") / "run", games=40)


@pytest.fixture(params=["13", "100000"], ids=["blocks", "one-block"])
def blocks(request, monkeypatch):
    monkeypatch.setenv("GLOWSIM_PART_GAMES", request.param)


def _edited(src, dst, edit):
    """A copy of the run folder ``src`` with its games table passed through ``edit``."""
    import shutil
    shutil.copytree(src, dst)
    games = pd.read_parquet(dst / "games.parquet")
    edit(games).to_parquet(dst / "games.parquet", index=False)
    return dst


def test_a_runner_run_takes_the_variant_path(clean_dir, blocks, monkeypatch):
    run = A.load_run(clean_dir)
    keys = constant_keys(run, SLICE)
    assert keys is not None
    assert sorted(keys.values) == sorted(run.present_variants)
    assert keys.values["3p-archipelago"] == ("CAST('3' AS BIGINT)", "CAST('archipelago' AS VARCHAR)")
    assert keys.ranges["3p-archipelago"] == (0, 39)
    got = _both_paths(clean_dir, monkeypatch)
    assert got["sides"][0]["games"].sum() == 40 * len(run.present_variants)


def test_a_key_varying_within_a_variant_falls_back_to_the_join(clean_dir, tmp_path, blocks,
                                                                monkeypatch):
    def edit(g):
        g.loc[(g["variant"] == "4p-province") & (g["game_index"] < 10), "side"] = "archipelago"
        return g
    path = _edited(clean_dir, tmp_path / "run", edit)
    assert constant_keys(A.load_run(path), SLICE) is None
    assert constant_keys(A.load_run(path), ["n_players"]) is not None
    got = _both_paths(path, monkeypatch)
    s = got["sides"][0].set_index(SLICE)["games"]
    assert s[(4, "archipelago")] == 40 + 10


@pytest.mark.parametrize("edit", ["gap", "repeat", "gap-and-repeat"])
def test_a_gap_or_a_repeated_game_falls_back_to_the_join(clean_dir, tmp_path, edit,
                                                          monkeypatch):
    """Also a gap filled by a repeat: as many games as the range is long, one index twice."""
    def change(g):
        hit = (g["variant"] == "2p-province") & (g["game_index"] == 7)
        twice = (g["variant"] == "2p-province") & (g["game_index"] == 8)
        if edit == "gap":
            return g[~hit]
        if edit == "repeat":
            return pd.concat([g, g[hit]], ignore_index=True)
        return pd.concat([g[~hit], g[twice]], ignore_index=True)
    path = _edited(clean_dir, tmp_path / "run", change)
    assert constant_keys(A.load_run(path), SLICE) is None
    _both_paths(path, monkeypatch)


def test_null_keys_and_missing_last_games_leave_the_same_rows_out(clean_dir, tmp_path, blocks,
                                                                  monkeypatch):
    def edit(g):
        g["side"] = g["side"].astype(object)
        g.loc[g["variant"] == "2p-archipelago", "side"] = None
        return g[~((g["variant"] == "3p-province") & (g["game_index"] >= 30))]
    path = _edited(clean_dir, tmp_path / "run", edit)
    keys = constant_keys(A.load_run(path), SLICE)
    assert keys is not None and "2p-archipelago" not in keys.values
    assert keys.ranges["3p-province"] == (0, 29)
    got = _both_paths(path, monkeypatch)
    s = got["sides"][0].set_index(SLICE)["games"]
    assert (2, "archipelago") not in s.index
    r = got["rerolls"][0].set_index(SLICE)
    assert r.loc[(3, "province"), "games"] == 30
    assert r.loc[(3, "province"), "players"] == 30 * 3
