"""A hand-checkable run of bots for the ladder and card-ranking tests (2 players, province).

* duel ``d-A`` (greedy, heuristic) and its complement ``d-B`` (heuristic, greedy), games 0..2
* self-play ``s-greedy`` and ``s-heuristic``, games 0..3, companions A01..A03

The values worked out by hand are in tests/analysis/test_bots_analysis.py.
"""
from .synth import player_row, recruit_row, write_run

# (variant, bots per seat, [(win shares per seat, [(seat, companion)], adventurers per seat)])
DUELS = [
    ("d-A", ("greedy", "heuristic"), [((1, 0), [(0, "A01")], None), ((0, 1), [(0, "A01")], None),
                                      ((.5, .5), [(0, "A01")], None)]),
    ("d-B", ("heuristic", "greedy"), [((0, 1), [(0, "A01")], None), ((1, 0), [(0, "A01")], None),
                                      ((0, 1), [(0, "A01")], None)]),
]
SELF = [
    ("s-greedy", ("greedy", "greedy"), [
        ((1, 0), [(0, "A01"), (1, "A02")], ("braccio", "eoles")),
        ((0, 1), [(0, "A01"), (1, "A03")], ("braccio", "eoles")),
        ((1, 0), [(0, "A01"), (0, "A03"), (1, "A02")], ("eoles", "braccio")),
        ((.5, .5), [(0, "A02"), (1, "A03")], ("braccio", "eoles"))]),
    ("s-heuristic", ("heuristic", "heuristic"), [
        ((1, 0), [(0, "A03"), (1, "A01")], ("braccio", "eoles")),
        ((1, 0), [(0, "A02"), (1, "A01")], ("braccio", "eoles")),
        ((0, 1), [(0, "A01"), (1, "A03")], ("braccio", "eoles")),
        ((0, 1), [(0, "A02"), (1, "A03")], ("braccio", "eoles"))]),
]


def bot_tables(variants=DUELS + SELF):
    G, P, R, V = [], [], [], []
    for name, bots, games in variants:
        V.append({"name": name, "players": 2, "side": "province",
                  "seats": [{"adventurer": "random", "bot": b, "params": {}, "label": b}
                            for b in bots]})
        for g, (ws, recs, advs) in enumerate(games):
            advs = advs or ("braccio", "eoles")
            n_win = sum(1 for w in ws if w > 0)
            G.append(dict(variant=name, game_index=g, n_players=2, side="province", first_player=0,
                          n_winners=n_win, top_score=50, margin=0 if n_win == 2 else 5, rounds=8))
            for seat in (0, 1):
                P.append(player_row(name, g, seat, seat, advs[seat], 50 if ws[seat] else 45,
                                    ws[seat] > 0, float(ws[seat]), bot=bots[seat]))
            for k, (seat, comp) in enumerate(recs):
                R.append(recruit_row(name, g, k // 2, k % 2, seat, comp, [comp]))
    manifest = {"scenario": {"name": "bots-synthetic"}, "variants": V}
    return G, P, R, manifest


def write_bot_run(path, variants=DUELS + SELF):
    return write_run(path, *bot_tables(variants))
