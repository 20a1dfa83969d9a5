"""`glowsim balance` on Dawn scenarios (glowsim/rebalance/balance.py; docs/rules.md D1, D4, D18):
the values tried play Dawn games with recruit picks forked, a set card planted far above the
field is printed back near its printed value, and the little board's player counts (5, 6) are
balanced like the others."""
import pandas as pd
import yaml

from glowsim.cli.main import main

PLANTED = """name: planted-dawn
players: 3
side: province
dawn: {sets: [draconic]}
games: 160
seed: 9
content: {companions: {B306: {bursts: 15}}}
"""


def test_D18_a_planted_set_card_is_printed_back_near_the_others(tmp_path, capsys):
    """Ty Fla (B306, a Draconic card printing 1 burst) planted at 15: its pick value there is
    far above the band, and the search brings it back down."""
    sc = tmp_path / "planted-dawn.yaml"
    sc.write_text(PLANTED)
    out = tmp_path / "b306"
    assert main(["balance", str(sc), "--card", "B306", "--sample", "1", "--budget", "5",
                 "--out", str(out), "--workers", "1", "--quiet"]) == 0
    pts = pd.read_csv(out / "balance.csv")
    first = pts.iloc[0]
    assert first["value"] == 15 and first["verdict"] == "above" and first["pick_value_lo"] > 10
    chosen = pts[pts["chosen"]].iloc[0]
    assert -3 <= chosen["value"] <= 7 and abs(chosen["pick_value"]) < 8
    assert yaml.safe_load((out / "patch.yaml").read_text()) == \
        {"companions": {"B306": {"bursts": int(chosen["value"])}}}
    by_value = pts.sort_values("value")
    assert by_value["pick_value"].iloc[-1] > by_value["pick_value"].iloc[0] + 10
    picks = pd.read_parquet(next((out / "plays").glob("*/picks.parquet")))
    assert "B306" in set(picks.companion)


def test_D4_five_and_six_players_are_balanced_like_the_others(tmp_path, capsys):
    """A players sweep of 5 and 6 (all three sets): one search per count, `--players 5,6`."""
    sc = tmp_path / "six.yaml"
    sc.write_text("name: six\nside: archipelago\ndawn: {sets: [elemental, anibloom, draconic]}\n"
                  "games: 100\nseed: 3\nsweep:\n  - {field: players, values: [5, 6]}\n")
    out = tmp_path / "a301"
    assert main(["balance", str(sc), "--card", "A301", "--players", "5,6", "--sample", "0.5",
                 "--budget", "1", "--out", str(out), "--workers", "1", "--quiet"]) == 0
    assert {p.name for p in (out / "plays").iterdir()} == {"5p", "6p"}
    csv = pd.read_csv(out / "balance.csv")
    assert set(csv["n_players"]) == {5, 6} and (csv["value"] == -4).all()
    assert csv["n_picks"].min() > 50
