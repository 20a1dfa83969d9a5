"""An interrupted rebalance loses nothing played: the search saves a checkpoint after every
evaluated round and every played block in its out folder (glowsim/rebalance/checkpoint.py),
and the same command started again gives the same patch and tables, byte for byte, as an
uninterrupted search; another search's checkpoint is refused (exit 2) unless --fresh."""
import importlib
import json

import pytest

from glowsim.cli.main import main
from glowsim.rebalance.checkpoint import Checkpoint

rebalancer = importlib.import_module("glowsim.rebalance.rebalancer")
search = importlib.import_module("glowsim.rebalance.search")

ARGS = ["--games", "1000", "--verify-games", "300", "--budget", "5", "--quiet"]
SAME = ["patch.yaml", "tables/rebalance_cards.csv", "tables/rebalance_edits.csv",
        "tables/rebalance_search.csv", "summary.md"]


def files(out):
    return {name: (out / name).read_bytes() for name in SAME}


def strip_times(md: bytes) -> bytes:
    # summary.md names the seconds the search took: the only bytes allowed to differ
    return b"\n".join(line for line in md.split(b"\n")
                      if b" s;" not in line and b" s." not in line)


@pytest.fixture(scope="module")
def uninterrupted(multi_scenario, tmp_path_factory):
    out = tmp_path_factory.mktemp("whole") / "rb"
    assert main(["rebalance", str(multi_scenario), "--out", str(out), *ARGS]) == 0
    res = json.loads((out / "rebalance.json").read_text())
    assert max(e["round"] for e in res["log"]) >= 4          # several rounds to interrupt
    assert any(e["decision"] == "rejected" for e in res["log"])
    return out, res


def counting_plays(monkeypatch, stop_after=None):
    """Count every block really played; raise KeyboardInterrupt instead of the next one after
    `stop_after` blocks."""
    calls = []
    real = search.play_games

    def play(*a, **k):
        if stop_after is not None and len(calls) >= stop_after:
            raise KeyboardInterrupt
        calls.append(a[1])
        return real(*a, **k)
    monkeypatch.setattr(search, "play_games", play)
    monkeypatch.setattr(rebalancer, "play_games", play)
    return calls


def test_resume_after_a_round_gives_the_same_bytes(multi_scenario, uninterrupted, tmp_path,
                                                   monkeypatch):
    whole, res = uninterrupted
    out = tmp_path / "rb"
    real = search._Search.checkpoint
    saves = []

    def stop_after_round_2(self, *a):
        real(self, *a)
        saves.append(self.rnd)
        if self.rnd == 2:
            raise KeyboardInterrupt
    monkeypatch.setattr(search._Search, "checkpoint", stop_after_round_2)
    assert main(["rebalance", str(multi_scenario), "--out", str(out), *ARGS]) == 130
    assert not (out / "patch.yaml").exists()
    state = json.loads((out / "checkpoint" / "state.json").read_text())["state"]
    assert state["round"] == 2 and state["evals"] == 2
    monkeypatch.undo()
    calls = counting_plays(monkeypatch)
    assert main(["rebalance", str(multi_scenario), "--out", str(out), *ARGS]) == 0
    # rounds 1-2 were not played again: only the later candidates and the verification
    assert len(calls) == res["plays"] - state["plays"] + 2
    a, b = files(whole), files(out)
    for name in SAME[:-1]:
        assert a[name] == b[name], name
    assert strip_times(a["summary.md"]) == strip_times(b["summary.md"])
    again = json.loads((out / "rebalance.json").read_text())
    assert again["log"] == res["log"] and again["trace"] == res["trace"]


def test_a_block_played_before_the_stop_is_not_played_again(multi_scenario, uninterrupted,
                                                             tmp_path, monkeypatch):
    """Stopped in the middle of a round (after its candidate's games, before the round's
    checkpoint), and again in the verification: every block already played is read back."""
    whole, res = uninterrupted
    out = tmp_path / "rb"
    total = res["plays"] + 2                       # search plays + the two verification blocks
    played = []
    for stop in (4, total - 1):                    # baseline + 3 candidates; one verify block
        calls = counting_plays(monkeypatch, stop_after=stop - len(played))
        assert main(["rebalance", str(multi_scenario), "--out", str(out), *ARGS]) == 130
        played += calls
        monkeypatch.undo()
    calls = counting_plays(monkeypatch)
    assert main(["rebalance", str(multi_scenario), "--out", str(out), *ARGS]) == 0
    assert len(played) + len(calls) == total       # each block played exactly once
    a, b = files(whole), files(out)
    for name in SAME[:-1]:
        assert a[name] == b[name], name


def test_finished_search_started_again_plays_nothing(uninterrupted, multi_scenario, monkeypatch,
                                                    tmp_path):
    whole, res = uninterrupted
    before = files(whole)
    calls = counting_plays(monkeypatch)
    assert main(["rebalance", str(multi_scenario), "--out", str(whole), *ARGS]) == 0
    assert calls == [] and files(whole)["patch.yaml"] == before["patch.yaml"]


def test_another_search_is_refused_unless_fresh(uninterrupted, multi_scenario, capsys):
    whole, res = uninterrupted
    for other in (["--tolerance", "3"], ["--games", "1200"], ["--verify-seed", "99"]):
        args = [a for a in ARGS if a not in ("--games", "1000")] if other[0] == "--games" else ARGS
        assert main(["rebalance", str(multi_scenario), "--out", str(whole), *args, *other]) == 2
        err = capsys.readouterr().err
        assert "checkpoint of another search" in err and "--fresh" in err
    err_games = "games 1000 -> 1200"
    assert main(["rebalance", str(multi_scenario), "--out", str(whole), "--games", "1200",
                 "--verify-games", "300", "--budget", "5", "--quiet"]) == 2
    assert err_games in capsys.readouterr().err
    # a smaller budget than the search already spent is another search too
    assert main(["rebalance", str(multi_scenario), "--out", str(whole), "--games", "1000",
                 "--verify-games", "300", "--budget", "2", "--quiet"]) == 2
    assert "--budget 5 to resume" in capsys.readouterr().err


def test_fresh_deletes_the_checkpoint_and_starts_over(uninterrupted, multi_scenario, tmp_path):
    whole, res = uninterrupted
    out = tmp_path / "rb"
    assert main(["rebalance", str(multi_scenario), "--out", str(out), *ARGS[:-3], "--budget", "1",
                 "--tolerance", "3", "--quiet"]) == 0
    assert main(["rebalance", str(multi_scenario), "--out", str(out), *ARGS, "--fresh"]) == 0
    assert files(out)["patch.yaml"] == files(whole)["patch.yaml"]


def test_unreadable_checkpoint_is_a_clear_error(tmp_path, multi_scenario, capsys):
    out = tmp_path / "rb"
    (out / "checkpoint").mkdir(parents=True)
    (out / "checkpoint" / "state.json").write_text("{not json")
    assert main(["rebalance", str(multi_scenario), "--out", str(out), *ARGS]) == 2
    err = capsys.readouterr().err
    assert "cannot read the rebalance checkpoint" in err and "--fresh" in err


def test_games_blocks_round_trip(planted_block, tmp_path):
    ck = Checkpoint(tmp_path, {"x": 1}, budget=3)
    ck.put_games("some block", planted_block)
    g = ck.get_games("some block")
    for a in ("ws", "score", "tokens", "adv", "rec", "in_play", "eff_bursts"):
        assert getattr(g, a).dtype == getattr(planted_block, a).dtype
        assert (getattr(g, a) == getattr(planted_block, a)).all()
    assert g.companion_ids == planted_block.companion_ids and g.n == planted_block.n
    assert ck.get_games("another block") is None


@pytest.mark.slow
def test_sigkill_of_a_subprocess_resumes_to_the_same_bytes(multi_scenario, uninterrupted,
                                                            tmp_path):
    """A `glowsim rebalance` process killed with SIGKILL (no cleanup at all) once its checkpoint
    holds round 2, then started again: the same patch and tables as the uninterrupted search."""
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    whole, _ = uninterrupted
    out = tmp_path / "rb"
    root = Path(__file__).resolve().parents[2]
    cmd = [sys.executable, "-m", "glowsim", "rebalance", str(multi_scenario), "--out", str(out),
           *ARGS]
    env = {**os.environ, "PYTHONPATH": str(root)}
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    state = out / "checkpoint" / "state.json"
    deadline = time.time() + 600
    while time.time() < deadline and proc.poll() is None:
        try:
            st = json.loads(state.read_text()).get("state")
        except (OSError, ValueError):
            st = None
        if st and st["round"] >= 2:
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the search ended before it could be killed"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert not (out / "patch.yaml").exists()
    assert subprocess.run(cmd, env=env, capture_output=True).returncode == 0
    a, b = files(whole), files(out)
    for name in SAME[:-1]:
        assert a[name] == b[name], name


def test_a_larger_budget_goes_on_from_a_search_stopped_by_its_budget(uninterrupted,
                                                                     multi_scenario, tmp_path):
    whole, res = uninterrupted
    out = tmp_path / "rb"
    small = [a if a != "5" else "4" for a in ARGS]
    assert main(["rebalance", str(multi_scenario), "--out", str(out), *small]) == 0
    state = json.loads((out / "checkpoint" / "state.json").read_text())["state"]
    assert state["evals"] == 4 and not state["budget_bound"]
    assert main(["rebalance", str(multi_scenario), "--out", str(out), *ARGS]) == 0
    a, b = files(whole), files(out)
    for name in SAME[:-1]:
        assert a[name] == b[name], name


def test_a_larger_budget_is_refused_when_the_old_one_cut_a_round_short(multi_scenario, tmp_path,
                                                                        capsys):
    """With a budget of 3 the third round's passing edits could not be played again alone
    (no budget left): the state depends on the budget, so going on with another is refused."""
    out = tmp_path / "rb"
    small = [a if a != "5" else "3" for a in ARGS]
    assert main(["rebalance", str(multi_scenario), "--out", str(out), *small]) == 0
    state = json.loads((out / "checkpoint" / "state.json").read_text())["state"]
    assert state["budget_bound"]
    capsys.readouterr()
    assert main(["rebalance", str(multi_scenario), "--out", str(out), *ARGS]) == 2
    err = capsys.readouterr().err
    assert "--budget 3 to resume it" in err and "--fresh" in err
