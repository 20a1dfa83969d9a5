"""Property: any valid content override keeps the fast path and the reference engine in agreement.

Hypothesis draws patches that change printed numbers (companion and adventurer bursts, printed
fireflies, the amounts of triggered effects and spells, setup numbers) anywhere in the range the
content model allows, then a match (solo against Tom or 2-4 players, side, bot presets). The fast
path plays a few games with full records; each record is replayed by the reference engine with the
same patched content (glowsim.engine.replay checks every decision and the final state, docs/contract.md
section 4).
"""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from glowsim.content.model import Adventurer, Companion, Effect, Setup
from glowsim.engine import ReplayError, replay
from glowsim.fast import Match, bot_preset, play_block
from glowsim.fast.verify import configs
from glowsim.scenarios.expand import game_for

_BASE = game_for(())
CONTENT = _BASE.content
CONFIGS = configs()


def bounds(model, name):
    """(lo, hi) of an int field from its pydantic constraints (ge / le)."""
    lo = hi = None
    for m in model.model_fields[name].metadata:
        lo = getattr(m, "ge", lo) if getattr(m, "ge", None) is not None else lo
        hi = getattr(m, "le", hi) if getattr(m, "le", None) is not None else hi
    return lo, hi


def ints(model, name):
    lo, hi = bounds(model, name)
    return st.integers(lo, hi)


def effect_change():
    return st.fixed_dictionaries({}, optional={f: ints(Effect, f) for f in ("bursts", "footprints", "fireflies",
                                                                             "rerolls")})


@st.composite
def patches(draw):
    patch: dict = {}
    comps = draw(st.lists(st.sampled_from(sorted(CONTENT.companions)), max_size=5, unique=True))
    for cid in comps:
        change = draw(st.fixed_dictionaries({}, optional={"bursts": ints(Companion, "bursts"),
                                                          "fireflies": ints(Companion, "fireflies")}))
        if CONTENT.companions[cid].effect is not None:
            eff = draw(effect_change())
            if eff:
                change["effect"] = eff
        if change:
            patch.setdefault("companions", {})[cid] = change
    for aid in draw(st.lists(st.sampled_from(sorted(CONTENT.adventurers)), max_size=3, unique=True)):
        change = draw(st.fixed_dictionaries({}, optional={"bursts": ints(Adventurer, "bursts")}))
        if CONTENT.adventurers[aid].effect is not None:
            eff = draw(effect_change())
            if eff:
                change["effect"] = eff
        if change:
            patch.setdefault("adventurers", {})[aid] = change
    for sid in draw(st.lists(st.sampled_from(sorted(CONTENT.spells)), max_size=2, unique=True)):
        eff = draw(effect_change())
        if eff:
            patch.setdefault("spells", {})[sid] = {"effect": eff}
    setup = draw(st.fixed_dictionaries({}, optional={f: ints(Setup, f) for f in (
        "start_bursts", "last_player_reroll_tokens", "firefly_bonus")}))
    if setup:
        patch["setup"] = setup
    return patch


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(patch=patches(), config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**31))
def test_valid_overrides_keep_the_fast_path_and_the_reference_engine_in_agreement(patch, config, seed):
    game = game_for(((patch, "override.yaml", {}),))
    n, side, bots = config
    match = Match(n_players=n, side=side, adventurers=[-1] * n, bots=[bot_preset(b) for b in bots],
                  bot_labels=list(bots))
    cols = play_block(game, match, seed, 0, 3, record=[0, 1, 2], workers=1)
    assert len(cols["records"]) == 3
    for rec in cols["records"]:
        assert rec.content_hash == game.hash
        try:
            final = replay(game, rec)
        except ReplayError as e:
            raise AssertionError(f"patch {patch}, {n} players {side} {bots}, seed {seed} game "
                                 f"{rec.seed['game_index']}: {e}") from None
        assert final == rec.final
        # the fast path's table rows say what the replayed final state says
        scores = [p["final"] for p in final["players"]]
        g = rec.seed["game_index"]
        top = max(scores + ([final["tom"]["score"]] if rec.solo else []))   # solo (R9): Tom's too
        assert cols["games"]["top_score"][g] == top
        assert list(cols["players"]["score"][g * n:(g + 1) * n]) == scores
