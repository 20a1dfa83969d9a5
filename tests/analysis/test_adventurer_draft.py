"""Adventurer draft (E19): offers rebuilt from the tables, draft rates per adventurer.

The synthetic run below is worked out by hand (see DRAFT_GAMES); the engine test replays
reference-engine games of a runner-made run and compares the rebuilt offers with the legal
options of every ADVENTURER decision (E19).
"""
import math

import numpy as np
import pandas as pd
import pytest

from glowsim.analysis import RunError, adventurer_strength, draft_offers, draft_strength, load_run
from glowsim.analysis.drafts import assignment, draft_order
from glowsim.analysis.intervals import Z95, newcombe_diff, wilson

from .synth import player_row, recruit_row, write_run

# Variant "d": 3 players, seat 0 dealt at random (E13), seats 1 and 2 draft (E19), Orium
# removed, so the pool is braccio, taetyss, eoles, pocana, moloch, noctiluca.
# game: (adventurer per seat, win share per seat)
DRAFT_GAMES = [
    (["braccio", "taetyss", "eoles"], [0.0, 1.0, 0.0]),
    (["taetyss", "eoles", "braccio"], [0.0, 0.0, 1.0]),
    (["eoles", "taetyss", "pocana"], [0.0, 0.5, 0.5]),
    (["pocana", "eoles", "taetyss"], [0.0, 0.5, 0.5]),
]
# offers worked out by hand: (game, seat) -> options in catalog order
OFFERS = {
    (0, 1): ["taetyss", "eoles", "pocana", "moloch", "noctiluca"],
    (0, 2): ["eoles", "pocana", "moloch", "noctiluca"],
    (1, 1): ["braccio", "eoles", "pocana", "moloch", "noctiluca"],
    (1, 2): ["braccio", "pocana", "moloch", "noctiluca"],
    (2, 1): ["braccio", "taetyss", "pocana", "moloch", "noctiluca"],
    (2, 2): ["braccio", "pocana", "moloch", "noctiluca"],
    (3, 1): ["braccio", "taetyss", "eoles", "moloch", "noctiluca"],
    (3, 2): ["braccio", "taetyss", "moloch", "noctiluca"],
}
SEATS_D = [{"adventurer": "random"}, {"adventurer": "draft"}, {"adventurer": "draft"}]


DEALT_GAMES = [(["moloch", "noctiluca", "orium"], [1.0, 0.0, 0.0])]


def _tables(games=DRAFT_GAMES, dealt=True, remove_orium=True, dealt_games=DEALT_GAMES):
    G, P, R = [], [], []
    for g, (advs, ws) in enumerate(games):
        G.append(dict(variant="d", game_index=g, n_players=3, side="province", first_player=g % 3,
                      n_winners=sum(w > 0 for w in ws), top_score=50, margin=0, rounds=8))
        for s, (a, w) in enumerate(zip(advs, ws)):
            P.append(player_row("d", g, s, (s - g) % 3, a, 40 + 10 * w, w > 0, w))
        R.append(recruit_row("d", g, 0, 0, g % 3, "A01", ["A01", "A02"]))
    variants = [dict(name="d", players=3, side="province", seats=SEATS_D,
                     patch={"adventurers": {"orium": None}} if remove_orium else {})]
    if dealt:   # a second variant, every seat dealt: its rows have no draft columns
        for g, (advs, ws) in enumerate(dealt_games):
            G.append(dict(variant="r", game_index=g, n_players=3, side="province",
                          first_player=0, n_winners=1, top_score=50, margin=5, rounds=8))
            for s, (a, w) in enumerate(zip(advs, ws)):
                P.append(player_row("r", g, s, s, a, 40 + 10 * w, w > 0, w))
            R.append(recruit_row("r", g, 0, 0, 0, "A01", ["A01", "A02"]))
        variants.append(dict(name="r", players=3, side="province",
                             seats=[{"adventurer": "random"}] * 3, patch={}))
    return G, P, R, {"scenario": {"name": "draft"}, "variants": variants}


@pytest.fixture
def draft_run(tmp_path):
    return load_run(write_run(tmp_path / "draft", *_tables()))


def test_e19_offers_rebuilt_from_pool_seat_specs_and_players(draft_run):
    o = draft_offers(draft_run)
    assert len(o) == sum(len(v) for v in OFFERS.values()) == 36
    got = {k: list(g["adventurer"]) for k, g in o.groupby(["game_index", "seat"])}
    assert got == OFFERS                              # dealt seat's and earlier picks are gone
    assert set(o["variant"]) == {"d"}                 # the dealt variant offers nothing
    taken = o[o["taken"]].set_index(["game_index", "seat"])["adventurer"].to_dict()
    assert taken == {(g, s): DRAFT_GAMES[g][0][s] for g in range(4) for s in (1, 2)}
    assert set(o.loc[o["seat"] == 1, "draft_pos"]) == {1} and set(o.loc[o["seat"] == 2,
                                                                       "draft_pos"]) == {2}
    assert list(o.groupby(["game_index", "seat"])["n_offered"].first()) == [5, 4] * 4


def test_assignment_labels():
    from glowsim.analysis.load import Variant
    assert assignment(Variant("d", spec={"seats": SEATS_D})) == "draft: seats 1, 2"
    assert assignment(Variant("a", spec={"seats": [{"adventurer": "draft"}] * 2})) == \
        "draft: all seats"
    assert assignment(Variant("f", spec={"seats": [{"adventurer": "pocana"},
                                                   {"adventurer": "random"}]})) == "dealt"
    assert assignment(Variant("o", spec={"seats": [{"adventurer": "random"},
                                                   {"adventurer": "draft"}]})) == "draft: seat 1"


def test_pick_rate_taken_at_and_win_rates_hand_computed(draft_run):
    t = draft_strength(draft_run).set_index("adventurer")
    assert set(t["assignment"]) == {"draft: seats 1, 2"}
    assert "orium" not in t.index                                     # removed: never offered
    # taetyss: offered at (0,1) taken, (2,1) taken, (3,1) passed, (3,2) taken
    r = t.loc["taetyss"]
    assert (r.offered, r.drafted, r.passed) == (4, 3, 1)
    w = wilson(3, 4)
    assert (r.pick_rate, r.pick_rate_low, r.pick_rate_high) == pytest.approx((0.75, w.low, w.high))
    assert r.pick_rate_low == pytest.approx(0.3006418, abs=1e-6)   # Wilson 3/4 by hand
    assert r.pick_rate_high == pytest.approx(0.9544127, abs=1e-6)
    assert r.taken_at == pytest.approx(4 / 3)                      # positions 1, 1, 2
    sd = np.std([1, 1, 2], ddof=1)
    assert r.taken_at_high - r.taken_at == pytest.approx(4.302653 * sd / math.sqrt(3), rel=1e-6)
    assert r.win_rate_drafted == pytest.approx(2 / 3)              # shares 1, .5, .5
    assert r.win_rate_passed == 0.5                                # seat 1 of game 3
    # eoles: passed at (0,1) by the winner; taken at (0,2), (1,1), (3,1)
    r = t.loc["eoles"]
    assert (r.offered, r.drafted, r.pick_rate, r.taken_at) == (4, 3, 0.75, pytest.approx(4 / 3))
    assert (r.win_rate_drafted, r.win_rate_passed) == pytest.approx((1 / 6, 1.0))
    # braccio: taken once (game 1, second pick, won), passed 5 times (shares 0, .5 x 4)
    r = t.loc["braccio"]
    assert (r.offered, r.drafted, r.pick_rate, r.taken_at) == (6, 1, pytest.approx(1 / 6), 2.0)
    assert math.isnan(r.taken_at_low)                              # one pick: no t interval
    assert (r.win_rate_drafted, r.win_rate_passed) == (1.0, pytest.approx(2 / 5))
    # moloch and noctiluca: offered at all 8 picks, never taken
    for a in ("moloch", "noctiluca"):
        r = t.loc[a]
        assert (r.offered, r.drafted, r.pick_rate, r.passed) == (8, 0, 0.0, 8)
        assert r.pick_rate_high == pytest.approx(wilson(0, 8).high)
        assert math.isnan(r.win_rate_drafted) and r.win_rate_passed == 0.5
        assert math.isnan(r.improvement_drafted)


def test_improvement_when_drafted_game_clustered_interval(draft_run):
    t = draft_strength(draft_run).set_index("adventurer")
    # taetyss: drafted 2/3, passed 1/2; per game (cluster) c: u_c = (W_ac - pa N_ac) / mean N_a
    # - (W_bc - pb N_bc) / mean N_b over the games where it was offered (0, 2, 3):
    # mean N_a = 1, mean N_b = 1/3; u = 1/3, -1/6, -1/6 -> var(u) = 1/12, half = z sqrt(1/36)
    r = t.loc["taetyss"]
    assert r.improvement_drafted == pytest.approx(1 / 6)
    assert r.improvement_drafted_low == pytest.approx(1 / 6 - Z95 / 6)
    assert r.improvement_drafted_high == pytest.approx(1 / 6 + Z95 / 6)
    # pocana: .5 drafted, .5 passed, every cluster's residual 0: a zero-width interval
    r = t.loc["pocana"]
    assert (r.improvement_drafted, r.improvement_drafted_low, r.improvement_drafted_high) == \
        pytest.approx((0.0, 0.0, 0.0))
    # a rate of 1 (eoles passed, braccio drafted): Newcombe's interval of the two rates
    for a, (x1, n1, x2, n2) in {"eoles": (0.5, 3, 1.0, 1), "braccio": (1.0, 1, 2.0, 5)}.items():
        iv = newcombe_diff(x1, n1, x2, n2)
        r = t.loc[a]
        assert (r.improvement_drafted, r.improvement_drafted_low, r.improvement_drafted_high) == \
            pytest.approx((iv.estimate, iv.low, iv.high))


def test_adventurer_table_keeps_dealt_and_drafted_apart(draft_run):
    t = adventurer_strength(draft_run)
    dealt = t[t["assignment"] == "dealt"].set_index("adventurer")
    assert list(dealt.index) == ["moloch", "noctiluca", "orium"]
    assert (dealt["offered"] == 0).all() and dealt["pick_rate"].isna().all()
    d = t[t["assignment"] == "draft: seats 1, 2"].set_index("adventurer")
    # every player-game of the slice counts in `games` / `win_rate`, dealt seat 0 included
    assert d.loc["taetyss", "games"] == 4 and d.loc["taetyss", "win_rate"] == pytest.approx(2 / 4)
    assert d.loc["taetyss", "offered"] == 4 and d.loc["taetyss", "drafted"] == 3
    assert d.loc["braccio", "games"] == 2 and d.loc["braccio", "win_rate"] == 0.5
    assert d.loc["braccio", "field_win_rate"] == pytest.approx(1 / 3)
    # the sweep section's call (one slice, by=[]) still works
    assert set(adventurer_strength(draft_run, by=[])["adventurer"]) >= {"orium", "pocana"}


def test_no_draft_seats_no_offers(tiny_run):
    assert draft_offers(tiny_run).empty
    t = adventurer_strength(tiny_run)
    assert set(t["assignment"]) == {"dealt"} and (t["offered"] == 0).all()


def test_tables_that_contradict_e19_are_refused(tmp_path):
    bad = [(["braccio", "taetyss", "braccio"], [1.0, 0.0, 0.0])]        # braccio was dealt
    run = load_run(write_run(tmp_path / "bad", *_tables(bad, dealt=False)))
    with pytest.raises(RunError, match=r"game 0: drafting seat 2 has braccio, which was not "
                                       r"free at its pick \(E19\)"):
        draft_offers(run)
    gone = [(["braccio", "taetyss", "orium"], [1.0, 0.0, 0.0])]         # removed from the pool
    run = load_run(write_run(tmp_path / "gone", *_tables(gone, dealt=False)))
    with pytest.raises(RunError, match=r"adventurer\(s\) orium not in the variant's content"):
        draft_offers(run)


def test_draft_order_fixed_or_none(draft_run):
    o = draft_offers(draft_run)
    assert draft_order(o) is None          # eoles over taetyss (game 3) and back (game 0)
    fixed = o[o["game_index"].isin([0, 1])]
    # game 0: taetyss, then eoles; game 1: eoles, then braccio -> one order explains them
    assert draft_order(fixed) == ["taetyss", "eoles", "braccio"]


# ---- against the reference engine ----

ENGINE_SCENARIO = """players: 4
engine: reference
games: 12
chunk_games: 6
seed: 11
seat: {adventurer: random, bot: random}
variants:
  - name: half
    seats: [{adventurer: draft}, {adventurer: random}, {adventurer: pocana}, {adventurer: draft}]
  - name: all-draft-no-orium
    side: archipelago
    remove: [orium]
    seat: {adventurer: draft, bot: random}
"""


@pytest.fixture(scope="module")
def engine_run(tmp_path_factory):
    from glowsim.runner import RunOptions, run_scenario
    from glowsim.scenarios import parse_scenario
    out = tmp_path_factory.mktemp("engine")
    run_scenario(parse_scenario(ENGINE_SCENARIO, str(out / "draft.yaml"), base_dir=out),
                 RunOptions(out=out / "run", progress=False))
    return load_run(out / "run")


def test_e19_rebuilt_offers_equal_the_engines_legal_options(engine_run):
    """Replay each game with agents that note the legal options of every ADVENTURER decision
    (E19); they must equal the offers rebuilt from the run's tables and manifest."""
    from glowsim import seeding as S
    from glowsim.spec import decisions as D
    from glowsim.engine import play_game
    from glowsim.engine.botnames import make_bot
    from glowsim.scenarios.expand import game_for

    class Noting:
        def __init__(self, bot, seen):
            self.bot, self.seen = bot, seen

        def decide(self, game, seat, kind, legal):
            if kind == D.ADVENTURER:
                self.seen[seat] = [game.cat.item_id(o[0]) for o in legal]
            return self.bot.decide(game, seat, kind, legal)

    offers = draft_offers(engine_run)
    rebuilt = {k: list(g["adventurer"]) for k, g in
               offers.groupby(["variant", "game_index", "seat"])}
    checked = 0
    for v in engine_run.manifest["variants"]:       # as the runner wrote them
        game = game_for(tuple((e["patch"], e["source"], {}) for e in v["content"]))
        seats = v["seats"]
        for g in range(12):
            seen = {}
            root = S.root_key(engine_run.manifest["seed"])
            agents = [Noting(make_bot(s["bot"], root, g, i), seen) for i, s in enumerate(seats)]
            out = play_game(game, n_players=v["players"], side=v["side"],
                            adventurers=[s["adventurer"] for s in seats], agents=agents,
                            root_seed=engine_run.manifest["seed"], game_index=g)
            p = engine_run.players[(engine_run.players["variant"] == v["name"]) &
                                   (engine_run.players["game_index"] == g)]
            assert list(p["adventurer"]) == [r["adventurer"] for r in out.players]  # same game
            assert seen and {(v["name"], g, s): o for s, o in seen.items()} == \
                {k: o for k, o in rebuilt.items() if k[:2] == (v["name"], g)}
            checked += len(seen)
    assert checked == 12 * 2 + 12 * 4
    # the pool after `remove`: orium is never offered in that variant
    assert "orium" not in set(offers.loc[offers["variant"] == "all-draft-no-orium", "adventurer"])
    # random bots pick from their options at random: no fixed order explains the picks
    assert draft_order(offers) is None


def test_shipped_adventurers_4p_has_a_draft_variant_on_common_seeds():
    """scenarios/adventurers-4p.yaml: every seat dealt (E13), and seats 0-1 dealt then 2-3
    drafting (E19), on both sides, one seed: the draft variant's dealt seats get the same
    adventurers as in the random variant (E13 deals the random seats first)."""
    from pathlib import Path

    from glowsim.scenarios import expand, load_scenario
    runs = expand(load_scenario(Path(__file__).resolve().parents[2] / "scenarios" /
                                "adventurers-4p.yaml"))
    assert [(r.variant, r.side, [s.adventurer for s in r.seats]) for r in runs] == [
        ("random", "province", ["random"] * 4), ("random", "archipelago", ["random"] * 4),
        ("draft", "province", ["random", "random", "draft", "draft"]),
        ("draft", "archipelago", ["random", "random", "draft", "draft"])]
    assert len({r.seed for r in runs}) == 1 and len({r.content_hash for r in runs}) == 1


def test_e13_dealt_seats_same_with_or_without_the_draft():
    """What makes the `random` and `draft` variants of adventurers-4p comparable game by game:
    E13 deals the random seats first from the same stream, so seats 0-1 get the same
    adventurers whether seats 2-3 draft (E19) or are dealt too (reference engine)."""
    from glowsim.content import load_game
    from glowsim.engine.play import resolve_adventurers
    from glowsim import seeding as S
    game = load_game()
    root = S.root_key(5)
    for g in range(30):
        dealt = resolve_adventurers(game, ["random"] * 4, 4, root, g)
        draft = resolve_adventurers(game, ["random", "random", "draft", "draft"], 4, root, g)
        assert draft[:2] == dealt[:2] and draft[2:] == [-1, -1]


FAST_SCENARIO = """players: 4
games: 40
seed: 3
seat: {adventurer: random, bot: heuristic}
variants:
  - name: half
    seats: [{adventurer: draft}, {adventurer: random}, {bot: greedy, adventurer: draft}, {}]
  - name: three-no-orium
    players: 3
    side: archipelago
    remove: [orium]
    seats: [{adventurer: random}, {adventurer: draft}, {adventurer: draft, bot: random}]
"""


@pytest.mark.slow
def test_e19_rebuilt_offers_equal_the_legal_options_of_fast_path_records(tmp_path, monkeypatch):
    """Fast-path run, every game recorded: replaying each record through the reference engine
    (which checks every decision against its legal options) with a replay agent that notes
    the ADVENTURER options gives the offers rebuilt from the tables (E19)."""
    import glowsim.engine.play as play
    from glowsim.spec import decisions as D
    from glowsim.records import GameRecord
    from glowsim.runner import RunOptions, run_scenario
    from glowsim.scenarios import parse_scenario
    from glowsim.scenarios.expand import game_for

    run_scenario(parse_scenario(FAST_SCENARIO, str(tmp_path / "fast.yaml"), base_dir=tmp_path),
                 RunOptions(out=tmp_path / "run", progress=False, record_every=1))
    run = load_run(tmp_path / "run")
    offers = draft_offers(run)
    rebuilt = {k: list(g["adventurer"]) for k, g in
               offers.groupby(["variant", "game_index", "seat"])}
    seen = {}

    class Noting(play.ReplayAgent):
        def decide(self, game, seat, kind, legal):
            if kind == D.ADVENTURER:
                seen[seat] = [game.cat.item_id(o[0]) for o in legal]
            return super().decide(game, seat, kind, legal)

    monkeypatch.setattr(play, "ReplayAgent", Noting)
    games = {v["name"]: game_for(tuple((e["patch"], e["source"], {}) for e in v["content"]))
             for v in run.manifest["variants"]}
    checked = 0
    for f in sorted((tmp_path / "run" / "chunks").rglob("*.records.parquet")):
        for v, g, rec in pd.read_parquet(f).itertuples(index=False):
            seen.clear()
            play.replay(games[v], GameRecord.from_json(rec))
            assert seen == {k[2]: o for k, o in rebuilt.items() if k[:2] == (v, g)}, (v, g)
            checked += len(seen)
    assert checked == 40 * 2 + 40 * 2
