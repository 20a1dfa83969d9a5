"""Kernel record buffers and final-state snapshots -> GameRecord (contract.md sections 4, 7)."""
from __future__ import annotations

from ..content import codes as C
from ..records import GameRecord
from .kernel.state import (ADV_DRAFT, MT_ADV, MT_TOK, BD_RES, CD_BOX, CD_CEM, CD_PILE, CD_SPILE,
                           BD_BAG, BD_BF, CD_SWAP, G_BAG, G_BLACK, G_DAWN, G_NSWAP, G_LITTLE,
                           G_REPL, G_SETS, MAXBF, G_FIRST, G_FIRST0, G_N, G_NBOX, G_NDEC, G_NDICE,
                           G_PILE_LEN, G_SIDE, G_SPILE_LEN, LOC_BOX, LOC_PLAYER, NBOATS, P_ADV,
                           P_BOAT, P_COMPANY, P_ENCAMP, P_FINAL, P_FIRE, P_FOOT, P_LAPPED, P_NCOMP,
                           P_NSPELL, P_SCORE, P_TOK, PC_ROW, PS_ROW, SD_LOC)


def dawn_sets(game, g) -> tuple[list, list]:
    """D1: (sets in play, sets replacing) of a Dawn game (its fields g), as ids in content
    order."""
    names = list(game.dawn.sets)
    return ([s for i, s in enumerate(names) if (int(g[G_SETS]) >> i) & 1],
            [s for i, s in enumerate(names) if (int(g[G_REPL]) >> i) & 1])


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
    elif 0 <= loc < LOC_PLAYER:
        black = -2                # engine BLACK_ON_TRACK
    else:
        black = loc - LOC_PLAYER  # the seat holding it
    out = {
        "players": players,
        "cemetery": cem,
        "box": sorted(ids(int(r)) for r in snap.cd[k, CD_BOX, :int(g[G_NBOX])]),
        "reserve": sorted(reserve),
        "black_die": black,
        "first_player": int(g[G_FIRST]),
    }
    if int(g[G_DAWN]):      # a Dawn game without the Anibloom (the fast path's Dawn, D1)
        sets, replaced = dawn_sets(game, g)
        bag = game.dawn.bag
        bf = [{} for _ in range(n)]
        if int(g[G_BAG]):
            for p in range(n):
                bf[p] = {tok.name: int(snap.bd[k, BD_BF + MAXBF * p + c])
                         for c, tok in enumerate(bag.tokens) if snap.bd[k, BD_BF + MAXBF * p + c]}
        out["dawn"] = {"sets": sets, "replaced": replaced,
                       "swap_deck": [ids(int(r)) for r in snap.cd[k, CD_SWAP, :int(g[G_NSWAP])]],
                       "bag": int(snap.bd[k, BD_BAG:BD_BAG + len(bag.tokens)].sum())
                       if int(g[G_BAG]) else None,
                       "butterflies": bf,
                       "little_board": [p for p in range(n) if (int(g[G_LITTLE]) >> p) & 1]}
    return out


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
    if int(g[G_DAWN]):
        sets, replaced = dawn_sets(game, g)
        setup["dawn"] = {"sets": sets, "replaced": replaced}      # D1
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
