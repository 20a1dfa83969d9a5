"""Golden games: speedups of the fast path must not change a single game.

For fixed seeds over 2/3/4 players x both board sides x the three bot presets
(alone and mixed at one table), plus a draft (E19) with extra starting tokens
(E18), the `games`, `players` and `recruits` columns and two full records
(setup, every die, every decision, final state) are hashed and compared with
hashes taken from the fast path at commit 4b67579 (before any speed work), re-taken once
on purpose when two of the heuristic bot's sums changed order (the reroll planner's
one-die value change sums its one-symbol items per symbol; a `same` trigger's expected
count sums each symbol's part first), mirrored by the reference bot: a few heuristic games
in a thousand differ, the random and greedy hashes are those of 4b67579.

Regenerate (only when the rules or the bots are meant to change):
``python -m tests.fast.test_golden``.
"""
from __future__ import annotations

import hashlib
import json

import numpy as np
import pytest

from glowsim.fast import Match, bot_preset, play_block

from .conftest import JIT

SIDES = ("province", "archipelago")
MIXED = ("heuristic", "greedy", "random", "heuristic")
SHORT, LONG = 2, 300         # games per configuration (LONG only with compiled kernels)

COLUMNS = {
    "games": ("game_index", "n_players", "side", "first_player", "n_winners", "top_score",
              "margin", "rounds"),
    "players": ("game_index", "seat", "turn_pos", "adventurer", "bot", "score", "track",
                "cards_bursts", "journey_bursts", "firefly_bonus", "footprint_bursts",
                "fireflies", "footprints", "reroll_tokens", "companions",
                "rerolls_gained_token", "rerolls_spent_lumipili", "rerolls_spent_token",
                "rerolls_spent_track", "track_points_spent", "set_faces", "dice_bursts",
                "effect_bursts", "win", "win_share"),
    "recruits": ("game_index", "round", "pick", "seat", "companion", "offered", "offered_mask",
                 "left_round", "effect_bursts", "printed_bursts"),
}


def configs() -> list[tuple[str, Match]]:
    out = []
    for bots in ("random", "greedy", "heuristic", "mixed"):
        for n in (2, 3, 4):
            for side in SIDES:
                seats = MIXED[:n] if bots == "mixed" else (bots,) * n
                out.append((f"{bots}-{n}p-{side}",
                            Match(n, side, ["random"] * n, [bot_preset(b) for b in seats])))
    for bots in ("heuristic", "greedy", "random"):   # E19 draft, E18 extra tokens
        out.append((f"draft-{bots}-3p", Match(3, "province", ["draft", "random", "eoles"],
                                              [bot_preset(bots)] * 3, start_tokens=[0, 3, 1])))
    return out


def _canon(a) -> bytes:
    a = np.asarray(a)
    if a.dtype == object or a.dtype.kind in "US":
        return "\x1f".join(str(x) for x in a.tolist()).encode()
    if a.dtype.kind == "f":
        return a.astype("<f8").tobytes()
    return a.astype("<i8").tobytes()


def block_hash(cols: dict) -> str:
    h = hashlib.sha256()
    for table, names in COLUMNS.items():
        for name in names:
            h.update(f"{table}.{name}:".encode())
            h.update(_canon(cols[table][name]))
    for rec in cols["records"]:
        d = rec.to_dict()
        d.pop("content_hash", None)
        h.update(json.dumps(d, sort_keys=True, separators=(",", ":")).encode())
    return h.hexdigest()[:24]


def play(index: int, match: Match, count: int) -> dict:
    seed, start = 1000 + index, 7 * index
    return play_block(GAME(), match, seed, start, count, record=[start, start + 1], workers=1)


_GAME: list = []


def GAME():
    if not _GAME:
        from glowsim.content import load_game
        _GAME.append(load_game())
    return _GAME[0]


CONFIG_NAMES = [name for name, _ in configs()]

EXPECTED = {
    "random-2p-province/2": "c5d5135272b1d24ebeed56cb",
    "random-2p-province/300": "d4eed6f69505d75999e1c489",
    "random-2p-archipelago/2": "5bb97d0316110a5bead923c4",
    "random-2p-archipelago/300": "163b485ad901645cf7501d48",
    "random-3p-province/2": "8b6ab4a50e369df76ad69a1e",
    "random-3p-province/300": "a7b892cdf933d4970291d267",
    "random-3p-archipelago/2": "aa851f9f2bdf6e6ba57af93d",
    "random-3p-archipelago/300": "829e00ecd252e62dc0e2c713",
    "random-4p-province/2": "848885441944138442d6ab8f",
    "random-4p-province/300": "bcfffaa8f10c4a8c45ab4414",
    "random-4p-archipelago/2": "6b15c7b81508227e4f8a38cd",
    "random-4p-archipelago/300": "520508c36fbf488b76dec123",
    "greedy-2p-province/2": "54a894c3a8f1208d355a9633",
    "greedy-2p-province/300": "d339278234346208fb4a1a92",
    "greedy-2p-archipelago/2": "6eaeb25bc06a1a1a8e41b3e0",
    "greedy-2p-archipelago/300": "32323021c6d63647e9c4219f",
    "greedy-3p-province/2": "d8d8b1d515c66df174565144",
    "greedy-3p-province/300": "2e91e3f3519c89f39c15d490",
    "greedy-3p-archipelago/2": "18dfba34f23e0a5ef717e4ea",
    "greedy-3p-archipelago/300": "73effe4ae8ee00d7271cb7cb",
    "greedy-4p-province/2": "b60c090b0fcebbfd7d7ad7dc",
    "greedy-4p-province/300": "0977111229d91400564ba8cd",
    "greedy-4p-archipelago/2": "fa053508e5e0bd4f6297457c",
    "greedy-4p-archipelago/300": "0099f02d903acfb2adc2a82d",
    "heuristic-2p-province/2": "dbb140b51107238d830c39ea",
    "heuristic-2p-province/300": "71dc0e85b899454c36328e9e",
    "heuristic-2p-archipelago/2": "3cdb15c8681bed53fc7ea7cc",
    "heuristic-2p-archipelago/300": "4aa11e58a963a7e1e66ddfde",
    "heuristic-3p-province/2": "32cb5dcbb23050f221c860b5",
    "heuristic-3p-province/300": "f362ef72c619ab0538a31efc",
    "heuristic-3p-archipelago/2": "5ff5d531478bca348b28490b",
    "heuristic-3p-archipelago/300": "7a3827577fa6590ca82f2b85",
    "heuristic-4p-province/2": "e7bb589dcd4510b43e63a216",
    "heuristic-4p-province/300": "127c25c0967e45087bd7aac6",
    "heuristic-4p-archipelago/2": "d36a749dfede587ea5df5687",
    "heuristic-4p-archipelago/300": "032eb5ff65563e55d2a5ba26",
    "mixed-2p-province/2": "3e1a292e57151cd042b6e40f",
    "mixed-2p-province/300": "5a41c8d0b1378b436158183c",
    "mixed-2p-archipelago/2": "148ce0e25ebc456a31bfbfdd",
    "mixed-2p-archipelago/300": "53397fa1e37540e3891e4e05",
    "mixed-3p-province/2": "a897b026582f56ed455cb0d1",
    "mixed-3p-province/300": "facbcff5687b5aa3fab92fc3",
    "mixed-3p-archipelago/2": "c8043d3db6e719af5ff6c40f",
    "mixed-3p-archipelago/300": "b22fa26cae5fd213135e16bd",
    "mixed-4p-province/2": "175de122c1a484fb6b4ce1fc",
    "mixed-4p-province/300": "98b740fca16878a4f226f686",
    "mixed-4p-archipelago/2": "524be3594622eb3237f77b94",
    "mixed-4p-archipelago/300": "8d1c8687cadb73a72750b11d",
    "draft-heuristic-3p/2": "bf688adc66cd9544c6bfb33d",
    "draft-heuristic-3p/300": "10238a77df740bd67c06cced",
    "draft-greedy-3p/2": "ba3c55935e23004d5d5027a8",
    "draft-greedy-3p/300": "54e03125965b765852f524b2",
    "draft-random-3p/2": "2f87f9c281ccf8bde8573878",
    "draft-random-3p/300": "c39aac875525e338b39130e2",
}


@pytest.mark.parametrize("index", range(len(CONFIG_NAMES)), ids=CONFIG_NAMES)
def test_golden_games_unchanged(compiled, index):
    name, match = configs()[index]
    counts = (SHORT, LONG) if JIT else (SHORT,)
    for count in counts:
        got = block_hash(play(index, match, count))
        assert got == EXPECTED[f"{name}/{count}"], (
            f"{name}, {count} games: the games changed (a speedup must leave every game, "
            f"decision and die identical)")


if __name__ == "__main__":
    print("EXPECTED = {")
    for i, (name, match) in enumerate(configs()):
        for count in (SHORT, LONG):
            print(f'    "{name}/{count}": "{block_hash(play(i, match, count))}",')
    print("}")
