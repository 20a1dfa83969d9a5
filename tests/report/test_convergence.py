"""Do verdicts converge? The answer ending the card-rankings-by-bot section
(glowsim/report/convergence.py): neighbouring bots' pick-value rank correlations, weakest pair
against strongest pair, and a plain word on bots whose pick values are measured too roughly."""
import numpy as np
import pandas as pd
import pytest

from glowsim.report import convergence as CV
from glowsim.report import pickvalue as PV
from glowsim.report.sections import Section

from report.picks_synth import values_frame

BOTS = ["random", "greedy", "heuristic", "expert", "rollout"]


def _values(noise_sd: dict, half: dict, seed=3, cards=40):
    """Each bot's values: one true order plus its own noise (sd per bot), intervals +-half."""
    rng = np.random.default_rng(seed)
    truth = rng.normal(0, 5, cards)
    frames = []
    for b in BOTS:
        x = truth + rng.normal(0, noise_sd[b], cards)
        frames.append(values_frame({f"A{i:02d}": (float(v), 0.3) for i, v in enumerate(x)},
                                   bot=b, half=half[b]))
    return pd.concat(frames, ignore_index=True)


def _section(v):
    return PV.with_bot_pick_values(Section("bot_rankings", "Card rankings by bot"), None, {}, values=v)


def test_stronger_bots_agreeing_more_answers_yes_and_ends_the_section():
    # noise shrinking up the ladder: neighbours agree more and more
    sd = dict(random=12.0, greedy=6.0, heuristic=2.0, expert=0.5, rollout=0.5)
    s = _section(_values(sd, {b: 1.0 for b in BOTS}))
    last = s.findings[-1]
    assert last.startswith("Do stronger bots agree more? Yes for 4 players, province")
    assert "random-greedy" in last and "expert-rollout" in last and "wide" not in last
    assert s.headlines[0] == last
    rc = next(t.df for t in s.tables if t.name == "bot_pick_rank_correlations")
    assert len(rc) == 10 and rc["noise_ceiling"].between(0, 1).all()


def test_stronger_bots_agreeing_less_answers_no():
    sd = dict(random=0.5, greedy=0.5, heuristic=2.0, expert=6.0, rollout=12.0)
    s = _section(_values(sd, {b: 1.0 for b in BOTS}))
    assert s.findings[-1].startswith("Do stronger bots agree more? No for 4 players, province")


def test_wide_intervals_are_said_plainly_with_the_noise_ceiling():
    sd = {b: 1.0 for b in BOTS}
    half = {b: 1.0 for b in BOTS}
    half["rollout"] = 6.0
    s = _section(_values(sd, half))
    last = s.findings[-1]
    assert "rollout ±6.0 points" in last and "weak evidence" in last
    assert "would correlate at about" in last
    noise = next(t.df for t in s.tables if t.name == "bot_pick_value_noise")
    r = noise.set_index("bot")
    assert r.at["rollout", "median_half_width"] == pytest.approx(6.0)
    assert r.at["rollout", "reliability"] < r.at["expert", "reliability"]


def test_reliability_is_the_share_of_spread_not_noise():
    d = values_frame({f"A{i}": (float(v), 0.3) for i, v in enumerate([-6, -3, 0, 3, 6])}, half=Z(1.0))
    var = np.var([-6, -3, 0, 3, 6], ddof=1)
    assert CV.reliability(d) == pytest.approx(1 - 1.0 / var)
    flat = values_frame({f"A{i}": (0.0, 0.3) for i in range(5)}, half=1.0)
    assert CV.reliability(flat) == 0.0


def Z(se):
    """The half-width of a 95% interval of standard error se."""
    from glowsim.analysis.intervals import Z95
    return Z95 * se


def test_two_bots_cannot_answer():
    v = _values({b: 1.0 for b in BOTS}, {b: 1.0 for b in BOTS})
    s = _section(v[v["bot"].isin(["heuristic", "expert"])])
    assert s.findings[-1].startswith("Do stronger bots agree more? Not answerable")
