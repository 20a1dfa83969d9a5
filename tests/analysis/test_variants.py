"""Paired variant comparisons (reroll value, sweeps) on hand-built runs with the runner's manifest form."""
import math

import numpy as np
import pandas as pd
import pytest

from glowsim.analysis import (load_run, mean_ci, reroll_experiments, sweep_crossings, sweep_points,
                              token_slopes, track_break_even, wilson)
from glowsim.analysis.intervals import mean_table, wilson_table
from glowsim.analysis.sweeps import crossing

from .synth import player_row, recruit_row, write_run

T975_2 = 4.302653
T975_1 = 12.706205


def manifest_variant(name, start_rerolls=(0, 0), patch=None, sweep=None):
    """A variant entry as `glowsim run` writes it in manifest.json."""
    patch = patch or {}
    return {"index": 0, "name": name, "variant": name, "players": len(start_rerolls),
            "side": "province", "engine": "reference", "content_hash": name,
            "seats": [{"adventurer": "random", "bot": "greedy", "params": {}, "label": "greedy",
                       "start_rerolls": k} for k in start_rerolls],
            "sweep": sweep or {}, "patch": patch,
            "content": [{"source": "s.yaml", "patch": patch}] if patch else [],
            "extra_reroll_tokens": {str(i): k for i, k in enumerate(start_rerolls) if k}}


def two_player_game(variant, g, s0, w0, s1, w1, tokens0=0):
    games = dict(variant=variant, game_index=g, n_players=2, side="province", first_player=0,
                 n_winners=2 if w0 == w1 else 1, top_score=max(s0, s1), margin=abs(s0 - s1),
                 rounds=8)
    players = [player_row(variant, g, 0, 0, "pocana", s0, w0 > 0, w0,
                          rerolls_spent_token=tokens0),
               player_row(variant, g, 1, 1, "eoles", s1, w1 > 0, w1)]
    recruits = [recruit_row(variant, g, 1, 0, 0, "A11", ["A11", "A02"]),
                recruit_row(variant, g, 1, 1, 1, "A02", ["A02"])]
    return games, players, recruits


def build(tmp_path, spec, variants):
    G, P, R = [], [], []
    for v, rows in spec.items():
        for g, row in enumerate(rows):
            a, b, c = two_player_game(v, g, *row)
            G.append(a)
            P += b
            R += c
    manifest = {"name": "hand", "scenario": {"name": "hand"}, "variants": variants, "sweeps": []}
    return load_run(write_run(tmp_path / "run", G, P, R, manifest))


def test_extra_tokens_paired_gain_hand_computed(tmp_path):
    run = build(tmp_path, {
        "base": [(40, 0, 50, 1), (45, 1, 30, 0), (30, 0.5, 30, 0.5)],
        "tok2": [(44, 0, 50, 1, 2), (47, 1, 30, 0, 1), (33, 1, 30, 0, 2)]},
        [manifest_variant("base"), manifest_variant("tok2", (2, 0))])
    assert run.reference_variants() == ["base"]
    e = reroll_experiments(run)
    assert len(e) == 1
    r = e.iloc[0]
    assert (r.source, r.variant, r.baseline, r.amount, r.pairs, r.focal_seats) == (
        "tokens", "tok2", "base", 2.0, 3, "0")
    # seat 0 score differences 4, 2, 3: mean 3, sd 1
    half = T975_2 / math.sqrt(3)
    assert (r.score_gain, r.score_gain_low, r.score_gain_high) == pytest.approx(
        (3, 3 - half, 3 + half), rel=1e-6)
    assert r.win_gain == pytest.approx(1 / 6)
    assert r.rerolls_gain == pytest.approx(5 / 3)
    assert r.bursts_per_reroll == pytest.approx(1.8)
    assert r.per_token == pytest.approx(1.5)
    assert r.marginal_score == pytest.approx(3)
    assert track_break_even(e)["points"] == pytest.approx(1.8)   # per token reroll spent
    # pooled per-token slope: per game d/2 = 2, 1, 1.5 -> mean 1.5, sd 0.5
    sl = token_slopes(run).iloc[0]
    assert (sl.pairs, sl.variants, sl.focal_seats) == (3, 1, "0")
    h = T975_2 * 0.5 / math.sqrt(3)
    assert (sl.bursts_per_token, sl.bursts_per_token_low, sl.bursts_per_token_high) == \
        pytest.approx((1.5, 1.5 - h, 1.5 + h), rel=1e-6)
    assert sl.win_per_token == pytest.approx(1 / 12)


def test_content_sweep_is_derived_from_variant_patches(tmp_path):
    rows = [(50, 1, 40, 0), (40, 0, 50, 1), (45, 1, 44, 0), (40, 0, 41, 1)]
    spec = {f"A11={b}": rows for b in (4, 6, 8)}
    variants = [manifest_variant(f"A11={b}", patch={"companions": {"A11": {"bursts": b}}})
                for b in (4, 6, 8)]
    run = build(tmp_path, spec, variants)
    assert [(s.field, s.values, s.variants) for s in run.sweeps] == [
        ("content.companions.A11.bursts", [4, 6, 8], ["A11=4", "A11=6", "A11=8"])]
    pts = sweep_points(run)
    assert list(pts["value"]) == [4, 6, 8]
    assert (pts["estimate"] == 0.5).all() and (pts["n"] == 4).all()
    w = wilson(2, 4)
    assert pts.iloc[0]["low"] == pytest.approx(w.low)
    c = sweep_crossings(pts).iloc[0]
    assert c.slope == 0 and math.isnan(c.crossing)


def test_crossing_of_weighted_line():
    assert crossing([2, 4, 6], [0.2, 0.3, 0.4], [1, 1, 1], 0.25) == (3.0, True, pytest.approx(0.05))
    x, inside, _ = crossing([2, 4], [0.2, 0.3], [1, 1], 0.5)
    assert x == pytest.approx(8.0) and not inside
    # weights pull the line towards the heavier points: only points 1 and 2 count here
    x, _, slope = crossing([0, 1, 2], [0.9, 0.2, 0.4], [0, 1, 1], 0.3)
    assert slope == pytest.approx(0.2) and x == pytest.approx(1.5)


def test_vectorised_intervals_equal_scalar_ones():
    x, n = pd.Series([0, 3, 7.5, 0]), pd.Series([10, 10, 12, 0])
    t = wilson_table(x, n)
    for i in range(3):
        w = wilson(x[i], n[i])
        assert (t.loc[i, "estimate"], t.loc[i, "low"], t.loc[i, "high"]) == pytest.approx(
            (w.estimate, w.low, w.high))
    assert np.isnan(t.loc[3, "estimate"])
    vals = pd.Series([1.0, 2.0, 4.0, 5.0, 9.0])
    m = mean_table(vals, pd.Series(["a", "a", "a", "b", "c"]))
    iv = mean_ci([1, 2, 4])
    assert (m.loc["a", "estimate"], m.loc["a", "low"], m.loc["a", "high"]) == pytest.approx(
        (iv.estimate, iv.low, iv.high))
    assert np.isnan(m.loc["c", "low"]) and m.loc["c", "n"] == 1


def test_last_player_tokens_sweep_focuses_on_last_seat(tmp_path):
    # R2's tokens go to the last player in turn order: turn_pos 1 in these 2-player games
    # (seat 1); the sweep of content.setup.last_player_reroll_tokens 2 -> 3 is paired on it.
    run = build(tmp_path, {
        "t=2": [(40, 0, 50, 1), (45, 1, 30, 0)],
        "t=3": [(40, 0, 53, 1), (45, 0.5, 45, 0.5)]},
        [manifest_variant(f"t={k}", patch={"setup": {"last_player_reroll_tokens": k}},
                          sweep={"content.setup.last_player_reroll_tokens": k}) for k in (2, 3)])
    assert run.reference_variants() == ["t=2"]           # the printed value: shipped content
    assert sweep_points(run).empty                         # not a card sweep
    r = reroll_experiments(run).iloc[0]
    assert (r.variant, r.baseline, r.amount, r.focal_seats, r.pairs) == (
        "t=3", "t=2", 3.0, "last in turn order", 2)
    assert r.score_gain == pytest.approx((3 + 15) / 2)
    assert r.win_gain == pytest.approx(0.25)
    assert r.per_token == pytest.approx(9.0)


def test_token_slope_pools_variants_per_game(tmp_path):
    # seat 0 gets +1 and +2 tokens; per game the slope through 0 is (1*d1 + 2*d2) / 5
    run = build(tmp_path, {
        "base": [(40, 0, 50, 1), (45, 1, 30, 0)],
        "tok1": [(41, 0, 50, 1), (45, 1, 30, 0)],
        "tok2": [(44, 0, 50, 1), (50, 1, 30, 0)]},
        [manifest_variant("base"), manifest_variant("tok1", (1, 0)),
         manifest_variant("tok2", (2, 0))])
    sl = token_slopes(run).iloc[0]
    # game 0: (1*1 + 2*4)/5 = 1.8; game 1: (0 + 2*5)/5 = 2.0
    assert sl.variants == 2 and sl.pairs == 2
    assert sl.bursts_per_token == pytest.approx(1.9)
    assert sl.bursts_per_token_high - 1.9 == pytest.approx(T975_1 * math.sqrt(0.02) / math.sqrt(2))
    e = reroll_experiments(run).set_index("variant")
    assert e.loc["tok2", "marginal_score"] == pytest.approx((3 + 5) / 2)   # tok2 - tok1


def test_crossing_fieller_interval_hand_computed():
    from glowsim.analysis.sweeps import crossing_interval
    # x 0, 2; y 0.2, 0.4; se 0.05 each; target 0.3: xm 1, ym 0.3, slope 0.1, Var(ym) =
    # Var(b) = 0.00125, cov 0 -> (0.01 - z^2 0.00125) u^2 = z^2 0.00125, u = +-0.96115
    lo, hi = crossing_interval([0, 2], [0.2, 0.4], [1, 1], [0.05, 0.05], 0.3)
    z2 = 1.959964 ** 2
    u = math.sqrt(z2 * 0.00125 / (0.01 - z2 * 0.00125))
    assert (lo, hi) == pytest.approx((1 - u, 1 + u), rel=1e-5)
    # a slope within noise of 0: no bounded interval
    assert all(math.isnan(v) for v in crossing_interval([0, 2], [0.2, 0.21], [1, 1],
                                                        [0.05, 0.05], 0.3))


def test_score_track_source_compared_with_unpatched_variant(tmp_path):
    # variant 'no-track' removes the score-track reroll spaces (R4); every seat is focal
    G, P, R = [], [], []
    data = {"base": [((40, 3), (50, 1)), ((45, 2), (30, 0))],
            "no-track": [((38, 0), (47, 0)), ((45, 0), (31, 0))]}
    for v, games in data.items():
        for g, ((s0, t0), (s1, t1)) in enumerate(games):
            a, b, c = two_player_game(v, g, s0, float(s0 > s1), s1, float(s1 > s0))
            b[0]["rerolls_spent_track"], b[1]["rerolls_spent_track"] = t0, t1
            G.append(a)
            P += b
            R += c
    variants = [manifest_variant("base"),
                manifest_variant("no-track", patch={"score_track_rerolls": [0]})]
    run = load_run(write_run(tmp_path / "run", G, P, R, {"name": "t", "variants": variants}))
    r = reroll_experiments(run).iloc[0]
    assert (r.source, r.variant, r.baseline, r.focal_seats) == ("track", "no-track", "base", "all")
    # per game mean over both seats: game 0 (42.5 - 45) = -2.5, game 1 (38 - 37.5) = 0.5
    assert r.score_gain == pytest.approx(-1.0)
    assert r.rerolls_gain == pytest.approx(-1.5)        # (-2, -1) track rerolls per player
    assert r.bursts_per_reroll == pytest.approx(2 / 3)   # -1 / -1.5
    assert math.isnan(r.per_token)


def test_token_lumipili_and_track_variants_in_one_run_stay_apart(tmp_path):
    # reroll-value.yaml's form: token variants (seat 0), a Lumipili variant and a score-track
    # variant on the same seeds. The Lumipili and track variants give seat 0 no extra token:
    # they must not be counted as token variants with 0 extra tokens.
    lum = {"companions": {"A18": {"reroll_each_round": 2}}}
    run = build(tmp_path, {
        "printed": [(40, 0, 50, 1), (45, 1, 30, 0)],
        "tok1": [(42, 0, 50, 1, 1), (47, 1, 30, 0, 1)],
        "lum": [(41, 0, 50, 1), (45, 1, 31, 0)],
        "track-off": [(39, 0, 48, 1), (44, 1, 30, 0)]},
        [manifest_variant("printed"), manifest_variant("tok1", (1, 0)),
         manifest_variant("lum", patch=lum),
         manifest_variant("track-off", patch={"score_track_rerolls": [0]})])
    e = reroll_experiments(run).set_index("variant")
    assert dict(e["source"]) == {"tok1": "tokens", "lum": "lumipili", "track-off": "track"}
    assert (e.loc["tok1", "baseline"], e.loc["tok1", "focal_seats"]) == ("printed", "0")
    assert e.loc["tok1", "score_gain"] == pytest.approx(2.0)
    assert e.loc["lum", "score_gain"] == pytest.approx((0.5 + 0.5) / 2)     # all seats focal
    assert e.loc["track-off", "score_gain"] == pytest.approx((-1.5 - 0.5) / 2)
    sl = token_slopes(run).iloc[0]
    assert sl.variants == 1 and sl.bursts_per_token == pytest.approx(2.0)
