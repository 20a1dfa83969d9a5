"""The report leads with pick value: companion strength, pick regret, pick values by bot."""
import pandas as pd
import pytest

from glowsim.report import pickvalue as PV
from glowsim.report import tables as T
from glowsim.report.sections import Section

from report.picks_synth import regret_frame, tables, values_frame


def _cards_section():
    s = Section("cards", "Companion strength")
    s.intro.append("observational intro")
    s.findings.append("observational finding")
    s.headlines.append("observational headline")
    return s


def test_pick_value_leads_the_companion_section():
    s = PV.lead_with_pick_values(_cards_section(), None, {"A11": "Eagle"}, tables=tables())
    assert s.intro[0].startswith("<b>Pick value</b>")
    assert s.intro[1] == PV.MEANS
    assert s.intro[2] == PV.OBSERVED and s.intro[3] == "observational intro"
    assert s.figures[0].name == "cards_pick_value_4p_province"
    assert s.figures[0].png[:8] == b"\x89PNG\r\n\x1a\n"
    assert [t.name for t in s.tables][:2] == ["pick_values", "pick_values_by_stage"]
    first = s.findings[0]
    # A11 (+9 +-1) above, A05 (-7) below, A07 (2.5 +-1) unclear: counted as they are given
    v = tables().values
    counts = v["verdict"].value_counts()
    assert (f"{counts['above']} above, {counts.get('within', 0)} within, "
            f"{counts['below']} below, {counts['unclear']} unclear") in first
    assert "highest A11 Eagle +9.0 points (95% CI +8.0 to +10.0) (pick rate 50%)" in first
    assert "lowest A05 -7.0 points" in first
    assert s.findings[-1] == "observational finding"
    # At a glance: the pick values first (without the means), then the observational line,
    # labelled as mixing the card with the bots' taste
    assert s.headlines[0] == first.split("; their plain mean")[0] + "; highest" + \
        first.split("; highest")[1]
    assert s.headlines[1] == "observational headline"
    s2 = _cards_section()
    s2.headlines[0] = "4 players, province, win rate when recruited: 1 above."
    s2 = PV.lead_with_pick_values(s2, None, {}, tables=tables())
    assert s2.headlines[1] == ("4 players, province, win rate when recruited: 1 above (" +
                               PV.OBSERVED_SHORT + ").")
    assert "mixes the card's strength with when and why the bots take it" in PV.OBSERVED_SHORT
    # A05 goes from clearly positive early to clearly negative late
    assert any("turns between early and late picks for A05" in f for f in s.findings)
    assert not any("A11 Eagle (9" in f for f in s.findings)


def test_without_picks_one_line_says_how_to_get_them():
    s = PV.lead_with_pick_values(_cards_section(), object(), {})
    assert s.intro == ["observational intro", PV.PICKS_HOWTO]
    assert "counterfactual: {decisions: recruit, sample: 1.0}" in PV.PICKS_HOWTO
    assert [f for f in s.findings] == ["observational finding"]


def test_regret_in_the_bot_section():
    t = tables()
    t.regret = regret_frame({"heuristic": {"all": 3.0, "early": 2.0, "middle": 3.5, "late": 4.0},
                             "expert": {"all": 1.0, "early": 1.5, "middle": 1.0, "late": 0.5}})
    s = Section("bot_ladder", "Bot ladder")
    s.missing = "not in this run: it needs duels"
    s = PV.with_pick_regret(s, None, tables=t)
    # the section shows pick regret: it is in this run; only its duels part is not
    assert s.missing == ""
    assert s.intro[-1] == "Head-to-head duels: not in this run: it needs duels"
    assert s.figures[0].name == "bot_pick_regret_4p_province"
    assert s.tables[0].name == "pick_regret"
    assert ("4 players, province: heuristic loses 3.0 points of win share per pick at the "
            "draft (95% CI 2.5 to 3.5, 300 forked picks), most in late picks (4.0).") in s.findings
    assert any(f.startswith("4 players, province: expert loses 1.0") and "most in early" in f
               for f in s.findings)
    assert s.headlines == s.findings[:2]


@pytest.mark.parametrize("rho_case", ["same", "reversed"])
def test_pick_values_compared_across_bots(rho_case):
    a = {f"A{i:02d}": (float(i - 6), 0.3) for i in range(1, 12)}
    b = dict(a) if rho_case == "same" else {c: (-v, r) for c, (v, r) in a.items()}
    v = pd.concat([values_frame(a, bot="heuristic"), values_frame(b, bot="expert")],
                  ignore_index=True)
    s = PV.with_bot_pick_values(Section("bot_rankings", "Card rankings by bot"), None, {},
                                values=v)
    rc = next(t.df for t in s.tables if t.name == "bot_pick_rank_correlations")
    assert rc["companions"].iloc[0] == 11
    assert rc["spearman"].iloc[0] == pytest.approx(1.0 if rho_case == "same" else -1.0)
    flips = next((t.df for t in s.tables if t.name == "bot_pick_verdict_flips"), None)
    if rho_case == "same":
        assert flips is None or flips.empty
        assert "no verdict flips" in s.findings[0]
    else:
        # values -5..+5 with +-1 intervals: A01, A02 (-5, -4) below under heuristic, above under
        # expert, and the reverse for A10, A11; within (|v| <= 2, here A05..A07 at -1..1)
        # stays within; the others are unclear under one of them
        assert set(flips["companion"]) == {"A01", "A02", "A10", "A11"}
        assert flips["reversal"].all()
        assert "4 verdict(s) flip (4 reversal(s))" in s.findings[0]
    assert s.figures[0].name == "bot_pick_value_4p_province"


def test_spearman_interval_covers_and_is_nan_when_too_few():
    rho, lo, hi, n = T.spearman_interval([1, 2, 3, 4, 5, 6, 7, 8], [2, 1, 4, 3, 6, 5, 8, 7])
    assert n == 8 and lo < rho < hi and rho == pytest.approx(0.9047619)
    assert all(x != x for x in T.spearman_interval([1, 2, 3], [3, 2, 1])[:3])
