"""A hand-made solo run folder (R9 columns of contract.md section 6), values worked out in tests."""
from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from glowsim.runner.store import COLUMNS

from analysis.synth import player_row, recruit_row

# (variant, game, player score, Tom score, Tom track, journey, footprints, band, tiles taken)
GAMES = [
    ("prov-pocana", 0, 80, 70, 52, 15, 3, 5, ["T1", "T7", "T3"]),
    ("prov-pocana", 1, 60, 60, 48, 12, 0, 3, ["T8", "T1"]),
    ("prov-eoles", 0, 50, 75, 60, 12, 3, 4, ["T1", "T1"]),
    ("prov-eoles", 1, 90, 85, 70, 15, 0, 3, ["T3"]),
]
ADVENTURER = {"prov-pocana": "pocana", "prov-eoles": "eoles"}


def solo_tables(extra_games=(), extra_players=(), extra_recruits=()):
    games, players, recruits = [], [], []
    for v, g, score, tom, track, journey, foot, band, tiles in GAMES:
        games.append(dict(variant=v, game_index=g, n_players=1, side="province", first_player=0,
                          n_winners=1, top_score=max(score, tom), margin=score - tom, rounds=len(tiles),
                          tom_score=tom, tom_track=track, tom_journey=journey, tom_footprints=foot,
                          tom_band=band, tom_colors="green,blue"))
        players.append(player_row(v, g, 0, 0, ADVENTURER[v], score, score > tom,
                                  1.0 if score > tom else 0.0, bot="greedy"))
        for k, t in enumerate(tiles):
            recruits.append(dict(recruit_row(v, g, k + 1, 0, 0, f"A{k + 2:02d}", [f"A{k + 2:02d}"]),
                                 tile=t))
            if v == "prov-pocana" and g == 0 and k == 0:   # a Cromaug take: no tile (R5)
                recruits.append(dict(recruit_row(v, g, 1, -1, 0, "B05", []), tile=None))
    manifest = {"scenario": {"name": "solo-synth"},
                "variants": [{"name": v, "players": 1, "side": "province"} for v in ADVENTURER]
                + [dict(x) for x in extra_games and [{"name": "duo", "players": 2,
                                                     "side": "province"}]]}
    return (games + list(extra_games), players + list(extra_players),
            recruits + list(extra_recruits), manifest)


def write_solo_run(path, games, players, recruits, manifest) -> Path:
    path = Path(path)
    path.mkdir(parents=True, exist_ok=True)
    for name, rows in (("games", games), ("players", players), ("recruits", recruits)):
        pd.DataFrame(rows).reindex(columns=COLUMNS[name]).to_parquet(path / f"{name}.parquet",
                                                                     index=False)
    (path / "manifest.json").write_text(json.dumps(manifest, indent=1))
    return path
