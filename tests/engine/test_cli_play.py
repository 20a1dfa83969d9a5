"""`glowsim play`: a narrated reference-engine game for every player count and side."""
import re

import pytest

from glowsim.cli.main import main
from glowsim.engine import GameRecord, play_game, replay

from .situations import content

HEADER = ("seat  adventurer  track  cards_bursts  journey_bursts  firefly_bonus  footprint_bursts  score  "
          "reroll_tokens  result")


def play(capsys, *argv):
    code = main(["play", *map(str, argv)])
    out = capsys.readouterr()
    return code, out.out, out.err


def table_rows(lines):
    i = lines.index("Final count") if "Final count" in lines else -1
    head = lines[i + 1:]
    assert head[0].split() == HEADER.split()
    assert set(head[1].replace(" ", "")) == {"-"}
    return [r.split() for r in head[2:]]


@pytest.mark.parametrize("side", ["province", "archipelago"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_cli_play_narrates_a_whole_game(capsys, n, side):
    code, out, err = play(capsys, "--players", n, "--side", side, "--seed", 7)
    assert code == 0 and err == ""
    lines = out.splitlines()
    ref = play_game(content(), n_players=n, side=side, root_seed=7, log=[])
    assert lines[:len(ref.log)] == ref.log                        # the engine's narration, verbatim
    rounds = [x for x in lines if x.startswith("Round ")]
    assert [int(x.split()[1]) for x in rounds] == list(range(1, 9))
    firsts = [int(re.search(r"first player P(\d)\)", x).group(1)) for x in rounds]
    assert all(b == (a + 1) % n for a, b in zip(firsts, firsts[1:]))  # R7: passes clockwise
    assert sum(x.startswith("  Evening: first player passes to P") for x in lines) == 7
    for phase in (" Morning", " Late morning", " Noon", " Afternoon"):
        assert lines.count(phase) == 8
    assert sum(" recruits " in x for x in lines) == 8 * n
    assert sum(re.match(r"  P\d rolls: ", x) is not None for x in lines) == 8 * n
    assert lines[0] == (f"Setup: first player P{firsts[0]}; P{(firsts[0] - 1) % n} (last in turn order) "
                        f"takes 2 reroll tokens")
    rows = table_rows(lines)
    assert len(rows) == n
    for r, p in zip(rows, ref.players):
        assert r[:9] == [f"P{p['seat']}", p["adventurer"], str(p["track"]), str(p["cards_bursts"]),
                         str(p["journey_bursts"]), str(p["firefly_bonus"]), str(p["footprint_bursts"]),
                         str(p["score"]), str(p["reroll_tokens"])]
        assert int(r[2]) + int(r[3]) + int(r[4]) + int(r[5]) + int(r[6]) == int(r[7])   # R8 sum
        assert (r[9:] != []) == p["win"]


def test_cli_play_seed7_archipelago_exact_parts(capsys):
    code, out, _ = play(capsys, "--players", 3, "--side", "archipelago", "--seed", 7,
                        "--bots", "greedy,random,greedy", "--adventurers", "eoles,pocana,moloch")
    lines = out.splitlines()
    assert code == 0
    # setup (E11) and the setup roll of the small dice depend on the seed only
    assert lines[:4] == [
        "Setup: first player P2; P1 (last in turn order) takes 2 reroll tokens",
        "  Track: [0 leaf: Okans A23; azure] [1 water: Sketal A16; azure+purple] [2 cloud: Mindaroo A06; "
        "blue+red+orange] [3 fire: Dvol A22; green+blue] [4 rock: Sketal A13; green]",
        "Round 1 (first player P2)", " Morning"]
    assert lines[-6] == "Final count"
    assert lines[-5] == HEADER
    assert lines[-3].split()[:2] == ["P0", "eoles"] and lines[-2].split()[:2] == ["P1", "pocana"]
    assert lines[-1].split()[:2] == ["P2", "moloch"]
    # every kind of narrated event appears: rerolls name their source, effects their amounts
    text = "\n".join(lines)
    assert re.search(r"^    reroll \((Lumipili|token|score track)\) -> ", text, re.M)
    assert re.search(r"^    \S.* x\d: [+-]\d+ (bursts|footprints|fireflies|reroll tokens)", text, re.M)
    assert re.search(r"^    P\d sails a boat from island \d+ to \d+ \(\d elements", text, re.M)


def test_cli_play_province_narrates_moves(capsys):
    code, out, _ = play(capsys, "--players", 4, "--side", "province", "--seed", 3)
    assert code == 0
    assert re.search(r"^    P\d moves to space \d+", out, re.M)


def test_cli_play_quiet_prints_only_the_table_and_record_replays(capsys, tmp_path):
    path = tmp_path / "game.json"
    code, out, _ = play(capsys, "--players", 2, "--side", "province", "--seed", 5, "--quiet",
                        "--record", path)
    lines = out.splitlines()
    assert code == 0 and lines[0].split() == HEADER.split()
    assert len(lines) == 2 + 2 + 1 and lines[-1] == f"record written to {path}"
    rec = GameRecord.from_json(path.read_text())
    ref = play_game(content(), n_players=2, side="province", root_seed=5)
    assert replay(content(), rec) == ref.final


def test_cli_play_solo_runs(capsys):
    for side in ("province", "archipelago"):
        code, out, _ = play(capsys, "--players", 1, "--side", side, "--seed", 2, "--quiet")
        assert code == 0 and out.splitlines()[0].split() == HEADER.split()


@pytest.mark.parametrize("argv,msg", [
    (["--players", 3, "--bots", "greedy,random"], "--bots needs 3 comma-separated values (one per seat), got 2"),
    (["--players", 2, "--bots", "greedy,clever"], "unknown reference-engine bot 'clever'; allowed: random, greedy, heuristic, expert"),
    (["--players", 2, "--adventurers", "eoles,eoles"], "each adventurer can be played by one seat only"),
])
def test_cli_play_bad_arguments_are_clear_errors(capsys, argv, msg):
    code, out, err = play(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("glowsim play: error: ") and msg in err and "Traceback" not in err
