"""Bot parameter vectors: names, meanings, presets.

A bot is a float64 vector; scenarios tune it by name
(``bot: {preset: heuristic, params: {w_footprint: 1.5}}``).  The same kernels
play every preset; the vector decides how.  The fast path's kernels and the reference
engine's heuristic bot read the same vector (pure Python here, so the engine never
imports the fast path; the kernels embed the ``BP_*`` indices, so this file is part of
the compiled kernels' cache key, glowsim/fast/jit.py).
"""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from ..errors import UserError

PARAMS = [
    # name,            heuristic, meaning
    ("random",          0.0, "1: every decision uniformly random among the legal ones (preset `random`)"),
    ("plan",            1.0, "0: greedy one-step rules (preset `greedy`); 1: planning heuristic"),
    ("w_footprint",     1.3, "value of one footprint token, in bursts"),
    ("w_firefly",       1.0, "scale of the firefly value (the R8 bonus needs fireflies >= companions)"),
    ("w_token",         1.6, "value of one reroll token kept, in bursts"),
    ("w_future",        0.8, "weight of a companion's trigger value in the rounds still to come"),
    ("w_journey",       1.0, "weight of journey progress (villages, islands) in every valuation"),
    ("track_margin",    0.6, "expected gain above the score points spent needed to pay a track reroll"),
    ("reroll_margin",   0.05, "expected gain needed to spend a free (Lumipili) reroll"),
    ("black_penalty",   2.0, "cost of drafting the black die (curse risk), in bursts"),
    ("w_small_dice",    1.0, "weight of this round's small dice in the draft"),
    ("fp_reserve",      0.0, "footprints the mover keeps back for village costs"),
    ("track_floor",     0.0, "never pay score-track rerolls below this score"),
    ("w_pair",          1.0, "rerolling two dice with one reroll: 0 never, 1 gain taken as the sum of the "
                             "single gains, 2 exact expected gain (slower)"),
    # appended last: the indices of the parameters above stay those of older vectors
    ("search_nodes",    160.0, "spaces the province journey search may enter per search (a whole number "
                               "1..10000); more: stronger and slower"),
    # the search bot (preset `rollout`, glowsim/fast/forks/searchplay.py): the other parameters
    # are its base bot's
    ("rollout_budget",  0.0, "continuations per legal row at each searched decision with two rows or more "
                             "(0: no search, the base bot decides; fast path only)"),
    ("rollout_options", 0.0, "legal rows a search evaluates at most (0: all, up to 64; else the base bot's "
                             "choice and the next rows in legal order)"),
    ("rollout_decisions", 1.0, "the decisions the search bot searches, a sum of 1 (recruit picks), "
                               "2 (rerolls) and 4 (moves); 1: recruit picks only"),
    # the learned policy (preset `master`, docs/bots.md): the decisions it takes, then one weight
    # per feature of a legal row (LEARNED_FEATURES), appended after these
    ("learned",         0.0, "the decisions the learned policy takes, a sum of 1 (recruit picks), "
                             "2 (rerolls), 4 (Archipelago moves) and 8 (recruit picks of Dawn games); "
                             "0: none (the heuristic decides)"),
]
# the learned policy's features of a legal row (docs/bots.md): decision -> ((name, weight in the
# `heuristic` preset's vector, meaning), ...).  A row's score is the sum of weight x feature in
# this order, weights named <prefix>_<name>; the default weights score rows as the heuristic
# values them (so `learned` > 0 with them plays close to the heuristic).  "_early" features are
# the feature times the share of the game still to come after this round (rounds after / rounds)
LEARNED_FEATURES = {
    "lr": (   # RECRUIT: each legal row (space, where Kaar moves the black die)
        ("keep", 1.0, "the companion's keep value: its worth held to the end (printed bursts and "
                      "fireflies, its triggers in the rounds after this one, its powers), in bursts"),
        ("die", 1.0, "a Sketal's large die: w_future x rounds after x its value a round, 0 without"),
        ("noon", 1.0, "this round's expected noon value of the player's items and the companion with "
                      "the space's small dice (and a Sketal's die), in bursts"),
        ("footprints", 1.3, "footprint tokens on the space"),
        ("dice", 0.3, "small dice on the space"),
        ("black", -2.0, "1 when the row takes the black die (curse risk), else 0"),
        ("bursts", 0.0, "the companion's printed bursts"),
        ("fireflies", 0.0, "the companion's printed fireflies"),
        ("trig_bursts", 0.0, "bursts its trigger is expected to give in the rounds after this one "
                             "(rounds after x expected triggers a round x bursts per trigger)"),
        ("trig_footprints", 0.0, "footprints its trigger is expected to give in the rounds after this one"),
        ("trig_fireflies", 0.0, "fireflies its trigger is expected to give in the rounds after this one"),
        ("trig_tokens", 0.0, "reroll tokens its trigger is expected to give in the rounds after this one"),
        ("keep_early", 0.0, "keep x the share of the game after this round"),
        ("noon_early", 0.0, "noon x the share of the game after this round"),
        ("footprints_early", 0.0, "footprints x the share of the game after this round"),
        ("dice_early", 0.0, "dice x the share of the game after this round"),
        ("deny", 0.0, "the companion's printed worth (bursts + 1.5 x fireflies) x the share of the "
                      "other players still to pick this round"),
        ("kaar_move", 0.0, "a Kaar row moving the black die: the printed worth of the companion on "
                           "the space it lands on (0 for an empty space), else 0"),
        ("deny_next", 0.0, "the companion's keep value to the next player to pick this round (its "
                           "cards and dice, this player's parameters), 0 for the last to pick"),
        ("keep_arch", 0.0, "keep on the Archipelago, 0 on the Province"),
        ("noon_arch", 0.0, "noon on the Archipelago, 0 on the Province"),
        ("footprints_arch", 0.0, "footprints on the Archipelago, 0 on the Province"),
        ("dice_arch", 0.0, "dice on the Archipelago, 0 on the Province"),
    ),
    "lq": (   # REROLL: each legal row (stop, reroll one die or two, set a face)
        ("gain", 1.0, "expected change of the heuristic's value of the dice (noon items, sixth faces, "
                      "journey): a rerolled die's mean over its faces, a pair's two summed, a set "
                      "face's change; 0 to stop"),
        ("gain_early", 0.0, "gain x the share of the game after this round"),
        ("lumipili", -0.05, "Lumipili rerolls spent"),
        ("tokens", -1.0, "reroll tokens spent, each at the heuristic's value of a token kept "
                         "(w_token while rounds follow, 0.1 in the last)"),
        ("tokens_early", 0.0, "tokens x the share of the game after this round"),
        ("steps", -0.6, "score-track rerolls spent"),
        ("points", -1.0, "score points those track rerolls cost"),
        ("points_early", 0.0, "points x the share of the game after this round"),
        ("points_lead", 0.0, "points x the player's lead: (its score - the best other score) / 25, "
                             "within -1..1"),
        ("pair", 0.0, "1 for a reroll of two dice"),
        ("set", 0.0, "1 for setting a face with three rerolls"),
        ("gain_arch", 0.0, "gain on the Archipelago, 0 on the Province"),
        ("points_arch", 0.0, "points on the Archipelago, 0 on the Province"),
    ),
    "lm": (   # ARCHI_MOVE: each legal row (a boat from an island to a neighbour; no move: all 0)
        ("bursts", 1.0, "the islands' bursts gained: the destination's minus the boat's island's"),
        ("spent", -1.0, "footprints paid, each at the heuristic's value of a footprint (w_footprint "
                        "while rounds follow, 1 in the last)"),
        ("gains", 1.0, "the destination's gains (bursts, footprints, fireflies, tokens, a loss) "
                       "valued as the heuristic values them"),
        ("gain_footprints", 0.0, "footprints the destination gives"),
        ("gain_fireflies", 0.0, "fireflies the destination gives"),
        ("gain_tokens", 0.0, "reroll tokens the destination gives"),
        ("journey", 1.0, "the islands' potential gained: the best island still reachable in the "
                         "rounds left, discounted per move (destination's minus the boat's island's)"),
        ("bursts_early", 0.0, "bursts x the share of the game after this round"),
        ("spent_early", 0.0, "spent x the share of the game after this round"),
        ("journey_early", 0.0, "journey x the share of the game after this round"),
    ),
}
# the recruit features whose products (each pair, each one squared; the black die's 0/1 not
# squared) follow the features above: ("<a>_x_<b>", 0.0, "<a> x <b>"), in LR_PAIRS order
LR_PRODUCTS = ("keep", "die", "noon", "footprints", "dice", "trig_bursts", "trig_footprints",
               "trig_tokens", "bursts", "fireflies", "deny_next", "black")
_LR_BASE = [f[0] for f in LEARNED_FEATURES["lr"]]
LR_PAIRS = tuple((_LR_BASE.index(a), _LR_BASE.index(b))
                 for i, a in enumerate(LR_PRODUCTS) for b in LR_PRODUCTS[i:]
                 if not (a == b == "black"))
NLR_BASE = len(_LR_BASE)                  # recruit features a row's products are taken of
LEARNED_FEATURES["lr"] += tuple(
    (f"{_LR_BASE[i]}_x_{_LR_BASE[j]}", 0.0, f"{_LR_BASE[i]} x {_LR_BASE[j]}") for i, j in LR_PAIRS)
# the recruit picks of a Dawn game (docs/rules.md D1-D18): the parts of the Dawn planner's offer
# value (glowsim/fast/bots/dawnplan.py offer_value), each in bursts as the planner values it with
# the vector's parameters, then terms it sums with fixed weights or leaves out.  With the default
# weights a row scores the planner's offer value, summed in the planner's order
LEARNED_FEATURES["ld"] = (   # RECRUIT in a Dawn game of 2-6 players: each legal row
    ("keep", 1.0, "the companion's keep value over Dawn's dice and cards (its worth held to the "
                  "end), in bursts"),
    ("die", 1.0, "a Sketal's large die: w_future x rounds after x what the die adds to the "
                 "player's items a round, 0 without"),
    ("items", 1.0, "this round's expected noon of the player's adventurer and companions (and the "
                   "pool's burst and footprint faces) with the space's small dice and a Sketal's die"),
    ("noon", 1.0, "the companion's own part of this round's noon with the same dice"),
    ("footprints", 1.0, "footprint tokens on the space, at w_footprint"),
    ("dice", 1.0, "small dice on the space, at 0.3 x w_small_dice"),
    ("black", -1.0, "black_penalty when the row takes the black die (curse risk), else 0"),
    ("bursts", 0.0, "the companion's printed bursts"),
    ("fireflies", 0.0, "the companion's printed fireflies"),
    ("triggers", 0.0, "its expected applications in the rounds after this one (rounds after x "
                      "expected applications a round)"),
    ("butterflies", 0.0, "butterfly tokens those applications draw (D14)"),
    ("exchanges", 0.0, "butterfly tokens those applications exchange (D14)"),
    ("cost", 0.0, "tokens those applications cost (D7), whatever the resource"),
    ("elements", 0.0, "triggers of an `elements` trigger (D6), else 0"),
    ("discard", 0.0, "triggers of an effect that discards (D13), else 0"),
    ("keep_early", 0.0, "keep x the share of the game after this round"),
    ("items_early", 0.0, "items x the share of the game after this round"),
    ("footprints_early", 0.0, "footprints x the share of the game after this round"),
    ("dice_early", 0.0, "dice x the share of the game after this round"),
    ("keep_crowd", 0.0, "keep x the players beyond 4"),
    ("footprints_crowd", 0.0, "footprints x the players beyond 4"),
    ("dice_crowd", 0.0, "dice x the players beyond 4"),
    ("deny", 0.0, "the companion's printed worth (bursts + 1.5 x fireflies) x the share of the "
                  "other players still to pick this round"),
    ("kaar_move", 0.0, "a Kaar row moving the black die: the printed worth of the companion on "
                       "the space it lands on (0 for an empty space), else 0"),
    ("keep_arch", 0.0, "keep on the Archipelago, 0 on the Province"),
    ("items_arch", 0.0, "items on the Archipelago, 0 on the Province"),
    ("footprints_arch", 0.0, "footprints on the Archipelago, 0 on the Province"),
)
# the Dawn recruit features whose products (each pair, each one squared; black, 0 or
# black_penalty, not squared: that is black times a constant) follow them
LD_PRODUCTS = ("keep", "die", "items", "noon", "footprints", "dice", "black", "triggers")
_LD_BASE = [f[0] for f in LEARNED_FEATURES["ld"]]
LD_PAIRS = tuple((_LD_BASE.index(a), _LD_BASE.index(b))
                 for i, a in enumerate(LD_PRODUCTS) for b in LD_PRODUCTS[i:]
                 if not (a == b == "black"))
NLD_BASE = len(_LD_BASE)
LEARNED_FEATURES["ld"] += tuple(
    (f"{_LD_BASE[i]}_x_{_LD_BASE[j]}", 0.0, f"{_LD_BASE[i]} x {_LD_BASE[j]}") for i, j in LD_PAIRS)
# the decisions of `learned`: name -> its bit
LEARNED_BITS = {"recruit": 1, "reroll": 2, "move": 4, "dawn": 8}
_LEARNED_DECISION = {"lr": "recruit", "lq": "reroll", "lm": "Archipelago move",
                     "ld": "Dawn recruit"}
PARAMS += [(f"{prefix}_{name}", w, f"learned {_LEARNED_DECISION[prefix]} weight of: {meaning}")
           for prefix, feats in LEARNED_FEATURES.items() for name, w, meaning in feats]
PARAM_NAMES = tuple(p[0] for p in PARAMS)
NPARAM = len(PARAMS)
(BP_RANDOM, BP_PLAN, BP_W_FOOT, BP_W_FIRE, BP_W_TOKEN, BP_W_FUTURE, BP_W_JOURNEY, BP_TRACK_MARGIN,
 BP_REROLL_MARGIN, BP_BLACK_PENALTY, BP_W_SMALL, BP_FP_RESERVE, BP_TRACK_FLOOR, BP_W_PAIR,
 BP_SEARCH_NODES, BP_ROLL_BUDGET, BP_ROLL_OPTIONS, BP_ROLL_DECISIONS, BP_LEARNED) = range(19)
NLR = len(LEARNED_FEATURES["lr"])         # recruit features, weights from BP_LR
NLQ = len(LEARNED_FEATURES["lq"])         # reroll features, weights from BP_LQ
NLM = len(LEARNED_FEATURES["lm"])         # Archipelago move features, weights from BP_LM
NLD = len(LEARNED_FEATURES["ld"])         # Dawn recruit features, weights from BP_LD
BP_LR = BP_LEARNED + 1
BP_LQ = BP_LR + NLR
BP_LM = BP_LQ + NLQ
BP_LD = BP_LM + NLM
assert NPARAM == BP_LD + NLD

# allowed values of every parameter: name -> (lowest, highest, whole number only).  Every
# value is finite; the bounds keep every sum the kernels form finite and every count they
# truncate to an integer small (a NaN, an infinity or 1e308 is refused where a vector enters:
# scenario bot parsing, preset files, tune output, Match).  Flags are read as "> 0.5", w_pair
# at 0.5 and 1.5, fp_reserve and track_floor are truncated to whole numbers.
WEIGHT_LIMIT = 1000.0
PARAM_RANGES = {
    "random": (0.0, 1.0, False),
    "plan": (0.0, 1.0, False),
    "w_footprint": (-WEIGHT_LIMIT, WEIGHT_LIMIT, False),
    "w_firefly": (-WEIGHT_LIMIT, WEIGHT_LIMIT, False),
    "w_token": (-WEIGHT_LIMIT, WEIGHT_LIMIT, False),
    "w_future": (-WEIGHT_LIMIT, WEIGHT_LIMIT, False),
    "w_journey": (-WEIGHT_LIMIT, WEIGHT_LIMIT, False),
    "track_margin": (-WEIGHT_LIMIT, WEIGHT_LIMIT, False),
    "reroll_margin": (-WEIGHT_LIMIT, WEIGHT_LIMIT, False),
    "black_penalty": (-WEIGHT_LIMIT, WEIGHT_LIMIT, False),
    "w_small_dice": (-WEIGHT_LIMIT, WEIGHT_LIMIT, False),
    "fp_reserve": (0.0, 100.0, False),
    "track_floor": (-WEIGHT_LIMIT, WEIGHT_LIMIT, False),
    "w_pair": (0.0, 2.0, False),
    "search_nodes": (1.0, 10000.0, True),
    "rollout_budget": (0.0, 4096.0, True),
    "rollout_options": (0.0, 64.0, True),
    "rollout_decisions": (1.0, 7.0, True),
    "learned": (0.0, 15.0, True),
}
PARAM_RANGES.update({n: (-WEIGHT_LIMIT, WEIGHT_LIMIT, False) for n in PARAM_NAMES[BP_LR:]})
assert tuple(PARAM_RANGES) == PARAM_NAMES, "every parameter has a range"
# parameters that take whole numbers only: name -> (lowest, highest)
WHOLE_RANGES = {n: (int(lo), int(hi)) for n, (lo, hi, whole) in PARAM_RANGES.items() if whole}

_HEURISTIC = np.array([p[1] for p in PARAMS], np.float64)


def _preset(**changes) -> np.ndarray:
    v = _HEURISTIC.copy()
    for k, x in changes.items():
        v[PARAM_NAMES.index(k)] = x
    return v


PRESETS = {
    "heuristic": _preset(),
    "greedy": _preset(plan=0.0),
    "random": _preset(random=1.0, plan=0.0),
    # the heuristic's kernels with a tuned vector: glowsim tune --self-play on
    # scenarios/tune-expert.yaml (the commands are there), values rounded to 3 decimals
    "expert": _preset(w_footprint=0.986, w_firefly=0.393, w_token=1.843, w_future=1.399,
                      w_journey=0.445, track_margin=0.739, reroll_margin=-0.095,
                      black_penalty=2.187, w_small_dice=0.772, fp_reserve=2.0),
}
# the search bot: `expert` decides everything but its recruit picks (rollout_decisions 1), which
# it searches by 16 continuations per legal row, every seat of a continuation played by `expert`
PRESETS["rollout"] = PRESETS["expert"].copy()
PRESETS["rollout"][BP_ROLL_BUDGET] = 16.0
ROLLOUT_PARAMS = ("rollout_budget", "rollout_options", "rollout_decisions")
# the learned policy's model: a preset file of the package (glowsim/data/master.yaml: its base
# preset, the weights, the version and how it was trained; docs/bots.md)
MODEL_FILE = Path(__file__).resolve().parent.parent / "data" / "master.yaml"


def read_model(path=MODEL_FILE) -> dict:
    """The model file as a mapping: version, base (a preset), params (by name), trained."""
    import yaml
    with open(path, encoding="utf-8") as f:
        data = yaml.safe_load(f)
    if not isinstance(data, dict) or data.get("base") not in PRESETS or not isinstance(data.get("params"), dict):
        raise ValueError(f"{path}: a model file holds version, base (a preset), params and trained")
    return data


def model_vector(data: dict) -> np.ndarray:
    """The parameter vector of a model file's mapping: its base preset with its params on top."""
    v = PRESETS[data["base"]].copy()
    for k, x in data["params"].items():
        v[PARAM_NAMES.index(k)] = float(x)
    check_vector(v, "the learned model")
    return v


# the decisions a search bot can search: name -> its bit in rollout_decisions
SEARCHED = {"recruit": 1, "reroll": 2, "move": 4}


def decisions_value(names) -> float:
    """rollout_decisions of a list of decision names (SEARCHED); a UserError names what is
    allowed."""
    if isinstance(names, str) or not names:
        raise UserError(f"decisions: a list of one or more of {', '.join(SEARCHED)}")
    bits = 0
    for n in names:
        if n not in SEARCHED:
            raise UserError(f"decisions: {n!r} is not a decision the search bot searches; "
                            f"allowed: {', '.join(SEARCHED)}")
        bits |= SEARCHED[n]
    return float(bits)


def decision_names(value) -> list[str]:
    """The decision names of a rollout_decisions value."""
    return [n for n, b in SEARCHED.items() if int(value) & b]


def searches(vec) -> bool:
    """Whether a parameter vector is a search bot's (rollout_budget > 0): only the fast path
    plays it (its continuations are fast-path forks)."""
    return float(np.asarray(vec, np.float64)[BP_ROLL_BUDGET]) > 0.5


def base_of(vec) -> np.ndarray:
    """The base bot of a vector: its search parameters off."""
    v = np.asarray(vec, np.float64).copy()
    v[BP_ROLL_BUDGET] = 0.0
    v[BP_ROLL_OPTIONS] = 0.0
    v[BP_ROLL_DECISIONS] = _HEURISTIC[BP_ROLL_DECISIONS]
    return v


def allowed(name: str) -> str:
    """The allowed values of parameter `name`, as a message says them."""
    lo, hi, whole = PARAM_RANGES[name]
    return f"a whole number {lo:g}..{hi:g}" if whole else f"a number {lo:g}..{hi:g}"


def param_problem(name: str, value) -> str:
    """Why `value` is not allowed for parameter `name` ("" when it is): a real number (not a
    boolean, not NaN or infinite) within the parameter's range, whole where it must be."""
    if name not in PARAM_RANGES:
        return f"unknown bot parameter; allowed: {', '.join(PARAM_NAMES)}"
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        return f"{value!r} is not a number; allowed: {allowed(name)}"
    lo, hi, whole = PARAM_RANGES[name]
    x = float(value)
    if not (math.isfinite(x) and lo <= x <= hi and (not whole or x == int(x))):
        return f"{x:g} is not allowed; allowed: {allowed(name)}"
    return ""


def check_vector(vec, where: str) -> None:
    """Raise a UserError naming `where` when the vector is not NPARAM numbers each in its range."""
    v = np.asarray(vec)
    if v.shape != (NPARAM,) or v.dtype.kind not in "iuf":
        raise UserError(f"{where}: a bot is {NPARAM} numbers ({', '.join(PARAM_NAMES)})")
    for i, name in enumerate(PARAM_NAMES):
        why = param_problem(name, float(v[i]))
        if why:
            raise UserError(f"{where}: bot parameter {name}: {why}")


def preset_name(name: str) -> str:
    """The preset of a bot name: the name itself, or the part before the colon of a search
    bot named with the decisions it searches (``rollout:recruit+reroll+move``)."""
    return name.partition(":")[0]


def bot_preset(name: str, **params: float) -> np.ndarray:
    """The parameter vector of a named preset, with some parameters changed by name.  A
    search bot's name may add the decisions it searches after a colon, joined by ``+``
    (``rollout:recruit+reroll+move``: rollout_decisions 7)."""
    if ":" in name:
        base, _, kinds = name.partition(":")
        if base not in PRESETS or not searches(PRESETS[base]):
            raise UserError(f"bot {name!r}: only the search bot ({', '.join(p for p in PRESETS if searches(PRESETS[p]))}) "
                            f"names decisions after a colon")
        params = {"rollout_decisions": decisions_value(kinds.split("+")), **params}
        name = base
    if name not in PRESETS:
        raise UserError(f"unknown bot preset {name!r}; allowed: {', '.join(PRESETS)}")
    v = PRESETS[name].copy()
    for k, x in params.items():
        if k not in PARAM_NAMES:
            raise UserError(f"unknown bot parameter {k!r}; allowed: {', '.join(PARAM_NAMES)}")
        why = param_problem(k, x)
        if why:
            raise UserError(f"bot parameter {k}: {why}")
        v[PARAM_NAMES.index(k)] = float(x)
    return v


def describe() -> list[tuple[str, float, str]]:
    return [(n, float(d), m) for n, d, m in PARAMS]


# the learned policy's preset (docs/bots.md): `expert`'s vector with the trained weights
if MODEL_FILE.is_file():
    PRESETS["master"] = model_vector(read_model())
