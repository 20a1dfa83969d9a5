"""The record of a fast-path solo game (contract.md section 4 with `solo: true`): the setup of
E16 (decks A and B, the box, Tom's tiles and reshuffle order, his colours) and the final
state with Tom's count, as the reference engine's play_solo writes them.  Pure Python, as
every module at the top of glowsim/fast (left out of the kernel cache key); the solo kernels
are in glowsim/fast/solo."""
from __future__ import annotations

from ..content import codes as C
from ..records import GameRecord
from .record import final_state
from .kernel.state import CD_BOX, CD_PILE, G_NDEC, G_NDICE, G_SIDE, P_ADV
from .solo.layout import (N_RESHUFFLE, TM_BAND, TM_BOAT, TM_CAMP, TM_COL, TM_FINAL, TM_FOOT,
                          TM_JOURNEY, TM_LENA, TM_LENB, TM_NBOX0, TM_ORDER, TM_TILES0, TM_TRACK_END)


def solo_final_state(game, snap, k: int) -> dict:
    """Section 7 final state plus Tom (glowsim.engine.play._solo_outcome's layout)."""
    final = final_state(game, snap, k)
    final["black_die"] = -1     # no black die in solo mode: engine BLACK_IN_BOX
    bd = snap.bd[k]
    prov = int(snap.g[k, G_SIDE]) == C.PROVINCE
    final["tom"] = {"track": int(bd[TM_TRACK_END]), "journey_bursts": int(bd[TM_JOURNEY]),
                    "footprint_bursts": int(bd[TM_FOOT]), "band": int(bd[TM_BAND]),
                    "score": int(bd[TM_FINAL]),
                    "camp": int(bd[TM_CAMP]) if prov else None,
                    "boats": None if prov else sorted(int(bd[TM_BOAT + b]) for b in range(4))}
    return final


def build_solo_record(game, snap, k: int, root_seed: int, game_index: int) -> GameRecord:
    cat = game.catalog
    g = snap.g[k]
    bd = snap.bd[k]
    la, lb = int(bd[TM_LENA]), int(bd[TM_LENB])
    pile = [cat.item_id(int(r)) for r in snap.cd[k, CD_PILE, :la + lb]]
    nt = len(cat.tile_ids)
    setup = {
        "first_player": 0,
        "deck_a": pile[:la],
        "deck_b": pile[la:],
        "box": [cat.item_id(int(r)) for r in snap.cd[k, CD_BOX, :int(bd[TM_NBOX0])]],
        "spell_pile": [],
        "tiles": [cat.tile_ids[int(i)] for i in bd[TM_TILES0:TM_TILES0 + nt]],
        "tile_reshuffle": [int(i) for i in bd[TM_ORDER:TM_ORDER + N_RESHUFFLE]],
        "tom_colors": [C.COLORS[int(c)] for c in bd[TM_COL:TM_COL + 2]],
    }
    nd = int(g[G_NDICE])
    ne = int(g[G_NDEC])
    return GameRecord(
        content_hash=game.hash, n_players=1, side=C.SIDES[int(g[G_SIDE])],
        adventurers=[cat.item_id(int(snap.pl[k, 0, P_ADV]))], setup=setup,
        dice=snap.dice[k, :nd].tolist(),          # Python ints
        decisions=snap.dec[k, :ne].tolist(),      # rows of Python ints
        final=solo_final_state(game, snap, k),
        seed={"root": int(root_seed), "game_index": int(game_index)}, solo=True)
