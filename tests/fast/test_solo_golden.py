"""Golden solo games (R9): speedups of the fast path must not change a solo game.

For fixed seeds over both board sides x the three bot presets (Tom's colours drawn, E15) and
one match with fixed colours, every column of the solo `games`, `players` and `recruits`
tables (Tom's count, the tiles) and two full records are hashed and compared with hashes
taken when solo mode entered the fast path (the `heuristic` ones re-taken when two of its
sums changed order on purpose, as in test_golden.py).  (`random` and `greedy` solo games are also
checked against the reference engine game by game, test_solo_same_games.py; this pins the
`heuristic` ones too.)

Regenerate (only when the rules or the bots are meant to change):
``python -m tests.fast.test_solo_golden``.
"""
from __future__ import annotations

import hashlib
import json

import numpy as np
import pytest

from glowsim.fast import Match, bot_preset, play_block

from .conftest import JIT

SHORT, LONG = 2, 300         # games per configuration (LONG only with compiled kernels)


def configs() -> list[tuple[str, Match]]:
    out = []
    for bot in ("random", "greedy", "heuristic"):
        for side in ("province", "archipelago"):
            out.append((f"solo-{bot}-{side}", Match(1, side, ["random"], [bot_preset(bot)])))
    out.append(("solo-heuristic-pocana-green-yellow",
                Match(1, "archipelago", ["pocana"], [bot_preset("heuristic")], tom_colors=["green", "yellow"])))
    return out


def _canon(a) -> bytes:
    a = np.asarray(a)
    if a.dtype == object or a.dtype.kind in "US":
        return "\x1f".join(str(x) for x in a.tolist()).encode()
    if a.dtype.kind == "f":
        return a.astype("<f8").tobytes()
    return a.astype("<i8").tobytes()


# columns added after the golden values were taken, derived from what the hash covers already
# (offered_mask2: the offer's companion rows 64..127, which `offered` names)
LATER = ("offered_mask2",)


def block_hash(cols: dict) -> str:
    h = hashlib.sha256()
    for table in ("games", "players", "recruits"):
        for name in sorted(cols[table]):
            if name in LATER:
                continue
            h.update(f"{table}.{name}:".encode())
            h.update(_canon(cols[table][name]))
    for rec in cols["records"]:
        d = rec.to_dict()
        d.pop("content_hash", None)
        h.update(json.dumps(d, sort_keys=True, separators=(",", ":")).encode())
    return h.hexdigest()[:24]


_GAME: list = []


def play(index: int, match: Match, count: int) -> dict:
    if not _GAME:
        from glowsim.content import load_game
        _GAME.append(load_game())
    seed, start = 500 + index, 11 * index
    return play_block(_GAME[0], match, seed, start, count, record=[start, start + 1], workers=1)


CONFIG_NAMES = [name for name, _ in configs()]

EXPECTED = {
    "solo-random-province/2": "df25119527c7c154067922b0",
    "solo-random-province/300": "44ed33116cf0bb877f413f64",
    "solo-random-archipelago/2": "52c631121b5c9346683db42f",
    "solo-random-archipelago/300": "3deb819ec9e09ac4899a2b10",
    "solo-greedy-province/2": "192be9a1bfeeb9097e54debf",
    "solo-greedy-province/300": "b4088e172d317337630ef366",
    "solo-greedy-archipelago/2": "d021fc0bad50207c73566618",
    "solo-greedy-archipelago/300": "0517779c126129ea1049bd7c",
    "solo-heuristic-province/2": "2b7d1bda29d5a40d5b1bdace",
    "solo-heuristic-province/300": "bcdbdb39e225d0e2fef5e5ea",
    "solo-heuristic-archipelago/2": "af8b25af956e783466acda8b",
    "solo-heuristic-archipelago/300": "9c6bad2d4cb8051a24af11ec",
    "solo-heuristic-pocana-green-yellow/2": "fab7a99caf77777c189fee6b",
    "solo-heuristic-pocana-green-yellow/300": "f714c70a9ddf115de2d99292",
}


@pytest.mark.parametrize("index", range(len(CONFIG_NAMES)), ids=CONFIG_NAMES)
def test_R9_golden_solo_games_unchanged(compiled, index):
    name, match = configs()[index]
    for count in ((SHORT, LONG) if JIT else (SHORT,)):
        got = block_hash(play(index, match, count))
        assert got == EXPECTED[f"{name}/{count}"], (
            f"{name}, {count} games: the solo games changed (a speedup must leave every game, "
            f"decision and die identical)")


if __name__ == "__main__":
    print("EXPECTED = {")
    for i, (name, match) in enumerate(configs()):
        for count in (SHORT, LONG):
            print(f'    "{name}/{count}": "{block_hash(play(i, match, count))}",')
    print("}")
