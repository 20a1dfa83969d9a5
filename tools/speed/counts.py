"""counts.py SIDE GAMES: call counts per game of the heuristic bot's kernels, with numba off
(NUMBA_DISABLE_JIT=1: the kernels are Python functions, wrapped here), and the items_delta masks."""
import os, sys, collections
os.environ["NUMBA_DISABLE_JIT"] = "1"
from glowsim.content import load_game
from glowsim.fast.api import play_block
from glowsim.fast.bench import _match
import glowsim.fast.bots.heuristic as H
import glowsim.fast.bots.journeys as J
cnt = collections.Counter()
def wrap(mod, name):
    f = getattr(mod, name)
    def w(*a):
        cnt[name] += 1
        return f(*a)
    setattr(mod, name, w)
for n in ("reroll", "single_change_delta", "change_delta", "outcome_value", "pair_ev", "prep_round", "noon_value_now"):
    wrap(H, n)
from glowsim.fast.bots.values import BI_NROUTE
rl = collections.Counter()
_rw = J.route_walk
def rw(K, S, p, h, foot, routev, fpv):
    rl[int(S.bi[p, BI_NROUTE])] += 1
    return _rw(K, S, p, h, foot, routev, fpv)
J.route_walk = rw
for n in ("search_province", "lose_value"):
    wrap(J, n)
# items_delta mask stats
orig = H.items_delta
masks = collections.Counter()
def idl(K, S, p, mask):
    mask = int(mask)
    masks[bin(mask).count("1"), mask.bit_length()] += 1
    return orig(K, S, p, mask)
H.items_delta = idl
side = sys.argv[1]; n = int(sys.argv[2])
play_block(load_game(), _match(side, "heuristic"), 1, 0, n, workers=1, tables=())
for k, v in cnt.most_common():
    print(f"{k:22s} {v / n:8.1f} per game")
tot = sum(masks.values())
print("items_delta calls/game", tot / n, "mean set bits", sum(a * c for (a, b), c in masks.items()) / tot, "mean length", sum(b * c for (a, b), c in masks.items()) / tot)

print("route lengths", sorted(rl.items()))
