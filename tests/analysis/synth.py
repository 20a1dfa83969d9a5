"""Synthetic run folders with the exact result-table schema (contract.md section 6), for tests only.

* :func:`write_run` writes given tables + manifest as a run folder.
* :func:`tiny_tables` a two-game, hand-checkable run (values worked out in the tests).
* :func:`random_run` a larger random run: several variants (a reroll-token set and a
  companion sweep), player counts and sides, with built-in effects so that the
  report has something to show (card strength, extra tokens, swept bursts).
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd

from glowsim.analysis.load import GAMES_COLUMNS, PLAYERS_COLUMNS, RECRUITS_COLUMNS

ADVENTURERS = ["braccio", "taetyss", "eoles", "pocana", "moloch", "noctiluca", "orium"]
COMPANIONS = [f"A{i:02d}" for i in range(1, 24)] + [f"B{i:02d}" for i in range(1, 24)]


def write_run(path, games, players, recruits, manifest) -> Path:
    path = Path(path)
    path.mkdir(parents=True, exist_ok=True)
    pd.DataFrame(games)[GAMES_COLUMNS].to_parquet(path / "games.parquet", index=False)
    pd.DataFrame(players)[PLAYERS_COLUMNS].to_parquet(path / "players.parquet", index=False)
    pd.DataFrame(recruits)[RECRUITS_COLUMNS].to_parquet(path / "recruits.parquet", index=False)
    (path / "manifest.json").write_text(json.dumps(manifest, indent=1))
    return path


def player_row(variant, g, seat, turn_pos, adventurer, score, win, win_share, **kw) -> dict:
    row = dict(variant=variant, game_index=g, seat=seat, turn_pos=turn_pos, adventurer=adventurer,
               bot="heuristic", score=score, track=score, cards_bursts=0, journey_bursts=0,
               firefly_bonus=0, footprint_bursts=0, fireflies=0, footprints=0, reroll_tokens=0,
               companions=8, rerolls_gained_token=0, rerolls_spent_lumipili=0,
               rerolls_spent_token=0, rerolls_spent_track=0, track_points_spent=0, set_faces=0,
               dice_bursts=0, effect_bursts=0, win=win, win_share=win_share)
    row.update(kw)
    return row


def recruit_row(variant, g, rnd, pick, seat, companion, offered, left_round=-1, effect=0,
                printed=0) -> dict:
    return dict(variant=variant, game_index=g, round=rnd, pick=pick, seat=seat,
                companion=companion, offered=list(offered), left_round=left_round,
                effect_bursts=effect, printed_bursts=printed)


def tiny_tables():
    """Two 2-player games (variant 'base'), one round each shown.

    game 0: seat 0 first; picks A01 (offered A01 A02 A03), seat 1 picks A02 (offered A02 A03).
            seat 0 wins (score 50 vs 40).
    game 1: seat 1 first; picks A01 (offered A01 A02 A04), seat 0 picks A04 (offered A02 A04).
            shared win (score 45 each, same tokens).
    """
    games = [dict(variant="base", game_index=0, n_players=2, side="province", first_player=0,
                  n_winners=1, top_score=50, margin=10, rounds=8),
             dict(variant="base", game_index=1, n_players=2, side="province", first_player=1,
                  n_winners=2, top_score=45, margin=0, rounds=8)]
    players = [player_row("base", 0, 0, 0, "pocana", 50, True, 1.0, journey_bursts=10,
                          rerolls_spent_track=2, track_points_spent=7, rerolls_spent_token=1),
               player_row("base", 0, 1, 1, "eoles", 40, False, 0.0, journey_bursts=4),
               player_row("base", 1, 0, 1, "pocana", 45, True, 0.5, journey_bursts=5,
                          rerolls_spent_track=1, track_points_spent=5),
               player_row("base", 1, 1, 0, "eoles", 45, True, 0.5, journey_bursts=9,
                          rerolls_spent_lumipili=3)]
    recruits = [recruit_row("base", 0, 0, 0, 0, "A01", ["A01", "A02", "A03"], effect=4, printed=0),
                recruit_row("base", 0, 0, 1, 1, "A02", ["A02", "A03"], left_round=3, effect=2),
                recruit_row("base", 1, 0, 0, 1, "A01", ["A01", "A02", "A04"], effect=1, printed=1),
                recruit_row("base", 1, 0, 1, 0, "A04", ["A02", "A04"], effect=0, printed=2)]
    manifest = {"scenario": {"name": "tiny"}, "variants": [{"name": "base", "players": 2,
                                                            "side": "province"}]}
    return games, players, recruits, manifest


# ---- random runs ----

STRENGTH = {c: s for c, s in zip(COMPANIONS, np.linspace(-1.0, 1.0, len(COMPANIONS)))}
ADV_BONUS = {a: b for a, b in zip(ADVENTURERS, [-3, -1, 0, 0, 1, 2, 4])}


def random_run(path, games: int = 300, seed: int = 1, with_rerolls: bool = True,
               with_sweep: bool = True, slices=((2, "province"), (3, "province"), (4, "province"),
                                                (2, "archipelago"), (3, "archipelago"),
                                                (4, "archipelago")),
               sweep_values=(2, 4, 6, 8, 10)) -> Path:
    """A random run with the exact schema; variants share game_index seeds (paired);
    ``sweep_values``: A11's printed bursts in the sweep's variants."""
    variants = []
    for n, side in slices:
        variants.append(dict(name=f"{n}p-{side}", players=n, side=side,
                             seats=[dict(adventurer="random", bot="heuristic", start_rerolls=0)
                                    for _ in range(n)]))
    sweeps = []
    if with_rerolls:
        for k in (1, 2, 3, 4):
            seats = [dict(adventurer="random", bot="heuristic", start_rerolls=0) for _ in range(4)]
            seats[0]["start_rerolls"] = k
            variants.append(dict(name=f"tokens+{k}", players=4, side="province", seats=seats))
    if with_sweep:
        names = []
        for b in sweep_values:
            names.append(f"A11-bursts-{b}")
            variants.append(dict(name=names[-1], players=4, side="province",
                                 content={"companions": {"A11": {"bursts": b}}},
                                 sweep={"field": "content.companions.A11.bursts", "value": b}))
        sweeps.append(dict(field="content.companions.A11.bursts", values=list(sweep_values),
                           variants=names))
    G, P, R = [], [], []
    for v in variants:
        extra = [s.get("start_rerolls", 0) for s in v.get("seats", [])] or [0] * v["players"]
        a11 = v.get("content", {}).get("companions", {}).get("A11", {}).get("bursts", 6)
        for g in range(games):
            _game(G, P, R, v["name"], g, v["players"], v["side"], extra, a11,
                  np.random.default_rng([seed, g]))
    manifest = {"scenario": {"name": "synthetic", "description": "synthetic test run"},
                "glowsim_version": "0.0-test", "content_hash": "synthetic", "seed": seed,
                "games": games, "variants": variants, "sweeps": sweeps}
    return write_run(path, G, P, R, manifest)


def _game(G, P, R, variant, g, n, side, extra, a11, rng):
    advs = list(rng.choice(ADVENTURERS, size=n, replace=False))
    first = int(rng.integers(n))
    deck = list(rng.permutation(COMPANIONS)[:40])
    score = np.full(n, 10.0)
    cards = np.zeros(n)
    for s in range(n):
        score[s] += ADV_BONUS[advs[s]] * 2 + rng.normal(0, 8)
        score[s] += (side == "archipelago") * 3
    # extra start tokens: about 2 bursts each, diminishing
    score += np.array([2.0 * np.sqrt(e) for e in extra]) + rng.normal(0, 0.5, n) * (
        np.array(extra) > 0)
    for rnd in range(8):
        track = deck[rnd * 5:(rnd + 1) * 5]
        lead = (first + rnd) % n
        for pick in range(n):
            seat = (lead + pick) % n
            w = np.exp(np.array([STRENGTH[c] for c in track]) * 1.5)
            c = track[int(rng.choice(len(track), p=w / w.sum()))]
            left = int(rng.integers(rnd, 9)) if rng.random() < 0.25 else -1
            left = -1 if left >= 8 else left
            eff = int(rng.poisson(2 + 2 * STRENGTH[c]))
            printed = 0 if left >= 0 else (a11 if c == "A11" else int(rng.integers(0, 4)))
            R.append(recruit_row(variant, g, rnd, pick, seat, c, track, left, eff, printed))
            score[seat] += eff + printed + 3 * STRENGTH[c]
            cards[seat] += printed
            if c == "A11":
                score[seat] += (a11 - 6) * 0.8
            track = [x for x in track if x != c]
            if n == 2 and pick == 0:
                track.pop(int(rng.integers(len(track))))
    score = np.maximum(np.round(score), 0).astype(int)
    tokens = rng.integers(0, 3, n)
    order = sorted(range(n), key=lambda s: (score[s], tokens[s]), reverse=True)
    top = [s for s in range(n) if (score[s], tokens[s]) == (score[order[0]], tokens[order[0]])]
    srt = sorted(score, reverse=True)
    G.append(dict(variant=variant, game_index=g, n_players=n, side=side, first_player=first,
                  n_winners=len(top), top_score=int(srt[0]), margin=int(srt[0] - srt[1]),
                  rounds=8))
    for s in range(n):
        journey = int(rng.integers(3, 15)) + (side == "archipelago") * 5
        ff, fp = int(rng.choice([0, 10])), int(rng.integers(0, 6))
        lum, tok, trk = int(rng.poisson(1)), int(rng.poisson(1 + extra[s])), int(rng.poisson(2))
        P.append(player_row(variant, g, s, (s - first) % n, advs[s], int(score[s]),
                            s in top, 1.0 / len(top) if s in top else 0.0,
                            track=int(score[s]) - int(cards[s]) - journey - ff - fp,
                            cards_bursts=int(cards[s]), journey_bursts=journey, firefly_bonus=ff,
                            footprint_bursts=fp, footprints=fp, reroll_tokens=int(tokens[s]),
                            rerolls_spent_lumipili=lum, rerolls_spent_token=tok,
                            rerolls_spent_track=trk, track_points_spent=trk * int(rng.integers(1, 6)),
                            set_faces=int(rng.integers(0, 2))))
