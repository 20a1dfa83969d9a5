"""Kernel record buffers and final-state snapshots -> GameRecord (contract.md sections 4, 7)."""
from __future__ import annotations

from ..content import codes as C
from ..records import GameRecord
from .kernel.state import (ADV_DRAFT, MT_ADV, MT_TOK, BD_RES, CD_BOX, CD_CEM, CD_PILE, CD_SPILE,
                           G_BLACK, G_FIRST, G_FIRST0, G_N, G_NBOX, G_NDEC, G_NDICE, G_PILE_LEN,
                           G_SIDE, G_SPILE_LEN, LOC_BOX, LOC_PLAYER, NBOATS, NSPACE, P_ADV, P_BOAT,
                           P_COMPANY, P_ENCAMP, P_FINAL, P_FIRE, P_FOOT, P_LAPPED, P_NCOMP,
                           P_NSPELL, P_SCORE, P_TOK, PC_ROW, PS_ROW, SD_LOC)


def final_state(game, snap, k: int) -> dict:
    """The final state of section 7 from snapshot slot k, in the reference engine's layout
    (glowsim.engine.scoring.final_state): ids, sorted where the engine sorts."""
    cat = game.catalog
    ids = cat.item_id
    g = snap.g[k]
    n = int(g[G_N])
    prov = int(g[G_SIDE]) == C.PROVINCE
    players = []
    for p in range(n):
        pl = snap.pl[k, p]
        nc = int(pl[P_NCOMP])
        ns = int(pl[P_NSPELL])
        players.append({
            "score": int(pl[P_SCORE]),
            "footprints": int(pl[P_FOOT]),
            "fireflies": int(pl[P_FIRE]),
            "reroll_tokens": int(pl[P_TOK]),
            "lapped": bool(pl[P_LAPPED]),
            "companions": [ids(int(r)) for r in snap.pc[k, p, PC_ROW, :nc]],
            "spells": sorted(ids(int(r)) for r in snap.ps[k, p, PS_ROW, :ns]),
            "encampment": int(pl[P_ENCAMP]) if prov else None,
            "company": int(pl[P_COMPANY]) if prov else None,
            "boats": None if prov else sorted(int(pl[P_BOAT + b]) for b in range(NBOATS)),
            "final": int(pl[P_FINAL]),
        })
    cem = sorted(ids(r) for r in range(cat.n_companions) if snap.cd[k, CD_CEM, r])
    reserve = []
    for c in range(C.N_COLORS):
        reserve += [C.COLORS[c]] * int(snap.bd[k, BD_RES + c])
    loc = int(snap.sd[k, SD_LOC, int(g[G_BLACK])])
    if loc == LOC_BOX:
        black = -1                # engine BLACK_IN_BOX
    elif 0 <= loc < NSPACE:
        black = -2                # engine BLACK_ON_TRACK
    else:
        black = loc - LOC_PLAYER  # the seat holding it
    return {
        "players": players,
        "cemetery": cem,
        "box": sorted(ids(int(r)) for r in snap.cd[k, CD_BOX, :int(g[G_NBOX])]),
        "reserve": sorted(reserve),
        "black_die": black,
        "first_player": int(g[G_FIRST]),
    }


def build_record(game, snap, k: int, root_seed: int, game_index: int, mt) -> GameRecord:
    """The record of a 2-4 player game (a solo game's: solo_record.build_solo_record)."""
    cat = game.catalog
    g = snap.g[k]
    n = int(g[G_N])
    side = int(g[G_SIDE])
    setup = {
        "first_player": int(g[G_FIRST0]),
        "draw_pile": [cat.item_id(int(r)) for r in snap.cd[k, CD_PILE, :int(g[G_PILE_LEN])]],
        "box": [cat.item_id(int(r)) for r in snap.cd[k, CD_BOX, :int(g[G_NBOX])]],
        "spell_pile": [cat.item_id(int(r)) for r in snap.cd[k, CD_SPILE, :int(g[G_SPILE_LEN])]],
    }
    draft = [p for p in range(n) if int(mt[MT_ADV + p]) == ADV_DRAFT]
    if draft:
        setup["draft"] = draft            # E19
    tokens = [int(mt[MT_TOK + p]) for p in range(n)]
    if any(tokens):
        setup["start_tokens"] = tokens    # E18
    nd = int(g[G_NDICE])
    ne = int(g[G_NDEC])
    return GameRecord(
        content_hash=game.hash, n_players=n, side=C.SIDES[side],
        adventurers=[cat.item_id(int(snap.pl[k, p, P_ADV])) for p in range(n)],
        setup=setup,
        dice=snap.dice[k, :nd].tolist(),          # Python ints
        decisions=snap.dec[k, :ne].tolist(),      # rows of Python ints
        final=final_state(game, snap, k),
        seed={"root": int(root_seed), "game_index": int(game_index)},
    )
