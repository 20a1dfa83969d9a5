"""`glowsim bench --bot PRESET`: the same workload with another preset at every seat (the expert
bot's speed cost); speed itself is measured by `make bench`, never asserted."""
import json

from glowsim.cli.main import main


def test_bench_bot_option(capsys):
    assert main(["bench", "--games", "8", "--reference-games", "2", "--workers", "1",
                 "--bot", "expert", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["workload"] == "4 players, random adventurers, expert bots, half province / half archipelago"
    assert r["games"] == 8 and r["fast_games_per_s"] > 0 and r["reference_games_per_s"] > 0
    assert main(["bench", "--bot", "expret"]) == 2
    assert ("--bot 'expret': unknown bot preset; allowed: heuristic, greedy, random, expert"
            in capsys.readouterr().err)
