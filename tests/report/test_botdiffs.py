"""Card by card differences of two bots' pick values (glowsim/report/botdiffs.py): the interval
of a difference combines both values' standard errors, and only a difference whose interval
leaves out 0 counts as beyond noise."""
import numpy as np
import pandas as pd

from glowsim.report import botdiffs as BD


def values(bot, rows):
    return pd.DataFrame([{"bot": bot, "companion": c, "name": c.lower(), "value": v,
                          "value_lo": v - h, "value_hi": v + h} for c, v, h in rows])


def test_difference_interval_and_noise():
    d = pd.concat([values("expert", [("A01", 3.0, 1.5), ("A02", 0.0, 1.5), ("A03", 5.0, 1.0)]),
                   values("master", [("A01", 7.0, 1.5), ("A02", 2.0, 1.5), ("A04", 1.0, 1.0)])])
    out = BD.differences(d, "expert", "master").set_index("companion")
    assert list(out.index) == ["A01", "A02"]            # valued by both bots only
    half = np.sqrt(2) * 1.5                              # two half-widths of 1.5 combined
    assert out.at["A01", "diff"] == 4.0
    assert abs((out.at["A01", "diff_hi"] - out.at["A01", "diff"]) - half) < 1e-9
    assert bool(out.at["A01", "beyond_noise"]) and not bool(out.at["A02", "beyond_noise"])
    line = BD.summary_line(out.reset_index(), "expert", "master", "4 players, province")
    assert "1 of 2 companions" in line and "A01" in line and "A02 a02" not in line
    assert "0.1 would by chance" in line


def test_dependence_answer_claims_only_beyond_chance():
    """Two of 40 cards beyond noise is what chance gives: no card is called bot-dependent;
    eight of 40 is not chance, and the answer names them."""
    rows_a = [(f"A{i:02d}", 0.0, 1.0) for i in range(40)]
    few = [(c, 6.0 if i < 2 else 0.0, 1.0) for i, (c, _, _) in enumerate(rows_a)]
    many = [(c, 6.0 if i < 8 else 0.0, 1.0) for i, (c, _, _) in enumerate(rows_a)]
    for rows, n, says in ((few, 2, "None shown"), (many, 8, "more than chance")):
        d = pd.concat([values("expert", rows_a), values("master", rows)])
        text = BD.dependence_answer(BD.differences(d, "expert", "master"), "expert", "master", "4p")
        assert says in text and f"{n} of 40" in text
    assert "A07" in text and "A08" not in text
    assert abs(BD.chance_p(40, 0) - 1.0) < 1e-12 and BD.chance_p(40, 8) < 0.01


def test_no_common_card_says_so():
    d = pd.concat([values("a", [("A01", 1.0, 1.0)]), values("b", [("A02", 1.0, 1.0)])])
    assert "no companion" in BD.summary_line(BD.differences(d, "a", "b"), "a", "b", "here")
