"""R9 solo: the fast path's `random` and `greedy` presets are the reference engine's bots
compiled, so the same seed gives the same solo game as glowsim.engine.play_solo, record for
record (adventurer, setup of E16, every die, every decision including TOM_BOAT, final state
with Tom's count) and row for row (the games, players and recruits rows of section 6)."""
from __future__ import annotations

import pytest

from glowsim.engine import play_solo, replay
from glowsim.fast import Match, bot_preset, play_block
from glowsim.scenarios.expand import game_for

from .conftest import scale

TOM_BOAT = 10


def rows_of(cols, table, gi):
    """The rows of game gi in a play_block table, as dicts of Python values."""
    t = cols[table]
    keep = [i for i, g in enumerate(t["game_index"]) if g == gi]
    out = []
    for i in keep:
        row = {}
        for k, v in t.items():
            if k in ("game_index", "offered_mask", "offered_mask2"):
                continue
            x = v[i]
            row[k] = x.item() if hasattr(x, "item") else x
        out.append(row)
    return out


def same_game(game, side, bot, count, adventurer="random", tom_colors=None, seed=31):
    m = Match(1, side, [adventurer], [bot_preset(bot)], bot_labels=[bot], tom_colors=tom_colors)
    cols = play_block(game, m, seed, 0, count, record=range(count), workers=1)
    kinds = set()
    for gi, rec in enumerate(cols["records"]):
        out = play_solo(game, side, adventurer=None if adventurer == "random" else adventurer, bot=bot,
                        root_seed=seed, game_index=gi, tom_colors=tom_colors)
        ref = out.record
        assert rec.solo and rec.n_players == 1
        assert rec.adventurers == ref.adventurers
        assert rec.setup == ref.setup
        assert rec.dice == ref.dice
        assert rec.decisions == ref.decisions
        assert rec.final == ref.final
        kinds |= {d[1] for d in rec.decisions}
        # the table rows, as the reference runner adapter writes them
        assert rows_of(cols, "games", gi) == [out.game]
        assert rows_of(cols, "players", gi) == [dict(r, bot=bot) for r in out.players]
        fast_rc = rows_of(cols, "recruits", gi)
        assert len(fast_rc) == len(out.recruits)
        for f, r in zip(fast_rc, out.recruits):
            assert sorted(f.pop("offered").split(",")) == sorted(r["offered"])   # a set
            assert f == {k: v for k, v in r.items() if k != "offered"}
    return kinds


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("side", ["province", "archipelago"])
def test_R9_same_solo_game_as_the_engine(game, compiled, bot, side):
    kinds = same_game(game, side, bot, scale(8, 2))
    if side == "archipelago":
        assert TOM_BOAT in kinds   # Tom's boat choice (E17) is asked and answered alike


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_R9_E15_fixed_tom_colours_same_game(game, compiled, bot):
    same_game(game, "archipelago", bot, scale(4, 1), adventurer="pocana", tom_colors=["green", "yellow"])


def small_decks(game):
    """Content whose solo mode removes 9 more companions of each deck (8 left in A and in B)."""
    extra = ["A02", "A04", "A05", "A06", "A07", "A08", "A11", "A13", "A14",
             "B01", "B03", "B04", "B05", "B06", "B07", "B08", "B09", "B12"]
    patch = {"solo": {"removed": list(game.content.solo.removed) + extra}}
    return game_for(((patch, "small-decks.yaml", {}),))


@pytest.mark.parametrize("side", ["province", "archipelago"])
def test_R9_E14_decks_running_out_same_game(game, compiled, side):
    """Small decks: deck A runs out while dealing (dealing goes on from B) and deck B ends the
    game before the tiles do, on both engines alike."""
    small = small_decks(game)
    count = scale(6, 2)
    same_game(small, side, "random", count, seed=3)
    m = Match(1, side, ["random"], [bot_preset("heuristic")])
    cols = play_block(small, m, 3, 0, count, record=range(count), workers=1)
    assert all(r < 8 for r in cols["games"]["rounds"])     # deck B ran out first
    for rec in cols["records"]:
        replay(small, rec)
